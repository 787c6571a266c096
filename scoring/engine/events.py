"""The events of a match, as plain frozen dataclasses.

A match is its players in seat order and an ordered list of these events (RULES.md section 0).
Player references are the players' names as given to `replay`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType


def _frozen_mapping(value: Mapping[str, int] | None) -> Mapping[str, int]:
    return MappingProxyType(dict(value or {}))


@dataclass(frozen=True)
class Hand:
    """A Scala 40 or Ramino hand: who closed, how, and the points of every other player in play.

    `points` maps each opponent still in play to the points left in their hand (whole numbers >= 0).
    `not_opened` names opponents who had not opened (Scala 40's flat penalty, when set).
    `closing` is the Ramino closing kind; Scala 40 ignores it and requires "normal".
    """

    closer: str
    points: Mapping[str, int] = field(default_factory=dict)
    in_hand: bool = False
    not_opened: frozenset[str] = frozenset()
    closing: str = "normal"

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _frozen_mapping(self.points))
        object.__setattr__(self, "not_opened", frozenset(self.not_opened))


@dataclass(frozen=True)
class GinHand:
    """A Gin Rummy hand.

    `result` is one of "knock", "gin", "big_gin", "dead". For all but "dead" it names the `knocker`
    and the `deadwood` of both players (the knocker's after melding, the defender's after laying
    off). `upcard` is the first upturned card, required in Oklahoma (e.g. "7h", "10s", "As").
    """

    result: str
    knocker: str | None = None
    deadwood: Mapping[str, int] = field(default_factory=dict)
    upcard: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "deadwood", _frozen_mapping(self.deadwood))


@dataclass(frozen=True)
class BurracoLine:
    """What one line (NS or EO) did in a Burraco hand (BURRACO.md section 0).

    `puliti`, `semipuliti`, `sporchi`, `reali`: the burraci of each type it melded. `closed`: it
    closed the hand. `pozzetto_taken`: it took its pozzetto (required: None means not said).
    `pozzetto_unplayed`: the card value of a pozzetto taken and never played. `pozzetto_penalty`:
    the scorer's say on a hand stopped by time, stalemate or the arbiter (rule `ask`) for a line
    that did not take its pozzetto; None elsewhere. `melded` / `in_hand`: the value of its cards
    on the table / still held (with the cards the arbiter penalised).
    """

    melded: int
    in_hand: int
    pozzetto_taken: bool | None
    puliti: int = 0
    semipuliti: int = 0
    sporchi: int = 0
    reali: int = 0
    closed: bool = False
    pozzetto_unplayed: int = 0
    pozzetto_penalty: bool | None = None

    @property
    def burraci(self) -> int:
        return self.puliti + self.semipuliti + self.sporchi + self.reali


@dataclass(frozen=True)
class BurracoHand:
    """A Burraco hand (smazzata): how it ended (`end`, one of `burraco_hands.ENDS`) and what each
    line did, by line ("NS", "EO"). It names no player: the lines are the scoring unit."""

    end: str
    lines: Mapping[str, BurracoLine] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", MappingProxyType(dict(self.lines)))


@dataclass(frozen=True)
class Reentry:
    """An eliminated player comes back (rientro), right after the hand that eliminated them."""

    player: str


@dataclass(frozen=True)
class Withdraw:
    """A player leaves the match: out for good at their current total (Gin: loses the game)."""

    player: str


@dataclass(frozen=True)
class TimeCall:
    """The director ends the match now; players are ranked by their current totals."""


Event = Hand | GinHand | BurracoHand | Reentry | Withdraw | TimeCall


def renamed_event(event: Event, names: Mapping[str, str]) -> Event:
    """`event` with its players renamed (`names`: old name -> new name), whatever its game."""
    if isinstance(event, Hand):
        return replace(
            event,
            closer=names[event.closer],
            points={names[name]: points for name, points in event.points.items()},
            not_opened=frozenset(names[name] for name in event.not_opened),
        )
    if isinstance(event, GinHand):
        return replace(
            event,
            knocker=names[event.knocker] if event.knocker is not None else None,
            deadwood={names[name]: points for name, points in event.deadwood.items()},
        )
    if isinstance(event, Reentry | Withdraw):
        return replace(event, player=names[event.player])
    return event  # a time call, or a Burraco hand (it names lines, not players)


def hand_numbers(kinds: Sequence[str]) -> tuple[int | None, ...]:
    """The number of each event of a match as players count it: hands are numbered 1, 2, 3... in
    order (a voided hand keeps its number, so `kinds` lists every event, voided ones included);
    a re-entry, a withdrawal or a time call falls between hands and has no number (None)."""
    numbers: list[int | None] = []
    hands = 0
    for kind in kinds:
        if kind == "hand":
            hands += 1
            numbers.append(hands)
        else:
            numbers.append(None)
    return tuple(numbers)
