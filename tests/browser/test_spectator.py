"""A visitor without an account follows a live match of a public club on a phone, in Italian,
while the scorekeeper records a hand on another phone: the visitor's totals and history move on
by themselves, read-only and without the scorekeeper's name. A private club's match in progress
stays 404 (issue 18)."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Role
from scoring import services
from scoring.page_script import POLL_SECONDS
from tests.browser.conftest import PHONE, is_csp_violation
from tests.factories import ClubFactory, member, start_match

POLL_WAIT = 8_000  # ms: the page polls every 3 s (POLL_SECONDS), its clock run forward
SCORER = "segnapunti-vivo"


def logged_in(page, live_server, user):
    """Give the page's browser context the session of `user` (no login form); the language is
    the browser's, Italian."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


def total(page, name):
    return page.locator(f'.score-row[data-player="{name}"] .total')


@pytest.mark.django_db(transaction=True)
def test_a_visitor_follows_a_live_public_match_while_a_hand_is_recorded(
    browser, phone, live_server
):
    club = ClubFactory(name="Circolo in Piazza", is_public=True, public_live_matches=True)
    scorer = member(club, Role.SCOREKEEPER, username=SCORER)
    match = start_match(club=club, preset="scala40-club", table_label="2")
    services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 9}},
    )
    logged_in(phone, live_server, scorer)

    context = browser.new_context(
        viewport=PHONE, locale="it-IT", device_scale_factor=2, has_touch=True, is_mobile=True
    )
    visitor = context.new_page()
    visitor.clock.install()  # its poll run forward below instead of waited for
    violations: list[str] = []
    visitor.on("console", lambda m: violations.append(m.text) if is_csp_violation(m) else None)
    try:
        # the visitor finds the match on the club's page and opens it
        visitor.goto(live_server.url + club.get_absolute_url())
        expect(visitor.get_by_role("heading", name="Partite", exact=True)).to_be_visible()
        visitor.get_by_role("link", name="Scala 40 · Tavolo 2").tap()
        expect(visitor.get_by_role("heading", level=1)).to_have_text("Scala 40 · Tavolo 2")
        expect(total(visitor, "Bruno")).to_have_text("35")
        expect(visitor.locator("#event-1")).to_contain_text("Ha chiuso Anna.")
        # read-only: no entry form, no correct or void, nobody's name of who entered it
        expect(visitor.get_by_role("button", name="Registra la mano")).to_have_count(0)
        expect(visitor.get_by_role("link", name="Correggi")).to_have_count(0)
        expect(visitor.get_by_role("link", name="Annulla")).to_have_count(0)
        expect(visitor.locator("main")).not_to_contain_text(SCORER)
        visitor.evaluate("window.notReloaded = true")

        # meanwhile, at the table, the scorekeeper records hand 2 on their phone
        phone.goto(live_server.url + match.get_absolute_url())
        phone.get_by_role("group", name="Chi ha chiuso?").get_by_label("Bruno", exact=True).check()
        for name, points in (("Anna", 20), ("Carla", 30), ("Dario", 5)):
            phone.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill(
                str(points)
            )
        phone.get_by_role("button", name="Registra la mano").click()
        expect(phone.get_by_text("Mano 2 registrata.")).to_be_visible()
        expect(total(phone, "Anna")).to_have_text("20")

        # the visitor's page moves on by itself, at its next poll
        visitor.clock.run_for(POLL_SECONDS * 1000)
        expect(total(visitor, "Anna")).to_have_text("20", timeout=POLL_WAIT)
        expect(total(visitor, "Carla")).to_have_text("42")
        expect(total(visitor, "Dario")).to_have_text("14")
        expect(visitor.locator("#event-2")).to_contain_text("Ha chiuso Bruno.")
        assert visitor.evaluate("window.notReloaded") is True
        expect(visitor.get_by_role("button", name="Registra la mano")).to_have_count(0)
        expect(visitor.locator("main")).not_to_contain_text(SCORER)

        # a private club's match in progress stays hidden from the same visitor
        private = start_match(club=ClubFactory(name="Circolo Chiuso"), preset="scala40-club")
        response = visitor.goto(live_server.url + private.get_absolute_url())
        assert response is not None and response.status == 404
    finally:
        context.close()
    assert violations == [], "the visitor's page broke its content security policy"
