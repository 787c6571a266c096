"""A phone on a weak signal (issue 18), run by hand: `.venv/bin/python bench/phone.py`.

Builds a SQLite database of its own in a temporary directory (migrated, one club, a scorekeeper,
two Scala 40 matches of four players: one with 3 hands, one with 40; a Burraco match of two lines
with 3 hands, issue 28), collects the static files
and starts gunicorn with the production settings (DEBUG=0, whitenoise, compression; plain http on
loopback). Then Debian's Chromium (Playwright), as a phone (390x844, touch, Italian), measures:

- the match page's weight, cold (a new browser context: nothing cached), in bytes transferred
  as Chromium counts them (CDP `encodedDataLength`: headers and compressed bodies), at 3 and at
  40 hands, and the Burraco match page at 3 hands. Target: at most 25 KB, the same at 3 and at
  40 hands;
- a hand's answer: every byte transferred from the tap on "Record the hand" until the new totals
  are on screen (the page warm, as at the table). Target: at most 5 KB;
- on emulated slow 3G (CDP: 2,000 ms round trip, 400 kbit/s down and up), the time from the tap
  to the new totals on screen, the median of `--hands` hands (default 5), for Scala 40 and for
  Burraco (a closing typed with its preview shown, then the tap). Target: 2.5 s.

Chromium advertises Brotli only over https, so over this loopback http the static files come
gzipped: a server behind nginx with TLS sends a little less than measured here.

It prints a markdown table for docs/PERFORMANCE.md and MET or MISSED for each target; it exits
non-zero only when the run itself failed. Options: `--hands N`, `--keep` (leave the directory).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "locale": "it-IT",
    # The match pages' service worker passes a hand on by itself, and the network emulation set
    # on the page (slow 3G) does not apply to a worker's requests: without it, the page sends
    # and reads what a first visit does. (The worker only ever saves a later visit's bytes.)
    "service_workers": "block",
}
SLOW_3G = {
    "offline": False,
    "latency": 2000,  # ms from the request sent to the answer's headers: one round trip
    "downloadThroughput": 400_000 / 8,
    "uploadThroughput": 400_000 / 8,
}
PAGE_TARGET = 25_000
ANSWER_TARGET = 5_000
TAP_TARGET = 2.5
PASSWORD = "bench-phone-password"

SETUP = """
import json
from django.contrib.auth import get_user_model
from clubs.models import Club, Membership, Player, Role
from scoring import services
club = Club.objects.create(name="Circolo Banco", slug="circolo-banco")
user = get_user_model().objects.create_user("banco", password=%(password)r)
Membership.objects.create(club=club, user=user, role=Role.SCOREKEEPER)
names = ("Anna", "Bruno", "Carla", "Dario")
players = [Player.objects.create(club=club, name=name) for name in names]
ids = {}
for hands in (3, 40):
    match = services.match_start(club=club, user=user, preset="scala40", players=players,
                                 options={"elimination_at": 501}, table_label=str(hands))
    for number in range(hands):
        services.hand_record(match=match, user=user, data={
            "closer": "Anna", "points": {"Bruno": number %% 5, "Carla": 2, "Dario": 3}})
    ids[hands] = match.pk
match = services.match_start(club=club, user=user, preset="burraco", players=players,
                             options={}, table_label="B")
for number in range(3):
    services.hand_record(match=match, user=user, data=%(burraco)s[number %% 2])
