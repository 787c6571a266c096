"""Confirmation at the table (issue 19): tournament tables get a code, phones without accounts
enter the match, another phone of the table confirms it (never the one that entered the last
hand), a dispute flags the table on the director's console, the director overrides with a
reason."""

from __future__ import annotations

import io
import uuid

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from scoring import table_codes
from scoring.models import TableCode
from scoring.printing import qr_code
from tests.table_seats import free_seat
from tests.tournaments.helpers import started_round
from tournaments.models import Table
from tournaments.printing.seating import round_kit

pytestmark = pytest.mark.django_db


def phone() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def scene():
    return started_round()


def code_of(table: Table) -> str:
    return TableCode.objects.get(match=table.match_id, is_current=True).code


def join(client: Client, table: Table, name: str, seat: int | None = None) -> None:
    code = code_of(table)
    seat = seat or free_seat(code)  # a phone joins as a player of the table (issue 25)
    response = client.post(reverse("scoring:join"), {"code": code, "name": name, "seat": seat})
    assert response.status_code == 302


def win_at_once(client: Client, table: Table) -> None:
    """One hand that puts everyone but the first seat out (big points)."""
    seats = list(table.match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = "200"
    response = client.post(reverse("scoring:hand", args=[table.match_id]), data)
    assert response.status_code == 302
    table.match.refresh_from_db()
    assert table.match.is_finished


def confirm(client: Client, tournament, table: Table):
    return client.post(reverse("tournaments:confirm-at-table", args=[tournament.pk, table.pk]))


def test_every_started_table_has_a_code(scene):
    _staff, _tournament, round = scene
    codes = {code_of(table) for table in round.tables.all()}
    assert len(codes) == round.tables.count() == 2


def test_another_phone_confirms_and_the_console_says_confirmed_at_the_table_by(scene):
    staff, tournament, round = scene
    table = round.tables.select_related("match").first()
    luca, marta, nina = phone(), phone(), phone()
    join(luca, table, "Luca")
    join(marta, table, "Marta")
    join(nina, table, "Nina")
    win_at_once(luca, table)
    assert 'id="confirm-at-table"' in nina.get(table.match.get_absolute_url()).content.decode()
    # the phone that entered the last hand is told who confirms, with no button to refuse it
    page = luca.get(table.match.get_absolute_url()).content.decode()
    assert "Confirm the result" not in page
    assert "another player at the table checks the scores and confirms them" in page
    assert "Confirm the result" in marta.get(table.match.get_absolute_url()).content.decode()
    refused = confirm(luca, tournament, table)  # and the server refuses it all the same
    assert refused.status_code == 302
    page = luca.get(table.match.get_absolute_url()).content.decode()
    assert "This phone entered the last hand (or the last change)" in page
    table.refresh_from_db()
    assert table.confirmed_at is None
    confirm(marta, tournament, table)
    table.refresh_from_db()
    assert table.confirmed_join.name == "Marta" and table.confirmed_by is None
    assert table.is_confirmed_for(table.match)
    # confirmed once: the third phone of the table is offered no confirmation any more
    assert 'id="confirm-at-table"' not in nina.get(table.match.get_absolute_url()).content.decode()
    # good news, said in the success style (green), not in a warning's yellow notice
    for client in (marta, luca):
        page = client.get(table.match.get_absolute_url()).content.decode()
        assert (
            '<p class="message success inline" id="confirmed-here" role="status">'
            "The result is confirmed.</p>" in page
        )
        assert 'class="notice" id="confirmed-here"' not in page
    # the confirming phone is shown the way on: the next seat and the standings, when the
    # tournament is public; a private tournament stays unlinked for a phone without an account
    where = reverse("tournaments:where", args=[tournament.pk])
    assert tournament.is_public is False
    assert where not in marta.get(table.match.get_absolute_url()).content.decode()
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    page = marta.get(table.match.get_absolute_url()).content.decode()
    assert f'href="{where}">Where do I sit next?' in page
    assert f'href="{tournament.get_absolute_url()}" id="tournament-link">{tournament.name}<' in page
    # confirmed: the phones' code opens the match read-only now
    assert "read-only" in luca.get(table.match.get_absolute_url()).content.decode()
    boss = phone()
    boss.force_login(staff.director)
    console = boss.get(tournament.get_absolute_url()).content.decode()
    assert "Confirmed at the table by Marta" in console
    assert code_of(table) in console


def test_a_phones_page_at_a_finished_table_reads_its_join_once(scene):
    """The match page asks about the phone's join five times (may it see the match, score it,
    its name and code, is it read-only, did it write the last hand): one read of it."""
    _staff, _tournament, round = scene
    table = round.tables.select_related("match").first()
    luca, marta, nina = phone(), phone(), phone()
    join(luca, table, "Luca")
    join(marta, table, "Marta")
    join(nina, table, "Nina")
    win_at_once(luca, table)
    assert 'id="confirm-at-table"' in nina.get(table.match.get_absolute_url()).content.decode()
    for client, offered in ((marta, True), (luca, False)):
        with CaptureQueriesContext(connection) as context:
            page = client.get(table.match.get_absolute_url()).content.decode()
        assert ("Confirm the result" in page) is offered
        sql = [query["sql"] for query in context.captured_queries]
        assert sum('FROM "scoring_tablejoin"' in query for query in sql) == 1
        assert len(sql) <= 12


def test_rejoining_under_another_name_is_still_the_phone_that_entered(scene):
    _staff, tournament, round = scene
    table = round.tables.select_related("match").first()
    luca = phone()
    join(luca, table, "Luca")
    win_at_once(luca, table)
    join(luca, table, "Someone else", seat=1)  # its own seat (another one is refused, issue 25)
    confirm(luca, tournament, table)
    table.refresh_from_db()
    assert table.confirmed_at is None


def test_a_dispute_flags_the_table_and_only_the_director_confirms_with_a_reason(scene):
    staff, tournament, round = scene
    table = round.tables.select_related("match").first()
    luca, marta, nina = phone(), phone(), phone()
    join(luca, table, "Luca")
    join(marta, table, "Marta")
    join(nina, table, "Nina")
    win_at_once(luca, table)
    assert 'id="confirm-at-table"' in nina.get(table.match.get_absolute_url()).content.decode()
    marta.post(
        reverse("tournaments:dispute", args=[tournament.pk, table.pk]),
        {"message": "Bruno had 20, not 200"},
    )
    table.refresh_from_db()
    assert table.disputed_at is not None and table.dispute_name == "Marta"
    # The phones see that the director was told, and no confirm button that would do nothing.
    page = marta.get(table.match.get_absolute_url()).content.decode()
    assert "The director has been told that the result is disputed." in page
    assert "Confirm the result" not in page and "Call the director" not in page
    confirm(marta, tournament, table)
    table.refresh_from_db()
    assert table.confirmed_at is None  # disputed: the director decides
    boss = phone()
    boss.force_login(staff.director)
    console = boss.get(tournament.get_absolute_url()).content.decode()
    assert "Disputed by Marta" in console and "Bruno had 20, not 200" in console
    url = reverse("tournaments:confirm", args=[tournament.pk, table.pk])
    boss.post(url, {})
    table.refresh_from_db()
    assert table.confirmed_at is None
    boss.post(url, {"reason": "Checked the sheet: 200 is right"})
    table.refresh_from_db()
    assert table.confirmed_by == staff.director and table.disputed_at is None
    assert table.confirmed_reason == "Checked the sheet: 200 is right"
    # the console keeps the trace: who disputed, what, and why the director let it stand
    console = boss.get(tournament.get_absolute_url()).content.decode()
    assert (
        "Disputed by Marta (“Bruno had 20, not 200”); confirmed by the director: "
        "“Checked the sheet: 200 is right”"
    ) in console


def test_a_phone_of_one_table_cannot_confirm_or_dispute_another(scene):
    _staff, tournament, round = scene
    first, second = list(round.tables.select_related("match").order_by("number"))
    luca, marta = phone(), phone()
    join(luca, first, "Luca")
    join(marta, second, "Marta")
    win_at_once(marta, second)
    assert confirm(luca, tournament, second).status_code == 404
    response = luca.post(
        reverse("tournaments:dispute", args=[tournament.pk, second.pk]), {"message": "no"}
    )
    assert response.status_code == 404
    second.refresh_from_db()
    assert second.confirmed_at is None and second.disputed_at is None


def test_the_round_kit_prints_each_tables_code(scene):
    staff, tournament, round = scene
    boss = phone()
    boss.force_login(staff.director)
    pdf = boss.get(reverse("tournaments:round-kit", args=[tournament.pk, round.number]))
    assert pdf.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.getvalue())).pages)
    for table in round.tables.all():
        assert code_of(table) in text


