"""No printable ever cuts a word (issue 20): every kind of PDF the project makes, built with long
names and long statuses, in English and in Italian, read back with pypdf. Every name is there in
full, every header, cell and status of every grid is there word by word (a long cell may wrap
onto a second line), and no text ends in an ellipsis. The wall versions of the standings and the
seating set every name at 16 pt at least (on A4; more on A3).

`TALLONE_PDF_DIR=/some/dir` keeps the PDFs, to look at them (pdftoppm -r 60 -png ...)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse

from base.printing import grid as grid_module
from clublife import seasons
from pairings import services as pairing_services
from pairings.burraco import services as burraco_services
from scoring import services as scoring
from tests.factories import ClubFactory, PlayerFactory, start_match
from tests.pdf.conftest import A4_PORTRAIT, Pdf, gin_hand, hand
from tests.pdf.test_tournament_pdfs import play_open_matches
from tests.scoring.engine.burraco_helpers import B1_DOCUMENT_HANDS, B1_SCORES
from tests.tournaments.helpers import Staff
from tournaments import services
from tournaments.models import Format

pytestmark = pytest.mark.django_db

LONG = (
    "Maria Antonietta Buonarroti-Esposito",
    "Pierfrancesco Castelnuovo-Tedesco",
    "Anna Maria Giuseppina Santangelo",
    "Gianbattista Montefeltro-Visconti",
    "Carlotta Benedetta Aldobrandini",
    "Ludovico Ferdinando Scarpellini",
)
A, B, C, D, E, F = LONG
CLUB = "Circolo Culturale Ricreativo del Dopolavoro Ferroviario di Bologna"
TOURNAMENT = "Grande Torneo d'Autunno del Circolo"


def words_of(text: str) -> str:
    """The text with every run of spaces and line breaks one space, and a word broken after a
    hyphen at the end of a line joined again."""
    return re.sub(r"- (?=\S)", "-", " ".join(text.split()))


def tokens(text: str) -> set[str]:
    return set(re.split(r"\s+|(?<=-)", words_of(text)))


@pytest.fixture
def grids(monkeypatch):
    """Every text given to a grid (labels, players' names over the columns, cells)."""
    seen: list[str] = []
    original = grid_module.Grid.__init__

    def spy(self, columns, groups=(), *, rows=(), **kwargs):
        seen.extend(column.label for column in columns)
        seen.extend(group.label for group in groups)
        seen.extend(str(cell) for row in rows for cell in row.cells)
        original(self, columns, groups, **kwargs, **({"rows": rows} if rows else {}))

    monkeypatch.setattr(grid_module.Grid, "__init__", spy)
    return seen


def fetch(client, url: str, kind: str) -> Pdf:
    response = client.get(url)
    assert response.status_code == 200, url
    data = b"".join(response.streaming_content)
    keep = os.environ.get("TALLONE_PDF_DIR")
    if keep:
        language = client.defaults["HTTP_ACCEPT_LANGUAGE"]
        Path(keep, f"{kind}-{language}.pdf").write_bytes(data)
    return Pdf.of(data)


# Building every kind ------------------------------------------------------------------------------


def match_url(match, kind: str) -> str:
    return reverse(f"match-pdf:{kind}", kwargs={"pk": match.pk})


def scala40(staff, names=LONG[:4]):
    match = start_match(club=staff.club, preset="scala40", names=names, table_label="3")
    points = {name: 10 * index for index, name in enumerate(names[1:], 1)}
    hand(match, names[0], **{**points, names[2]: 120})  # one out for good
    scoring.player_withdraw(match=match, user=staff.director, seat=match.seats.get(name=names[3]))
    return match


def ramino(staff):
    match = start_match(club=staff.club, preset="ramino", names=LONG[:4])
    hand(match, A, **{B: 35, C: 120, D: 44}, closing="colore")
    return match


def hollywood(staff):
    match = start_match(
        club=staff.club, preset="gin-hollywood", names=(A, B), options={"target": 50}
    )
    for _hand in range(3):
        gin_hand(match, "gin", A, **{A: 0, B: 30})
    return match


def gin(staff, preset="gin-standard"):
    match = start_match(club=staff.club, preset=preset, names=(A, B))
    gin_hand(match, "knock", A, **{A: 7, B: 4})
    return match


def burraco(staff):
    """B1 played by four long names (BURRACO.md §7): the filled slip shows its figures."""
    match = start_match(club=staff.club, preset="burraco", names=LONG[:4], table_label="3")
    for data in B1_DOCUMENT_HANDS:
        scoring.hand_record(match=match, user=None, data=data)
    return match


def players(tournament, staff, names=LONG):
    for name in names:
        player = PlayerFactory(club=staff.club, name=name)
        services.entry_register(
            tournament=tournament, user=staff.director, player=player, check_in=True
        )


def table_tournament(staff, *, start=True):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name=TOURNAMENT,
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=2,
        final_table_size=0,
        table_size=3,
        is_public=True,
    )
    players(tournament, staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    if start:
        services.round_start(round=round, user=staff.director)
        for table in round.tables.all():
            names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
            points = {name: 10 * index for index, name in enumerate(names[1:], 1)}
            hand(table.match, names[0], **points)
        services.round_call_time(round=round, user=staff.scorekeeper)
        for table in round.tables.all():
            services.table_confirm(table=table, user=staff.director)
    return tournament


def gin_tournament(staff, format):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name=TOURNAMENT,
        preset="gin-standard",
        options={"match_mode": "hands", "hands_to_win": 1},
        format=format,
        is_public=True,
    )
    players(tournament, staff)
    pairing_services.draw(tournament=tournament, user=staff.director)
    play_open_matches(tournament, staff.scorekeeper)
    return tournament


