"""The steps many browser tests take, one helper each: read the pages in English, log in, take a
seat at a table (issue 25: a phone is a seat), open a laptop window at the director's desk."""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, is_csp_violation
from tests.factories import PASSWORD

# The login form's words in each language the tests read the site in.
LOGIN = {
    "en": {"username": "Username", "button": "Log in"},
    "it": {"username": "Nome utente", "button": "Accedi"},
}
JOIN_BUTTON = {"en": "Join the table", "it": "Collegati al tavolo"}


def english(page, live_server) -> None:
    """The page's browser reads the site in English (the language cookie)."""
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
    )


def log_in(page, live_server, username: str, *, language: str = "en") -> None:
    """Log in through the login page, in English (the cookie set first) or in Italian (the
    site's default)."""
    if language == "en":
        english(page, live_server)
    words = LOGIN[language]
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label(words["username"]).fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name=words["button"]).click()
    expect(page.locator(".who")).to_have_text(username)


def take_seat(page, name: str, *, language: str = "it") -> None:
    """On the page that asks who the phone is at the table, take `name`'s seat."""
    page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name=JOIN_BUTTON[language]).click()
    expect(page.locator("#joined-as")).to_contain_text(name)


def join_at_seat(page, live_server, code: str, name: str, *, language: str = "it") -> None:
    """Open the table code's QR address (it asks who you are at once) and take `name`'s seat."""
    page.goto(live_server.url + f"/matches/join/{code}/")
    take_seat(page, name, language=language)


def in_view(page, locator) -> bool:
    """Whether the element is wholly inside the window as it is scrolled now."""
    box = locator.bounding_box()  # relative to the window
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@contextmanager
def window(browser, request, viewport: dict, locale: str):
    """A page in a window of `viewport`; a screenshot is kept when the test fails, and a page
    that breaks the content security policy fails the test."""
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    page.set_default_timeout(10_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if is_csp_violation(m) else None)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert violations == [], f"the page broke its content security policy: {violations}"
