"""The forms of the club pages. The rules (unique names, the last owner) are the services';
their refusals (`ClubError`) go back on the form next to the field they name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.models import Role
from clubs.services import ClubError


class ClubErrorMixin:
    def add_club_error(self, error: ClubError) -> None:
        field = error.field if error.field in self.fields else None
        self.add_error(field, error.message)


class ClubForm(ClubErrorMixin, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, validators=[validators.name_validator])
    city = forms.CharField(label=_("City"), max_length=120, required=False)
    is_public = forms.BooleanField(
        label=_("Public"),
        required=False,
        help_text=_("Anyone may see the finished matches and the players of a public club."),
    )


class PlayerForm(ClubErrorMixin, forms.Form):
    name = forms.CharField(
        label=_("New player's name"),
        max_length=80,
        validators=[validators.player_name_validator],
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class MemberInviteForm(ClubErrorMixin, forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        help_text=_(
            "They see the invitation on their home page and become a member when they accept it."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
    )
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.SCOREKEEPER)


class MemberRoleForm(ClubErrorMixin, forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
