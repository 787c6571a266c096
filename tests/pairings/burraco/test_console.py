"""The console of a Burraco tournament on the tournament page, through real requests: the director
pastes the pairs, seats the turni, withdraws a pair (asked first); a refused list comes back with
the refusal beside it and nobody entered; the turno's tables with their pairs and line totals."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from pairings.models import Pair
from tests.factories import member
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.models import EntryStatus, Round

from .helpers import burraco_tournament, pair_lines, play_table

pytestmark = pytest.mark.django_db


def client_for(user=None, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    if user is not None:
        client.force_login(user)
    return client


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).strip()


def page_of(client, tournament) -> str:
    response = client.get(reverse("tournaments:detail", args=[tournament.pk]))
    assert response.status_code == 200
    return text(response)


def paste(client, tournament, lines, check_in=True):
    data = {"pairs": "\n".join(lines)}
    if check_in:
        data["check_in"] = "on"
    return client.post(reverse("pairings:burraco-pairs", args=[tournament.pk]), data)


@pytest.fixture
def evening():
    staff = Staff()
    return staff, burraco_tournament(staff), client_for(staff.director)


def test_twelve_pairs_pasted_are_on_the_page_numbered_and_here(evening):
    _staff, tournament, client = evening
    page = page_of(client, tournament)
    assert "No pair entered yet." in page
    assert "Pairs, one a line" in page and "They are here and have paid" in page
    lines = ["Anna Rossi / Bruno Bianchi", *pair_lines(11)]
    response = paste(client, tournament, lines)
    assert response.status_code == 302
    assert response["Location"].endswith(f"/tournaments/{tournament.pk}/#pairs")
    page = text(client.get(response["Location"]))
    assert "12 pairs entered." in page
    assert "Pairs (12)" in page
    assert "1. Anna Rossi / Bruno Bianchi here" in page
    assert "12. Giocatore 21 / Giocatore 22 here" in page
    assert "12 checked in." in page
    assert "Seat turno 1" in page


def test_a_bad_line_is_refused_beside_the_list_and_nobody_is_entered(evening):
    _staff, tournament, client = evening
    lines = [*pair_lines(3), "Carla Verdi Dario Neri"]
    response = paste(client, tournament, lines)
    assert response.status_code == 400
    html = response.content.decode()
    # the refusal is the list's own error, and the list comes back as typed
    errors = re.search(r'<div class="field-errors" id="id_pairs_error">(.*?)</div>', html, re.S)
    assert errors is not None
    assert 'Line 4 ("Carla Verdi Dario Neri") is not a pair' in errors.group(1).replace(
        "&quot;", '"'
    )
    assert "Carla Verdi Dario Neri</textarea>" in html
    assert Pair.objects.filter(tournament=tournament).count() == 0
    assert tournament.entries.count() == 0
    assert "No pair entered yet." in page_of(client, tournament)


def test_a_player_listed_twice_is_refused_by_name(evening):
    _staff, tournament, client = evening
    response = paste(client, tournament, ["Anna Rossi / Bruno Bianchi", "Anna Rossi / Carla Verdi"])
    assert response.status_code == 400
    assert "Anna Rossi" in text(response)
    assert tournament.entries.count() == 0


def test_turno_one_seats_six_tables_with_the_pairs_names(evening):
    _staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    response = client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    assert response.status_code == 302
    assert response["Location"].endswith("#turno")
    page = page_of(client, tournament)
    assert "Turno 1 is seated." in page
    assert "Turno 1 of 4 · Mitchell" in page
    assert "0 of 6 tables decided." in page
    assert page.count("tables decided.") == 1  # the seat line says it; the count line waits
    # Mitchell: pairs 1-6 sit NS at tables 1-6, pairs 7-12 EO
    assert (
        "Table 1 Playing NS 1. Giocatore 01 / Giocatore 02 0 EO 7. Giocatore 13 / Giocatore 14 0"
        in page
    )
    assert (
        "Table 6 Playing NS 6. Giocatore 11 / Giocatore 12 0 EO 12. Giocatore 23 / Giocatore 24 0"
        in page
    )
    assert "Table 7" not in page
    # each table links its match; the list of pairs can no longer be pasted
    round = Round.objects.get(tournament=tournament, number=1)
    for table in round.tables.all():
        assert (
            f'href="/matches/{table.match_id}/"'
            in client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
        )
    assert "Pairs, one a line" not in page
    # turno 2 is not offered while turno 1 is played: the console says why instead
    assert "Seat turno 2" not in page
    assert "Turno 2 is seated once turno 1 is over: 0 of 6 tables decided." in page
    # the printables: the movement card, the turno's seating and (a director's) its slips
    html = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    for name, args in (
        ("pairings:burraco-movement-card", [tournament.pk]),
        ("pairings:burraco-seating", [tournament.pk, 1]),
        ("pairings:burraco-slips", [tournament.pk, 1]),
        ("pairings:burraco-turno", [tournament.pk, 1]),  # the director's actions on the turno
        ("pairings:burraco-standings", [tournament.pk]),
    ):
        assert f'href="{reverse(name, args=args)}"' in html, name
    # once a turno is seated it comes first, the players' check-in below it
    assert html.index('id="turno"') < html.index('id="check-in"')


def test_while_turno_one_plays_the_console_says_why_and_offers_no_seat_button(evening):
    staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    round = Round.objects.get(tournament=tournament, number=1)
    tables = list(round.tables.order_by("number"))
    for table in tables[:4]:
        play_table(table, staff.scorekeeper, [(300, 150)] * 3, confirm_by=staff.director)
    page = page_of(client, tournament)
    why = "Turno 2 is seated once turno 1 is over: 4 of 6 tables decided."
    assert why in page and "Seat turno 2" not in page
    assert page.index("Turno 1 of 4") < page.index(why) < page.index("Table 1 Confirmed")
    italian = page_of(client_for(staff.director, "it"), tournament)
    assert "Il turno 2 si assegna quando il turno 1 è finito: tavoli decisi 4 su 6." in italian
    assert "Assegna i tavoli del turno 2" not in italian
    # the panel the page asks again every 15 s says the same
    panel = client.get(reverse("pairings:burraco-turno-panel", args=[tournament.pk]))
    assert why in text(panel) and "Seat turno 2" not in text(panel)
    # a tap from a page left open before is refused by the same rule, said in the turno's part
    response = client.post(reverse("pairings:burraco-seat", args=[tournament.pk]), follow=True)
    tapped = text(response)
    assert tapped.count(why) == 2  # the refusal, and the console's line
    assert tapped.index("Turno 1 of 4") < tapped.index(why)
    assert Round.objects.filter(tournament=tournament).count() == 1
    # a player who is no director sees neither
    assert "Turno 2 is seated once" not in page_of(client_for(), tournament)


def test_once_every_table_is_decided_the_seat_button_is_there(evening):
    staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    round = Round.objects.get(tournament=tournament, number=1)
    for table in round.tables.order_by("number"):
        play_table(table, staff.scorekeeper, [(300, 150)] * 3, confirm_by=staff.director)
    page = page_of(client, tournament)
    assert "6 of 6 tables decided." in page
    assert "Seat turno 2" in page and "Turno 2 is seated once" not in page
    panel = client.get(reverse("pairings:burraco-turno-panel", args=[tournament.pk]))
    assert "Seat turno 2" in text(panel)
    assert client.post(reverse("pairings:burraco-seat", args=[tournament.pk])).status_code == 302
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_a_table_played_shows_its_totals_awaiting_then_confirmed(evening):
    staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    round = Round.objects.get(tournament=tournament, number=1)
    table = round.tables.get(number=1)
    play_table(table, staff.scorekeeper, [(300, 150), (200, 100), (150, 250)])
    page = page_of(client, tournament)
    assert "Turno 2 is seated once turno 1 is over: 0 of 6 tables decided." in page
    # table 1 played its 3 hands: NS 650, EO 500, finished and not yet confirmed
    assert "Table 1 Awaiting confirmation NS 1. Giocatore 01 / Giocatore 02 650" in page
    assert "EO 7. Giocatore 13 / Giocatore 14 500" in page
    services.table_confirm(table=table, user=staff.director)
    page = page_of(client, tournament)
    assert "Table 1 Confirmed NS 1. Giocatore 01 / Giocatore 02 650" in page
    assert "1 of 6 tables decided." in page
    assert "Turno 2 is seated once turno 1 is over: 1 of 6 tables decided." in page


def test_withdrawing_a_pair_asks_first(evening):
    _staff, tournament, client = evening
    paste(client, tournament, pair_lines(4))
    pair = Pair.objects.get(tournament=tournament, number=2)
    url = reverse("pairings:burraco-withdraw", args=[tournament.pk])
    asked = client.post(url, {"line": pair.pk})
    assert asked.status_code == 200
    assert "Withdraw 2. Giocatore 03 / Giocatore 04?" in text(asked)
    assert not tournament.entries.filter(status=EntryStatus.DROPPED).exists()
    done = client.post(url, {"line": pair.pk, "confirm": "1"}, follow=True)
    page = text(done)
    assert "Giocatore 03 / Giocatore 04 withdrew." in page
    assert "2. Giocatore 03 / Giocatore 04 withdrawn" in page
    assert tournament.entries.filter(status=EntryStatus.DROPPED).count() == 2
    assert client.post(url, {"line": 999999}).status_code == 404


def test_only_the_director_acts(evening):
    staff, tournament, _client = evening
    urls = [
        reverse(f"pairings:burraco-{name}", args=[tournament.pk])
        for name in ("pairs", "seat", "withdraw")
    ]
    scorekeeper = client_for(staff.scorekeeper)
    outsider = client_for(member(Staff().club, Role.DIRECTOR))
    for url in urls:
        assert scorekeeper.post(url, {"pairs": pair_lines(2)[0]}).status_code == 403
        assert outsider.post(url, {"pairs": pair_lines(2)[0]}).status_code == 404
        assert client_for().post(url).status_code == 302  # to the login page
        assert _client.get(url).status_code == 405
    assert tournament.entries.count() == 0
    # a visitor sees the pairs and the tables, no form
    _client.post(urls[0], {"pairs": "\n".join(pair_lines(2)), "check_in": "on"})
    page = page_of(client_for(), tournament)
    assert "1. Giocatore 01 / Giocatore 02 here" in page
    assert "Pairs, one a line" not in page and "Seat turno" not in page
    assert "Withdraw" not in page


def test_the_console_speaks_italian(evening):
    _staff, tournament, client = evening
    italian = client_for(_staff.director, "it")
    paste(client, tournament, pair_lines(12))
    italian.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    page = page_of(italian, tournament)
    assert "Coppie (12)" in page
    assert "Turno 1 di 4 · Mitchell" in page
    assert "Tavolo 1 In gioco" in page
    assert "Il turno 2 si assegna quando il turno 1 è finito: tavoli decisi 0 su 6." in page
    assert "Assegna i tavoli del turno 2" not in page


def test_an_individual_event_lists_its_players(evening):
    staff, _tournament, client = evening
    tournament = burraco_tournament(staff, format="burraco_individual", rounds_planned=3)
    enter_players(tournament, staff.director, 8)
    page = page_of(client, tournament)
    assert "Players (8)" in page
    assert "1. Giocatore 01 here" in page
    assert "Pairs, one a line" not in page
    assert "Register and check in" in page
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    page = page_of(client, tournament)
    assert "Turno 1 of 3 · Individual" in page
    assert "Table 2" in page and "Table 3" not in page


def test_the_turno_is_asked_again_while_its_tables_play(evening):
    staff, _tournament, client = evening
    tournament = burraco_tournament(staff, movements=["italiana"])
    paste(client, tournament, ["Anna Rossi / Bruno Bianchi", "Carla Verdi / Dario Neri"])
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    panel_url = reverse("pairings:burraco-turno-panel", args=[tournament.pk])
    html = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert f'hx-get="{panel_url}" hx-trigger="every ' in html
    table = Round.objects.get(tournament=tournament).tables.get()
    play_table(table, staff.scorekeeper, [(300, 150), (200, 100), (150, 250)])
    # a visitor of the public tournament reads the panel: the totals so far, still polled
    panel = client_for().get(panel_url)
    assert panel.status_code == 200
    assert "NS 1. Anna Rossi / Bruno Bianchi 650 EO 2. Carla Verdi / Dario Neri 500" in text(panel)
    assert "hx-trigger" in panel.content.decode() and "Finish the tournament" not in text(panel)
    services.table_confirm(table=table, user=staff.director)
    # decided: the panel stops asking, and the director may finish
    panel = client.get(panel_url)
    assert "hx-trigger" not in panel.content.decode()
    assert "Table 1 Confirmed" in text(panel)
    assert "Finish the tournament" in text(panel)
    assert client.get(reverse("pairings:burraco-turno-panel", args=[999999])).status_code == 404


def queries_of(client, url: str, expected: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200 and expected in text(response)
    return len(queries)


def seated_queries(url_name: str, expected: str) -> list[int]:
    """The queries of page `url_name` once turno 1 is seated, for 6 pairs and for 12."""
    counts = []
    for pairs in (6, 12):
        staff = Staff()
        tournament = burraco_tournament(staff)
        client = client_for(staff.director)
        paste(client, tournament, pair_lines(pairs))
        client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
        assert Round.objects.get(tournament=tournament).tables.count() == pairs // 2
        counts.append(queries_of(client, reverse(url_name, args=[tournament.pk]), expected))
    return counts


def test_the_console_reads_as_many_queries_for_6_pairs_as_for_12():
    counts = seated_queries("tournaments:detail", "Turno 1 of")
    assert counts[0] == counts[1], counts


def test_the_turno_panel_reads_as_many_queries_for_6_pairs_as_for_12():
    """The panel is asked again every 15 s: its turno's round (the clock) comes with the
    console's facts, no query of its own."""
    counts = seated_queries("pairings:burraco-turno-panel", "Pause the clock")
    assert counts[0] == counts[1], counts


