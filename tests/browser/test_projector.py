"""The projector a hall reads from 5 m (issue 20): a 60-player Scala 40 tournament, round 1 played,
round 2 seated and its clock running. At 1366x768 and at 1920x1080, Chromium watches the
projector rotate its screens (standings, who sits where, the clock) and checks, on each screen,
that every name is shown in full: the text is the whole name, nothing overflows its box or cuts
it with an ellipsis, and it lies inside the window. Every one of the 60 names appears on the
standings screens and on the seating screens; the lists need more than one screen, so the pages
turn by themselves. Then the director pauses the clock and the wall says so by itself."""

import random
import re

import pytest
from playwright.sync_api import expect

from pairings import services as pairing_services
from tests.browser.conftest import ARTIFACTS, is_csp_violation
from tests.factories import PlayerFactory
from tests.pairings.test_services import gin_tournament
from tests.tournaments.helpers import Staff, play_round
from tournaments import projector, services
from tournaments.models import Format

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAMES = [
    "Maria Antonietta Buonarroti-Esposito",
    "Giovanni Battista Sanseverino di Bisignano",
    "Francesca Romana Castelnuovo-Lombardi",
    "Pierluigi Alessandro Montefeltro",
    "Anna Maria Wojciechowska-Brzęczyszczykiewicz",
    "Paola Esposito",
]
FIRST = ["Paola", "Franco", "Lucia", "Marco", "Giulia", "Stefano", "Chiara", "Roberto", "Elena"]
LAST = ["Rossi", "Bianchi", "Ferrari", "Romano", "Colombo", "Ricci", "Marino"]
SIZES = {"1366x768": {"width": 1366, "height": 768}, "1920x1080": {"width": 1920, "height": 1080}}
ROTATE = 2  # seconds per screen in the test (the address's ?seconds=)


def sixty_names() -> list[str]:
    names = list(LONG_NAMES)
    for first in FIRST:
        for last in LAST:
            if len(names) < 60 and f"{first} {last}" not in names:
                names.append(f"{first} {last}")
    assert len(set(names)) == 60
    return names


