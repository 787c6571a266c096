"""The director's desk by keyboard (issue 25's walk), in Chromium, in Italian: a check-in answered
in place keeps the keyboard on the card (its message, in the player's gender), and Tab goes on to
the next player; the new tournament form on a phone shows today's date."""

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Gender
from tests.browser.steps import log_in
from tests.browser.test_director_desk import laptop
from tests.factories import PlayerFactory
from tests.tournaments.helpers import Staff
from tournaments import services
from tournaments.models import Format

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["laptop"]  # the fixture of test_director_desk, used here too

SHOTS = Path("/work/shots-deskfix")


def shot(page, name, *, full_page=False):
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


FOCUSED = """() => {
  const node = document.activeElement;
  const card = node && node.closest('.entry-card');
  return node === document.body ? 'body' : (card ? card.dataset.player + ' ' + node.tagName
    + ' ' + node.textContent.trim() : node.tagName);
}"""


# Whether the chosen option's text fits in the closed select (beside its arrow): a select's text
# never wraps, Chromium cuts it.
FITS = """select => {
  const style = getComputedStyle(select);
  const probe = document.createElement('span');
  probe.style.font = style.font;
  probe.style.whiteSpace = 'pre';
  probe.style.position = 'absolute';
  probe.textContent = select.options[select.selectedIndex].text;
  document.body.append(probe);
  const text = probe.getBoundingClientRect().width;
  probe.remove();
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return text + 16 <= room; // the arrow's room
}"""


def test_a_check_in_by_keyboard_keeps_the_focus_on_the_card(laptop, live_server):
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
    )
    for name, gender in (("Anna Ferri", Gender.FEMALE), ("Giulia Greco", Gender.FEMALE)):
        player = PlayerFactory(club=staff.club, name=name, gender=gender)
        services.entry_register(
            tournament=tournament, user=staff.director, player=player, check_in=False
        )
    log_in(laptop, live_server, staff.director.username, language="it")
    laptop.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")

    card = laptop.locator('.entry-card[data-player="Anna Ferri"]')
    card.get_by_role("button", name="Segna presente").focus()
    laptop.keyboard.press("Enter")
    expect(card.locator(".entry-state")).to_have_text("Presente")
    expect(card.locator(".message")).to_be_focused()
    expect(card.locator(".message")).to_have_text("Segnata presente: Anna Ferri.")
    assert laptop.evaluate(FOCUSED) == "Anna Ferri P Segnata presente: Anna Ferri."
    shot(laptop, "desk-check-in-focus")

    laptop.keyboard.press("Tab")  # on to the next player's check-in
    assert laptop.evaluate(FOCUSED) == "Giulia Greco BUTTON Segna presente Giulia Greco"


def test_the_new_tournament_form_shows_today_on_a_phone(phone, live_server):
    staff = Staff()
    log_in(phone, live_server, staff.director.username, language="it")
    phone.goto(live_server.url + "/tournaments/new/")
    expect(phone.get_by_label("Data")).to_have_value(date.today().isoformat())
    confirm = phone.get_by_label("Risultati da confermare")
    fits = confirm.evaluate(FITS)
    assert fits, "the option's text is cut off"
    confirm.scroll_into_view_if_needed()
    shot(phone, "new-tournament-phone")

    phone.get_by_role("button", name="English").click()
    confirm = phone.get_by_label("Results need confirmation")
    assert confirm.evaluate(FITS), "the option's text is cut off"
