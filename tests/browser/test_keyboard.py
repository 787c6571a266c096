"""Usable without a mouse (issue 25), in Chromium: a scorekeeper records a hand with the keyboard
alone and hears the new totals, focus waiting on the next hand's title; the first Tab stop of a
page is the skip link; the director's console refreshes its panels under a focused button and
the button keeps the focus; the projector on a phone in portrait keeps names whole."""

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.test_match_offline import log_in
from tests.factories import ClubFactory, PlayerFactory, member, start_match
from tournaments import services
from tournaments.models import Format
from tournaments.views import checkin, core

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "keyboard"
LAPTOP = {"width": 1366, "height": 900}
FOCUSED = "() => document.activeElement"


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def tab_to(page, matches: str, limit: int = 60) -> None:
    """Tab until the focused element matches the CSS selector `matches`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(css) => document.activeElement.matches(css)", matches):
            return
    raise AssertionError(f"Tab never reached {matches}")


def test_a_hand_recorded_with_the_keyboard_alone_is_said_and_focus_goes_to_the_next_hand(
    phone, live_server
):
    club = ClubFactory()
    match = start_match(club=club, preset="scala40-club")
    log_in(phone.context, live_server, member(club, Role.SCOREKEEPER))
    phone.goto(live_server.url + match.get_absolute_url())
    phone.evaluate("() => { document.getElementById('match-flash').dataset.first = '1'; }")

    # The first Tab stop is the skip link; Enter takes the keyboard to the page's content.
    phone.keyboard.press("Tab")
    expect(phone.locator(":focus")).to_have_text("Vai al contenuto")
    phone.keyboard.press("Enter")
    expect(phone.locator("main")).to_be_focused()

    # Anna closed: the first chip of "Chi ha chiuso?", taken with the space bar.
    tab_to(phone, 'input[name="closer"]')
    phone.keyboard.press("Space")
    expect(phone.get_by_role("group", name="Chi ha chiuso?").get_by_label("Anna")).to_be_checked()
    # The points boxes, each named by its player, with a ring when focused; Enter goes to the
    # next box, and from the last one sends the hand.
    tab_to(phone, "input.points")
    box = phone.locator(":focus")
    expect(box).to_have_accessible_name("Punti di Bruno")
    expect(box).to_have_css("outline-style", "solid")
    shot(phone, "1-points-focused")
    phone.keyboard.type("35")
    phone.keyboard.press("Enter")
    expect(phone.locator(":focus")).to_have_accessible_name("Punti di Carla")
    phone.keyboard.type("160")
    phone.keyboard.press("Enter")
    expect(phone.locator(":focus")).to_have_accessible_name("Punti di Dario")
    phone.keyboard.type("9")
    phone.keyboard.press("Enter")

    # The one live region says the hand, the totals and the bust; the keyboard waits on the
    # next hand's title.
    region = phone.get_by_role("status").filter(has_text="Mano 1 registrata.")
    expect(region).to_have_count(1)
    expect(region).to_contain_text("Totali: Anna 0, Bruno 35, Carla 160 (sballato), Dario 9.")
    title = phone.locator("#entry-title")
    expect(title).to_have_text("Mano 2")
    expect(title).to_be_focused()
    shot(phone, "2-recorded")
    # the region is the page's own, kept from the first load (a screen reader follows it)
    assert phone.evaluate("() => document.getElementById('match-flash').dataset.first") == "1"


@pytest.fixture
def console(browser, live_server, monkeypatch):
    """The director's console on a laptop, its panels refreshing every second: round 1 running
    and a guest waiting at the check-in."""
    monkeypatch.setattr(checkin, "CHECK_IN_POLL_SECONDS", 1)
    monkeypatch.setattr(core, "STANDINGS_POLL_SECONDS", 1)
    club = ClubFactory(name="Circolo del Tallone")
    director = member(club, Role.DIRECTOR)
    tournament = services.tournament_create(
        club=club, user=director, name="Coppa del giovedì", preset="scala40", format=Format.ROUNDS
    )
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri"):
        player = PlayerFactory(club=club, name=name)
        services.entry_register(tournament=tournament, user=director, player=player, check_in=True)
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    services.guest_ask(tournament=tournament, name="Ospite Nuovo", user=None)
    context = browser.new_context(viewport=LAPTOP, locale="it-IT")
    log_in(context, live_server, director)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + tournament.get_absolute_url())
    yield page
    context.close()


@pytest.mark.parametrize(
    ("panel", "button"),
    [("check-in", "Approva Ospite Nuovo"), ("round-panel", "Metti in pausa l'orologio")],
)
def test_the_consoles_refresh_leaves_the_focus_on_the_same_button(console, panel, button):
    control = console.locator(f"#{panel}").get_by_role("button", name=button)
    control.focus()
    expect(control).to_be_focused()
    # the panel is replaced by its refresh (the node is new), the button keeps the focus
    console.evaluate(f"() => {{ document.getElementById('{panel}').dataset.old = '1'; }}")
    expect(console.locator(f"#{panel}:not([data-old])")).to_have_count(1)
    console.wait_for_timeout(300)  # the swap settles
    expect(console.locator(f"#{panel}").get_by_role("button", name=button)).to_be_focused()
    # and a second refresh too
    console.evaluate(f"() => {{ document.getElementById('{panel}').dataset.old = '1'; }}")
    expect(console.locator(f"#{panel}:not([data-old])")).to_have_count(1)
    console.wait_for_timeout(300)
    expect(console.locator(f"#{panel}").get_by_role("button", name=button)).to_be_focused()


def test_the_projector_on_a_phone_in_portrait_keeps_names_whole(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone", is_public=True)
    director = member(club, Role.DIRECTOR)
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        is_public=True,
    )
    names = ["Maria Antonietta Buonarroti", "Giovanni Battista Sanseverino", "Anna Rossi"]
    names += ["Bruno Bianchi", "Carla Verdi", "Dario Neri", "Elena Gallo", "Franco Ricci"]
    for name in names:
        player = PlayerFactory(club=club, name=name)
        services.entry_register(tournament=tournament, user=director, player=player, check_in=True)
    services.round_seat(tournament=tournament, user=director, seed=1)
    context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/")
        expect(page.locator(".pj-screen.is-shown .pj-name").first).to_be_visible()
        shot(page, "3-projector-portrait")
        # every name shown takes no more lines than it has words
        lines = page.evaluate(
            """() => Array.from(document.querySelectorAll(".pj-screen.is-shown .pj-name"), (n) => {
                const height = parseFloat(getComputedStyle(n).lineHeight);
                return [n.textContent, Math.round(n.getBoundingClientRect().height / height)];
            })"""
        )
        assert lines, "no name on the projector's screen"
        split = [(name, count) for name, count in lines if count > len(name.split())]
        assert split == []
        # the way out reads as a link, in full colour
        leave = page.get_by_role("link", name="Esci dal proiettore")
        expect(leave).to_have_css("opacity", "1")
        expect(leave.locator("xpath=..")).to_have_css("opacity", "1")
    finally:
        context.close()


def test_a_page_without_a_match_has_the_skip_link_first_too(phone, live_server):
    phone.goto(live_server.url + "/matches/join/")
    phone.keyboard.press("Tab")
    focused = phone.locator(":focus")
    expect(focused).to_have_text("Vai al contenuto")
    assert re.search(r"#main$", focused.get_attribute("href"))
