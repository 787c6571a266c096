"""Issue 25 in Chromium, on an Italian phone: a room of phones behind one router types the table
code badly thirty times, and the next phone still joins with the right code; a network that did
spend its budget (a tiny one here) is told how long to wait, and that mobile data still works.
Screenshots go to SHOTS_DIR when it is set (the walk as a person sees it)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import table_codes
from tests.factories import ClubFactory, start_match

WRONG = [f"{a}{b}{c}XY9" for a in "ABC" for b in "DEFGH" for c in "JK"][:30]  # 30 look-alikes


def shot(page, name: str) -> None:
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def type_code(page, live_server, code: str, name: str = "Marta") -> None:
    """Type the code; when it is right, the page asks who the phone is: Marta only follows."""
    page.goto(live_server.url + "/matches/join/")
    page.get_by_label("Codice del tavolo").fill(code)
    page.get_by_role("button", name="Scegli il tuo posto").click()
    choice = page.get_by_label("Segui soltanto la partita (sola lettura)")
    refusal = page.locator(".field-error").first
    expect(choice.or_(refusal).first).to_be_visible()
    if choice.is_visible():
        choice.check()
        page.get_by_label("Il tuo nome").fill(name)
        page.get_by_role("button", name="Collegati al tavolo").click()


@pytest.mark.django_db(transaction=True)
def test_a_room_typing_30_wrong_codes_still_joins_with_the_right_one(phone, live_server):
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    code = table_codes.code_issue(match=match, user=None).code
    for number, wrong in enumerate(WRONG):
        type_code(phone, live_server, wrong.lower())
        expect(phone.get_by_text("Nessun tavolo ha questo codice.")).to_be_visible()
        if number == 0:
            shot(phone, "join-wrong-code")
    type_code(phone, live_server, code)
    expect(phone.locator("#joined-as")).to_contain_text("Marta")
    shot(phone, "join-after-30-wrong-codes")


@pytest.mark.django_db(transaction=True)
def test_a_network_over_its_budget_is_told_how_long_to_wait(phone, live_server, settings):
    settings.TABLE_CODE_FAILURES_PER_ADDRESS = 3
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    code = table_codes.code_issue(match=match, user=None).code
    for wrong in WRONG[:3]:
        type_code(phone, live_server, wrong)
    type_code(phone, live_server, code)
    refusal = phone.get_by_text("Troppi codici sbagliati da questa rete")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("oppure entra con i dati mobili del telefono.")
    shot(phone, "join-network-over-budget")
