"""The director's actions that ask first and can be undone, through the test client: a drop, a
reinstatement, calling time, reseating and finishing ask in words what will happen; a dropped
player comes back until the next round is seated; a round whose every table counts shows as
complete, with no clock and no time to call."""

import random

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import ClubFactory
from tournaments import services
from tournaments.models import Entry, EntryStatus, Format, Round, RoundStatus, TournamentStatus

from .helpers import Staff, enter_players, play_round

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def shown(response):
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))


@pytest.fixture
def director(client, staff):
    client.force_login(staff.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return staff.director


def make(staff, **settings_):
    options = {"name": "Coppa", "preset": "scala40", "format": Format.ROUNDS, "is_public": True}
    options.update(settings_)
    return services.tournament_create(club=staff.club, user=staff.director, **options)


def started(staff, players=8, **settings_):
    tournament = make(staff, **settings_)
    enter_players(tournament, staff.director, players)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    round.refresh_from_db()
    return tournament, round


# A complete round ------------------------------------------------------------------------------


def test_a_round_whose_every_table_is_confirmed_shows_complete_with_no_clock(
    client, staff, director
):
    tournament, round = started(staff, players=8, rounds_planned=2)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Call time at every table" in page and " left</strong>" in page
    assert 'hx-trigger="every' in page

    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(2))
    round.refresh_from_db()
    assert round.status == RoundStatus.RUNNING  # in the records, until the next is seated
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert '<span class="badge t-round complete">Complete</span>' in page
    assert "2 of 2 tables done" in page
    assert "The round is complete: every table's result counts." in page
    assert "Call time at every table" not in page
    assert " left</strong>" not in page and "Time called" not in page
    assert "Pause the clock" not in page
    assert 'hx-trigger="every' not in page  # nothing left to follow
    assert "Seat the next round" in page


def test_the_polled_panel_reloads_the_page_once_the_round_is_complete(client, staff, director):
    tournament, round = started(staff, players=8)
    panel = client.get(
        tournament.get_absolute_url() + "?panel=round", headers={"HX-Request": "true"}
    )
    assert "HX-Refresh" not in panel
    assert "Call time at every table" in panel.content.decode()
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(4))
    panel = client.get(
        tournament.get_absolute_url() + "?panel=round", headers={"HX-Request": "true"}
    )
    assert panel["HX-Refresh"] == "true"
    assert "Complete" in panel.content.decode()
