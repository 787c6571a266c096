"""A Burraco individual event through the services (issue 29; BURRACO.md section 3): 16 players
over 4 turni, the partner changes every turno (1st + 2nd v 3rd + 4th by standings), each player
credited with his pair's VP and MP."""

from __future__ import annotations

import pytest

from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_facts, burraco_standings
from pairings.models import VpTable
from pairings.vptables.services import vp_table_create
from tests.tournaments.helpers import Staff, enter_players
from tournaments.formats import format_of
from tournaments.models import TableSeat
from tournaments.services import TournamentActionError

from .helpers import burraco_tournament, play_turno, seat

pytestmark = pytest.mark.django_db


def test_sixteen_players_change_partner_every_turno():
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_individual")
    assert tournament.rounds_planned == 4
    entries = enter_players(tournament, staff.director, 16)
    # turno 1 by registration: 1 + 2 v 3 + 4 at table 1
    round = seat(tournament, staff)
    first = {
        seat.seat: seat.entry_id
        for seat in TableSeat.objects.filter(table__round=round, table__number=1)
    }
    assert first == {1: entries[0].pk, 3: entries[1].pk, 2: entries[2].pk, 4: entries[3].pk}
    # NS wins every table by 600 (15-5): players 1, 2, 5, 6, 9, 10, 13, 14 have 15 VP
    play_turno(round, staff, lambda table: [(300, 100)] * 3)
    standings = burraco_standings(tournament)
    vp = {row.entry: row.vp for row in standings.rows}
    assert [vp[entry.pk] for entry in entries[:4]] == [15, 15, 5, 5]
    assert sum(row.mp for row in standings.rows) == 0
    for _ in range(3):
        play_turno(seat(tournament, staff), staff, lambda table: [(200, 100)] * 3)
    facts = burraco_facts(tournament)
    partners = [
        frozenset(line)
        for turno in facts.turni
        for table in turno.seating.tables
        for line in (table.ns, table.eo)
    ]
    assert len(partners) == len(set(partners)) == 32  # nobody partnered twice
    standings = burraco_standings(tournament)
    assert all(row.played == 4 for row in standings.rows)
    assert sum(row.vp for row in standings.rows) == 2 * 20 * 4 * 4  # each line's VP, twice
    assert format_of(tournament).can_finish(tournament)


def test_a_turno_of_two_hands_waits_for_the_clubs_table():
    staff = Staff()
    tournament = burraco_tournament(staff, hands_per_turno=2)

    burraco.pairs_register(
        tournament=tournament,
        user=staff.director,
        lines=["A Uno / B Due", "C Tre / D Quattro"],
        check_in=True,
    )
    tournament.movements = ["mitchell"]
    tournament.save()
    with pytest.raises(TournamentActionError, match="no VP table for turni of 2 hands"):
        seat(tournament, staff)
    with pytest.raises(TournamentActionError, match="gives 14 VP"):  # a bye's VP
        vp_table_create(
            club=staff.club,
            user=staff.director,
            name="Senza 14",
            hands=2,
            bands=[
                {"low": 0, "high": 30, "winner": 10, "loser": 10},
                {"low": 35, "high": None, "winner": 12, "loser": 8},
            ],
        )
        seat(tournament, staff)
    VpTable.objects.filter(name="Senza 14").delete()
    vp_table_create(
        club=staff.club,
        user=staff.director,
        name="Circolo, 2 smazzate",
        hands=2,
        bands=[
            {"low": 0, "high": 30, "winner": 10, "loser": 10},
            {"low": 35, "high": 150, "winner": 12, "loser": 8},
            {"low": 155, "high": None, "winner": 14, "loser": 6},
        ],
    )
    round = seat(tournament, staff)
    assert round.report["vp_table"]["name"] == "Circolo, 2 smazzate"
    play_turno(round, staff, lambda table: [(150, 100)] * 2)
    rows = burraco_standings(tournament).rows
    assert sorted(row.vp for row in rows) == [8, 12]  # D = 100 on the club's table
