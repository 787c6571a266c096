"""The card-counting helper of RULES.md section 5: a hand written as cards, counted in points.

A card is its rank and its suit letter, case-insensitive: `As`, `10h`, `kd`, `7C`. Ranks are `A`,
`2`-`10` (`T` is accepted for ten), `J`, `Q`, `K`; suits are `s` (spades), `h` (hearts),
`d` (diamonds), `c` (clubs). `JK` is a joker and has no suit. Cards are separated by spaces and/or
commas: `"As Kd, JK 7c 10h"`.

Values by game:
- Scala 40: ace 11 (1 when it is the only card left and `ace_alone_is_one` is on), joker 25,
  J/Q/K 10, 2-10 their face value. Two decks with four jokers: a card at most twice, four jokers.
- Ramino: ace 1, joker 11, J/Q/K 10. Two decks with four jokers, as Scala 40.
- Gin Rummy: ace 1, J/Q/K 10; one deck without jokers: a joker or a card written twice is refused.
- Burraco (BURRACO.md section 0): joker 30, pinella (any 2) 20, ace 15, K to 8 10, 7 to 3 5. Two
  54-card packs: a card at most twice, four jokers.

Every refusal is an `EngineError` with `field="cards"` (or the field the caller names).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import EngineError
from .errors import gettext_noop as _

SUITS = ("s", "h", "d", "c")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"
GAMES = ("scala40", "ramino", "gin", "burraco")

_SEPARATORS = re.compile(r"[\s,]+")
_RANK_ALIASES = {"T": "10"}
_FACE_VALUES = {rank: int(rank) for rank in RANKS[1:10]} | {"J": 10, "Q": 10, "K": 10}

# game -> rank -> points
_VALUES: dict[str, dict[str, int]] = {
    "scala40": {**_FACE_VALUES, "A": 11, JOKER: 25},
    "ramino": {**_FACE_VALUES, "A": 1, JOKER: 11},
    "gin": {**_FACE_VALUES, "A": 1},
    "burraco": {
        **dict.fromkeys(("3", "4", "5", "6", "7"), 5),
        **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
        "A": 15,
        "2": 20,
        JOKER: 30,
    },
}
# game -> (copies of each card in the game's decks, jokers in the game's decks)
_DECKS: dict[str, tuple[int, int]] = {
    "scala40": (2, 4),
    "ramino": (2, 4),
    "gin": (1, 0),
    "burraco": (2, 4),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: `rank` is one of RANKS or JOKER; `suit` is one of SUITS, or None for a joker.

    `str(card)` is the canonical spelling: rank in capitals, suit in lower case (`10h`, `As`, `JK`).
    """

    rank: str
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


def parse_card(text: object, *, field: str = "cards", jokers: bool = True) -> Card:
    """The card written as `text` (surrounding spaces ignored); refuses anything that is not a card.

    Raises `EngineError(field=field)` naming the text when it is not a card (suggesting JK for a
    joker only with `jokers`: a game that has them).
    """
    token = text.strip() if isinstance(text, str) else ""
    if not token:
        example = (
            _("Write a card, e.g. 7h, 10s or JK.") if jokers else _("Write a card, e.g. 7h or 10s.")
        )
        raise EngineError(example, field=field)
    upper = token.upper()
    if upper == JOKER:
        return Card(JOKER)
    rank, suit = upper[:-1], upper[-1:].lower()
    rank = _RANK_ALIASES.get(rank, rank)
    if (rank not in RANKS or suit not in SUITS) and not jokers:
        raise EngineError(
            _(
                "%(card)s is not a card: write the rank (A, 2-10, J, Q, K) and the suit "
                "(s, h, d, c), e.g. 7h or 10s."
            ),
            field=field,
            params={"card": token},
        )
    if rank not in RANKS or suit not in SUITS:
        raise EngineError(
            _(
                "%(card)s is not a card: write the rank (A, 2-10, J, Q, K) and the suit "
                "(s, h, d, c), e.g. 7h or 10s, or JK for a joker."
            ),
            field=field,
            params={"card": token},
        )
    return Card(rank, suit)


def parse_cards(text: str, *, field: str = "cards", jokers: bool = True) -> list[Card]:
    """The cards written in `text`, in order; separated by spaces and/or commas. Empty text: [].

    Raises `EngineError(field=field)` naming the first token that is not a card.
    """
    if not isinstance(text, str):
        raise EngineError(_("Write the cards as text, e.g. 8h Kd JK."), field=field)
    return [
        parse_card(token, field=field, jokers=jokers) for token in _SEPARATORS.split(text) if token
    ]


def card_value(game: str, card: Card, *, field: str = "cards") -> int:
    """The points of one card in `game` (an ace counts as in a hand of several cards)."""
    values = _game_values(game)
    if card.is_joker and JOKER not in values:
        raise EngineError(_("There are no jokers in Gin Rummy."), field=field)
    return values[card.rank]


def count_points(
    game: str,
    cards: str | Iterable[Card | str],
    *,
    ace_alone_is_one: bool = False,
    field: str = "cards",
) -> int:
    """The points of a hand of `cards` in `game` ("scala40", "ramino", "gin" or "burraco").

    `cards` is text (`"8h Kd JK"`) or an iterable of `Card`s or card texts. An empty hand is 0.
    `ace_alone_is_one` (Scala 40): an ace that is the only card left counts 1 instead of 11.
    Refuses, with `EngineError(field=field)`: an unknown game (field "game"), a text that is not a
    card, a joker in Gin, and more copies of a card than the game's decks hold.
    """
    _game_values(game)
    hand = _as_cards(cards, field=field, jokers=bool(_DECKS[game][1]))
    _check_copies(game, hand, field=field)
    if ace_alone_is_one and len(hand) == 1 and hand[0].rank == "A":
        return 1
    return sum(card_value(game, card, field=field) for card in hand)


def _game_values(game: str) -> dict[str, int]:
    try:
        return _VALUES[game]
    except (KeyError, TypeError):
        raise EngineError(
            _("Unknown game %(game)s; the games are: %(games)s."),
            field="game",
            params={"game": game, "games": ", ".join(GAMES)},
        ) from None


def _as_cards(cards: str | Iterable[Card | str], *, field: str, jokers: bool) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards, field=field, jokers=jokers)
    try:
        items = list(cards)
    except TypeError:
        raise EngineError(_("Write the cards as text, e.g. 8h Kd JK."), field=field) from None
    return [
        item if isinstance(item, Card) else parse_card(item, field=field, jokers=jokers)
        for item in items
    ]


def _check_copies(game: str, hand: list[Card], *, field: str) -> None:
    copies, jokers = _DECKS[game]
    counts = Counter(hand)
    joker_count = counts.pop(Card(JOKER), 0)
    if joker_count and not jokers:
        raise EngineError(_("There are no jokers in Gin Rummy."), field=field)
    if joker_count > jokers:
        raise EngineError(
            _("A hand holds at most %(count)s jokers."), field=field, params={"count": jokers}
        )
    for card, count in counts.items():
        if count > copies:
            if copies == 1:
                raise EngineError(
                    _("%(card)s is written twice; Gin Rummy is played with one deck."),
                    field=field,
                    params={"card": str(card)},
                )
            raise EngineError(
                _("%(card)s is written %(count)s times; there are only %(copies)s in the decks."),
                field=field,
                params={"card": str(card), "count": count, "copies": copies},
            )
