"""Issue 26, one rule asked everywhere: who a request is at a match (its club role, the phone's
table-code join and seat) is resolved once per request (`table_access.viewer_of`), then read by
the views, the match page, its code panel and the place providers. A spy on the resolver counts
how often it is asked, and the queries show the phone's join read once (and checked again by the
service with the match row locked, `version_author`); the control proves the counts can fail."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from scoring import table_access, table_codes
from scoring.models import Match, TableCode
from tests.factories import ClubFactory, member, start_match

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def night():
    """A club night's match with a table code, its director, and a phone on seat 1."""
    club = ClubFactory(table_codes=True)
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    director = Client()
    director.force_login(member(club, Role.DIRECTOR))
    phone = Client()
    code = TableCode.objects.get(match=match, is_current=True).code
    assert phone.post(reverse("scoring:join"), {"code": code, "seat": "1"}).status_code == 302
    return match, director, phone


@pytest.fixture
def resolved(monkeypatch):
    """The matches whose viewer was resolved, one entry per time the resolver was asked."""
    calls: list[int] = []
    real = table_access.resolve_viewer

    def spy(request, match):
        calls.append(match.pk)
        return real(request, match)

    monkeypatch.setattr(table_access, "resolve_viewer", spy)
    return calls


def hand(client: Client, match: Match):
    seats = list(match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = "20"
    return client.post(reverse("scoring:hand", args=[match.pk]), data, **HTMX)


def sql_of(queries: CaptureQueriesContext) -> list[str]:
    return [query["sql"] for query in queries.captured_queries]


def join_reads(queries: CaptureQueriesContext) -> int:
    """The resolver's read of the phone's join: by the session's join ids (`IN`)."""
    return sum('FROM "scoring_tablejoin"' in sql and " IN (" in sql for sql in sql_of(queries))


def join_rechecks(queries: CaptureQueriesContext) -> int:
    """The service's check of the phone, by the join's id, with the match row locked."""
    return sum(
        'FROM "scoring_tablejoin"' in sql and '"scoring_tablejoin"."id" = ' in sql
        for sql in sql_of(queries)
    )


def role_reads(queries: CaptureQueriesContext) -> int:
    """`clubs.permissions.role_in`'s read (not the visible matches' subquery)."""
    return sum(sql.startswith('SELECT "clubs_membership"."role"') for sql in sql_of(queries))


def test_a_phones_hand_is_resolved_once_and_checked_again_by_the_service(night, resolved):
    match, _director, phone = night
    with CaptureQueriesContext(connection) as queries:
        response = hand(phone, match)
    assert response.status_code == 200 and response["X-Tallone-Answer"] == "recorded"
    assert 'id="entry-form"' in response.content.decode()  # the answer's page: still a scorer
    # asked by the released-seat guard, the write preamble and the answer's match page: once
    assert resolved == [match.pk]
    assert join_reads(queries) == 1
    assert join_rechecks(queries) == 1  # `version_author`, the row locked: not the viewer's
    assert match.events.get().versions.get().table_join is not None  # written as the phone


def test_the_live_poll_resolves_its_viewer_once(night, resolved):
    match, _director, phone = night
    url = reverse("scoring:live", args=[match.pk])
    with CaptureQueriesContext(connection) as queries:
        response = phone.get(url, {"revision": "0", "entry": "fresh"})
    assert response.status_code == 200
    assert resolved == [match.pk]
    assert join_reads(queries) == 1


@pytest.mark.parametrize("who", ["phone", "director"])
def test_the_match_page_resolves_its_viewer_once(night, resolved, who):
    match, director, phone = night
    client = phone if who == "phone" else director
    with CaptureQueriesContext(connection) as queries:
        response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    assert resolved == [match.pk]
    # the director's role comes with the match row (its code panel, its authors, its reopen
    # link ask it again from there): no query of its own
    assert role_reads(queries) == 0
    if who == "director":
        reads = [sql for sql in sql_of(queries) if sql.startswith('SELECT "scoring_match"."id"')]
        assert len(reads) == 1 and '"viewer_role"' in reads[0]
    assert join_reads(queries) == (1 if who == "phone" else 0)


def test_control_a_request_that_forgets_its_viewer_resolves_it_again(night, monkeypatch):
    """The control of the counts above: a request that keeps no viewer asks every time, and the
    same counts then fail."""
    match, _director, phone = night
    calls: list[int] = []
    real = table_access.resolve_viewer

    def forgetful(request, match):
        calls.append(match.pk)
        setattr(request, table_access.REQUEST_CACHE, {})  # what was resolved is dropped
        return real(request, match)

    monkeypatch.setattr(table_access, "resolve_viewer", forgetful)
    with CaptureQueriesContext(connection) as queries:
        assert hand(phone, match).status_code == 200
    assert len(calls) > 1
    assert join_reads(queries) > 1


def test_the_viewer_is_kept_for_the_request_and_follows_the_match_read_again(night, resolved):
    match, _director, _phone = night
    request = RequestFactory().get("/")
    request.user = member(match.club, Role.SCOREKEEPER)
    request.session = {}
    viewer = table_access.viewer_of(request, match)
    assert viewer.may_score and viewer.actor == request.user and viewer.phone is None
    assert table_access.viewer_of(request, match) is viewer
    again = Match.objects.get(pk=match.pk)  # a view reads the match again (after a write)
    moved = table_access.viewer_of(request, again)
    assert moved.match is again and moved.role == viewer.role
    assert resolved == [match.pk]  # the same person: nothing asked again
