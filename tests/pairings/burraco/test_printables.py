"""The printables of a Burraco tournament (BURRACO.md section 5), read back with pypdf through
real requests: a turno's score slips (a page per table, both lines, the table's code, the turno's
VP table), the Mitchell movement card (12 pairs at 6 tables, skip 1; 13 pairs with the bye) and
the seating of a turno."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from pairings.burraco import services as burraco
from scoring.models import TableCode
from tests.factories import ClubFactory
from tests.pdf.conftest import Pdf
from tests.pdf.test_whole_words import type_sizes
from tests.tournaments.helpers import Staff, enter_players, member

from .helpers import burraco_tournament, pair_lines, seat

pytestmark = pytest.mark.django_db


def pairs_of(count: int):
    staff = Staff()
    tournament = burraco_tournament(staff)
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(count), check_in=True
    )
    return staff, tournament


def pair_name(number: int) -> str:
    return f"Giocatore {2 * number - 1:02d} / Giocatore {2 * number:02d}"


def fetch(client: Client, url: str, name: str = "") -> Pdf:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    keep = os.environ.get("TALLONE_PDF_DIR")
    if keep and name:
        Path(keep, f"burraco-{name}.pdf").write_bytes(data)
    return Pdf.of(data)


def words(pdf: Pdf, page: int | None = None) -> str:
    return pdf.words(page)


def card_row(pdf: Pdf, number: int) -> list[str]:
    """The words of pair `number`'s row of the movement card: from its line (NS or EO) on."""
    for line in pdf.lines():
        found = line.split()
        if found[:1] == [str(number)] and ("NS" in found or "EO" in found):
            side = "NS" if "NS" in found else "EO"
            return found[found.index(side) :]
    raise AssertionError(f"no row {number}")


def slips_url(tournament, number: int = 1) -> str:
    return reverse("pairings:burraco-slips", args=[tournament.pk, number])


def card_url(tournament) -> str:
    return reverse("pairings:burraco-movement-card", args=[tournament.pk])


def seating_url(tournament, number: int = 1) -> str:
    return reverse("pairings:burraco-seating", args=[tournament.pk, number])


# The score slips -----------------------------------------------------------------------------


def test_a_12_pair_turnos_slips_are_a_page_per_table_with_both_pairs_and_the_vp_table(client):
    staff, tournament = pairs_of(12)
    round = seat(tournament, staff)
    client.force_login(staff.director)

    pdf = fetch(client, slips_url(tournament), "slips")

    assert pdf.pages == 6
    codes = dict(
        TableCode.objects.filter(match__tournament_table__round=round, is_current=True).values_list(
            "match__tournament_table__number", "code"
        )
    )
    for table in range(1, 7):
        text = words(pdf, table - 1)
        assert f"Score slip · Turno 1 · Table {table}" in text
        assert "Torneo di Burraco" in text
        # NS: pair t stays at table t; EO: pair t + 6 starts there
        assert f"NS Pair {table} · {pair_name(table)}" in text
        assert f"EO Pair {table + 6} · {pair_name(table + 6)}" in text
        assert codes[table] in text
        # the turno's VP table (3 hands, BURRACO.md section 2), band by band
        for band, vp in [
            ("0-50", "10-10"),
            ("355-500", "14-6"),
            ("505-650", "15-5"),
            ("1255-1500", "19-1"),
            ("1505 or more", "20-0"),
        ]:
            assert f"{band} {vp}" in text, band
        for label in ("Base", "Carte", "Total", "Turno total", "D (difference)", "MP (±D)"):
            assert label in text
        # a row per hand of the turno, then the totals
        assert [pdf.row(hand, table - 1)[0] for hand in (1, 2, 3)] == ["1", "2", "3"]
        assert "Totals" in text
        assert "Tournament director" in text
    assert "Table 1" not in words(pdf, 1)


def test_the_slips_are_for_the_clubs_directors_only(client):
    staff, tournament = pairs_of(8)
    seat(tournament, staff)
    client.force_login(staff.scorekeeper)
    assert client.get(slips_url(tournament)).status_code == 403
    client.logout()
    assert client.get(slips_url(tournament)).status_code == 404  # public, but not for visitors
    client.force_login(member(ClubFactory(), Role.DIRECTOR))  # another club's director
    assert client.get(slips_url(tournament)).status_code == 404


def test_a_turno_not_seated_has_no_slips_nor_seating(client):
    staff, tournament = pairs_of(4)
    client.force_login(staff.director)
    assert client.get(slips_url(tournament)).status_code == 404
    assert client.get(seating_url(tournament)).status_code == 404


# The Mitchell movement card ------------------------------------------------------------------


def test_the_movement_card_of_12_pairs_moves_the_eo_pairs_a_table_a_turno(client):
    _staff, tournament = pairs_of(12)

    pdf = fetch(client, card_url(tournament), "card-12")  # a visitor of a public tournament

    text = words(pdf)
    assert "Mitchell movement card" in text
    assert "12 pairs at 6 tables; skip 1" in text
    assert "Planned from the pairs checked in now" in text
    # NS pairs stay at their table
    assert card_row(pdf, 1) == ["NS", "1", "1", "1"]
    assert card_row(pdf, 6) == ["NS", "6", "6", "6"]
    # EO pair 7 at tables 1, 2, 3; EO pair 12 at 6, then 1, 2
    assert card_row(pdf, 7) == ["EO", "1", "2", "3"]
    assert card_row(pdf, 12) == ["EO", "6", "1", "2"]
    assert pair_name(7) in text
    assert "Turno 1 Turno 2 Turno 3" in text
    assert "Odd number of tables" not in text
    assert "bye" not in text


