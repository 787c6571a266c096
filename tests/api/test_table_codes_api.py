"""Table codes in the API (issue 19): a phone without an account joins by code, records that
match's events in its session, and confirms or disputes its tournament table; a code never
opens another match, another club's data, or anything after the director made a new code."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring import table_codes
from scoring.models import EventVersion, TableCode
from tests.factories import ClubFactory, start_match
from tests.table_seats import free_seat
from tests.tournaments.helpers import started_round

pytestmark = pytest.mark.django_db

HAND = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 7}}
OUT = {"type": "hand", "closer": "Anna", "points": {"Bruno": 200, "Carla": 200, "Dario": 200}}


def phone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def match():
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    return match


def code_of(match) -> str:
    return TableCode.objects.get(match=match, is_current=True).code


def join(client: APIClient, code: str, name: str = "Luca"):
    body = {"code": code, "name": name, "seat": free_seat(code)}  # as a player (issue 25)
    return client.post("/api/v1/tables/join/", body, format="json")


def events_url(match) -> str:
    return f"/api/v1/matches/{match.pk}/events/"


def test_a_phone_joins_and_records_a_hand_named_as_the_phone(match):
    client = phone()
    response = join(client, code_of(match))
    assert response.status_code == 201
    assert response.json() == {
        "match": match.pk,
        "match_url": f"http://testserver/api/v1/matches/{match.pk}/",
        "code": code_of(match),
        "name": "Luca",
        "phone": 1,
        "seat": 1,
        "can_enter": True,
    }
    assert client.get(f"/api/v1/matches/{match.pk}/").status_code == 200
    recorded = client.post(events_url(match), HAND, format="json")
    assert recorded.status_code == 201
    version = recorded.json()["event"]["versions"][0]
    # the code lets a phone in: null for anyone but the club's members
    assert version["table_phone"] == {"code": None, "name": "Luca", "phone": 1}
    assert version["created_by"] is None
    assert EventVersion.objects.get(event__match=match).table_join.name == "Luca"
    # the same idempotency key twice records once; a stale based_on is refused (409)
    again = {**HAND, "idempotency_key": "same"}
    assert client.post(events_url(match), again, format="json").status_code == 201
    assert client.post(events_url(match), again, format="json").status_code == 200
    stale = client.post(events_url(match), {**HAND, "based_on": 0}, format="json")
    assert stale.status_code == 409
    # calling time is not a table's
    called = client.post(f"/api/v1/matches/{match.pk}/time-call/", {}, format="json")
    assert called.status_code == 403  # a phone: forbidden, not "log in" (issue 25)


def test_a_wrong_code_is_a_400_on_code_and_grants_nothing(match):
    client = phone()
    response = join(client, "ZZZZZZ")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "code"
    assert client.get(f"/api/v1/matches/{match.pk}/").status_code == 404
    assert client.post(events_url(match), HAND, format="json").status_code == 401


def test_a_code_never_opens_another_match_another_club_or_anything_after_revocation(match):
    same_club = start_match(club=match.club, names=("Elena", "Fabio"))
    elsewhere = start_match(club=ClubFactory(), names=("Gina", "Ivo"))
    client = phone()
    join(client, code_of(match))
    for other in (same_club, elsewhere):
        assert client.get(f"/api/v1/matches/{other.pk}/").status_code == 404
        body = {"type": "hand", "closer": "Elena", "points": {"Fabio": 3}}
        assert client.post(events_url(other), body, format="json").status_code == 404
        assert other.events.count() == 0
    assert client.get(f"/api/v1/clubs/{match.club.slug}/").status_code == 404
    assert client.get(f"/api/v1/clubs/{match.club.slug}/players/").status_code == 404
    table_codes.code_regenerate(match=match, user=None)
    assert client.get(f"/api/v1/matches/{match.pk}/").status_code == 404
    assert client.post(events_url(match), HAND, format="json").status_code == 404
    assert match.events.count() == 0


def test_a_phone_confirms_or_disputes_its_tournament_table_but_not_after_entering_it():
    _staff, tournament, round = started_round()
    first, second = list(round.tables.select_related("match").order_by("number"))
    base = f"/api/v1/tournaments/{tournament.pk}/tables/"
    luca, marta, ugo = phone(), phone(), phone()
    join(luca, code_of(first.match), "Luca")
    join(marta, code_of(first.match), "Marta")
    join(ugo, code_of(second.match), "Ugo")
    names = list(first.match.seats.order_by("seat").values_list("name", flat=True))
    out = {"type": "hand", "closer": names[0], "points": {name: 200 for name in names[1:]}}
    assert luca.post(events_url(first.match), out, format="json").status_code == 201
    refused = luca.post(f"{base}{first.pk}/confirm-at-table/")
    assert refused.status_code == 403
    assert "entered the last hand" in refused.json()["detail"]
    # a phone of another table: that table does not exist for it
    assert ugo.post(f"{base}{first.pk}/confirm-at-table/").status_code == 404
    disputed = ugo.post(f"{base}{first.pk}/dispute/", {"message": "x"}, format="json")
    assert disputed.status_code == 404
    confirmed = marta.post(f"{base}{first.pk}/confirm-at-table/")
    assert confirmed.status_code == 200
    assert confirmed.json() == {
        "table": 1,
        "confirmed": True,
        "confirmed_at_table_by": "Marta",
        "disputed": False,
    }
    # a confirmed result: the phones' code is read-only now
    assert luca.post(events_url(first.match), HAND, format="json").status_code == 403
    names = list(second.match.seats.order_by("seat").values_list("name", flat=True))
    out = {"type": "hand", "closer": names[0], "points": {name: 200 for name in names[1:]}}
    second_scorer = phone()
    join(second_scorer, code_of(second.match), "Sara")
    second_scorer.post(events_url(second.match), out, format="json")
    disputed = ugo.post(f"{base}{second.pk}/dispute/", {"message": "Wrong"}, format="json")
    assert disputed.status_code == 200 and disputed.json()["disputed"] is True
    assert ugo.post(f"{base}{second.pk}/confirm-at-table/").status_code == 403


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_documents_joining_entering_confirming_and_disputing(schema):
    paths = schema["paths"]
    join_op = paths["/api/v1/tables/join/"]["post"]
    assert join_op["operationId"] == "tables_join"
    assert {"201", "400", "429"} <= set(join_op["responses"])
    table = "/api/v1/tournaments/{id}/tables/{table_id}/"
    assert paths[table + "confirm-at-table/"]["post"]["operationId"] == (
        "tournaments_tables_confirm_at_table"
    )
    assert paths[table + "dispute/"]["post"]["operationId"] == "tournaments_tables_dispute"
    version = schema["components"]["schemas"]["EventVersion"]["properties"]
    assert "table_phone" in version


def test_a_phone_sends_its_csrf_token_with_its_writes(match):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)
    assert join(client, code_of(match)).status_code == 201
    assert client.post(events_url(match), HAND, format="json").status_code == 403
    token = client.cookies["csrftoken"].value
    recorded = client.post(events_url(match), HAND, format="json", HTTP_X_CSRFTOKEN=token)
    assert recorded.status_code == 201
