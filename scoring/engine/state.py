"""What a replay answers: the whole state of a match, and its state after every event.

All of it is plain data, to be treated as read-only. `PlayerState`, `GinGame` and `Snapshot` are
built for every event of every replay, so they are slotted rather than frozen dataclasses (a frozen
dataclass costs three times as much to build); nothing may change them after a replay returns.
`to_dict()` gives the JSON shape of DESIGN.md's replay answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import NotRequired, TypedDict


class Status(StrEnum):
    IN_PLAY = "in_play"
    ELIMINATED = "eliminated"  # busted; may still re-enter right after this hand
    OUT = "out"  # out for good
    WITHDRAWN = "withdrawn"
    WINNER = "winner"


class EndedBy(StrEnum):
    LAST_IN_PLAY = "last_in_play"
    SCALA_REALE = "scala_reale"
    POCKERISSIMO = "pockerissimo"
    TARGET = "target"
    HANDS = "hands"
    TIME = "time"


class LedgerKind(StrEnum):
    STAKE = "stake"
    REENTRY_FEE = "reentry_fee"


# The replay answer (`MatchState.to_dict()`, the shape DESIGN.md fixes), as JSON-ready data.


class LedgerEntryData(TypedDict):
    kind: str
    player: str
    amount: str  # "12.50"
    event: int | None


class PotData(TypedDict):
    total: str
    entries: list[LedgerEntryData]


class PlayerStateData(TypedDict):
    name: str
    total: int
    status: str
    reentries: int
    place: int | None
    hands_won: NotRequired[int]  # Gin


class GinGameData(TypedDict):
    number: int
    scores: dict[str, int]
    boxes: dict[str, int]
    final_scores: dict[str, int] | None
    winner: str | None
    net: int | None
    finished: bool


class SnapshotData(TypedDict):
    event: int
    totals: dict[str, int]
    charges: dict[str, int]
    statuses: dict[str, str]
    eliminated: list[str]
    dealer: str | None
    games: NotRequired[list[GinGameData]]


class StateData(TypedDict):
    game: str
    finished: bool
    winner: str | None
    ended_by: str | None
    dealer: str | None
    players: list[PlayerStateData]
    history: list[SnapshotData]
    pot: PotData
    games: NotRequired[list[GinGameData]]
    net_total: NotRequired[int | None]


@dataclass(frozen=True)
class LedgerEntry:
    """Money a player put in the pot: the stake at the start, or a re-entry fee."""

    kind: LedgerKind
    player: str
    amount: Decimal
    event: int | None  # None for the stakes paid at the start

    def to_dict(self) -> LedgerEntryData:
        return {
            "kind": str(self.kind),
            "player": self.player,
            "amount": f"{self.amount:.2f}",
            "event": self.event,
        }


@dataclass(frozen=True)
class Pot:
    total: Decimal = Decimal("0.00")
    entries: tuple[LedgerEntry, ...] = ()

    def to_dict(self) -> PotData:
        return {
            "total": f"{self.total:.2f}",
            "entries": [entry.to_dict() for entry in self.entries],
        }


@dataclass(slots=True)
class PlayerState:
    name: str
    total: int
    status: Status
    reentries: int = 0
    place: int | None = None  # set once the match has ended; equal players share a place
    hands_won: int = 0  # Gin only

    def to_dict(self, *, gin: bool = False) -> PlayerStateData:
        data: PlayerStateData = {
            "name": self.name,
            "total": self.total,
            "status": str(self.status),
            "reentries": self.reentries,
            "place": self.place,
        }
        if gin:
            data["hands_won"] = self.hands_won
        return data


@dataclass(frozen=True, slots=True)
class GinScoreParts:
    """What one player's final score of a finished Gin game is made of (RULES.md section 3):
    `total` = (`points` + `game_bonus` + `boxes` x `box_value`), doubled when `doubled`.

    - `points`: what the hands won added in this game (bonuses and Oklahoma's spade doubling
      included), boxes not;
    - `boxes`: the boxes whose value is in the score: all of the game's boxes once it is settled
      or when they are paid at once; none when a game is closed without bonuses (a time call, a
      match a mano) and boxes were to be paid at the end;
    - `game_bonus`: the winner's game bonus, or the shutout's game bonus when `shutout` is
      "game_bonus"; 0 for the loser and for a game closed without bonuses;
    - `shutout`: the loser won no hand of the game and the rules reward it (`shutout` option
      "double" or "game_bonus"); `doubled`: the shutout doubled this score.
    """

    points: int
    boxes: int
    box_value: int
    game_bonus: int = 0
    shutout: bool = False
    doubled: bool = False

    @property
    def total(self) -> int:
        total = self.points + self.game_bonus + self.boxes * self.box_value
        return total * 2 if self.doubled else total


@dataclass(frozen=True, slots=True)
class GinGameEnd:
    """A Gin game that an event ended, and what its end added to each player's total beyond
    the hands' own points (RULES.md section 3): `added[name]` is the final score (`parts`, as
    `GinGame.parts`) minus the running score (`scores`): the game bonus, the boxes when they are
    paid at the end, the shutout's doubling; 0 for a game closed without bonuses.
    `boxes_at_end` says whether the boxes' value came with the end (False when each hand paid
    its boxes at once: they are in the hands' points then)."""

    game: int  # the game's number, 1-based
    scores: Mapping[str, int]
    parts: Mapping[str, GinScoreParts]
    boxes_at_end: bool

    @property
    def added(self) -> dict[str, int]:
        return {name: part.total - self.scores[name] for name, part in self.parts.items()}


