"""The cache of a match's replay: the totals, statuses and winner stored on `Match` and
`MatchPlayer`, written by the services (`scoring.services`) in the same transaction as the
event that changed them, with the match row locked. Hands are the truth; this is their summary
for lists and queries, and every write moves the match's revision on (pages poll it)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, cast

from django.db import connection
from django.db.models import Field
from django.utils import timezone

from scoring.engine import MatchState
from scoring.models import Match, MatchPlayer, MatchStatus
from scoring.signals import match_changed


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
    # Only the seats the change touched: the closer's total stays, and so on.
    save_seats(changed, ["total", "status", "reentries", "place", "hands_won"])
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
    match.save(
        update_fields=[
            "status",
            "finished_at",
            "winner",
            "ended_by",
            "dealer_seat",
            "pot_total",
            "hand_count",
            "revision",
        ]
    )
    match_changed.send(sender=Match, match=match, was_finished=was_finished)


def save_seats(seats: Sequence[MatchPlayer], fields: Sequence[str]) -> None:
    """Write `fields` of each seat: one UPDATE by primary key, sent for all seats at once.

    `bulk_update` would build a CASE expression per field, which cost a hand more Python time
    than everything else it writes (see docs/PERFORMANCE.md). For plain fields only: no
    `pre_save` runs (no `auto_now`)."""
    if not seats:
        return
    meta = MatchPlayer._meta
    # Plain concrete fields (and the primary key): each has a column. (A field's value types are
    # Django's generic parameters, whatever they are: Any.)
    columns = [cast("Field[Any, Any]", meta.get_field(name)) for name in fields]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(cast(str, column.column))} = %s" for column in columns)
    pk_column = cast(str, meta.pk.column)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(pk_column)} = %s"
    rows = [
        [
            *(
                column.get_db_prep_save(getattr(seat, column.attname), connection)
                for column in columns
            ),
            seat.pk,
        ]
        for seat in seats
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