def test_the_movement_card_keeps_the_first_mitchell_turnos_order(client):
    staff, tournament = pairs_of(12)
    round = seat(tournament, staff)
    assert round.report["order"]

    pdf = fetch(client, card_url(tournament))

    assert "A cell is the table where the pair plays that turno." in words(pdf)
    assert card_row(pdf, 7) == ["EO", "1", "2", "3"]


def test_the_movement_card_of_13_pairs_gives_a_bye_each_turno(client):
    _staff, tournament = pairs_of(13)

    pdf = fetch(client, card_url(tournament), "card-13")

    text = words(pdf)
    assert "13 pairs at 7 tables" in text
    assert "Odd number of tables: the source asks for an even number." in text
    # the empty EO place starts at table 7, then moves like a pair: 1, then 2
    assert card_row(pdf, 7) == ["NS", "7", "bye", "7", "7"]
    assert card_row(pdf, 1) == ["NS", "1", "1", "bye", "1"]
    assert card_row(pdf, 8) == ["EO", "1", "2", "3"]
    assert "Bye (tavolo zoppo): no EO pair EO 7 1 2" in text
    assert f"Turno 1: Pair 7 · {pair_name(7)} has the bye (tavolo zoppo)." in text
    assert f"Turno 2: Pair 1 · {pair_name(1)} has the bye (tavolo zoppo)." in text


def test_a_tournament_without_mitchell_has_no_movement_card(client):
    staff = Staff()
    tournament = burraco_tournament(staff, movements=["danese", "danese"])
    assert client.get(card_url(tournament)).status_code == 404


# The seating ---------------------------------------------------------------------------------


def test_the_seating_of_a_turno_lists_tables_lines_and_the_bye_in_large_type(client):
    staff, tournament = pairs_of(13)
    seat(tournament, staff)

    pdf = fetch(client, seating_url(tournament), "seating")

    text = words(pdf)
    assert "Seating · Turno 1" in text
    assert f"Table 1 NS · Pair 1 · {pair_name(1)} EO · Pair 8 · {pair_name(8)}" in text
    assert f"Table 6 NS · Pair 6 · {pair_name(6)} EO · Pair 13 · {pair_name(13)}" in text
    assert "Table 7" not in text
    assert f"Bye (tavolo zoppo) Pair 7 · {pair_name(7)}" in text
    assert "Where each line sits" in text
    assert pdf.row(8, pdf.pages - 1) == ["8", *pair_name(8).split(), "1", "EO"]
    assert pdf.row(7, pdf.pages - 1) == ["7", *pair_name(7).split(), "bye"]


# The links ----------------------------------------------------------------------------------


def test_the_printables_snippet_links_the_card_and_each_turnos_seating_and_slips(client):
    staff, tournament = pairs_of(12)
    round = seat(tournament, staff)
    client.force_login(staff.director)
    html = render_to_string(
        "pairings/burraco/_printables.html",
        {"tournament": tournament, "is_director": True},
    )
    for url in (card_url(tournament), seating_url(tournament), slips_url(tournament)):
        assert f'href="{url}"' in html
        assert client.get(url).status_code == 200
    assert round.number == 1
    # a player sees the card and the seating, never the slips
    html = render_to_string(
        "pairings/burraco/_printables.html", {"tournament": tournament, "is_director": False}
    )
    assert seating_url(tournament) in html
    assert slips_url(tournament) not in html


def test_an_individual_turnos_slips_and_seating_name_each_player_with_his_number(client):
    staff = Staff()
    tournament = burraco_tournament(staff, format="burraco_individual")
    enter_players(tournament, staff.director, 8)
    seat(tournament, staff)
    client.force_login(staff.director)

    slips = fetch(client, slips_url(tournament))
    seating = fetch(client, seating_url(tournament))

    assert slips.pages == 2
    # 1st + 2nd against 3rd + 4th (the default grouping), seats NS 1 and 3, EO 2 and 4
    assert "NS Giocatore 01 (1) / Giocatore 02 (2)" in words(slips, 0)
    assert "EO Giocatore 03 (3) / Giocatore 04 (4)" in words(slips, 0)
    assert "NS · 1 + 2" in words(slips, 0)
    assert "Table 2 NS · Giocatore 05 (5) / Giocatore 06 (6)" in words(seating)
    assert client.get(card_url(tournament)).status_code == 404


def test_the_movement_card_names_the_pairs_gone_since_the_first_turno(client):
    staff, tournament = pairs_of(12)
    round = seat(tournament, staff)
    pair = round.report["order"][11]  # pair 12
    burraco.pair_withdraw(tournament=tournament, user=staff.director, line=pair)

    pdf = fetch(client, card_url(tournament))

    assert "No longer in: Pair 12." in words(pdf)
    assert card_row(pdf, 12) == ["EO", "6", "1", "2"]  # the plan as fixed by turno 1


def test_the_seating_sets_every_name_at_16_pt_at_least_for_the_wall(client):
    staff, tournament = pairs_of(13)
    seat(tournament, staff)

    pdf = fetch(client, seating_url(tournament))

    runs = [points for text, points in type_sizes(pdf) if "Giocatore" in text]
    assert len(runs) >= 26
    assert min(runs) >= 16 - 0.01


@pytest.mark.parametrize(("skip", "moves"), [(1, "move 1 table each turno"), (2, "move 2 tables")])
def test_the_movement_card_says_one_table_not_one_tables(client, skip, moves):
    """The card said "the East-West pairs move 1 tables each turno": one table, in the
    singular (and "1 tavolo" in Italian)."""
    _staff, tournament = pairs_of(12)
    tournament.mitchell_skip = skip
    tournament.save(update_fields=["mitchell_skip"])
    text = words(fetch(client, card_url(tournament)))
    assert moves in text
    assert "move 1 tables" not in text
