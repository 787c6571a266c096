"""The printables of a match, built on the printing library (`base.printing`): rendered by
WeasyPrint from the templates in templates/pdf/. This module is their ONE public door (its
`__all__`): tournaments and club life import from here, never from the modules behind it.

- `page`: what both printables of a match show (the header, the signatures, the chart);
  `signatures(names, box)`, the lines to sign on, serve the tournaments' slips too.
- `sheet`: the blank score sheet (foglio segnapunti), `score_sheet(match, request=...)`, and the
  table's QR code (`qr_code`).
- `report`: the filled report (referto), `match_report(match, show_authors=...)`.

The sentences and labels of events, rules and results (and `money`) are `scoring.presenters`'.
"""

from scoring.presenters import money
from scoring.printing.page import Signatures, signatures
from scoring.printing.report import match_report
from scoring.printing.sheet import expected_hands, qr_code, score_sheet, sheet_row_counts

__all__ = [
    "Signatures",
    "expected_hands",
    "match_report",
    "money",
    "qr_code",
    "score_sheet",
    "sheet_row_counts",
    "signatures",
]
