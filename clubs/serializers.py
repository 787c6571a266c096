"""Serializers of the clubs API, and the error shapes every API view answers with."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from clubs import validators
from clubs.models import Club, Invitation, Membership, Player, Role

# Error shapes ------------------------------------------------------------------------------------


class FieldErrorsSerializer(serializers.Serializer):
    """DRF's validation errors: every field at fault with its messages,
    `{"name": ["The club already has a player called Anna."]}`; errors about the request as a whole
    come under "non_field_errors". A field made of parts (a list, a mapping) has its parts' errors
    by index or key instead: `{"places": {"Anna": ["..."]}}`. Only describes the shape, for the
    schema."""


class FieldErrorsExtension(OpenApiSerializerExtension):
    target_class = FieldErrorsSerializer

    def map_serializer(self, auto_schema, direction):
        return {
            "type": "object",
            "description": FieldErrorsSerializer.__doc__.replace("\n", " "),
            "additionalProperties": {
                "anyOf": [
                    {"type": "array", "items": {"type": "string"}},
                    # a list's or mapping's field: its parts' errors, by index or key
                    {"type": "object"},
                ]
            },
            "example": {"name": ["This field is required."]},
        }


class DetailSerializer(serializers.Serializer):
    """A refusal that concerns no field: not logged in, no permission, not found."""

    detail = serializers.CharField()


# Clubs -------------------------------------------------------------------------------------------


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.ChoiceField(
        choices=Role.choices,
        read_only=True,
        allow_null=True,
        source="my_role",
        help_text=_("Your role in the club; null when you are not a member."),
    )

    class Meta:
        model = Club
        fields = ["slug", "name", "city", "is_public", "created_at", "role"]
        read_only_fields = fields


class ClubCreateSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["name", "slug", "city", "is_public"]
        extra_kwargs = {
            "name": {"validators": [validators.name_validator]},
            "slug": {
                "required": False,
                "help_text": _("The club's address in URLs; made from the name when left out."),
            },
        }


class ClubUpdateSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["name", "city", "is_public"]
        extra_kwargs = {"name": {"validators": [validators.name_validator]}}


# Players -----------------------------------------------------------------------------------------


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "is_guest", "created_at"]
        read_only_fields = fields


class PlayerWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, validators=[validators.player_name_validator])
    is_guest = serializers.BooleanField(required=False)


# Members -----------------------------------------------------------------------------------------


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["username", "role", "created_at"]
        read_only_fields = fields


class MembershipCreateSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150,
        help_text=_(
            "The username to invite. They become a member when they accept; the answer is the "
            "same whether or not the username has an account."
        ),
    )
    role = serializers.ChoiceField(choices=Role.choices)


# Invitations -------------------------------------------------------------------------------------


class InvitationSerializer(serializers.ModelSerializer):
    """A pending invitation of the club, as its owner sees it."""

    invited_by = serializers.CharField(
        source="invited_by.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Invitation
        fields = ["username", "role", "status", "invited_by", "created_at"]
        read_only_fields = fields


class MyInvitationSerializer(serializers.ModelSerializer):
    """An invitation to the logged-in user, with the club it comes from."""

    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)
    invited_by = serializers.CharField(
        source="invited_by.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Invitation
        fields = ["club", "club_name", "role", "invited_by", "created_at"]
        read_only_fields = fields


class MembershipUpdateSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)
