"""The Burraco hand form (`Burraco.hand_form`): how the hand ended, one choice that also says
which line closed; then, per line (NS and EO, or the two players of a 1 v 1), steppers for its
burraci by type, its pozzetto as an explicit yes or no (no default: a forgotten answer is asked
for, never charged 100), its pozzetto left unplayed, and the value of its cards on the table and
in hand.

The form checks the hand as the engine will (`burraco_hands.score_hand`): a refusal stands beside
the field it names, the engine's path ("lines.EO.closed") read as the form's field ("end"), and
a hand that passes carries its preview (`preview`: base, carte and total per line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import EngineError
from scoring.engine.burraco import LINES, LineScore, score_hand, seat_lines
from scoring.engine.burraco_document import BurracoLineData, parse_burraco_hand
from scoring.engine.burraco_hands import STOPS
from scoring.engine.rules import BurracoRules, Options
from scoring.forms import NUMERIC, EntryForm

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from scoring.services import MatchError

# How a hand ends, after the two closings ("NS", "EO": that line closed).
OTHER_ENDS: list[tuple[str, StrOrPromise]] = [
    ("tallone", pgettext_lazy("burraco end", "Tallone (stock used up)")),
    ("time_out", pgettext_lazy("burraco end", "Time called")),
    ("stallo", pgettext_lazy("burraco end", "Stallo")),
    ("arbitral", pgettext_lazy("burraco end", "Chiusura arbitrale")),
]
YES_NO: list[tuple[str, StrOrPromise]] = [
    ("yes", pgettext_lazy("answer", "Yes")),
    ("no", pgettext_lazy("answer", "No")),
]
# The burraci a line enters, and the rule option without which a type is not counted.
BURRACO_TYPES: list[tuple[str, StrOrPromise, str | None]] = [
    ("puliti", _("Puliti"), None),
    ("semipuliti", _("Semipuliti"), "bonus_semipulito"),
    ("sporchi", _("Sporchi"), None),
    ("reali", _("Reali"), "bonus_reale"),
]
NUMBER = {**NUMERIC, "class": "points", "step": "5"}


class BurracoHandEntry(TypedDict):
    """A Burraco hand as the form gives it: the match document's, without "type"."""

    end: str
    lines: dict[str, BurracoLineData]
    type: NotRequired[str]


def line_names(seats: Sequence[tuple[int, str]]) -> dict[str, tuple[str, ...]]:
    """The players of each line, from the seats in play (seat order)."""
    return seat_lines([name for _seat, name in sorted(seats)])


def line_label(line: str, players: Sequence[str]) -> str:
    """ "NS (Anna, Carla)": a line by its name and its players'."""
    return f"{line} ({', '.join(players)})"


def form_field(path: str | None) -> str | None:
    """The form's field for the engine's field path: "end" for how it ended and who closed,
    "melded_NS" for "lines.NS.melded"; None for the two lines together or a whole line."""
    if not path:
        return None
    if path == "end":
        return "end"
    parts = path.split(".")
    if len(parts) != 3 or parts[0] != "lines":
        return None
    _lines, line, key = parts
    return "end" if key == "closed" else f"{key}_{line}"


