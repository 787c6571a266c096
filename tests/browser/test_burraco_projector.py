"""The projector of a Burraco evening (issue 29): 20 pairs with long names, turno 1 played,
turno 2 seated. At 1366x768 and at 1920x1080 Chromium goes through the standings and the
seating screens and checks that every pair's name ("Maria Antonietta Buonarroti-Esposito /
Giovanni Battista Sanseverino di Bisignano") is shown in full on each: nothing overflows, is
cut by an ellipsis or leaves the window (`check_full`, as tests/browser/test_projector.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pairings.burraco import services as burraco
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_projector import LONG_NAMES, READ_SCREEN, ROTATE, SIZES, check_full
from tests.pairings.burraco.helpers import burraco_tournament, play_turno, seat
from tests.tournaments.helpers import Staff

pytestmark = pytest.mark.django_db(transaction=True)

FIRST = ["Paola", "Franco", "Lucia", "Marco", "Giulia", "Stefano", "Chiara", "Roberto"]
LAST = ["Rossi", "Bianchi", "Ferrari", "Romano", "Colombo"]


def pair_names() -> list[str]:
    """20 pairs: the longest names of the Scala 40 projector's test two by two, then others."""
    players = list(LONG_NAMES) + [f"{first} {last}" for first in FIRST for last in LAST]
    return [f"{players[2 * n]} / {players[2 * n + 1]}" for n in range(20)]


def evening():
    staff = Staff()
    tournament = burraco_tournament(staff)
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_names(), check_in=True
    )
    first = seat(tournament, staff)
    play_turno(first, staff, lambda table: [(300, 300 - 50 * (table.number % 6))] * 3)
    seat(tournament, staff)
    return tournament


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_burraco_projector_shows_every_pair_in_full(browser, live_server, size):
    tournament = evening()
    names = pair_names()
    viewport = SIZES[size]
    context = browser.new_context(viewport=viewport, locale="it-IT")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        address = f"{live_server.url}/tournaments/{tournament.pk}/projector/"
        page.clock.install()
        page.goto(f"{address}?show=standings&show=seating&seconds={ROTATE}")
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
                    page.screenshot(
                        path=str(ARTIFACTS / f"burraco-projector-{size}-{where[0]}.png")
                    )
            page.clock.run_for(ROTATE * 1000)
            page.wait_for_function(
                "([key, number]) => { const s = document.querySelector('.pj-screen.is-shown');"
                " return s.dataset.key !== key || (s.dataset.page || '1') !== number; }",
                arg=list(where),
                timeout=5_000,
            )
    finally:
        context.close()
    standings = [n for (key, _), shown in seen.items() if key == "standings" for n in shown]
    seating = [n for (key, _), shown in seen.items() if key == "seating" for n in shown]
    assert sorted(standings) == sorted(names)  # each pair once, whole
    assert sorted(seating) == sorted(names)  # 10 tables: each pair at its table, NS or EO
