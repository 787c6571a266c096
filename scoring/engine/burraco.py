"""Burraco (BURRACO.md): two lines play hands; a line's total is the sum of its hands' totals.

`replay(rules, players, events, first_dealer=...)` is called by `scoring.engine.replay`, which has
already checked the names and resolved the first dealer. One hand on its own (its refusals and
its base, carte and total per line) is `burraco_hands.score_hand`, read through this module too.

- The lines: with 4 players (seat order), NS is seats 1 and 3, EO seats 2 and 4; 1 v 1, NS is
  seat 1 and EO seat 2. The line is the scoring unit: each player's total is their line's.
- The deal passes to the next seat after every hand.
- Free play (`target`): after a hand, the line with the higher total wins when that total is at
  or above the target; equal totals play one more hand (`target_tie` "play_on"). A turno
  (`hands_per_turno`, no target) ends after its hands; the higher line wins, equal lines share
  first place. A time call ends the match the same way. A player who withdraws takes their line
  out: the other line wins.
- `MatchState.winner` names a player, so it is the winner of a 1 v 1 and None for pairs; every
  match says its winning line in `BurracoState.winning_line` and each player's `place`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict, TypeVar

from .burraco_hands import ENDS, LINES, TIME_OUT, LineScore, score_hand
from .errors import EngineError, InternalError
from .errors import gettext_noop as _
from .events import BurracoHand, Event, GinHand, Hand, Reentry, TimeCall, Withdraw
from .rules import BurracoRules
from .state import (
    EndedBy,
    MatchState,
    PlayerState,
    SnapshotData,
    StateData,
    Status,
)
from .state import Snapshot as _Snapshot

__all__ = [
    "ENDS",
    "LINES",
    "BurracoSnapshot",
    "BurracoState",
    "LineScore",
    "LineState",
    "replay",
    "score_hand",
    "seat_lines",
]


Seated = TypeVar("Seated")


# --- What a replay answers ----------------------------------------------------------------------


class LineScoreData(TypedDict):
    base: int
    carte: int
    total: int


class LineStateData(TypedDict):
    name: str
    players: list[str]
    total: int
    base: int
    carte: int
    place: int | None


class BurracoSnapshotData(SnapshotData):
    lines: dict[str, LineScoreData]  # the hand's base, carte and total per line ({} otherwise)
    line_totals: dict[str, int]


class BurracoStateData(StateData):
    lines: list[LineStateData]
    winning_line: str | None


@dataclass(slots=True)
class BurracoSnapshot(_Snapshot):
    """A snapshot with the lines: what the hand gave each (`lines`, empty for an event that is
    not a hand) and the lines' running totals (`line_totals`)."""

    lines: Mapping[str, LineScore] = field(default_factory=dict)
    line_totals: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> BurracoSnapshotData:
        base = _Snapshot.to_dict(self)  # slots=True remakes the class: no bare super()
        return {
            **base,
            "lines": {
                name: {"base": score.base, "carte": score.carte, "total": score.total}
                for name, score in self.lines.items()
            },
            "line_totals": dict(self.line_totals),
        }


@dataclass(frozen=True, slots=True)
class LineState:
    """One line at the end of a replay: its players, total, and the sums of its bases and
    cartes (`total` = `base` + `carte`); `place` once the match has ended (equal lines share)."""

    name: str
    players: tuple[str, ...]
    total: int
    base: int
    carte: int
    place: int | None = None


@dataclass(frozen=True)
class BurracoState(MatchState):
    """`MatchState` with the lines; `winning_line` is "NS" or "EO" once a line has won."""

    lines: tuple[LineState, ...] = ()
    winning_line: str | None = None

    def line(self, name: str) -> LineState:
        for line in self.lines:
            if line.name == name:
                return line
        raise KeyError(name)

    def to_dict(self) -> BurracoStateData:
        return {
            **super().to_dict(),
            "lines": [
                {
                    "name": line.name,
                    "players": list(line.players),
                    "total": line.total,
                    "base": line.base,
                    "carte": line.carte,
                    "place": line.place,
                }
                for line in self.lines
            ],
            "winning_line": self.winning_line,
        }


