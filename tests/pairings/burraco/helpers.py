"""Burraco tournaments in tests: a tournament of pairs or players, and a turno played at its
tables with chosen line totals (tallone hands, both pozzetti taken: a line's hand total is the
value of the cards it melded)."""

from __future__ import annotations

from collections.abc import Callable

from pairings.burraco import services as burraco
from scoring import services as scoring
from scoring.models import Match
from tests.tournaments.helpers import Staff
from tournaments import services
from tournaments.models import Round, Table


def burraco_tournament(staff: Staff, format: str = "burraco_pairs", **settings):
    settings.setdefault("is_public", True)  # factory clubs are private
    return services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Torneo di Burraco",
        preset="burraco",
        format=format,
        **settings,
    )


def pair_lines(count: int, prefix: str = "Giocatore") -> list[str]:
    return [
        f"{prefix} {2 * number - 1:02d} / {prefix} {2 * number:02d}"
        for number in range(1, count + 1)
    ]


def tallone(ns: int, eo: int) -> dict[str, object]:
    """A hand that ends with the stock used up: NS scores `ns`, EO `eo` (multiples of 5)."""
    return {
        "end": "tallone",
        "lines": {
            "NS": {"pozzetto_taken": True, "melded": ns, "in_hand": 0},
            "EO": {"pozzetto_taken": True, "melded": eo, "in_hand": 0},
        },
    }


def play_table(table: Table, user, hands: list[tuple[int, int]], confirm_by=None) -> Match:
    """Enter `hands` at the table's match (each an NS and an EO total), then confirm it."""
    match = Match.objects.get(pk=table.match_id)
    for ns, eo in hands:
        scoring.hand_record(match=match, user=user, data=tallone(ns, eo))
    if confirm_by is not None:
        services.table_confirm(table=table, user=confirm_by)
    return match


def play_turno(
    round: Round,
    staff: Staff,
    hands_of: Callable[[Table], list[tuple[int, int]]],
) -> None:
    """Every table of the turno played (`hands_of(table)`) by the scorekeeper and confirmed by
    the director."""
    for table in round.tables.order_by("number"):
        play_table(table, staff.scorekeeper, hands_of(table), confirm_by=staff.director)


def seat(tournament, staff: Staff) -> Round:
    return burraco.turno_seat(tournament=tournament, user=staff.director)
