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


@pytest.mark.django_db(transaction=True)
def test_back_change_a_seat_and_start_again_says_so_and_offers_a_new_match(phone, live_server):
    """Back, Dario's seat given to Elena, start: the page says the match had already been started
    with Anna, Bruno, Carla, Dario and the change was not applied; the changed form is shown with
    a new key (the script must not put the old one back), and its button starts a second match."""
    club = ClubFactory(name="Circolo del Tallone")
    logged_in(phone, live_server, member(club, Role.SCOREKEEPER, username="sara"))
    for name in (*NAMES, "Elena"):
        PlayerFactory(club=club, name=name)

    phone.goto(f"{live_server.url}/matches/new/{club.slug}/")
    for seat, name in enumerate(NAMES, start=1):
        phone.get_by_label(f"Seat {seat}", exact=True).select_option(label=name)
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.locator("#entry-title")).to_have_text("Hand 1")
    started = phone.url

    phone.go_back()
    seat_4 = phone.get_by_label("Seat 4", exact=True)
    expect(seat_4).to_have_value(str(club.players.get(name="Dario").pk))
    seat_4.select_option(label="Elena")
    phone.get_by_role("button", name="Start the match").click()
    expect(
        phone.get_by_text(
            f"This match had already been started with {', '.join(NAMES)}: "
            "the change was not applied."
        )
    ).to_be_visible()
    assert Match.objects.filter(club=club).count() == 1
    link = phone.get_by_role("link", name="Go to the match already started")
    assert started.endswith(link.get_attribute("href"))
    expect(phone.get_by_label("Seat 4", exact=True)).to_have_value(
        str(club.players.get(name="Elena").pk)
    )
    phone.get_by_role("button", name="Start a new match with these choices").click()
    expect(phone.locator("#entry-title")).to_have_text("Hand 1")
    assert phone.url != started
    second = Match.objects.filter(club=club).exclude(
        pk__in=[int(started.rstrip("/").split("/")[-1])]
    )
    assert [seat.name for seat in second.get().seats.order_by("seat")] == [*NAMES[:3], "Elena"]
