"""A club's VP tables on a phone, in Italian, by keyboard (issue 29): the director opens the VP
tables from the club page, enters a 2-hand table with a mistake (band 3 starts at 110, so a
difference of 105 falls in no band), reads the refusal under band 3 with what was typed kept,
fixes it and saves; the list shows it beside the FIBur tables. 390 px, no sideways scroll."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from pairings.models import VpTable
from tests.browser.steps import log_in
from tests.factories import ClubFactory, member

SHOTS = Path("/tmp/shots-vptables")
BANDS = [("0", "30", "10", "10"), ("35", "100", "12", "8"), ("110", "250", "15", "5")]
LAST = ("255", "", "18", "2")


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def type_row(page, values) -> None:
    """Type a band's four values, Tab from one to the next (an empty value: Tab past it)."""
    for value in values:
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Tab")


@pytest.mark.django_db(transaction=True)
def test_a_director_enters_a_two_hand_table_fixing_a_gap(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    log_in(phone, live_server, member(club, Role.DIRECTOR).username, language="it")
    phone.goto(live_server.url + club.get_absolute_url())
    phone.get_by_role("link", name="Tabelle VP (Burraco)").click()
    expect(phone.get_by_role("heading", name="FIBur 3 smazzate")).to_be_visible()
    expect(phone.get_by_role("heading", name="FIBur 4 smazzate")).to_be_visible()
    phone.get_by_role("link", name="Nuova tabella VP").click()

    phone.get_by_label("Nome", exact=True).fill("Due smazzate")
    phone.get_by_label("Smazzate per turno", exact=True).fill("2")
    phone.get_by_label("Fascia 1, MP da", exact=True).focus()
    for row in [*BANDS, LAST]:
        type_row(phone, row)
    no_sideways_scroll(phone)
    shot(phone, "1-typed")
    phone.keyboard.press("Shift+Tab")  # back from band 5 to band 4's VP loser
    expect(phone.get_by_label("Fascia 4, VP perdente", exact=True)).to_be_focused()
    phone.keyboard.press("Enter")  # the form is sent from the keyboard

    error = phone.locator('[data-band="3"] .field-error')
    expect(error).to_have_text(
        "Fascia 3: manca la differenza di 105 MP (la fascia dovrebbe iniziare da 105)."
    )
    low = phone.get_by_label("Fascia 3, MP da", exact=True)
    expect(low).to_have_value("110")
    expect(low).to_have_attribute("aria-invalid", "true")
    expect(phone.get_by_label("Fascia 4, VP vincitore", exact=True)).to_have_value("18")
    expect(phone.get_by_label("Nome", exact=True)).to_have_value("Due smazzate")
    assert not VpTable.objects.exists()
    no_sideways_scroll(phone)
    error.scroll_into_view_if_needed()
    shot(phone, "2-refused")

    low.fill("105")
    phone.get_by_role("button", name="Salva la tabella").click()
    expect(phone.locator(".messages")).to_contain_text("Tabella VP Due smazzate salvata.")
    table = VpTable.objects.get()
    assert (table.club, table.hands) == (club, 2)
    assert [(b["low"], b["high"], b["winner"], b["loser"]) for b in table.bands] == [
        (0, 30, 10, 10),
        (35, 100, 12, 8),
        (105, 250, 15, 5),
        (255, None, 18, 2),
    ]
    section = phone.locator('[data-vp-table="Due smazzate"]')
    section.get_by_text("4 fasce").click()
    expect(section.get_by_role("cell", name="255 e oltre")).to_be_visible()
    no_sideways_scroll(phone)
    shot(phone, "3-saved")
