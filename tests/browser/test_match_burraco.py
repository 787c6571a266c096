"""A Burraco hand on a phone (issue 28): the hand form's chips, steppers and card values, the
pozzetto answered per line; the two lines' totals on the scoreboard are the engine's (B1 of
BURRACO.md section 7, hand 1: NS 770, EO 150); axe-core finds nothing serious on the page."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.factories import ClubFactory, member, start_match

from .conftest import PHONE
from .steps import log_in
from .test_axe_audit import AUDIT, AXE


def line_total(page, line):
    return page.locator(f'.line-score[data-line="{line}"] .total')


@pytest.mark.django_db(transaction=True)
def test_a_burraco_hand_entered_on_a_phone(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    log_in(phone, live_server, "sara")
    phone.goto(live_server.url + match.get_absolute_url())
    expect(line_total(phone, "NS")).to_have_text("0")
    phone.get_by_role("group", name="How did the hand end?").get_by_label(
        "NS closed", exact=True
    ).check()
    ns = phone.get_by_role("group", name="NS (Anna, Carla)")
    eo = phone.get_by_role("group", name="EO (Bruno, Dario)")
    # the steppers: one tap each, and "one fewer" that never goes below 0
    ns.get_by_role("button", name="One more: Puliti").click()
    ns.get_by_role("button", name="One more: Sporchi").click()
    ns.get_by_role("button", name="One more: Sporchi").click()
    ns.get_by_role("button", name="One fewer: Sporchi").click()
    ns.get_by_role("button", name="One fewer: Semipuliti").click()
    expect(ns.get_by_label("Puliti", exact=True)).to_have_value("1")
    expect(ns.get_by_label("Sporchi", exact=True)).to_have_value("1")
    expect(ns.get_by_label("Semipuliti", exact=True)).to_have_value("0")
    ns.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes").check()
    ns.get_by_label("Cards on the table", exact=True).fill("385")
    ns.get_by_label("Cards in hand", exact=True).fill("15")
    eo.get_by_label("Sporchi", exact=True).fill("1")
    eo.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes").check()
    eo.get_by_label("Pozzetto unplayed").fill("110")
    eo.get_by_label("Cards on the table", exact=True).fill("240")
    eo.get_by_label("Cards in hand", exact=True).fill("80")
    phone.get_by_role("button", name="Record the hand").click()
    expect(phone.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(line_total(phone, "NS")).to_have_text("770")
    expect(line_total(phone, "EO")).to_have_text("150")
    expect(phone.locator('.line-score[data-line="EO"] .badge.dealer')).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_axe_finds_nothing_serious_on_a_burraco_match_page(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    # axe-core is put in the page as a script of its own: the policy is bypassed for it
    context = browser.new_context(viewport=PHONE, locale="it-IT", bypass_csp=True)
    try:
        page = context.new_page()
        log_in(page, live_server, "sara", language="it")
        page.goto(live_server.url + match.get_absolute_url())
        expect(line_total(page, "EO")).to_have_text("0")
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(AUDIT) == []
    finally:
        context.close()
