"""The printing library: PDFs rendered by WeasyPrint from the templates in templates/pdf/. This
module is its ONE public door: every app's printables import from here (`from base.printing
import Grid, render_pdf, ...`), never from the modules behind it.

- `render`: `PdfDocument`, `render_pdf(documents)` (one PDF of many documents, each with its own
  page size and "Page 1 of 2" numbering) and `StaticFetcher`, the only way WeasyPrint reads
  anything (static files from Django's finders, no network).
- `geometry`: the A4 content boxes (`PORTRAIT`, `LANDSCAPE`, `page_box`), the monospace advance,
  and `text_height`, with which the pages of a grid are cut here, not by WeasyPrint.
- `grid`: the grid layout engine (`Grid`, `Column`, `Group`, `Row`, `GridPage`): one SVG of lines
  and boxes under three blocks of monospace text, a line a row (bench/pdf.py: target 0.1 s a
  page; a grid as an HTML table costs 0.4 s).
- `words`: dates, names and the CSS strings of the margin boxes.
"""

from base.printing.geometry import (
    CONTINUED,
    LANDSCAPE,
    MM_PER_PT,
    MONO_ADVANCE,
    PORTRAIT,
    SLACK,
    PageBox,
    page_box,
    text_height,
)
from base.printing.grid import Column, Grid, GridPage, Group, Row
from base.printing.render import (
    PNG_DATA,
    STATIC_BASE,
    SVG_DATA,
    PdfDocument,
    ResourceRefused,
    StaticFetcher,
    render_pdf,
    svg_image,
)
from base.printing.words import (
    css_string,
    local_date,
    local_datetime,
    page_counter,
    user_name,
)

__all__ = [
    "CONTINUED",
    "LANDSCAPE",
    "MM_PER_PT",
    "MONO_ADVANCE",
    "PNG_DATA",
    "PORTRAIT",
    "SLACK",
    "STATIC_BASE",
    "SVG_DATA",
    "Column",
    "Grid",
    "GridPage",
    "Group",
    "PageBox",
    "PdfDocument",
    "ResourceRefused",
    "Row",
    "StaticFetcher",
    "css_string",
    "local_date",
    "local_datetime",
    "page_box",
    "page_counter",
    "render_pdf",
    "svg_image",
    "text_height",
    "user_name",
]
