"""The blank score sheet (foglio segnapunti) of a match: `score_sheet(match, request=...)`, a grid
to fill by hand at the table, with the match page's QR code. Its rows are cut into pages here
(`sheet_row_counts`, from `expected_hands`)."""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence

import segno
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, pgettext

from base.printing.geometry import (
    CONTINUED,
    SLACK,
    PageBox,
    page_box,
)
from base.printing.grid import (
    Column,
    Grid,
    GridPage,
    Group,
    Row,
)
from base.printing.render import (
    PdfDocument,
)
from scoring.engine.rules import Options, whole
from scoring.games import game_named, game_of
from scoring.models import Match, TableCode
from scoring.printing.page import (
    common_context,
    foot_height,
    head_height,
    marks_legend,
    player_groups,
)
from scoring.table_codes import code_key

# The blank score sheet ---------------------------------------------------------------------------

SHEET_FONT = 8.5  # pt, the monospace text of a sheet's grid
SHEET_ROW = 6.5  # mm: room to write by hand
MAX_SHEET_PAGES = 3


def expected_hands(rules: Options, game: str, players: int) -> int:
    """About how many hands a long match lasts, to print rows for (`GameKind.expected_hands`).
    More players make a longer match."""
    return game_named(game).expected_hands(rules, players)


def penalty_expected_hands(rules: Options, players: int) -> int:
    """A Scala 40 or Ramino hand adds about a tenth of the threshold to a player's total, for
    every life (re-entries); an eighth longer for each player beyond two."""
    lives = 1 + (whole(rules, "reentry_max") if rules["reentry_allowed"] else 0)
    return math.ceil(whole(rules, "elimination_at") / 10 * lives * (1 + (players - 2) / 8))


def gin_expected_hands(rules: Options) -> int:
    """A Gin game to 100 takes about 8 hands, Hollywood three games at once about twice as many."""
    if rules["match_mode"] == "hands":
        return 2 * whole(rules, "hands_to_win") + 3
    games = 2 if rules["variant"] == "hollywood" else 1
    return math.ceil(games * whole(rules, "target") / 12)


def sheet_row_counts(wanted: int, *, first: float, other: float, foot: float) -> list[int]:
    """Rows of a blank sheet, page by page, given the room for rows on page 1 (`first`) and on
    a continuation page (`other`) and the height of what ends the last page (`foot`), in mm:
    page 1 full, then more full pages (at most `MAX_SHEET_PAGES`) while `wanted` rows do not
    fit."""
    first_last = int((first - foot) / SHEET_ROW)
    if wanted <= first_last:
        return [first_last]
    pages = [int(first / SHEET_ROW)]
    other_last = int((other - foot) / SHEET_ROW)
    while sum(pages) + other_last < wanted and len(pages) < MAX_SHEET_PAGES - 1:
        pages.append(int(other / SHEET_ROW))
    pages.append(other_last)
    return pages


def penalty_marks(rules: Options) -> list[tuple[str, str]]:
    """The boxes a penalty-game sheet has per player: (letter, meaning)."""
    marks = [(pgettext("score sheet mark", "C"), gettext("closed the hand"))]
    if rules["in_hand_scoring"] != "none":
        marks.append((pgettext("score sheet mark", "H"), gettext("chiusura in mano")))
    if rules.get("not_opened_penalty") is not None:
        marks.append((pgettext("score sheet mark", "N"), gettext("had not opened")))
    if rules["reentry_allowed"]:
        marks.append((pgettext("score sheet mark", "R"), gettext("re-entry (rientro)")))
    return marks


def penalty_grid(rules: Options, names: Sequence[str], dealer: str, *, closings: bool):
    """A Scala 40 or Ramino sheet: points, total and marks per player (and how each hand was
    closed, when the game scores its `closings`)."""
    marks = penalty_marks(rules)
    columns = [Column(pgettext("hand number", "#"), 4, rule="thick")]
    blank = [""]
    if closings:
        columns.append(Column(gettext("Close"), 6, "^", stretch=1))
        blank.append("")
    first = len(columns)
    for _name in names:
        columns += [
            Column(gettext("Points"), 8, stretch=2, rule="thick"),
            Column(gettext("Total"), 8, stretch=2),
            Column(" ".join(letter for letter, _m in marks), 2 * len(marks) + 1, "^", boxes=True),
        ]
        blank += ["", "", ""]
    groups = player_groups(names, first, 3, dealer)
    legend = [marks_legend(marks)]
    if closings:
        legend.append(
            gettext(
                "Close: N normal, C colore, F figura, 2 two cards, SR scala reale, P pokerissimo."
            )
        )
    return columns, groups, blank, legend


def gin_grid(rules: Options, names: Sequence[str], dealer: str):
    """A Gin sheet: the result (and Oklahoma's upcard), then knock, deadwood and points per
    player, with a total and boxes, or Hollywood's three games side by side."""
    knock = pgettext("score sheet mark", "K")
    box_mark = pgettext("score sheet mark", "B")
    columns = [Column(pgettext("hand number", "#"), 4, rule="thick")]
    columns.append(Column(gettext("Result"), 7, "^", stretch=1))
    blank = ["", ""]
    if rules["variant"] == "oklahoma":
        columns.append(Column(gettext("Upcard"), 8, "^"))
        blank.append("")
    first = len(columns)
    hollywood = rules["variant"] == "hollywood"
    for _name in names:
        columns += [
            Column(knock, 3, "^", rule="thick", boxes=True),
            Column(gettext("Deadwood"), 9, stretch=1),
            Column(gettext("Points"), 7, stretch=2),
        ]
        blank += ["", "", ""]
        if not hollywood:
            columns += [
                Column(gettext("Total"), 8, stretch=2),
                Column(box_mark, 3, "^", boxes=True),
            ]
            blank += ["", ""]
    groups = player_groups(names, first, 3 if hollywood else 5, dealer)
    if hollywood:
        groups += _hollywood_columns(columns, blank, names)
    return columns, groups, blank, _gin_legend(knock, box_mark, hollywood=hollywood)


