"""Printables: the blank score sheet (foglio segnapunti) and the filled report (referto) of a match,
as PDF, rendered by WeasyPrint from the templates in templates/pdf/.

- `score_sheet(match, request=...)` and `match_report(match, show_authors=...)` build a
  `PdfDocument`: the HTML of one printable, made now, in the active language.
- `render_pdf(documents)` lays them all out and writes ONE PDF (a tournament prints a whole round
  at once). Each document keeps its own page size (A4 portrait, landscape for more than 4
  players) and its own "Page 1 of 2" numbering.
- `StaticFetcher` is the only way WeasyPrint reads anything: URLs under `STATIC_BASE` are served
  from Django's staticfiles finders (static/css/print.css and the fonts in static/fonts/); every
  other URL is refused, so rendering never makes a network request and never reads a file outside
  the static folders.

Speed (bench/pdf.py; target 0.1 s a page). WeasyPrint lays out every box and line of text in
Python, about a millisecond each, so a grid as an HTML table (25 rows of 20 cells) costs 0.4 s a
page. A grid (`Grid`) is drawn instead as one SVG of lines and boxes to tick under three blocks
of monospace text: the names, the column labels and the rows, a
line a row. A row's cells are padded to whole characters, and every glyph of DejaVu Sans Mono is
`MONO_ADVANCE` em wide, so a column of N characters is exactly N characters wide on paper and the
SVG's lines fall between the columns. Pages of a grid are cut here (`split_rows`,
`sheet_row_counts`, from estimated heights), not by WeasyPrint, so that every page repeats the
grid's header. The other choices follow from the same measure: tables with a fixed layout, a few
paragraphs, two margin boxes, the QR code as a PNG (as SVG it is hundreds of path segments). Every
SVG goes in as an image (`svg_image`), not inline, and the report's chart keeps text out of its
SVG (`charts.print_chart`, `chart_block`): WeasyPrint lays out SVG text letter by letter.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import mimetypes
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import unquote

import segno
from django.contrib.staticfiles import finders
from django.template.defaultfilters import floatformat
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from scoring.charts import Chart, print_chart
from scoring.engine import (
    EngineError,
    Event,
    GinHand,
    Hand,
    Reentry,
    RuleSet,
    Snapshot,
    Status,
    TimeCall,
    Withdraw,
    rules_from_dict,
)
from scoring.engine.document import parse_document
from scoring.engine.gin import score_hand
from scoring.forms import preset_label
from scoring.models import EndedBy, EventKind, Game, Match, MatchPlayer, PlayerStatus
from scoring.selectors import EventRow, MatchDetail, match_detail

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


# Page geometry -----------------------------------------------------------------------------------

MONO_ADVANCE = 1233 / 2048  # the advance of every glyph of DejaVu Sans Mono, in em
MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class PageBox:
    """The content box of an A4 page once the margins of print.css are taken off, in mm."""

    orientation: str
    width: float
    height: float


PORTRAIT = PageBox("portrait", 210 - 2 * 11, 297 - 15 - 13)
LANDSCAPE = PageBox("landscape", 297 - 2 * 11, 210 - 15 - 13)


def page_box(players: int) -> PageBox:
    """A4 portrait; landscape when there are more than 4 players."""
    return LANDSCAPE if players > 4 else PORTRAIT


def split_rows(count: int, *, first: int, other: int) -> list[int]:
    """How many of `count` rows each page holds: `first` on page 1, `other` on the next ones."""
    pages = [min(count, first)]
    while sum(pages) < count:
        pages.append(min(count - sum(pages), other))
    return pages


# Grids -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column of a grid: its label in the header, its width in characters (padding included),
    how its text is aligned (">" right, "<" left, "^" centred), its share of the characters left
    over when the grid is widened to the page, and the line on its left ("thin" or "thick").

    A column of `boxes` has a small box to tick in every row under each letter of its label
    ("C H R": three boxes), drawn in the grid's SVG rather than as text."""

    label: str = ""
    width: int = 5
    align: str = ">"
    stretch: int = 0
    rule: str = "thin"
    boxes: bool = False


@dataclass(frozen=True)
class Group:
    """A heading over columns `first` to `first + count - 1` (a player's name, a game)."""

    label: str
    first: int
    count: int
    mark: str = ""


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    struck: bool = False
    rule: bool = False  # a thicker line under this row


@dataclass(frozen=True)
class GridPage:
    """What templates/pdf/_grid.html draws: one page of a grid. The styles are made here, with
    a dot for decimals whatever the language (a template would localize the numbers)."""

    height: float
    style: str
    names_style: str
    names: str
    labels_style: str
    labels: str
    rows_style: str
    lines: SafeString
    svg: SafeString


