"""Who entered, started, confirmed or fixed something is shown to the club's members only.

A public club's finished matches and a public tournament's pages are open to anonymous visitors
and to other clubs' members; the usernames of the club's staff must not be (a username is half
of a login, and django-axes locks out by username). Outsiders see no author on the pages, null
in the API's `started_by`, `created_by` and `confirmed_by`, and no name in the PDF report; a
member of the club, whatever their role, sees them as before.

Every author here has a distinctive username, so "not in the answer" means something; the viewer
who is a member is another user (the page header shows the viewer's own username).
"""

from __future__ import annotations

import io
import json
import random

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from clubs.models import Role
from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tests.factories import ClubFactory, PlayerFactory, member
from tests.pairings.test_services import gin_tournament, play, seated
from tests.tournaments.helpers import enter_players, play_distinct
from tournaments import services
from tournaments.formats import format_of
from tournaments.models import Format

pytestmark = pytest.mark.django_db

SCORER = "secret-scorer-7"
CORRECTOR = "secret-director-7"
CONFIRMER = "secret-director-8"
TABLE_SCORER = "secret-scorer-8"
FIXER = "secret-director-9"
OUTSIDERS = ("anonymous", "other-club")


def site(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_login(user)
    return client


def api(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def ok(response) -> bytes:
    assert response.status_code == 200, response.status_code
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return response.content


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture
def other_club_member():
    """The owner of another club: a role elsewhere grants nothing here."""
    return member(ClubFactory(name="Circolo Borgo"), Role.OWNER, username="borgo-owner")


def viewer(who: str, other_club_member):
    return None if who == "anonymous" else other_club_member


# A public club's finished match ------------------------------------------------------------------


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Piazza", slug="piazza", is_public=True)


@pytest.fixture
def plain_member(club):
    return member(club, Role.MEMBER, username="plain-member")


@pytest.fixture
def finished_match(club) -> Match:
    """Started and scored by SCORER, hand 1 corrected by CORRECTOR, time called by CORRECTOR."""
    scorer = member(club, Role.SCOREKEEPER, username=SCORER)
    corrector = member(club, Role.DIRECTOR, username=CORRECTOR)
    players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla")]
    match = scoring.match_start(club=club, user=scorer, preset="scala40-club", players=players)
    first, _created = scoring.hand_record(
        match=match, user=scorer, data={"closer": "Anna", "points": {"Bruno": 30, "Carla": 5}}
    )
    scoring.hand_correct(
        event=first,
        user=corrector,
        data={"closer": "Anna", "points": {"Bruno": 40, "Carla": 5}},
        expected_version=1,
        reason="Bruno counted his cards again.",
    )
    scoring.hand_record(
        match=match, user=scorer, data={"closer": "Carla", "points": {"Anna": 12, "Bruno": 20}}
    )
    scoring.match_call_time(match=match, user=corrector)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def match_pages(match: Match) -> list[str]:
    return [
        reverse("scoring:match", args=[match.pk]),
        reverse("scoring:live", args=[match.pk]),
    ]


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_see_a_public_match_page_without_who_scored_it(
    who, finished_match, other_club_member
):
    client = site(viewer(who, other_club_member))
    for path in match_pages(finished_match):
        page = ok(client.get(path)).decode()
        assert SCORER not in page and CORRECTOR not in page, path
    page = ok(client.get(reverse("scoring:match", args=[finished_match.pk]))).decode()
    assert "Bruno counted his cards again." in page  # the history itself is still there
    assert "v1 · —" not in page and "v2 · —" not in page  # no empty author left behind


def test_a_member_of_the_club_sees_who_scored_and_corrected_the_match(finished_match, plain_member):
    client = site(plain_member)
    for path in match_pages(finished_match):
        page = ok(client.get(path)).decode()
        assert f"v1 · {SCORER} · " in page, path
        assert f"v2 · {CORRECTOR} · " in page, path


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_get_null_authors_from_the_match_api(who, finished_match, other_club_member):
    client = api(viewer(who, other_club_member))
    detail = client.get(reverse("api-match-detail", args=[finished_match.pk]))
    events = client.get(reverse("api-event-list", args=[finished_match.pk]))
    for response in (detail, events):
        assert SCORER.encode() not in ok(response) and CORRECTOR.encode() not in response.content
    assert detail.json()["started_by"] is None
    body = events.json()
    assert len(body) == 3
    assert {event["created_by"] for event in body} == {None}
    assert {version["created_by"] for event in body for version in event["versions"]} == {None}
    assert [len(event["versions"]) for event in body] == [2, 1, 1]  # nothing else left out


def test_a_member_of_the_club_gets_the_authors_from_the_match_api(finished_match, plain_member):
    client = api(plain_member)
    detail = ok(client.get(reverse("api-match-detail", args=[finished_match.pk])))
    assert json.loads(detail)["started_by"] == SCORER
    body = json.loads(ok(client.get(reverse("api-event-list", args=[finished_match.pk]))))
    assert [event["created_by"] for event in body] == [SCORER, SCORER, CORRECTOR]
    assert [v["created_by"] for v in body[0]["versions"]] == [SCORER, CORRECTOR]


@pytest.mark.parametrize("who", OUTSIDERS)
@pytest.mark.parametrize("name", ["match-pdf:report", "api-match-report-pdf"])
def test_outsiders_download_a_report_that_names_nobody(
    who, name, finished_match, other_club_member
):
    client = (site if name.startswith("match-pdf") else api)(viewer(who, other_club_member))
    text = pdf_text(ok(client.get(reverse(name, args=[finished_match.pk]))))
    assert "Hand 1: recorded on " in text and "corrected on " in text  # the note is still there
    assert SCORER not in text and CORRECTOR not in text
    assert " by " not in text.split("Hand 1:", 1)[1].split("[", 1)[0]


def test_a_member_of_the_club_downloads_a_report_that_names_the_authors(
    finished_match, plain_member
):
    url = reverse("match-pdf:report", args=[finished_match.pk])
    text = pdf_text(ok(site(plain_member).get(url)))
    assert f"Hand 1: recorded by {SCORER} on " in text
    assert f"corrected by {CORRECTOR} on " in text


# A public tournament with a confirmed table ------------------------------------------------------


@pytest.fixture
def tournament_scene():
    """A public Scala 40 tournament (of a private club): table 1 of round 1 scored by
    TABLE_SCORER and confirmed by CONFIRMER."""
    club = ClubFactory(name="Circolo Riservato")
    director = member(club, Role.DIRECTOR, username=CONFIRMER)
    scorer = member(club, Role.SCOREKEEPER, username=TABLE_SCORER)
    reader = member(club, Role.MEMBER, username="plain-member")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa di Natale",
        preset="scala40",
        format=Format.ROUNDS,
        is_public=True,
    )
    enter_players(tournament, director, 8)
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    table = round.tables.select_related("match").get(number=1)
    play_distinct(table, scorekeeper=scorer, rng=random.Random(1))
    scoring.match_call_time(match=table.match, user=None)
    services.table_confirm(table=table, user=director)
    table.refresh_from_db()
    assert table.confirmed_by == director
    return tournament, table, reader


def tournament_pages(tournament, table) -> list[str]:
    return [
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("tournaments:table", args=[tournament.pk, table.pk]),
        reverse("tournaments:standings", args=[tournament.pk]),
        reverse("tournaments:seating", args=[tournament.pk]),
    ]


def tournament_api(tournament, table) -> list[str]:
    return [
        reverse("api-tournament-detail", args=[tournament.pk]),
        reverse("api-tournament-rounds", args=[tournament.pk]),
        reverse("api-round-detail", args=[tournament.pk, 1]),
    ]


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_see_a_confirmed_table_without_who_confirmed_it(
    who, tournament_scene, other_club_member
):
    tournament, table, _reader = tournament_scene
    client = site(viewer(who, other_club_member))
    for path in tournament_pages(tournament, table):
        page = ok(client.get(path)).decode()
        assert CONFIRMER not in page and TABLE_SCORER not in page, path
    fragment = client.get(
        reverse("tournaments:table", args=[tournament.pk, table.pk]), HTTP_HX_REQUEST="true"
    )
    page = ok(fragment).decode()
    assert "Confirmed by" not in page and CONFIRMER not in page
    assert "<html" not in page  # the live fragment, as polled


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_get_a_null_confirmed_by_from_the_tournament_api(
    who, tournament_scene, other_club_member
):
    tournament, table, _reader = tournament_scene
    client = api(viewer(who, other_club_member))
    for path in tournament_api(tournament, table):
        content = ok(client.get(path))
        assert CONFIRMER.encode() not in content and TABLE_SCORER.encode() not in content, path
    rounds = client.get(reverse("api-tournament-rounds", args=[tournament.pk])).json()
    tables = {t["id"]: t for t in rounds[0]["tables"]}
    assert (tables[table.pk]["confirmed"], tables[table.pk]["confirmed_by"]) == (True, None)
    assert tables[table.pk]["confirmed_at"] is not None  # the rest of the table is all there


def test_a_member_of_the_club_sees_who_confirmed_the_table(tournament_scene):
    tournament, table, reader = tournament_scene
    page = ok(site(reader).get(reverse("tournaments:table", args=[tournament.pk, table.pk])))
    assert f"Confirmed by {CONFIRMER}" in page.decode()
    client = api(reader)
    rounds = client.get(reverse("api-tournament-rounds", args=[tournament.pk])).json()
    round = client.get(reverse("api-round-detail", args=[tournament.pk, 1])).json()
    for body in (rounds[0], round):
        tables = {t["id"]: t for t in body["tables"]}
        assert tables[table.pk]["confirmed_by"] == CONFIRMER


# A bracket result fixed by the director ----------------------------------------------------------


@pytest.fixture
def bracket_scene():
    """A public single elimination of Gin: match 1 played, match 2 fixed by FIXER (a walkover)."""
    from tests.tournaments.helpers import Staff

    staff = Staff(ClubFactory(name="Circolo del Gin"))
    staff.director.username = FIXER
    staff.director.save()
    staff.scorekeeper.username = TABLE_SCORER
    staff.scorekeeper.save()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    view = format_of(tournament).bracket_of(tournament)
    first = view.tables[1]
    play(first, seated(first)[0], staff.scorekeeper)
    second = view.tables[2]
    pairing_services.result_fix(
        table=second,
        user=staff.director,
        winner=seated(second)[1],
        walkover=True,
        reason="No-show",
    )
    reader = member(staff.club, Role.MEMBER, username="plain-member")
    return tournament, second, staff, reader


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_see_a_fixed_bracket_without_who_fixed_or_scored_it(
    who, bracket_scene, other_club_member
):
    tournament, fixed, _staff, _reader = bracket_scene
    client = site(viewer(who, other_club_member))
    for name in ("pairings:bracket", "pairings:standings"):
        page = ok(client.get(reverse(name, args=[tournament.pk]))).decode()
        assert FIXER not in page and TABLE_SCORER not in page, name
    for path in (
        reverse("api-tournament-bracket", args=[tournament.pk]),
        reverse("api-tournament-rounds", args=[tournament.pk]),
    ):
        content = ok(api(viewer(who, other_club_member)).get(path))
        assert FIXER.encode() not in content and TABLE_SCORER.encode() not in content, path
    # The fix's history, with who made each fix, is the directors' page only.
    fix = reverse("pairings:result-fix", args=[tournament.pk, fixed.pk])
    assert client.get(fix).status_code in (302, 404)


def test_the_fix_history_names_the_director_to_the_clubs_directors_only(bracket_scene):
    tournament, fixed, staff, reader = bracket_scene
    fix = reverse("pairings:result-fix", args=[tournament.pk, fixed.pk])
    assert site(reader).get(fix).status_code == 403
    page = ok(site(staff.scorekeeper).get(reverse("pairings:bracket", args=[tournament.pk])))
    assert b"Walkover" in page
    history = ok(site(staff.director).get(fix)).decode()
    assert "No-show" in history and FIXER in history.split('id="fix-history"', 1)[1]
