"""A Scala 40 club night on a phone: log in, start the match, enter hands, a bust, a re-entry,
a correction of the first hand; the totals on screen are the engine's. And a second phone at the
same table sees a new hand without reloading."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Role
from scoring import services
from scoring.engine.document import replay_document
from scoring.page_script import POLL_SECONDS
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, member, start_match

NAMES = ("Anna", "Bruno", "Carla", "Dario")
POLL_WAIT = 8_000  # ms: the page polls every 3 s (POLL_SECONDS), its clock run forward


def speak_english(page, live_server):
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
    )


def logged_in(page, live_server, user):
    """Give the page's browser context the session of `user` (no login form)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    speak_english(page, live_server)


def total(page, name):
    return page.locator(f'.score-row[data-player="{name}"] .total')


def enter_hand(page, number, closer, points, not_opened=()):
    page.get_by_role("group", name="Who closed?").get_by_label(closer, exact=True).check()
    for name, value in points.items():
        page.get_by_role("group", name=name, exact=True).get_by_label("Points").fill(str(value))
    for name in not_opened:
        page.get_by_role("group", name=name, exact=True).get_by_label("Not opened").check()
    page.get_by_role("button", name="Record the hand").click()
    expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_four_player_match_with_a_bust_a_reentry_and_a_correction(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    for name in NAMES:
        PlayerFactory(club=club, name=name)
    speak_english(phone, live_server)

    phone.goto(live_server.url)
    phone.get_by_role("main").get_by_role("link", name="Log in").click()
    phone.get_by_label("Username").fill("sara")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("main").get_by_role("button", name="Log in").click()

    phone.get_by_role("link", name="Start a match").click()
    phone.get_by_label("Game and rules").select_option("scala40-club")
    expect(phone.locator('input[name="rules-preset"]')).to_have_value("scala40-club")
    for seat, name in enumerate(NAMES, start=1):
        phone.get_by_label(f"Seat {seat}", exact=True).select_option(label=name)
    phone.get_by_label("Table", exact=True).fill("3")
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Scala 40 · Table 3")

    enter_hand(phone, 1, "Anna", {"Bruno": 35, "Carla": 12}, not_opened=["Dario"])
    expect(total(phone, "Dario")).to_have_text("100")
    enter_hand(phone, 2, "Bruno", {"Anna": 20, "Carla": 30, "Dario": 5})
    dario = phone.locator('.score-row[data-player="Dario"]')
    expect(dario).to_contain_text("Eliminated")
    expect(phone.get_by_text("Re-entering, they start again at 42.")).to_be_visible()

    phone.get_by_role("button", name="Dario re-enters").click()
    expect(total(phone, "Dario")).to_have_text("42")
    expect(dario).to_contain_text("1 re-entry")
    # the re-entry falls between hands 2 and 3: the next hand is hand 3 (issue 18)
    enter_hand(phone, 3, "Carla", {"Anna": 10, "Bruno": 8, "Dario": 15})

    phone.locator("#event-1").get_by_role("link", name="Correct").click()
    bruno = phone.get_by_role("group", name="Bruno", exact=True).get_by_label("Points")
    expect(bruno).to_have_value("35")
    bruno.fill("25")
    phone.get_by_label("Reason").fill("Bruno had 25")
    phone.get_by_role("button", name="Save the correction").click()
    expect(phone.get_by_text("Hand 1 corrected.")).to_be_visible()

    events = [
        {
            "type": "hand",
            "closer": "Anna",
            "points": {"Bruno": 25, "Carla": 12},
            "not_opened": ["Dario"],
        },
        {"type": "hand", "closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 5}},
        {"type": "reentry", "player": "Dario"},
        {"type": "hand", "closer": "Carla", "points": {"Anna": 10, "Bruno": 8, "Dario": 15}},
    ]
    state = replay_document({"preset": "scala40-club", "players": list(NAMES), "events": events})
    for player in state["players"]:
        expect(total(phone, player["name"])).to_have_text(str(player["total"]))
    assert [p["total"] for p in state["players"]] == [30, 33, 42, 57]
    expect(phone.locator("#event-1")).to_contain_text("Reason: Bruno had 25")


@pytest.mark.django_db(transaction=True)
def test_a_second_phone_sees_a_new_hand_without_reloading(browser, phone, live_server):
    club = ClubFactory()
    user = member(club, Role.SCOREKEEPER)
    match = start_match(club=club, preset="scala40-club")
    logged_in(phone, live_server, user)
    other_context = browser.new_context(viewport={"width": 390, "height": 844})
    other = other_context.new_page()
    other.clock.install()  # its poll run forward below instead of waited for
    try:
        logged_in(other, live_server, user)
        other.goto(live_server.url + match.get_absolute_url())
        other.evaluate("window.notReloaded = true")
        typing = other.get_by_role("group", name="Carla", exact=True).get_by_label("Points")
        typing.fill("7")

        phone.goto(live_server.url + match.get_absolute_url())
        enter_hand(phone, 1, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 60})

        other.clock.run_for(POLL_SECONDS * 1000)
        expect(total(other, "Bruno")).to_have_text("35", timeout=POLL_WAIT)
        expect(other.locator("#event-1")).to_contain_text("Closed by Anna.")
        assert other.evaluate("window.notReloaded") is True
        expect(typing).to_have_value("7")  # the form being typed is left alone
        expect(other.locator("#form-notice")).to_contain_text(
            "Hand 1 was recorded from another phone"
        )

        services.hand_record(
            match=match,
            user=user,
            data={"closer": "Bruno", "points": {"Anna": 1, "Carla": 1, "Dario": 50}},
        )
        other.clock.run_for(POLL_SECONDS * 1000)
        expect(other.get_by_role("link", name="Reload the form")).to_be_visible(timeout=POLL_WAIT)
        expect(total(other, "Dario")).to_have_text("110")
        expect(typing).to_have_value("7")
    finally:
        other_context.close()
