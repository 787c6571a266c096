"""The game registry: one class per game, the one place that knows the games.

In the shape of the tournament formats' registry (`tournaments/formats.py`, after Tabbycat's draw
managers): every `Game` value has a `GameKind` in `GAMES`, and `game_of(match)` (or
`game_named(value)`) answers everything that differs between games outside the engine: its rule
set and presets, its hand form, its words, its score sheet's columns, its chart's line and what
the match page shows. Forms, words, printing, presenters and pages ask it and never compare a game;
templates are given the `GameKind` (`game` in their context) and ask its flags.

This module holds the base class and the registry; each game is one module beside it
(`scala40`, `ramino`, `gin`), registered by `ScoringConfig.ready()`, so a new game is one module
and one registration. The defaults here are a penalty game's (Scala 40, Ramino): the players'
points add up and a player is out at a threshold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from scoring.engine import DEFAULT_PRESET, PRESETS, preset_game, preset_names
from scoring.engine.rules import Options, RuleSet
from scoring.models import Game, is_played

if TYPE_CHECKING:
    from collections.abc import Sequence

    from django_stubs_ext import StrOrPromise

    from base.printing.geometry import PageBox
    from scoring.engine import Event, MatchState
    from scoring.engine.document import AnyHandEntry
    from scoring.models import Match
    from scoring.selectors import MatchDetail

Seated = TypeVar("Seated")


class GameKind:
    """What a game is, and how the pages, the words and the printables show it."""

    value: ClassVar[str] = ""
    rules_class: ClassVar[type[RuleSet]]
    # The entry form's ways to close a hand (Ramino's closings), (value, words); none: no choice.
    closings: ClassVar[Sequence[tuple[str, StrOrPromise]]] = ()
    # Templates' flags: the entry form asks each player's deadwood (not points), the scoreboard
    # shows the hands each player won and their boxes.
    enters_deadwood: ClassVar[bool] = False
    counts_hands_won: ClassVar[bool] = False
    counts_boxes: ClassVar[bool] = False
    # How a tournament plays it: seated at tables of 2 to 6 (the table formats), or in pairs
    # (brackets, round robin, Swiss).
    seated_at_tables: ClassVar[bool] = False
    played_in_pairs: ClassVar[bool] = False
    # Its statistics count gins, knocks and undercuts (not points, closes and busts).
    counts_knocks: ClassVar[bool] = False
    # Its statistics count the points of the player's line (Burraco), not points taken and closes.
    counts_line_points: ClassVar[bool] = False
    # The standings so far lead with the highest total (Gin's points), not the lowest.
    high_total_leads: ClassVar[bool] = False
    # The templates of the hand's fields (in the entry form) and of the lines on the scoreboard
    # (a game scored by lines of players: Burraco's NS and EO; "": none).
    entry_template: ClassVar[str] = "scoring/_entry_fields.html"
    lines_template: ClassVar[str] = ""
    # Its result is countersigned by the other line (the federation codes' paper slip): a line
    # that wrote all of it does not confirm it, and a club night's match is confirmed too
    # (`scoring.countersign`).
    countersigned_by_lines: ClassVar[bool] = False
    # The hand being typed, checked as it will be recorded (its preview and refusals as it is
    # typed: `scoring.views.match.hand_preview`); "" for a game whose form has none.
    preview_template: ClassVar[str] = ""

    # What it is ------------------------------------------------------------------------------

    @property
    def label(self) -> str:
        return game_label(self.value)

    @property
    def default_preset(self) -> str:
        return DEFAULT_PRESET[self.value]

    def presets(self) -> list[str]:
        return preset_names(self.value)

    def teams(self, seated: Sequence[Seated]) -> tuple[tuple[Seated, ...], ...] | None:
        """Who plays together, from a match's players in seat order (names or ids): None when
        every player plays alone; a game of pairs, its teams (each team shares a place). Club
        life rates, places and counts partners by them."""
        return None

    def line_of_seat(self, seat: int, players: int) -> str | None:
        """The line (pair) the player of `seat` plays in, of a match of `players` seats; None
        for a game of single players."""
        return None

    @property
    def plays_in_teams(self) -> bool:
        """Whether its players play in teams (a game that answers `teams`): club life rates each
        player through their team, and the ratings page says so."""
        return type(self).teams is not GameKind.teams

    # The match page --------------------------------------------------------------------------

    def hand_form(self, rules: Options, seats: Sequence[tuple[int, str]], *args, **kwargs):
        """The form that enters (or corrects) a hand of this game."""
        raise NotImplementedError

    def hand_initial(
        self, data: AnyHandEntry, seats: Sequence[tuple[int, str]]
    ) -> dict[str, object]:
        """The hand form's values showing a recorded hand (for a correction)."""
        raise NotImplementedError

    def describe_hand(self, data: AnyHandEntry, rules: Options) -> tuple[list[str], dict[str, int]]:
        """A recorded hand in words: the sentences of how it ended, and the scores it names."""
        raise NotImplementedError

    def hand_changes(
        self, before: Event, after: Event, names: Sequence[str]
    ) -> list[tuple[str, object, object]] | None:
        """What a correction of a hand may change, as (label, before, after) in words; None when
        the events are not this game's hands (`scoring.presenters.describe_changes`)."""
        return None

    def margin_line(self, state: MatchState) -> str:
        """By how much the winner won, in words ("" when the game does not say it)."""
        return ""

    def page_context(
        self, match: Match, detail: MatchDetail, names: Sequence[str]
    ) -> dict[str, object]:
        """What the match page shows of this game only (see `scoring.match_page`)."""
        return {
            "gin_margin": "",
            "gin_games": [],
            "gin_final_lines": [],
            "lines": [],  # a game scored by lines (`lines_template`): the lines side by side
            "line_winner": "",  # the line that won, when no single player did
        }

    # Words -----------------------------------------------------------------------------------

    def rules_summary(self, rules: Options) -> list[str]:
        raise NotImplementedError

    def rules_in_words(self, rules: Options) -> list[str]:
        raise NotImplementedError

    def chart_threshold(self, rules: Options) -> tuple[int | None, str]:
        raise NotImplementedError

    # Printing --------------------------------------------------------------------------------

    def expected_hands(self, rules: Options, players: int) -> int:
        """About how many hands a long match lasts: the rows a blank score sheet prints."""
        raise NotImplementedError

    def sheet_grid(self, rules: Options, names: Sequence[str], dealer: str):
        """The blank score sheet's columns and groups, a blank row and the legend."""
        raise NotImplementedError

    def sheet_settlement(self, match: Match, names: Sequence[str], box: PageBox):
        """The sums a sheet prints under its grid at the end of a game (none by default)."""
        return None

    def report_table(
        self, match: Match, detail: MatchDetail, names, parsed, notes, *, show_authors: bool
    ):
        """The match report's table of events (`scoring.printing.report.ReportTable`)."""
        raise NotImplementedError

    def report_context(
        self, detail: MatchDetail, names: Sequence[str], box: PageBox
    ) -> dict[str, object]:
        """What the match report prints of this game only (Gin: its games, their final scores)."""
        return {"games": None, "score_parts": []}