ids["burraco"] = match.pk
print(json.dumps(ids))
"""


def burraco_hand(closer: str) -> dict[str, object]:
    """A Burraco closing (BURRACO.md section 0): the line that closes has a sporco, 100 on the
    table and none in hand (100 + 100 closing + 100 = 300); the other 60 on the table and 40 in
    hand (20); both took their pozzetto."""
    other = "EO" if closer == "NS" else "NS"
    return {
        "type": "hand",
        "end": "closing",
        "lines": {
            closer: {
                "closed": True,
                "sporchi": 1,
                "pozzetto_taken": True,
                "melded": 100,
                "in_hand": 0,
            },
            other: {"pozzetto_taken": True, "melded": 60, "in_hand": 40},
        },
    }


BURRACO_GAINS = {"NS": (300, 20), "EO": (20, 300)}  # closer -> (NS's gain, EO's gain)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(directory: Path, port: int) -> dict[str, str]:
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "bench-phone-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{directory / 'db.sqlite3'}",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESS_LOG": str(directory / "access.log"),
        "PYTHONPATH": str(ROOT),
    }


def prepare(env: dict[str, str]) -> dict[str, int]:
    manage = [PYTHON, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    hands = [burraco_hand("NS"), burraco_hand("EO")]
    setup = SETUP % {"password": PASSWORD, "burraco": repr(hands)}
    done = subprocess.run(
        [*manage, "shell", "-c", setup], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"setting up the matches failed:\n{done.stderr}")
    out = done.stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def start_server(env: dict[str, str], port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "--config", "config/gunicorn.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start")


class Meter:
    """Bytes transferred on a page, as Chromium's network domain counts them."""

    def __init__(self, context, page):
        self.session = context.new_cdp_session(page)
        self.session.send("Network.enable")
        self.total = 0
        self.urls: dict[str, str] = {}  # request id -> address
        self.parts: dict[str, int] = {}  # address -> bytes
        self.session.on("Network.requestWillBeSent", self._sent)
        self.session.on("Network.loadingFinished", self._finished)

    def _sent(self, event) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def _finished(self, event) -> None:
        size = int(event["encodedDataLength"])
        self.total += size
        url = self.urls.get(event["requestId"], "?").split("/")[-1] or "(page)"
        self.parts[url] = self.parts.get(url, 0) + size

    def emulate(self, conditions) -> None:
        self.session.send("Network.emulateNetworkConditions", conditions)


def total_of(page, name: str) -> str:
    return page.locator(f'.score-row[data-player="{name}"] .total').inner_text()


def type_hand(page, points: int) -> None:
    """Anna closes; Bruno `points`, Carla 1, Dario 1 (seats 1-4, as the match was started)."""
    page.locator('input[name="closer"][value="1"]').check(force=True)
    page.fill('input[name="points_2"]', str(points))
    page.fill('input[name="points_3"]', "1")
    page.fill('input[name="points_4"]', "1")


def record_hand(page, points: int) -> float:
    """Tap "Record the hand" and wait for Bruno's new total: the seconds it took."""
    before = total_of(page, "Bruno")
    expected = str(int(before) + points)
    started = time.perf_counter()
    page.locator("#entry-form button[type=submit]").first.click()
    page.wait_for_function(
        """([name, expected]) => {
            const cell = document.querySelector(`.score-row[data-player="${name}"] .total`);
            return cell && cell.textContent.trim() === expected;
        }""",
        arg=["Bruno", expected],
        timeout=60_000,
    )
    elapsed = time.perf_counter() - started
    page.wait_for_selector('input[name="points_2"]', timeout=60_000)
    return elapsed


def type_burraco(page, closer: str) -> None:
    """`burraco_hand(closer)` typed in the form, then its preview awaited (as a player reads it
    before tapping)."""
    other = "EO" if closer == "NS" else "NS"
    page.locator(f'input[name="end"][value="{closer}"]').check(force=True)
    page.fill(f'input[name="sporchi_{closer}"]', "1")
    for line in ("NS", "EO"):
        page.locator(f'input[name="pozzetto_taken_{line}"][value="yes"]').check(force=True)
    for line, melded, in_hand in ((closer, "100", "0"), (other, "60", "40")):
        page.fill(f'input[name="melded_{line}"]', melded)
        page.fill(f'input[name="in_hand_{line}"]', in_hand)
    page.wait_for_function(
        "() => document.querySelector('#preview-NS').textContent.trim() !== ''", timeout=60_000
    )


def record_burraco(page, closer: str) -> float:
    """Tap "Record the hand" and wait for NS's new total: the seconds it took."""
    cell = '.line-score[data-line="NS"] .total'
    expected = str(int(page.locator(cell).inner_text()) + BURRACO_GAINS[closer][0])
    started = time.perf_counter()
    page.locator("#entry-form button[type=submit]").first.click()
    page.wait_for_function(
        """([cell, expected]) => {
            const total = document.querySelector(cell);
            return total && total.textContent.trim() === expected;
        }""",
        arg=[cell, expected],
        timeout=60_000,
    )
    elapsed = time.perf_counter() - started
    page.wait_for_selector('input[name="melded_NS"]', timeout=60_000)
    return elapsed


