"""Player statistics from replayed matches: what a player profile shows.

`match_lines(document, state)` reads one match (its parsed events and the engine's replay) and
gives every player's line for it; `PlayerStatistics` adds lines up, per game. Everything comes
from the events and the replay, so a corrected hand changes the statistics the next time they
are read.

What is counted, per player:
- Scala 40 and Ramino: hands played (hands the player was in play for), points taken (the sum of
  what those hands charged them: points, doubling and bonuses), hands closed, chiusure in mano,
  busts (eliminations) and re-entries.
- Gin: hands played (dead hands included), gins (gin and big gin, as the knocker), knocks,
  undercuts given (as the defender) and suffered (as the knocker), and the deadwood left in the
  hands that were not dead.
- Burraco: hands played and the points of the player's line (each hand's total, base plus
  carte, summed: the line's final total). A win is the player's line's: both partners win.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from .burraco import BurracoState
from .document import MatchDocument
from .events import BurracoHand, GinHand, Hand
from .gin import score_hand
from .rules import GinRules
from .state import MatchState


@dataclass(frozen=True)
class MatchLine:
    """One player's numbers in one match."""

    game: str
    finished: bool
    place: int | None
    won: bool
    table: int = 2  # the places at its table: its players, or its teams (Burraco's two lines)
    hands: int = 0
    points_taken: int = 0
    closes: int = 0
    in_hand: int = 0
    busts: int = 0
    reentries: int = 0
    gins: int = 0
    knocks: int = 0
    undercuts: int = 0
    undercut: int = 0  # undercuts suffered
    knocks_faced: int = 0  # the opponent's knocks (not gins)
    deadwood: int = 0
    deadwood_hands: int = 0
    line_points: int = 0  # Burraco: the points of the player's line


def match_lines(document: MatchDocument, state: MatchState) -> dict[str, MatchLine]:
    """Every player's line for one match (finished or not)."""
    counts: dict[str, Counter[str]] = {name: Counter() for name in document.players}
    for snapshot in state.history:
        event = document.events[snapshot.event]
        for name in snapshot.eliminated:
            counts[name]["busts"] += 1
        if isinstance(event, Hand):
            players = {event.closer, *event.points, *event.not_opened}
            for name in players:
                line = counts[name]
                line["hands"] += 1
                line["points_taken"] += snapshot.charges.get(name, 0)
            counts[event.closer]["closes"] += 1
            if event.in_hand:
                counts[event.closer]["in_hand"] += 1
        elif isinstance(event, GinHand):
            _add_gin_hand(document, event, counts)
        elif isinstance(event, BurracoHand):
            for name in document.players:
                counts[name]["hands"] += 1
                counts[name]["line_points"] += snapshot.charges.get(name, 0)
    lines = {}
    for player in state.players:
        line = counts[player.name]
        lines[player.name] = MatchLine(
            game=state.game,
            finished=state.finished,
            place=player.place if state.finished else None,
            won=state.finished and player.name in _winners(state),
            table=len(state.lines) if isinstance(state, BurracoState) else len(state.players),
            reentries=player.reentries,
            **{key: line[key] for key in line},
        )
    return lines


def _winners(state: MatchState) -> tuple[str, ...]:
    """Who won a finished match: its winner, or every player of the winning line (Burraco)."""
    if isinstance(state, BurracoState):
        if state.winning_line is None:
            return ()
        return state.line(state.winning_line).players
    return (state.winner,) if state.winner is not None else ()


def _add_gin_hand(document: MatchDocument, hand: GinHand, counts: dict[str, Counter[str]]) -> None:
    for name in document.players:
        counts[name]["hands"] += 1
    if hand.result == "dead":
        return
    assert isinstance(document.rules, GinRules)  # a Gin hand is in a Gin match
    scored = score_hand(document.rules, document.players, hand)
    assert scored is not None  # a dead hand returned above
    knocker = scored.knocker
    if hand.result in ("gin", "big_gin"):
        counts[knocker]["gins"] += 1
    else:
        counts[knocker]["knocks"] += 1
        for name in document.players:
            if name != knocker:
                counts[name]["knocks_faced"] += 1
        if scored.winner != knocker:
            counts[scored.winner]["undercuts"] += 1
            counts[knocker]["undercut"] += 1
    for name in document.players:
        counts[name]["deadwood"] += hand.deadwood.get(name, 0)
        counts[name]["deadwood_hands"] += 1


@dataclass
class PlayerStatistics:
    """A player's lines of one game, added up."""

    game: str
    matches: int = 0
    finished: int = 0
    wins: int = 0
    places: Counter[int] = field(default_factory=Counter)  # place -> finished matches
    largest_table: int = 0  # the most places at a table of its matches (`MatchLine.table`)
    hands: int = 0
    points_taken: int = 0
    closes: int = 0
    in_hand: int = 0
    busts: int = 0
    reentries: int = 0
    gins: int = 0
    knocks: int = 0
    undercuts: int = 0
    undercut: int = 0
    knocks_faced: int = 0
    deadwood: int = 0
    deadwood_hands: int = 0
    line_points: int = 0

    def add(self, line: MatchLine) -> None:
        self.matches += 1
        self.largest_table = max(self.largest_table, line.table)
        if line.finished:
            self.finished += 1
            if line.place is not None:
                self.places[line.place] += 1
        self.wins += line.won
        for name in (
            "hands",
            "points_taken",
            "closes",
            "in_hand",
            "busts",
            "reentries",
            "gins",
            "knocks",
            "undercuts",
            "undercut",
            "knocks_faced",
            "deadwood",
            "deadwood_hands",
            "line_points",
        ):
            setattr(self, name, getattr(self, name) + getattr(line, name))

    @property
    def possible_places(self) -> int:
        """The places its matches could give: as many as at the largest table (a game of two
        lines, two), or more when a place beyond it was counted."""
        return max([self.largest_table, *self.places])

    @property
    def average_points(self) -> Fraction | None:
        """Points taken per hand played (Scala 40, Ramino)."""
        return Fraction(self.points_taken, self.hands) if self.hands else None

    @property
    def average_line_points(self) -> Fraction | None:
        """The points of the player's line per hand played (Burraco)."""
        return Fraction(self.line_points, self.hands) if self.hands else None

    @property
    def gin_share(self) -> Fraction | None:
        """Share of the hands played that the player ended with gin."""
        return Fraction(self.gins, self.hands) if self.hands else None

    @property
    def undercut_share(self) -> Fraction | None:
        """Share of the opponent's knocks that the player undercut."""
        return Fraction(self.undercuts, self.knocks_faced) if self.knocks_faced else None

    @property
    def average_deadwood(self) -> Fraction | None:
        return Fraction(self.deadwood, self.deadwood_hands) if self.deadwood_hands else None

    @property
    def win_share(self) -> Fraction | None:
        return Fraction(self.wins, self.finished) if self.finished else None