def test_two_players_entered_alone_are_made_a_pair(evening):
    """A guest checked in at the door is entered alone: the console pairs two such players
    (a third left alone is offered again); after turno 1 no pair may join."""
    staff, tournament, client = evening
    paste(client, tournament, pair_lines(2))
    alone = enter_players(tournament, staff.director, 3, prefix="Ospite")
    page = page_of(client, tournament)
    assert "Make a pair of two players entered" in page
    url = reverse("pairings:burraco-pair", args=[tournament.pk])
    response = client.post(url, {"first": alone[0].pk, "second": alone[1].pk})
    assert response.status_code == 302
    page = page_of(client, tournament)
    assert "Pair 3: Ospite 01 / Ospite 02." in page
    assert "3. Ospite 01 / Ospite 02" in page
    # one left alone: nothing to pair; the same player twice is refused beside the pairs
    assert "Make a pair of two players entered" not in page
    response = client.post(url, {"first": alone[2].pk, "second": alone[2].pk}, follow=True)
    assert "A pair is two different players." in text(response)
    assert Pair.objects.filter(tournament=tournament).count() == 3


def test_the_turno_clock_and_the_time_call_on_the_console(evening):
    """The turno's clock (35 minutes) and the time call are on the console; the time call is
    asked first in Burraco's words, and leaves each table to enter its hand in progress."""
    _staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    page = page_of(client, tournament)
    assert "35:00 left" in page or "34:59 left" in page
    assert "Pause the clock" in page and "Call time at every table" in page
    url = reverse("tournaments:call-time", args=[tournament.pk, 1])
    asked = text(client.post(url))
    assert "Call time at every table of turno 1?" in asked
    assert "enters its hand in progress as ended by time" in asked
    response = client.post(url, {"confirm": "1"})
    assert response["Location"].endswith("#turno")
    page = page_of(client, tournament)
    assert "Time called: each table enters its hand in progress as ended by time." in page
    assert "Time called" in page and "Call time at every table" not in page
    round = Round.objects.get(tournament=tournament, number=1)
    assert not round.tables.filter(match__status="finished").exists()  # no match ended
    panel = text(client.get(reverse("pairings:burraco-turno-panel", args=[tournament.pk])))
    assert "Time called" in panel


def test_the_director_confirms_a_table_from_its_slip(evening):
    """A table whose hands the scorekeeper typed from the paper slip: the director confirms it
    from the console (who typed it could not)."""
    staff, tournament, client = evening
    paste(client, tournament, pair_lines(12))
    client.post(reverse("pairings:burraco-seat", args=[tournament.pk]))
    table = Round.objects.get(tournament=tournament, number=1).tables.get(number=1)
    play_table(table, staff.scorekeeper, [(300, 150)] * 3)
    page = page_of(client, tournament)
    assert "Confirm table 1 (from its slip)" in page and "Confirm table 2" not in page
    response = client.post(reverse("tournaments:confirm", args=[tournament.pk, table.pk]))
    assert response["Location"].endswith("#turno")
    page = page_of(client, tournament)
    assert "Table 1 confirmed." in page and "Confirm table 1" not in page
    table.refresh_from_db()
    assert table.confirmed_by == staff.director
