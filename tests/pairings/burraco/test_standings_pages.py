"""A Burraco evening's standings everywhere they are shown (issue 29, BURRACO.md section 4): 12
pairs at 6 tables, turno 1 with D = 150 x t at table t (VP 11/13/14/15/16/17 against 9/7/6/5/4/3
on the 3-hand table), turno 2 all 10-10 but pair 7 winning 12-8 by 200 at table 2, turno 3
seated. Pairs 1, 2 and 7 end on 21 VP: MP settles them (+150, +100, +50). Through real HTTP: the
standings page, the API, the CSV, the PDF (read with pypdf) and the projector."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from pairings.burraco import services as burraco
from pairings.models import Pair
from tests.factories import PlayerFactory
from tests.pairings.test_services import gin_tournament
from tests.pairings.test_views import client_for, text
from tests.pdf.conftest import Pdf
from tests.tournaments.helpers import Staff
from tournaments import services
from tournaments.models import Format, Round, Table

from .helpers import burraco_tournament, pair_lines, play_table, play_turno, seat

pytestmark = pytest.mark.django_db

NAMES = [
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Neri",
    "Maria Antonietta Buonarroti-Esposito",
    "Pierfrancesco Castelnuovo-Tedesco",
]
ORDER = "Order: victory points, then match points (difference)."
SETTLED = "on victory points: match points (difference) settled it"
# place, pair number, VP, MP after turni 1 and 2
EXPECTED = [
    (1, 6, 27, 900),
    (2, 5, 26, 750),
    (3, 4, 25, 600),
    (4, 3, 24, 450),
    (5, 1, 21, 150),
    (6, 2, 21, 100),
    (7, 7, 21, 50),
    (8, 8, 17, -300),
    (9, 9, 16, -450),
    (10, 10, 15, -600),
    (11, 11, 14, -750),
    (12, 12, 13, -900),
]


def lines() -> list[str]:
    """12 pairs: the first three with real, long names, the rest numbered players."""
    named = [f"{NAMES[i]} / {NAMES[i + 1]}" for i in (0, 2, 4)]
    return named + pair_lines(9)[:9]


def numbered(tournament) -> dict[int, int]:
    return {pair.pk: pair.number for pair in Pair.objects.filter(tournament=tournament)}


def hands_of(round: Round, tournament, winner: int | None = None):
    """Turno 2: 10-10 everywhere, but the EO pair `winner` wins by 200 (12-8)."""
    numbers = numbered(tournament)
    eo_of = {number: numbers[eo[0]] for number, _ns, eo in round.report["tables"]}

    def hands(table: Table) -> list[tuple[int, int]]:
        if eo_of[table.number] == winner:
            return [(100, 300), (100, 100), (100, 100)]
        return [(100, 100)] * 3

    return hands


@pytest.fixture
def evening():
    staff = Staff()
    tournament = burraco_tournament(staff)
    burraco.pairs_register(tournament=tournament, user=staff.director, lines=lines(), check_in=True)
    first = seat(tournament, staff)
    play_turno(first, staff, lambda table: [(300, 300 - 50 * table.number)] * 3)
    second = seat(tournament, staff)
    play_turno(second, staff, hands_of(second, tournament, winner=7))
    third = seat(tournament, staff)
    return staff, tournament, third


def page_rows(content: str) -> list[list[str]]:
    """The standings table's rows, each as its cells' texts."""
    body = content.split('class="t-standings burraco-standings"', 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr data-line=.*?</tr>", body, flags=re.S)
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        ]
        for row in rows
    ]


def test_the_standings_page_shows_places_vp_mp_the_chain_and_the_tie_mp_settled(evening):
    _staff, tournament, _third = evening
    response = client_for().get(reverse("pairings:burraco-standings", args=[tournament.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    rows = page_rows(content)
    assert [(int(r[0]), int(r[1]), int(r[3]), r[4]) for r in rows] == [
        (place, number, vp, f"{mp:+d}") for place, number, vp, mp in EXPECTED
    ]
    assert rows[0][2] == "Giocatore 05 / Giocatore 06"  # pair 6: the 4th to 12th are numbered
    assert all(row[5] == "2" for row in rows)  # turni played
    # pairs 1, 2, 7 on 21 VP: MP set 2 below 1 and 7 below 2
    assert rows[4][2] == "Anna Rossi / Bruno Bianchi"
    assert rows[5][2] == (
        f"Carla Verdi / Dario Neri Tied with 1 Anna Rossi / Bruno Bianchi {SETTLED}"
    )
    assert f"Tied with 2 Carla Verdi / Dario Neri {SETTLED}" in rows[6][2]
    assert "Tied with" not in rows[3][2]
    page = text(response)
    assert ORDER in page
    assert "After 2 turni" in page
    # each turno's tables: turno 1, table 6: NS pair 6, EO pair 12, 900 - 600, D 900, 17-3
    turno_1 = content.split('id="turno-1"', 1)[1].split("</section>", 1)[0]
    cells = [
        " ".join(re.sub(r"<[^>]+>", " ", c).split())
        for c in re.findall(r"<td[^>]*>(.*?)</td>", turno_1, flags=re.S)
    ]
    table_rows = [cells[i : i + 7] for i in range(0, len(cells), 7)]
    assert table_rows[0][3:] == ["900", "750", "150", "11-9"]
    assert table_rows[5][0] == "6"
    assert table_rows[5][3:] == ["900", "0", "900", "17-3"]
    assert table_rows[0][1] == "1 Anna Rossi / Bruno Bianchi"
    turno_3 = content.split('id="turno-3"', 1)[1].split("</section>", 1)[0]
    assert "being played" in turno_3


def test_the_api_standings_are_the_pages_and_the_detail_links_them(evening):
    _staff, tournament, _third = evening
    client = client_for()
    data = client.get(reverse("api-tournament-standings", args=[tournament.pk])).json()
    assert data["kind"] == "burraco"
    assert data["tie_breaks"] == ["vp", "mp"]
    assert data["order"] == ORDER
    assert data["turni_counted"] == 2
    got = [(row["place"], row["number"], row["vp"], row["mp"]) for row in data["rows"]]
    assert got == EXPECTED
    fifth, sixth, seventh = data["rows"][4:7]
    assert fifth["name"] == "Anna Rossi / Bruno Bianchi"
    assert fifth["players"] == ["Anna Rossi", "Bruno Bianchi"]
    assert (fifth["settled_by"], sixth["settled_by"], seventh["settled_by"]) == (None, "mp", "mp")
    assert not sixth["shared"]
    assert all(row["played"] == 2 and row["byes"] == 0 for row in data["rows"])
    first = data["turni"][0]["tables"][0]
    assert (first["ns_total"], first["eo_total"], first["difference"]) == (900, 750, 150)
    assert (first["ns_vp"], first["eo_vp"], first["ns_mp"]) == (11, 9, 150)
    assert data["turni"][2]["complete"] is False
    detail = client.get(reverse("api-tournament-detail", args=[tournament.pk])).json()
    assert detail["links"]["standings"].endswith(f"/api/v1/tournaments/{tournament.pk}/standings/")
    assert "burraco_standings" not in detail["links"]


def test_the_csv_has_the_federation_columns(evening):
    staff, tournament, _third = evening
    response = client_for(staff.director).get(
        reverse(
            "clublife:tournament-standings-csv",
            kwargs={"slug": staff.club.slug, "pk": tournament.pk},
        )
    )
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Position", "Pair number", "Pair", "Players", "VP", "MP", "Turni played"]
    assert [(int(r[0]), int(r[1]), int(r[4]), int(r[5])) for r in rows[1:]] == EXPECTED
    assert rows[5][2:4] == ["Anna Rossi / Bruno Bianchi", "Anna Rossi; Bruno Bianchi"]
    assert {r[6] for r in rows[1:]} == {"2"}


def whole_words(text: str) -> set[str]:
    """The PDF's words, a word wrapped after its hyphen joined again (as test_whole_words)."""
    joined = re.sub(r"- (?=\S)", "-", " ".join(text.split()))
    return set(joined.split())


