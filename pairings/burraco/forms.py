"""The forms of a Burraco tournament's console."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError


class PairsForm(forms.Form):
    """Pairs pasted one a line, "Anna Rossi / Bruno Bianchi", and whether they are here."""

    pairs = forms.CharField(
        label=_("Pairs, one a line"),
        widget=forms.Textarea(
            attrs={
                "rows": 8,
                "autocomplete": "off",
                "spellcheck": "false",
                "placeholder": "Anna Rossi / Bruno Bianchi",
            }
        ),
        help_text=_(
            'Two names a line with "/" between. A club player\'s name enters that player, any '
            "other name a guest. A line refused, and nobody is entered."
        ),
    )
    check_in = forms.BooleanField(label=_("They are here and have paid"), required=False)

    def lines(self) -> list[str]:
        return [line for line in self.cleaned_data["pairs"].splitlines() if line.strip()]

    def add_refusal(self, error: ServiceError, text: str) -> None:
        """Every reason the service gave, beside the list."""
        for refusal in error.refusals():
            self.add_error("pairs", refusal.message)