class Grid:
    """A grid as wide as the page: columns widened to whole characters of the monospace font."""

    name_height = 5.0
    label_height = 4.4

    def __init__(
        self,
        columns: Sequence[Column],
        groups: Sequence[Group] = (),
        *,
        width: float,
        font_size: float,
        row_height: float,
    ) -> None:
        self.columns = tuple(columns)
        self.groups = tuple(groups)
        self.row_height = row_height
        self.head_height = (self.name_height if groups else 0) + self.label_height
        base = sum(column.width for column in columns)
        available = int(width / (font_size * MM_PER_PT * MONO_ADVANCE))
        # Too many columns for `font_size`: no widening, and a smaller font.
        self.widths = self._widen(available - base)
        # The grid fills the width exactly: the font grows a little to take up what is left.
        self.char = width / sum(self.widths)
        self.font_size = self.char / MM_PER_PT / MONO_ADVANCE
        self.width = width
        self.starts = [sum(self.widths[:index]) for index in range(len(self.widths) + 1)]

    def _widen(self, extra: int) -> list[int]:
        """Share the `extra` characters by the columns' `stretch`, evenly: columns alike (each
        player's points) stay alike. What cannot be shared evenly is left to the font size."""
        weights = [column.stretch for column in self.columns]
        per_unit = extra // sum(weights) if sum(weights) and extra > 0 else 0
        return [column.width + per_unit * column.stretch for column in self.columns]

    def _span(self, first: int, count: int) -> float:
        """The width of columns `first` to `first + count - 1`, in mm."""
        return (self.starts[first + count] - self.starts[first]) * self.char

    def line(self, cells: Sequence[str]) -> str:
        """The cells padded to their columns' widths: one line of monospace text."""
        parts = []
        for column, width, cell in zip(self.columns, self.widths, cells, strict=True):
            text = str(cell)
            room = width - 1
            if len(text) > room:
                text = text[: max(room - 1, 0)] + "…"
            if column.align == "<":
                parts.append(" " + text.ljust(room))
            elif column.align == "^":
                parts.append(text.center(width) if len(text) < width else text + " ")
            else:
                parts.append(text.rjust(room) + " ")
        return "".join(parts)

    def names_line(self) -> str:
        """The groups' headings (the players' names), each centred over its columns."""
        line = [" "] * self.starts[-1]
        for group in self.groups:
            start, end = self.starts[group.first], self.starts[group.first + group.count]
            label = f"{group.label} {group.mark}".strip()
            if len(label) > end - start - 1:
                label = label[: max(end - start - 2, 0)] + "…"
            line[start:end] = label.center(end - start)
        return "".join(line).rstrip()

    def page(self, rows: Sequence[Row]) -> GridPage:
        height = self.head_height + self.row_height * len(rows)
        lines = []
        for row in rows:
            # Trailing spaces cost time to draw and show nothing (a struck row keeps them).
            text = self.line(row.cells)
            if row.struck:
                lines.append(format_html("<s>{}</s>", text))
            else:
                lines.append(escape(text.rstrip()))
        font = f"font-size:{self.font_size:.3f}pt"
        name_height = self.name_height if self.groups else 0
        return GridPage(
            height=height,
            style=f"width:{self.width:.2f}mm;height:{height:.2f}mm",
            names_style=f"top:0;line-height:{name_height:.2f}mm;{font}",
            names=self.names_line(),
            labels_style=f"top:{name_height:.2f}mm;line-height:{self.label_height:.2f}mm;{font}",
            labels=self.line([column.label for column in self.columns]).rstrip(),
            rows_style=f"top:{self.head_height:.2f}mm;line-height:{self.row_height:.2f}mm;{font}",
            lines=mark_safe("\n".join(lines)),  # each line escaped above
            svg=self._svg(rows, height),
        )

    def _svg(self, rows: Sequence[Row], height: float) -> SafeString:
        """The lines of the grid, and its boxes to tick.

        WeasyPrint parses path data in Python, segment by segment, so the boxes of a row are not
        drawn one by one: their top and bottom edges are two dashed lines across the row, their
        sides are dashed lines down the whole grid, a dash a row. (No SVG pattern: viewers tile
        a pattern at whole pixels, and at screen resolution its tiles drift off the rows.)"""
        char, width, row_height = self.char, self.width, self.row_height
        top, count = self.head_height, len(rows)
        name_height = self.name_height if self.groups else 0
        thin, thick = [], []
        thick.append(f"M0 0H{width:.2f}M0 {top:.2f}H{width:.2f}M0 {height:.2f}H{width:.2f}")
        for index, row in enumerate(rows[:-1], start=1):
            y = top + row_height * index
            (thick if row.rule or index % 5 == 0 else thin).append(f"M0 {y:.2f}H{width:.2f}")
        for group in self.groups:
            x0 = self.starts[group.first] * char
            thin.append(f"M{x0:.2f} {name_height:.2f}h{self._span(group.first, group.count):.2f}")
        # Columns: a thin line starts under the names of a group; a thick one runs from the top.
        grouped = {
            index
            for group in self.groups
            for index in range(group.first + 1, group.first + group.count)
        }
        for index, column in enumerate(self.columns):
            x = self.starts[index] * char
            if index == 0:
                thick.append(f"M{x:.2f} 0V{height:.2f}")
            elif index in grouped and column.rule != "thick":
                thin.append(f"M{x:.2f} {name_height:.2f}V{height:.2f}")
            else:
                (thick if column.rule == "thick" else thin).append(f"M{x:.2f} 0V{height:.2f}")
        thick.append(f"M{width:.2f} 0V{height:.2f}")
        return svg_image(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" '
            f'width="{width:.2f}mm" height="{height:.2f}mm">{self._boxes(count) if count else ""}'
            f'<path d="{"".join(thin)}" stroke="#777" stroke-width="0.15" fill="none"/>'
            f'<path d="{"".join(thick)}" stroke="#222" stroke-width="0.35" fill="none"/></svg>',
            f"position:absolute;left:0;top:0;width:{width:.2f}mm;height:{height:.2f}mm",
        )

    def _boxes(self, count: int) -> str:
        """The boxes to tick of `count` rows, one under each letter of the label of a column of
        `boxes`, as SVG ("" when the grid has no such column)."""
        labels = self.line([column.label if column.boxes else "" for column in self.columns])
        centres = [
            (offset + 0.5) * self.char for offset, letter in enumerate(labels) if letter.strip()
        ]
        if not centres:
            return ""
        side = min(self.char * 1.1, self.row_height * 0.5)
        half, row_height = side / 2, self.row_height
        y0 = self.head_height + (row_height - side) / 2
        dashes, position = [0.0], 0.0  # along a row: no dash, a gap to the first box, its edge...
        for centre in centres:
            dashes += [centre - half - position, side]
            position = centre + half
        across = "".join(
            f"M0 {y0 + row_height * row + edge:.2f}H{position:.2f}"
            for row in range(count)
            for edge in (0, side)
        )
        bottom = self.head_height + row_height * count
        down = "".join(
            f"M{centre + edge:.2f} {y0:.2f}V{bottom:.2f}"
            for centre in centres
            for edge in (-half, half)
        )
        style = 'stroke="#333" stroke-width="0.2" fill="none"'
        dasharray = " ".join(f"{length:.2f}" for length in dashes)
        return (
            f'<path d="{across}" {style} stroke-dasharray="{dasharray}"/>'
            f'<path d="{down}" {style} stroke-dasharray="{side:.2f} {row_height - side:.2f}"/>'
        )


# Words -------------------------------------------------------------------------------------------


def money(amount: Decimal | str) -> str:
    return gettext("€ %(amount)s") % {"amount": floatformat(Decimal(str(amount)), 2)}


def css_string(text: str) -> SafeString:
    """`text` as a quoted CSS string, safe inside a <style> element."""
    escaped = (
        str(text)
        .replace("\\", "\\\\")
        .replace('"', '\\"')
        .replace("\n", "\\a ")
        .replace("<", "\\3c ")
        .replace(">", "\\3e ")
    )
    return mark_safe(f'"{escaped}"')


def page_counter() -> SafeString:
    """ "Page 1 of 2" in the user's language, as the CSS content of a page's margin box."""
    template = gettext("Page %(page)s of %(pages)s")
    parts = []
    for piece in re.split(r"(%\(pages?\)s)", template):
        if piece == "%(page)s":
            parts.append("counter(page)")
        elif piece == "%(pages)s":
            parts.append("counter(pages)")
        elif piece:
            parts.append(css_string(piece))
    return mark_safe(" ".join(parts))


