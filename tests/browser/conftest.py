"""Playwright driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser."""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make around it
# are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# An assertion waits as long as an action does (each page's default, 10 s): on CI's two loaded
# cores an answer can take longer than Playwright's 5 s, and a test that fails must fail on what
# the page did, not on how busy the machine was.
expect.set_options(timeout=10_000)

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: run `make test` (it installs Debian's chromium)."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


def is_csp_violation(message) -> bool:
    return message.type == "error" and "Content Security Policy" in message.text


@pytest.fixture
def phone(browser, request):
    """A page in a phone-sized window; a screenshot is kept when the test fails.

    Every test that uses it also checks the content security policy: Chromium reports each
    script, style or image the policy blocked on the console, and any such report fails the test.
    """
    context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(10_000)
    csp_violations: list[str] = []
    page.on(
        "console",
        lambda message: csp_violations.append(message.text) if is_csp_violation(message) else None,
    )
    page.csp_violations = csp_violations
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert csp_violations == [], "the page broke its content security policy"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
