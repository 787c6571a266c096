"""The director's form of a VP table: its name and hand count (`VpTableForm`), and its bands, a
row each (`BandForm` in `band_formset`: MP from, MP to, VP to the winner, VP to the loser). The
rules of a table are the engine's, asked by the service; the form only reads numbers, and puts
the service's refusal beside the band it names (`VpTableForm.add_refusal`)."""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import TYPE_CHECKING

from django import forms
from django.forms import BaseFormSet, formset_factory
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from clubs import validators
from pairings.vptables.selectors import ShownVpTable
from pairings.vptables.services import BAND_KEYS, NAME_LENGTH

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SPARE_ROWS = 3  # empty rows below the bands, to add some
NEW_TABLE_ROWS = 12
BAND_FIELD = re.compile(r"^bands\.(?P<band>\d+)\.(?P<key>\w+)$")
NUMBER = {"inputmode": "numeric", "class": "vp-number"}
EMPTY_ROW = _("Band %(band)s is empty: fill it in, or leave the empty rows at the end.")


def _number(label: StrOrPromise, **attrs: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=0, widget=forms.NumberInput({**NUMBER, **attrs})
    )


class BandForm(forms.Form):
    """A band: blank altogether, it is no band; MP to blank, the band is open (the last)."""

    low = _number(_("MP from"), step="5")
    high = _number(_("MP to"), step="5")
    winner = _number(_("VP winner"))
    loser = _number(_("VP loser"))

    def clean(self) -> dict:
        data = super().clean() or {}
        if self.is_blank():
            return data
        for key in ("low", "winner", "loser"):
            if data.get(key) is None and key not in self.errors:
                self.add_error(key, _("Fill in the band's %(what)s.") % {"what": self[key].label})
        return data

    def is_blank(self) -> bool:
        return all(self.data.get(self.add_prefix(key), "") == "" for key in BAND_KEYS)


def band_formset(data=None, table: ShownVpTable | None = None) -> BaseFormSet:
    """The rows of `table`'s bands and a few empty ones (a new table: 12 empty rows). A posted
    form is read without them: every row typed is validated, whatever it was before."""
    shown = table is not None and data is None
    initial = [asdict(band) for band in table.bands] if shown else []  # type: ignore[union-attr]
    extra = SPARE_ROWS if initial else NEW_TABLE_ROWS
    formset_class = formset_factory(BandForm, extra=extra)
    return formset_class(data, initial=initial, prefix="band")


class VpTableForm(forms.Form):
    """The table's name and hand count, with its bands (`self.bands`, a formset)."""

    name = forms.CharField(
        label=_("Name"), max_length=NAME_LENGTH, validators=[validators.name_validator]
    )
    hands = forms.IntegerField(
        label=_("Hands per turno"),
        min_value=1,
        max_value=12,
        help_text=_("The number of hands (smazzate) of a turno this table is for."),
    )
    for_teams = forms.BooleanField(
        label=_("For team matches"),
        required=False,
        help_text=_(
            "A team match adds up its two tables: a team tournament's turni use only such a "
            "table, and pairs never do."
        ),
    )

    def __init__(self, data=None, *, table: ShownVpTable | None = None) -> None:
        initial = (
            None
            if table is None
            else {"name": table.name, "hands": table.hands, "for_teams": table.for_teams}
        )
        super().__init__(data, initial=initial)
        self.bands = band_formset(data, table)
        self.band_rows: list[int] = []

    def is_valid(self) -> bool:
        valid = super().is_valid()
        return self.bands.is_valid() and self._no_blank_row_inside() and valid

    def _no_blank_row_inside(self) -> bool:
        """A blank row between bands would make the rows' numbers and the bands' differ."""
        blank = [form.is_blank() for form in self.bands.forms]
        last = max((index for index, empty in enumerate(blank) if not empty), default=-1)
        inside = [index for index in range(last) if blank[index]]
        for index in inside:
            self.bands.forms[index].add_error(None, EMPTY_ROW % {"band": index + 1})
        return not inside

    def band_values(self) -> list[dict]:
        """The rows typed, blank rows left out, in order (`band_rows`: their indexes)."""
        rows = [
            (index, form.cleaned_data)
            for index, form in enumerate(self.bands.forms)
            if not form.is_blank()
        ]
        self.band_rows = [index for index, _data in rows]
        return [{key: data.get(key) for key in BAND_KEYS} for _index, data in rows]

    def add_refusal(self, error: ServiceError, text: str) -> None:
        """A refusal naming a band ("bands.8.low") goes beside that band's field."""
        match = BAND_FIELD.match(error.field or "")
        if match and int(match["band"]) <= len(self.band_rows):
            row = self.bands.forms[self.band_rows[int(match["band"]) - 1]]
            row.add_error(match["key"] if match["key"] in BAND_KEYS else None, text)
            return
        self.add_error(error.field if error.field in self.fields else None, text)
