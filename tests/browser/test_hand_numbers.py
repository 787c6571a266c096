"""One hand numbering, on a phone in Italian (issue 18): after a re-entry, a withdrawal and a void,
every hand number on the page, in the history, in the messages, in the API and in the match
report agrees. The totals are RULES.md S5's: A 17, B 30, C 75 after the hand that puts D at 108,
so Dario re-enters at 75."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from clubs.models import Role
from tests.browser.test_match_scala40 import logged_in
from tests.factories import ClubFactory, member, start_match


def italian(page, live_server):
    page.context.add_cookies([{"name": "django_language", "value": "it", "url": live_server.url}])


def enter_hand(page, number, closer, points):
    page.get_by_role("group", name="Chi ha chiuso?").get_by_label(closer, exact=True).check()
    for name, value in points.items():
        page.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill(str(value))
    page.get_by_role("button", name="Registra la mano").click()
    expect(page.get_by_text(f"Mano {number} registrata.")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_hands_keep_their_numbers_through_a_reentry_a_withdrawal_and_a_void(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    scorer = member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="scala40-club")
    logged_in(phone, live_server, scorer)
    italian(phone, live_server)
    phone.goto(live_server.url + match.get_absolute_url())

    expect(phone.locator("#entry-title")).to_have_text("Mano 1")
    enter_hand(phone, 1, "Bruno", {"Anna": 17, "Carla": 75, "Dario": 50})
    enter_hand(phone, 2, "Anna", {"Bruno": 30, "Carla": 0, "Dario": 58})  # Dario 108: out
    phone.get_by_role("button", name="Dario rientra").click()
    expect(phone.locator('.score-row[data-player="Dario"] .total')).to_have_text("75")
    expect(phone.locator("#entry-title")).to_have_text("Mano 3")  # a re-entry is not a hand
    enter_hand(phone, 3, "Anna", {"Bruno": 5, "Carla": 5, "Dario": 5})

    phone.get_by_text("Altri eventi").click()
    phone.get_by_role("link", name="Un giocatore si ritira").click()
    phone.get_by_label("Carla").check()
    phone.get_by_role("button", name="Conferma: il giocatore si ritira").click()
    expect(phone.locator("#entry-title")).to_have_text("Mano 4")
    enter_hand(phone, 4, "Anna", {"Bruno": 1, "Dario": 1})

    # void hand 3: it keeps its number, marked void
    phone.locator(".event").filter(has_text="Mano 3").get_by_role("link", name="Annulla").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Annulla: Mano 3")
    phone.get_by_label("Perché annulli questo evento?").fill("inserita due volte")
    phone.get_by_role("button", name="Annulla l'evento").click()
    expect(phone.get_by_text("La mano 3 è annullata.")).to_be_visible()

    expect(phone.locator("#entry-title")).to_have_text("Mano 5")
    enter_hand(phone, 5, "Anna", {"Bruno": 2, "Dario": 2})
    expect(phone.locator("#entry-title")).to_have_text("Mano 6")
    expect(phone.locator(".board-meta")).to_contain_text("5 mani (1 annullata)")

    # the history, newest first: hands by their numbers, the others by what they are
    phone.get_by_role("link", name=re.compile("Tutta la cronologia")).click()
    # to_have_text on the list waits for the history page (all_inner_texts would read at once)
    expect(phone.locator(".event-title")).to_have_text(
        ["Mano 5", "Mano 4", "Ritiro", "Mano 3", "Rientro", "Mano 2", "Mano 1"]
    )
    expect(phone.locator(".event.void .event-title")).to_have_text("Mano 3")

    # the hand picker: "correct hand 4" in two taps from the top
    phone.goto(live_server.url + match.get_absolute_url())
    phone.get_by_text("Correggi una mano").click()
    phone.locator(".hand-numbers").get_by_role("link", name="4", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Correggi la mano 4")

    # the API and the match report count the same hands
    events = phone.request.get(f"{live_server.url}/api/v1/matches/{match.pk}/events/").json()
    assert [event["hand"] for event in events] == [1, 2, None, 3, None, 4, 5]
    report = phone.request.get(f"{live_server.url}/matches/{match.pk}/report.pdf").body()
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(report)).pages)
    first_words = {line.split()[0] for line in text.splitlines() if line.split()}
    assert {"1", "2", "3", "4", "5"} <= first_words
    assert "6" not in first_words and "7" not in first_words


@pytest.mark.django_db(transaction=True)
def test_the_points_box_being_typed_stays_above_the_keyboard(phone, live_server):
    """Issue 18: the next points box scrolls into view above the keyboard (which covers the lower
    part of a phone's screen), and the keyboard's "next" moves to it."""
    club = ClubFactory()
    scorer = member(club, Role.SCOREKEEPER)
    match = start_match(
        club=club, preset="scala40-club", names=("Anna", "Bruno", "Carla", "Dario", "Elena")
    )
    logged_in(phone, live_server, scorer)
    italian(phone, live_server)
    phone.goto(live_server.url + match.get_absolute_url())
    phone.get_by_role("group", name="Chi ha chiuso?").get_by_label("Anna", exact=True).check()
    bruno = phone.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
    assert bruno.get_attribute("enterkeyhint") == "next"
    bruno.focus()
    bruno.type("12")
    phone.keyboard.press("Enter")
    carla = phone.get_by_role("group", name="Carla", exact=True).get_by_label("Punti")
    expect(carla).to_be_focused()
    phone.keyboard.press("Enter")
    phone.keyboard.press("Enter")
    elena = phone.get_by_role("group", name="Elena", exact=True).get_by_label("Punti")
    expect(elena).to_be_focused()
    phone.wait_for_timeout(700)
    box = elena.bounding_box()
    assert box is not None and box["y"] + box["height"] < 844 * 0.6  # above a phone keyboard
    assert not phone.get_by_text("Mano 1 registrata.").is_visible()  # Enter did not send it
