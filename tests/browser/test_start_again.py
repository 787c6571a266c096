"""Back after "Start the match" shows the filled form: submitting it again starts no second
match (issue 18, walk of the table): the form's idempotency key lands on the match it started,
and the page says so."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from scoring.models import Match
from tests.browser.test_match_scala40 import NAMES, logged_in
from tests.factories import ClubFactory, PlayerFactory, member


@pytest.mark.django_db(transaction=True)
def test_back_and_start_again_lands_on_the_match_already_started(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    logged_in(phone, live_server, member(club, Role.SCOREKEEPER, username="sara"))
    for name in NAMES:
        PlayerFactory(club=club, name=name)

    phone.goto(f"{live_server.url}/matches/new/{club.slug}/")
    for seat, name in enumerate(NAMES, start=1):
        phone.get_by_label(f"Seat {seat}", exact=True).select_option(label=name)
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.locator("#entry-title")).to_have_text("Hand 1")
    started = phone.url

    phone.go_back()
    expect(phone.get_by_label("Seat 4", exact=True)).to_have_value(
        str(club.players.get(name="Dario").pk)
    )
    phone.get_by_role("button", name="Start the match").click()
    phone.wait_for_url("**/matches/*/")
    expect(phone.get_by_text("This match had already been started: here it is.")).to_be_visible()
    assert phone.url == started
    assert Match.objects.filter(club=club).count() == 1
