"""Query budgets: the standings and seating pages read a tournament in the same number of queries
whatever its size (8 or 40 players, two rounds played, a third seated)."""

import random

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import Format

from .helpers import Staff, enter_players, play_round

pytestmark = pytest.mark.django_db

BUDGET = 10


def build(players: int):
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name=f"Torneo da {players}",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=3,
        is_public=True,
    )
    enter_players(tournament, staff.director, players)
    rng = random.Random(players)
    for number in (1, 2):
        round = services.round_seat(tournament=tournament, user=staff.director, seed=number)
        play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
    services.round_seat(tournament=tournament, user=staff.director, seed=3)
    return staff, tournament


def queries(client, address):
    with CaptureQueriesContext(connection) as context:
        response = client.get(address)
    assert response.status_code == 200
    return len(context.captured_queries), response


@pytest.mark.parametrize("name", ["standings", "seating"])
@pytest.mark.parametrize("as_director", [False, True], ids=["visitor", "director"])
def test_the_page_costs_the_same_queries_for_8_and_40_players(client, name, as_director):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    counts = []
    for players in (8, 40):
        staff, tournament = build(players)
        if as_director:
            client.force_login(staff.director)
        address = reverse(f"tournaments:{name}", args=[tournament.pk])
        count, response = queries(client, address)
        content = response.content.decode()
        assert content.count("Giocatore ") >= players  # every player is on the page
        counts.append(count)
    assert counts[0] == counts[1], counts
    assert counts[0] <= BUDGET, counts


def test_the_standings_refresh_costs_the_same_queries_for_8_and_40_players(client):
    counts = []
    for players in (8, 40):
        _staff, tournament = build(players)
        address = reverse("tournaments:standings", args=[tournament.pk])
        with CaptureQueriesContext(connection) as context:
            response = client.get(address, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1] <= BUDGET, counts