def test_the_pdf_lists_every_pair_whole_with_the_chain_and_the_tie(evening):
    _staff, tournament, _third = evening
    response = client_for().get(reverse("tournaments:standings-pdf", args=[tournament.pk]))
    assert response.status_code == 200
    pdf = Pdf.of(b"".join(response.streaming_content))
    words = pdf.words()
    assert ORDER in words
    # a row: place, pair, VP, MP, number, turni played
    rows = [line.split() for line in pdf.lines()]
    assert ["5", "Anna", "Rossi", "/", "Bruno", "Bianchi", "21", "+150", "1", "2"] in rows
    assert ["12", "Giocatore", "17", "/", "Giocatore", "18", "13", "-900", "12", "2"] in rows
    # every name whole, the longest pair on one line
    long_pair = "Maria Antonietta Buonarroti-Esposito / Pierfrancesco Castelnuovo-Tedesco"
    assert any(long_pair in line for line in pdf.lines())
    seen = whole_words(pdf.text())
    for pair in Pair.objects.filter(tournament=tournament):
        assert set(pair.name.split()) <= seen, pair.name
    assert "…" not in words
    assert f"2 Carla Verdi / Dario Neri: Tied with 1 Anna Rossi / Bruno Bianchi {SETTLED}." in words
    # the wall: place, pair, VP in large type, every name whole
    wall = client_for().get(reverse("tournaments:standings-pdf", args=[tournament.pk]) + "?wall=1")
    wall_pdf = Pdf.of(b"".join(wall.streaming_content))
    assert ["5", "Anna", "Rossi", "/", "Bruno", "Bianchi", "21"] in [
        line.split() for line in wall_pdf.lines()
    ]
    wall_seen = whole_words(wall_pdf.text())
    for pair in Pair.objects.filter(tournament=tournament):
        assert set(pair.name.split()) <= wall_seen, pair.name


