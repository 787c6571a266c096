"""The axe-core audit (issue 25): on a phone (390x844) and a laptop (1366x900), axe-core finds no
serious or critical violation on the pages of a tournament evening: a table's match page and its
history, the join page, the director's console (a guest waiting), the standings, the projector,
the check-in page and "where do I sit?".

axe-core comes from npm (package.json, installed by `make install` with `npm ci`) and is put in
each page from node_modules with Playwright's add_script_tag: nothing is fetched at run time. One
tournament serves every page and both windows (one test: the setup is made once)."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from clubs.models import Role
from scoring import services as scoring
from scoring.models import TableCode
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import Format

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LAPTOP = {"width": 1366, "height": 900}
SHOTS = ARTIFACTS / "axe"
NAMES = (
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Neri",
    "Maria Antonietta Buonarroti",
    "Giovanni Battista Sanseverino",
    "Elena Gallo",
    "Franco Ricci",
)
# What axe-core says of a page: the violations that keep someone out (serious or critical).
AUDIT = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}"""


def evening():
    """A public tournament of 8: round 1 seated and started, a hand recorded at table 1, a guest
    waiting at the check-in. Returns the director, the tournament and table 1's match."""
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
    for name in NAMES:
        services.entry_register(
            tournament=tournament,
            user=director,
            player=PlayerFactory(club=club, name=name),
            check_in=True,
        )
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    match = round.tables.order_by("number").first().match
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    scoring.hand_record(
        match=match,
        user=director,
        data={
            "closer": names[0],
            "in_hand": True,
            "points": {names[1]: 35, names[2]: 12, names[3]: 9},
        },
    )
    services.guest_ask(tournament=tournament, name="Ospite Nuovo", user=None)
    return director, tournament, match


def audited(page, url: str, name: str) -> list[dict]:
    page.goto(url)
    page.wait_for_load_state("load")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AUDIT)


def test_no_serious_or_critical_violation_on_the_evenings_pages(browser, live_server):
    assert AXE.exists(), "axe-core is missing: run `make install` (npm ci)"
    director, tournament, match = evening()
    client = Client()
    client.force_login(director)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    base = live_server.url
    pages = {
        "match": match.get_absolute_url(),
        "history": f"/matches/{match.pk}/history/",
        "join": "/matches/join/",
        # the QR code's address opens at the seats (issue 25)
        "join-seats": f"/matches/join/{TableCode.objects.get(match=match, is_current=True).code}/",
        "console": tournament.get_absolute_url(),
        "standings": f"/tournaments/{tournament.pk}/standings/",
        "projector": f"/tournaments/{tournament.pk}/projector/",
        "check-in": f"/tournaments/check-in/{tournament.check_in_key}/",
        "where": f"/tournaments/{tournament.pk}/where/?q=ann",
    }
    found = {}
    for size, viewport in {"phone": PHONE, "laptop": LAPTOP}.items():
        # axe-core is put in as a script of the page: the app's content security policy, which
        # forbids such a script, is set aside for the audit alone
        context = browser.new_context(viewport=viewport, locale="it-IT", bypass_csp=True)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}])
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            for name, path in pages.items():
                violations = audited(page, base + path, f"{size}-{name}")
                if violations:
                    found[f"{name} ({size})"] = violations
        finally:
            context.close()
    assert found == {}, json.dumps(found, indent=2, ensure_ascii=False)