def rules_in_words(rules: dict[str, Any], game: str) -> list[str]:
    """The options a table needs to know, as sentences in the user's language."""
    if game == Game.GIN:
        return _gin_rules_in_words(rules)
    sentences = []
    points = rules["elimination_at"]
    if rules["elimination_rule"] == ">=":
        sentences.append(
            gettext("A player is out on reaching %(points)s points.") % {"points": points}
        )
    else:
        sentences.append(
            gettext("A player is out on passing %(points)s points (%(points)s is still in).")
            % {"points": points}
        )
    in_hand = rules["in_hand_scoring"]
    if in_hand == "double":
        sentences.append(gettext("Chiusura in mano: the opponents' points of that hand double."))
    elif in_hand == "bonus":
        sentences.append(
            gettext("Chiusura in mano: the closer takes %(points)s points off their total.")
            % {"points": rules["in_hand_bonus"]}
        )
    elif game == Game.SCALA40:
        sentences.append(gettext("Chiusura in mano: nothing extra."))
    if rules.get("not_opened_penalty") is not None:
        sentences.append(
            gettext("A player who has not opened pays %(points)s points.")
            % {"points": rules["not_opened_penalty"]}
        )
    if game == Game.RAMINO:
        bonuses = {
            "normal": rules["normal_bonus"],
            "colore": rules["colore_bonus"],
            "figura": rules["figura_bonus"],
        }
        if rules["bonus_mode"] == "closer_credit":
            text = gettext(
                "Closing bonus off the closer's total: normal %(normal)s, colore %(colore)s, "
                "figura %(figura)s; scala reale and pokerissimo win the match."
            )
        else:
            text = gettext(
                "Closing bonus paid by every opponent: normal %(normal)s, colore %(colore)s, "
                "figura %(figura)s; scala reale and pokerissimo win the match."
            )
        sentences.append(text % bonuses)
    if rules["reentry_allowed"]:
        times = rules["reentry_max"]
        sentences.append(
            ngettext(
                "Re-entry (rientro): once per player, at the highest total in play plus "
                "%(extra)s, while %(players)s players are in play.",
                "Re-entry (rientro): up to %(times)s times per player, at the highest total in "
                "play plus %(extra)s, while %(players)s players are in play.",
                times,
            )
            % {
                "times": times,
                "extra": rules["reentry_extra_points"],
                "players": rules["reentry_min_in_play"],
            }
        )
        if Decimal(str(rules["reentry_fee"])):
            sentences.append(
                gettext("Re-entry fee: %(amount)s.") % {"amount": money(rules["reentry_fee"])}
            )
    else:
        sentences.append(gettext("No re-entry: a player who is out stays out."))
    if Decimal(str(rules["stake"])):
        sentences.append(gettext("Stake: %(amount)s a player.") % {"amount": money(rules["stake"])})
    return sentences


def _gin_rules_in_words(rules: dict[str, Any]) -> list[str]:
    sentences = []
    variant = rules["variant"]
    if rules["match_mode"] == "hands":
        sentences.append(
            gettext("A mano: the first to win %(hands)s hands wins the match.")
            % {"hands": rules["hands_to_win"]}
        )
    elif variant == "hollywood":
        sentences.append(
            gettext("Hollywood: three games scored at once, each to %(target)s points.")
            % {"target": rules["target"]}
        )
    else:
        sentences.append(gettext("A game to %(target)s points.") % {"target": rules["target"]})
    if variant == "oklahoma":
        sentences.append(
            gettext(
                "Oklahoma: the upcard sets the knock limit (ace: %(ace)s); a spade upcard "
                "doubles the hand."
            )
            % {
                "ace": gettext("gin only")
                if rules["ace_upcard"] == "gin_only"
                else gettext("knock with 1")
            }
        )
    else:
        sentences.append(
            gettext("Knock with at most %(limit)s points of deadwood.")
            % {"limit": rules["knock_limit"]}
        )
    big_gin = rules["big_gin_bonus"]
    sentences.append(
        (
            gettext("Gin +%(gin)s, big gin +%(big)s, undercut +%(undercut)s.")
            if big_gin is not None
            else gettext("Gin +%(gin)s, no big gin, undercut +%(undercut)s.")
        )
        % {"gin": rules["gin_bonus"], "big": big_gin, "undercut": rules["undercut_bonus"]}
        + " "
        + (
            gettext("Equal deadwood is an undercut.")
            if rules["undercut_on_tie"]
            else gettext("Equal deadwood: the knocker wins with 0.")
        )
    )
    who = gettext("the winner") if rules["box_recipient"] == "winner" else gettext("the knocker")
    if rules["box_timing"] == "immediate":
        text = gettext("Box: %(points)s points to %(who)s of each hand, added at once.")
    else:
        text = gettext("Box: %(points)s points to %(who)s of each hand, added when the game ends.")
    sentences.append(text % {"points": rules["box_bonus"], "who": who})
    bonus = gettext("Game bonus %(points)s.") % {"points": rules["game_bonus"]}
    if rules["shutout"] == "double":
        bonus += " " + gettext("Shutout (cappotto): the winner's score doubles.")
    elif rules["shutout"] == "game_bonus":
        bonus += " " + gettext("Shutout (cappotto): a game bonus of %(points)s instead.") % {
            "points": rules["shutout_game_bonus"]
        }
    sentences.append(bonus)
    if Decimal(str(rules["stake"])):
        sentences.append(gettext("Stake: %(amount)s a player.") % {"amount": money(rules["stake"])})
    return sentences


