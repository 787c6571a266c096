"""Keep-apart groups in Chromium at 1366x768: the director keeps three players apart on the
keep-apart page, seats round 2 of 13 players, and the console's seating report says "4 repeats,
the minimum possible with these tables"; the three sit at three different tables. Screenshots of
the form and the report go to test-artifacts/."""

import random

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.factories import PASSWORD, ClubFactory
from tests.tournaments.helpers import Staff, enter_players, play_round, seating_of
from tournaments import services
from tournaments.models import Format, Round

LAPTOP = {"width": 1366, "height": 768}


@pytest.mark.django_db(transaction=True)
def test_the_director_keeps_players_apart_and_reads_the_minimum_possible(browser, live_server):
    staff = Staff(ClubFactory(name="Circolo del Tallone", slug="tallone"))
    staff.director.username = "dora"
    staff.director.save()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di primavera",
        preset="scala40",
        format=Format.ROUNDS,
    )
    entries = enter_players(tournament, staff.director, 13)
    first = services.round_seat(tournament=tournament, user=staff.director, seed=3)
    play_round(first, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1))
    names = {entry.pk: entry.player.name for entry in entries}
    # one player of each table of round 1
    family = [names[table[0]] for table in seating_of(first)]

    context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
    )
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.locator(".who")).to_have_text("dora")

    page.goto(live_server.url + tournament.get_absolute_url())
    page.get_by_role("link", name="Keep players apart").click()
    expect(page.get_by_role("heading", name="Keep players apart")).to_be_visible()
    for name in family:
        page.get_by_label(name, exact=True).check()
    page.get_by_label("Never at the same table", exact=False).check()
    page.get_by_label("Name of the group (optional)").fill("Famiglia Rossi")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "keep-apart-form-1366.png"), full_page=False)
    page.get_by_role("button", name="Keep them apart").click()
    expect(page.locator(".messages, .message").first).to_contain_text(
        "Kept apart from the next seating on: Famiglia Rossi."
    )
    group = page.locator(".apart-group")
    expect(group).to_have_count(1)
    expect(group).to_contain_text(", ".join(sorted(family)))
    expect(group).to_contain_text("never at the same table")
    page.screenshot(path=str(ARTIFACTS / "keep-apart-list-1366.png"), full_page=False)

    page.goto(live_server.url + tournament.get_absolute_url())
    page.get_by_role("button", name="Seat the next round").click()
    report = page.locator(".seating-report")
    expect(report).to_contain_text("4 repeats, the minimum possible with these tables.")
    report.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "seating-report-1366.png"), full_page=False)
    second = Round.objects.get(tournament=tournament, number=2)
    table_of = {names[e]: n for n, table in enumerate(seating_of(second)) for e in table}
    assert len({table_of[name] for name in family}) == 3
    context.close()

    # the same pages on a phone, in Italian (the words are the lead's catalogue's)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="it-IT", device_scale_factor=2
    )
    page = phone.new_page()
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "it", "url": live_server.url}]
    )
    page.goto(live_server.url + "/accounts/login/")
    page.locator("#id_username").fill("dora")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("main").locator("button[type=submit]").click()
    expect(page.locator(".who")).to_have_text("dora")
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/keep-apart/")
    expect(page.locator(".apart-group")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / "keep-apart-phone-it.png"), full_page=True)
    page.goto(live_server.url + tournament.get_absolute_url())
    page.locator(".seating-report").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "seating-report-phone-it.png"), full_page=False)
    phone.close()
