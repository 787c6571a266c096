"""Every link shown to a visitor leads to a page they may see (issue 18, "Spectators").

On a realistic scene (tests/security/visitor_scene.py: a public club whose matches in progress
are live to the public, a public club whose are not, a private club with public tournaments; table
and Gin tournaments with rounds played, live and finished matches, seasons, profiles), a viewer
starts from the home page and the public lists and follows every same-site link, htmx address
and form of every page reached, breadth-first (tests/security/link_walk.py). None may answer a
4xx or 5xx, nor send them to the login page: only the login and language links themselves may.

Viewers: an anonymous visitor, and a logged-in plain member of another club, who must also be
shown no link into the private club (its club pages, its matches, its private tournaments). The
controls plant links in a page the walk reads, and prove the walk reports each with its page.
"""

from __future__ import annotations

import copy
import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import resolve, reverse

from clublife.views import seasons as views_seasons
from scoring import pdf_views as scoring_pdf_views
from scoring.models import Match, TableCode
from tests.once import built_once
from tests.security.link_walk import Walked, url_name, walk
from tests.security.visitor_scene import VisitorScene, build_visitor_scene
from tournaments import pdf_views as tournaments_pdf_views
from tournaments.formats import format_of
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

STARTS = ("/", "/clubs/", "/tournaments/", "/matches/join/")

# What the walk must reach for its verdict to mean something: if a page stops linking these, the
# audit would pass on a smaller site, so it fails instead.
REACHED = {
    "home",
    "clubs:list",
    "clubs:detail",
    "scoring:match",
    "scoring:live",
    "scoring:history",
    "match-pdf:sheet",
    "match-pdf:report",
    "tournaments:list",
    "tournaments:detail",
    "tournaments:standings",
    "tournaments:seating",
    "tournaments:table",
    "tournaments:results",
    "tournaments:standings-pdf",
    "tournaments:results-pdf",
    "tournaments:projector",
    "pairings:bracket",
    "pairings:pairings",
    "pairings:standings",
    "pairings:bracket-pdf",
    "pairings:pairings-pdf",
    "clublife:ratings",
    "clublife:player-profile",
    "clublife:season-list",
    "clublife:season-detail",
    "clublife:tournament-standings-csv",
}


def visitor() -> Client:
    return Client()


def member_of(user):
    def make() -> Client:
        client = Client()
        client.force_login(user)
        return client

    return make


def report(walked: Walked) -> str:
    return "\n".join(str(broken) for broken in walked.broken)


def into_private_club(url: str, scene: VisitorScene) -> bool:
    """Whether `url` opens something of the private club that is not public: a page of the
    club's own (its address carries its slug), one of its matches, a private tournament."""
    path = urlsplit(url).path
    match = resolve(path)
    if match.kwargs.get("slug") == scene.hidden.club.slug:
        return True
    pk = match.kwargs.get("pk")
    if pk is None:
        return False
    if match.view_name.startswith(("scoring:", "match-pdf:", "api-match-", "api-event-")):
        return Match.objects.filter(pk=pk, club=scene.hidden.club).exists()
    if match.view_name.startswith(("tournaments:", "pairings:", "api-tournament-")):
        return Tournament.objects.filter(pk=pk, club=scene.hidden.club, is_public=False).exists()
    return False


def current_codes() -> list[str]:
    return list(TableCode.objects.filter(is_current=True).values_list("code", flat=True))


def shown_codes(walked: Walked) -> list[str]:
    """The current table codes (each lets a phone enter its match) that a page showed."""
    return [
        f"{code} on {url}"
        for code in current_codes()
        for url, text in {**walked.pages, **walked.files}.items()
        if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text)
    ]


@pytest.fixture(scope="module")
def built_scene(django_db_setup, django_db_blocker):
    """The scene built once for the module (each test's writes, the walk's forms among them, are
    rolled back after it): building it per test was 2 s a test."""
    yield from built_once(django_db_blocker, build_visitor_scene)


@pytest.fixture
def scene(built_scene, db) -> VisitorScene:
    """The module's scene, its Python objects a fresh copy for each test."""
    return copy.deepcopy(built_scene)


def html_pdf(documents, *, title=None) -> bytes:
    """A printable as the HTML it would be drawn from: the walk checks who may get a PDF and
    what it says (a table code), not how WeasyPrint draws it (a second per PDF, ~150 PDFs)."""
    return b"%PDF-as-html\n" + "\n".join(document.html for document in documents).encode()


@pytest.fixture(autouse=True)
def quick_pdfs(monkeypatch):
    for module in (scoring_pdf_views, tournaments_pdf_views, views_seasons):
        monkeypatch.setattr(module, "render_pdf", html_pdf)


def test_every_link_shown_to_a_visitor_opens(scene):
    walked = walk(visitor, STARTS)

    assert walked.broken == [], report(walked)
    reached = {url_name(url) for url in walked.answers}
    assert REACHED - reached == set()
    urls = set(walked.answers)
    # the live club's match in progress is followed; the other public club's is not linked
    assert scene.live.live.get_absolute_url() in urls
    assert scene.quiet.live.get_absolute_url() not in urls
    assert f"/matches/{scene.long_matches['live'].pk}/history/" in urls
    assert scene.long_matches["quiet"].get_absolute_url() not in urls
    assert scene.quiet.finished.get_absolute_url() in urls
    # the private club's public tournaments are followed, its Gin standings among them
    for name in ("hidden swiss", "hidden knockout"):
        assert scene.extra[name].get_absolute_url() in urls
    assert f"/tournaments/{scene.extra['hidden swiss'].pk}/pairings/standings/" in urls
    assert [link.url for link in walked.links if into_private_club(link.url, scene)] == []
    assert len(current_codes()) > 3 and shown_codes(walked) == []


