"""One Gin Rummy hand on its own (RULES.md section 3): `score_hand` checks a hand against the
rules and scores it (a preview needs nothing more), and `parse_upcard` reads an Oklahoma upcard.
The games and the match they make are `scoring.engine.gin`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, NoReturn

from .errors import EngineError
from .errors import gettext_noop as _
from .events import GinHand
from .rules import GinRules

RESULTS = ("knock", "gin", "big_gin", "dead")
_RANK_VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(face): face for face in range(2, 11)}
_SUITS = ("s", "h", "d", "c")
_MAX_DEADWOOD = GinRules.max_deadwood


# --- Upcards --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Upcard:
    """An Oklahoma upcard.

    `rank` is "A", "2"-"10", "J", "Q" or "K"; `suit` is "s", "h", "d" or "c"; `value` is the
    card's Gin value, which is the Oklahoma knock limit: ace 1, 2-10 their face, J/Q/K 10.
    """

    rank: str
    suit: str
    value: int

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"

    @property
    def is_spade(self) -> bool:
        return self.suit == "s"

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


# Every spelling in lower case -> its card: 52 entries, looked up once per Oklahoma hand.
_UPCARDS = {
    f"{rank}{suit}".lower(): Upcard(rank, suit, value)
    for rank, value in _RANK_VALUES.items()
    for suit in _SUITS
}


def parse_upcard(text: object) -> Upcard:
    """Read an upcard such as "7h", "10s", "As" or "kd" (case-insensitive, no joker).

    Surrounding spaces are ignored. Anything else raises `EngineError` with field "upcard".
    """
    card = _UPCARDS.get(text.strip().lower()) if isinstance(text, str) else None
    if card is None:
        raise EngineError(
            _(
                "%(card)s is not a card: write a rank (A, 2-10, J, Q, K) and a suit "
                "(s, h, d, c), such as 7h."
            ),
            field="upcard",
            params={"card": text},
        )
    return card


# --- One hand -------------------------------------------------------------------------------


class HandScore(NamedTuple):
    """What a hand that was not dead gives (a named tuple: it is built once per hand).

    `winner` wins the hand and scores `points` (bonuses and the Oklahoma spade doubling included,
    boxes not). `box_to` earns `boxes` boxes (1, or 2 for a doubled spade hand with
    `spade_doubles_boxes`).
    """

    result: str
    knocker: str
    winner: str
    points: int
    box_to: str
    boxes: int

    @property
    def outcome(self) -> str:
        """What the hand was: "gin", "big_gin", "knock" (won by the knocker) or "undercut" (a
        knock won by the defender)."""
        return "undercut" if self.winner != self.knocker else self.result


def score_hand(rules: GinRules, players: Sequence[str], hand: GinHand) -> HandScore | None:
    """Check `hand` against `rules` and score it; None for a dead hand (nothing counts).

    Raises `EngineError` without an event index (the caller adds it) naming the field at fault.
    The checks do not depend on the state of the match: a hand valid in one match is valid at
    any point of another match with the same rules and players.
    """
    result = hand.result
    if result not in RESULTS:
        raise EngineError(
            _("%(result)s is not a Gin result: use knock, gin, big_gin or dead."),
            field="result",
            params={"result": result},
        )
    upcard = None
    if hand.upcard is not None or rules.variant == "oklahoma":
        upcard = _checked_upcard(rules, hand)
    if result == "dead":
        _check_dead(hand)
        return None
    bonus = _gin_bonus(rules, result)
    ace_forbids_knock = upcard is not None and upcard.is_ace and rules.ace_upcard == "gin_only"
    if result == "knock" and ace_forbids_knock:
        raise EngineError(
            _("With an ace upcard a knock is not allowed: only gin or big gin."), field="result"
        )
    knocker, defender = _sides(players, hand.knocker)
    deadwood = hand.deadwood
    knocker_deadwood = deadwood.get(knocker)
    defender_deadwood = deadwood.get(defender)
    # Fast path for the usual well-formed entry; anything else gets the full check, which
    # explains a refusal (or accepts what the fast path does not handle, like an omitted 0).
    if not (
        len(deadwood) == 2
        and type(knocker_deadwood) is int
        and type(defender_deadwood) is int
        and 0 <= knocker_deadwood <= _MAX_DEADWOOD
        and 0 <= defender_deadwood <= _MAX_DEADWOOD
    ):
        knocker_deadwood, defender_deadwood = _checked_deadwood(players, hand, knocker, defender)
    if result == "knock":
        _check_knock(rules, upcard, knocker, knocker_deadwood)
        winner, points = _knock_score(rules, knocker, defender, knocker_deadwood, defender_deadwood)
    else:
        if knocker_deadwood != 0:
            raise EngineError(
                _("A gin leaves no deadwood: the deadwood of %(player)s must be 0."),
                field="deadwood",
                params={"player": knocker},
            )
        winner, points = knocker, defender_deadwood + bonus
    boxes = 1
    if upcard is not None and upcard.is_spade and rules.spade_doubles:
        points *= 2
        if rules.spade_doubles_boxes:
            boxes = 2
    box_to = winner if rules.box_recipient == "winner" else knocker
    return HandScore(result, knocker, winner, points, box_to, boxes)


def _gin_bonus(rules: GinRules, result: str) -> int:
    """The bonus of a gin or a big gin (0 for a knock, which has none)."""
    if result == "gin":
        return rules.gin_bonus
    if result == "big_gin":
        if rules.big_gin_bonus is None:
            raise EngineError(_("Big gin is not played with these rules."), field="result")
        return rules.big_gin_bonus
    return 0


def _sides(players: Sequence[str], knocker: object) -> tuple[str, str]:
    """The knocker and the defender; a knocker who is not one of the two is refused."""
    first, second = players
    if knocker == first:
        return first, second
    if knocker == second:
        return second, first
    _refuse_knocker(knocker)


def _checked_upcard(rules: GinRules, hand: GinHand) -> Upcard | None:
    """The parsed upcard in Oklahoma (required unless the hand is dead); refused elsewhere."""
    if rules.variant != "oklahoma":
        if hand.upcard is not None:
            raise EngineError(_("The upcard is recorded only in Oklahoma."), field="upcard")
        return None
    if hand.upcard is None:
        if hand.result == "dead":
            return None
        raise EngineError(_("Oklahoma needs the upcard of every hand."), field="upcard")
    return parse_upcard(hand.upcard)


def _check_dead(hand: GinHand) -> None:
    if hand.knocker is not None:
        raise EngineError(_("A dead hand has no knocker."), field="knocker")
    if hand.deadwood:
        raise EngineError(_("A dead hand has no deadwood."), field="deadwood")


def _refuse_knocker(knocker: object) -> NoReturn:
    if knocker is None:
        raise EngineError(
            _("The knocker is missing: name the player who closed the hand."), field="knocker"
        )
    raise EngineError(
        _("%(player)s is not a player of this match."),
        field="knocker",
        params={"player": knocker},
    )


def _checked_deadwood(
    players: Sequence[str], hand: GinHand, knocker: str, defender: str
) -> tuple[int, int]:
    """(knocker's, defender's) deadwood. A gin may leave the knocker's out: it is 0."""
    deadwood = hand.deadwood
    for name in deadwood:
        if name not in players:
            raise EngineError(
                _("%(player)s is not a player of this match."),
                field="deadwood",
                params={"player": name},
            )
    values = []
    for name in (knocker, defender):
        if name not in deadwood:
            if name == knocker and hand.result != "knock":
                values.append(0)
                continue
            raise EngineError(
                _("The deadwood of %(player)s is missing."),
                field="deadwood",
                params={"player": name},
            )
        values.append(_checked_points(name, deadwood[name]))
    return values[0], values[1]


