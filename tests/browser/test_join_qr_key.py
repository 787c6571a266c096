"""Issue 25 in Chromium, on an Italian phone: someone on the club's network spent its budget of
wrong table codes, yet the room still gets in. Bruno scans the QR code of the score sheet (its
address carries the code's key), chooses his seat and enters the match; Carla, typing the code,
is asked for a player's name as on the sheet and joins at her seat. Screenshots go to
SHOTS_DIR when it is set (the walk as a person sees it)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import table_codes
from tests.factories import ClubFactory, start_match

WRONG = [f"{a}{b}XY9Z" for a in "ABC" for b in "DE"][:3]  # look-alikes that open no table


def shot(page, name: str) -> None:
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_a_network_over_its_budget_still_joins_by_the_qr_code_or_a_players_name(
    phone, browser, live_server, settings
):
    settings.TABLE_CODE_FAILURES_PER_ADDRESS = 3
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    code = table_codes.code_issue(match=match, user=None).code
    # a prankster on the club's router spends the budget
    for wrong in WRONG:
        phone.goto(live_server.url + "/matches/join/")
        phone.get_by_label("Codice del tavolo").fill(wrong)
        phone.get_by_role("button", name="Scegli il tuo posto").click()
        expect(phone.get_by_text("Nessun tavolo ha questo codice.")).to_be_visible()

    # Bruno scans the QR code printed on the sheet
    phone.goto(f"{live_server.url}/matches/join/{code}/?k={table_codes.code_key(code)}")
    expect(phone.get_by_text("Chi sei a questo tavolo?")).to_be_visible()
    shot(phone, "qr-key-choose-seat")
    phone.get_by_label("Bruno", exact=True).check()
    phone.get_by_role("button", name="Collegati al tavolo").click()
    expect(phone.locator("#joined-as")).to_contain_text("Bruno")
    shot(phone, "qr-key-joined")

    # Carla types the code on another phone behind the same router: asked for a name too
    carla = browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT").new_page()
    try:
        carla.goto(live_server.url + "/matches/join/")
        carla.get_by_label("Codice del tavolo").fill(code)
        carla.get_by_role("button", name="Scegli il tuo posto").click()
        expect(carla.get_by_text("Troppi codici sbagliati da questa rete")).to_be_visible()
        expect(carla.locator("#join-by-name")).to_contain_text("Inquadra il codice QR")
        shot(carla, "qr-key-asked-for-a-name")
        carla.get_by_label("Il nome di uno dei giocatori del tavolo").fill("carla")
        carla.get_by_role("button", name="Collegati al tavolo").click()
        expect(carla.locator("#joined-as")).to_contain_text("Carla")
        shot(carla, "qr-key-joined-by-name")
    finally:
        carla.context.close()
