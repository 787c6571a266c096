"""The forms of the club pages. The rules (unique names, the last owner) are the services';
their refusals (`ClubError`) go back on the form next to the field they name
(`base.errors.on_form`)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.models import Gender, Role


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, validators=[validators.name_validator])
    city = forms.CharField(label=_("City"), max_length=120, required=False)
    is_public = forms.BooleanField(
        label=_("Public"),
        required=False,
        help_text=_("Anyone may see the finished matches and the players of a public club."),
    )
    public_live_matches = forms.BooleanField(
        label=_("Matches live to the public"),
        required=False,
        help_text=_(
            "A public club only: anyone may follow its matches in progress, live and read-only, "
            "without the names of who entered the hands."
        ),
    )
    table_codes = forms.BooleanField(
        label=_("Table codes on club nights"),
        required=False,
        help_text=_(
            "Every match started gets a short code beside the QR code of its score sheet: a "
            "phone that scans or types it enters that match's hands, without an account. "
            "Tournaments always use table codes."
        ),
    )


class PlayerForm(forms.Form):
    name = forms.CharField(
        label=_("New player's name"),
        max_length=80,
        validators=[validators.player_name_validator],
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    gender = forms.ChoiceField(
        label=_("Gender"),
        choices=Gender.choices,
        initial=Gender.UNSPECIFIED,
        required=False,
        help_text=_("Optional: the Italian pages agree with it (sballato, sballata)."),
    )

    def clean_gender(self) -> str:
        return self.cleaned_data.get("gender") or Gender.UNSPECIFIED


class PlayerEditForm(PlayerForm):
    """A player's name and gender, as the owner corrects them."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = _("Name")


class PlayerGenderForm(forms.Form):
    """A player's gender alone, as a director sets it (the name is the owner's)."""

    gender = PlayerForm.base_fields["gender"]

    def clean_gender(self) -> str:
        return self.cleaned_data.get("gender") or Gender.UNSPECIFIED


class MemberInviteForm(forms.Form):
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


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
