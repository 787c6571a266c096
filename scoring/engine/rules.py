"""Rule sets: frozen dataclasses whose fields are the options of RULES.md, validated on creation.

Every option carries its one-line explanation, its allowed values or range, and its default; a bad
value raises `RuleSetError` naming the option and what it may be. `to_dict()` gives the flat option
names of the match document, and `from_dict()` rebuilds the same rule set (a match stores the full
resolved rule set it was started with).

Every number is bounded, whichever way it comes in (API, forms, imports, the preview): a rule set
that validates can never make a total or a pot that the database cannot hold. The bounds are the
constants below; `POT_MAX` is the largest pot any valid rule set can collect, and the model's
`pot_total` column is checked against it by a test.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar

from .errors import RuleSetError
from .errors import gettext_noop as _

# The value of one option: what a rule set holds (a money option a `Decimal`), what `to_dict`
# writes (money as a string) and what a form or a document gives before validation.
OptionValue = int | bool | str | Decimal | None
# Options by name (RULES.md): a stored match's `rules`, a preset's, a document's overrides.
Options = dict[str, OptionValue]

INT = "int"
OPTIONAL_INT = "optional_int"  # an int, or None for "off"
BOOL = "bool"
CHOICE = "choice"
MONEY = "money"

# The bounds of the numbers of a rule set (see docs/rules.md, "Limits").
MONEY_MAX = Decimal("10000.00")  # a stake or a re-entry fee
THRESHOLD_MAX = 10_000  # elimination_at, target: 20 times the largest threshold clubs use
BONUS_MAX = 1_000  # every bonus, and the extra points of a re-entry
REENTRIES_MAX = 10  # reentry_max
HANDS_TO_WIN_MAX = 100  # hands_to_win
MOST_PLAYERS = 6  # the most players any game seats
# Every player pays the stake, and each may re-enter reentry_max times.
POT_MAX = MONEY_MAX * MOST_PLAYERS * (1 + REENTRIES_MAX)


def whole(options: Mapping[str, OptionValue], name: str) -> int:
    """Option `name` of a rule set's options (`RuleSet.to_dict()`), a whole number: an `INT`
    option, or an `OPTIONAL_INT` one known to be on."""
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is not a whole number: {value!r}")
    return value


def option(
    default: OptionValue,
    *,
    kind: str,
    help: str,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    maximum: int | Decimal | None = None,
) -> Any:  # a dataclass field: its type is the annotation of the option it makes
    """A rule set field with what validation and the start-match form need to know."""
    return field(
        default=default,
        metadata={
            "default": default,  # also here, typed: a field's own default may be MISSING
            "kind": kind,
            "help": help,
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
        },
    )


@dataclass(frozen=True)
class OptionInfo:
    name: str
    kind: str
    default: OptionValue
    help: str
    choices: tuple[str, ...]
    minimum: int | None
    maximum: int | Decimal | None


def _money(value: object, name: str, maximum: Decimal = MONEY_MAX) -> Decimal:
    """An amount from 0 to `maximum` with at most two decimals; NaN, infinities and amounts too
    large to count (1e30, 1e308) are refused like any other bad amount."""
    if isinstance(value, bool) or not isinstance(value, (int, str, Decimal, float)):
        raise RuleSetError(
            _("%(option)s must be an amount of money."), field=name, params={"option": name}
        )
    try:
        amount = Decimal(value) if isinstance(value, (int, Decimal)) else Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise RuleSetError(
            _("%(option)s must be an amount of money."), field=name, params={"option": name}
        ) from None
    if not amount.is_finite():
        raise RuleSetError(
            _("%(option)s must be an amount of money."), field=name, params={"option": name}
        )
    if amount < 0:
        raise RuleSetError(
            _("%(option)s must be an amount of money of 0 or more."),
            field=name,
            params={"option": name},
        )
    if amount > maximum:
        # compared before any rounding: quantizing 1e30 would overflow the decimal context
        raise RuleSetError(
            _("%(option)s must be at most %(maximum)s."),
            field=name,
            params={"option": name, "maximum": f"{maximum:.2f}"},
        )
    if amount != amount.quantize(Decimal("0.01")):
        raise RuleSetError(
            _("%(option)s must be an amount with at most two decimals."),
            field=name,
            params={"option": name},
        )
    return abs(amount.quantize(Decimal("0.01")))  # never "-0.00"


def _check_int(value: object, name: str, minimum: int | None, maximum: int | Decimal | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleSetError(
            _("%(option)s must be a whole number."), field=name, params={"option": name}
        )
    if minimum is not None and value < minimum:
        raise RuleSetError(
            _("%(option)s must be at least %(minimum)s."),
            field=name,
            params={"option": name, "minimum": minimum},
        )
    if maximum is not None and value > maximum:
        raise RuleSetError(
            _("%(option)s must be at most %(maximum)s."),
            field=name,
            params={"option": name, "maximum": maximum},
        )
    return value


@functools.cache
def _options_of(cls: type[RuleSet]) -> tuple[OptionInfo, ...]:
    return cls._build_options()


@dataclass(frozen=True)
class RuleSet:
    """Base of every rule set: validation and conversion, driven by the fields' metadata."""

    game: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __post_init__(self) -> None:
        for info in self.options():
            value = getattr(self, info.name)
            value = self._validated(info, value)
            object.__setattr__(self, info.name, value)
        self.check()

    @staticmethod
    def _validated(info: OptionInfo, value: object) -> OptionValue:
        name = info.name
        if info.kind == BOOL:
            if not isinstance(value, bool):
                raise RuleSetError(
                    _("%(option)s must be true or false."), field=name, params={"option": name}
                )
            return value
        if info.kind == INT:
            return _check_int(value, name, info.minimum, info.maximum)
        if info.kind == OPTIONAL_INT:
            if value is None:
                return None
            return _check_int(value, name, info.minimum, info.maximum)
        if info.kind == CHOICE:
            if value not in info.choices:
                raise RuleSetError(
                    _("%(option)s must be one of: %(choices)s."),
                    field=name,
                    params={"option": name, "choices": ", ".join(info.choices)},
                )
            return value
        if info.kind == MONEY:
            return _money(value, name, MONEY_MAX if info.maximum is None else Decimal(info.maximum))
        raise AssertionError(f"unknown option kind {info.kind!r}")

    def check(self) -> None:
        """Checks that involve more than one option; subclasses extend it."""

    @classmethod
    def options(cls) -> tuple[OptionInfo, ...]:
        """Every option of this rule set, in field order (built once per class)."""
        return _options_of(cls)  # type: ignore[arg-type]  # a class is hashable (mypy checks its instances')

    @classmethod
    def _build_options(cls) -> tuple[OptionInfo, ...]:
        return tuple(
            OptionInfo(
                name=f.name,
                kind=f.metadata["kind"],
                default=f.metadata["default"],
                help=f.metadata["help"],
                choices=f.metadata["choices"],
                minimum=f.metadata["minimum"],
                maximum=f.metadata["maximum"],
            )
            for f in dataclasses.fields(cls)
        )

    @classmethod
    def check_option(cls, name: str, value: object) -> OptionValue:
        """The value of option `name` as the rule set would store it, or `RuleSetError`: the
        very check of `__post_init__`, for a form that shows each option's refusal beside it."""
        for info in cls.options():
            if info.name == name:
                return cls._validated(info, value)
        raise RuleSetError(
            _("Unknown option for %(game)s: %(option)s."),
            field=name,
            params={"game": cls.game, "option": name},
        )

    @classmethod
    def option_names(cls) -> frozenset[str]:
        return frozenset(info.name for info in cls.options())

    def to_dict(self) -> Options:
        """Flat option names to JSON-ready values (money as a string with two decimals)."""
        data: Options = {}
        for info in self.options():
            value = getattr(self, info.name)
            data[info.name] = f"{value:.2f}" if info.kind == MONEY else value
        return data

    @classmethod
    def from_dict(cls, options: Mapping[str, OptionValue]) -> RuleSet:
        unknown = sorted(set(options) - cls.option_names())
        if unknown:
            raise RuleSetError(
                _("Unknown option for %(game)s: %(option)s."),
                field=unknown[0],
                params={"game": cls.game, "option": unknown[0]},
            )
        return cls(**options)

    def replace(self, **changes: OptionValue) -> RuleSet:
        unknown = sorted(set(changes) - self.option_names())
        if unknown:
            raise RuleSetError(
                _("Unknown option for %(game)s: %(option)s."),
                field=unknown[0],
                params={"game": self.game, "option": unknown[0]},
            )
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class PenaltyRules(RuleSet):
    """Options shared by the penalty-point games (Scala 40 and Ramino): lower totals are better."""

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MOST_PLAYERS
    max_hand_points: ClassVar[int] = 200  # refused above this, before doubling

    elimination_at: int = option(
        101,
        kind=INT,
        minimum=1,
        maximum=THRESHOLD_MAX,
        help=_("Total at which a player is out (sballato): 101, 151, 201, 301 or 501 are common."),
    )
    elimination_rule: str = option(
        ">=",
        kind=CHOICE,
        choices=(">=", ">"),
        help=_("Whether reaching the threshold eliminates a player, or only passing it."),
    )
    in_hand_scoring: str = option(
        "double",
        kind=CHOICE,
        choices=("double", "bonus", "none"),
        help=_("What a chiusura in mano (closing all at once) does to the hand's scores."),
    )
    in_hand_bonus: int = option(
        25,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_(
            "Points taken off the closer's total when a closing in hand gives a bonus off the "
            "closer's total."
        ),
    )
    not_opened_penalty: int | None = option(
        None,
        kind=OPTIONAL_INT,
        minimum=0,
        maximum=200,
        help=_(
            "Flat points paid by a player who had not opened (clubs use 100); empty: their points."
        ),
    )
    allow_negative: bool = option(True, kind=BOOL, help=_("A total may go below 0."))
    reentry_allowed: bool = option(
        False, kind=BOOL, help=_("An eliminated player may come back in (rientro).")
    )
    reentry_max: int = option(
        1,
        kind=INT,
        minimum=1,
        maximum=REENTRIES_MAX,
        help=_("Re-entries per player; busting once more is final."),
    )
    reentry_extra_points: int = option(
        0,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Points added on top of the highest total in play when a player re-enters."),
    )
    reentry_min_in_play: int = option(
        2,
        kind=INT,
        minimum=1,
        maximum=MOST_PLAYERS,
        help=_("Re-entry is refused when fewer than this many players are still in play."),
    )
    reentry_fee: Decimal = option(
        Decimal("0.00"),
        kind=MONEY,
        maximum=MONEY_MAX,
        help=_("Money a player pays into the pot to re-enter."),
    )
    stake: Decimal = option(
        Decimal("0.00"),
        kind=MONEY,
        maximum=MONEY_MAX,
        help=_("Money each player puts into the pot at the start."),
    )
    ace_alone_is_one: bool = option(
        False,
        kind=BOOL,
        help=_("Card counting: an ace left alone in hand counts 1 instead of 11."),
    )


