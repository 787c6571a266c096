"""Table codes (issue 19): a phone without an account joins one match with the code printed on
its score sheet, enters its hands through every rule of today, and nothing else; a new code
revokes it; wrong codes are said beside the field and throttled."""

from __future__ import annotations

import io
import re
import uuid
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from clubs.actors import TableActor
from clubs.models import Role
from scoring import services, table_codes
from scoring.models import CODE_ALPHABET, EventVersion, Match, TableCode
from scoring.table_access import PhoneRefused
from tests.factories import ClubFactory, member, start_match
from tests.table_seats import free_seat

pytestmark = pytest.mark.django_db


def phone() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone", table_codes=True)


@pytest.fixture
def match(club):
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    return match


def code_of(match: Match) -> str:
    return TableCode.objects.get(match=match, is_current=True).code


def join(client: Client, code: str, name: str = "Luca"):
    seat = free_seat(code)  # a phone joins as a player of the table (issue 25)
    return client.post(reverse("scoring:join"), {"code": code, "name": name, "seat": seat})


def hand(match: Match, closer: str, points: dict[str, int], *, based_on=None, key=None):
    seats = {seat.name: seat.seat for seat in match.seats.all()}
    data = {"closer": str(seats[closer]), "idempotency_key": key or uuid.uuid4().hex}
    for name, value in points.items():
        data[f"points_{seats[name]}"] = str(value)
    if based_on is not None:
        data["based_on"] = str(based_on)
    return data


def post_hand(client: Client, match: Match, data):
    return client.post(reverse("scoring:hand", args=[match.pk]), data)


def test_a_club_that_uses_table_codes_gets_one_per_match_without_look_alikes(club):
    client = phone()
    client.force_login(member(club, Role.SCOREKEEPER))
    data = {"preset": "scala40-club", "first_dealer": "1", "table_label": ""}
    data.update({"guest_1": "Anna", "guest_2": "Bruno"})
    response = client.post(reverse("scoring:start", args=[club.slug]), data)
    assert response.status_code == 302
    code = code_of(Match.objects.get(club=club))
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("IL01O")
    other = ClubFactory(table_codes=False)
    client.force_login(member(other, Role.SCOREKEEPER))
    client.post(reverse("scoring:start", args=[other.slug]), data)
    assert Match.objects.filter(club=other).count() == 1
    assert not TableCode.objects.filter(match__club=other).exists()


def test_a_phone_joins_by_code_enters_a_hand_recorded_as_entered_by_code(match):
    client = phone()
    page = client.get(reverse("scoring:join-code", args=[code_of(match)]))
    assert page.status_code == 200 and code_of(match) in page.content.decode()
    response = join(client, code_of(match).lower(), "Luca")
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    page = client.get(match.get_absolute_url()).content.decode()
    assert "This phone joined as Luca." in page and 'id="entry-form"' in page
    response = post_hand(client, match, hand(match, "Anna", {"Bruno": 30, "Carla": 12, "Dario": 5}))
    assert response.status_code == 302
    version = EventVersion.objects.get(event__match=match)
    assert version.created_by is None
    assert version.table_join.name == "Luca" and version.table_join.code.code == code_of(match)
    assert len(version.table_join.session) == 16
    history = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert "Luca (phone 1 at the table)" in history and code_of(match) not in history
    # the code itself (it lets a phone in) shows to the club's members only
    member_client = phone()
    member_client.force_login(member(match.club, Role.MEMBER))
    history = member_client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert f"Luca (table code {code_of(match)}, phone 1)" in history


def test_the_same_idempotency_key_twice_records_one_hand_and_a_stale_view_is_refused(match):
    client = phone()
    join(client, code_of(match))
    start = match.revision
    data = hand(match, "Anna", {"Bruno": 30, "Carla": 12, "Dario": 5}, based_on=start, key="k1")
    post_hand(client, match, data)
    post_hand(client, match, data)
    assert match.events.count() == 1
    second = phone()
    join(second, code_of(match), "Marta")
    data = hand(match, "Bruno", {"Anna": 10, "Carla": 1, "Dario": 2}, based_on=start)
    stale = post_hand(second, match, data)
    assert stale.status_code == 409 and match.events.count() == 1


