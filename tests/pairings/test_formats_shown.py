"""Formats shown as they work: a round robin shows its whole schedule from the draw, and the
standings show the tournament's tie-breaks in its order, head to head included, with the one that
set two players on the same points apart marked."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from pairings import services as pairing_services
from tests.pdf.conftest import Pdf
from tests.tournaments.helpers import Staff
from tournaments.formats import format_of
from tournaments.models import Format

from .test_services import gin_tournament, play, seated
from .test_views import client_for, text, url

pytestmark = pytest.mark.django_db

PAIR = r"(Giocatore \d\d) \N{EN DASH} (Giocatore \d\d)"


def test_a_round_robin_shows_its_whole_schedule_from_the_draw():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.ROUND_ROBIN, 5)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    content = client_for(staff.director).get(url("pairings", tournament)).content.decode()
    page = text(client_for(staff.director).get(url("pairings", tournament)))
    assert "The whole schedule" in page
    met = set()
    for number in range(1, 6):
        block = re.search(rf'id="schedule-round-{number}".*?</ul>', content, flags=re.S).group(0)
        block_text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block))
        assert ("paired" if number == 1 else "to come") in block_text
        pairs = re.findall(PAIR, block_text)
        assert len(pairs) == 2 and "Bye: Giocatore" in block_text
        met.update(frozenset(pair) for pair in pairs)
    assert len(met) == 10  # everyone meets everyone once: 5 * 4 / 2
    # round 1 as scheduled is round 1 as paired
    paired = {frozenset(e.player.name for e in seated(table)) for table in round.tables.all()}
    first = re.search(r'id="schedule-round-1".*?</ul>', content, flags=re.S).group(0)
    assert paired == {frozenset(p) for p in re.findall(PAIR, first)}


def test_a_swiss_has_no_schedule_ahead():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SWISS, 4, rounds_planned=2)
    pairing_services.draw(tournament=tournament, user=staff.director)
    assert "The whole schedule" not in text(client_for().get(url("pairings", tournament)))


BEATS = {(1, 3), (1, 4), (2, 1), (2, 3), (3, 4), (4, 2)}  # (winner seed, loser seed)


def head_to_head_round_robin(tie_breaks=("head_to_head", "buchholz")):
    """A round robin of four played to the end: 1 and 2 end on 2 points, 3 and 4 on 1, and head
    to head (before Buchholz) puts 2 above 1 (2 beat 1) and 3 above 4: (staff, the tournament,
    its standings' rows, each entry's seed)."""
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.ROUND_ROBIN, 4, tie_breaks=list(tie_breaks))
    seed = {entry.pk: entry.seed for entry in entries}
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    for number in (1, 2, 3):
        for table in round.tables.all():
            first, second = seated(table)
            winner = first if (seed[first.pk], seed[second.pk]) in BEATS else second
            play(table, winner, staff.scorekeeper)
        if number < 3:
            round = pairing_services.next_round(tournament=tournament, user=staff.director)
    rows = format_of(tournament).standings(tournament).rows
    return staff, tournament, rows, seed


def test_round_robin_standings_show_head_to_head_and_what_decided():
    """1 and 2 end on 2 points, 3 and 4 on 1: head to head (the only tie-break) puts 2 above 1
    (2 beat 1) and 3 above 4."""
    _staff, tournament, rows, seed = head_to_head_round_robin()
    assert [seed[row.entry.pk] for row in rows] == [2, 1, 3, 4]
    response = client_for().get(url("standings", tournament))
    content = response.content.decode()
    headings = re.findall(r'<th scope="col" class="num">([^<]+)</th>', content)
    assert headings[-2:] == ["Head to head", "Buchholz"]
    for row, h2h in zip(rows, ["1", "0", "1", "0"], strict=True):
        line = re.search(rf'data-entry="{row.entry.pk}".*?</tr>', content, flags=re.S).group(0)
        cell = re.search(r'class="num head_to_head decided"[^>]*>([^<]*)<', line)
        assert cell is not None and cell.group(1) == h2h
        assert 'class="num buchholz"' in line  # not what decided
    assert "In bold: the tie-break that set players on the same points apart." in text(response)


def test_the_standings_pdf_shows_head_to_head_as_the_page_does():
    """The Gin standings PDF has the page's "Head to head" column, last, with each player's
    value, where head to head decided the ties (2 above 1, 3 above 4)."""
    _staff, tournament, rows, seed = head_to_head_round_robin()
    assert [seed[row.entry.pk] for row in rows] == [2, 1, 3, 4]
    response = client_for().get(reverse("tournaments:standings-pdf", kwargs={"pk": tournament.pk}))
    assert response.status_code == 200
    pdf = Pdf.of(b"".join(response.streaming_content))
    header = next(line for line in pdf.lines() if line.startswith("Place"))
    assert header.split()[-3:] == ["Head", "to", "head"]
    for row, h2h in zip(rows, ["1", "0", "1", "0"], strict=True):
        name = row.entry.player.name
        line = next(line for line in pdf.lines() if name in line)
        assert line.split()[0] == str(row.standing.place) and line.split()[-1] == h2h, line


def test_the_standings_pdf_has_no_head_to_head_when_the_tournament_does_not_count_it():
    _staff, tournament, _rows, _seed = head_to_head_round_robin(tie_breaks=("buchholz", "net"))
    response = client_for().get(reverse("tournaments:standings-pdf", kwargs={"pk": tournament.pk}))
    pdf = Pdf.of(b"".join(response.streaming_content))
    assert "Head to head" not in pdf.words() and "Buchholz" in pdf.words()


def test_the_standings_csv_adds_head_to_head_last_and_keeps_its_columns():
    """The CSV's columns keep their names and places (spreadsheets read them); head to head,
    headed as on the page, is added at the end when the tournament counts it."""
    staff, tournament, rows, _seed = head_to_head_round_robin()
    header, *lines = csv_rows(staff, tournament)
    assert header == [*CSV_COLUMNS, "Head to head"]
    assert [(line[2], line[-1]) for line in lines] == [
        (row.entry.player.name, h2h)
        for row, h2h in zip(rows, ["1.00", "0.00", "1.00", "0.00"], strict=True)
    ]
    staff, other, _rows, _seed = head_to_head_round_robin(tie_breaks=("buchholz",))
    assert csv_rows(staff, other)[0] == CSV_COLUMNS  # not counted: no column


def csv_rows(staff, tournament) -> list[list[str]]:
    address = reverse(
        "clublife:tournament-standings-csv", kwargs={"slug": staff.club.slug, "pk": tournament.pk}
    )
    response = client_for(staff.director).get(address)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


CSV_COLUMNS = [
    "Place",
    "Shared",
    "Player",
    "Played",
    "Wins",
    "Draws",
    "Losses",
    "Byes",
    "Points",
    "Buchholz",
    "Median-Buchholz",
    "Net",
    "Status",
]
