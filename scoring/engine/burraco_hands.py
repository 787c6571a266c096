"""One Burraco hand on its own (BURRACO.md sections 0 and 1): `score_hand` checks a hand against
the rules, refusing it as section 1 says, and scores each line's *base* and *carte* (a preview
needs nothing more). The match the hands make is `scoring.engine.burraco`.

A refusal names the field at fault as a path into the hand of the match document: "end", "lines"
(the two lines together), "lines.EO" (a line missing), "lines.NS.melded" (one value of a line).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import EngineError
from .errors import gettext_noop as _
from .events import BurracoHand, BurracoLine
from .rules import BurracoRules

LINES = ("NS", "EO")
TIME_OUT = "time_out"  # a hand stopped by the time call: in a turno, the last one
ENDS = ("closing", "tallone", TIME_OUT, "stallo", "arbitral")
# The ends where play was stopped: the pozzetto penalty follows `pozzetto_penalty_on_stop`.
STOPS = frozenset({"time_out", "stallo", "arbitral"})
BURRACO_COUNTS = ("puliti", "semipuliti", "sporchi", "reali")
CARD_VALUES = ("melded", "in_hand", "pozzetto_unplayed")
STEP = 5  # every card is worth 5, 10, 15, 20 or 30
# Two packs of 54 cards: 108 cards worth 1080 (4 x 30 + 8 x 20 + 8 x 15 + 48 x 10 + 40 x 5); a
# burraco holds 7 or more cards of 5 or more, so at most 15 of them and each worth 35 or more.
ALL_CARDS_VALUE = 1080
MOST_BURRACI = 15
BURRACO_LEAST_VALUE = 35
# A pozzetto is 11 cards: 11 x 5 at the least, 4 jokers and 7 pinelle at the most.
POZZETTO_LEAST, POZZETTO_MOST = 55, 260


@dataclass(frozen=True, slots=True)
class LineScore:
    """What a hand gives one line, in the parts of the score slip.

    `base` = `burraci` (the bonuses of its burraci) + `closing` (its closing bonus) -
    `pozzetto_penalty` (charged for a pozzetto not taken) - `pozzetto_unplayed`;
    `carte` = `melded` - `in_hand`; `total` = `base` + `carte`.
    """

    burraci: int
    closing: int
    pozzetto_penalty: int
    pozzetto_unplayed: int
    melded: int
    in_hand: int

    @property
    def base(self) -> int:
        return self.burraci + self.closing - self.pozzetto_penalty - self.pozzetto_unplayed

    @property
    def carte(self) -> int:
        return self.melded - self.in_hand

    @property
    def total(self) -> int:
        return self.base + self.carte


def score_hand(rules: BurracoRules, hand: BurracoHand) -> dict[str, LineScore]:
    """Check `hand` against `rules` and score it: each line's `LineScore`, NS first.

    Raises `EngineError` without an event index (the caller adds it) naming the field at fault.
    The checks do not depend on the state of the match.
    """
    if hand.end not in ENDS:
        raise EngineError(
            _("%(end)s is not how a hand ends: closing, tallone, time_out, stallo or arbitral."),
            field="end",
            params={"end": hand.end},
        )
    lines = _checked_lines(hand.lines)
    for name, line in lines.items():
        _check_line(rules, name, line)
    _check_closing(rules, hand.end, lines)
    charged = {name: _penalty_charged(rules, hand.end, name, line) for name, line in lines.items()}
    for name, line in lines.items():
        _check_melded(name, line)
    _check_the_cards(lines)
    return {name: _line_score(rules, line, charged[name]) for name, line in lines.items()}


def _line_score(rules: BurracoRules, line: BurracoLine, charged: bool) -> LineScore:
    burraci = (
        rules.bonus_pulito * line.puliti
        + (rules.bonus_semipulito or 0) * line.semipuliti
        + rules.bonus_sporco * line.sporchi
        + (rules.bonus_reale or 0) * line.reali
    )
    return LineScore(
        burraci=burraci,
        closing=rules.bonus_closing if line.closed else 0,
        pozzetto_penalty=rules.pozzetto_penalty if charged else 0,
        pozzetto_unplayed=line.pozzetto_unplayed,
        melded=line.melded,
        in_hand=line.in_hand,
    )


def _checked_lines(lines: Mapping[str, BurracoLine]) -> dict[str, BurracoLine]:
    """The two lines, NS first; refuses a missing line or one that is neither NS nor EO."""
    for name in lines:
        if name not in LINES:
            raise EngineError(
                _("%(line)s is not a line: the lines are NS and EO."),
                field="lines",
                params={"line": name},
            )
    for name in LINES:
        if name not in lines:
            raise EngineError(
                _("The hand has no line %(line)s: give what both lines did."),
                field=f"lines.{name}",
                params={"line": name},
            )
    return {name: lines[name] for name in LINES}


def _check_line(rules: BurracoRules, name: str, line: BurracoLine) -> None:
    """Refusals 3 and 4 of section 1: the line's numbers, taken one by one."""
    for key in ("closed", "pozzetto_taken"):
        value = getattr(line, key)
        if value is None and key == "pozzetto_taken":
            raise EngineError(
                _("Say whether %(line)s took its pozzetto."),
                field=f"lines.{name}.pozzetto_taken",
                params={"line": name},
            )
        if not isinstance(value, bool):
            raise EngineError(
                _("%(line)s: answer yes or no."), field=f"lines.{name}.{key}", params={"line": name}
            )
    for key in BURRACO_COUNTS:
        value = getattr(line, key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise EngineError(
                _("%(line)s: a number of burraci is a whole number, 0 or more."),
                field=f"lines.{name}.{key}",
                params={"line": name},
            )
    if line.semipuliti and rules.bonus_semipulito is None:
        raise EngineError(
            _("These rules do not count the burraco semipulito: enter it as sporco."),
            field=f"lines.{name}.semipuliti",
        )
    if line.reali and rules.bonus_reale is None:
        raise EngineError(
            _("These rules do not count the burraco reale: enter it as pulito."),
            field=f"lines.{name}.reali",
        )
    for key in CARD_VALUES:
        _check_value(name, key, getattr(line, key))
    _check_pozzetto_unplayed(name, line)


def _check_value(name: str, key: str, value: object) -> None:
    field = f"lines.{name}.{key}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(
            _("%(line)s: write the value of the cards as a whole number."),
            field=field,
            params={"line": name},
        )
    if value < 0:
        raise EngineError(
            _("%(line)s: %(value)s is below 0; the value of cards is 0 or more."),
            field=field,
            params={"line": name, "value": value},
        )
    if value % STEP:
        raise EngineError(
            _(
                "%(line)s: %(value)s is not a multiple of 5: every card is worth 5, 10, 15, "
                "20 or 30."
            ),
            field=field,
            params={"line": name, "value": value},
        )


