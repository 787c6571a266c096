"""Seating a Burraco team turno (BURRACO.md section 3), for `pairings.burraco.services.turno_seat`
through the team format (`pairings.burraco.formats.BurracoTeamsFormat.seated`, `table_seats`):
the engine seats teams as it seats pairs (danese, all'italiana); each of its tables is a team
match at two tables, seated from the pairs each team named for the turno (`TeamLineup`). These
read; `turno_seat` writes what they decide, under the tournament's lock.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from pairings.burraco.selectors import BurracoFacts
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco.movements import TurnoSeating
from pairings.models import TeamLineup
from tournaments.errors import TournamentActionError
from tournaments.models import Entry

# The seats of a turno's tables: (table number, NS entries, EO entries)
TableSeats = list[tuple[int, list[Entry], list[Entry]]]


def _lineups(facts: BurracoFacts, turno: int) -> dict[PlayerId, TeamLineup]:
    return {
        lineup.team_id: lineup
        for lineup in TeamLineup.objects.filter(team__tournament=facts.tournament, turno=turno)
    }


def team_turno_seated(facts: BurracoFacts, seating: TurnoSeating) -> dict[str, Any]:
    """A team turno the engine seated (danese or all'italiana, teams as lines): refused while a
    team at a table has not named its pairs for the turno (a team with a bye needs none); what
    its report keeps besides (`team_match`, and each team's pairs: entry ids, pair 1 first)."""
    number = seating.turno
    lineups = _lineups(facts, number)
    missing = [
        facts.name(line)
        for table in seating.tables
        for line in (*table.ns, *table.eo)
        if line not in lineups
    ]
    if missing:
        raise TournamentActionError(
            _("Name the pairs of %(teams)s for turno %(number)s first.")
            % {"teams": ", ".join(missing), "number": number},
            field="lineup",
        )
    named = {
        str(team): [lineup.first_id, lineup.second_id, lineup.third_id, lineup.fourth_id]
        for team, lineup in lineups.items()
    }
    return {"team_match": True, "lineups": named}


def team_table_seats(facts: BurracoFacts, seating: TurnoSeating) -> TableSeats:
    """Match k at two tables: 2k - 1, team A's pair 1 NS v team B's pair 1 EO; 2k, team B's
    pair 2 NS v team A's pair 2 EO (A: the engine's NS team)."""
    lineups = _lineups(facts, seating.turno)
    entries = facts.entries
    seats: TableSeats = []
    for match in seating.tables:
        a, b = lineups[match.ns[0]], lineups[match.eo[0]]
        seats.append(
            (
                2 * match.table - 1,
                [entries[a.first_id], entries[a.second_id]],
                [entries[b.first_id], entries[b.second_id]],
            )
        )
        seats.append(
            (
                2 * match.table,
                [entries[b.third_id], entries[b.fourth_id]],
                [entries[a.third_id], entries[a.fourth_id]],
            )
        )
    return seats
