"""The printables of the Gin formats, as PDF documents for `base.printing.render_pdf`, built on
`tournaments.printing` (the heading, the paper sizes, the pages of a list).

This module is the package's public door (views import from here):
- `bracket`: `bracket_document(tournament, paper=...)` and `bracket_chart`, its layout (one SVG
  of boxes and lines under one small block of text per match);
- `lists`: `pairings_document(round)` (a round of a Swiss or round robin), and the Gin standings
  as the tournament's standings PDF lists them (`pairing_standings_list`,
  `bracket_standings_list`).
"""

from pairings.printing.bracket import bracket_chart, bracket_document
from pairings.printing.lists import (
    bracket_standings_list,
    pairing_standings_list,
    pairings_document,
)

__all__ = [
    "bracket_chart",
    "bracket_document",
    "bracket_standings_list",
    "pairing_standings_list",
    "pairings_document",
]