def test_the_round_kits_qr_codes_carry_each_tables_code_and_key(scene, rf):
    """Issue 25: each sheet of the kit opens its table by the QR code even from a network over
    its budget of wrong codes (the key proves the code was read off the sheet)."""
    _staff, _tournament, round = scene
    round.refresh_from_db()  # started
    documents = round_kit(round, request=rf.get("/"), show_codes=True)
    sheets = documents[1:]
    assert len(sheets) == round.tables.count()
    for table, sheet in zip(round.tables.order_by("number"), sheets, strict=True):
        code = code_of(table)
        address = f"http://testserver/matches/join/{code}/?k={table_codes.code_key(code)}"
        assert qr_code(address) in sheet.html


def test_the_director_lets_the_table_correct_a_confirmed_result(scene):
    staff, tournament, round = scene
    table = round.tables.select_related("match").first()
    luca, marta, nina = phone(), phone(), phone()
    join(luca, table, "Luca")
    join(marta, table, "Marta")
    join(nina, table, "Nina")
    win_at_once(luca, table)
    assert 'id="confirm-at-table"' in nina.get(table.match.get_absolute_url()).content.decode()
    confirm(marta, tournament, table)
    correct = reverse("scoring:correct", args=[table.match_id, 1])
    assert luca.get(correct).status_code == 403
    boss = phone()
    boss.force_login(staff.director)
    boss.post(reverse("scoring:code-correction", args=[table.match_id]))
    assert luca.get(correct).status_code == 200
    # a member who does not direct may not
    scorer = phone()
    scorer.force_login(staff.scorekeeper)
    assert scorer.post(reverse("scoring:code-new", args=[table.match_id])).status_code == 403


def test_a_public_tournaments_visitors_get_the_round_kit_without_the_codes(scene):
    _staff, tournament, round = scene
    type(tournament).objects.filter(pk=tournament.pk).update(is_public=True)
    pdf = phone().get(reverse("tournaments:round-kit", args=[tournament.pk, round.number]))
    assert pdf.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.getvalue())).pages)
    assert "Scan the code to follow the match." in " ".join(
        text.split()
    )  # a visitor's QR only follows it
    for table in round.tables.all():
        assert code_of(table) not in text
