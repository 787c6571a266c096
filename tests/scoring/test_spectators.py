"""Spectators: a public club that makes its matches live to the public (issue 18).

A visitor without an account, or a member of another club, follows a match in progress of such a
club read-only and live: the page and its polled fragment, the PDFs, the API; no entry form, no
correct, void or re-entry buttons, and no name of who entered what. A private club's match, or a
public club's that did not turn the setting on, stays 404 while in progress (its finished matches
stay visible). Every link a visitor is shown leads to a page they may open. The rule is one:
`clubs.permissions.can_see_match`, and `Match.objects.for_user` filters by the same.

Real HTTP requests, in English, asserting what the visitor sees.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import uuid

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from clubs.models import Club, Role
from clubs.permissions import can_see_match
from scoring import services
from scoring.models import Match, MatchStatus
from tests.factories import ClubFactory, PlayerFactory, member
from tests.tournaments.helpers import enter_players, play_distinct
from tournaments import services as tournaments
from tournaments.models import Format

pytestmark = pytest.mark.django_db

SCORER = "scorer-sp7"  # a distinctive username: "not on the page" means something
NAMES = ("Anna", "Bruno", "Carla", "Dario")


def site(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_login(user)
    return client


def pdf_text(response) -> str:
    content = b"".join(response.streaming_content)
    assert content.startswith(b"%PDF-")
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def board_total(content: str, name: str) -> int:
    found = re.search(
        'data-player="' + re.escape(name) + r'".*?<span class="total"[^>]*>(-?\d+)</span>',
        content,
        re.S,
    )
    assert found, f"no total for {name}"
    return int(found.group(1))


@pytest.fixture
def club() -> Club:
    return ClubFactory(
        name="Circolo Piazza", slug="piazza", is_public=True, public_live_matches=True
    )


@pytest.fixture
def scorer(club):
    return member(club, Role.SCOREKEEPER, username=SCORER)


@pytest.fixture
def live_match(club, scorer) -> Match:
    """A Scala 40 match in progress with re-entry: Dario busted by hand 2, his re-entry offered."""
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    match = services.match_start(club=club, user=scorer, preset="scala40-club", players=players)
    for data in (
        {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}},
        {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 15}},
    ):
        services.hand_record(match=match, user=scorer, data=data)
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS
    return match


@pytest.fixture
def outsider():
    """The owner of another club: a role elsewhere grants nothing here."""
    return member(ClubFactory(name="Circolo Borgo"), Role.OWNER, username="borgo-owner")


def viewers(outsider):
    return [("anonymous", None), ("another club's owner", outsider)]


# A visitor follows a live match -----------------------------------------------------------------


def test_a_visitor_follows_a_live_match_read_only_without_who_entered_it(live_match, outsider):
    for who, user in viewers(outsider):
        page = site(user).get(live_match.get_absolute_url())
        assert page.status_code == 200, who
        content = page.content.decode()
        assert board_total(content, "Dario") == 105
        assert board_total(content, "Bruno") == 35
        assert "Closed by Bruno." in content  # the history is there
        # read-only: no entry form, no other event, no correct/void, no re-entry offer's buttons
        for absent in (
            "Record the hand",
            'name="points_',
            "Other events",
            "Correct</a>",
            "Void</a>",
            "Dario re-enters",
            "Dario stays out",
            reverse("scoring:hand", args=[live_match.pk]),
            reverse("scoring:reentry", args=[live_match.pk]),
            reverse("scoring:stays-out", args=[live_match.pk]),
        ):
            assert absent not in content, (who, absent)
        assert SCORER not in content, who  # nobody's name of who entered what
        # and it polls, as the members' page does
        assert f'hx-get="/matches/{live_match.pk}/live/?revision={live_match.revision}' in content


def test_the_live_fragment_brings_a_visitor_the_new_hand(live_match, scorer):
    visitor = site()
    url = reverse("scoring:live", args=[live_match.pk])
    seen = live_match.revision
    assert visitor.get(url, {"revision": seen}, HTTP_HX_REQUEST="true").status_code == 204
    services.player_reenter(match=live_match, user=scorer, seat=live_match.seats.get(seat=4))
    services.hand_record(
        match=live_match,
        user=scorer,
        data={"closer": "Carla", "points": {"Anna": 5, "Bruno": 6, "Dario": 7}},
    )
    response = visitor.get(url, {"revision": seen}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    fragment = response.content.decode()
    assert board_total(fragment, "Dario") == 42 + 7  # re-entered at 42, then 7
    assert board_total(fragment, "Anna") == 25
    assert "Closed by Carla." in fragment
    assert SCORER not in fragment
    assert "Correct</a>" not in fragment and "re-enters" not in fragment


def test_a_visitor_reads_the_pdfs_of_a_live_match_without_any_author(live_match, scorer):
    visitor = site()
    sheet = visitor.get(reverse("match-pdf:sheet", args=[live_match.pk]))
    assert sheet.status_code == 200
    assert "Anna" in pdf_text(sheet)
    report = visitor.get(reverse("match-pdf:report", args=[live_match.pk]))
    assert report.status_code == 200
    text = pdf_text(report)
    assert "Standings so far (match in progress)" in text
    assert "Dario" in text and SCORER not in text


def test_a_visitors_score_sheet_says_its_qr_code_follows_the_match(live_match, scorer):
    # the visitor's QR opens the read-only page: it does not promise to enter the hands
    text = pdf_text(site().get(reverse("match-pdf:sheet", args=[live_match.pk])))
    assert "Scan the code to follow the match." in text
    assert "enter the hands" not in text
    # the scorer's sheet does (with the table's code when it has one)
    text = pdf_text(site(scorer).get(reverse("match-pdf:sheet", args=[live_match.pk])))
    assert "enter the hands." in text
    assert "follow the match" not in text


def test_the_api_shows_a_live_match_to_a_visitor_without_its_authors(live_match):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    detail = client.get(reverse("api-match-detail", args=[live_match.pk]))
    assert detail.status_code == 200
    body = detail.json()
    assert body["started_by"] is None
    assert {seat["name"]: seat["total"] for seat in body["seats"]}["Dario"] == 105
    events = client.get(reverse("api-event-list", args=[live_match.pk]))
    assert events.status_code == 200 and SCORER not in events.content.decode()
    listed = client.get(reverse("api-match-list"), {"status": "in_progress"}).json()
    assert [row["id"] for row in listed["results"]] == [live_match.pk]


def test_a_visitor_cannot_write_to_a_live_match(live_match, outsider):
    events = live_match.events.count()
    for who, user in viewers(outsider):
        client = site(user)
        body = {"seat": "4", "idempotency_key": uuid.uuid4().hex, "closer": "1"}
        for name in ("hand", "reentry", "stays-out", "withdraw", "time-call"):
            response = client.post(reverse(f"scoring:{name}", args=[live_match.pk]), body)
            if user is None:
                assert response.status_code == 302, (who, name)
                assert response["Location"].startswith("/accounts/login/"), (who, name)
            else:
                assert response.status_code == 404, (who, name)
        api = APIClient()
        if user is not None:
            api.force_login(user)
        refused = api.post(f"/api/v1/matches/{live_match.pk}/events/", {"type": "time_call"})
        assert refused.status_code in (401, 403), who
    assert live_match.events.count() == events


# Who may see what: one rule ---------------------------------------------------------------------


@pytest.mark.parametrize(("public", "live"), [(True, False), (False, True), (False, False)])
def test_a_match_in_progress_is_not_found_unless_the_club_shows_it_live(
    club, live_match, outsider, public, live
):
    Club.objects.filter(pk=club.pk).update(is_public=public, public_live_matches=live)
    for who, user in viewers(outsider):
        client = site(user)
        for path in (
            live_match.get_absolute_url(),
            reverse("scoring:live", args=[live_match.pk]) + "?revision=0",
            reverse("match-pdf:sheet", args=[live_match.pk]),
            reverse("match-pdf:report", args=[live_match.pk]),
            reverse("api-match-detail", args=[live_match.pk]),
        ):
            assert client.get(path).status_code == 404, (who, path)
    # the club's members follow it as ever
    assert site(member(club, Role.MEMBER)).get(live_match.get_absolute_url()).status_code == 200


def test_a_public_clubs_finished_match_stays_visible_without_the_live_setting(
    club, live_match, scorer
):
    Club.objects.filter(pk=club.pk).update(public_live_matches=False)
    services.match_call_time(match=live_match, user=scorer)
    page = site().get(live_match.get_absolute_url())
    assert page.status_code == 200
    assert "Dario" in page.content.decode() and SCORER not in page.content.decode()


def test_the_rule_for_one_match_and_the_filter_of_matches_agree(club, scorer):
    """`can_see_match` and `Match.objects.for_user` say the same for every kind of viewer, club
    and match status (the one rule in its two forms)."""
    players = [PlayerFactory(club=club, name=name) for name in ("Elena", "Fabio")]
    in_progress = services.match_start(club=club, user=scorer, preset="gin", players=players)
    finished = services.match_start(club=club, user=scorer, preset="gin", players=players)
    services.match_call_time(match=finished, user=scorer)
    plain_member = member(club, Role.MEMBER)
    stranger = member(ClubFactory(), Role.OWNER)
    checked = 0
    for public, live in itertools.product((True, False), repeat=2):
        Club.objects.filter(pk=club.pk).update(is_public=public, public_live_matches=live)
        for user in (AnonymousUser(), stranger, plain_member):
            user.__dict__.pop("_club_roles", None)
            visible = set(Match.objects.for_user(user).values_list("pk", flat=True))
            for match in (in_progress, finished):
                match.refresh_from_db()
                expected = can_see_match(user, match.club, finished=match.is_finished)
                assert (match.pk in visible) is expected, (public, live, user, match.status)
                checked += expected
    # members see both always (8), visitors finished ones of the public club (2 x 2) and the
    # match in progress when it is live too (1 x 2)
    assert checked == 8 + 4 + 2


# Every link shown to a visitor leads to a page they may see ------------------------------------


def tournament_with_a_live_table(club, scorer):
    """A public Scala 40 tournament of `club`: round 1 started, one hand at table 1 (in progress),
    table 2 played to the end (time called)."""
    director = member(club, Role.DIRECTOR)
    tournament = tournaments.tournament_create(
        club=club,
        user=director,
        name="Coppa di Primavera",
        preset="scala40",
        format=Format.ROUNDS,
        is_public=True,
    )
    enter_players(tournament, director, 8)
    round = tournaments.round_seat(tournament=tournament, user=director, seed=3)
    tournaments.round_start(round=round, user=director)
    first, second = round.tables.select_related("match").order_by("number")[:2]
    play_distinct(first, scorekeeper=scorer, rng=random.Random(3))
    play_distinct(second, scorekeeper=scorer, rng=random.Random(4))
    services.match_call_time(match=second.match, user=scorer)
    first.match.refresh_from_db()
    assert first.match.status == MatchStatus.IN_PROGRESS
    return tournament, first, second


def match_links(content: str) -> set[str]:
    return set(re.findall(r'href="(/matches/\d+/)"', content))


@pytest.mark.parametrize(
    ("public", "live", "in_progress_linked", "finished_linked"),
    [
        (True, True, True, True),
        (True, False, False, True),  # today's 404 link: gone
        (False, False, False, False),  # a public tournament of a private club
    ],
)
def test_the_public_table_page_links_a_match_only_when_the_visitor_may_open_it(
    club, scorer, public, live, in_progress_linked, finished_linked
):
    tournament, playing, played = tournament_with_a_live_table(club, scorer)
    Club.objects.filter(pk=club.pk).update(is_public=public, public_live_matches=live)
    visitor = site()
    for table, linked in ((playing, in_progress_linked), (played, finished_linked)):
        page = visitor.get(reverse("tournaments:table", args=[tournament.pk, table.pk]))
        assert page.status_code == 200
        content = page.content.decode()
        links = match_links(content)
        assert (table.match.get_absolute_url() in links) is linked, table.number
        assert ("The match, hand by hand" in content) is linked
        for link in links:
            assert visitor.get(link).status_code == 200, link


def test_control_a_link_kept_after_the_setting_is_turned_off_answers_404(club, scorer):
    """The check above can fail: the link a visitor was shown while the matches were live
    answers 404 once the club stops showing them."""
    tournament, playing, _played = tournament_with_a_live_table(club, scorer)
    visitor = site()
    page = visitor.get(reverse("tournaments:table", args=[tournament.pk, playing.pk]))
    (link,) = match_links(page.content.decode())
    assert visitor.get(link).status_code == 200
    Club.objects.filter(pk=club.pk).update(public_live_matches=False)
    assert visitor.get(link).status_code == 404


def test_the_club_page_lists_live_matches_to_visitors_only_when_they_are_live(
    club, live_match, scorer
):
    other = services.match_start(
        club=club,
        user=scorer,
        preset="gin",
        players=[PlayerFactory(club=club, name=name) for name in ("Elena", "Fabio")],
    )
    services.match_call_time(match=other, user=scorer)
    url = club.get_absolute_url()
    content = site().get(url).content.decode()
    assert live_match.get_absolute_url() in match_links(content)
    assert "matches live to the public" in content
    Club.objects.filter(pk=club.pk).update(public_live_matches=False)
    content = site().get(url).content.decode()
    assert match_links(content) == {other.get_absolute_url()}  # the finished one only
    assert "Finished matches" in content


def test_the_home_page_lists_the_users_own_clubs_matches_not_other_live_ones(live_match):
    stranger = member(ClubFactory(name="Circolo Borgo"), Role.OWNER)
    content = site(stranger).get(reverse("home")).content.decode()
    assert live_match.get_absolute_url() not in content
    assert site(stranger).get(live_match.get_absolute_url()).status_code == 200  # yet it may
