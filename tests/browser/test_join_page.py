"""The join page on an Italian phone (issue 25's walk): the QR code's address shows the seats at
once, as a group named "Chi sei a questo tavolo?" of big buttons; the name is asked only of a
phone that follows; a seat taken meanwhile is refused where the phone looks (in view, focused),
and is then shown disabled. Screenshots go to SHOTS_DIR when it is set."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import table_codes
from tests.factories import ClubFactory, start_match


def shot(page, name: str) -> None:
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))  # what the screen shows


@pytest.mark.django_db(transaction=True)
def test_the_qr_address_opens_the_seats_and_a_seat_taken_meanwhile_is_refused_in_view(
    phone, browser, live_server
):
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    code = table_codes.code_issue(match=match, user=None).code
    address = f"{live_server.url}/matches/join/{code}/?k={table_codes.code_key(code)}"

    # Bruno scans the sheet's QR code: the seats at once, no other tap
    phone.goto(address)
    seats = phone.get_by_role("group", name="Chi sei a questo tavolo?")
    expect(seats).to_be_visible()
    expect(phone.get_by_role("button", name="Scegli il tuo posto")).to_have_count(0)
    bruno = seats.get_by_role("radio", name="Bruno", exact=True)
    expect(bruno).to_be_enabled()
    # each seat a big button: the whole row is the radio's tap target
    box = bruno.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 300
    # the name is asked of a phone that follows only
    name = phone.get_by_label("Il tuo nome")
    expect(name).to_be_hidden()
    seats.get_by_label("Segui soltanto la partita (sola lettura)").check()
    expect(name).to_be_visible()
    expect(phone.get_by_text("Solo per seguire la partita")).to_be_visible()
    shot(phone, "join-qr-seats-following")
    bruno.check()
    expect(name).to_be_hidden()
    shot(phone, "join-qr-seats")

    # Carla's phone opened the same address a moment before, and taps Bruno too
    other = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT").new_page()
    try:
        other.goto(address)
        other.get_by_role("radio", name="Bruno", exact=True).check()
        phone.get_by_role("button", name="Collegati al tavolo").click()
        expect(phone.locator("#joined-as")).to_contain_text("Bruno")
        other.get_by_role("button", name="Collegati al tavolo").click()
        refusal = other.get_by_role("alert").filter(has_text="già occupato su un altro telefono")
        expect(refusal).to_be_in_viewport()
        expect(refusal).to_be_focused()
        shot(other, "join-seat-taken-refused")
        taken = other.get_by_role("radio", name="Bruno (occupato su un altro telefono)")
        expect(taken).to_be_disabled()
        other.get_by_role("radio", name="Carla", exact=True).check()
        other.get_by_role("button", name="Collegati al tavolo").click()
        expect(other.locator("#joined-as")).to_contain_text("Carla")
    finally:
        other.context.close()