def _checked_points(player: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EngineError(
            _("The deadwood of %(player)s must be a whole number of 0 or more."),
            field="deadwood",
            params={"player": player},
        )
    if value > _MAX_DEADWOOD:
        raise EngineError(
            _("The deadwood of %(player)s cannot be above %(maximum)s."),
            field="deadwood",
            params={"player": player, "maximum": _MAX_DEADWOOD},
        )
    return value


def _check_knock(rules: GinRules, upcard: Upcard | None, knocker: str, deadwood: int) -> None:
    if deadwood == 0:
        raise EngineError(
            _("A knock with 0 deadwood is a gin: enter it as a gin."), field="deadwood"
        )
    limit = rules.knock_limit if upcard is None else upcard.value
    if deadwood > limit:
        raise EngineError(
            _("%(player)s cannot knock with %(deadwood)s deadwood: the knock limit is %(limit)s."),
            field="deadwood",
            params={"player": knocker, "deadwood": deadwood, "limit": limit},
        )


def _knock_score(
    rules: GinRules, knocker: str, defender: str, knocker_deadwood: int, defender_deadwood: int
) -> tuple[str, int]:
    """(winner, points) of a knock, before the spade doubling."""
    if knocker_deadwood < defender_deadwood:
        return knocker, defender_deadwood - knocker_deadwood
    if knocker_deadwood > defender_deadwood or rules.undercut_on_tie:
        return defender, knocker_deadwood - defender_deadwood + rules.undercut_bonus
    return knocker, 0
