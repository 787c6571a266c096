"""All'italiana in groups (gironi; BURRACO.md section 3): 8 pairs in 2 groups dealt snake-wise
(1, 4, 5, 8 and 2, 3, 6, 7), 3 turni: each group plays its own round robin, no pair meets one of
the other group, and each group is ranked on its own ("A1", "B1"), on the page and in the CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_facts, burraco_standings
from pairings.burraco.services import split_groups
from tests.clients import log_in
from tests.tournaments.helpers import Staff
from tournaments.services import TournamentActionError

from .helpers import burraco_tournament, pair_lines, play_turno, seat

pytestmark = pytest.mark.django_db


def test_the_groups_are_dealt_snake_wise():
    assert split_groups([1, 2, 3, 4, 5, 6, 7, 8], 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert split_groups([1, 2, 3, 4, 5, 6], 3) == [[1, 6], [2, 5], [3, 4]]
    assert split_groups([1, 2, 3], 1) == [[1, 2, 3]]


def test_two_groups_each_play_their_round_robin_and_are_ranked_on_their_own(client):
    staff = Staff()
    tournament = burraco_tournament(staff, movements=["italiana"] * 3, italiana_groups=2)
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(8), check_in=True
    )
    number = {pair.pk: pair.number for pair in pairs}
    for _ in range(3):
        # NS wins every table by 600 a turno (15-5)
        play_turno(seat(tournament, staff), staff, lambda table: [(300, 100)] * 3)
    facts = burraco_facts(tournament)
    groups = [{1, 4, 5, 8}, {2, 3, 6, 7}]
    met = set()
    for turno in facts.turni:
        assert len(turno.seating.tables) == 4 and not turno.seating.byes
        for table in turno.seating.tables:
            meeting = {number[table.ns[0]], number[table.eo[0]]}
            assert any(meeting <= group for group in groups)  # never across the groups
            met.add(frozenset(meeting))
    assert len(met) == 12  # each group's 6 meetings: a whole round robin
    standings = burraco_standings(tournament)
    by_group: dict[int | None, list[int]] = {}
    for row in standings.rows:
        by_group.setdefault(standings.group_of(row.entry), []).append(row.place)
    assert by_group == {0: [1, 2, 3, 4], 1: [1, 2, 3, 4]}
    assert sum(row.vp for row in standings.rows) == 20 * 4 * 3
    log_in(client, staff.director)
    page = client.get(reverse("pairings:burraco-standings", args=[tournament.pk])).content
    assert b"each group is ranked on its own" in page
    response = client.get(
        reverse("clublife:tournament-standings-csv", args=[tournament.club.slug, tournament.pk])
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))[1:]
    assert [row[0][0] for row in rows] == ["A"] * 4 + ["B"] * 4  # group A's rows, then B's
    assert rows[0][0] == "A1" and rows[4][0] == "B1"


def test_a_group_needs_two_pairs():
    staff = Staff()
    tournament = burraco_tournament(staff, movements=["italiana"], italiana_groups=3)
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(5), check_in=True
    )
    with pytest.raises(TournamentActionError, match="3 groups need at least 6 pairs"):
        seat(tournament, staff)
