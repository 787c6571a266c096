"""The printables of club life, as PDF documents for `base.printing.render_pdf`:
`seasons`: `season_document(view)`, the season standings."""

from clublife.printing.seasons import season_document

__all__ = ["season_document"]
