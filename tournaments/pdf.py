"""The printables of a tournament, as PDF documents for `scoring.pdf.render_pdf`.

- `seating_document(round)`: the wall list of a round (seating in large type, table by table,
  seat 1 deals first), then "who sits where", alphabetical.
- `round_kit(round, request=...)`: the wall list followed by one pre-filled score sheet per table
  (`scoring.pdf.score_sheet`, with its QR code). The sheets need the tables' matches, which
  `services.round_start` creates: before the start the kit is the wall list alone, and says so.
- `standings_document(tournament)`: the standings (table formats: placement points and
  tie-breaks; Swiss and round robin: match points and tie-breaks; brackets: places).
- `results_document(tournament)`: the final ranking with the payouts and the pot.
- `bracket_document(tournament, paper=...)`: a Gin bracket on one landscape page (A4, or A3),
  drawn by `bracket_chart` from the engine's bracket.
- `pairings_document(round)`: a round of a Swiss or round robin: tables, who deals first, results.

Speed follows scoring/pdf.py: lists are monospace grids (`scoring.pdf.Grid`, one SVG and three
blocks of text a page); the bracket is one SVG of boxes and lines under one small block of text
per match; the wall list is a few large paragraphs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy

from scoring.models import Game
from scoring.pdf import (
    CONTINUED,
    LANDSCAPE,
    MM_PER_PT,
    MONO_ADVANCE,
    PORTRAIT,
    SLACK,
    Column,
    Grid,
    GridPage,
    PageBox,
    PdfDocument,
    Row,
    css_string,
    money,
    page_counter,
    score_sheet,
    shorten,
    split_rows,
)
from tournaments import pairing_selectors, selectors
from tournaments.engine import brackets as engine
from tournaments.models import Round, RoundKind, RoundStatus, TableSeat, Tournament

# Words -------------------------------------------------------------------------------------------

TIE_BREAK_LABELS = {
    "points": gettext_lazy("tournament points"),
    "wins": gettext_lazy("tables won"),
    "head_to_head": gettext_lazy("head to head"),
    "opponents": gettext_lazy("strength of schedule"),
    "penalty": gettext_lazy("penalty points (fewer first)"),
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("median Buchholz"),
    "net": gettext_lazy("net points"),
}


def round_title(round: Round) -> str:
    """ "Round 2", or "Final table" for the final of a table tournament."""
    if round.kind == RoundKind.FINAL:
        return gettext("Final table")
    if round.kind == RoundKind.BRACKET:
        return gettext("Bracket")
    return gettext("Round %(number)s") % {"number": round.number}


def event_line(round: Round) -> str:
    """The event line of a round's score sheets: the tournament and the round."""
    return f"{round.tournament.name} — {round_title(round)}"


def number(value: Fraction | float | int, places: int = 2) -> str:
    """A number as the grids print it, a dot for decimals, halves up: 7, 5.5, 3.63 (29/8),
    6.33 (19/3)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    text = f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)}"
    return text.rstrip("0").rstrip(".")


def amount(value: Decimal) -> str:
    """Money without the currency sign, two decimals (the column says it is euros)."""
    return f"{Decimal(value):.2f}"


# The page ----------------------------------------------------------------------------------------

PAPERS = {
    "a4": ("A4", LANDSCAPE),
    "a3": ("A3", PageBox("landscape", 420 - 2 * 11, 297 - 15 - 13)),
}
HEAD = 16.0  # mm: the heading, the line under it and a note
LIST_FONT = 10.0  # pt, the monospace text of the standings and results
LIST_ROW = 6.0  # mm


def _context(tournament: Tournament, kind: str, *, box: PageBox = PORTRAIT, paper: str = "A4"):
    """What templates/pdf/tournament_base.html and every heading show."""
    club = tournament.club.name + (f", {tournament.club.city}" if tournament.club.city else "")
    info = [
        tournament.name,
        club,
        date_format(tournament.starts_on, "DATE_FORMAT"),
        str(Game(tournament.game).label),
        str(tournament.get_format_display()),
    ]
    running = ["Tallone", shorten(tournament.club.name, 40), shorten(tournament.name, 50), kind]
    return {
        "language": translation.get_language(),
        "title": f"{kind} · {tournament.name}",
        "paper": paper,
        "orientation": box.orientation,
        "running_head": css_string(" · ".join(running)),
        "page_counter": page_counter(),
        "heading": kind,
        "info": " · ".join(info),
        "continued": gettext("%(title)s, continued") % {"title": f"{kind} · {tournament.name}"},
    }


def grid_pages(grid: Grid, rows: Sequence[Row], box: PageBox, head: float) -> list[GridPage]:
    """The rows cut into pages: page 1 under a heading `head` mm tall, the others under the
    "continued" line; each page repeats the grid's column labels."""
    room = box.height - grid.head_height - 1.5 - SLACK
    first = max(int((room - head) / grid.row_height), 1)
    other = int((room - CONTINUED) / grid.row_height)
    pages, start = [], 0
    for count in split_rows(len(rows), first=first, other=other):
        pages.append(grid.page(rows[start : start + count]))
        start += count
    return pages


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