def shorten(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def user_name(user) -> str:
    if user is None:
        return gettext("unknown")
    return user.get_full_name() or user.get_username()


def local_datetime(value) -> str:
    return date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")


def local_date(value) -> str:
    return date_format(timezone.localtime(value), "DATE_FORMAT")


# What both printables show -----------------------------------------------------------------------


def _common_context(match: Match, seats: Sequence[MatchPlayer], kind: str, event: str) -> dict:
    """What the header, the margins and the signatures of both printables show."""
    game_label = Game(match.game).label
    box = page_box(len(seats))
    table = match.table_label
    club = match.club.name + (f", {match.club.city}" if match.club.city else "")
    table_line = [
        gettext("Table %(table)s") % {"table": table} if table else gettext("Table: ______"),
        local_date(match.started_at),
        gettext("Match %(number)s") % {"number": match.pk},
    ]
    players_line = " · ".join(
        f"{seat.seat}. {seat.name}" + (" ★" if seat.seat == match.first_dealer_seat else "")
        for seat in seats
    )
    info_lines = [
        gettext("Event: %(event)s") % {"event": event} if event else gettext("Event:"),
        gettext("Club: %(club)s") % {"club": club},
        " · ".join(table_line),
        gettext("Players: %(players)s") % {"players": players_line},
    ]
    running = ["Tallone", shorten(match.club.name, 40), kind, str(game_label)]
    if table:
        running.append(gettext("Table %(table)s") % {"table": shorten(table, 20)})
    running.append(gettext("Match %(number)s") % {"number": match.pk})
    return {
        "heading": f"{kind} · {game_label}",
        "continued": gettext("%(title)s, continued")
        % {"title": f"{kind} · {game_label} · {table_line[-1]}"},
        "info_lines": info_lines,
        "title": f"{kind} · {game_label} · {match.club.name}",
        "preset_label": preset_label(match.preset),
        "rules_in_words": rules_in_words(match.rules, match.game),
        "orientation": box.orientation,
        "language": translation.get_language(),
        "running_head": css_string(" · ".join(running)),
        "page_counter": page_counter(),
        "signatures": signatures([*[seat.name for seat in seats], gettext("Scorekeeper")], box),
    }


@dataclass(frozen=True)
class Signatures:
    """What templates/pdf/_signatures.html draws: a line to sign on for each name, the name
    under it; one SVG path and one line of monospace text (see `Grid`)."""

    style: str
    svg: SafeString
    names_style: str
    names: str


def signatures(names: Sequence[str], box: PageBox, *, font_size: float = 7.5) -> Signatures:
    """Lines to sign on, side by side across the page, with the names under them."""
    char = font_size * MM_PER_PT * MONO_ADVANCE
    slot = int(box.width / char) // len(names)
    width, gap, height = slot * char, 4.0, 14.0
    path = "".join(
        f"M{index * width:.2f} 9H{(index + 1) * width - gap:.2f}" for index in range(len(names))
    )
    line = "".join(
        (name if len(name) < slot - 2 else name[: slot - 3] + "…").ljust(slot) for name in names
    )
    return Signatures(
        style=f"height:{height:.1f}mm",
        svg=svg_image(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {box.width:.2f} {height:.1f}" '
            f'width="{box.width:.2f}mm" height="{height:.1f}mm"><path d="{path}" stroke="#333" '
            'stroke-width="0.3" fill="none"/></svg>',
            f"position:absolute;left:0;top:0;width:{box.width:.2f}mm;height:{height:.1f}mm",
        ),
        names_style=f"top:10mm;font-size:{font_size}pt;line-height:4mm",
        names=line.rstrip(),
    )


@dataclass(frozen=True)
class ChartBlock:
    """What templates/pdf/match_report.html draws for the chart: its SVG as an image as wide as
    the page (`img`, see `svg_image`), and its legend, a block of monospace text laid over the
    image's foot (`legend_style` places it from the bottom of the chart's box)."""

    img: SafeString
    legend_style: str
    legend: str


def chart_block(chart: Chart, box: PageBox) -> ChartBlock:
    """`chart` as wide as `box`: its legend placed, and sized, in mm and pt."""
    mm = box.width / chart.width  # a unit of the chart, in mm
    lines = chart.legend.count("\n") + 1
    bottom = chart.height - chart.legend_top - lines * chart.line_height
    return ChartBlock(
        img=svg_image(chart.svg, "display:block;width:100%"),
        legend_style=(
            f"position:absolute;left:{chart.legend_left * mm:.2f}mm;bottom:{bottom * mm:.2f}mm;"
            f"line-height:{chart.line_height * mm:.2f}mm;"
            f"font-size:{chart.font_size * mm / MM_PER_PT:.2f}pt;white-space:pre;"
            "font-family:Tallone Mono;color:#333"
        ),
        legend=chart.legend,
    )


# The blank score sheet ---------------------------------------------------------------------------

SHEET_FONT = 8.5  # pt, the monospace text of a sheet's grid
SHEET_ROW = 6.5  # mm: room to write by hand
REPORT_FONT = 8.5
REPORT_ROW = 5.0
CONTINUED = 7.0  # mm: the title line that starts a continuation page
SLACK = 4.0  # mm kept free on a page, in case an estimate below is short
MAX_SHEET_PAGES = 3


def text_height(text: str, width: float, size: float, *, em: float = 0.45) -> float:
    """About how tall `text` is in mm, set in print.css's sans font at `size` pt (line-height
    1.25) in a column `width` mm wide; `em` is the average width of a character (DejaVu Sans
    Condensed: 0.43 em in English and Italian prose, 0.51 in bold), plus a tenth for wrapping."""
    per_line = max(1, int(width / (em * size * MM_PER_PT * 1.1)))
    lines = sum(max(1, math.ceil(len(part) / per_line)) for part in str(text).split("\n"))
    return lines * size * 1.25 * MM_PER_PT


def head_height(box: PageBox, context: dict[str, Any], *, qr: bool) -> float:
    """About how tall templates/pdf/_head.html is with `context` (its widths are those of
    print.css), in mm."""
    landscape = box.orientation == "landscape"
    rules_width = box.width * (0.48 if landscape else 0.40) - 6
    info_width = box.width - rules_width - 6 - (29 if qr else 0)
    line = 8.5 * 1.25 * MM_PER_PT
    info = (
        14
        * 1.25
        * MM_PER_PT
        * math.ceil(len(str(context["heading"])) * 0.55 * 14 * MM_PER_PT / info_width)
        + 1.5
        + sum(text_height(text, info_width, 8.5, em=0.5) + 0.8 for text in context["info_lines"])
        + 7 * 1.25 * MM_PER_PT
        + 0.8  # who deals first
    )
    rules = (
        text_height(str(context["preset_label"]), rules_width, 8.5, em=0.51)
        + 0.8
        + sum(text_height(sentence, rules_width, 7.5) for sentence in context["rules_in_words"])
    )
    code = 29 + 2 * 6.5 * 1.25 * MM_PER_PT + 1 if qr else 0
    return max(info, rules, code, line) + 3  # the table's bottom margin


def foot_height(box: PageBox, legend: Sequence[str], extra: float = 0) -> float:
    """About how tall the legend and the signatures under a grid are, in mm."""
    return sum(text_height(line, box.width, 7) + 0.8 for line in legend) + 14 + extra


def expected_hands(rules: dict[str, Any], game: str, players: int) -> int:
    """About how many hands a long match lasts, to print rows for: a Scala 40 or Ramino hand adds
    about a tenth of the threshold to a player's total, for every life (re-entries); a Gin game
    to 100 takes about 8 hands, Hollywood three games at once about twice as many. More players
    make a longer match (an eighth longer for each player beyond two)."""
    if game == Game.GIN:
        if rules["match_mode"] == "hands":
            return 2 * rules["hands_to_win"] + 3
        games = 2 if rules["variant"] == "hollywood" else 1
        return math.ceil(games * rules["target"] / 12)
    lives = 1 + (rules["reentry_max"] if rules["reentry_allowed"] else 0)
    return math.ceil(rules["elimination_at"] / 10 * lives * (1 + (players - 2) / 8))


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


def _marks_legend(marks: Sequence[tuple[str, str]]) -> str:
    return " · ".join(f"{letter} = {meaning}" for letter, meaning in marks)


def penalty_marks(rules: dict[str, Any], game: str) -> list[tuple[str, str]]:
    """The boxes a penalty-game sheet has per player: (letter, meaning)."""
    marks = [(pgettext("score sheet mark", "C"), gettext("closed the hand"))]
    if rules["in_hand_scoring"] != "none":
        marks.append((pgettext("score sheet mark", "H"), gettext("chiusura in mano")))
    if rules.get("not_opened_penalty") is not None:
        marks.append((pgettext("score sheet mark", "N"), gettext("had not opened")))
    if rules["reentry_allowed"]:
        marks.append((pgettext("score sheet mark", "R"), gettext("re-entry (rientro)")))
    return marks


def _player_groups(names: Sequence[str], first: int, size: int, dealer: str) -> list[Group]:
    return [
        Group(
            label=name, first=first + index * size, count=size, mark="★" if name == dealer else ""
        )
        for index, name in enumerate(names)
    ]


def _sheet_grid(match: Match, names: Sequence[str], dealer: str):
    """The blank grid's columns and groups, the text of a blank row, and the legend."""
    rules = match.rules
    number = Column(pgettext("hand number", "#"), 4, rule="thick")
    if match.game != Game.GIN:
        marks = penalty_marks(rules, match.game)
        columns = [number]
        blank = [""]
        if match.game == Game.RAMINO:
            columns.append(Column(gettext("Close"), 6, "^", stretch=1))
            blank.append("")
        first = len(columns)
        for _name in names:
            columns += [
                Column(gettext("Points"), 8, stretch=2, rule="thick"),
                Column(gettext("Total"), 8, stretch=2),
                Column(
                    " ".join(letter for letter, _m in marks), 2 * len(marks) + 1, "^", boxes=True
                ),
            ]
            blank += ["", "", ""]
        groups = _player_groups(names, first, 3, dealer)
        legend = [_marks_legend(marks)]
        if match.game == Game.RAMINO:
            legend.append(
                gettext(
                    "Close: N normal, C colore, F figura, 2 two cards, SR scala reale, "
                    "P pokerissimo."
                )
            )
        return columns, groups, blank, legend
    knock = pgettext("score sheet mark", "K")
    box_mark = pgettext("score sheet mark", "B")
    columns = [number, Column(gettext("Result"), 7, "^", stretch=1)]
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
    size = 3 if hollywood else 5
    groups = _player_groups(names, first, size, dealer)
    if hollywood:
        for game in range(3):
            start = len(columns)
            for index, name in enumerate(names):
                columns.append(Column(name, 7, stretch=2, rule="thick" if index == 0 else "thin"))
                blank.append("")
            groups.append(
                Group(gettext("Game %(number)s") % {"number": game + 1}, start, len(names))
            )
    legend = [
        _marks_legend(
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
    return columns, groups, blank, legend


def _gin_settlement(match: Match, names: Sequence[str], box: PageBox) -> GridPage:
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
        gettext("Boxes x %(points)s") % {"points": rules["box_bonus"]},
        gettext("Game bonus"),
        gettext("Shutout"),
        gettext("Final score"),
    ]
    grid = Grid(columns, groups, width=box.width * 0.75, font_size=SHEET_FONT, row_height=SHEET_ROW)
    blanks = [""] * (games * len(names))
    return grid.page([Row((label, *blanks), rule=index == 3) for index, label in enumerate(labels)])


def qr_code(url: str) -> str:
    """A QR code of `url` as a PNG data URL, a pixel a module, with the standard quiet zone; print
    CSS scales it up without smoothing. (As SVG it is a path of hundreds of segments, which
    WeasyPrint parses in Python: a PNG draws five times faster.)"""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=1, border=4)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def score_sheet(match: Match, *, request, event: str = "") -> PdfDocument:
    """The blank score sheet of `match`: to fill by hand at the table.

    `request` makes the QR code's absolute address of the match page; `event` is a title line
    (a tournament and its round), left blank to write on when empty.
    """
    seats = list(match.seats.order_by("seat"))
    names = [seat.name for seat in seats]
    dealer = next((s.name for s in seats if s.seat == match.first_dealer_seat), names[0])
    box = page_box(len(names))
    columns, groups, blank, legend = _sheet_grid(match, names, dealer)
    grid = Grid(columns, groups, width=box.width, font_size=SHEET_FONT, row_height=SHEET_ROW)
    kind = gettext("Score sheet")
    context = _common_context(match, seats, kind, event)
    settlement = _gin_settlement(match, names, box) if match.game == Game.GIN else None
    room = box.height - grid.head_height - 1.5 - SLACK
    head = head_height(box, context, qr=True)
    foot = foot_height(box, legend, settlement.height + 9 if settlement else 0)
    wanted = expected_hands(match.rules, match.game, len(names))
    counts = sheet_row_counts(wanted, first=room - head, other=room - CONTINUED, foot=foot)
    pages, number = [], 0
    for count in counts:
        rows = []
        for _ in range(count):
            number += 1
            rows.append(Row((str(number), *blank[1:])))
        pages.append(grid.page(rows))
    url = request.build_absolute_uri(match.get_absolute_url())
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


# The filled report -------------------------------------------------------------------------------


@dataclass
class Notes:
    """The footnotes of a report: corrections and voids, numbered in order."""

    items: list[str] = field(default_factory=list)

    def add(self, text: str) -> str:
        self.items.append(text)
        return f"[{len(self.items)}]"


def parse_events(match: Match, names: Sequence[str], datas: Sequence[dict]) -> list[Event | None]:
    """The stored event datas as the engine's events (cards counted), or None for one the engine
    cannot read (an event is stored only after the engine accepted it, so this does not happen)."""
    document = {
        "game": match.game,
        "preset": match.preset,
        "rules": match.rules,
        "players": list(names),
    }
    try:
        return list(parse_document({**document, "events": list(datas)}).events)
    except EngineError:
        events: list[Event | None] = []
        for data in datas:
            try:
                events.append(parse_document({**document, "events": [data]}).events[0])
            except EngineError:
                events.append(None)
        return events


RAMINO_CLOSING_LABELS = {
    "normal": gettext_lazy("normal"),
    "colore": gettext_lazy("colore"),
    "figura": gettext_lazy("figura"),
    "two_cards": gettext_lazy("two cards"),
    "scala_reale": gettext_lazy("scala reale"),
    "pockerissimo": gettext_lazy("pokerissimo"),
}
GIN_RESULT_LABELS = {
    "knock": gettext_lazy("knock"),
    "undercut": gettext_lazy("undercut"),
    "gin": gettext_lazy("gin"),
    "big_gin": gettext_lazy("big gin"),
    "dead": gettext_lazy("dead hand"),
}


def _yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def _names(values: Iterable[str]) -> str:
    return ", ".join(sorted(values)) or "—"


def describe_changes(before: Event | None, after: Event | None, names: Sequence[str]) -> str:
    """What a correction changed, in words: "Bruno 35 → 53; closer Anna → Carla"."""
    if before is None or after is None or type(before) is not type(after):
        return gettext("the whole event")
    changes = []

    def changed(label: str, old: Any, new: Any) -> None:
        if old != new:
            changes.append(f"{label} {old} → {new}")

    if isinstance(before, Hand) and isinstance(after, Hand):
        changed(gettext("closer"), before.closer, after.closer)
        changed(gettext("in hand"), _yes_no(before.in_hand), _yes_no(after.in_hand))
        changed(gettext("not opened"), _names(before.not_opened), _names(after.not_opened))
        changed(
            gettext("closing"),
            RAMINO_CLOSING_LABELS.get(before.closing, before.closing),
            RAMINO_CLOSING_LABELS.get(after.closing, after.closing),
        )
        for name in names:
            changed(name, before.points.get(name, "—"), after.points.get(name, "—"))
    elif isinstance(before, GinHand) and isinstance(after, GinHand):
        changed(
            gettext("result"),
            GIN_RESULT_LABELS.get(before.result, before.result),
            GIN_RESULT_LABELS.get(after.result, after.result),
        )
        changed(gettext("knocker"), before.knocker or "—", after.knocker or "—")
        changed(gettext("upcard"), before.upcard or "—", after.upcard or "—")
        for name in names:
            changed(name, before.deadwood.get(name, "—"), after.deadwood.get(name, "—"))
    return "; ".join(changes) or gettext("nothing")


def version_notes(
    row: EventRow, parsed: dict[int, Event | None], names: Sequence[str], *, show_authors: bool
) -> str:
    """The footnote of a corrected or voided event: every change, when, why, and who made it
    when `show_authors` (the club's members only)."""
    label = f"{EventKind(row.event.kind).label} {row.number}"
    sentences = []
    for previous, version in zip(row.versions, row.versions[1:], strict=False):
        details = {"when": local_datetime(version.created_at)}
        if show_authors:
            details["who"] = user_name(version.created_by)
        if version.is_void:
            if show_authors:
                text = gettext("void by %(who)s on %(when)s") % details
            else:
                text = gettext("void on %(when)s") % details
        else:
            details["changes"] = describe_changes(
                parsed.get(previous.pk), parsed.get(version.pk), names
            )
            if show_authors:
                text = gettext("corrected by %(who)s on %(when)s: %(changes)s") % details
            else:
                text = gettext("corrected on %(when)s: %(changes)s") % details
        if version.reason:
            text += " (" + gettext("reason: %(reason)s") % {"reason": version.reason} + ")"
        sentences.append(text)
    first = row.versions[0]
    when = local_datetime(first.created_at)
    if show_authors:
        recorded = gettext("recorded by %(who)s on %(when)s") % {
            "who": user_name(first.created_by),
            "when": when,
        }
    else:
        recorded = gettext("recorded on %(when)s") % {"when": when}
    return f"{label}: {recorded}; " + "; ".join(sentences) + "."


@dataclass
class ReportTable:
    columns: list[Column]
    groups: list[Group]
    rows: list[Row]
    legend: list[str]


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _penalty_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    *,
    show_authors: bool,
) -> ReportTable:
    closer_mark = pgettext("score sheet mark", "C")
    in_hand_mark = pgettext("score sheet mark", "H")
    not_opened_mark = pgettext("score sheet mark", "N")
    reentry_mark = pgettext("score sheet mark", "R")
    out_mark = pgettext("score sheet mark", "X")
    withdraw_mark = pgettext("score sheet mark", "W")
    dealer_mark = "•"
    columns = [Column(pgettext("hand number", "#"), 4, rule="thick")]
    for _name in names:
        columns += [
            Column("±", 6, stretch=1, rule="thick"),
            Column(gettext("Total"), 6, stretch=1),
            Column("", 4, "<"),
        ]
    columns.append(Column(gettext("Notes"), 14, "<", stretch=3, rule="thick"))
    groups = _player_groups(names, 1, 3, "")
    dealer = next((s.name for s in detail.seats if s.seat == match.first_dealer_seat), names[0])
    # Not at the table for the next event: out, withdrawn, or eliminated (a re-entry, if any,
    # is the very next event, and shows the player's jump back in).
    gone = {Status.ELIMINATED, Status.OUT, Status.WITHDRAWN}
    statuses: dict[str, Status] = dict.fromkeys(names, Status.IN_PLAY)
    rows = []
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = (
            notes.add(version_notes(row, parsed, names, show_authors=show_authors))
            if len(row.versions) > 1
            else ""
        )
        cells = [str(row.number)]
        note = []
        if row.is_void or row.snapshot is None:
            for name in names:
                points = event.points.get(name, "") if isinstance(event, Hand) else ""
                mark = closer_mark if isinstance(event, Hand) and event.closer == name else ""
                cells += [str(points), "", mark]
            note.append(gettext("void"))
            cells.append(" ".join([*note, refs]).strip())
            rows.append(Row(tuple(cells), struck=True))
            continue
        snapshot: Snapshot = row.snapshot
        for name in names:
            marks = ""
            was_gone = statuses[name] in gone
            if isinstance(event, Hand):
                if name == dealer:
                    marks += dealer_mark
                if name == event.closer:
                    marks += closer_mark + (in_hand_mark if event.in_hand else "")
                if name in event.not_opened:
                    marks += not_opened_mark
            elif isinstance(event, Reentry) and event.player == name:
                marks += reentry_mark
            elif isinstance(event, Withdraw) and event.player == name:
                marks += withdraw_mark
            if name in snapshot.eliminated:
                marks += out_mark
            charge = snapshot.charges.get(name, 0)
            if was_gone and not charge:
                cells += ["", "", marks]
            else:
                involved = isinstance(event, Hand) or charge
                cells += [_signed(charge) if involved else "", str(snapshot.totals[name]), marks]
        if isinstance(event, Hand):
            if event.in_hand:
                note.append(gettext("in hand"))
            if match.game == Game.RAMINO and event.closing != "normal":
                note.append(str(RAMINO_CLOSING_LABELS.get(event.closing, event.closing)))
        elif isinstance(event, Reentry):
            fee = Decimal(str(match.rules.get("reentry_fee", "0")))
            note.append(
                gettext("re-entry %(fee)s") % {"fee": money(fee)} if fee else gettext("re-entry")
            )
        elif isinstance(event, Withdraw):
            note.append(gettext("withdrawal"))
        elif isinstance(event, TimeCall):
            note.append(gettext("time call"))
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells)))
        statuses = dict(snapshot.statuses)
        if snapshot.dealer:
            dealer = snapshot.dealer
    legend = [
        _marks_legend(
            [
                ("±", gettext("what the event added to the total")),
                (dealer_mark, gettext("dealt")),
                (closer_mark, gettext("closed")),
                (in_hand_mark, gettext("chiusura in mano")),
                (not_opened_mark, gettext("had not opened")),
                (out_mark, gettext("out")),
                (reentry_mark, gettext("re-entry")),
                (withdraw_mark, gettext("withdrew")),
            ]
        )
    ]
    return ReportTable(columns, groups, rows, legend)