def burraco_pairs(staff, *, seated=True):
    """Three pairs of long names (the first turno's table: A, B against C, D; E, F sit out),
    two Mitchell turni and a danese."""
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name=TOURNAMENT,
        preset="burraco",
        format=Format.BURRACO_PAIRS,
        movements=["mitchell", "mitchell", "danese"],
        is_public=True,
    )
    burraco_services.pairs_register(
        tournament=tournament,
        user=staff.director,
        lines=[f"{A} / {B}", f"{E} / {F}", f"{C} / {D}"],
        check_in=True,
    )
    if seated:
        burraco_services.turno_seat(tournament=tournament, user=staff.director)
    return tournament


def burraco_url(name: str, tournament, *args) -> str:
    return reverse(f"pairings:burraco-{name}", args=[tournament.pk, *args])


def season(staff):
    club_match = scala40(staff, names=LONG[:4])
    hand(club_match, A, **{B: 120})
    today = club_match.started_at.date()
    season = seasons.season_create(
        club=staff.club,
        user=staff.director,
        name="Campionato sociale d'inverno",
        starts_on=today.replace(day=1),
        ends_on=today.replace(day=28) if today.day <= 28 else today,
    )
    return reverse(
        "clublife:season-standings-pdf", kwargs={"slug": staff.club.slug, "pk": season.pk}
    )


def t_url(name: str, tournament, **kwargs) -> str:
    namespace = "pairings" if name in ("bracket-pdf", "pairings-pdf") else "tournaments"
    return reverse(f"{namespace}:{name}", kwargs={"pk": tournament.pk, **kwargs})


# Every kind: how to build it (its URL) and the players it names.
KINDS = {
    "sheet-scala40": (lambda s: match_url(start_match(club=s.club, names=LONG[:4]), "sheet"), 4),
    "sheet-scala40-6": (lambda s: match_url(start_match(club=s.club, names=LONG), "sheet"), 6),
    "sheet-ramino": (
        lambda s: match_url(start_match(club=s.club, preset="ramino", names=LONG[:4]), "sheet"),
        4,
    ),
    "sheet-gin": (lambda s: match_url(gin(s), "sheet"), 2),
    "sheet-hollywood": (lambda s: match_url(hollywood(s), "sheet"), 2),
    "sheet-oklahoma": (
        lambda s: match_url(start_match(club=s.club, preset="gin-oklahoma", names=(A, B)), "sheet"),
        2,
    ),
    "sheet-burraco": (
        lambda s: match_url(start_match(club=s.club, preset="burraco", names=LONG[:4]), "sheet"),
        4,
    ),
    "report-burraco": (lambda s: match_url(burraco(s), "report"), 4),
    "report-scala40": (lambda s: match_url(scala40(s), "report"), 4),
    "report-scala40-6": (lambda s: match_url(scala40(s, LONG), "report"), 6),
    "report-ramino": (lambda s: match_url(ramino(s), "report"), 4),
    "report-gin": (lambda s: match_url(gin(s), "report"), 2),
    "report-hollywood": (lambda s: match_url(hollywood(s), "report"), 2),
    "round-kit": (lambda s: t_url("round-kit", table_tournament(s), number=1), 6),
    "burraco-slips": (lambda s: burraco_url("slips", burraco_pairs(s), 1), 4),
    "burraco-seating": (lambda s: burraco_url("seating", burraco_pairs(s), 1), 6),
    "burraco-movement-card": (
        lambda s: burraco_url("movement-card", burraco_pairs(s, seated=False)),
        6,
    ),
    "seating": (lambda s: t_url("seating-pdf", table_tournament(s, start=False), number=1), 6),
    "standings": (lambda s: t_url("standings-pdf", table_tournament(s)), 6),
    "results": (lambda s: t_url("results-pdf", table_tournament(s)), 6),
    "swiss-standings": (lambda s: t_url("standings-pdf", gin_tournament(s, Format.SWISS)), 6),
    "swiss-pairings": (
        lambda s: t_url("pairings-pdf", gin_tournament(s, Format.SWISS), number=1),
        6,
    ),
    "bracket-standings": (
        lambda s: t_url("standings-pdf", gin_tournament(s, Format.DOUBLE_ELIMINATION)),
        6,
    ),
    "bracket": (lambda s: t_url("bracket-pdf", gin_tournament(s, Format.DOUBLE_ELIMINATION)), 6),
    "bracket-a3": (
        lambda s: t_url("bracket-pdf", gin_tournament(s, Format.SINGLE_ELIMINATION)) + "?paper=a3",
        6,
    ),
    "season-standings": (season, 4),
    "standings-wall": (lambda s: t_url("standings-pdf", table_tournament(s)) + "?wall=1", 6),
    "standings-wall-a3": (
        lambda s: t_url("standings-pdf", table_tournament(s)) + "?wall=1&paper=a3",
        6,
    ),
    "swiss-standings-wall": (
        lambda s: t_url("standings-pdf", gin_tournament(s, Format.SWISS)) + "?wall=1",
        6,
    ),
    "seating-wall": (
        lambda s: t_url("seating-pdf", table_tournament(s, start=False), number=1) + "?wall=1",
        6,
    ),
    "seating-wall-a3": (
        lambda s: t_url("seating-pdf", table_tournament(s), number=1) + "?wall=1&paper=a3",
        6,
    ),
}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_printable_shows_every_name_status_and_header_whole(client, grids, kind, language):
    staff = Staff(ClubFactory(name=CLUB))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    client.force_login(staff.director)
    build, count = KINDS[kind]
    url = build(staff)

    pdf = fetch(client, url, kind)

    text = pdf.text()
    assert "…" not in text
    words = words_of(text)
    for name in LONG[:count]:
        assert name in words, name
    found = tokens(text)
    missing = {
        token
        for cell in grids
        for token in re.split(r"\s+|(?<=-)", cell)
        if token and token not in found
    }
    assert not missing
    assert CLUB in words
    if kind == "report-burraco":  # every figure of B1, hand by hand: base, carte, total a line
        for figures in B1_SCORES:
            assert " ".join(map(str, figures)) in words, figures