def _table_height(table: SeatingTable) -> float:
    """About how tall a table of the wall list is, in mm: its heading, its players, the rule
    above it and the space under it."""
    lines = sum(-(-len(line) // WALL_LINE_CHARS) for line in table.lines)  # long names wrap
    return TABLE_HEADING * 1.25 * MM_PER_PT + 1 + lines * TABLE_LINE * 1.3 * MM_PER_PT + 7


def _wall_pages(tables: Sequence[SeatingTable], *, first: float, other: float) -> list[WallPage]:
    """The tables in two columns a page, in order: down the left column, then the right one,
    then the next page; `first` and `other` are the heights (mm) of a column on page 1 and on the
    pages after it. (Cut here rather than by CSS columns, which WeasyPrint lays out many times
    over to balance them.)"""
    columns: list[list[SeatingTable]] = [[]]
    used = 0.0
    for table in tables:
        room = first if len(columns) <= 2 else other
        height = _table_height(table)
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
        heights = [_table_height(table) for table in on_page]
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


def _who_pages(rows: Sequence[tuple[str, int, int]], box: PageBox, head: float) -> list[WhoPage]:
    """`rows` (name, table, seat), alphabetical, as pages of two columns: the first column of a
    page fills before the second."""
    width = (box.width - WHO_GAP) / 2
    chars = int(width / (WHO_FONT * MM_PER_PT * MONO_ADVANCE))
    table_label, seat_label = gettext("Table"), gettext("Seat")
    table_width = max(len(table_label), 3) + 1
    seat_width = max(len(seat_label), 2) + 1
    name_width = chars - table_width - seat_width

    def line(name: str, table: str, seat: str) -> str:
        name = name if len(name) <= name_width - 1 else name[: name_width - 2] + "…"
        return f"{name:<{name_width}}{table:>{table_width}}{seat:>{seat_width}}"

    labels = line(gettext("Player"), table_label, seat_label)
    first = max(int((box.height - head - WHO_ROW - SLACK) / WHO_ROW), 1)
    other = int((box.height - CONTINUED - WHO_ROW - SLACK) / WHO_ROW)
    pages, start = [], 0
    for count in split_rows(len(rows), first=2 * first, other=2 * other):
        chunk = rows[start : start + count]
        start += count
        half = -(-len(chunk) // 2)
        columns = tuple(
            "\n".join(line(name, str(table), str(seat)) for name, table, seat in part)
            for part in (chunk[:half], chunk[half:])
        )
        style = f"font-size:{WHO_FONT}pt;line-height:{WHO_ROW}mm;width:{width:.2f}mm"
        pages.append(WhoPage(labels=labels, columns=columns, style=style))
    return pages


def _seating_context(round: Round) -> dict:
    tournament = round.tournament
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
    kind = gettext("Seating")
    context = _context(tournament, kind)
    context.update(
        {
            "heading": f"{kind} · {round_title(round)}",
            "wall": _wall_pages(
                [SeatingTable(number, tuple(lines)) for number, lines in tables.items()],
                first=PORTRAIT.height - HEAD - 10 - SLACK,
                other=PORTRAIT.height - CONTINUED - SLACK,
            ),
            "who": _who_pages(rows, PORTRAIT, HEAD),
            "players": len(rows),
        }
    )
    return context


def seating_document(round: Round, *, note: str = "") -> PdfDocument:
    """The wall list of `round`: every table with its players in seat order (seat 1, ★, deals
    first), in large type, then "who sits where", alphabetical, from a new page."""
    context = _seating_context(round)
    context["note"] = note
    html = render_to_string("pdf/tournament_seating.html", context)
    return PdfDocument(
        html=html,
        title=context["title"],
        filename=f"tallone-tournament-{round.tournament_id}-round-{round.number}-seating.pdf",
    )


def round_kit(round: Round, *, request) -> list[PdfDocument]:
    """The round kit: the wall list, then one pre-filled score sheet per table (its players in
    seat order, the event line, the QR code of the table's match). Before the round starts the
    tables have no matches yet: the kit is then the wall list alone, with a note saying so."""
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
        *(score_sheet(table.match, request=request, event=event) for table in tables),
    ]


# Standings ---------------------------------------------------------------------------------------


def _list_grid(columns: Sequence[Column], box: PageBox = PORTRAIT) -> Grid:
    return Grid(columns, width=box.width, font_size=LIST_FONT, row_height=LIST_ROW)


def _table_standings(tournament: Tournament) -> tuple[list[Column], list[Row], list[str]]:
    standings = selectors.table_standings(tournament)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=1),
        Column(gettext("Points"), 8),
        Column(gettext("Wins"), 6),
        Column(gettext("Opp. avg"), 10),
        Column(gettext("Penalty"), 9),
        Column(gettext("Tables"), 8),
    ]
    rows = [
        Row(
            (
                str(row.place),
                row.entry.player.name,
                number(row.points),
                str(row.wins),
                number(row.opponents),
                str(row.penalty),
                str(row.tables),
            )
        )
        for row in standings.rows
    ]
    notes = [
        gettext("Rounds counted: %(count)s.") % {"count": standings.rounds_counted},
        gettext("Tie-breaks, in order: %(list)s.")
        % {"list": ", ".join(str(TIE_BREAK_LABELS.get(t, t)) for t in standings.tie_breaks)},
        gettext(
            "Opp. avg: the average tournament points of the players met. Penalty: the points "
            "of all matches, fewer first. Players on the same place share it."
        ),
    ]
    return columns, rows, notes


