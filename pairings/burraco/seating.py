"""Seating a Burraco turno (BURRACO.md section 3), for `pairings.burraco.services.turno_seat`
through the formats (`pairings.burraco.formats.BurracoFormat.seat_turno`, `turno_vp_table`,
`table_seats`): the turno's VP table, the engine's seating of pairs (Mitchell, danese,
all'italiana), of an individual event's players, or of teams, each team match at two tables.
These read; `turno_seat` writes what they decide, under the tournament's lock.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.utils.translation import gettext_lazy as _

from pairings.burraco.selectors import BurracoFacts, burraco_standings
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import danese, movements
from pairings.engine.burraco.movements import Table as EngineTable
from pairings.engine.burraco.movements import TurnoSeating
from pairings.engine.burraco.vp_tables import DEFAULT_VP_TABLES, VpTable, bands_of, check_vp_table
from pairings.engine.round_robin import round_robin
from pairings.models import TeamLineup
from pairings.models import VpTable as ClubVpTable
from pairings.presenters import default_vp_table_name
from tournaments.errors import TournamentActionError
from tournaments.models import Entry, Tournament

# The seats of a turno's tables: (table number, NS entries, EO entries)
TableSeats = list[tuple[int, list[Entry], list[Entry]]]


class PlannedMovements(Protocol):
    """What the seating asks a format: each turno's movement, and how many turni there are."""

    def movement(self, tournament: Tournament, number: int) -> str: ...

    def planned_turni(self, tournament: Tournament) -> int: ...


def vp_table_for(
    tournament: Tournament, hands: int, *, for_teams: bool = False
) -> tuple[str, VpTable]:
    """The VP table of a turno of `hands` hands: the club's own for that count (the last
    edited), else the one the engine ships; refused when there is none (a 2-hand turno). A
    team match's table is the club's own team table: no other is used for it, nor it for
    pairs."""
    own = (
        ClubVpTable.objects.filter(club_id=tournament.club_id, hands=hands, for_teams=for_teams)
        .order_by("-updated_at", "-pk")
        .first()
    )
    if own is not None:
        bands = bands_of((band["low"], band["high"], band["winner"]) for band in own.bands)
        return own.name, check_vp_table(hands, bands)
    if for_teams:
        raise TournamentActionError(
            _(
                "There is no team VP table for turni of %(hands)s hands: enter one in the "
                "club's VP tables (for team matches) before seating the turno."
            )
            % {"hands": hands},
            field="hands_per_turno",
        )
    if hands in DEFAULT_VP_TABLES:
        return default_vp_table_name(hands), DEFAULT_VP_TABLES[hands]
    raise TournamentActionError(
        _(
            "There is no VP table for turni of %(hands)s hands: enter one in the club's VP "
            "tables before seating the turno."
        )
        % {"hands": hands},
        field="hands_per_turno",
    )


def _without_absent(seating: TurnoSeating, present: set[PlayerId]) -> TurnoSeating:
    """A movement planned ahead (Mitchell, all'italiana) with the pairs gone since: a table
    that lost a line gives the other a bye."""
    tables, byes = [], [bye for bye in seating.byes if bye in present]
    for table in seating.tables:
        ns_in, eo_in = table.ns[0] in present, table.eo[0] in present
        if ns_in and eo_in:
            tables.append(table)
        elif ns_in or eo_in:
            byes.append(table.ns[0] if ns_in else table.eo[0])
    numbered = tuple(
        EngineTable(number, table.ns, table.eo) for number, table in enumerate(tables, start=1)
    )
    return TurnoSeating(seating.turno, numbered, tuple(byes))


def _planned_order(facts: BurracoFacts, movement: str, present: list[PlayerId]) -> list[PlayerId]:
    """The pairs of a movement planned ahead, fixed at its first turno (kept in its report)."""
    for turno in facts.turni:
        if turno.movement == movement:
            return list((turno.round.report or {}).get("order", present))
    return present


def seat_pairs(
    tournament: Tournament, kind: PlannedMovements, facts: BurracoFacts, number: int
) -> tuple[TurnoSeating, dict[str, Any]]:
    movement = kind.movement(tournament, number)
    present = facts.present()
    if len(present) < 2:
        raise TournamentActionError(
            _("At least 2 pairs must be checked in to seat a turno (now: %(count)s).")
            % {"count": len(present)},
            field="entries",
        )
    previous = [turno.seating for turno in facts.turni]
    same = sum(1 for n in range(1, number) if kind.movement(tournament, n) == movement)
    total = sum(
        1
        for n in range(1, kind.planned_turni(tournament) + 1)
        if kind.movement(tournament, n) == movement
    )
    if movement == "mitchell":
        order = _planned_order(facts, movement, present)
        plan = movements.mitchell(order, total, tournament.mitchell_skip)
        seating = plan.turni[same]
        return _without_absent(seating, set(present)), {
            "order": order,
            "odd_tables": plan.odd_tables,
        }
    if movement == "italiana":
        order = _planned_order(facts, movement, present)
        schedule = round_robin(order)
        scheduled = schedule[same % len(schedule)]
        tables = tuple(
            # NS and EO alternate from one turno to the next
            EngineTable(index, (p.first,), (p.second,))
            if same % 2 == 0
            else EngineTable(index, (p.second,), (p.first,))
            for index, p in enumerate(scheduled.pairings, start=1)
        )
        seating = TurnoSeating(number, tables, (scheduled.bye,) if scheduled.bye else ())
        return _without_absent(seating, set(present)), {"order": order}
    ranked = [
        line for line in burraco_standings(tournament, facts).standings.ranked() if line in present
    ]
    seated = danese.danese_turno(
        ranked,
        number,
        previous,
        tournament.danese,
        last_turno=number == kind.planned_turni(tournament),
    )
    return seated.seating, {
        "step": str(seated.step),
        "repeats": [sorted(pair) for pair in seated.repeats],
    }


def seat_individual(
    tournament: Tournament, facts: BurracoFacts, number: int
) -> tuple[TurnoSeating, dict[str, Any]]:
    present = facts.present()
    if number == 1:
        ranked = present
    else:
        ranked = [
            line
            for line in burraco_standings(tournament, facts).standings.ranked()
            if line in present
        ]
    seated = movements.individual_turno(
        ranked, number, [turno.seating for turno in facts.turni], tournament.grouping
    )
    return seated.seating, {"repeats": [sorted(pair) for pair in seated.repeats]}


# Teams: a team match at two tables ----------------------------------------------------------


def _lineups(facts: BurracoFacts, turno: int) -> dict[PlayerId, TeamLineup]:
    return {
        lineup.team_id: lineup
        for lineup in TeamLineup.objects.filter(team__tournament=facts.tournament, turno=turno)
    }


def teams_seat(
    tournament: Tournament, kind: PlannedMovements, facts: BurracoFacts, number: int
) -> tuple[TurnoSeating, dict[str, Any]]:
    """Turno `number` of a team tournament: the teams present seated by the turno's movement
    (danese or all'italiana, as pairs are), refused while a team seated has not named its pairs
    for the turno (a team with a bye needs none)."""
    present = facts.present()
    if len(present) < 2:
        raise TournamentActionError(
            _("At least 2 teams of 4 players checked in are needed (now: %(count)s).")
            % {"count": len(present)},
            field="entries",
        )
    seating, extra = seat_pairs(tournament, kind, facts, number)
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
    return seating, {**extra, "team_match": True, "lineups": named}


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
