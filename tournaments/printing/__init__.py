"""The printables of a tournament, as PDF documents for `scoring.printing.render_pdf`.

This module is the package's public door (views import from here):
- `seating`: `seating_document(round)` (the wall list, then "who sits where") and
  `round_kit(round, request=...)` (the wall list and a pre-filled score sheet per table);
- `standings`: `standings_document(tournament)`, `results_document(tournament)` (the final
  ranking with the payouts) and `pairings_document(round)` (a round of a Swiss or round robin);
- `bracket`: `bracket_document(tournament, paper=...)` and `bracket_chart`, its layout;
- `common`: what they share (words, `PAPERS`, the heading, the pages of a list).

Speed follows scoring/printing/: lists are monospace grids (`scoring.printing.Grid`, one SVG
and three blocks of text a page); the bracket is one SVG of boxes and lines under one small block
of text per match; the wall list is a few large paragraphs.
"""

from tournaments.printing.bracket import bracket_chart, bracket_document
from tournaments.printing.common import PAPERS, number
from tournaments.printing.seating import round_kit, seating_document
from tournaments.printing.standings import (
    pairings_document,
    results_document,
    standings_document,
)

__all__ = [
    "PAPERS",
    "bracket_chart",
    "bracket_document",
    "number",
    "pairings_document",
    "results_document",
    "round_kit",
    "seating_document",
    "standings_document",
]
