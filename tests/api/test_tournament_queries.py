"""Query budgets: every tournament read costs the same with 8 players and with 24."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Role
from pairings import services as pairing_services
from tests.api.conftest import Api
from tests.factories import PlayerFactory, member
from tests.tournaments.helpers import Staff, enter_players, play_round
from tournaments import services

# A logged-in read: the session, the user and the tournament, then what the selector reads (five
# queries for the whole tournament view: entries, rounds, tables, seats, match results).
TABLE_READS = {
    "": 9,
    "entries/": 4,
    "rounds/": 8,
    "rounds/1/": 9,
    "standings/": 8,
    "final-ranking/": 8,  # the ranking and the ledger share one tournament view
    "ledger/": 8,
}
# Gin reads the bracket's facts in six queries; the final ranking reads them for itself and for
# the payouts.
GIN_READS = {"bracket/": 9, "standings/": 9, "final-ranking/": 20, "rounds/": 8}


def queries(client: Api, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.content
    return len(captured)


def table_tournament(size: int):
    """A rounds tournament of `size` players: round 1 played and confirmed, round 2 seated."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=None, name="T", preset="scala40", format="rounds", entry_fee="5"
    )
    enter_players(tournament, staff.director, size)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1))
    services.round_seat(tournament=tournament, user=staff.director, seed=2)
    return tournament, member(staff.club, Role.MEMBER)


def bracket_tournament(size: int):
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=None, name="G", preset="gin-standard", format="single_elimination"
    )
    for number in range(size):
        player = PlayerFactory(club=staff.club, name=f"Giocatore {number:02d}")
        services.entry_register(tournament=tournament, user=None, player=player, check_in=True)
    pairing_services.draw(tournament=tournament, user=staff.director)
    return tournament, member(staff.club, Role.MEMBER)


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "budget"), sorted(TABLE_READS.items()))
def test_a_table_tournament_read_has_a_fixed_query_budget(path, budget):
    counts = []
    for size in (8, 24):
        tournament, user = table_tournament(size)
        counts.append(queries(Api(user), f"/api/v1/tournaments/{tournament.pk}/{path}"))
    assert counts[0] == counts[1] <= budget, counts


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "budget"), sorted(GIN_READS.items()))
def test_a_bracket_read_has_a_fixed_query_budget(path, budget):
    counts = []
    for size in (6, 20):
        tournament, user = bracket_tournament(size)
        counts.append(queries(Api(user), f"/api/v1/tournaments/{tournament.pk}/{path}"))
    assert counts[0] == counts[1] <= budget, counts


@pytest.mark.django_db
def test_the_tournament_list_has_a_fixed_query_budget():
    counts = []
    for size in (3, 30):
        staff = Staff()
        for number in range(size):
            services.tournament_create(
                club=staff.club, user=None, name=f"T{number}", preset="scala40", format="rounds"
            )
        user = member(staff.club, Role.MEMBER)
        counts.append(queries(Api(user), "/api/v1/tournaments/"))
    assert counts[0] == counts[1] <= 4, counts
