"""Resuming a replay: the live state of a match after its events, to keep between two writes.

`replay` walks every event from the start; a match that only grows needs less. `start(rules,
players, first_dealer)` gives the `Progress` of a match before its first event, `advance(progress,
event)` applies the next event in force (refusing it exactly as `replay` would, same message,
field and event index) and answers the snapshot after it, and `state(progress)` is the
`MatchState` so far, without history. `to_cache(progress)` is the live state as JSON-ready data
(totals, statuses, dealer, re-entry window, pot, games: what the next event needs, never the
per-event history, so its size does not grow with the match) and `from_cache` takes it back.

Hands stay the truth: `advance` over the events in force from `start` gives the state `replay`
gives (a property test checks it, with corrections and voids replayed from the start). A progress
whose `advance` raised must be dropped: the refused event may have been partly applied.
`snapshot_data` / `snapshot_from_data` keep a `Snapshot` (what a page row shows) as JSON too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import gin
from .burraco import BurracoMatch, BurracoSnapshot
from .burraco_hands import LineScore
from .events import Event
from .gin import GinMatch
from .penalty import PenaltyMatch
from .ramino import RAMINO
from .replay import validate_players
from .rules import BurracoRules, GinRules, RaminoRules, RuleSet, Scala40Rules
from .scala40 import SCALA40
from .state import GinGame, GinGameEnd, GinScoreParts, MatchState, Snapshot, Status

CACHE_FORMAT = 1  # a cache of another format is not read (the match is replayed instead)


# The engines' match objects: each applies one event at a time and keeps its live state.
EngineMatch = PenaltyMatch | GinMatch | BurracoMatch


class Progress:
    """A match part-way through its events: `applied` events in force so far."""

    __slots__ = ("_match", "applied", "players", "rules")

    def __init__(self, rules: RuleSet, players: tuple[str, ...], match: EngineMatch) -> None:
        self.rules = rules
        self.players = players
        self.applied = 0  # the index the next event gets
        self._match = match


def start(rules: RuleSet, players: Sequence[str], first_dealer: str | None = None) -> Progress:
    """The match before its first event (players checked as `replay` checks them)."""
    names = tuple(players)
    validate_players(rules, names, first_dealer)
    dealer = first_dealer if first_dealer is not None else names[0]
    match: EngineMatch
    if isinstance(rules, Scala40Rules):
        match = PenaltyMatch(rules, names, dealer, SCALA40)
    elif isinstance(rules, RaminoRules):
        match = PenaltyMatch(rules, names, dealer, RAMINO)
    elif isinstance(rules, GinRules):
        first, second = names
        match = GinMatch(rules, (first, second), dealer)
    elif isinstance(rules, BurracoRules):
        match = BurracoMatch(rules, names, dealer)
    else:
        raise TypeError(f"not a rule set: {rules!r}")
    return Progress(rules, names, match)


def advance(progress: Progress, event: Event) -> Snapshot:
    """Apply the next event in force; answer the snapshot after it. Raises `EngineError` located
    at the event's index among the events in force, as `replay` does."""
    match = progress._match
    match.apply(progress.applied, event)
    progress.applied += 1
    return match.history.pop()


def state(progress: Progress) -> MatchState:
    """The state of the match after the events applied (its `history` is empty)."""
    return progress._match.state()


def to_cache(progress: Progress) -> dict[str, Any]:
    """The live state as JSON-ready data, of constant size whatever the match's length."""
    return {
        "format": CACHE_FORMAT,
        "game": progress.rules.game,
        "applied": progress.applied,
        "match": progress._match.to_cache(),
    }


def from_cache(
    rules: RuleSet, players: Sequence[str], first_dealer: str | None, data: Mapping[str, Any]
) -> Progress | None:
    """The progress `to_cache` kept, for a match of these rules and players; None when `data`
    is of another format or game (the caller replays from the start then)."""
    if data.get("format") != CACHE_FORMAT or data.get("game") != rules.game:
        return None
    progress = start(rules, players, first_dealer)
    progress._match.load_cache(data["match"])
    progress.applied = int(data["applied"])
    return progress


# Snapshots as JSON ---------------------------------------------------------------------------


def snapshot_data(snapshot: Snapshot) -> dict[str, Any]:
    """A snapshot as JSON-ready data, all of it (`Snapshot.to_dict` leaves some out)."""
    data: dict[str, Any] = {
        "event": snapshot.event,
        "totals": dict(snapshot.totals),
        "charges": dict(snapshot.charges),
        "statuses": {name: str(status) for name, status in snapshot.statuses.items()},
        "eliminated": list(snapshot.eliminated),
        "dealer": snapshot.dealer,
    }
    if snapshot.games:
        data["games"] = [_gin_game_data(game) for game in snapshot.games]
    if snapshot.game_ends:
        data["game_ends"] = [
            {
                "game": end.game,
                "scores": dict(end.scores),
                "parts": {name: gin.parts_data(parts) for name, parts in end.parts.items()},
                "boxes_at_end": end.boxes_at_end,
            }
            for end in snapshot.game_ends
        ]
    if isinstance(snapshot, BurracoSnapshot):
        data["lines"] = {name: _line_score_data(score) for name, score in snapshot.lines.items()}
        data["line_totals"] = dict(snapshot.line_totals)
    return data


def snapshot_from_data(data: Mapping[str, Any]) -> Snapshot:
    """The snapshot `snapshot_data` gave."""
    common: dict[str, Any] = {
        "event": data["event"],
        "totals": dict(data["totals"]),
        "charges": dict(data["charges"]),
        "statuses": {name: Status(status) for name, status in data["statuses"].items()},
        "eliminated": tuple(data["eliminated"]),
        "dealer": data["dealer"],
    }
    if "line_totals" in data:  # Burraco's: the lines' scores beside the players'
        return BurracoSnapshot(
            **common,
            lines={name: LineScore(**score) for name, score in data["lines"].items()},
            line_totals=dict(data["line_totals"]),
        )
    return Snapshot(
        **common,
        games=tuple(_gin_game(game) for game in data.get("games", ())),
        game_ends=tuple(
            GinGameEnd(
                game=end["game"],
                scores=dict(end["scores"]),
                parts={name: GinScoreParts(**parts) for name, parts in end["parts"].items()},
                boxes_at_end=end["boxes_at_end"],
            )
            for end in data.get("game_ends", ())
        ),
    )


def _gin_game_data(game: GinGame) -> dict[str, Any]:
    parts = game.parts
    return {
        **game.to_dict(),
        "parts": None if parts is None else {n: gin.parts_data(p) for n, p in parts.items()},
    }


def _gin_game(data: Mapping[str, Any]) -> GinGame:
    parts = data.get("parts")
    final = data["final_scores"]
    return GinGame(
        number=data["number"],
        scores=dict(data["scores"]),
        boxes=dict(data["boxes"]),
        final_scores=dict(final) if final is not None else None,
        winner=data["winner"],
        net=data["net"],
        finished=data["finished"],
        parts=None if parts is None else {n: GinScoreParts(**p) for n, p in parts.items()},
    )


def _line_score_data(score: LineScore) -> dict[str, int]:
    return {
        "burraci": score.burraci,
        "closing": score.closing,
        "pozzetto_penalty": score.pozzetto_penalty,
        "pozzetto_unplayed": score.pozzetto_unplayed,
        "melded": score.melded,
        "in_hand": score.in_hand,
    }