@dataclass(frozen=True)
class Scala40Rules(PenaltyRules):
    game: ClassVar[str] = "scala40"


@dataclass(frozen=True)
class RaminoRules(PenaltyRules):
    game: ClassVar[str] = "ramino"

    in_hand_scoring: str = option(
        "none",
        kind=CHOICE,
        choices=("double", "bonus", "none"),
        help=_("What a chiusura in mano (closing all at once) does to the hand's scores."),
    )
    reentry_allowed: bool = option(
        True, kind=BOOL, help=_("An eliminated player may come back in (rientro).")
    )
    bonus_mode: str = option(
        "closer_credit",
        kind=CHOICE,
        choices=("closer_credit", "opponents_pay"),
        help=_("Who the closing bonus counts for: the closer, or against every opponent."),
    )
    normal_bonus: int = option(
        10, kind=INT, minimum=0, maximum=BONUS_MAX, help=_("Bonus of a normal closing.")
    )
    colore_bonus: int = option(
        25,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus of a closing in colore (all cards of one suit)."),
    )
    figura_bonus: int = option(
        50,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus of a closing in figura (all face cards)."),
    )


@dataclass(frozen=True)
class GinRules(RuleSet):
    game: ClassVar[str] = "gin"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    max_deadwood: ClassVar[int] = 100

    variant: str = option(
        "standard",
        kind=CHOICE,
        choices=("standard", "oklahoma", "hollywood"),
        help=_("Oklahoma: the upcard sets the knock limit. Hollywood: three games scored at once."),
    )
    knock_limit: int = option(
        10, kind=INT, minimum=1, maximum=10, help=_("Most deadwood a player may knock with.")
    )
    gin_bonus: int = option(
        25, kind=INT, minimum=0, maximum=BONUS_MAX, help=_("Bonus for going gin.")
    )
    big_gin_bonus: int | None = option(
        30,
        kind=OPTIONAL_INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus for big gin (all 11 cards melded); empty: big gin is not played."),
    )
    undercut_bonus: int = option(
        0,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus for the defender who undercuts the knocker."),
    )
    undercut_on_tie: bool = option(
        True, kind=BOOL, help=_("Equal deadwood after a knock is an undercut.")
    )
    box_bonus: int = option(
        10, kind=INT, minimum=0, maximum=BONUS_MAX, help=_("Points for each box.")
    )
    box_recipient: str = option(
        "knocker",
        kind=CHOICE,
        choices=("knocker", "winner"),
        help=_("Who earns the box of a hand: its winner, or whoever knocked."),
    )
    box_timing: str = option(
        "immediate",
        kind=CHOICE,
        choices=("immediate", "end"),
        help=_("Boxes are added to the score at once, or only when the game ends."),
    )
    game_bonus: int = option(
        0, kind=INT, minimum=0, maximum=BONUS_MAX, help=_("Bonus for the winner of a game.")
    )
    shutout: str = option(
        "none",
        kind=CHOICE,
        choices=("none", "double", "game_bonus"),
        help=_("What a game the loser ends without a point (a shutout) is worth more."),
    )
    shutout_game_bonus: int = option(
        200,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_(
            "Game bonus paid for a shutout when a shutout pays the shutout bonus instead of the "
            "game bonus."
        ),
    )
    target: int = option(
        100, kind=INT, minimum=1, maximum=THRESHOLD_MAX, help=_("Score that ends a game.")
    )
    match_mode: str = option(
        "points",
        kind=CHOICE,
        choices=("points", "hands"),
        help=_("A game to the target score, or a mano: the first to win so many hands."),
    )
    hands_to_win: int = option(
        3,
        kind=INT,
        minimum=1,
        maximum=HANDS_TO_WIN_MAX,
        help=_("Hands to win the match when playing a mano."),
    )
    ace_upcard: str = option(
        "gin_only",
        kind=CHOICE,
        choices=("gin_only", "knock_1"),
        help=_("Oklahoma, ace upcard: only gin is allowed, or a knock with at most 1."),
    )
    spade_doubles: bool = option(
        True, kind=BOOL, help=_("Oklahoma: a spade upcard doubles the hand's score.")
    )
    spade_doubles_boxes: bool = option(
        False, kind=BOOL, help=_("Oklahoma: a spade upcard doubles the hand's boxes too.")
    )
    stake: Decimal = option(
        Decimal("0.00"),
        kind=MONEY,
        maximum=MONEY_MAX,
        help=_("Money each player puts into the pot at the start."),
    )

    def check(self) -> None:
        if self.variant == "hollywood" and self.match_mode == "hands":
            raise RuleSetError(
                _("Hollywood is scored on points; it cannot be played a mano."),
                field="match_mode",
            )