def _gin_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    rules: RuleSet,
    *,
    show_authors: bool,
) -> ReportTable:
    knock_mark = pgettext("score sheet mark", "K")
    hollywood = match.rules["variant"] == "hollywood"
    oklahoma = match.rules["variant"] == "oklahoma"
    columns = [
        Column(pgettext("hand number", "#"), 4, rule="thick"),
        Column(gettext("Result"), 10, "<", stretch=1),
    ]
    if oklahoma:
        columns.append(Column(gettext("Upcard"), 5, "^"))
    first = len(columns)
    for _name in names:
        columns += [
            Column(knock_mark, 3, "^", rule="thick"),
            Column(pgettext("deadwood, short", "DW"), 4, stretch=1),
            Column("±", 6, stretch=1),
            Column(gettext("Total"), 6, stretch=1),
        ]
        if not hollywood:
            columns.append(Column(gettext("Box"), 4))
    size = 4 if hollywood else 5
    groups = _player_groups(names, first, size, "")
    if hollywood:
        for game in range(3):
            start = len(columns)
            for index, name in enumerate(names):
                columns.append(Column(name, 6, stretch=1, rule="thick" if index == 0 else "thin"))
            groups.append(
                Group(gettext("Game %(number)s") % {"number": game + 1}, start, len(names))
            )
    notes_width = 20 if hollywood else 14  # "games 1, 2, 3: Anna"
    columns.append(Column(gettext("Notes"), notes_width, "<", stretch=2, rule="thick"))
    rows = []
    settled_before: set[int] = set()  # the games settled before this row
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = (
            notes.add(version_notes(row, parsed, names, show_authors=show_authors))
            if len(row.versions) > 1
            else ""
        )
        cells = [str(row.number)]
        note = []
        scored = None
        if isinstance(event, GinHand):
            try:
                scored = score_hand(rules, names, event)
            except EngineError:
                scored = None
            result = event.result
            if scored is not None and result == "knock" and scored.winner != event.knocker:
                result = "undercut"
            cells.append(str(GIN_RESULT_LABELS.get(result, result)))
        else:
            cells.append(str(EventKind(row.event.kind).label).lower())
        if oklahoma:
            cells.append((event.upcard or "") if isinstance(event, GinHand) else "")
        struck = row.is_void or row.snapshot is None
        snapshot = row.snapshot
        for name in names:
            knocked = isinstance(event, GinHand) and event.knocker == name
            deadwood = event.deadwood.get(name, "") if isinstance(event, GinHand) else ""
            if struck:
                cells += [knock_mark if knocked else "", str(deadwood), "", ""]
            else:
                charge = snapshot.charges.get(name, 0)
                cells += [
                    knock_mark if knocked else "",
                    str(deadwood),
                    _signed(charge) if charge else "",
                    str(snapshot.totals[name]),
                ]
            if not hollywood:
                boxes = scored.boxes if scored is not None and scored.box_to == name else 0
                cells.append(str(boxes) if boxes and not struck else "")
        if hollywood:
            for game in range(3):
                for name in names:
                    if struck or game >= len(snapshot.games):
                        cells.append("")
                        continue
                    state = snapshot.games[game]
                    scores = state.final_scores if state.final_scores is not None else state.scores
                    cells.append(str(scores[name]))
        if struck:
            note.append(gettext("void"))
        elif isinstance(event, Withdraw):
            note.append(gettext("%(player)s withdrew") % {"player": event.player})
        elif snapshot is not None:
            settled = [
                game
                for game in snapshot.games
                if game.finished and game.winner and game.number not in settled_before
            ]
            settled_before.update(game.number for game in snapshot.games if game.finished)
            for winner in dict.fromkeys(game.winner for game in settled):
                numbers = ", ".join(str(g.number) for g in settled if g.winner == winner)
                note.append(
                    gettext("game %(numbers)s: %(player)s") % {"numbers": numbers, "player": winner}
                    if hollywood
                    else gettext("game: %(player)s") % {"player": winner}
                )
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells), struck=struck))
    legend = [
        _marks_legend(
            [
                (knock_mark, gettext("knocked")),
                ("±", gettext("what the hand added to the score")),
            ]
        )
    ]
    if not hollywood:
        legend.append(gettext("Box: boxes earned in the hand."))
    return ReportTable(columns, groups, rows, legend)