def test_the_projector_shows_the_standings_and_the_turnos_seating(evening):
    _staff, tournament, third = evening
    response = client_for().get(reverse("tournaments:projector", args=[tournament.pk]))
    content = response.content.decode()
    assert re.findall(r'class="pj-screen[^"]*" data-key="(\w+)"', content) == [
        "seating",
        "standings",
        "clock",
    ]
    standings = content.split('data-key="standings"', 1)[1].split("</section>", 1)[0]
    names = re.findall(r'<span class="pj-name">(.*?)</span>', standings)
    assert len(names) == 12 and names[4] == "Anna Rossi / Bruno Bianchi"
    assert "After 2 turni" in standings
    line = re.findall(r'<li class="pj-line">(.*?)</li>', standings, flags=re.S)[4]
    assert [re.sub(r"<[^>]+>", "", v) for v in re.findall(r"<span[^>]*>.*?</span>", line)] == [
        "5",
        "Anna Rossi / Bruno Bianchi",
        "21",
        "+150",
    ]
    seating = content.split('data-key="seating"', 1)[1].split("</section>", 1)[0]
    assert "Turno 3" in seating
    shown = re.findall(
        r'<span class="pj-lead">(\d*)</span><span class="pj-name">(.*?)</span>'
        r'<span class="pj-value">(\w+)</span>',
        seating,
    )
    pairs = {pair.pk: pair.name for pair in Pair.objects.filter(tournament=tournament)}
    expected = []
    for number, ns, eo in third.report["tables"]:
        expected += [(str(number), pairs[ns[0]], "NS"), (str(number), pairs[eo[0]], "EO")]
    assert shown == expected
    assert len(shown) == 12


def test_an_abandonment_an_adjustment_and_a_gain_by_leaving_are_said(evening):
    staff, tournament, third = evening
    table = third.tables.get(number=1)
    # EO is 950 down after a hand (3 VP on its hands), then leaves: 6 VP, more than its hands
    play_table(table, staff.scorekeeper, [(1000, 50)])
    burraco.turno_action_record(
        round=third,
        user=staff.director,
        kind="abandon",
        table=table,
        side="EO",
        mp=-1500,
        reason="left at 22:10",
    )
    pair_3 = Pair.objects.get(tournament=tournament, number=3)
    burraco.turno_action_record(
        round=third,
        user=staff.director,
        kind="adjust",
        line=pair_3.pk,
        vp=-2,
        mp=-100,
        reason="slow play",
    )
    eo = Pair.objects.get(pk=third.report["tables"][0][2][0])
    address = reverse("pairings:burraco-standings", args=[tournament.pk])
    page = text(client_for(staff.director).get(address))
    assert f"{eo.number} {eo.name} abandoned turno 3 (left at 22:10)." in page
    assert "Adjustment in turno 3: 3 Maria Antonietta Buonarroti-Esposito / " in page
    assert "-2 VP, -100 MP (slow play)." in page
    warning = f"Director: {eo.number} {eo.name} got more VP by abandoning turno 3 (6 VP)"
    assert warning in page
    # the warning is the director's: a visitor reads the abandonment, not the warning
    visitor = text(client_for().get(address))
    assert "abandoned turno 3" in visitor and warning not in visitor
    data = client_for().get(reverse("api-tournament-standings", args=[tournament.pk])).json()
    row = next(row for row in data["rows"] if row["line"] == eo.pk)
    assert (row["abandoned"], row["gained_by_abandoning"]) == (1, 1)
    assert next(r for r in data["rows"] if r["number"] == 3)["vp"] == 22


