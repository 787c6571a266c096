"""A Burraco turno's table played on phones without accounts (issue 29): four phones join the
table by its code, one a seat each; NS's phone enters B1 of BURRACO.md section 7 (three hands,
the turno's length: NS 1315, EO 960, D = 355, 14-6 from the 3-hand table); NS's other phone may
not confirm, EO's does, and the standings count the table."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_standings
from scoring.models import MatchStatus, TableCode
from tests.scoring.test_burraco_game import B1_POSTS
from tests.tournaments.helpers import Staff
from tournaments.models import Table

from .helpers import burraco_tournament, pair_lines, play_table, seat

pytestmark = pytest.mark.django_db


def phone() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def join(client: Client, table: Table, name: str, seat: int) -> None:
    code = TableCode.objects.get(match=table.match_id, is_current=True).code
    response = client.post(reverse("scoring:join"), {"code": code, "name": name, "seat": seat})
    assert response.status_code == 302, response.content.decode()[:2000]


def confirm(client: Client, table: Table):
    tournament = table.round.tournament
    return client.post(reverse("tournaments:confirm-at-table", args=[tournament.pk, table.pk]))


def test_four_phones_enter_a_turno_and_the_other_line_confirms_it():
    staff = Staff()
    tournament = burraco_tournament(staff, movements=["mitchell", "danese"])
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(4), check_in=True
    )
    round = seat(tournament, staff)
    table = round.tables.select_related("match").get(number=1)
    ns, eo, ns_partner, eo_partner = phone(), phone(), phone(), phone()
    for number, (client, name) in enumerate(
        [
            (ns, "Giocatore 01"),
            (eo, "Giocatore 05"),
            (ns_partner, "Giocatore 02"),
            (eo_partner, "Giocatore 06"),
        ],
        start=1,
    ):
        join(client, table, name, number)
    for data in B1_POSTS:
        response = ns.post(
            reverse("scoring:hand", args=[table.match_id]),
            {**data, "idempotency_key": uuid.uuid4().hex},
        )
        assert response.status_code == 302, response.content.decode()[:3000]
    table.match.refresh_from_db()
    assert table.match.status == MatchStatus.FINISHED  # the turno's three hands
    page = ns_partner.get(table.match.get_absolute_url()).content.decode()
    assert "1315" in page and "960" in page
    refused = confirm(ns_partner, table)
    assert refused.status_code in (302, 400, 403)
    table.refresh_from_db()
    assert table.confirmed_at is None  # NS wrote it: NS may not countersign
    assert confirm(eo_partner, table).status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None
    rows = {row.entry: row for row in burraco_standings(tournament).rows}
    assert (rows[pairs[0].pk].vp, rows[pairs[0].pk].mp) == (14, 355)
    assert (rows[pairs[2].pk].vp, rows[pairs[2].pk].mp) == (6, -355)


def test_a_turno_finished_after_its_hands_says_so_not_hands_won():
    """A turno's match of two lines ends after its hands: the result card said "Ended: Hands won"
    ("Finita: Mani vinte"), a Gin word; it says every hand is played."""
    staff = Staff()
    tournament = burraco_tournament(staff, movements=["mitchell", "danese"])
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(4), check_in=True
    )
    table = seat(tournament, staff).tables.get(number=1)
    play_table(table, staff.scorekeeper, [(300, 200)] * 3)
    ns = phone()
    join(ns, table, "Giocatore 01", 1)
    page = ns.get(reverse("scoring:match", args=[table.match_id])).content.decode()
    assert "Finished: every hand of the match is played." in page
    assert "Hands won" not in page
