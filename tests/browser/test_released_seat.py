"""Issue 25 in Chromium, in Italian: a club night's seat released from the match page. Elena's
phone holds seat 1 and is typing a hand; whoever runs the match releases that seat on the match
page (asked first). Her phone, sending the hand, is told why in view, not "logged out"; the hand
stays kept on the phone as hers, and the panel links back to her seat."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from scoring import table_codes
from scoring.models import TableCode
from tests.browser.steps import join_at_seat, take_seat
from tests.factories import PASSWORD, ClubFactory, member, start_match

SHOTS = Path("/work/shots-relcn")  # screenshots of the walk, to look at
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.django_db(transaction=True)
def test_a_phone_whose_seat_was_released_is_told_so_in_view(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone", table_codes=True)
    member(club, Role.DIRECTOR, username="dora")
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    code = TableCode.objects.get(match=match, is_current=True).code
    seats = list(match.seats.order_by("seat").values_list("name", flat=True))
    first = seats[0]
    phone_context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    laptop = browser.new_context(viewport=LAPTOP, locale="it-IT")
    phone, desk = phone_context.new_page(), laptop.new_page()
    try:
        for page in (phone, desk):
            page.set_default_timeout(10_000)
        # her phone sits at seat 1 and starts typing a hand
        join_at_seat(phone, live_server, code, first)
        expect(phone.locator("#joined-as")).to_have_text(
            f"Questo telefono è collegato come {first}."
        )
        phone.get_by_role("group", name="Chi ha chiuso?").get_by_label(first, exact=True).check()
        for name in seats[1:]:
            phone.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill("35")

        # whoever runs the match releases her seat on the match page, asked first
        desk.goto(live_server.url + "/accounts/login/")
        desk.get_by_label("Nome utente").fill("dora")
        desk.get_by_label("Password").fill(PASSWORD)
        desk.get_by_role("main").get_by_role("button", name="Accedi").click()
        desk.goto(live_server.url + match.get_absolute_url() + "#table-code")
        held = desk.locator("#held-seats")
        expect(held).to_contain_text(f"Posto 1 ({first}): un telefono")
        held.get_by_text(f"Libera il posto di {first}", exact=True).click()
        shot(desk, "01-desk-asks-before-releasing")
        held.get_by_role("button", name=f"Sì, libera il posto di {first}").click()
        expect(
            desk.get_by_text(f"Il posto di {first} è libero: un altro telefono può collegarsi")
        ).to_be_visible()
        expect(desk.locator("#held-seats")).to_have_count(0)
        shot(desk, "02-desk-seat-released")

        # her phone sends the hand: told why, in view, and the hand stays kept as hers
        phone.get_by_role("button", name="Registra la mano").click()
        said = phone.locator("#seat-released")
        expect(said).to_contain_text(
            f"Chi gestisce la partita ha liberato il posto di {first}: questo telefono ora "
            "segue soltanto la partita. Per segnare, collegati di nuovo al tuo posto."
        )
        expect(said).to_be_in_viewport()
        expect(phone.get_by_text("accedi di nuovo")).to_have_count(0)
        expect(phone.locator("#pending")).to_contain_text("liberato il posto")
        expect(phone.locator("#pending")).not_to_contain_text("qualcun altro")
        expect(phone.locator("#entry-form")).to_have_count(0)
        shot(phone, "03-phone-told-its-seat-was-released")

        # the way back: join the seat again; the kept hand is still hers, to send
        said.get_by_role("link", name="Collegati di nuovo al tavolo").click()
        take_seat(phone, first)
        expect(phone.locator("#joined-as")).to_have_text(
            f"Questo telefono è collegato come {first}."
        )
        pending = phone.locator("#pending")
        expect(pending.get_by_role("button", name="Modifica")).to_be_visible()
        expect(pending).not_to_contain_text("qualcun altro")
        shot(phone, "04-phone-back-at-its-seat")
    finally:
        phone_context.close()
        laptop.close()