def test_an_individual_event_is_ranked_per_player():
    """8 players, turno 1 at 2 tables: D = 150 x t again. Each player is credited with his
    line's VP and MP; the page, the API and the CSV rank players, not pairs."""
    staff = Staff()
    tournament = burraco_tournament(staff, format="burraco_individual", rounds_planned=2)
    client = client_for()
    address = reverse("pairings:burraco-standings", args=[tournament.pk])
    empty = client.get(address)  # before anybody is entered: no refusal, no row
    assert empty.status_code == 200 and "No players entered yet." in text(empty)
    players = [f"Giocatrice {number}" for number in range(1, 9)]
    for name in players:
        services.entry_register(
            tournament=tournament,
            user=staff.director,
            player=PlayerFactory(club=staff.club, name=name),
            check_in=True,
        )
    first = seat(tournament, staff)
    play_turno(first, staff, lambda table: [(300, 300 - 50 * table.number)] * 3)
    data = client.get(reverse("api-tournament-standings", args=[tournament.pk])).json()
    assert data["individual"] is True
    rows = data["rows"]
    assert len(rows) == 8 and all(len(row["players"]) == 1 for row in rows)
    assert sorted(row["vp"] for row in rows) == [7, 7, 9, 9, 11, 11, 13, 13]
    assert sorted(row["mp"] for row in rows) == [-300, -300, -150, -150, 150, 150, 300, 300]
    # the two players of a line share VP and MP: the second of them shares the place
    assert (rows[0]["place"], rows[1]["place"], rows[1]["shared"]) == (1, 1, True)
    table = data["turni"][0]["tables"][1]
    ns_players = {row["name"] for row in rows[:2]}
    assert set(table["ns"].split(" / ")) == ns_players
    assert (table["ns_vp"], table["eo_vp"], table["difference"]) == (13, 7, 300)
    page = client.get(address).content.decode()
    shown = page_rows(page)
    places = [row[0] for row in shown]
    assert places == [f"{place}{shared}" for place in (1, 3, 5, 7) for shared in ("", "= (shared)")]
    assert [row[2] for row in shown][:2] == [rows[0]["name"], rows[1]["name"]]
    assert ">Player<" in page and "NS line" in page
    csv_rows = list(
        csv.reader(
            io.StringIO(
                client_for(staff.director)
                .get(
                    reverse(
                        "clublife:tournament-standings-csv",
                        kwargs={"slug": staff.club.slug, "pk": tournament.pk},
                    )
                )
                .content.decode()
            )
        )
    )
    assert csv_rows[0][:3] == ["Position", "Player number", "Player"]
    assert [int(row[4]) for row in csv_rows[1:]] == [13, 13, 11, 11, 9, 9, 7, 7]


def test_the_standings_speak_italian(evening):
    staff, tournament, _third = evening
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.cookies["django_language"] = "it"
    page = text(client.get(reverse("pairings:burraco-standings", args=[tournament.pk])))
    assert "Ordine: punti vittoria, poi scarto (MP)." in page
    assert "Dopo 2 turni" in page
    assert (
        "Carla Verdi / Dario Neri Pari con 1 Anna Rossi / Bruno Bianchi in punti vittoria; "
        "spareggio: scarto (MP)" in page
    )
    assert "Coppia NS" in page and "Totale EO" in page and "in corso" in page
    client.force_login(staff.director)
    csv_text = client.get(
        reverse(
            "clublife:tournament-standings-csv",
            kwargs={"slug": staff.club.slug, "pk": tournament.pk},
        )
    ).content.decode()
    assert csv_text.splitlines()[0] == (
        "Posizione,Numero coppia,Coppia,Giocatori,VP,MP,Turni giocati"
    )


def test_the_page_is_for_whoever_may_follow_the_tournament():
    staff = Staff()
    private = burraco_tournament(staff, is_public=False)
    burraco.pairs_register(tournament=private, user=staff.director, lines=lines(), check_in=True)
    address = reverse("pairings:burraco-standings", args=[private.pk])
    # a private tournament of a private club: 404 for a visitor, the page for its members
    assert client_for().get(address).status_code == 404
    member = client_for(staff.scorekeeper).get(address)
    assert member.status_code == 200 and "Anna Rossi / Bruno Bianchi" in text(member)
    # the live part alone for htmx, and the old projector mode sent to the projector page
    fragment = client_for(staff.director).get(address + "?fragment=1").content.decode()
    assert fragment.startswith('<div id="standings"') and "<html" not in fragment
    moved = client_for(staff.director).get(address + "?projector=1")
    assert moved.status_code == 302
    assert moved["Location"] == reverse("tournaments:projector", args=[private.pk]) + (
        "?show=standings"
    )
    # another format's tournament has no Burraco standings
    gin, _entries = gin_tournament(staff, Format.SWISS, 4, prefix="Gin", rounds_planned=2)
    gin_address = reverse("pairings:burraco-standings", args=[gin.pk])
    assert client_for(staff.director).get(gin_address).status_code == 404