def standings(match: Match, detail: MatchDetail, box: PageBox) -> GridPage:
    """The final ranking, or the standings so far (in play first, by total), as a small grid."""
    state = detail.state
    gin = match.game == Game.GIN
    if state.finished:
        ordered = state.ranking
    else:
        in_play = {Status.IN_PLAY, Status.ELIMINATED}
        if gin:
            ordered = sorted(state.players, key=lambda p: -p.total)
        else:
            ordered = sorted(state.players, key=lambda p: (p.status not in in_play, p.total))
    reentries = not gin and match.rules.get("reentry_allowed", False)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 14, "<", stretch=2),
        Column(gettext("Total"), 8),
    ]
    if gin:
        columns.append(Column(gettext("Hands won"), 11))
    elif reentries:
        columns.append(Column(gettext("Re-entries"), 11))
    columns.append(Column(gettext("Status"), 14, "<", stretch=1))
    rows = []
    for position, player in enumerate(ordered, start=1):
        status = PlayerStatus(str(player.status)).label
        if state.finished and player.status == Status.IN_PLAY:
            status = ""
        cells = [str(player.place if state.finished else position), player.name, str(player.total)]
        if gin:
            cells.append(str(player.hands_won))
        elif reentries:
            cells.append(str(player.reentries))
        cells.append(str(status))
        rows.append(Row(tuple(cells)))
    grid = Grid(columns, width=min(box.width, 130), font_size=REPORT_FONT, row_height=REPORT_ROW)
    return grid.page(rows)


