"""Rendering: many documents in one PDF, fonts shipped in static/, static files read from disk and
never anything from the network; the grid's arithmetic and the CSS the templates get."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest
from django.conf import settings

from base.printing import (
    PNG_DATA,
    STATIC_BASE,
    Column,
    Grid,
    Group,
    PdfDocument,
    ResourceRefused,
    Row,
    StaticFetcher,
    css_string,
    page_counter,
    render_pdf,
)
from base.printing import words as printables
from scoring.printing import match_report, qr_code, score_sheet, sheet_row_counts
from tests.factories import start_match
from tests.pdf.conftest import A4_LANDSCAPE, A4_PORTRAIT, Pdf, hand

STATIC = Path(settings.BASE_DIR) / "static"


@pytest.mark.django_db
def test_one_render_of_several_matches_has_the_sum_of_their_pages_each_numbered_alone(
    sheet_request,
):
    four = start_match(names=("Anna", "Bruno", "Carla", "Dario"))
    long = start_match(
        names=("Elena", "Franco"), options={"elimination_at": 501, "reentry_allowed": True}
    )
    six = start_match(names=("Gino", "Ida", "Lea", "Mino", "Nando", "Olga"))
    hand(four, "Anna", Bruno=10, Carla=20, Dario=30)
    documents = [
        score_sheet(four, request=sheet_request),
        score_sheet(long, request=sheet_request),
        score_sheet(six, request=sheet_request),
        match_report(four, show_authors=True),
    ]
    alone = [Pdf.of(render_pdf([document])).pages for document in documents]

    pdf = Pdf.of(render_pdf(documents, title="Round 1"))

    assert alone == [1, 3, 1, 1]
    assert pdf.pages == sum(alone)
    assert [pdf.size(page) for page in range(pdf.pages)] == [
        A4_PORTRAIT,
        *[A4_PORTRAIT] * 3,
        A4_LANDSCAPE,
        A4_PORTRAIT,
    ]
    counters = [pdf.lines(page)[-1] for page in range(pdf.pages)]
    assert counters == [
        "Page 1 of 1",
        "Page 1 of 3",
        "Page 2 of 3",
        "Page 3 of 3",
        "Page 1 of 1",
        "Page 1 of 1",
    ]
    assert pdf.reader.metadata.title == "Round 1"


def test_render_pdf_needs_a_document():
    with pytest.raises(ValueError):
        render_pdf([])


@pytest.mark.django_db
def test_the_text_is_set_in_the_fonts_shipped_in_static(sheet_request):
    match = start_match()
    hand(match, "Anna", Bruno=1, Carla=2, Dario=3)
    documents = [score_sheet(match, request=sheet_request), match_report(match, show_authors=True)]

    fonts = Pdf.of(render_pdf(documents)).fonts()

    assert fonts == {
        "Tallone-Sans-Semi-Condensed",
        "Tallone-Sans-Bold-Semi-Condensed",
        "Tallone-Mono",
    }
    assert (STATIC / "fonts" / "LICENSE-DejaVu.txt").exists()


# The URL fetcher ---------------------------------------------------------------------------------


def test_the_fetcher_serves_static_files_from_the_finders():
    response = StaticFetcher().fetch(STATIC_BASE + "css/print.css")

    assert response.read() == (STATIC / "css" / "print.css").read_bytes()
    assert response.content_type == "text/css"
    font = StaticFetcher().fetch(STATIC_BASE + "fonts/DejaVuSansMono.ttf")
    assert font.read() == (STATIC / "fonts" / "DejaVuSansMono.ttf").read_bytes()


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/logo.png",
        "https://example.com/static/css/print.css",
        "file:///etc/passwd",
        "/static/css/print.css",
        "https://tallone.invalid/media/logo.png",
        STATIC_BASE + "../config/settings.py",
        STATIC_BASE + "css/../../config/settings.py",
        STATIC_BASE + "%2e%2e/config/settings.py",
        STATIC_BASE + "/etc/passwd",
        STATIC_BASE + "css/missing.css",
        "data:text/html,<p>hello</p>",
        PNG_DATA + "not base64!",
    ],
)
def test_the_fetcher_refuses_anything_but_a_static_file_or_an_inline_image(url):
    with pytest.raises(ResourceRefused):
        StaticFetcher().fetch(url)


def test_the_fetcher_decodes_an_inline_png_in_memory():
    response = StaticFetcher().fetch(qr_code("https://tallone.example/matches/1/"))

    assert response.read().startswith(b"\x89PNG")
    assert response.content_type == "image/png"


def test_rendering_never_opens_a_network_connection(monkeypatch, caplog):
    def refuse(*args, **kwargs):
        raise AssertionError("a printable opened a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    html = (
        '<html><head><link rel="stylesheet" href="https://example.com/x.css"></head>'
        '<body><p>Hello</p><img src="http://example.com/logo.png"></body></html>'
    )

    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        pdf = Pdf.of(render_pdf([PdfDocument(html=html, title="Hello")]))

    assert "Hello" in pdf.text()
    refused = " ".join(record.getMessage() for record in caplog.records)
    assert "example.com/x.css" in refused and "example.com/logo.png" in refused


@pytest.mark.django_db
def test_the_printables_load_nothing_but_their_own_files(sheet_request, caplog):
    match = start_match(preset="gin-hollywood", names=("Anna", "Bruno"))

    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        render_pdf(
            [score_sheet(match, request=sheet_request), match_report(match, show_authors=True)]
        )

    assert [record.getMessage() for record in caplog.records] == []


# CSS made in Python ------------------------------------------------------------------------------


def test_css_strings_are_quoted_and_cannot_close_the_style_element():
    assert css_string('Circolo "Il Tallone"') == '"Circolo \\"Il Tallone\\""'
    assert css_string("a\\b") == '"a\\\\b"'
    assert css_string("</style><script>") == '"\\3c /style\\3e \\3c script\\3e "'


def test_the_page_counter_follows_the_translation(monkeypatch):
    assert page_counter() == '"Page " counter(page) " of " counter(pages)'
    translations = {"Page %(page)s of %(pages)s": "Pagina %(page)s di %(pages)s"}
    monkeypatch.setattr(printables, "gettext", lambda text: translations.get(text, text))

    assert page_counter() == '"Pagina " counter(page) " di " counter(pages)'


# Grids -------------------------------------------------------------------------------------------


def test_a_grid_fills_the_width_with_alike_columns_alike_and_pads_its_cells():
    columns = [
        Column("#", 3),
        Column("Points", 7, stretch=2),
        Column("Total", 7, stretch=2),
        Column("Points", 7, stretch=2),
        Column("Total", 7, stretch=2),
        Column("Notes", 6, "<", stretch=1),
    ]
    grid = Grid(columns, [Group("Anna", 1, 2)], width=100, font_size=9, row_height=5)

    assert grid.width == 100
    assert grid.widths[1] == grid.widths[2] == grid.widths[3] == grid.widths[4] > 7
    assert grid.char * sum(grid.widths) == pytest.approx(100)
    line = grid.line(["12", "+35", "35", "", "", "void"])
    assert len(line) == sum(grid.widths)
    assert line.startswith("12 ")
    cells = [line[a:b] for a, b in zip(grid.starts, grid.starts[1:], strict=False)]
    assert cells[1].rstrip().endswith("+35") and cells[1].endswith(" ")
    assert cells[5] == " void  "  # left-aligned
    # A cell too long for its column wraps, at spaces, and its row takes more lines: never cut.
    lines = grid.lines_of(["12", "+35", "35", "", "", "in hand, long note"])
    assert [line[grid.starts[5] :].strip() for line in lines] == ["in", "hand,", "long", "note"]
    assert grid.height_of(Row(("12", "+35", "35", "", "", "in hand, long note"))) == 20


def test_a_grid_given_its_rows_widens_a_column_to_its_longest_cell_taking_from_the_others():
    columns = [
        Column("Place", 7),
        Column("Player", 20, "<", stretch=1),
        Column("Points", 8),
        Column("Opp. average", 6),  # a label longer than its column
    ]
    name = "Maria Antonietta Buonarroti-Esposito"
    rows = [Row(("1", name, "12", "3.5"))]

    grid = Grid(columns, width=188, font_size=10, row_height=6, rows=rows)

    assert grid.lines_of(rows[0].cells) == [grid.line(rows[0].cells)]  # one line
    assert name in grid.line(rows[0].cells)
    assert grid.label_lines[0].split() == ["Place", "Player", "Points", "Opp.", "average"]
    assert grid.font_size == pytest.approx(10, abs=0.5)


def test_a_grid_too_narrow_for_its_texts_shrinks_its_font_then_wraps_them_at_spaces_and_hyphens():
    columns = [Column("Place", 7), Column("Player", 20, "<", stretch=1), Column("Points", 8)]
    names = ["Maria Antonietta Buonarroti-Esposito", "Pierfrancesco Castelnuovo-Tedesco"]
    rows = [Row((str(place), name, "12")) for place, name in enumerate(names, 1)]

    shrunk = Grid(columns, width=95, font_size=10, row_height=6, rows=rows)
    wrapped = Grid(columns, width=65, font_size=10, row_height=6, rows=rows)

    assert 8 <= shrunk.font_size < 10
    assert all(name in shrunk.line(row.cells) for name, row in zip(names, rows, strict=True))
    assert wrapped.font_size == pytest.approx(8, abs=0.3)
    text = " ".join(" ".join(wrapped.lines_of(row.cells)) for row in rows)
    words = " ".join(text.split()).replace("- ", "-")
    for name in names:
        assert name in " ".join(words.split()) or all(part in words for part in name.split())
    assert "…" not in text
    assert len(wrapped.split(rows, first=12, other=30)) == 2  # a wrapped row is taller


def test_the_players_names_over_a_grid_shrink_then_wrap_never_cut():
    name = "Maria Antonietta Buonarroti-Esposito"
    columns = [Column("#", 4), Column("Points", 8), Column("Total", 8)] * 2
    grid = Grid(
        columns, [Group(name, 1, 2), Group("Anna", 4, 2)], width=90, font_size=8.5, row_height=5
    )

    assert grid.names_font < grid.font_size
    assert "…" not in grid.names_line()
    assert " ".join(grid.names_line().split()).replace("- ", "-").count("Buonarroti") == 1
    assert grid.head_height > grid.name_height + grid.label_height


def test_a_grid_too_wide_for_its_font_takes_a_smaller_one():
    grid = Grid([Column("x", 10)] * 20, width=100, font_size=9, row_height=5)

    assert grid.font_size < 9
    assert grid.char * 200 == pytest.approx(100)


def test_a_grid_page_escapes_its_text_and_strikes_void_rows():
    grid = Grid([Column("#", 4), Column("Notes", 12, "<")], width=60, font_size=9, row_height=5)

    page = grid.page([Row(("1", "<b>&")), Row(("2", "void"), struck=True)])

    assert "&lt;b&gt;&amp;" in page.lines
    assert page.lines.splitlines()[1].startswith("<s>")
    assert page.height == grid.head_height + 10


def test_a_blank_sheet_fills_its_pages_and_stops_at_three():
    assert sheet_row_counts(10, first=200, other=260, foot=30) == [26]
    assert sheet_row_counts(40, first=200, other=260, foot=30) == [30, 35]
    assert sheet_row_counts(500, first=200, other=260, foot=30) == [30, 40, 35]