GAMES: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add a game to the registry (each game module registers its class once)."""
    if kind.value not in Game.values:
        raise ValueError(f"{kind.value!r} is not a game of scoring.models.Game")
    GAMES[kind.value] = kind
    return kind


def game_named(value: str) -> GameKind:
    """The game whose value (`Match.game`, a rule set's `game`) is `value`."""
    return GAMES[value]


def game_of(match: Match) -> GameKind:
    return GAMES[match.game]


# The whole list of games, for choice fields, checks and lists: read from `Game` (where the value
# is stored), not from `GAMES`, so a form or serializer built at import time has them all.


def game_choices() -> list[tuple[str, StrOrPromise]]:
    """Every game as (value, label), in `Game`'s order; the labels translate when shown."""
    return list(Game.choices)


def game_values() -> list[str]:
    """Every game's value, in `Game`'s order."""
    return list(Game.values)


def game_label(value: str) -> str:
    """A game's name in the user's language (ValueError for a value that is not a game)."""
    return str(Game(value).label)


def game_presets() -> list[str]:
    """The presets of every game the application plays (`Game`'s values), in the engine's order:
    the engine may know a game the application does not play yet (as Burraco was until its
    pages and its value in `Game` landed), and no form, serializer or schema offers that game's
    presets, nor does an import store it (`clublife.exchange.documents`)."""
    return [name for name in PRESETS if is_played(preset_game(name))]


def all_games() -> list[GameKind]:
    """Every game, in the order of `Game`'s choices (the order of selects and lists)."""
    return [GAMES[value] for value in Game.values if value in GAMES]