def gin_games(detail: MatchDetail, names: Sequence[str], box: PageBox) -> GridPage:
    """Each game of a Gin match: its final scores (or the scores so far), boxes, winner, net."""
    columns = [Column(gettext("Game"), 7, rule="thick")]
    columns += [Column(name, 9, stretch=1) for name in names]
    columns += [
        Column(gettext("Boxes"), 9),
        Column(gettext("Winner"), 12, "<", stretch=1),
        Column(gettext("Net"), 7),
    ]
    rows = []
    for game in detail.state.games:
        scores = game.final_scores if game.final_scores is not None else game.scores
        rows.append(
            Row(
                (
                    str(game.number),
                    *(str(scores[name]) for name in names),
                    " / ".join(str(game.boxes[name]) for name in names),
                    game.winner or "—",
                    "—" if game.net is None else str(game.net),
                )
            )
        )
    grid = Grid(columns, width=min(box.width, 130), font_size=REPORT_FONT, row_height=REPORT_ROW)
    return grid.page(rows)


def pot_lines(detail: MatchDetail) -> list[str]:
    pot = detail.state.pot
    lines = []
    stakes = [entry for entry in pot.entries if str(entry.kind) == "stake"]
    if stakes:
        lines.append(
            gettext("Stakes: %(count)s x %(amount)s")
            % {"count": len(stakes), "amount": money(stakes[0].amount)}
        )
    numbers = detail.replay.event_numbers
    for entry in pot.entries:
        if str(entry.kind) == "reentry_fee":
            event = numbers[entry.event] if entry.event is not None else "—"
            lines.append(
                gettext("Re-entry fee of %(player)s (event %(event)s): %(amount)s")
                % {"player": entry.player, "event": event, "amount": money(entry.amount)}
            )
    return lines


