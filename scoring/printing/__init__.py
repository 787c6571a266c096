"""Printables as PDF, rendered by WeasyPrint from the templates in templates/pdf/: the project's
printing library, and the two printables of a match.

This module is the ONE public door: tournaments and club life import the shared parts from here
(`from scoring.printing import Grid, render_pdf, ...`), never from the modules behind it.

- `render`: `PdfDocument`, `render_pdf(documents)` (one PDF of many documents, each with its own
  page size and "Page 1 of 2" numbering) and `StaticFetcher`, the only way WeasyPrint reads
  anything (static files from Django's finders, no network).
- `geometry`: the A4 content boxes (`PORTRAIT`, `LANDSCAPE`, `page_box`), the monospace advance,
  `split_rows` and `text_height`, with which the pages of a grid are cut here, not by WeasyPrint.
- `grid`: the grid layout engine (`Grid`, `Column`, `Group`, `Row`, `GridPage`): one SVG of lines
  and boxes under three blocks of monospace text, a line a row (bench/pdf.py: target 0.1 s a
  page; a grid as an HTML table costs 0.4 s).
- `words`: dates, names and the CSS strings of the margin boxes; the sentences
  and labels of events, rules and results (and `money`) are `scoring.presenters`'.
- `page`: what both printables of a match show (the header, the signatures, the chart).
- `sheet`: the blank score sheet (foglio segnapunti), `score_sheet(match, request=...)`.
- `report`: the filled report (referto), `match_report(match, show_authors=...)`.
"""

from scoring.presenters import money
from scoring.printing.report import match_report
from scoring.printing.sheet import expected_hands, qr_code, score_sheet, sheet_row_counts

__all__ = [
    "expected_hands",
    "match_report",
    "money",
    "qr_code",
    "score_sheet",
    "sheet_row_counts",
]