def cold_page(browser, state, url: str) -> int:
    """The bytes of `url` opened in a new browser context (nothing cached)."""
    context = browser.new_context(**PHONE, storage_state=state)
    page = context.new_page()
    meter = Meter(context, page)
    page.goto(url, wait_until="networkidle")
    total = meter.total
    parts = ", ".join(f"{name} {size}" for name, size in sorted(meter.parts.items()))
    print(f"{url}: {parts}", file=sys.stderr)
    context.close()
    return total


def hands_played(browser, state, url: str, hands: int, kind: str) -> dict[str, object]:
    """A hand's answer in bytes (the page warm), then `hands` hands on slow 3G: tap to totals.
    `kind`: "scala40" (Bruno's points) or "burraco" (the lines closing in turn)."""
    context = browser.new_context(**PHONE, storage_state=state)
    page = context.new_page()
    meter = Meter(context, page)
    page.goto(url, wait_until="networkidle")

    def play(number: int) -> float:
        if kind == "burraco":
            closer = ("NS", "EO")[number % 2]
            type_burraco(page, closer)
            meter.total = 0
            return record_burraco(page, closer)
        type_hand(page, 2 + number % 3)
        meter.total = 0
        return record_hand(page, 2 + number % 3)

    play(1)
    page.wait_for_load_state("networkidle")
    answer = meter.total
    meter.emulate(SLOW_3G)
    times = [play(number) for number in range(hands)]
    context.close()
    return {"answer": answer, "tap_times": times, "tap_median": statistics.median(times)}


def measure(base: str, matches: dict[str, int], hands: int) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    results: dict[str, object] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        login = browser.new_context(**PHONE)
        page = login.new_page()
        page.goto(base + "/accounts/login/")
        page.fill("input[name=username]", "banco")
        page.fill("input[name=password]", PASSWORD)
        page.locator("form.form button[type=submit]").click()
        page.wait_for_load_state()
        state = login.storage_state()
        login.close()
        for name, match in matches.items():
            results[f"page_{name}"] = cold_page(browser, state, f"{base}/matches/{match}/")
        for kind, match in (("scala40", matches["3"]), ("burraco", matches["burraco"])):
            results[kind] = hands_played(browser, state, f"{base}/matches/{match}/", hands, kind)
        browser.close()
    return results


def report(results: dict[str, object]) -> None:
    def kb(value) -> str:
        return f"{int(value) / 1000:.1f} KB"

    pages = (("3", "3 hands"), ("40", "40 hands"), ("burraco", "Burraco, 3 hands"))
    rows = [
        (f"Match page, cold, {name}", results[f"page_{key}"], PAGE_TARGET) for key, name in pages
    ]
    print("| Measure | Figure | Target | |")
    print("|---|---|---|---|")
    for name, figure, target in rows:
        met = int(figure) <= target  # type: ignore[call-overload]
        print(f"| {name} | {kb(figure)} | <= 25 KB | {'MET' if met else 'MISSED'} |")
    for kind, title in (("scala40", "Scala 40"), ("burraco", "Burraco")):
        played: dict = results[kind]  # type: ignore[assignment]
        answer, median = int(played["answer"]), float(played["tap_median"])
        print(
            f"| {title}: a hand's answer | {kb(answer)} | <= 5 KB | "
            f"{'MET' if answer <= ANSWER_TARGET else 'MISSED'} |"
        )
        print(
            f"| {title}: tap to new totals, slow 3G (median) | {median:.2f} s | <= 2.5 s | "
            f"{'MET' if median <= TAP_TARGET else 'MISSED'} |"
        )
    for kind in ("scala40", "burraco"):
        times = ", ".join(f"{t:.2f}" for t in results[kind]["tap_times"])  # type: ignore[index]
        print(f"\n{kind}: each tap on slow 3G, in seconds: {times}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="tallone-phone-"))
    port = free_port()
    env = environment(directory, port)
    server = None
    try:
        matches = prepare(env)
        server = start_server(env, port)
        results = measure(f"http://127.0.0.1:{port}", matches, options.hands)
        report(results)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
        if options.keep:
            print(f"kept: {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
