"""The cache of a match's replay: the totals, statuses and winner stored on `Match` and
`MatchPlayer`, written by the services (`scoring.services`) in the same transaction as the
event that changed them, with the match row locked. Hands are the truth; this is their summary
for lists and queries, and every write moves the match's revision on (pages poll it)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

from base.rows import save_rows
from scoring.engine import MatchState
from scoring.models import Match, MatchPlayer, MatchStatus
from scoring.signals import match_changed, matches_changed


def refresh_cache(
    match: Match,
    seats: Sequence[MatchPlayer],
    state: MatchState,
    hand_count: int,
    *,
    finished_at: datetime.datetime | None = None,
    changes: int = 1,
) -> None:
    """Store the replay's summary on the match and its seats (same transaction as the change).
    A match that finishes now gets `finished_at` (default: now) as the moment it finished. The
    revision moves on by `changes` (one per event written)."""
    was_finished = match.status == MatchStatus.FINISHED
    changed = apply_replay(
        match, seats, state, hand_count, finished_at=finished_at, changes=changes
    )
    # Only the seats the change touched: the closer's total stays, and so on.
    save_seats(changed, SEAT_CACHE)
    match.save(update_fields=MATCH_CACHE)
    match_changed.send(sender=Match, match=match, was_finished=was_finished)


@dataclass(frozen=True)
class Refresh:
    """One match's part of `refresh_caches`: the replay's state and hand count."""

    match: Match
    seats: Sequence[MatchPlayer]
    state: MatchState
    hand_count: int


def refresh_caches(refreshes: Sequence[Refresh], *, finished_at: datetime.datetime) -> None:
    """`refresh_cache` for many matches at once (one event each), in a number of queries that
    does not grow with them: one UPDATE of the seats that changed, one of the matches, and one
    `matches_changed` for them all (not `match_changed` for each: its receivers do their work for
    the whole batch). Every match's row is locked by the caller."""
    if not refreshes:
        return
    was_finished: dict[int, bool] = {}
    changed: list[MatchPlayer] = []
    for refresh in refreshes:
        was_finished[refresh.match.pk] = refresh.match.status == MatchStatus.FINISHED
        changed += apply_replay(
            refresh.match,
            refresh.seats,
            refresh.state,
            refresh.hand_count,
            finished_at=finished_at,
        )
    save_seats(changed, SEAT_CACHE)
    save_rows(Match, [refresh.match for refresh in refreshes], MATCH_CACHE)
    matches = [refresh.match for refresh in refreshes]
    matches_changed.send(sender=Match, matches=matches, was_finished=was_finished)


# What the cache keeps of a replay, on the seats and on the match.
SEAT_CACHE = ["total", "status", "reentries", "place", "hands_won"]
MATCH_CACHE = [
    "status",
    "finished_at",
    "winner",
    "ended_by",
    "dealer_seat",
    "pot_total",
    "hand_count",
    "revision",
]


def apply_replay(
    match: Match,
    seats: Sequence[MatchPlayer],
    state: MatchState,
    hand_count: int,
    *,
    finished_at: datetime.datetime | None = None,
    changes: int = 1,
) -> list[MatchPlayer]:
    """Set the replay's summary on `match` and `seats` (instances only, nothing written; a match
    not saved yet too); the seats whose cached values changed."""
    by_name = {seat.name: seat for seat in seats}
    changed = []
    for player_state in state.players:
        seat = by_name[player_state.name]
        cached = (
            player_state.total,
            str(player_state.status),
            player_state.reentries,
            player_state.place,
            player_state.hands_won,
        )
        if (seat.total, seat.status, seat.reentries, seat.place, seat.hands_won) != cached:
            seat.total, seat.status, seat.reentries, seat.place, seat.hands_won = cached
            changed.append(seat)
    was_finished = match.status == MatchStatus.FINISHED
    match.status = MatchStatus.FINISHED if state.finished else MatchStatus.IN_PROGRESS
    if state.finished and not was_finished:
        match.finished_at = finished_at or timezone.now()
    elif not state.finished:
        match.finished_at = None
    match.winner = by_name[state.winner] if state.winner else None
    match.ended_by = str(state.ended_by) if state.ended_by else ""
    match.dealer_seat = by_name[state.dealer].seat if state.dealer else None
    match.pot_total = state.pot.total
    match.hand_count = hand_count
    match.revision += changes
    return changed


def save_seats(seats: Sequence[MatchPlayer], fields: Sequence[str]) -> None:
    """Write `fields` of each seat: one UPDATE by primary key, sent for all seats at once."""
    save_rows(MatchPlayer, seats, fields)