def result_line(match: Match, detail: MatchDetail) -> str:
    state = detail.state
    if not state.finished:
        return ngettext(
            "In progress: %(count)s hand so far.",
            "In progress: %(count)s hands so far.",
            detail.replay.hand_count,
        ) % {"count": detail.replay.hand_count}
    how = EndedBy(str(state.ended_by)).label if state.ended_by else ""
    if state.winner:
        text = gettext("Finished: %(winner)s wins (%(how)s).") % {
            "winner": state.winner,
            "how": how,
        }
    else:
        text = gettext("Finished (%(how)s), without a single winner.") % {"how": how}
    if match.game == Game.GIN and state.net_total is not None:
        text += " " + gettext("Net result: %(points)s.") % {"points": state.net_total}
    return text


def match_report(
    match: Match,
    *,
    event: str = "",
    detail: MatchDetail | None = None,
    show_authors: bool,
) -> PdfDocument:
    """The filled report (referto) of `match`, in progress or finished.

    `detail` is the match as `selectors.match_detail` reads it (read here when not given). The
    notes of corrected and voided events say who recorded and changed them only when
    `show_authors`, which every caller must say: views pass `clubs.permissions.can_see_authors`
    (the club's members only)."""
    detail = detail or match_detail(match)
    seats = list(detail.seats)
    names = [seat.name for seat in seats]
    box = page_box(len(names))
    versions = [version for row in detail.rows for version in row.versions]
    parsed_list = parse_events(match, names, [version.data for version in versions])
    parsed = {version.pk: event for version, event in zip(versions, parsed_list, strict=True)}
    notes = Notes()
    if match.game == Game.GIN:
        rules = rules_from_dict(match.game, match.rules)
        table = _gin_table(match, detail, names, parsed, notes, rules, show_authors=show_authors)
    else:
        table = _penalty_table(match, detail, names, parsed, notes, show_authors=show_authors)
    grid = Grid(
        table.columns, table.groups, width=box.width, font_size=REPORT_FONT, row_height=REPORT_ROW
    )
    kind = gettext("Match report")
    context = _common_context(match, seats, kind, event)
    room = box.height - grid.head_height - 1.5 - SLACK
    head = head_height(box, context, qr=False)
    head += (9 + 7) * 1.25 * MM_PER_PT + 3  # the result line and the times line
    first = max(int((room - head) / REPORT_ROW), 1)
    other = int((room - CONTINUED) / REPORT_ROW)
    counts = split_rows(len(table.rows), first=first, other=other)
    pages, start = [], 0
    for count in counts:
        if count:
            pages.append(grid.page(table.rows[start : start + count]))
        start += count
    ranking = standings(match, detail, box)
    rules = match.rules
    threshold, threshold_label = None, ""
    if match.game != Game.GIN:
        threshold = rules["elimination_at"]
        threshold_label = gettext("out at %(points)s") % {"points": threshold}
    elif rules["variant"] != "hollywood" and rules["match_mode"] == "points":
        threshold = rules["target"]
        threshold_label = gettext("target %(points)s") % {"points": threshold}
    chart = None
    if detail.state.history:
        chart = chart_block(
            print_chart(
                detail.state.history,
                names,
                char_width=MONO_ADVANCE,
                event_numbers=detail.replay.event_numbers,
                threshold=threshold,
                threshold_label=threshold_label,
            ),
            box,
        )
    context.update(
        {
            "pages": pages,
            "legend": table.legend,
            "notes": notes.items,
            "result": result_line(match, detail),
            "final": detail.state.finished,
            "ranking": ranking,
            "games": gin_games(detail, names, box) if match.game == Game.GIN else None,
            "pot": " · ".join(
                [
                    gettext("Pot: %(amount)s") % {"amount": money(detail.state.pot.total)},
                    *pot_lines(detail),
                ]
            ),
            "chart": chart,
            "times": " · ".join(
                [
                    gettext("Started %(when)s") % {"when": local_datetime(match.started_at)},
                    *(
                        [gettext("finished %(when)s") % {"when": local_datetime(match.finished_at)}]
                        if match.finished_at
                        else []
                    ),
                    gettext("printed %(when)s") % {"when": local_datetime(timezone.now())},
                ]
            ),
        }
    )
    html = render_to_string("pdf/match_report.html", context)
    return PdfDocument(html=html, title=context["title"], filename=f"tallone-{match.pk}-report.pdf")