def evening():
    """60 players: round 1 played and confirmed, round 2 seated and its clock started."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Gran Premio d'Autunno",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=3,
        is_public=True,
    )
    for name in sixty_names():
        player = PlayerFactory(club=tournament.club, name=name)
        services.entry_register(
            tournament=tournament, user=staff.director, player=player, check_in=True
        )
    first = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(
        first, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1), hands=1
    )
    second = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    services.round_start(round=second, user=staff.director)
    return staff, tournament, second


# What the shown screen says: its slide, its page, and every name with its box, read in one go.
READ_SCREEN = """() => {
  const screen = document.querySelector('.pj-screen.is-shown');
  const body = screen.querySelector('.pj-body').getBoundingClientRect();
  return {
    key: screen.dataset.key,
    page: screen.dataset.page || '1',
    names: [...screen.querySelectorAll('.pj-name')].map((el) => {
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
        scrollHeight: el.scrollHeight, clientHeight: el.clientHeight,
        ellipsis: getComputedStyle(el).textOverflow,
        left: box.left, right: box.right, top: box.top, bottom: box.bottom,
        inBody: box.top >= body.top - 1 && box.bottom <= body.bottom + 1,
      };
    }),
  };
}"""


def check_full(name: dict, viewport: dict) -> None:
    text = name["text"]
    assert name["scrollWidth"] <= name["clientWidth"], f"{text} overflows its box"
    assert name["scrollHeight"] <= name["clientHeight"] + 1, f"{text} is cut below"
    assert name["ellipsis"] != "ellipsis", text
    assert name["left"] >= 0 and name["right"] <= viewport["width"], f"{text} leaves the window"
    assert name["top"] >= 0 and name["bottom"] <= viewport["height"], f"{text} leaves the window"
    assert name["inBody"], f"{text} is outside the screen's list"


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_projector_shows_every_name_in_full_and_turns_its_pages(
    browser, live_server, size, monkeypatch
):
    monkeypatch.setattr(projector, "POLL_SECONDS", 5)  # the wall asks every 5 s, not 15
    staff, tournament, second = evening()
    names = set(sixty_names())
    viewport = SIZES[size]
    context = browser.new_context(viewport=viewport, locale="it-IT")
    page = context.new_page()
    page.set_default_timeout(15_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if is_csp_violation(m) else None)
    try:
        address = f"{live_server.url}/tournaments/{tournament.pk}/projector/"
        page.clock.install()  # the page's timers, run forward below instead of waited for
        page.goto(f"{address}?show=standings&show=seating&show=clock&seconds={ROTATE}")
        expect(page.locator(".pj-screen.is-shown")).to_have_count(1)
        screens = page.locator(".pj-screen").count()
        seen: dict[tuple[str, str], list[str]] = {}
        while len(seen) < screens:
            shown = page.evaluate(READ_SCREEN)
            where = (shown["key"], shown["page"])
            if where not in seen:
                for name in shown["names"]:
                    check_full(name, viewport)
                seen[where] = [name["text"] for name in shown["names"]]
                if where[1] == "1":  # a look at each slide, for people
                    ARTIFACTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / f"projector-{size}-{where[0]}.png"))
            # the next screen comes by itself, when its seconds have passed
            page.clock.run_for(ROTATE * 1000)
            page.wait_for_function(
                "([key, number]) => { const s = document.querySelector('.pj-screen.is-shown');"
                " return s.dataset.key !== key || (s.dataset.page || '1') !== number; }",
                arg=list(where),
                timeout=5_000,
            )

        standings = [n for (key, _), shown in seen.items() if key == "standings" for n in shown]
        seating = [n for (key, _), shown in seen.items() if key == "seating" for n in shown]
        assert sorted(standings) == sorted(names)  # each once, in full
        assert sorted(seating) == sorted(names)
        # 60 names need more than one screen each: the pages turned
        assert len([key for key, _ in seen if key == "standings"]) >= 2
        assert len([key for key, _ in seen if key == "seating"]) >= 2
        assert ("clock", "1") in seen
        expect(page.locator('.pj-screen[data-key="clock"] .pj-clock-face')).to_have_text(
            re.compile(r"^\s*\d+:\d\d\s*$")
        )

        # live: the director pauses the clock; at its next refresh the wall says so by itself
        services.round_clock_pause(round=second, user=staff.director)
        page.clock.run_for(5_000)  # the wall's next refresh
        expect(page.locator('.pj-screen[data-key="clock"] .pj-clock.stopped')).to_have_count(
            1, timeout=10_000
        )
    finally:
        context.close()
    assert violations == [], violations


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_double_elimination_bracket_of_16_fits_the_screen_with_every_name(
    browser, live_server, size
):
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.DOUBLE_ELIMINATION, 16)
    for entry, name in zip(entries, sixty_names(), strict=False):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    pairing_services.draw(tournament=tournament, user=staff.director)
    viewport = SIZES[size]
    context = browser.new_context(viewport=viewport, locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/?show=bracket")
        expect(page.locator(".pj-screen.is-shown")).to_have_attribute("data-key", "bracket")
        shown = page.evaluate(READ_SCREEN)
        for name in shown["names"]:
            check_full(name, viewport)
        texts = {name["text"] for name in shown["names"]}
        assert {entry.player.name for entry in entries} <= texts
        page.screenshot(path=str(ARTIFACTS / f"projector-{size}-bracket.png"))
        # the losers' bracket and the grand final: a screen each, reached by the arrow key too
        for number in ("2", "3"):
            page.keyboard.press("ArrowRight")
            expect(page.locator(".pj-screen.is-shown")).to_have_attribute("data-page", number)
            shown = page.evaluate(READ_SCREEN)
            assert shown["names"]
            for name in shown["names"]:
                check_full(name, viewport)
    finally:
        context.close()
