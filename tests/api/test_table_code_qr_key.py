"""Issue 25, a right code is never refused because of others' wrong ones: once someone on the
club's network spent its budget of wrong codes, the room still gets in, by the QR code of the
score sheet (its address carries the code's key) or by the typed code with a player's name as on
the sheet, while a guesser learns nothing. Real HTTP requests from one address (127.0.0.1)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from scoring import table_codes
from scoring.models import TableCode, TableJoin
from tests.api.test_table_code_throttle import JOIN, join, new_tables, phone, wrong_codes

pytestmark = pytest.mark.django_db


def page_phone(language: str = "it") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def spend_budget(settings) -> None:
    """Someone on the club's network types wrong codes until its budget is spent."""
    settings.TABLE_CODE_FAILURES_PER_ADDRESS = 5
    guesser = phone()
    for wrong in wrong_codes(5):
        assert join(guesser, wrong).status_code == 400
    assert join(guesser, wrong_codes(1, seed=9)[0]).status_code == 429


def test_the_qr_address_joins_a_network_over_its_budget_and_picks_a_seat(settings):
    (code,) = new_tables(1)
    spend_budget(settings)
    key = table_codes.code_key(code)
    client = page_phone()
    # the phone opens the QR code's address: the key waits in the form, through both steps
    page = client.get(f"/matches/join/{code}/?k={key}")
    assert page.status_code == 200
    assert f'name="key" value="{key}"' in page.content.decode()
    seats = client.post("/matches/join/", {"code": code, "key": key})
    assert seats.status_code == 200
    assert "Scegli chi sei a questo tavolo" in seats.content.decode()
    assert "Bruno" in seats.content.decode()
    joined = client.post("/matches/join/", {"code": code, "key": key, "seat": "2"})
    assert joined.status_code == 302
    match = TableCode.objects.get(code=code).match
    assert joined.url == match.get_absolute_url()
    assert TableJoin.objects.get().seat.name == "Bruno"
    # and in the API
    answer = phone().post(JOIN, {"code": code, "key": key, "seat": 3}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["seat"] == 3 and answer.json()["name"] == "Carla"


def test_a_typed_right_code_with_a_players_name_joins_at_that_seat(settings):
    (code,) = new_tables(1)
    spend_budget(settings)
    client = page_phone()
    refused = client.post("/matches/join/", {"code": code})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    words = refused.content.decode()
    assert "Troppi codici sbagliati da questa rete" in words
    assert "con il nome di uno dei giocatori del tavolo" in words
    assert 'name="player"' in words
    # any case, no accents needed, the first word or the whole name
    joined = client.post("/matches/join/", {"code": code.lower(), "player": "  anna "})
    assert joined.status_code == 302
    assert TableJoin.objects.get().seat.name == "Anna"
    answer = phone().post(JOIN, {"code": code, "player": "CARLA"}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["seat"] == 3
    # the seat rules hold: a seat already held is said so
    taken = page_phone().post("/matches/join/", {"code": code, "player": "Anna"})
    assert taken.status_code == 200
    assert (
        "già occupato su un altro telefono: chiedi a chi gestisce la partita"
        in taken.content.decode()
    )


def test_a_wrong_code_or_name_gets_one_answer_and_its_own_budget(settings):
    (code, other) = new_tables(2)
    spend_budget(settings)
    settings.TABLE_CODE_NAME_ATTEMPTS_PER_ADDRESS = 3
    answers = [
        phone().post(JOIN, {"code": code, "player": "Zeno"}, format="json"),  # a wrong name
        phone().post(JOIN, {"code": wrong_codes(1)[0], "player": "Anna"}, format="json"),
    ]
    for answer in answers:
        assert answer.status_code == 400
        assert answer.json()["errors"][0]["field"] == "player"
    assert answers[0].json() == answers[1].json()  # nothing tells which was wrong
    page = page_phone().post("/matches/join/", {"code": other, "player": "Zeno"})
    assert page.status_code == 200
    assert "Il codice o il nome non è giusto" in page.content.decode()
    # the third wrong pair spent the second budget: now even a right pair waits
    refused = phone().post(JOIN, {"code": code, "player": "Anna"}, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert not TableJoin.objects.exists()
    # the QR code's key still gets in
    answer = phone().post(
        JOIN, {"code": code, "key": table_codes.code_key(code), "seat": 1}, format="json"
    )
    assert answer.status_code == 201


def test_a_wrong_key_is_a_typed_code_and_one_codes_key_opens_no_other(settings):
    (code, other) = new_tables(2)
    settings.TABLE_CODE_FAILURES_PER_ADDRESS = 3
    guesser = phone()
    key = table_codes.code_key(code)
    # a made-up key, and the key of another code, are counted as typed wrong codes
    for wrong in wrong_codes(3):
        answer = guesser.post(JOIN, {"code": wrong, "key": key}, format="json")
        assert answer.status_code == 400
    refused = guesser.post(JOIN, {"code": other, "key": key}, format="json")
    assert refused.status_code == 429
    refused = guesser.post(JOIN, {"code": other, "key": "AAAAAAAAAAAAAAAA"}, format="json")
    assert refused.status_code == 429
    # the right key of each code opens that code only
    assert table_codes.code_key(other) != key
    assert join(phone(), code).status_code == 429
    answer = phone().post(JOIN, {"code": code, "key": key, "seat": 1}, format="json")
    assert answer.status_code == 201


def test_a_new_code_has_a_new_key_and_the_old_sheet_joins_nothing():
    (code,) = new_tables(1)
    match = TableCode.objects.get(code=code).match
    old_key = table_codes.code_key(code)
    new = table_codes.code_regenerate(match=match, user=None).code
    assert table_codes.code_key(new) != old_key
    answer = phone().post(JOIN, {"code": code, "key": old_key, "seat": 1}, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "code"


def test_a_mangled_qr_address_still_asks_for_the_seat(settings):
    """A key cut or padded by a QR reader is no key: the code is typed, and joins as typed."""
    (code,) = new_tables(1)
    client = page_phone()
    page = client.get(f"/matches/join/{code}/?k={'x' * 300}")
    assert page.status_code == 200
    seats = client.post("/matches/join/", {"code": code, "key": "x" * 300})
    assert seats.status_code == 200
    assert "Scegli chi sei a questo tavolo" in seats.content.decode()