def _hollywood_columns(columns: list[Column], blank: list[str], names: Sequence[str]):
    """Hollywood's three games, a column per player each (added to `columns`), and their groups."""
    groups = []
    for game in range(3):
        start = len(columns)
        for index, name in enumerate(names):
            columns.append(Column(name, 7, stretch=2, rule="thick" if index == 0 else "thin"))
            blank.append("")
        groups.append(Group(gettext("Game %(number)s") % {"number": game + 1}, start, len(names)))
    return groups


def _gin_legend(knock: str, box_mark: str, *, hollywood: bool) -> list[str]:
    legend = [
        marks_legend(
            [
                (knock, gettext("knocked")),
                *([] if hollywood else [(box_mark, gettext("box of the hand"))]),
            ]
        ),
        gettext("Result: K knock, G gin, BG big gin, U undercut, D dead hand."),
    ]
    if hollywood:
        legend.append(
            gettext(
                "A player's won hand goes into every game they have scored in, and into the "
                "first open game they have not scored in yet. Each entry in a game is a box."
            )
        )
    return legend


def gin_settlement(match: Match, names: Sequence[str], box: PageBox) -> GridPage:
    """The end-of-game sums of a Gin sheet: a line per bonus, a column per game and player."""
    rules = match.rules
    games = 3 if rules["variant"] == "hollywood" else 1
    columns = [Column("", 16, "<", stretch=1, rule="thick")]
    groups = []
    for game in range(games):
        start = len(columns)
        for index, name in enumerate(names):
            columns.append(Column(name, 8, stretch=1, rule="thick" if index == 0 else "thin"))
        if games > 1:
            groups.append(
                Group(gettext("Game %(number)s") % {"number": game + 1}, start, len(names))
            )
    labels = [
        gettext("Score"),
        gettext("Boxes × %(points)s") % {"points": rules["box_bonus"]},
        gettext("Game bonus"),
        gettext("Shutout"),
        gettext("Final score"),
    ]
    blanks = [""] * (games * len(names))
    rows = [Row((label, *blanks), rule=index == 3) for index, label in enumerate(labels)]
    grid = Grid(
        columns,
        groups,
        width=box.width * 0.75,
        font_size=SHEET_FONT,
        row_height=SHEET_ROW,
        rows=rows,
    )
    return grid.page(rows)


def qr_code(url: str) -> str:
    """A QR code of `url` as a PNG data URL, a pixel a module, with the standard quiet zone; print
    CSS scales it up without smoothing. (As SVG it is a path of hundreds of segments, which
    WeasyPrint parses in Python: a PNG draws five times faster.)"""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=1, border=4)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def score_sheet(match: Match, *, request, event: str = "", show_code: bool = False) -> PdfDocument:
    """The blank score sheet of `match`: to fill by hand at the table.

    `request` makes the QR code's absolute address of the match page; `event` is a title line
    (a tournament and its round), left blank to write on when empty. With `show_code` (the
    caller decided the reader runs the table: a scorer or a director of the club) the match's
    table code is printed beside the QR code, which then carries it: whoever holds the sheet
    enters the match's hands. Anyone else's sheet has the match page's QR code only, and says
    it follows the match (the page it opens is read-only for them).
    """
    seats = list(match.seats.order_by("seat"))
    names = [seat.name for seat in seats]
    dealer = next((s.name for s in seats if s.seat == match.first_dealer_seat), names[0])
    box = page_box(len(names))
    game = game_of(match)
    columns, groups, blank, legend = game.sheet_grid(match.rules, names, dealer)
    grid = Grid(columns, groups, width=box.width, font_size=SHEET_FONT, row_height=SHEET_ROW)
    kind = gettext("Score sheet")
    context = common_context(match, seats, kind, event)
    # the table code, when the match has one: printed beside the QR code, which carries it
    code = TableCode.objects.filter(match=match, is_current=True).values_list("code", flat=True)
    context["table_code"] = (code.first() or "") if show_code else ""
    # what the QR code lets its reader do: enter the hands (a scorer), or follow the match
    context["qr_enters"] = show_code
    settlement = game.sheet_settlement(match, names, box)
    room = box.height - grid.head_height - 1.5 - SLACK
    head = head_height(box, context, qr=True)
    foot = foot_height(box, legend, settlement.height + 9 if settlement else 0)
    wanted = game.expected_hands(match.rules, len(names))
    counts = sheet_row_counts(wanted, first=room - head, other=room - CONTINUED, foot=foot)
    pages, number = [], 0
    for count in counts:
        rows = []
        for _ in range(count):
            number += 1
            rows.append(Row((str(number), *blank[1:])))
        pages.append(grid.page(rows))
    # the join address carries the code's key: the code was read off the sheet, never throttled
    url = request.build_absolute_uri(
        reverse("scoring:join-code", args=[context["table_code"]])
        + "?"
        + urlencode({"k": code_key(context["table_code"])})
        if context["table_code"]
        else match.get_absolute_url()
    )
    context.update(
        {
            "pages": pages,
            "legend": legend,
            "settlement": settlement,
            "qr": qr_code(url),
        }
    )
    html = render_to_string("pdf/score_sheet.html", context)
    return PdfDocument(html=html, title=context["title"], filename=f"tallone-{match.pk}-sheet.pdf")
