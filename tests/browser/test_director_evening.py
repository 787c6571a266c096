"""A real evening at the desk in Chromium, on a laptop (1366x768): the director pastes a guest
list of 20 names (a name listed twice is refused by name, and nobody is entered until the list is
fixed); a drop asks first, saying what will happen, and the dropped player is reinstated; calling
time asks first; once every table is confirmed the round shows as complete, with no clock and no
time to call."""

import os
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.steps import window
from tests.browser.test_tournament_director import log_in
from tests.factories import ClubFactory, member
from tests.tournaments.helpers import enter_players, play_round
from tournaments import services
from tournaments.models import Entry, EntryStatus, Format

LAPTOP = {"width": 1366, "height": 768}
GUESTS = [
    "Anna Ferri",
    "Bruno Esposito",
    "Carla Conti",
    "Dario Russo",
    "Elena Greco",
    "Fabio Marino",
    "Giulia Bruno",
    "Luca Gallo",
    "Marta Ricci",
    "Nicola Costa",
    "Olga Fontana",
    "Paolo Moretti",
    "Rita Barbieri",
    "Sergio Lombardi",
    "Teresa Rinaldi",
    "Ugo Caruso",
    "Vera Ferrara",
    "Walter Santoro",
    "Zeno Mariani",
    "Maria Antonietta Buonarroti-Esposito",
]
# Screenshots to look at: TALLONE_SHOTS=/some/dir
SHOTS = os.environ.get("TALLONE_SHOTS", "")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.fixture
def laptop(browser, request):
    """A page in a laptop-sized window; a screenshot is kept when the test fails, and any
    content security policy violation fails the test."""
    with window(browser, request, LAPTOP, "en-GB") as page:
        yield page


@pytest.fixture
def club():
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    member(club, Role.DIRECTOR, username="dora")
    return club


@pytest.mark.django_db(transaction=True)
def test_a_guest_list_of_twenty_pasted_names_registers_twenty_entries(laptop, live_server, club):
    director = club.memberships.get(role=Role.DIRECTOR).user
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee="10",
    )
    log_in(laptop, live_server, "dora")
    laptop.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")
    names = laptop.get_by_label("Guests, one name per line")

    # A list with a name twice: refused by name beside the field, nobody entered.
    names.fill("\n".join([*GUESTS[:5], "anna ferri", *GUESTS[5:]]))
    laptop.get_by_role("button", name="Register", exact=True).click()
    expect(laptop.locator(".field.has-error")).to_contain_text("Listed twice: anna ferri.")
    expect(laptop.get_by_text("No players entered yet.")).to_be_visible()
    shot(laptop, "register-twice")
    assert not Entry.objects.filter(tournament=tournament).exists()

    # The list fixed: 20 entries, checked in and paid.
    laptop.get_by_label("Guests, one name per line").fill("\n".join(GUESTS))
    laptop.get_by_label("Here and paid: check in now").check()
    laptop.get_by_role("button", name="Register", exact=True).click()
    expect(laptop.get_by_text("20 players registered: Anna Ferri, Bruno Esposito")).to_be_visible()
    cards = laptop.locator(".entry-card")
    expect(cards).to_have_count(20)
    expect(laptop.locator(".entry-card .badge.fee.paid")).to_have_count(20)
    assert cards.evaluate_all("cards => cards.map(c => c.dataset.player)") == GUESTS
    shot(laptop, "register-twenty")

    # A name already entered is refused by name too.
    laptop.get_by_label("Guests, one name per line").fill("Nuova Ospite\nzeno mariani")
    laptop.get_by_role("button", name="Register", exact=True).click()
    expect(laptop.locator(".field.has-error")).to_contain_text("Already entered: Zeno Mariani.")
    expect(laptop.locator(".entry-card")).to_have_count(20)
    assert Entry.objects.filter(tournament=tournament).count() == 20
    assert not Entry.objects.filter(player__name="Nuova Ospite").exists()


@pytest.mark.django_db(transaction=True)
def test_a_drop_asks_the_player_is_reinstated_and_a_confirmed_round_is_complete(
    laptop, live_server, club
):
    director = club.memberships.get(role=Role.DIRECTOR).user
    scorekeeper = member(club, Role.SCOREKEEPER, username="sara")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=2,
    )
    enter_players(tournament, director, 8)
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    anna = Entry.objects.get(tournament=tournament, player__name="Giocatore 03")
    table = anna.seats.get().table.number
    log_in(laptop, live_server, "dora")

    # The drop asks first, in words; "no" changes nothing.
    laptop.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")
    card = laptop.locator('.entry-card[data-player="Giocatore 03"]')
    card.get_by_role("button", name="Drop").click()
    expect(laptop.get_by_role("heading", name="Drop Giocatore 03?")).to_be_visible()
    expect(
        laptop.get_by_text(
            "Giocatore 03 will not be seated in the next rounds; the results so far stay."
        )
    ).to_be_visible()
    expect(
        laptop.get_by_text(f"Giocatore 03 is playing at table {table} of round 1")
    ).to_be_visible()
    shot(laptop, "drop-asks")
    laptop.get_by_role("link", name="No, go back").click()
    expect(card.locator(".entry-state")).to_have_text("Checked in")
    anna.refresh_from_db()
    assert anna.status == EntryStatus.CHECKED_IN

    # Dropped after all, then reinstated.
    card.get_by_role("button", name="Drop").click()
    laptop.get_by_role("button", name="Drop Giocatore 03").click()
    expect(laptop.get_by_text("Giocatore 03 dropped out.")).to_be_visible()
    expect(card.locator(".entry-state")).to_have_text("Dropped")
    shot(laptop, "dropped")
    card.get_by_role("button", name="Reinstate").click()
    expect(
        laptop.get_by_text(
            "Giocatore 03 is back in the tournament and is seated from the next round."
        )
    ).to_be_visible()
    expect(card.locator(".entry-state")).to_have_text("Checked in")
    anna.refresh_from_db()
    assert anna.status == EntryStatus.CHECKED_IN

    # Calling time asks first too.
    laptop.goto(live_server.url + tournament.get_absolute_url())
    expect(laptop.locator("#round-panel .clock")).to_contain_text("left")
    laptop.get_by_role("button", name="Call time at every table").click()
    expect(
        laptop.get_by_role("heading", name="Call time at every table of round 1?")
    ).to_be_visible()
    expect(laptop.get_by_text("2 matches of round 1 are still being played")).to_be_visible()
    shot(laptop, "call-time-asks")
    laptop.get_by_role("link", name="No, go back").click()

    # Every table played and confirmed: the round is complete, no clock, no time to call.
    # (who dropped a player mid-match recorded a withdrawal there: another director confirms)
    play_round(
        round, scorekeeper=scorekeeper, director=director, rng=random.Random(7), confirm=False
    )
    deputy = member(club, Role.DIRECTOR, username="enzo")
    for each in round.tables.all():
        services.table_confirm(table=each, user=deputy)
    laptop.reload()
    panel = laptop.locator("#round-panel")
    expect(panel.locator(".badge.t-round")).to_have_text("Complete")
    expect(panel).to_contain_text("2 of 2 tables done")
    expect(panel).to_contain_text("The round is complete: every table's result counts.")
    expect(panel.locator(".clock")).to_have_count(0)
    expect(laptop.get_by_role("button", name="Call time at every table")).to_have_count(0)
    expect(laptop.get_by_role("button", name="Pause the clock")).to_have_count(0)
    expect(laptop.get_by_role("button", name="Seat the next round")).to_be_visible()
    shot(laptop, "round-complete")