def _gin_standings(tournament: Tournament) -> tuple[list[Column], list[Row], list[str]]:
    standings = pairing_selectors.standings(tournament)
    if standings.kind == "bracket":
        columns = [
            Column(gettext("Place"), 8, rule="thick"),
            Column(gettext("Player"), 20, "<", stretch=1),
            Column(gettext("Seed"), 6),
        ]
        rows = [
            Row(
                (
                    row.place_label or "—",
                    row.entry.player.name,
                    str(row.standing.seed),
                )
            )
            for row in standings.rows
        ]
        notes = [
            gettext(
                "Players still in the bracket are listed first, without a place; players out "
                "in the same round share their places (5-8)."
            )
        ]
        return columns, rows, notes
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=1),
        Column(gettext("Points"), 8),
        Column(gettext("W-D-L"), 9),
        Column(gettext("Byes"), 6),
        Column(gettext("Buchholz"), 10),
        Column(gettext("Median"), 8),
        Column(gettext("Net"), 7),
    ]
    rows = []
    for row in standings.rows:
        standing = row.standing
        rows.append(
            Row(
                (
                    str(standing.place),
                    row.entry.player.name,
                    number(standing.points),
                    f"{standing.wins}-{standing.draws}-{standing.losses}",
                    str(standing.byes),
                    number(standing.buchholz),
                    number(standing.median_buchholz),
                    str(standing.net),
                )
            )
        )
    notes = [
        gettext("Rounds counted: %(count)s.") % {"count": standings.rounds_counted},
        gettext("Tie-breaks, in order: %(list)s.")
        % {"list": ", ".join(str(TIE_BREAK_LABELS.get(t, t)) for t in standings.tie_breaks)},
        gettext("Points: a win or a bye 1, a draw 0.5. Players on the same place share it."),
    ]
    return columns, rows, notes


