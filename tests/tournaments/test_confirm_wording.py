"""Issue 25's walk: the words about who confirms a tournament table's result say the real rule
(`tournaments.services.tables._confirm_by_phone`): a seat that wrote any part of the result may
not confirm, not only the one that entered the last hand."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.models import TableCode
from tests.table_seats import free_seat
from tests.tournaments.helpers import started_round

pytestmark = pytest.mark.django_db


def italian() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    return client


def join(client: Client, table, name: str) -> None:
    code = TableCode.objects.get(match=table.match_id, is_current=True).code
    response = client.post(
        reverse("scoring:join"), {"code": code, "name": name, "seat": free_seat(code)}
    )
    assert response.status_code == 302


def hand(client: Client, table, points: int) -> None:
    seats = list(table.match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = str(points)
    assert client.post(reverse("scoring:hand", args=[table.match_id]), data).status_code == 302


def test_a_phone_that_entered_only_the_first_hand_is_told_it_wrote_part_of_the_result():
    _staff, _tournament, round = started_round()
    table = round.tables.select_related("match").first()
    luca, marta, carla = italian(), italian(), italian()
    join(luca, table, "Luca")
    join(marta, table, "Marta")
    join(carla, table, "Carla")
    hand(luca, table, 10)  # Luca enters hand 1 only
    hand(marta, table, 200)  # Marta's hand 2 ends the match
    table.match.refresh_from_db()
    assert table.match.is_finished
    url = table.match.get_absolute_url()
    for client in (luca, marta):
        page = client.get(url).content.decode()
        assert "ultima mano" not in page
        assert "Questo telefono ha segnato parte del risultato" in page
        assert "Conferma il risultato</button>" not in page
    page = carla.get(url).content.decode()
    assert "ultima mano" not in page
    assert "Un giocatore il cui telefono non ha segnato nulla del risultato" in page
    assert "Conferma il risultato</button>" in page
