"""A Burraco hand in the match document (`scoring.engine.document` calls this module):

    {"type": "hand", "end": "closing",
     "lines": {"NS": {"closed": true, "puliti": 1, "sporchi": 1, "pozzetto_taken": true,
                      "melded": 385, "in_hand": 15},
               "EO": {"sporchi": 1, "pozzetto_taken": true, "pozzetto_unplayed": 110,
                      "melded": 240, "in_hand": 80}}}

- `end`: "closing", "tallone", "time_out", "stallo" or "arbitral".
- `lines`: both lines, "NS" and "EO". A line's keys: `pozzetto_taken` (true/false, required),
  `melded` and `in_hand` (whole numbers, required), `puliti`, `semipuliti`, `sporchi`, `reali`
  (whole numbers, default 0), `closed` (default false), `pozzetto_unplayed` (default 0),
  `pozzetto_penalty` (true/false: the scorer's say on a stopped hand, rule `ask`).
- Extension: a line may give a card value as cards, `"cards": {"in_hand": "JK 2c As"}` (keys
  `melded`, `in_hand`, `pozzetto_unplayed`), counted with Burraco's values (`cards.count_points`);
  not both a number and cards for the same value. `dump_burraco_hand` writes numbers.

Parsing is strict (an unknown key or a value of the wrong type is refused, `field` a path such as
"lines.NS.melded"); what the rules refuse (BURRACO.md section 1) is checked by `replay`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict

from .burraco_hands import BURRACO_COUNTS, CARD_VALUES, ENDS, LINES
from .cards import count_points
from .errors import EngineError
from .errors import gettext_noop as _
from .events import BurracoHand, BurracoLine

HAND_KEYS = ("type", "end", "lines")
LINE_KEYS = (
    "closed",
    *BURRACO_COUNTS,
    "pozzetto_taken",
    *CARD_VALUES,
    "pozzetto_penalty",
    "cards",
)


class BurracoLineData(TypedDict):
    """What one line did in a hand (defaults: no burraci, not closed, nothing unplayed)."""

    pozzetto_taken: bool
    melded: int
    in_hand: int
    closed: NotRequired[bool]
    puliti: NotRequired[int]
    semipuliti: NotRequired[int]
    sporchi: NotRequired[int]
    reali: NotRequired[int]
    pozzetto_unplayed: NotRequired[int]
    pozzetto_penalty: NotRequired[bool]
    cards: NotRequired[dict[str, str]]  # value name -> cards, read on parsing only


class BurracoHandData(TypedDict):
    """A hand of Burraco: how it ended (ENDS) and what each line ("NS", "EO") did."""

    type: Literal["hand"]
    end: str
    lines: dict[str, BurracoLineData]


def parse_burraco_hand(index: int, data: Mapping[str, object]) -> BurracoHand:
    """The Burraco hand of the event `index` of a document, or `EngineError` (event `index`)."""
    _refuse_unknown_keys(index, data, HAND_KEYS, field=None)
    end = data.get("end")
    if end not in ENDS:
        raise EngineError(
            _("%(end)s is not how a hand ends: closing, tallone, time_out, stallo or arbitral."),
            event=index,
            field="end",
            params={"end": end},
        )
    lines = data.get("lines")
    if not isinstance(lines, Mapping):
        raise EngineError(
            _('lines must be an object with the two lines, {"NS": {...}, "EO": {...}}.'),
            event=index,
            field="lines",
        )
    for name in lines:
        if name not in LINES:
            raise EngineError(
                _("%(line)s is not a line: the lines are NS and EO."),
                event=index,
                field="lines",
                params={"line": name},
            )
    for name in LINES:
        if name not in lines:
            raise EngineError(
                _("The hand has no line %(line)s: give what both lines did."),
                event=index,
                field=f"lines.{name}",
                params={"line": name},
            )
    return BurracoHand(
        end=str(end), lines={name: _line(index, name, lines[name]) for name in LINES}
    )


def _line(index: int, name: str, data: object) -> BurracoLine:
    path = f"lines.{name}"
    if not isinstance(data, Mapping):
        raise EngineError(
            _(
                'A line must be an object, e.g. {"pozzetto_taken": true, "melded": 120, '
                '"in_hand": 30}.'
            ),
            event=index,
            field=path,
        )
    _refuse_unknown_keys(index, data, LINE_KEYS, field=path)
    if "pozzetto_taken" not in data:
        raise EngineError(
            _("Say whether %(line)s took its pozzetto."),
            event=index,
            field=f"{path}.pozzetto_taken",
            params={"line": name},
        )
    flags = {key: _flag(index, name, data, key) for key in ("closed", "pozzetto_taken")}
    penalty = data.get("pozzetto_penalty")
    if penalty is not None:
        penalty = _flag(index, name, data, "pozzetto_penalty")
    counts = {key: _number(index, name, data.get(key, 0), key) for key in BURRACO_COUNTS}
    values = _card_values(index, name, data)
    return BurracoLine(
        melded=values["melded"],
        in_hand=values["in_hand"],
        pozzetto_taken=flags["pozzetto_taken"],
        closed=flags["closed"],
        pozzetto_unplayed=values["pozzetto_unplayed"],
        pozzetto_penalty=penalty,
        **counts,
    )


def _card_values(index: int, name: str, data: Mapping[str, object]) -> dict[str, int]:
    """`melded`, `in_hand` and `pozzetto_unplayed`, as numbers or counted from `cards`."""
    path = f"lines.{name}"
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        raise EngineError(
            _('cards must be an object of values and cards, e.g. {"in_hand": "JK 2c As"}.'),
            event=index,
            field=f"{path}.cards",
        )
    _refuse_unknown_keys(index, cards, CARD_VALUES, field=f"{path}.cards")
    values: dict[str, int] = {}
    for key in CARD_VALUES:
        if key in cards:
            if key in data:
                raise EngineError(
                    _("%(line)s has both %(key)s and its cards; give only one of them."),
                    event=index,
                    field=f"{path}.cards",
                    params={"line": name, "key": key},
                )
            values[key] = _counted(index, f"{path}.cards", cards[key])
        elif key in data or key == "pozzetto_unplayed":
            values[key] = _number(index, name, data.get(key, 0), key)
        else:
            raise EngineError(
                _("%(line)s needs %(key)s: the value of its cards (0 if none)."),
                event=index,
                field=f"{path}.{key}",
                params={"line": name, "key": key},
            )
    return values


def _counted(index: int, field: str, cards: object) -> int:
    if not isinstance(cards, str):
        raise EngineError(_("Write the cards as text, e.g. 8h Kd JK."), event=index, field=field)
    try:
        return count_points("burraco", cards, field=field)
    except EngineError as error:
        raise error.at_event(index) from None


def _flag(index: int, name: str, data: Mapping[str, object], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise EngineError(
            _("%(line)s: %(key)s must be true or false."),
            event=index,
            field=f"lines.{name}.{key}",
            params={"line": name, "key": key},
        )
    return value


def _number(index: int, name: str, value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(
            _("%(line)s: %(key)s must be a whole number."),
            event=index,
            field=f"lines.{name}.{key}",
            params={"line": name, "key": key},
        )
    return value


def _refuse_unknown_keys(
    index: int, data: Mapping[str, object], allowed: tuple[str, ...], *, field: str | None
) -> None:
    for key in data:
        if key not in allowed:
            raise EngineError(
                _("Unknown key %(key)s in this event; the keys are: %(keys)s."),
                event=index,
                field=str(key) if field is None else f"{field}.{key}",
                params={"key": key, "keys": ", ".join(allowed)},
            )


def dump_burraco_hand(hand: BurracoHand) -> BurracoHandData:
    """The document's data of `hand`: numbers, and only the keys that differ from their default
    (`pozzetto_taken`, `melded` and `in_hand` always)."""
    return {
        "type": "hand",
        "end": hand.end,
        "lines": {name: _dump_line(line) for name, line in hand.lines.items()},
    }


def _dump_line(line: BurracoLine) -> BurracoLineData:
    data: BurracoLineData = {
        "pozzetto_taken": bool(line.pozzetto_taken),
        "melded": line.melded,
        "in_hand": line.in_hand,
    }
    if line.closed:
        data["closed"] = True
    if line.puliti:
        data["puliti"] = line.puliti
    if line.semipuliti:
        data["semipuliti"] = line.semipuliti
    if line.sporchi:
        data["sporchi"] = line.sporchi
    if line.reali:
        data["reali"] = line.reali
    if line.pozzetto_unplayed:
        data["pozzetto_unplayed"] = line.pozzetto_unplayed
    if line.pozzetto_penalty is not None:
        data["pozzetto_penalty"] = line.pozzetto_penalty
    return data