def standings_document(tournament: Tournament) -> PdfDocument:
    """The standings of `tournament` as they are now, a row a player."""
    if tournament.is_table_format:
        columns, rows, notes = _table_standings(tournament)
    else:
        columns, rows, notes = _gin_standings(tournament)
    kind = gettext("Standings")
    context = _context(tournament, kind)
    context.update(
        {
            "notes": notes,
            "pages": grid_pages(_list_grid(columns), rows, PORTRAIT, HEAD + 5),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-standings.pdf",
    )


# Final results -----------------------------------------------------------------------------------


def results_document(tournament: Tournament) -> PdfDocument:
    """The final ranking with each player's payout, and the pot: entry fees, re-entry fees,
    the house cut and the prizes. Printed before the end, it says the ranking is provisional."""
    if tournament.is_table_format:
        view = selectors.tournament_view(tournament)
        ranking = selectors.final_ranking(tournament, view)
        ledger = selectors.ledger(tournament, view)
    else:
        ranking = pairing_selectors.final_ranking(tournament)
        ledger = selectors.ledger(tournament)
    stages = any(row.stage for row in ranking)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=2),
        *([Column(gettext("Stage"), 16, "<", stretch=1)] if stages else []),
        Column(gettext("Payout (€)"), 12),
    ]
    rows = []
    for row in ranking:
        paid = ledger.paid.get(row.entry.pk)
        cells = [str(row.place), row.entry.player.name]
        if stages:
            cells.append(row.stage)
        cells.append(amount(paid) if paid else "")
        rows.append(Row(tuple(cells)))
    pot = ledger.pot
    fee_line = gettext("Entry fees (%(count)s x %(fee)s)") % {
        "count": ledger.paying_entries,
        "fee": money(tournament.entry_fee),
    }
    house_line = gettext("House cut (%(percent)s%%)") % {
        "percent": number(Fraction(tournament.house_cut_percent))
    }
    pot_grid = Grid(
        [Column("", 34, "<", stretch=1, rule="thick"), Column(gettext("€"), 12)],
        width=110,
        font_size=LIST_FONT,
        row_height=LIST_ROW,
    )
    pot_rows = [
        Row((fee_line, amount(pot.entry_fees))),
        Row((gettext("Re-entry fees"), amount(pot.reentry_fees))),
        Row((gettext("Total collected"), amount(pot.gross)), rule=True),
        Row((house_line, "-" + amount(pot.house))),
        Row((gettext("Prizes"), amount(pot.prizes))),
    ]
    kind = gettext("Final results")
    context = _context(tournament, kind)
    notes = []
    if tournament.status != "finished":
        notes.append(gettext("The tournament is not over: this ranking is provisional."))
    if ledger.amounts:
        notes.append(
            gettext("Payouts by place: %(list)s.")
            % {
                "list": ", ".join(
                    f"{place}. {money(value)}" for place, value in enumerate(ledger.amounts, 1)
                )
            }
        )
    context.update(
        {
            "notes": notes,
            "pages": grid_pages(_list_grid(columns), rows, PORTRAIT, HEAD + 5 * len(notes)),
            "pot": pot_grid.page(pot_rows),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-results.pdf",
    )


# Rounds of pairings (Swiss, round robin) ---------------------------------------------------------


def pairings_document(round: Round) -> PdfDocument:
    """A round of pairings: each table with who deals first and their opponent, the match
    totals and the result as it counts; the bye of the round."""
    tournament = round.tournament
    pairing_round = next(
        (r for r in pairing_selectors.pairing_rounds(tournament) if r.round.pk == round.pk), None
    )
    columns = [
        Column(gettext("Table"), 7, rule="thick"),
        Column(gettext("First (deals)"), 18, "<", stretch=2),
        Column(gettext("Second"), 18, "<", stretch=2),
        Column(gettext("Totals"), 11, "^"),
        Column(gettext("Result"), 16, "<", stretch=1),
    ]
    rows = []
    byes = []
    if pairing_round is not None:
        for pairing in pairing_round.pairings:
            first = pairing.first.player.name
            second = pairing.second.player.name if pairing.second else "—"
            scores = pairing.scores
            totals = "" if scores[0] is None else f"{scores[0]} - {scores[1] or 0}"
            rows.append(
                Row(
                    (
                        str(pairing.table.number),
                        first,
                        second,
                        totals,
                        _pairing_result(pairing),
                    )
                )
            )
        byes = [entry.player.name for entry in pairing_round.byes]
    kind = gettext("Pairings")
    context = _context(tournament, kind)
    notes = [gettext("The first player of a table deals the first hand.")]
    if byes:
        notes.append(gettext("Bye (a point, no match): %(names)s.") % {"names": ", ".join(byes)})
    context.update(
        {
            "heading": f"{kind} · {round_title(round)}",
            "notes": notes,
            "pages": grid_pages(_list_grid(columns), rows, PORTRAIT, HEAD + 5 * len(notes)),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-round-{round.number}-pairings.pdf",
    )


def _pairing_result(pairing) -> str:
    result = pairing.result
    if result is None:
        return {
            "awaiting_confirmation": gettext("to confirm"),
            "playing": gettext("playing"),
            "no_winner": gettext("no winner yet"),
        }.get(pairing.status, "")
    if result.winner is None:
        return gettext("draw")
    winner = pairing.first if result.winner == pairing.first.pk else pairing.second
    if result.walkover:
        return gettext("%(name)s (walkover)") % {"name": winner.player.name}
    return gettext("%(name)s +%(net)s") % {"name": winner.player.name, "net": result.net}


# The bracket -------------------------------------------------------------------------------------

LABEL = 6.0  # mm: a column's title, two lines at most
TITLE = 6.0  # mm: a section's title (double elimination)
MAX_UNIT = 16.0  # mm: the height of a first-round match, at most
MAX_FONT = 10.0  # pt
WIDE = 24  # characters of a side the font makes room for
BRACKET_HEAD = 19.0  # mm: the heading, the line under it and the champion


@dataclass(frozen=True)
class BracketText:
    """A block of text placed on the chart: a match's two sides, a number or a title."""

    style: str
    html: SafeString
    kind: str  # "match", "number", "label", "title"


@dataclass(frozen=True)
class BracketChart:
    style: str
    svg: SafeString
    texts: tuple[BracketText, ...]
    font_size: float


@dataclass(frozen=True)
class _Area:
    """A section of the chart: the rectangle of its boxes (below its titles), its columns."""

    top: float
    rows: int
    columns: int
    width: float


def _side_text(card, side: int, chars: int) -> str:
    """A side of a match card: the player (with the seed where the draw put them), or where
    they come from ("Winner of match 5"); "w/o" after a winner by walkover."""
    text = card.sides[side]
    slot = card.match.slots[side]
    if card.known[side] and slot.kind is engine.SlotKind.SEED:
        text = f"{text} ({slot.ref})"
    if card.winner_side == side and card.walkover:
        mark = " " + gettext("w/o")
        return shorten(text, chars - len(mark)) + mark
    return shorten(text, chars)


def bracket_chart(view, *, width: float, height: float) -> BracketChart:
    """The bracket of `view` (`pairing_selectors.BracketView`) drawn in `width` x `height` mm:
    the winners' bracket (single elimination: the bracket, the third-place match under the
    final), its columns by round, each match a box at its row of the full chart; the grand
    final and its second match to the right; the losers' bracket below. Rows share the height,
    so the font scales with the field (a box is two lines of text).

    One SVG draws the boxes, the winners' halves shaded and the lines from each match to the
    one its winner plays next; the text of a match is one block of monospace lines, its number
    in the margin left of the box: WeasyPrint's time goes by the blocks and lines of text."""
    sections = {section.key: section for section in view.sections}
    bracket = view.bracket
    winners = sections.get("winners")
    losers = sections.get("losers")
    finals = sections.get("finals")
    wb_rows = bracket.size // 2
    third = any(
        card.match.section is engine.Section.THIRD_PLACE
        for column in winners.columns
        for card in column.cards
    )
    wb_rows += 1 if third else 0  # the third-place match sits under the final
    lb_rows = bracket.size // 4 if losers else 0
    wb_columns = len(winners.columns) + (len(finals.columns) if finals else 0)
    overhead = LABEL + (TITLE + TITLE * 1.5 + LABEL if losers else 0)
    unit = min((height - overhead) / (wb_rows + lb_rows), MAX_UNIT)
    box_height = unit * 0.86
    line = box_height / 2
    digits = len(str(len(bracket.matches)))
    # The font: as tall as a line allows, but no wider than a column needs for its longest side
    # (up to WIDE characters; longer names are cut short).
    columns = [wb_columns, *([len(losers.columns)] if losers else [])]
    longest = max(
        len(card.sides[side]) + (5 if card.match.slots[side].kind is engine.SlotKind.SEED else 0)
        for section in view.sections
        for column in section.columns
        for card in column.cards
        for side in (0, 1)
    )
    needed = min(longest, WIDE) + digits + 1
    narrowest = width / max(columns) - 3.2  # the room for text in the narrowest box
    font = min(
        line / 1.12 / MM_PER_PT,
        narrowest / needed / MM_PER_PT / MONO_ADVANCE,
        MAX_FONT,
    )
    char = font * MM_PER_PT * MONO_ADVANCE
    gap = (digits + 1) * char + 1.0  # the match number, and room for the line coming in
    areas: dict = {}
    top = 0.0
    if losers:
        areas["title_winners"] = top
        top += TITLE
    areas["winners"] = _Area(top + LABEL, wb_rows, wb_columns, width)
    top += LABEL + wb_rows * unit
    if losers:
        areas["title_losers"] = top + TITLE * 0.5
        top += TITLE * 1.5
        areas["losers"] = _Area(top + LABEL, lb_rows, len(losers.columns), width)
        top += LABEL + lb_rows * unit
    chart_height = top
    boxes, shades, lines, texts = [], [], [], []
    where: dict[int, tuple[float, float, float]] = {}  # match -> x, y of its box, its width

    def place(area: _Area, column: int, rows_per_match: float, card) -> None:
        column_width = area.width / area.columns
        x = column * column_width + gap
        w = column_width - gap - 1.0
        match = card.match
        if match.section is engine.Section.THIRD_PLACE:
            centre = (area.rows - 0.5) * unit
        elif match.section in (engine.Section.GRAND_FINAL, engine.Section.RESET):
            centre = (bracket.size // 4) * unit if bracket.size >= 4 else 0.5 * unit
        else:
            centre = (match.position + 0.5) * rows_per_match * unit
        y = area.top + centre - box_height / 2
        where[match.number] = (x, y, w)
        boxes.append(
            f"M{x:.2f} {y:.2f}h{w:.2f}v{box_height:.2f}h{-w:.2f}ZM{x:.2f} {y + line:.2f}h{w:.2f}"
        )
        if card.winner_side is not None:
            shades.append(
                f"M{x:.2f} {y + line * card.winner_side:.2f}h{w:.2f}v{line:.2f}h{-w:.2f}Z"
            )
        chars = max(int((w - 1.2) / char), 4)
        text = "\n".join(
            [
                f"{match.number:>{digits}} {_side_text(card, 0, chars)}",
                f"{'':>{digits}} {_side_text(card, 1, chars)}",
            ]
        )
        texts.append(
            BracketText(
                style=(
                    f"left:{x + 0.6 - (digits + 1) * char:.2f}mm;top:{y:.2f}mm;"
                    f"width:{w - 0.6 + (digits + 1) * char:.2f}mm;"
                    f"font-size:{font:.2f}pt;line-height:{line:.3f}mm"
                ),
                html=escape(text),
                kind="match",
            )
        )
        if card.match.section is engine.Section.THIRD_PLACE:
            texts.append(_label(gettext("Third place"), x, y - LABEL, w))

    def column_titles(area: _Area, titles: Sequence[str]) -> None:
        column_width = area.width / area.columns
        for index, title in enumerate(titles):
            x = index * column_width + gap
            texts.append(_label(title, x, area.top - LABEL, column_width - gap))

    area = areas["winners"]
    titles = []
    for index, column in enumerate(winners.columns):
        titles.append(column.title.split(" · ")[0])  # not "Third place", labelled on its box
        rows_per_match = 2 ** (column.cards[0].match.round - 1)
        for card in column.cards:
            place(area, index, rows_per_match, card)
    if finals:
        for offset, column in enumerate(finals.columns):
            titles.append(column.title)
            for card in column.cards:
                place(area, len(winners.columns) + offset, 1, card)
    column_titles(area, titles)
    if losers:
        texts.append(_title(winners.title, areas["title_winners"]))
        texts.append(_title(losers.title, areas["title_losers"]))
        area = areas["losers"]
        for index, column in enumerate(losers.columns):
            # losers' rounds 1 and 2 have size / 4 matches, rounds 3 and 4 half as many...
            matches = lb_rows >> ((column.cards[0].match.round - 1) // 2)
            for card in column.cards:
                place(area, index, lb_rows / max(matches, 1), card)
        column_titles(area, [column.title for column in losers.columns])
    # The lines: from a match to the match its winner plays next, in the same part of the chart
    # (a loser dropping into the losers' bracket is named there: "Loser of match 5").
    for match in bracket.matches:
        for slot in match.slots:
            if slot.kind is not engine.SlotKind.WINNER:
                continue
            source = bracket.matches[slot.ref - 1]
            crosses = (source.section is engine.Section.LOSERS) != (
                match.section is engine.Section.LOSERS
            )
            if crosses or slot.ref not in where or match.number not in where:
                continue
            x1, y1, w1 = where[slot.ref]
            x2, y2, _w2 = where[match.number]
            turn = x1 + w1 + 0.5
            lines.append(f"M{x1 + w1:.2f} {y1 + line:.2f}H{turn:.2f}V{y2 + line:.2f}H{x2:.2f}")
    svg = mark_safe(
        f'<svg class="chart" viewBox="0 0 {width:.2f} {chart_height:.2f}" width="{width:.2f}mm" '
        f'height="{chart_height:.2f}mm">'
        f'<path d="{"".join(shades)}" fill="#e2e2e2" stroke="none"/>'
        f'<path d="{"".join(lines)}" stroke="#777" stroke-width="0.25" fill="none"/>'
        f'<path d="{"".join(boxes)}" stroke="#222" stroke-width="0.3" fill="none"/></svg>'
    )
    return BracketChart(
        style=f"width:{width:.2f}mm;height:{chart_height:.2f}mm",
        svg=svg,
        texts=tuple(texts),
        font_size=font,
    )


def _label(text: str, x: float, y: float, width: float) -> BracketText:
    return BracketText(
        style=f"left:{x:.2f}mm;top:{y:.2f}mm;width:{width:.2f}mm;line-height:{LABEL:.2f}mm",
        html=escape(text),
        kind="label",
    )


def _title(text: str, y: float) -> BracketText:
    return BracketText(
        style=f"left:0;top:{y:.2f}mm;line-height:{TITLE:.2f}mm", html=escape(text), kind="title"
    )


def bracket_document(tournament: Tournament, *, paper: str = "a4", view=None) -> PdfDocument:
    """The bracket of a Gin tournament on one landscape page, A4 or A3 (`paper`)."""
    view = view or pairing_selectors.bracket_of(tournament)
    size, box = PAPERS[paper]
    kind = gettext("Bracket")
    context = _context(tournament, kind, box=box, paper=size)
    chart = None
    if view.bracket is not None:
        chart = bracket_chart(view, width=box.width, height=box.height - BRACKET_HEAD)
        champion = view.bracket.champion
        if champion is not None:
            context["champion"] = gettext("Champion: %(name)s") % {
                "name": view.names.get(champion, "")
            }
    context["chart"] = chart
    return PdfDocument(
        html=render_to_string("pdf/tournament_bracket.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-bracket.pdf",
    )
