"""The Burraco standings read the whole tournament in a number of queries that does not grow with
its pairs, tables or turni (issue 29; the timings are bench/burraco_tournament.py's, never a
test's): 6 pairs over 2 turni and 14 pairs over 3 turni cost the same queries.

Checked that it can fail: with one query a table added to `burraco_facts` (a
`TableSeat.objects.filter(table=table).exists()` in its loop over the tables) the counts were
6 + 6 = 12 and 6 + 21 = 27 queries, and this test failed; without it they are 6 and 6."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_standings
from tests.tournaments.helpers import Staff

from .helpers import burraco_tournament, pair_lines, play_turno, seat

pytestmark = pytest.mark.django_db


def played(pairs: int, turni: int):
    """A tournament of `pairs` pairs with `turni` Mitchell turni played and confirmed, the
    tables' hands different from one table to the next."""
    staff = Staff()
    tournament = burraco_tournament(staff)
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(pairs), check_in=True
    )
    for _turno in range(turni):
        round = seat(tournament, staff)
        play_turno(round, staff, lambda table: [(100 + 50 * table.number, 100)] + [(100, 100)] * 2)
    return tournament


def standings_queries(tournament) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as captured:
        standings = burraco_standings(tournament)
    return len(captured), standings


def test_the_standings_cost_the_same_queries_at_two_sizes():
    small, small_standings = standings_queries(played(pairs=6, turni=2))
    large, large_standings = standings_queries(played(pairs=14, turni=3))
    # what was read: every pair ranked, every turno counted (3 and 7 tables a turno)
    assert len(small_standings.rows) == 6 and small_standings.turni_counted == 2
    assert len(large_standings.rows) == 14 and large_standings.turni_counted == 3
    assert all(row.played == 3 for row in large_standings.rows)
    assert large == small
    assert small <= 7  # entries, pairs, turni, tables, line totals, actions
