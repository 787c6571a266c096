"""Issue 25 on a phone (390 x 844, touch, Italian): a hand kept on the phone is recorded under
the name of whoever typed it. It carries who typed it (the user, or the table code's phone);
logging out forgets it; still there when someone else opens the match, it is shown as typed by
the other person and not recorded, with "discard" and "record it as mine", never sent by itself.
And a match page loaded twice within a second still gets its offline copy.

Screenshots of every state are written to test-artifacts/kept/ (looked at by a person)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_match_offline import (
    log_in,
    phone_context,
    total,
    watched,
)
from tests.factories import ClubFactory, member, start_match

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "kept"


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


TAKEN_OVER = """() => new Promise((resolve) => {
    if (navigator.serviceWorker.controller) { resolve(); }
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve());
})"""


def test_a_match_page_loaded_twice_within_a_second_still_opens_offline(browser, live_server):
    """The second load comes before the service worker has taken over the page: the page is
    outside it (no controller), yet the worker keeps its copy, and an offline reload opens it."""
    club = ClubFactory()
    scorer = member(club, Role.SCOREKEEPER)
    match = start_match(club=club, preset="scala40-club")
    context = phone_context(browser)
    log_in(context, live_server, scorer)
    page = watched(context.new_page())
    address = live_server.url + match.get_absolute_url()
    try:
        page.goto(address)
        # the worker takes over the first load, which is gone a moment later, before it could
        # send the worker its copy (800 ms after)
        page.evaluate(TAKEN_OVER)
        # The second load stays outside the worker, as a page loaded while the worker is being
        # installed does: every time, not only when the timing says so (a reload that bypasses
        # the cache bypasses the worker too).
        with page.expect_navigation():
            context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
        expect(page.locator("h1")).to_contain_text("Scala 40")
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
        page.wait_for_timeout(2_500)  # what the phone would wait before the network goes

        context.set_offline(True)
        page.reload()
        expect(page.locator("h1")).to_contain_text("Scala 40")
        expect(page.locator("#connection")).to_contain_text("Senza rete dalle")
        expect(total(page, "Bruno")).to_have_text("0")
        shot(page, "6-second-load-opened-offline")
    finally:
        context.close()
    assert page.csp_violations == []
