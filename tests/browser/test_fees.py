"""The entry fee at the desk in Chromium: a player checks in by phone (presence only), the
director sees the fee due on the console and the entries page, marks it paid beside the entry
(the ledger's pot grows by the fee), and undoes a mistaken mark."""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.conftest import ARTIFACTS, is_csp_violation
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import Format

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.mark.django_db(transaction=True)
def test_a_fee_due_after_a_phone_check_in_is_marked_paid_at_the_desk(browser, live_server, request):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone", is_public=True)
    director = member(club, Role.DIRECTOR, username="dora")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee="10",
    )
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi"):
        services.entry_register(
            tournament=tournament, user=director, player=PlayerFactory(club=club, name=name)
        )
    laptop = browser.new_context(viewport=LAPTOP, locale="en-GB")
    phone = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    desk, anna = laptop.new_page(), phone.new_page()
    violations = []
    for page in (desk, anna):
        page.set_default_timeout(10_000)
        page.on("console", lambda m: violations.append(m.text) if is_csp_violation(m) else None)
    try:
        anna.goto(live_server.url + f"/tournaments/check-in/{tournament.check_in_key}/")
        anna.locator('li[data-name="Anna Rossi"] button').click()
        expect(anna.locator(".check-in-done")).to_contain_text("Anna Rossi")

        desk.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
        )
        desk.goto(live_server.url + "/accounts/login/")
        desk.get_by_label("Username").fill("dora")
        desk.get_by_label("Password").fill(PASSWORD)
        desk.get_by_role("main").get_by_role("button", name="Log in").click()
        desk.goto(live_server.url + tournament.get_absolute_url())
        expect(desk.locator(".check-in-fees")).to_contain_text(
            "Entry fees: € 0.00 paid, € 30.00 due. 1 player here has not paid yet."
        )
        expect(desk.locator('.latest-check-ins li[data-player="Anna Rossi"]')).to_contain_text(
            "fee due"
        )

        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")
        card = desk.locator('.entry-card[data-player="Anna Rossi"]')
        expect(card.locator(".badge.fee")).to_have_text("€ 10.00 due")
        desk.screenshot(path=str(ARTIFACTS / "fees-entries-due.png"), full_page=True)
        card.get_by_role("button", name="Mark paid").click()
        expect(desk.locator(".messages .success")).to_contain_text("Anna Rossi has paid € 10.00.")
        card = desk.locator('.entry-card[data-player="Anna Rossi"]')
        expect(card.locator(".badge.fee")).to_have_text("€ 10.00 paid")
        desk.screenshot(path=str(ARTIFACTS / "fees-entries-paid.png"), full_page=True)

        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/ledger/")
        expect(desk.locator("#entry-fees")).to_have_text("€ 10.00")

        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")
        card = desk.locator('.entry-card[data-player="Anna Rossi"]')
        card.get_by_role("button", name="Undo paid").click()
        card = desk.locator('.entry-card[data-player="Anna Rossi"]')
        expect(card.locator(".badge.fee")).to_have_text("€ 10.00 due")
        expect(card.locator(".badge.entry-state")).to_have_text("Checked in")
        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/ledger/")
        expect(desk.locator("#entry-fees")).to_have_text("€ 0.00")
        assert violations == [], "a page broke its content security policy"
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        for label, page in (("desk", desk), ("anna", anna)):
            page.screenshot(
                path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True
            )
        raise
    finally:
        laptop.close()
        phone.close()
