"""The creation form in Chromium: the notice on cash prizes (BURRACO.md section 5) shows in the
money fieldset as soon as a Burraco format is chosen, and goes away with Scala 40's; the turno's
clock takes Burraco's default (35 minutes) unless the director typed another."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.steps import log_in
from tests.factories import ClubFactory, member

LAPTOP = {"width": 1280, "height": 800}


@pytest.mark.django_db(transaction=True)
def test_choosing_a_burraco_format_shows_the_notice_on_cash_prizes(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    member(club, Role.DIRECTOR, username="dora")
    context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        log_in(page, live_server, "dora")
        page.goto(live_server.url + "/tournaments/new/?club=tallone")
        money = page.get_by_role("group", name="Money")
        notice = money.get_by_text("Card games with cash prizes are forbidden in Italy")
        page.get_by_label("Format").select_option("rounds")
        expect(notice).to_be_hidden()
        page.get_by_label("Format").select_option("burraco_pairs")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Tallone records prizes and does not judge their legality.")
        page.get_by_label("Format").select_option("burraco_individual")
        expect(notice).to_be_visible()
        page.get_by_label("Format").select_option("rounds")
        expect(notice).to_be_hidden()
        # the turno's clock: Burraco's 35 minutes while the director has not typed another
        minutes = page.get_by_label("Minutes per round")
        expect(minutes).to_have_value("60")
        page.get_by_label("Format").select_option("burraco_pairs")
        expect(minutes).to_have_value("35")
        page.get_by_label("Format").select_option("rounds")
        expect(minutes).to_have_value("60")
        minutes.fill("45")
        page.get_by_label("Format").select_option("burraco_pairs")
        expect(minutes).to_have_value("45")  # typed: kept
    finally:
        context.close()
