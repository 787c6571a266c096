"""A tournament table's match page learns its tournament from the place provider tournaments
register with `scoring.pages` (scoring names none of tournaments' URLs): the tournament's link,
the director's way to reopen a finished tournament, the confirmation at the table."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring import pages
from scoring import services as scoring
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.match_pages import table_place

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(user)
    return client


def finished_tournament():
    """A one-round tournament of four: a hand, time called, the table confirmed, finished."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di novembre",
        preset="scala40",
        format="rounds",
        rounds_planned=1,
    )
    enter_players(tournament, staff.director, 4)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    table = round.tables.select_related("match").get()
    closer, *others = table.match.seats.order_by("seat").values_list("name", flat=True)
    points = {name: 10 * (index + 1) for index, name in enumerate(others)}
    scoring.hand_record(
        match=table.match, user=staff.scorekeeper, data={"closer": closer, "points": points}
    )
    scoring.match_call_time(match=table.match, user=staff.scorekeeper)
    services.table_confirm(table=table, user=staff.director)
    services.tournament_finish(tournament=tournament, user=staff.director)
    return staff, tournament, table.match


def test_tournaments_register_their_place_provider_once():
    assert pages.place_providers.count(table_place) == 1
    pages.add_place_provider(table_place)
    assert pages.place_providers.count(table_place) == 1


def test_a_director_is_linked_to_reopen_the_finished_tournament_a_scorekeeper_is_not():
    staff, tournament, match = finished_tournament()
    reopen = f'<a href="{tournament.get_absolute_url()}#reopen">Reopen the tournament</a>'
    page = client_of(staff.director).get(match.get_absolute_url()).content.decode()
    assert 'id="closed"' in page and reopen in page
    assert f'href="{tournament.get_absolute_url()}" id="tournament-link">Coppa di novembre<' in page
    page = client_of(staff.scorekeeper).get(match.get_absolute_url()).content.decode()
    assert 'id="closed"' in page and "Reopen the tournament" not in page
    assert 'id="tournament-link">Coppa di novembre<' in page


def test_without_the_provider_the_match_page_knows_no_tournament(monkeypatch):
    """The page's tournament parts come from the registry only (the control of the test above)."""
    staff, tournament, match = finished_tournament()
    monkeypatch.setattr(pages, "place_providers", [])
    page = client_of(staff.director).get(match.get_absolute_url()).content.decode()
    assert 'id="closed"' in page  # the match still says why it takes no change
    assert "#reopen" not in page and 'id="tournament-link"' not in page
    assert reverse("tournaments:detail", args=[tournament.pk]) not in page