def seat_lines(players: Sequence[Seated]) -> dict[str, tuple[Seated, ...]]:
    """The players of each line, from the players in seat order (4, or 2 for 1 v 1): names, or
    whatever the caller seats (club life gives player ids)."""
    if len(players) == 2:
        return {"NS": (players[0],), "EO": (players[1],)}
    return {"NS": (players[0], players[2]), "EO": (players[1], players[3])}


# --- The match ----------------------------------------------------------------------------------


class BurracoMatch:
    """Applies events one by one and records a snapshot after each."""

    def __init__(self, rules: BurracoRules, players: tuple[str, ...], first_dealer: str) -> None:
        self.rules = rules
        self.players = players
        self.lines = seat_lines(players)
        self.line_of = {name: line for line, names in self.lines.items() for name in names}
        self.totals = dict.fromkeys(LINES, 0)
        self.bases = dict.fromkeys(LINES, 0)
        self.cartes = dict.fromkeys(LINES, 0)
        self.hands = 0
        self.dealer = first_dealer
        self.finished = False
        self.ended_by: EndedBy | None = None
        self.winning_line: str | None = None
        self.withdrawn: str | None = None
        self.history: list[_Snapshot] = []

    def apply(self, index: int, event: Event) -> None:
        """Apply one event and record its snapshot; a refusal carries `index`."""
        if self.finished:
            raise EngineError(_("The match is over."), event=index)
        scores: dict[str, LineScore] = {}
        try:
            if isinstance(event, BurracoHand):
                scores = self._hand(event)
            elif isinstance(event, Withdraw):
                self._withdraw(event)
            elif isinstance(event, TimeCall):
                self._end(self._leader(), EndedBy.TIME)
            elif isinstance(event, Hand | GinHand):
                raise EngineError(
                    _(
                        "This is another game's hand; a Burraco hand says how it ended and what "
                        "each line did."
                    ),
                    field="type",
                )
            elif isinstance(event, Reentry):
                raise EngineError(_("There is no re-entry in Burraco."), field="type")
            else:
                raise InternalError(f"not an event: {event!r}")
        except EngineError as error:
            error.at_event(index)
            raise
        self._snapshot(index, scores)

    def _hand(self, event: BurracoHand) -> dict[str, LineScore]:
        scores = score_hand(self.rules, event)
        for name, score in scores.items():
            self.bases[name] += score.base
            self.cartes[name] += score.carte
            self.totals[name] += score.total
        self.hands += 1
        self.dealer = self.players[(self.players.index(self.dealer) + 1) % len(self.players)]
        rules = self.rules
        leader = self._leader()
        if rules.target is not None:
            if leader is not None and self.totals[leader] >= rules.target:
                self._end(leader, EndedBy.TARGET)
        elif rules.hands_per_turno is not None and self.hands >= rules.hands_per_turno:
            self._end(leader, EndedBy.HANDS)
        elif rules.hands_per_turno is not None and event.end == TIME_OUT:
            # the time call: the hand in progress was the turno's last (BURRACO.md section 2)
            self._end(leader, EndedBy.TIME)
        return scores

    def _withdraw(self, event: Withdraw) -> None:
        """A player who withdraws takes their line out of the match: the other line wins."""
        player = event.player
        if player not in self.line_of:
            raise EngineError(
                _("%(player)s is not a player of this match."),
                field="player",
                params={"player": player},
            )
        self.withdrawn = player
        ns, eo = LINES
        self._end(eo if self.line_of[player] == ns else ns, EndedBy.LAST_IN_PLAY)

    def _leader(self) -> str | None:
        """The line with the higher total; None when the totals are equal."""
        ns, eo = LINES
        if self.totals[ns] == self.totals[eo]:
            return None
        return ns if self.totals[ns] > self.totals[eo] else eo

    def _end(self, winning_line: str | None, ended_by: EndedBy) -> None:
        self.finished = True
        self.winning_line = winning_line
        self.ended_by = ended_by

    def _player_totals(self) -> dict[str, int]:
        return {name: self.totals[self.line_of[name]] for name in self.players}

    def _statuses(self) -> dict[str, Status]:
        statuses = dict.fromkeys(self.players, Status.IN_PLAY)
        if self.winning_line is not None:
            for name in self.lines[self.winning_line]:
                statuses[name] = Status.WINNER
        if self.withdrawn is not None:
            statuses[self.withdrawn] = Status.WITHDRAWN
        return statuses

    def _snapshot(self, index: int, scores: dict[str, LineScore]) -> None:
        charges = {name: scores[self.line_of[name]].total if scores else 0 for name in self.players}
        self.history.append(
            BurracoSnapshot(
                event=index,
                totals=self._player_totals(),
                charges=charges,
                statuses=self._statuses(),
                dealer=None if self.finished else self.dealer,
                lines=scores,
                line_totals=dict(self.totals),
            )
        )

    # -- the live state, for a cache (`scoring.engine.progress`) -------------------------------

    def to_cache(self) -> dict[str, Any]:
        """The live state `apply` reads, as JSON-ready data: no history (constant size)."""
        return {
            "totals": dict(self.totals),
            "bases": dict(self.bases),
            "cartes": dict(self.cartes),
            "hands": self.hands,
            "dealer": self.dealer,
            "finished": self.finished,
            "ended_by": str(self.ended_by) if self.ended_by is not None else None,
            "winning_line": self.winning_line,
            "withdrawn": self.withdrawn,
        }

    def load_cache(self, data: Mapping[str, Any]) -> None:
        """Take the live state `to_cache` gave (of a match with the same rules and players).
        (`data` is JSON read back from the database, in the shape `to_cache` wrote: Any.)"""
        self.totals = {name: int(data["totals"][name]) for name in LINES}
        self.bases = {name: int(data["bases"][name]) for name in LINES}
        self.cartes = {name: int(data["cartes"][name]) for name in LINES}
        self.hands = int(data["hands"])
        self.dealer = data["dealer"]
        self.finished = bool(data["finished"])
        self.ended_by = EndedBy(data["ended_by"]) if data["ended_by"] is not None else None
        self.winning_line = data["winning_line"]
        self.withdrawn = data["withdrawn"]
        self.history = []

    def _line_places(self) -> dict[str, int | None]:
        if not self.finished:
            return dict.fromkeys(LINES)
        if self.winning_line is None:
            return dict.fromkeys(LINES, 1)
        return {name: 1 if name == self.winning_line else 2 for name in LINES}

    def _winner(self) -> str | None:
        """The winning player of a 1 v 1 (a pair is no one player: None)."""
        if self.winning_line is None or len(self.lines[self.winning_line]) != 1:
            return None
        return self.lines[self.winning_line][0]

    def state(self) -> BurracoState:
        statuses = self._statuses()
        places = self._line_places()
        totals = self._player_totals()
        return BurracoState(
            game=BurracoRules.game,
            players=tuple(
                PlayerState(
                    name=name,
                    total=totals[name],
                    status=statuses[name],
                    place=places[self.line_of[name]],
                )
                for name in self.players
            ),
            history=tuple(self.history),
            finished=self.finished,
            winner=self._winner(),
            ended_by=self.ended_by,
            dealer=None if self.finished else self.dealer,
            lines=tuple(
                LineState(
                    name=name,
                    players=self.lines[name],
                    total=self.totals[name],
                    base=self.bases[name],
                    carte=self.cartes[name],
                    place=places[name],
                )
                for name in LINES
            ),
            winning_line=self.winning_line,
        )


def replay(
    rules: BurracoRules, players: Sequence[str], events: Sequence[Event], *, first_dealer: str
) -> BurracoState:
    """Replay a Burraco match: `players` in seat order (names already checked), `first_dealer`
    one of them. Raises `EngineError` for a player count the rules do not play (event None,
    field "players") and, with its index, for the first event the rules refuse."""
    if len(players) != rules.players:
        raise EngineError(
            _(
                "These rules are for %(count)s players (4: two lines of two; 2: one against "
                "one); the match has %(length)s."
            ),
            field="players",
            params={"count": rules.players, "length": len(players)},
        )
    match = BurracoMatch(rules, tuple(players), first_dealer)
    for index, event in enumerate(events):
        match.apply(index, event)
    return match.state()
