"""Serializers of the clubs API (the error shapes every API view answers with are `base.api`'s)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from clubs import validators
from clubs.models import Club, Gender, Invitation, Membership, Player, Role

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
        fields = [
            "slug",
            "name",
            "city",
            "is_public",
            "public_live_matches",
            "table_codes",
            "created_at",
            "role",
        ]
        read_only_fields = fields


class ClubCreateSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["name", "slug", "city", "is_public", "public_live_matches"]
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
        fields = ["name", "city", "is_public", "public_live_matches", "table_codes"]
        extra_kwargs = {"name": {"validators": [validators.name_validator]}}


# Players -----------------------------------------------------------------------------------------


class PlayerSerializer(serializers.ModelSerializer):
    """A player. `gender` only for the club's members: the view passes
    `context={"show_gender": permissions.can_see_gender(user, club)}`; without it the answer
    leaves the field out (the schema lists it, not required)."""

    gender = serializers.ChoiceField(
        choices=Gender.choices,
        required=False,  # absent for anyone who is not a member of the club
        help_text=_("Only for the club's members; absent for anyone else."),
    )

    class Meta:
        model = Player
        fields = ["id", "name", "is_guest", "gender", "created_at"]
        read_only_fields = fields

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not self.context.get("show_gender"):
            del data["gender"]
        return data


class PlayerWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, validators=[validators.player_name_validator])
    is_guest = serializers.BooleanField(required=False)
    gender = serializers.ChoiceField(
        choices=Gender.choices,
        required=False,
        help_text=_("Optional: the Italian pages agree with it (sballato, sballata)."),
    )


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
