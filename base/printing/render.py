"""Rendering: WeasyPrint lays out `PdfDocument`s and writes one PDF; `StaticFetcher` is the only
way it reads anything.

- `render_pdf(documents)` lays them all out and writes ONE PDF (a tournament prints a whole round
  at once). Each document keeps its own page size (A4 portrait, landscape for more than 4
  players) and its own "Page 1 of 2" numbering.
- `StaticFetcher` is the only way WeasyPrint reads anything: URLs under `STATIC_BASE` are served
  from Django's staticfiles finders (static/css/print.css and the fonts in static/fonts/); every
  other URL is refused, so rendering never makes a network request and never reads a file outside
  the static folders.
- `svg_image` writes an SVG into a document as an image (WeasyPrint reads it much faster than an
  inline `<svg>`).
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote

from django.contrib.staticfiles import finders
from django.utils.html import format_html
from django.utils.safestring import SafeString
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

# Reading static files ----------------------------------------------------------------------------

# The address the printables see their static files at. ".invalid" never resolves (RFC 6761), and
# `StaticFetcher` answers it from the staticfiles finders without any network.
STATIC_BASE = "https://tallone.invalid/static/"
PNG_DATA = "data:image/png;base64,"
SVG_DATA = "data:image/svg+xml;base64,"
DATA_TYPES = {PNG_DATA: "image/png", SVG_DATA: "image/svg+xml"}


class ResourceRefused(ValueError):
    """A printable asked for a URL that is not one of the project's static files."""


class StaticFetcher(URLFetcher):
    """WeasyPrint's URL fetcher for the printables: static files from Django's finders, nothing
    else, and PNG and SVG images written into the document itself (`data:image/png;base64,...`,
    the QR code; `data:image/svg+xml;base64,...`, see `svg_image`), which are decoded in memory.
    Any other URL raises `ResourceRefused` (WeasyPrint logs it and goes on without it): a
    printable never makes a network request. (An SVG image's own links come back here too.)"""

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        for prefix, mime_type in DATA_TYPES.items():
            if url.startswith(prefix):
                try:
                    body = base64.b64decode(url[len(prefix) :], validate=True)
                except binascii.Error:
                    raise ResourceRefused(f"Not a base64 {mime_type} data URL.") from None
                return URLFetcherResponse(url, body, {"Content-Type": mime_type})
        if not url.startswith(STATIC_BASE):
            raise ResourceRefused(f"Printables read only static files, not {url!r}.")
        path = unquote(url[len(STATIC_BASE) :].split("?", 1)[0].split("#", 1)[0])
        parts = path.split("/")
        if not path or path.startswith("/") or "\\" in path or ".." in parts or "" in parts:
            raise ResourceRefused(f"Not a static file path: {path!r}.")
        found = finders.find(path)
        if not found:
            raise ResourceRefused(f"No static file {path!r}.")
        with open(found, "rb") as file:
            body = file.read()
        mime_type = mimetypes.guess_type(posixpath.basename(path))[0] or "application/octet-stream"
        return URLFetcherResponse(url, body, {"Content-Type": mime_type})


# Documents and rendering -------------------------------------------------------------------------


@dataclass(frozen=True)
class PdfDocument:
    """One printable, ready to lay out: its HTML (already in the user's language) and a title."""

    html: str
    title: str
    filename: str = "tallone.pdf"


def render_pdf(documents: Iterable[PdfDocument], *, title: str | None = None) -> bytes:
    """Render every document and write them, in order, as one PDF; return its bytes.

    The print stylesheet and its fonts are read once for all the documents. The PDF's title is
    `title`, or the first document's.
    """
    documents = list(documents)
    if not documents:
        raise ValueError("render_pdf needs at least one document.")
    fetcher = StaticFetcher()
    fonts = FontConfiguration()
    stylesheet = CSS(url=STATIC_BASE + "css/print.css", url_fetcher=fetcher, font_config=fonts)
    rendered = [
        HTML(string=document.html, base_url=STATIC_BASE, url_fetcher=fetcher).render(
            stylesheets=[stylesheet], font_config=fonts
        )
        for document in documents
    ]
    combined = rendered[0].copy([page for part in rendered for page in part.pages])
    if title:
        combined.metadata.title = title
    return combined.write_pdf()


def svg_image(svg: str, style: str) -> SafeString:
    """`svg`, whole SVG markup made here (every text in it escaped), as an image written into the
    document (`data:image/svg+xml;base64,...`), placed and sized by `style`.

    WeasyPrint reads an inline `<svg>` with its HTML parser, in Python, and takes every element
    of it through the CSS cascade; an SVG image is read by a plain XML parser and has no
    cascade. The drawing is the same, and a report page about 8% cheaper (bench/pdf.py)."""
    data = base64.b64encode(svg.encode()).decode("ascii")
    return format_html('<img src="{}{}" alt="" style="{}">', SVG_DATA, data, style)