@dataclass(slots=True)
class GinGame:
    """One game of a Gin match (one, or three in Hollywood)."""

    number: int  # 1-based
    scores: Mapping[str, int]  # running score, boxes included when box_timing is "immediate"
    boxes: Mapping[str, int]  # boxes (hands won, or knocks) counted in this game
    final_scores: Mapping[str, int] | None = None  # with end bonuses, once the game is settled
    winner: str | None = None
    net: int | None = None  # winner's final score minus the loser's
    finished: bool = False
    # Once finished: what each player's final score is made of (not in `to_dict()`, whose shape
    # DESIGN.md fixes); `parts[name].total == final_scores[name]`.
    parts: Mapping[str, GinScoreParts] | None = None

    def to_dict(self) -> GinGameData:
        return {
            "number": self.number,
            "scores": dict(self.scores),
            "boxes": dict(self.boxes),
            "final_scores": dict(self.final_scores) if self.final_scores is not None else None,
            "winner": self.winner,
            "net": self.net,
            "finished": self.finished,
        }


@dataclass(slots=True)
class Snapshot:
    """The state right after one event: what a score sheet row and a chart point show.

    `charges` is what the event changed in each player's total (a hand's points after doubling and
    bonuses, a re-entry's jump, 0 for players it did not touch). `eliminated` lists the players this
    event put out of play. `games` is filled for Gin (the per-game scores after the event), and
    `game_ends` with the games this event ended: their end bonuses are in `charges`, and
    `hand_charges` is what the hand itself scored, without them.
    """

    event: int
    totals: Mapping[str, int]
    charges: Mapping[str, int]
    statuses: Mapping[str, Status]
    eliminated: tuple[str, ...] = ()
    dealer: str | None = None  # who deals the next hand
    games: tuple[GinGame, ...] = ()
    game_ends: tuple[GinGameEnd, ...] = ()  # Gin; not in `to_dict()`, whose shape DESIGN.md fixes

    @property
    def hand_charges(self) -> Mapping[str, int]:
        """What the event itself changed in each total: `charges` without the end bonuses of the
        games it ended (a hand's own points, as the hand card shows them)."""
        if not self.game_ends:
            return self.charges
        return {
            name: charge - sum(end.added.get(name, 0) for end in self.game_ends)
            for name, charge in self.charges.items()
        }

    def to_dict(self) -> SnapshotData:
        data: SnapshotData = {
            "event": self.event,
            "totals": dict(self.totals),
            "charges": dict(self.charges),
            "statuses": {name: str(status) for name, status in self.statuses.items()},
            "eliminated": list(self.eliminated),
            "dealer": self.dealer,
        }
        if self.games:
            data["games"] = [game.to_dict() for game in self.games]
        return data


@dataclass(frozen=True)
class MatchState:
    """The whole state of a match after replaying its events."""

    game: str  # "scala40", "ramino" or "gin"
    players: tuple[PlayerState, ...]  # in seat order
    history: tuple[Snapshot, ...] = ()
    finished: bool = False
    winner: str | None = None
    ended_by: EndedBy | None = None
    dealer: str | None = None  # who deals the next hand (None once finished)
    pot: Pot = field(default_factory=Pot)
    games: tuple[GinGame, ...] = ()  # Gin only
    net_total: int | None = None  # Gin, once finished: the games' net differences, winner's side
    # Penalty games: the total an `eliminated` player gets on re-entering now (RULES.md section 1:
    # the highest total the busting hand left in play, plus `reentry_extra_points`); None when
    # nobody may re-enter. Not in `to_dict()`, whose shape DESIGN.md fixes.
    reentry_total: int | None = None

    def player(self, name: str) -> PlayerState:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    @property
    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}

    @property
    def ranking(self) -> list[PlayerState]:
        """Players by place (ties keep seat order); empty until the match has ended."""
        if not self.finished:
            return []
        return sorted(self.players, key=lambda p: p.place or 0)

    @property
    def games_won(self) -> dict[str, int]:
        """Gin: how many of the finished games each player won (a Hollywood match is won by
        the one who won more games, who may have won fewer hands)."""
        won = {player.name: 0 for player in self.players}
        for game in self.games:
            if game.finished and game.winner is not None:
                won[game.winner] += 1
        return won

    @property
    def in_play(self) -> list[str]:
        return [p.name for p in self.players if p.status == Status.IN_PLAY]

    def to_dict(self) -> StateData:
        gin = self.game == "gin"
        data: StateData = {
            "game": self.game,
            "finished": self.finished,
            "winner": self.winner,
            "ended_by": str(self.ended_by) if self.ended_by else None,
            "dealer": self.dealer,
            "players": [player.to_dict(gin=gin) for player in self.players],
            "history": [snapshot.to_dict() for snapshot in self.history],
            "pot": self.pot.to_dict(),
        }
        if gin:
            data["games"] = [game.to_dict() for game in self.games]
            data["net_total"] = self.net_total
        return data
