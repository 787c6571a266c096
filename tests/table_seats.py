"""Joining a table in tests: a phone claims a seat (issue 25), the lowest one no phone holds."""

from __future__ import annotations

from scoring.models import MatchPlayer, TableCode, TableJoin
from scoring.table_codes import normalize


def free_seat(code: str) -> int:
    """The lowest seat of the code's match that no phone holds (1 for a wrong code)."""
    found = TableCode.objects.filter(code=normalize(code), is_current=True).first()
    if found is None:
        return 1
    held = TableJoin.objects.filter(code=found, seat__isnull=False, released_at=None)
    seats = MatchPlayer.objects.filter(match_id=found.match_id).exclude(
        pk__in=held.values("seat_id")
    )
    first = seats.order_by("seat").values_list("seat", flat=True).first()
    return first or 1
