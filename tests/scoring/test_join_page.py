"""The join page (issue 25's walk): the QR code's address opens at the seats, with the same
throttle and key rules as a typed code; a seat another phone holds is shown but cannot be
chosen; a refused seat is said at the top of the form and focused; the seats are a named group;
the name is asked only of a phone that follows. Real HTTP requests, in Italian."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring import table_codes
from tests.api.test_table_code_qr_key import spend_budget
from tests.tournaments.helpers import started_round
from tests.tournaments.test_table_seats import code_of, names

pytestmark = pytest.mark.django_db


def phone() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    return client


@pytest.fixture
def table():
    _staff, _tournament, round = started_round()
    return round.tables.select_related("match").order_by("number").first()


def text(response) -> str:
    return unescape(response.content.decode())


def test_the_qr_address_shows_the_seats_at_once(table):
    page = phone().get(reverse("scoring:join-code", args=[code_of(table)]))
    assert page.status_code == 200
    body = text(page)
    assert "Scegli chi sei a questo tavolo" in body
    assert "Digita il codice" not in body
    for name in names(table):
        assert f"<span>{name}</span>" in body
    assert "Segui soltanto la partita (sola lettura)" in body
    assert "Collegati al tavolo" in body and "Scegli il tuo posto" not in body


def test_the_qr_address_of_a_wrong_code_says_so_beside_the_field(table):
    page = phone().get(reverse("scoring:join-code", args=["ZZZZZZ"]))
    body = text(page)
    assert page.status_code == 200
    assert re.search(r'id="id_code_error".*Nessun tavolo ha questo codice\.', body, re.S)
    assert "Chi sei a questo tavolo?" not in body and names(table)[0] not in body


def test_the_qr_key_opens_the_seats_of_a_network_over_its_budget(settings, table):
    spend_budget(settings)
    code = code_of(table)
    # a typed code's address without the key is refused like a typed code (429)
    refused = phone().get(reverse("scoring:join-code", args=[code]))
    assert refused.status_code == 429 and "Retry-After" in refused
    assert "Chi sei a questo tavolo?" not in text(refused)
    # the sheet's QR code carries the key: never throttled
    page = phone().get(
        reverse("scoring:join-code", args=[code]) + f"?k={table_codes.code_key(code)}"
    )
    assert page.status_code == 200 and "Chi sei a questo tavolo?" in text(page)


def test_the_seats_are_a_named_group_and_a_taken_seat_cannot_be_chosen(table):
    code = code_of(table)
    first = names(table)[0]
    joined = phone().post(reverse("scoring:join"), {"code": code, "seat": "1"})
    assert joined.status_code == 302
    body = text(phone().get(reverse("scoring:join-code", args=[code])))
    assert re.search(r"<fieldset[^>]*>\s*<legend>Chi sei a questo tavolo\?</legend>", body)
    assert '<label for="id_seat">' not in body
    taken = re.search(r'<input type="radio" name="seat" value="1"[^>]*>', body)
    assert taken and "disabled" in taken.group(0)
    assert f"{first} (occupato su un altro telefono)" in body
    free = re.search(r'<input type="radio" name="seat" value="2"[^>]*>', body)
    assert free and "disabled" not in free.group(0)
    # the name is asked of a phone that follows only, and the page says so
    assert "Solo per seguire la partita" in body


def test_a_refused_seat_is_said_at_the_top_of_the_form_and_focused(table):
    code = code_of(table)
    assert phone().post(reverse("scoring:join"), {"code": code, "seat": "1"}).status_code == 302
    # a second phone had the seats open before the first took seat 1, and posts it
    body = text(phone().post(reverse("scoring:join"), {"code": code, "seat": "1"}))
    refusal = re.search(r'<div class="form-errors" id="seat-refusal"[^>]*>(.*?)</div>', body, re.S)
    assert refusal, body
    assert "autofocus" in refusal.group(0) and 'tabindex="-1"' in refusal.group(0)
    assert "è già occupato su un altro telefono" in refusal.group(1)
    # before the code field and the seats, right under the lead
    assert body.index('id="seat-refusal"') < body.index('name="code"') < body.index("<legend>")
