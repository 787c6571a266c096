"""The wall list of a round and its kit.

- `seating_document(round)`: the wall list of a round (seating in large type, table by table,
  seat 1 deals first), then "who sits where", alphabetical.
- `round_kit(round, request=...)`: the wall list followed by one pre-filled score sheet per table
  (`scoring.printing.score_sheet`, with its QR code). The sheets need the tables' matches, which
  `services.round_start` creates: before the start the kit is the wall list alone, and says so.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.template.loader import render_to_string
from django.utils.translation import gettext

from base.printing import CONTINUED, MM_PER_PT, MONO_ADVANCE, PORTRAIT, SLACK, PageBox, PdfDocument
from scoring.printing import score_sheet
from tournaments.models import Round, RoundStatus, TableSeat
from tournaments.presenters import event_line, round_title
from tournaments.printing.common import (
    HEAD,
    WALL_FONT,
    WALL_HEAD,
    WALL_PAPERS,
    WALL_ROW,
    WALL_SCALE,
    tournament_context,
)

# The wall list -----------------------------------------------------------------------------------

WHO_FONT = 12.0  # pt, the monospace lines of "who sits where"
WHO_ROW = 6.0  # mm
WHO_GAP = 8.0  # mm between the two columns


@dataclass(frozen=True)
class SeatingTable:
    number: int
    lines: tuple[str, ...]  # "1. Anna Rossi ★", seat order


@dataclass(frozen=True)
class WallPage:
    """A page of the wall list: two columns of tables, filled left then right."""

    columns: tuple[tuple[SeatingTable, ...], tuple[SeatingTable, ...]]


TABLE_HEADING = 20.0  # pt: "Table 3" on the wall list (as in tournament_seating.html)
TABLE_LINE = 16.0  # pt: a player on the wall list (line-height 1.3)
WALL_LINE_CHARS = 28  # characters of a player's line that surely fit a column's width
WALL_NAMES = 1.25  # the wall version's type, to the desk version's (names at 20 pt on A4)


def _table_height(table: SeatingTable, scale: float = 1.0) -> float:
    """About how tall a table of the wall list is, in mm: its heading, its players, the rule
    above it and the space under it; `scale` multiplies the type (a wall version's)."""
    chars = int(WALL_LINE_CHARS / scale)
    lines = sum(-(-len(line) // chars) for line in table.lines)  # long names wrap
    return scale * (TABLE_HEADING * 1.25 * MM_PER_PT + lines * TABLE_LINE * 1.3 * MM_PER_PT) + 8


def _wall_pages(
    tables: Sequence[SeatingTable], *, first: float, other: float, scale: float = 1.0
) -> list[WallPage]:
    """The tables in two columns a page, in order: down the left column, then the right one,
    then the next page; `first` and `other` are the heights (mm) of a column on page 1 and on the
    pages after it. (Cut here rather than by CSS columns, which WeasyPrint lays out many times
    over to balance them.)"""
    columns: list[list[SeatingTable]] = [[]]
    used = 0.0
    for table in tables:
        room = first if len(columns) <= 2 else other
        height = _table_height(table, scale)
        if columns[-1] and used + height > room:
            columns.append([])
            used = 0.0
        columns[-1].append(table)
        used += height
    if len(columns) % 2:
        columns.append([])
    pages = []
    for index in range(0, len(columns), 2):
        room = first if index == 0 else other
        on_page = columns[index] + columns[index + 1]
        heights = [_table_height(table, scale) for table in on_page]
        # Even columns (a page not full, the last one): the split whose taller column is lowest.
        split = min(
            (
                cut
                for cut in range(1, len(on_page) + 1)
                if sum(heights[:cut]) <= room and sum(heights[cut:]) <= room
            ),
            key=lambda cut: (max(sum(heights[:cut]), sum(heights[cut:])), -cut),
            default=len(columns[index]),
        )
        pages.append(WallPage((tuple(on_page[:split]), tuple(on_page[split:]))))
    return pages


@dataclass(frozen=True)
class WhoPage:
    """A page of "who sits where": two columns of monospace lines under their labels."""

    labels: str
    columns: tuple[str, ...]
    style: str


def _who_pages(
    rows: Sequence[tuple[str, int, int]],
    box: PageBox,
    head: float,
    *,
    font: float = WHO_FONT,
    row: float = WHO_ROW,
    per_page: int = 2,
) -> list[WhoPage]:
    """`rows` (name, table, seat), alphabetical, as pages of two columns (or `per_page` 1): the
    first column of a page fills before the second."""
    width = (box.width - WHO_GAP * (per_page - 1)) / per_page
    chars = int(width / (font * MM_PER_PT * MONO_ADVANCE))
    table_label, seat_label = gettext("Table"), gettext("Seat")
    table_width = max(len(table_label), 3) + 1
    seat_width = max(len(seat_label), 2) + 1
    name_width = chars - table_width - seat_width

    def lines(name: str, table: str, seat: str) -> list[str]:
        """A player's lines: the name (wrapped under itself if too long), the table and the
        seat on its last line."""
        parts = textwrap.wrap(name, name_width, break_on_hyphens=True) or [""]
        last = f"{parts[-1]:<{name_width}}{table:>{table_width}}{seat:>{seat_width}}"
        return [*parts[:-1], last]

    labels = lines(gettext("Player"), table_label, seat_label)[-1]
    entries = [lines(name, str(table), str(seat)) for name, table, seat in rows]
    first = max(int((box.height - head - row - SLACK) / row), 1)
    other = max(int((box.height - CONTINUED - row - SLACK) / row), 1)
    columns = _who_columns(entries, first=first, other=other, per_page=per_page)
    style = f"font-size:{font:.2f}pt;line-height:{row:.2f}mm;width:{width:.2f}mm"
    return [
        WhoPage(
            labels=labels,
            columns=tuple(
                "\n".join(line for entry in column for line in entry)
                for column in columns[index : index + per_page]
            ),
            style=style,
        )
        for index in range(0, len(columns), per_page)
    ]


def _who_columns(
    entries: list[list[str]], *, first: int, other: int, per_page: int
) -> list[list[list[str]]]:
    """Columns of entries of at most `first` (page 1) or `other` lines, `per_page` a page; with
    two a page, the last page's two columns even: the left one ends with the entry that passes
    half."""
    columns: list[list[list[str]]] = [[]]
    used = 0
    for entry in entries:
        room = first if len(columns) <= per_page else other
        if columns[-1] and used + len(entry) > room:
            columns.append([])
            used = 0
        columns[-1].append(entry)
        used += len(entry)
    if per_page == 2:
        if len(columns) % 2:
            columns.append([])
        last = columns[-2] + columns[-1]
        total = sum(len(entry) for entry in last)
        count = 0
        for cut, entry in enumerate(last, start=1):
            count += len(entry)
            if count * 2 >= total:
                if count <= sum(len(entry) for entry in columns[-2]):
                    columns[-2:] = [last[:cut], last[cut:]]
                break
    return columns


def _seating_context(round: Round, *, wall: bool = False, paper: str = "a4") -> dict:
    tournament = round.tournament
    seating, rows = _seated(round)
    kind = gettext("Seating")
    if wall:
        return _wall_seating_context(round, kind, seating, rows, paper=paper)
    context = tournament_context(tournament, kind)
    context.update(
        {
            "heading": f"{kind} · {round_title(round)}",
            "wall": _wall_pages(
                seating,
                first=PORTRAIT.height - HEAD - 10 - SLACK,
                other=PORTRAIT.height - CONTINUED - SLACK,
            ),
            "who": _who_pages(rows, PORTRAIT, HEAD),
            "players": len(rows),
            "table_heading": f"{TABLE_HEADING:.1f}",
            "table_line": f"{TABLE_LINE:.1f}",
        }
    )
    return context


def _seated(round: Round) -> tuple[list[SeatingTable], list[tuple[str, int, int]]]:
    """Each table's players in seat order (seat 1 starred: deals first), and every player's
    (name, table, seat), alphabetical."""
    seats = list(
        TableSeat.objects.filter(table__round=round)
        .select_related("entry__player", "table")
        .order_by("table__number", "seat")
    )
    tables: dict[int, list[str]] = {}
    rows = []
    for seat in seats:
        name = seat.entry.player.name
        mark = " ★" if seat.seat == 1 else ""
        tables.setdefault(seat.table.number, []).append(f"{seat.seat}. {name}{mark}")
        rows.append((name, seat.table.number, seat.seat))
    rows.sort(key=lambda row: (row[0].casefold(), row[1], row[2]))
    return [SeatingTable(number, tuple(lines)) for number, lines in tables.items()], rows


def _wall_seating_context(
    round: Round,
    kind: str,
    seating: list[SeatingTable],
    rows: list[tuple[str, int, int]],
    *,
    paper: str,
) -> dict:
    """The wall version: the same in larger type (names at WALL_SCALE_NAMES x 16 pt on A4), and
    "who sits where" one player a line across the page."""
    size, box = WALL_PAPERS[paper]
    scale = WALL_SCALE[paper]
    type_scale = WALL_NAMES * scale
    context = tournament_context(round.tournament, kind, box=box, paper=size, wall=scale)
    head = scale * WALL_HEAD
    context.update(
        {
            "heading": f"{kind} · {round_title(round)}",
            "wall": _wall_pages(
                seating,
                first=box.height - head - 10 * scale - SLACK,
                other=box.height - CONTINUED * scale - SLACK,
                scale=type_scale,  # on A3, wider columns: an estimate on the safe side
            ),
            "who": _who_pages(
                rows,
                box,
                head,
                font=WALL_FONT * 1.125 * scale,
                row=WALL_ROW * scale,
                per_page=1,
            ),
            "players": len(rows),
            "table_heading": f"{TABLE_HEADING * type_scale:.1f}",
            "table_line": f"{TABLE_LINE * type_scale:.1f}",
        }
    )
    return context


def seating_document(
    round: Round, *, note: str = "", wall: bool = False, paper: str = "a4"
) -> PdfDocument:
    """The wall list of `round`: every table with its players in seat order (seat 1, ★, deals
    first), in large type, then "who sits where", alphabetical, from a new page. The wall version
    (`wall`, A4 or A3 `paper`) sets the names at WALL_NAMES x 16 pt (more on A3) and "who sits
    where" a player a line at 18 pt."""
    context = _seating_context(round, wall=wall, paper=paper)
    context["note"] = note
    html = render_to_string("pdf/tournament_seating.html", context)
    kind = "seating-wall" if wall else "seating"
    return PdfDocument(
        html=html,
        title=context["title"],
        filename=f"tallone-tournament-{round.tournament_id}-round-{round.number}-{kind}.pdf",
    )


def round_kit(round: Round, *, request, show_codes: bool = False) -> list[PdfDocument]:
    """The round kit: the wall list, then one pre-filled score sheet per table (its players in
    seat order, the event line, the QR code of the table's match, and with `show_codes` the
    table's code beside it: for the club's scorers only). Before the round starts the tables have
    no matches yet: the kit is then the wall list alone, with a note saying so."""
    started = round.status != RoundStatus.SEATED
    tables = list(round.tables.select_related("match__club").order_by("number")) if started else []
    filename = f"tallone-tournament-{round.tournament_id}-round-{round.number}-kit.pdf"
    if not tables or any(table.match is None for table in tables):
        note = gettext(
            "The score sheets come with the round kit once the round has started: print it "
            "again after the start."
        )
        return [replace(seating_document(round, note=note), filename=filename)]
    event = event_line(round)
    return [
        replace(seating_document(round), filename=filename),
        *(
            score_sheet(table.match, request=request, event=event, show_code=show_codes)
            for table in tables
            if table.match is not None  # every one, as asked above
        ),
    ]