def type_sizes(pdf: Pdf) -> list[tuple[str, float]]:
    """Every run of text of the PDF with its size in points as printed (the font size times the
    text and page matrices' scale)."""
    runs: list[tuple[str, float]] = []

    def visit(text, cm, tm, _font, size):
        if text.strip():
            runs.append((text.strip(), abs(size * tm[0] * cm[0])))

    for page in pdf.reader.pages:
        page.extract_text(visitor_text=visit)
    return runs


A3_PORTRAIT = (842, 1191)


@pytest.mark.parametrize(
    "kind, size, smallest",
    [
        ("standings-wall", A4_PORTRAIT, 16),
        ("standings-wall-a3", A3_PORTRAIT, 22.5),
        ("swiss-standings-wall", A4_PORTRAIT, 16),
        ("seating-wall", A4_PORTRAIT, 16),
        ("seating-wall-a3", A3_PORTRAIT, 22.5),
    ],
)
def test_the_wall_versions_set_every_name_at_16_pt_at_least_on_a4(client, kind, size, smallest):
    staff = Staff(ClubFactory(name=CLUB))
    client.force_login(staff.director)
    build, _count = KINDS[kind]
    url = build(staff)
    desk = fetch(client, url.split("?")[0], kind + "-desk")

    pdf = fetch(client, url, kind)

    assert all(pdf.size(page) == size for page in range(pdf.pages))
    surnames = {name.split()[-1].split("-")[0] for name in LONG}
    runs = [(text, points) for text, points in type_sizes(pdf) if any(n in text for n in surnames)]
    assert {
        surname for text, _points in runs for surname in surnames if surname in text
    } == surnames
    assert min(points for _text, points in runs) >= smallest - 0.01
    # The desk version stays as it was: smaller.
    desk_runs = [points for text, points in type_sizes(desk) if any(n in text for n in surnames)]
    assert max(desk_runs) < min(points for _text, points in runs)


@pytest.mark.parametrize(
    "page, label",
    [
        ("tournaments:standings", "Standings for the wall (PDF, A4)"),
        ("tournaments:seating", "Seating for the wall (PDF, A4)"),
        ("tournaments:detail", "Seating for the wall (PDF, A4)"),
    ],
)
def test_the_directors_pages_link_the_wall_versions_beside_the_desk_ones(client, page, label):
    staff = Staff(ClubFactory(name=CLUB))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.force_login(staff.director)
    tournament = table_tournament(staff)

    html = client.get(reverse(page, kwargs={"pk": tournament.pk})).content.decode()

    links = re.findall(r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', html)
    wall = {text: href.replace("&amp;", "&") for href, text in links if "wall=1" in href}
    assert label in wall and label.replace("A4", "A3") in wall
    assert wall[label.replace("A4", "A3")].endswith("?wall=1&paper=a3")
    pdf = fetch(client, wall[label.replace("A4", "A3")], page.split(":")[1] + "-link")
    assert pdf.size() == (842, 1191)
    assert A in words_of(pdf.text())