def test_a_wrong_code_says_so_beside_the_field_and_grants_nothing(match):
    client = phone()
    response = join(client, "ZZZZZZ")
    assert response.status_code == 200
    text = response.content.decode()
    assert "No table has this code" in text
    assert client.get(match.get_absolute_url()).status_code == 404
    refused = post_hand(client, match, hand(match, "Anna", {"Bruno": 3, "Carla": 1, "Dario": 1}))
    assert refused.status_code == 302 and "/accounts/login/" in refused.url
    assert match.events.count() == 0


def test_a_code_opens_its_match_only_and_nothing_else_of_the_club(match, club):
    other = start_match(club=club, preset="scala40-club", names=("Elena", "Fabio"))
    client = phone()
    join(client, code_of(match))
    assert client.get(other.get_absolute_url()).status_code == 404
    response = post_hand(client, other, hand(other, "Elena", {"Fabio": 10}))
    assert response.status_code == 404 and other.events.count() == 0
    assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 404
    assert client.get(reverse("match-pdf:report", args=[other.pk])).status_code == 404
    # calling time is the director's
    called = client.post(reverse("scoring:time-call", args=[match.pk]), {})
    assert called.status_code == 302 and "/accounts/login/" in called.url


def test_a_new_code_revokes_every_phone_of_the_old_one(match, club):
    client = phone()
    old = code_of(match)
    join(client, old)
    director = member(club, Role.DIRECTOR)
    boss = phone()
    boss.force_login(director)
    assert old in boss.get(match.get_absolute_url()).content.decode()
    boss.post(reverse("scoring:code-new", args=[match.pk]))
    new = code_of(match)
    assert new != old
    assert client.get(match.get_absolute_url()).status_code == 404
    post_hand(client, match, hand(match, "Anna", {"Bruno": 30, "Carla": 12, "Dario": 5}))
    assert match.events.count() == 0
    assert "No table has this code" in join(phone(), old).content.decode()
    assert join(phone(), new).status_code == 302


def test_a_revoked_phone_is_refused_by_the_service_too(match):
    client = phone()
    join(client, code_of(match))
    joined = TableCode.objects.get(match=match).joins.get()
    actor = TableActor(joined.pk, match.pk, joined.name, joined.code.code)
    table_codes.code_regenerate(match=match, user=None)
    with pytest.raises(PhoneRefused):
        services.hand_record(match=match, user=actor, data={"closer": "Anna", "points": {}})
    other = start_match(club=match.club, names=("Elena", "Fabio"))
    with pytest.raises(PhoneRefused):
        services.hand_record(match=other, user=actor, data={"closer": "Elena", "points": {}})


def test_a_finished_club_night_match_turns_read_only_after_the_grace(match):
    client = phone()
    join(client, code_of(match))
    post_hand(client, match, hand(match, "Anna", {"Bruno": 200, "Carla": 200, "Dario": 200}))
    match.refresh_from_db()
    assert match.is_finished
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(minutes=20))
    page = client.get(match.get_absolute_url())
    assert page.status_code == 200
    assert "read-only" in page.content.decode()
    correct = reverse("scoring:correct", args=[match.pk, 1])
    assert client.get(correct).status_code == 403
    # a phone joining now opens it read-only too
    late = phone()
    assert join(late, code_of(match)).status_code == 302
    assert "read-only" in late.get(match.get_absolute_url()).content.decode()


@override_settings(TABLE_CODE_FAILURES_PER_ADDRESS=3)
def test_wrong_codes_are_throttled_per_address(match):
    client = phone()
    for _ in range(3):
        assert join(client, "ZZZZZZ").status_code == 200
    response = join(client, code_of(match))
    assert response.status_code == 429
    assert "Too many wrong codes" in response.content.decode()
    assert client.get(match.get_absolute_url()).status_code == 404


@override_settings(TABLE_CODE_ATTEMPTS_PER_CODE=2)
def test_attempts_on_one_code_are_throttled(match):
    for _ in range(2):
        assert join(phone(), code_of(match)).status_code == 302
    assert join(phone(), code_of(match)).status_code == 429


def test_the_score_sheet_prints_the_code_beside_the_qr(match, club):
    client = phone()
    client.force_login(member(club, Role.SCOREKEEPER))
    pdf = client.get(reverse("match-pdf:sheet", args=[match.pk]))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.getvalue())).pages)
    assert code_of(match) in text
    assert re.search(r"type this code", text)


def test_the_home_page_links_join_a_table():
    page = phone().get("/").content.decode()
    assert reverse("scoring:join") in page
