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
from scoring.forms import NUMERIC, EntryForm, cards_field, counted_cards

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
# The fields with a box of their own for their refusals (the others': under how it ended).
BOXED = (
    *(f"{key}_" for key, _label, _option in BURRACO_TYPES),
    *("pozzetto_unplayed_", "melded_", "in_hand_", "cards_"),
)
OWN_FIELDS = ("idempotency_key", "based_on", "accept_revision", "expected_version", "reason")
NUMBER = {**NUMERIC, "class": "points", "step": "5"}
# The values of a line's cards that the card-counting helper may count (BURRACO.md section 0).
COUNTED_VALUES: list[tuple[str, StrOrPromise]] = [
    ("melded", _("Cards on the table")),
    ("in_hand", _("Cards in hand")),
]


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
    # Set once every field passed its own checks and the engine checked the hand (`clean`).
    engine_checked = False

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
        # the two values of every hand: a number, or the cards counted by the helper
        for key, label in COUNTED_VALUES:
            self.fields[f"{key}_{line}"] = forms.IntegerField(
                label=label, min_value=0, required=False, widget=forms.TextInput(attrs=NUMBER)
            )
            self.fields[f"cards_{key}_{line}"] = cards_field("JK 2c As 7h")

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
                    # the card values, the ones of every hand first, each with its cards
                    "values": [
                        {
                            "field": self[f"{key}_{line}"],
                            "cards": self[f"cards_{key}_{line}"]
                            if f"cards_{key}_{line}" in self.fields
                            else None,
                        }
                        for key in ("melded", "in_hand", "pozzetto_unplayed")
                    ],
                    "preview": self.preview.get(line) if self.preview else None,
                }
            )
        return rows

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        for line in LINES:
            for key, _label in COUNTED_VALUES:
                self._count_value(line, key)
        if self.errors:
            return cleaned
        self.engine_checked = True
        try:
            rules = BurracoRules.from_dict(self.rules)
            assert isinstance(rules, BurracoRules)  # from_dict builds its own class
            self.preview = score_hand(rules, parse_burraco_hand(0, self.to_data()))
        except EngineError as error:
            self.add_engine_error(error, error.translated(gettext))
        return cleaned

    def live_errors(self) -> tuple[dict[str, list[str]], list[str]]:
        """The refusals of the hand as it is typed (the preview, `_burraco_preview.html`): by
        the id of each line's steppers, values and cards (the box under each), and the rest
        (how it ended, the pozzetto, the whole hand) for the box under how it ended. A field
        left empty is not refused while the hand is typed: that waits for "Record the hand"."""
        boxes: dict[str, list[str]] = {}
        others: list[str] = []
        for name in self.fields:
            if name in OWN_FIELDS:
                continue
            bound = self[name]
            shown = self.engine_checked or self.data.get(name, "") != ""
            errors = [str(error) for error in bound.errors] if shown else []
            if name.startswith(BOXED):
                boxes[bound.auto_id] = errors
            else:
                others += errors
        return boxes, [*others, *(str(error) for error in self.non_field_errors())]

    def _count_value(self, line: str, key: str) -> None:
        """A card value of `line` typed as a number or as cards (counted in its place); one of
        them, not both."""
        cleaned = self.cleaned_data
        field, cards = f"{key}_{line}", f"cards_{key}_{line}"
        counted = counted_cards(self, self.game, self.rules, cards)
        if field in self.errors or cards in self.errors:
            return
        if cleaned.get(field) is not None and counted is not None:
            self.add_error(cards, _("Give the points or the cards, not both."))
        elif counted is not None:
            cleaned[field] = counted
        elif cleaned.get(field) is None:
            said = {"line": line}
            self.add_error(
                field,
                gettext("Enter the value of the cards %(line)s melded.") % said
                if key == "melded"
                else gettext("Enter the value of the cards %(line)s holds in hand.") % said,
            )

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
