"""The printables of a tournament, as PDF documents for `base.printing.render_pdf`.

This module is the package's public door (views, and the printables of the apps above
tournaments, import from here):
- `seating`: `seating_document(round)` (the wall list, then "who sits where") and
  `round_kit(round, request=...)` (the wall list and a pre-filled score sheet per table);
- `standings`: `standings_document(tournament)` (listed the way the format shows its standings:
  `STANDINGS_LISTS`, to which `pairings` adds the Gin formats' lists) and
  `results_document(tournament)` (the final ranking with the payouts);
- `checkin`: `check_in_poster_document(tournament, url)` (the check-in QR code for the door) and
  `check_in_list_document(tournament)` (who is here, fees paid and due);
- wall versions of the standings and the seating (`wall=True`, A4 or A3: `WALL_PAPERS`,
  `wall_paper`), names at 16 pt at least;
- `common`: what they share (`PAPERS`, the heading, the pages of a list); their words and
  numbers are `tournaments.presenters`'.
The Gin formats' printables (the bracket, a round of pairings) are `pairings.printing`.

Speed follows scoring/printing/: lists are monospace grids (`scoring.printing.Grid`, one SVG
and three blocks of text a page); the wall list is a few large paragraphs.
"""

from tournaments.printing.checkin import check_in_list_document, check_in_poster_document
from tournaments.printing.common import (
    HEAD,
    PAPERS,
    WALL_PAPERS,
    grid_pages,
    tournament_context,
    wall_paper,
)
from tournaments.printing.seating import round_kit, seating_document
from tournaments.printing.standings import (
    STANDINGS_LISTS,
    StandingsList,
    list_grid,
    results_document,
    standings_document,
)

__all__ = [
    "HEAD",
    "PAPERS",
    "STANDINGS_LISTS",
    "WALL_PAPERS",
    "StandingsList",
    "check_in_list_document",
    "check_in_poster_document",
    "grid_pages",
    "list_grid",
    "results_document",
    "round_kit",
    "seating_document",
    "standings_document",
    "tournament_context",
    "wall_paper",
]