class BurracoHandForm(EntryForm):
    """A Burraco hand: how it ended and what each line did (module docstring)."""

    preview: dict[str, LineScore] | None = None

    def __init__(
        self, *args, game: str, rules: Options, seats: Sequence[tuple[int, str]], **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = rules
        self.seats = list(seats)
        self.lines = line_names(self.seats)
        self.asks_penalty = rules.get("pozzetto_penalty_on_stop") == "ask"
        self.fields["end"] = forms.ChoiceField(
            label=_("How did the hand end?"),
            choices=[
                *((line, gettext("%(line)s closed") % {"line": line}) for line in LINES),
                *OTHER_ENDS,
            ],
            widget=forms.RadioSelect,
            error_messages={"required": _("Choose who closed, or how the hand ended.")},
        )
        for line in LINES:
            self._add_line_fields(line)

    def _add_line_fields(self, line: str) -> None:
        said = {"line": line}
        for key, label, option in BURRACO_TYPES:
            if option is None or self.rules.get(option) is not None:
                self.fields[f"{key}_{line}"] = forms.IntegerField(
                    label=label,
                    min_value=0,
                    max_value=15,
                    required=False,
                    widget=forms.NumberInput(attrs={**NUMERIC, "class": "stepper", "min": "0"}),
                )
        self.fields[f"pozzetto_taken_{line}"] = forms.ChoiceField(
            label=_("Pozzetto taken?"),
            choices=YES_NO,
            widget=forms.RadioSelect,
            error_messages={"required": gettext("Say whether %(line)s took its pozzetto.") % said},
        )
        if self.asks_penalty:
            self.fields[f"pozzetto_penalty_{line}"] = forms.ChoiceField(
                label=_("Pays the pozzetto penalty?"),
                choices=YES_NO,
                widget=forms.RadioSelect,
                required=False,
            )
        self.fields[f"pozzetto_unplayed_{line}"] = forms.IntegerField(
            label=_("Pozzetto unplayed"),
            min_value=0,
            required=False,
            widget=forms.TextInput(attrs=NUMBER),
        )
        self.fields[f"melded_{line}"] = forms.IntegerField(
            label=_("Cards on the table"),
            min_value=0,
            widget=forms.TextInput(attrs=NUMBER),
            error_messages={
                "required": gettext("Enter the value of the cards %(line)s melded.") % said
            },
        )
        self.fields[f"in_hand_{line}"] = forms.IntegerField(
            label=_("Cards in hand"),
            min_value=0,
            widget=forms.TextInput(attrs=NUMBER),
            error_messages={
                "required": gettext("Enter the value of the cards %(line)s holds in hand.") % said
            },
        )

    @property
    def stops_play(self) -> bool:
        """The hand as typed ended with play stopped (time, stallo, the arbiter): the only ends
        where the scorer says whether a line pays the pozzetto penalty (BURRACO.md section 1)."""
        return self["end"].value() in STOPS

    @property
    def line_rows(self) -> list[dict[str, Any]]:
        """Each line's fields, for the template: NS first. The pozzetto penalty's question is
        there only when the rules leave it to the scorer, and shown only when play was stopped
        (`stops`: the ends that show it, for the page's script)."""
        rows = []
        stops = " ".join(sorted(STOPS))
        for line in LINES:
            players = self.lines[line]
            rows.append(
                {
                    "line": line,
                    "label": line_label(line, players),
                    "players": ", ".join(players),
                    "burraci": [
                        self[f"{key}_{line}"]
                        for key, _label, _option in BURRACO_TYPES
                        if f"{key}_{line}" in self.fields
                    ],
                    "pozzetto_taken": self[f"pozzetto_taken_{line}"],
                    "pozzetto_penalty": (
                        self[f"pozzetto_penalty_{line}"] if self.asks_penalty else None
                    ),
                    "penalty_shown": self.stops_play,
                    "stops": stops,
                    # the card values, the ones of every hand first
                    "values": [
                        self[f"{key}_{line}"] for key in ("melded", "in_hand", "pozzetto_unplayed")
                    ],
                    "preview": self.preview.get(line) if self.preview else None,
                }
            )
        return rows

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        if self.errors:
            return cleaned
        try:
            rules = BurracoRules.from_dict(self.rules)
            assert isinstance(rules, BurracoRules)  # from_dict builds its own class
            self.preview = score_hand(rules, parse_burraco_hand(0, self.to_data()))
        except EngineError as error:
            self.add_engine_error(error, error.translated(gettext))
        return cleaned

    def add_engine_error(self, error: EngineError | MatchError, text: str) -> None:
        """A refusal beside the form's field for the engine's path, or at the top."""
        field = form_field(error.field)
        self.add_error(field if field in self.fields else None, text)

    def add_refusal(self, error: MatchError, text: str) -> None:
        if form_field(error.field) in self.fields:
            self.add_engine_error(error, text)
        else:
            super().add_refusal(error, text)

    def to_data(self) -> BurracoHandEntry:
        """The hand in the match document format, without "type"."""
        cleaned = self.cleaned_data
        end = cleaned["end"]
        closer = end if end in LINES else None
        lines: dict[str, BurracoLineData] = {}
        for line in LINES:
            taken = cleaned[f"pozzetto_taken_{line}"] == "yes"
            data: BurracoLineData = {
                "pozzetto_taken": taken,
                "melded": cleaned[f"melded_{line}"],
                "in_hand": cleaned[f"in_hand_{line}"],
            }
            if closer == line:
                data["closed"] = True
            for key, _label, _option in BURRACO_TYPES:
                if count := cleaned.get(f"{key}_{line}"):
                    data[key] = count  # type: ignore[literal-required]  # one of the counts
            if unplayed := cleaned.get(f"pozzetto_unplayed_{line}"):
                data["pozzetto_unplayed"] = unplayed
            penalty = cleaned.get(f"pozzetto_penalty_{line}")
            if not taken and end in STOPS and self.asks_penalty and penalty:
                data["pozzetto_penalty"] = penalty == "yes"
            lines[line] = data
        return {"end": "closing" if closer else end, "lines": lines}

    @staticmethod
    def initial_from(
        data: Mapping[str, Any], seats: Sequence[tuple[int, str]]
    ) -> dict[str, object]:
        """Form values showing a recorded hand (for a correction)."""
        lines = data.get("lines") or {}
        end = data.get("end")
        initial: dict[str, object] = {"end": end}
        for line in LINES:
            values = lines.get(line) or {}
            if end == "closing" and values.get("closed"):
                initial["end"] = line
            for key, _label, _option in BURRACO_TYPES:
                initial[f"{key}_{line}"] = values.get(key, 0)
            if "pozzetto_taken" in values:
                initial[f"pozzetto_taken_{line}"] = "yes" if values["pozzetto_taken"] else "no"
            if "pozzetto_penalty" in values:
                initial[f"pozzetto_penalty_{line}"] = "yes" if values["pozzetto_penalty"] else "no"
            initial[f"pozzetto_unplayed_{line}"] = values.get("pozzetto_unplayed") or None
            initial[f"melded_{line}"] = values.get("melded")
            initial[f"in_hand_{line}"] = values.get("in_hand")
        return initial
