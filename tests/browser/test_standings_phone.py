"""The public standings on a 390 px phone (found walking an evening): the five columns fit the
screen, so "Tables" is not cut off behind a sideways scroll of the whole page."""

import pytest

from clubs.models import Role
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import Format

NAMES = ("Massimiliano Bianchi", "Giorgio Verdi", "Lucia Bianchi", "Dario Moretti")


@pytest.mark.django_db(transaction=True)
def test_the_standings_fit_a_phone(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone", is_public=True)
    director = member(club, Role.DIRECTOR, username="dora")
    tournament = services.tournament_create(
        club=club, user=director, name="Coppa", preset="scala40", format=Format.ROUNDS
    )
    for name in NAMES:
        player = PlayerFactory(club=club, name=name)
        services.entry_register(tournament=tournament, user=director, player=player, check_in=True)
    phone.goto(live_server.url + f"/tournaments/{tournament.pk}/standings/")
    phone.locator(".t-standings").wait_for()
    assert phone.locator(".t-standings tbody tr").count() == len(NAMES)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