def _check_pozzetto_unplayed(name: str, line: BurracoLine) -> None:
    unplayed = line.pozzetto_unplayed
    if not unplayed:
        return
    field = f"lines.{name}.pozzetto_unplayed"
    if not line.pozzetto_taken:
        raise EngineError(
            _("%(line)s did not take its pozzetto, so it cannot have left it unplayed."),
            field=field,
            params={"line": name},
        )
    if not POZZETTO_LEAST <= unplayed <= POZZETTO_MOST:
        raise EngineError(
            _(
                "An unplayed pozzetto holds 11 cards, worth %(least)s to %(most)s: "
                "%(value)s cannot be."
            ),
            field=field,
            params={"least": POZZETTO_LEAST, "most": POZZETTO_MOST, "value": unplayed},
        )


def _check_closing(rules: BurracoRules, end: str, lines: dict[str, BurracoLine]) -> None:
    """Refusals 1 and 2 of section 1: who closed, and whether that line could."""
    closers = [name for name, line in lines.items() if line.closed]
    if end != "closing":
        if closers:
            raise EngineError(
                _("Only a hand that ended with a closing has a line that closed."),
                field=f"lines.{closers[0]}.closed",
            )
        return
    if not closers:
        raise EngineError(_("The hand ended with a closing: say which line closed."), field="end")
    if len(closers) > 1:
        raise EngineError(_("Only one line closes a hand."), field=f"lines.{closers[1]}.closed")
    name = closers[0]
    line = lines[name]
    field = f"lines.{name}.closed"
    if rules.closing_needs_pulito and not (line.puliti or line.reali):
        raise EngineError(
            _("%(line)s closed without a burraco pulito: these rules need one to close."),
            field=field,
            params={"line": name},
        )
    if not line.burraci:
        raise EngineError(
            _("%(line)s closed without a burraco."), field=field, params={"line": name}
        )
    if not line.pozzetto_taken:
        raise EngineError(
            _("%(line)s closed without taking its pozzetto."), field=field, params={"line": name}
        )


def _penalty_charged(rules: BurracoRules, end: str, name: str, line: BurracoLine) -> bool:
    """Whether the line pays `pozzetto_penalty` (section 0, "Pozzetto not taken"); refuses the
    scorer's say where the rules decide, and its absence where they ask for it."""
    asked = not line.pozzetto_taken and end in STOPS and rules.pozzetto_penalty_on_stop == "ask"
    field = f"lines.{name}.pozzetto_penalty"
    if not asked:
        if line.pozzetto_penalty is not None:
            raise EngineError(
                _("The rules decide the pozzetto penalty of %(line)s in this hand: leave it out."),
                field=field,
                params={"line": name},
            )
        if line.pozzetto_taken:
            return False
        return end not in STOPS or rules.pozzetto_penalty_on_stop == "always"
    if not isinstance(line.pozzetto_penalty, bool):
        raise EngineError(
            _(
                "%(line)s did not take its pozzetto and play was stopped: say whether it pays "
                "the penalty."
            ),
            field=field,
            params={"line": name},
        )
    return line.pozzetto_penalty


def _check_melded(name: str, line: BurracoLine) -> None:
    """Refusal 5 of section 1, for one line: a burraco is 7 cards worth 5 or more."""
    least = BURRACO_LEAST_VALUE * line.burraci
    if line.melded < least:
        raise EngineError(
            _(
                "%(line)s melded %(count)s burraci, worth %(least)s or more, but its cards on "
                "the table are worth %(value)s."
            ),
            field=f"lines.{name}.melded",
            params={"line": name, "count": line.burraci, "least": least, "value": line.melded},
        )


def _check_the_cards(lines: dict[str, BurracoLine]) -> None:
    """Refusal 5 of section 1, for both lines: what 108 cards can hold."""
    burraci = sum(line.burraci for line in lines.values())
    if burraci > MOST_BURRACI:
        raise EngineError(
            _("The two lines hold %(count)s burraci; 108 cards make at most 15."),
            field="lines",
            params={"count": burraci},
        )
    value = sum(line.melded + line.in_hand + line.pozzetto_unplayed for line in lines.values())
    if value > ALL_CARDS_VALUE:
        raise EngineError(
            _("The cards of the hand add up to %(value)s; the 108 cards are worth 1080 in all."),
            field="lines",
            params={"value": value},
        )
