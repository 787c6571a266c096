"""Issue 25, no hall locked out: every phone of a club shares the club router's address, so the
throttle on table codes is sized for a room. A room typing wrong codes still joins with the right
one, 60 phones join in the same minute, a guesser from one address is still stopped, and every
429 says how long to wait (`Retry-After`). All through real HTTP requests from one address (the
test client's 127.0.0.1), with the settings of a real server."""

from __future__ import annotations

import random
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring import table_codes
from scoring.models import CODE_ALPHABET, TableCode, TableJoin
from tests.factories import ClubFactory, start_match

pytestmark = pytest.mark.django_db

JOIN = "/api/v1/tables/join/"


def phone(address: str = "127.0.0.1") -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)


def page_phone(language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def join(client: APIClient, code: str, name: str = "Luca", seat: int | None = None):
    body = {"code": code, "name": name} if seat is None else {"code": code, "seat": seat}
    return client.post(JOIN, body, format="json")


def new_tables(count: int) -> list[str]:
    """The codes of `count` matches of one club night."""
    codes = []
    for _ in range(count):
        match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
        codes.append(table_codes.code_issue(match=match, user=None).code)
    return codes


def wrong_codes(count: int, seed: int = 25) -> list[str]:
    """`count` codes that look like codes (6 symbols of the alphabet) and open no table."""
    draw = random.Random(seed)
    live = set(TableCode.objects.values_list("code", flat=True))
    codes: list[str] = []
    while len(codes) < count:
        code = "".join(draw.choice(CODE_ALPHABET) for _ in range(6))
        if code not in live:
            codes.append(code)
    return codes


def test_a_room_typing_30_wrong_codes_can_still_join_with_the_right_one():
    (code,) = new_tables(1)
    room = [phone() for _ in range(6)]
    # six players, five misreadings each, in the page and in the API alike
    for number, wrong in enumerate(wrong_codes(30)):
        if number % 2:
            answer = join(room[number % 6], wrong)
            assert answer.status_code == 400, answer.content
            assert answer.json()["errors"][0]["field"] == "code"
        else:
            answer = page_phone().post(reverse("scoring:join"), {"code": wrong, "name": "Anna"})
            assert answer.status_code == 200
            assert "No table has this code" in answer.content.decode()
    for number, client in enumerate(room[:4]):
        answer = join(client, code.lower(), name=f"Giocatore {number}")
        assert answer.status_code == 201, answer.content
    # the page's second step: who the phone is (following only, here)
    answer = page_phone().post(
        reverse("scoring:join"), {"code": code, "name": "Anna", "seat": "follow"}
    )
    assert answer.status_code == 302
    assert TableJoin.objects.count() == 5


def test_60_phones_behind_one_router_join_in_the_same_minute():
    codes = new_tables(15)
    answers = [
        join(phone(), code, name=f"Giocatore {seat}").status_code
        for code in codes
        for seat in range(1, 5)
    ]
    assert answers == [201] * 60
    assert TableJoin.objects.count() == 60


def test_60_joined_phones_write_in_the_same_minute_and_an_anonymous_address_is_still_limited():
    """The anonymous write limit (20 a minute per address) counts each table phone on its own:
    at the end of a round every table records its last hand and confirms at once."""
    codes = new_tables(15)
    phones = []
    for code in codes:
        for seat in range(1, 5):
            client = phone()
            # a phone that writes holds a seat (a follower only reads)
            assert join(client, code, seat=seat).status_code == 201
            phones.append((client, TableCode.objects.get(code=code).match))
    hand = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 7}}
    answers = []
    for client, match in phones:
        answer = client.post(f"/api/v1/matches/{match.pk}/events/", hand, format="json")
        answers.append(answer.status_code)
    assert answers == [201] * 60
    # one phone alone still has the anonymous limit
    client, match = phones[0]
    for _ in range(19):
        client.post(f"/api/v1/matches/{match.pk}/events/", hand, format="json")
    refused = client.post(f"/api/v1/matches/{match.pk}/events/", hand, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    # and an address without a joined table too
    stranger, token = phone(), "/api/v1/auth/token/"
    for number in range(20):  # another username each time: the anonymous limit, not the token's
        stranger.post(token, {"username": f"x{number}", "password": "y"}, format="json")
    refused = stranger.post(token, {"username": "z", "password": "y"}, format="json")
    assert refused.status_code == 429


def test_typos_that_cannot_be_a_code_never_spend_the_rooms_budget():
    (code,) = new_tables(1)
    client = phone()
    for typo in ("K7M2Q", "K7M2QXX", "K0M2QX", "K1M2QX", "KOLI23"):
        for _ in range(settings.TABLE_CODE_FAILURES_PER_ADDRESS // 5 + 1):
            assert join(client, typo).status_code == 400
    assert join(client, code).status_code == 201


def test_a_guesser_from_one_address_is_still_stopped():
    (code,) = new_tables(1)
    guesser = phone()
    budget = settings.TABLE_CODE_FAILURES_PER_ADDRESS
    assert budget == 1000  # a day's budget: docs/API.md does the arithmetic with it
    for wrong in wrong_codes(budget):
        assert join(guesser, wrong).status_code == 400
    for attempt in (*wrong_codes(3, seed=7), code):
        refused = join(guesser, attempt)
        # stopped: even a lucky guess is refused, so guessing on is pointless
        assert refused.status_code == 429
        words = refused.json()["detail"].replace("\xa0", " ")  # "23 hours": one line
        assert re.fullmatch(
            r"Too many wrong codes from this network: try again in (1 day|23 hours, \d+ minutes), "
            r"or join over the phone's mobile data\.",
            words,
        ), words
        assert 86_000 < int(refused["Retry-After"]) <= settings.TABLE_CODE_WINDOW_SECONDS
    # the page says the same, in Italian too
    refused = page_phone("it").post(reverse("scoring:join"), {"code": code, "name": "Anna"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 86_000
    assert "Troppi codici sbagliati da questa rete" in refused.content.decode()
    # another address, over mobile data, is not held back
    assert join(phone("198.51.100.7"), code).status_code == 201


def test_a_code_tried_too_often_answers_429_with_retry_after():
    (code,) = new_tables(1)
    for _ in range(settings.TABLE_CODE_ATTEMPTS_PER_CODE):
        # a name refused by the service (a hidden character) still tries the code
        assert join(phone(), code, name="Anna\u200b").status_code == 400
    refused = join(phone(), code)
    assert refused.status_code == 429
    assert refused.json()["detail"] == (
        "This code was tried too often: ask the director for a new one."
    )
    assert 0 < int(refused["Retry-After"]) <= settings.TABLE_CODE_ATTEMPTS_WINDOW_SECONDS
    refused = page_phone().post(reverse("scoring:join"), {"code": code, "name": "Anna"})
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= settings.TABLE_CODE_ATTEMPTS_WINDOW_SECONDS


def test_a_table_full_of_phones_answers_429_with_retry_after():
    (code,) = new_tables(1)
    for seat in range(table_codes.PHONES_PER_CODE):
        assert join(phone(), code, name=f"Telefono {seat}").status_code == 201
    refused = join(phone(), code)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