@dataclass(frozen=True)
class BurracoRules(RuleSet):
    """Burraco (BURRACO.md sections 0 and 1): two lines, NS (seats 1 and 3) and EO (seats 2 and
    4), or 1 v 1 (seat 1 is NS, seat 2 EO); the 3-player game is not played. A free-play match
    goes to `target`; a tournament turno has no target and ends after `hands_per_turno` hands."""

    game: ClassVar[str] = "burraco"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # Every bonus a multiple of 5, as the cards' values are: totals stay multiples of 5.
    step: ClassVar[int] = 5

    players: int = option(
        4,
        kind=INT,
        minimum=2,
        maximum=4,
        help=_("4: two lines of two (NS and EO). 2: one against one, scored the same way."),
    )
    bonus_pulito: int = option(
        200,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus of a burraco pulito (7 or more cards, no wild card)."),
    )
    bonus_semipulito: int | None = option(
        150,
        kind=OPTIONAL_INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_(
            "Bonus of a burraco semipulito (a wild card at one end of a run of 7 or more natural "
            "cards); empty: not recognised, enter it as sporco."
        ),
    )
    bonus_sporco: int = option(
        100,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus of a burraco sporco (a burraco with a wild card)."),
    )
    bonus_reale: int | None = option(
        None,
        kind=OPTIONAL_INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_(
            "Bonus of a burraco reale (a clean run of 13 cards); empty: not recognised, enter it "
            "as pulito (a 2026 score pad uses 300)."
        ),
    )
    bonus_closing: int = option(
        100,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Bonus of the line that closes the hand."),
    )
    closing_needs_pulito: bool = option(
        False,
        kind=BOOL,
        help=_(
            "International rule: only a line with a burraco pulito (or reale) may close; Italian "
            "rules accept any burraco."
        ),
    )
    pozzetto_penalty: int = option(
        100,
        kind=INT,
        minimum=0,
        maximum=BONUS_MAX,
        help=_("Points taken off a line that did not take its pozzetto."),
    )
    pozzetto_penalty_on_stop: str = option(
        "ask",
        kind=CHOICE,
        choices=("ask", "always", "never"),
        help=_(
            "The pozzetto penalty of a hand stopped by time, stalemate or the arbiter: the scorer "
            "says for each line without its pozzetto, or it is charged every time, or not at all."
        ),
    )
    target: int | None = option(
        2005,
        kind=OPTIONAL_INT,
        minimum=5,
        maximum=THRESHOLD_MAX,
        help=_(
            "Free play: the first line to reach this total wins (2005; also 1005, 2000, 2500, "
            "3000); empty: a tournament turno, played for a number of hands."
        ),
    )
    target_tie: str = option(
        "play_on",
        kind=CHOICE,
        choices=("play_on",),
        help=_("Both lines at or above the target with equal totals: one more hand."),
    )
    hands_per_turno: int | None = option(
        None,
        kind=OPTIONAL_INT,
        minimum=2,
        maximum=4,
        help=_("A tournament turno: the hands it lasts (2, 3 or 4); empty: free play to a target."),
    )

    def check(self) -> None:
        if self.players == 3:
            raise RuleSetError(
                _("Burraco is played by 4 players (two lines) or 2 (one against one)."),
                field="players",
            )
        for name in ("bonus_pulito", "bonus_semipulito", "bonus_sporco", "bonus_reale"):
            self._check_step(name)
        for name in ("bonus_closing", "pozzetto_penalty", "target"):
            self._check_step(name)
        if self.target is None and self.hands_per_turno is None:
            raise RuleSetError(
                _("A Burraco match needs a target (free play) or a number of hands (a turno)."),
                field="target",
            )
        if self.target is not None and self.hands_per_turno is not None:
            raise RuleSetError(
                _("A turno is played for a number of hands, without a target: empty the target."),
                field="target",
            )

    def _check_step(self, name: str) -> None:
        value = getattr(self, name)
        if value is not None and value % self.step:
            raise RuleSetError(
                _("%(option)s must be a multiple of 5, as every card and bonus is."),
                field=name,
                params={"option": name},
            )


RULE_SETS: dict[str, type[RuleSet]] = {
    Scala40Rules.game: Scala40Rules,
    RaminoRules.game: RaminoRules,
    GinRules.game: GinRules,
    BurracoRules.game: BurracoRules,
}
