"""What every printable of a tournament shares: amounts, the paper sizes, the heading
(`tournament_context`) and the pages of a list (`grid_pages`); the words and numbers come from
`tournaments.presenters` (`event_line`, the event line of a round's score sheets, `number`)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from base.printing import (
    CONTINUED,
    LANDSCAPE,
    PORTRAIT,
    SLACK,
    Grid,
    GridPage,
    PageBox,
    Row,
    css_string,
    page_counter,
)
from scoring.games import game_label
from tournaments.models import Tournament

# Words -------------------------------------------------------------------------------------------
# (the rounds' titles and the numbers as the grids print them are `tournaments.presenters`')


def amount(value: Decimal) -> str:
    """Money without the currency sign, two decimals (the column says it is euros)."""
    return f"{Decimal(value):.2f}"


# The page ----------------------------------------------------------------------------------------

PAPERS = {
    "a4": ("A4", LANDSCAPE),
    "a3": ("A3", PageBox("landscape", 420 - 2 * 11, 297 - 15 - 13)),
}
# The wall versions of the standings and the seating: portrait, A4 or A3, for players to read
# from a few metres; every size in them is multiplied by the paper's `WALL_SCALE`.
WALL_PAPERS = {
    "a4": ("A4", PORTRAIT),
    "a3": ("A3", PageBox("portrait", 297 - 2 * 11, 420 - 15 - 13)),
}
WALL_SCALE = {"a4": 1.0, "a3": 1.41}
WALL_FONT = 16.0  # pt: the smallest type of a name on a wall version (on A4)
WALL_ROW = 10.0  # mm: a row of a wall version's list (on A4)
WALL_HEAD = 30.0  # mm: a wall version's heading and the line under it (on A4)
HEAD = 16.0  # mm: the heading, the line under it and a note
LIST_FONT = 10.0  # pt, the monospace text of the standings and results
LIST_ROW = 6.0  # mm


def wall_paper(value: str | None) -> str:
    """The paper a wall version asks for ("a4" unless "a3")."""
    value = (value or "a4").lower()
    return value if value in WALL_PAPERS else "a4"


def tournament_context(
    tournament: Tournament,
    kind: str,
    *,
    box: PageBox = PORTRAIT,
    paper: str = "A4",
    wall: float = 0,
):
    """What templates/pdf/tournament_base.html and every heading show."""
    club = tournament.club.name + (f", {tournament.club.city}" if tournament.club.city else "")
    info = [
        tournament.name,
        club,
        date_format(tournament.starts_on, "DATE_FORMAT"),
        game_label(tournament.game),
        str(tournament.get_format_display()),
    ]
    running = ["Tallone", tournament.club.name, tournament.name, kind]
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
        # A wall version's scale (0: the desk version): its heading and notes grow with it.
        "wall_scale": wall,
        "wall_heading": f"{24 * wall:.1f}",
        "wall_text": f"{12 * wall:.1f}",
    }


def grid_pages(grid: Grid, rows: Sequence[Row], box: PageBox, head: float) -> list[GridPage]:
    """The rows cut into pages: page 1 under a heading `head` mm tall, the others under the
    "continued" line; each page repeats the grid's column labels. The grid's columns are fitted
    to the rows first (`Grid.fitted`: nothing is cut short, long cells wrap)."""
    grid = grid.fitted(rows)
    room = box.height - grid.head_height - 1.5 - SLACK
    return [grid.page(page) for page in grid.split(rows, first=room - head, other=room - CONTINUED)]