def test_a_member_of_another_club_is_shown_no_link_into_the_private_club(scene):
    walked = walk(member_of(scene.outsider), STARTS)

    assert walked.broken == [], report(walked)
    reached = {url_name(url) for url in walked.answers}
    assert REACHED - reached == set()
    urls = set(walked.answers)
    # their own club's match in progress is theirs to follow, though not live to the public
    assert scene.quiet.live.get_absolute_url() in urls
    assert f"/matches/{scene.long_matches['quiet'].pk}/history/" in urls
    assert scene.extra["hidden swiss"].get_absolute_url() in urls
    assert [link.url for link in walked.links if into_private_club(link.url, scene)] == []
    assert shown_codes(walked) == []


API_STARTS = ("/api/v1/clubs/", "/api/v1/tournaments/", "/api/v1/matches/")


@pytest.mark.parametrize("who", ["visitor", "member of another club"])
def test_every_link_an_api_answer_gives_opens(scene, who):
    """The API's answers link tournaments, rounds, brackets and their matches: a table's
    `match_url` and `match_page` are null for a match the caller may not see."""
    walked = walk(visitor if who == "visitor" else member_of(scene.outsider), API_STARTS)

    assert walked.broken == [], report(walked)
    reached = {url_name(url) for url in walked.answers}
    assert {
        "api-tournament-detail",
        "api-tournament-rounds",
        "api-tournament-bracket",
        "api-match-detail",
        "scoring:match",
    } - reached == set()
    assert [link.url for link in walked.links if into_private_club(link.url, scene)] == []


def test_a_standings_page_offers_the_csv_exactly_to_whom_may_download_it(scene):
    """The one rule (`clubs.permissions.can_export_tournament_standings`), asked by the CSV's
    view and by the standings pages of both kinds (table and Gin)."""
    viewers = {
        "visitor": visitor,
        "member of another club": member_of(scene.outsider),
        "member of the private club": member_of(scene.hidden.scorekeeper),
    }
    tournaments = {
        **scene.extra,
        "live bracket": scene.live.gin_tournament,
        "live rounds": scene.live.table_tournament,
        "hidden bracket": scene.hidden.gin_tournament,
    }
    offered = {}
    for who, make in viewers.items():
        client = make()
        for name, tournament in tournaments.items():
            page = reverse(format_of(tournament).standings_url_name, args=[tournament.pk])
            html = client.get(page).content.decode()
            csv = f"/clubs/{tournament.club.slug}/tournaments/{tournament.pk}/standings.csv"
            shown = f'href="{csv}"' in html
            answer = client.get(csv).status_code
            assert answer == (200 if shown else 404), (who, name, answer)
            offered[who, name] = shown
    assert offered == {
        (who, name): who == "member of the private club" or not name.startswith("hidden")
        for who in viewers
        for name in tournaments
    }


# Controls: the walk fails on a link the viewer may not follow ----------------------------------


def planting(html_to_add: str):
    def rewrite(url: str, html: str) -> str:
        return html.replace("</main>", html_to_add + "</main>", 1) if url == "/" else html

    return rewrite


def test_control_a_planted_link_to_a_private_page_is_reported_with_its_page(scene):
    hidden = scene.hidden
    private_tournament = hidden.table_tournament
    planted = (
        f'<a href="{hidden.club.get_absolute_url()}">club</a>'
        f'<a href="{private_tournament.get_absolute_url()}">tournament</a>'
        f'<a href="{hidden.finished.get_absolute_url()}">match</a>'
        f'<a href="/clubs/{hidden.club.slug}/tournaments/{scene.extra["hidden swiss"].pk}'
        '/standings.csv">csv</a>'
        '<a href="/clubs/new/">create</a>'
        f'<form method="post" action="/tournaments/{scene.extra["live swiss"].pk}/next-round/">'
        "<button>next</button></form>"
        '<a href="/accounts/login/?next=/clubs/new/">log in</a>'
    )
    walked = walk(visitor, ["/"], per_name=3, limit=40, rewrite=planting(planted))

    assert "</main>" in walked.pages["/"]  # the plant took root
    found = {(broken.link.url, broken.answer, broken.link.source) for broken in walked.broken}
    assert found == {
        (hidden.club.get_absolute_url(), "404", "/"),
        (private_tournament.get_absolute_url(), "404", "/"),
        (hidden.finished.get_absolute_url(), "404", "/"),
        (
            f"/clubs/{hidden.club.slug}/tournaments/{scene.extra['hidden swiss'].pk}/standings.csv",
            "404",
            "/",
        ),
        ("/clubs/new/", "302 to the login page", "/"),
        (f"/tournaments/{scene.extra['live swiss'].pk}/next-round/", "302 to the login page", "/"),
    }
    # and the check of links into the private club sees them too
    assert sum(into_private_club(link.url, scene) for link in walked.links) == 4


def test_control_a_table_code_shown_on_a_page_or_a_pdf_is_reported(scene):
    code = current_codes()[0]
    walked = walk(visitor, ["/"], per_name=1, limit=1, rewrite=planting(f"<p>{code}</p>"))
    assert shown_codes(walked) == [f"{code} on /"]
    # the score sheet prints its table's code for the club's scorers: the walk reads it there
    table_code = TableCode.objects.filter(is_current=True, match__club=scene.live.club).first()
    sheet = f"/matches/{table_code.match_id}/sheet.pdf"
    walked = walk(member_of(scene.live.scorekeeper), [sheet], limit=1)
    assert walked.files[sheet].startswith("%PDF") and shown_codes(walked) == [
        f"{table_code.code} on {sheet}"
    ]
