"""A tournament evening in Chromium: the director creates a Scala 40 tournament, registers the
players on the entries page, checks them in, seats and starts round 1; the scorekeeper, on a
phone in another browser, enters a hand at the table and calls time; the director confirms the
table on the console, and the standings change."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.conftest import ARTIFACTS
from tests.browser.steps import log_in
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments.models import Tournament

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# Who recorded any event of a match may not confirm its result (F4).
RECORDED_PART = (
    "You recorded part of this result (a hand, a correction, a withdrawal, a re-entry or a "
    "time call): someone else must confirm it."
)


def standing(page, name):
    return page.locator(f'#standings tr[data-player="{name}"]')


@pytest.mark.django_db(transaction=True)
def test_the_director_runs_round_one_and_a_confirmed_table_changes_the_standings(
    browser, live_server, request
):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    member(club, Role.DIRECTOR, username="dora")
    member(club, Role.SCOREKEEPER, username="sara")
    for name in ("Anna", "Bruno", "Carla"):
        PlayerFactory(club=club, name=name)

    laptop_context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    phone_context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    desk = laptop_context.new_page()
    phone = phone_context.new_page()
    for page in (desk, phone):
        page.set_default_timeout(10_000)
    try:
        # The director creates the tournament from the club's page.
        log_in(desk, live_server, "dora")
        desk.goto(live_server.url + club.get_absolute_url())
        desk.get_by_role("link", name="New tournament").click()
        desk.get_by_label("Name", exact=True).fill("Coppa del giovedì")
        desk.get_by_label("Game and rules").select_option("scala40")
        desk.get_by_label("Format").select_option("rounds")
        desk.get_by_label("Rounds", exact=True).fill("2")
        desk.get_by_role("button", name="Create the tournament").click()
        expect(desk.get_by_text("Tournament Coppa del giovedì created")).to_be_visible()

        # Registers three club players and a guest at once, then checks everyone in.
        for name in ("Anna", "Bruno", "Carla"):
            desk.get_by_role("group", name="Club players").get_by_label(name).check()
        desk.get_by_label("Guests, one name per line").fill("Dario Ospite")
        desk.get_by_role("button", name="Register", exact=True).click()
        expect(
            desk.get_by_text("4 players registered: Anna, Bruno, Carla, Dario Ospite.")
        ).to_be_visible()
        desk.get_by_role("button", name="Check in all 4 players waiting").click()
        expect(desk.get_by_text("4 players checked in.")).to_be_visible()

        # Seats round 1 and starts it.
        desk.get_by_role("link", name="Back to the console").click()
        expect(desk.get_by_text("4 checked in, 0 registered")).to_be_visible()
        desk.get_by_role("button", name="Seat the next round").click()
        expect(
            desk.get_by_text("Round 1 seated: check the seating, then start it.")
        ).to_be_visible()
        desk.get_by_role("button", name="Start round 1").click()
        expect(desk.get_by_text("Round 1 started.")).to_be_visible()
        expect(desk.locator("#table-1 .badge.state")).to_have_text("Playing")
        tournament = Tournament.objects.get(name="Coppa del giovedì")

        # Nobody has points yet.
        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/standings/")
        expect(standing(desk, "Anna").locator(".points")).to_have_text("0")

        # The scorekeeper finds the table on the seating page and enters a hand on the match.
        log_in(phone, live_server, "sara")
        phone.goto(live_server.url + f"/tournaments/{tournament.pk}/seating/")
        phone.locator('.t-where tr[data-player="Anna"]').get_by_role("link").click()
        phone.get_by_role("link", name="Enter the hands of this table").click()
        phone.get_by_role("group", name="Who closed?").get_by_label("Anna", exact=True).check()
        for name, points in (("Bruno", 30), ("Carla", 12), ("Dario Ospite", 45)):
            phone.get_by_role("group", name=name, exact=True).get_by_label("Points").fill(
                str(points)
            )
        phone.get_by_role("button", name="Record the hand").click()
        expect(phone.get_by_text("Hand 1 recorded.")).to_be_visible()

        # The scorekeeper calls time at the table (whoever calls time decides the result, so
        # the director, who confirms it, does not); the director sees it awaiting confirmation.
        phone.get_by_text("Other events").click()
        phone.get_by_role("link", name="Call time").click()
        phone.get_by_role("button", name="Confirm: end the match").click()
        expect(phone.get_by_text("Time called: the match is over.")).to_be_visible()
        desk.goto(live_server.url + tournament.get_absolute_url())
        expect(desk.locator("#table-1 .badge.state")).to_have_text("Awaiting confirmation")

        # The scorekeeper who entered it cannot confirm it.
        phone.goto(live_server.url + f"/tournaments/{tournament.pk}/")
        expect(phone.get_by_text(RECORDED_PART)).to_be_visible()
        expect(phone.get_by_role("button", name="Confirm table 1")).to_have_count(0)

        desk.get_by_role("button", name="Confirm table 1").click()
        expect(desk.get_by_text("Table 1 confirmed.")).to_be_visible()
        expect(desk.locator("#table-1 .badge.state")).to_have_text("Done")

        # The standings now count the table: Anna first with 7 points, Dario last with 1.
        desk.get_by_role("link", name="Standings", exact=True).first.click()
        expect(standing(desk, "Anna").locator(".place")).to_have_text("1")
        expect(standing(desk, "Anna").locator(".points")).to_have_text("7")
        expect(standing(desk, "Carla").locator(".points")).to_have_text("5")
        expect(standing(desk, "Dario Ospite").locator(".points")).to_have_text("1")
        expect(desk.get_by_text("After 1 round")).to_be_visible()
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        for label, page in (("desk", desk), ("phone", phone)):
            page.screenshot(
                path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True
            )
        raise
    finally:
        laptop_context.close()
        phone_context.close()
