"""Who confirms a table's result (issue 25): a phone is a seat of the table, one phone per seat;
a logged-in user's writes through a join are that user's; the confirming phone holds a seat that
wrote none of the result; who may not confirm hears 403 before "not finished" (400); a phone gets
403, not 401, on what phones may not do; a player of a private tournament's table reads it and
confirms it."""

from __future__ import annotations

import io
import uuid
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from scoring.models import TableCode, TableJoin
from tests.api.conftest import api_token
from tests.factories import UserFactory
from tests.tournaments.helpers import started_round
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def phone() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def api_phone() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def scene():
    staff, tournament, round = started_round()
    table = round.tables.select_related("match").order_by("number").first()
    return staff, tournament, table


def code_of(table: Table) -> str:
    return TableCode.objects.get(match=table.match_id, is_current=True).code


def names(table: Table) -> list[str]:
    return list(table.match.seats.order_by("seat").values_list("name", flat=True))


def join(client: Client, table: Table, seat: int | str, name: str = ""):
    return client.post(
        reverse("scoring:join"), {"code": code_of(table), "seat": str(seat), "name": name}
    )


def win_at_once(client: Client, table: Table):
    """One hand that puts everyone but the first seat out."""
    seats = list(table.match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = "200"
    return client.post(reverse("scoring:hand", args=[table.match_id]), data)


def confirm_at_table(client, tournament, table: Table):
    return client.post(f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm-at-table/")


def player_user(table: Table, seat: int):
    """A user (no role in the club) linked to the player of `seat` at the table."""
    user = UserFactory()
    player = table.match.seats.get(seat=seat).player
    player.user = user
    player.save(update_fields=["user"])
    return user


# A logged-in player writing through the table code ----------------------------------------------


def test_a_logged_in_player_who_withdrew_the_others_through_the_code_cannot_confirm(scene):
    _staff, tournament, table = scene
    anna = player_user(table, 1)
    session = api_phone()
    session.force_login(anna)
    joined = session.post(
        "/api/v1/tables/join/", {"code": code_of(table), "seat": 1}, format="json"
    )
    assert joined.status_code == 201 and joined.json()["can_enter"] is True
    for name in names(table)[1:]:
        response = session.post(
            f"/api/v1/matches/{table.match_id}/withdraw/", {"player": name}, format="json"
        )
        assert response.status_code == 201, response.content
    table.match.refresh_from_db()
    assert table.match.is_finished
    # with a token (no session, no join): the writes through the code were hers
    token = api_phone()
    token.credentials(HTTP_AUTHORIZATION=f"Token {api_token(anna)}")
    refused = token.post(f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm/")
    assert refused.status_code == 403
    assert "You recorded part of this result" in refused.json()["detail"]
    # nor with her session, as the phone of her seat
    refused = confirm_at_table(session, tournament, table)
    assert refused.status_code == 403
    table.refresh_from_db()
    assert table.confirmed_at is None


def test_a_seat_that_wrote_a_version_cannot_confirm_from_another_phone(scene):
    """Anna's phone enters, the director releases her seat, a new phone claims it: that seat
    wrote the result, so it may not confirm it."""
    staff, tournament, table = scene
    first = phone()
    assert join(first, table, 1).status_code == 302
    assert win_at_once(first, table).status_code == 302
    boss = phone()
    boss.force_login(staff.director)
    boss.post(reverse("scoring:seat-release", args=[table.match_id, 1]))
    second = api_phone()
    assert (
        second.post(
            "/api/v1/tables/join/", {"code": code_of(table), "seat": 1}, format="json"
        ).status_code
        == 201
    )
    refused = confirm_at_table(second, tournament, table)
    assert refused.status_code == 403
    assert (
        "This seat (or this phone, or your account) entered part of this result"
        in (refused.json()["detail"])
    )


# One person, two sessions ------------------------------------------------------------------------


def test_a_second_session_cannot_take_the_seat_nor_confirm_as_a_follower(scene):
    _staff, tournament, table = scene
    mine = phone()
    assert join(mine, table, 1).status_code == 302
    assert win_at_once(mine, table).status_code == 302
    private_tab = phone()
    taken = join(private_tab, table, 1)
    assert taken.status_code == 200
    anna = names(table)[0]
    assert f"{anna}'s seat is already taken on another phone: ask the director." in (
        unescape(taken.content.decode())
    )
    # following only, it reads the match but may neither enter nor confirm
    assert join(private_tab, table, "follow", name="Io").status_code == 302
    page = private_tab.get(table.match.get_absolute_url()).content.decode()
    assert "This phone follows the match as Io, without a seat" in page
    assert "Confirm the result" not in page
    refused = private_tab.post(
        reverse("tournaments:confirm-at-table", args=[tournament.pk, table.pk])
    )
    assert refused.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is None
    api = api_phone()
    api.post("/api/v1/tables/join/", {"code": code_of(table), "name": "Io"}, format="json")
    refused = confirm_at_table(api, tournament, table)
    assert refused.status_code == 403
    assert "follows the match without a seat" in refused.json()["detail"]
    disputed = api.post(
        f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/dispute/",
        {"message": "no"},
        format="json",
    )
    assert disputed.status_code == 403
    table.refresh_from_db()
    assert table.disputed_at is None


def test_one_phone_holds_one_seat(scene):
    _staff, _tournament, table = scene
    client = phone()
    assert join(client, table, 1).status_code == 302
    refused = join(client, table, 2)
    assert refused.status_code == 200
    assert "This phone already sits at the table as" in refused.content.decode()
    assert TableJoin.objects.filter(code__code=code_of(table), seat__isnull=False).count() == 1


def test_a_follower_cannot_enter_a_hand(scene):
    _staff, _tournament, table = scene
    client = api_phone()
    joined = client.post(
        "/api/v1/tables/join/", {"code": code_of(table), "name": "Zio"}, format="json"
    )
    assert joined.status_code == 201
    assert joined.json()["can_enter"] is False and joined.json()["seat"] is None
    first = names(table)[0]
    response = client.post(
        f"/api/v1/matches/{table.match_id}/events/",
        {"type": "withdraw", "player": first},
        format="json",
    )
    assert response.status_code == 403
    assert not table.match.events.exists()


def test_the_join_page_asks_who_you_are_after_a_right_code(scene):
    _staff, _tournament, table = scene
    client = phone()
    page = client.post(reverse("scoring:join"), {"code": code_of(table)}).content.decode()
    assert "Who are you at this table?" in page
    for name in names(table):
        assert name in page
    assert "Only follow the match (read-only)" in page
    # a wrong code tells nothing of any table
    page = client.post(reverse("scoring:join"), {"code": "ZZZZZZ"}).content.decode()
    assert "Who are you at this table?" not in page and names(table)[0] not in page


# The director releases a seat; the console says who entered and who confirmed ------------------


def test_the_director_releases_a_seat_and_the_console_says_who_entered_and_confirmed(scene):
    staff, tournament, table = scene
    lost, other = phone(), phone()
    assert join(lost, table, 1).status_code == 302
    boss = phone()
    boss.force_login(staff.director)
    console = unescape(boss.get(tournament.get_absolute_url()).content.decode())
    anna, bruno = names(table)[:2]
    assert f"Seat 1 ({anna}): a phone" in console
    held = TableJoin.objects.get(code__code=code_of(table), seat__seat=1)
    release = reverse("scoring:seat-release", args=[table.match_id, 1])
    assert release in console
    # only a director releases
    assert other.post(release).status_code in (302, 404)
    assert TableJoin.objects.get(pk=held.pk).released_at is None
    assert boss.post(release).status_code == 302
    assert TableJoin.objects.get(pk=held.pk).released_at is not None
    # the lost phone only follows now; a new phone takes the seat and enters
    assert "read-only" in lost.get(table.match.get_absolute_url()).content.decode()
    new = phone()
    assert join(new, table, 1).status_code == 302
    assert win_at_once(new, table).status_code == 302
    assert win_at_once(lost, table).status_code != 201
    checker = phone()
    assert join(checker, table, 2).status_code == 302
    assert confirm_at_table(checker, tournament, table).status_code == 200
    console = unescape(boss.get(tournament.get_absolute_url()).content.decode())
    assert f"Entered by {anna}'s phone" in console
    assert f"Confirmed at the table by {bruno}'s phone" in console
    # the match report (the sheet filled in) says it too
    pdf = boss.get(reverse("match-pdf:report", args=[table.match_id]))
    assert pdf.status_code == 200
    pages = PdfReader(io.BytesIO(pdf.getvalue())).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split())
    assert f"Entered by {anna}'s phone · confirmed at the table by {bruno}'s phone" in text


# The order of the checks -------------------------------------------------------------------------


def test_who_may_not_confirm_hears_403_before_not_finished(scene):
    _staff, tournament, table = scene
    stranger = UserFactory()
    client = api_phone()
    client.force_login(stranger)
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    response = client.post(f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm/")
    assert response.status_code == 403  # today 400: "not finished yet"


def test_a_phone_gets_403_not_401_on_what_phones_may_not_do(scene):
    _staff, tournament, table = scene
    client = api_phone()
    assert (
        client.post(
            "/api/v1/tables/join/", {"code": code_of(table), "seat": 2}, format="json"
        ).status_code
        == 201
    )
    time_call = client.post(f"/api/v1/matches/{table.match_id}/time-call/", {}, format="json")
    assert time_call.status_code == 403
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    director_confirm = client.post(
        f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm/",
        {"reason": "mine"},
        format="json",
    )
    assert director_confirm.status_code == 403


def test_a_player_of_a_private_tournament_reads_it_and_confirms_their_table(scene):
    staff, tournament, table = scene
    assert tournament.is_public is False
    scorer = phone()
    scorer.force_login(staff.scorekeeper)
    assert win_at_once(scorer, table).status_code == 302
    bruno = player_user(table, 2)  # not a member of the club
    client = api_phone()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(bruno)}")
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 200
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").status_code == 200
    confirmed = client.post(f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm/")
    assert confirmed.status_code == 200, confirmed.content
    table.refresh_from_db()
    assert table.confirmed_by == bruno and table.is_confirmed_for(table.match)
    # someone else of no table still finds nothing
    other = api_phone()
    other.credentials(HTTP_AUTHORIZATION=f"Token {api_token(UserFactory())}")
    assert other.get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 404


# A correction after a dispute --------------------------------------------------------------------


def test_a_correction_after_a_dispute_is_shown_on_the_console_and_needs_a_new_confirmation(scene):
    staff, tournament, table = scene
    anna_phone, bruno_phone = phone(), phone()
    assert join(anna_phone, table, 1).status_code == 302
    assert join(bruno_phone, table, 2).status_code == 302
    assert win_at_once(anna_phone, table).status_code == 302
    anna, bruno = names(table)[:2]
    bruno_phone.post(
        reverse("tournaments:dispute", args=[tournament.pk, table.pk]),
        {"message": "Carla had 20"},
    )
    event = table.match.events.get(number=1)
    seats = list(table.match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = "20" if seat.seat == 3 else "200"
    corrected = anna_phone.post(
        reverse("scoring:correct", args=[table.match_id, event.number]),
        {**data, "expected_version": "1"},
    )
    assert corrected.status_code == 302, corrected.content
    boss = phone()
    boss.force_login(staff.director)
    console = unescape(boss.get(tournament.get_absolute_url()).content.decode())
    assert f"Hand 1 corrected by {anna}'s phone after {bruno}'s dispute" in console
    table.refresh_from_db()
    assert not table.is_confirmed_for(table.match)
