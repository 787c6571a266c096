"""The bracket of a tournament: `bracket_document(tournament, paper=...)`, a Gin bracket on one
landscape page (A4, or A3), drawn by `bracket_chart` from the engine's bracket: one SVG of boxes and
lines under one small block of text per match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from base.printing import MM_PER_PT, MONO_ADVANCE, PdfDocument
from pairings import presenters as words
from pairings.engine import brackets as engine
from pairings.formats import bracket_format_of
from pairings.selectors.brackets import BracketView
from tournaments.models import Tournament
from tournaments.printing import PAPERS, tournament_context

# The bracket -------------------------------------------------------------------------------------

LABEL = 6.0  # mm: a column's title, two lines at most
TITLE = 6.0  # mm: a section's title (double elimination)
MAX_UNIT = 16.0  # mm: the height of a first-round match, at most
MAX_FONT = 10.0  # pt
WIDE = 24  # characters of a side the font makes room for
BRACKET_HEAD = 22.0  # mm: the heading, the line under it, the champion and the scores' legend


@dataclass(frozen=True)
class BracketText:
    """A block of text placed on the chart: a match's two sides, a number or a title."""

    style: str
    html: SafeString
    kind: str  # "match", "number", "label", "title"


@dataclass(frozen=True)
class BracketChart:
    style: str
    svg: SafeString
    texts: tuple[BracketText, ...]
    font_size: float


@dataclass(frozen=True)
class _Area:
    """A section of the chart: the rectangle of its boxes (below its titles), its columns."""

    top: float
    rows: int
    columns: int
    width: float


SCORED = ("played", "playing")  # the card states whose scores are printed


def _side_text(card, side: int, chars: int, font: float) -> SafeString:
    """A side of a match card: the player (with the seed where the draw put them), or where
    they come from ("Winner of match 5"); "w/o" after a winner by walkover, else the score that
    decides the match (hands won a mano, points otherwise) at the right of the box once it is
    played. A side longer than the box's `chars` is never cut: it is set in a smaller font that
    fits the box."""
    text = card.sides[side]
    slot = card.match.slots[side]
    if card.known[side] and slot.kind is engine.SlotKind.SEED:
        text = f"{text} ({slot.ref})"
    if card.winner_side == side and card.walkover:
        text += " " + words.walkover_mark()
    else:
        score = card.scores[side]
        if score is not None and card.status in SCORED:
            mark = f" {score}"
            text = text.ljust(chars - len(mark)) + mark  # the score at the box's right edge
    if len(text) <= chars:
        return escape(text)
    return format_html(
        '<span style="font-size:{}pt">{}</span>', f"{font * chars / len(text):.2f}", text
    )


@dataclass(frozen=True)
class _Layout:
    """The measures of a chart: the height of a row (`unit`), of a box and of its lines; the
    font and the width of a character; the margin left of a box for its match number."""

    unit: float
    box_height: float
    line: float
    digits: int
    font: float
    char: float
    gap: float


def _drawn(view: BracketView) -> engine.Bracket:
    """The bracket of `view`: a chart is drawn only once the draw is made."""
    assert view.bracket is not None
    return view.bracket


def _rows(view: BracketView) -> tuple[int, int]:
    """The rows of the winners' bracket (the third-place match under the final) and of the
    losers' bracket."""
    sections = {section.key: section for section in view.sections}
    size = _drawn(view).size
    third = any(
        card.match.section is engine.Section.THIRD_PLACE
        for column in sections["winners"].columns
        for card in column.cards
    )
    return size // 2 + (1 if third else 0), size // 4 if "losers" in sections else 0


def _widest_side(view: BracketView) -> int:
    """The characters a box needs: the longest side (up to WIDE characters; a longer side is set
    smaller, in its box: `_side_text`) and the longest score printed at its right."""
    cards = [
        card for section in view.sections for column in section.columns for card in column.cards
    ]
    longest = max(
        len(card.sides[side]) + (5 if card.match.slots[side].kind is engine.SlotKind.SEED else 0)
        for card in cards
        for side in (0, 1)
    )
    scored = max(
        (
            len(f" {score}")
            for card in cards
            if card.status in SCORED
            for score in card.scores
            if score is not None
        ),
        default=0,
    )
    return min(longest, WIDE) + scored


def _layout(view: BracketView, *, width: float, height: float, columns: Sequence[int]) -> _Layout:
    """Rows share the height, so the font scales with the field (a box is two lines of text): as
    tall as a line allows, but no wider than the narrowest of `columns` needs for its longest
    side."""
    wb_rows, lb_rows = _rows(view)
    overhead = LABEL + (TITLE + TITLE * 1.5 + LABEL if lb_rows else 0)
    unit = min((height - overhead) / (wb_rows + lb_rows), MAX_UNIT)
    box_height = unit * 0.86
    line = box_height / 2
    digits = len(str(len(_drawn(view).matches)))
    needed = _widest_side(view) + digits + 1
    narrowest = width / max(columns) - 3.2  # the room for text in the narrowest box
    font = min(
        line / 1.12 / MM_PER_PT,
        narrowest / needed / MM_PER_PT / MONO_ADVANCE,
        MAX_FONT,
    )
    char = font * MM_PER_PT * MONO_ADVANCE
    gap = (digits + 1) * char + 1.0  # the match number, and room for the line coming in
    return _Layout(unit, box_height, line, digits, font, char, gap)


class _Drawing:
    """The boxes, shades, lines and texts of a chart as its matches are placed."""

    def __init__(self, view: BracketView, layout: _Layout) -> None:
        self.bracket = _drawn(view)
        self.layout = layout
        self.boxes: list[str] = []
        self.shades: list[str] = []
        self.lines: list[str] = []
        self.texts: list[BracketText] = []
        self.where: dict[int, tuple[float, float, float]] = {}  # match -> x, y, width of its box

    def place(self, area: _Area, column: int, rows_per_match: float, card) -> None:
        """A match's box at its row of the chart, its winner's half shaded, its text."""
        layout = self.layout
        column_width = area.width / area.columns
        x = column * column_width + layout.gap
        w = column_width - layout.gap - 1.0
        y = area.top + self._centre(area, rows_per_match, card.match) - layout.box_height / 2
        self.where[card.match.number] = (x, y, w)
        line = layout.line
        self.boxes.append(
            f"M{x:.2f} {y:.2f}h{w:.2f}v{layout.box_height:.2f}h{-w:.2f}Z"
            f"M{x:.2f} {y + line:.2f}h{w:.2f}"
        )
        if card.winner_side is not None:
            self.shades.append(
                f"M{x:.2f} {y + line * card.winner_side:.2f}h{w:.2f}v{line:.2f}h{-w:.2f}Z"
            )
        self.texts.append(self._match_text(card, x, y, w))
        if card.match.section is engine.Section.THIRD_PLACE:
            self.texts.append(_label(words.third_place_label(), x, y - LABEL, w))

    def _centre(self, area: _Area, rows_per_match: float, match) -> float:
        unit = self.layout.unit
        if match.section is engine.Section.THIRD_PLACE:
            return (area.rows - 0.5) * unit
        if match.section in (engine.Section.GRAND_FINAL, engine.Section.RESET):
            return (self.bracket.size // 4) * unit if self.bracket.size >= 4 else 0.5 * unit
        return (match.position + 0.5) * rows_per_match * unit

    def _match_text(self, card, x: float, y: float, w: float) -> BracketText:
        """A match's two sides as one block of monospace lines, its number in the margin."""
        digits, char, font = self.layout.digits, self.layout.char, self.layout.font
        chars = max(int((w - 1.2) / char), 4)
        text = format_html(
            "{} {}\n{} {}",
            f"{card.match.number:>{digits}}",
            _side_text(card, 0, chars, font),
            " " * digits,
            _side_text(card, 1, chars, font),
        )
        return BracketText(
            style=(
                f"left:{x + 0.6 - (digits + 1) * char:.2f}mm;top:{y:.2f}mm;"
                f"width:{w - 0.6 + (digits + 1) * char:.2f}mm;"
                f"font-size:{font:.2f}pt;line-height:{self.layout.line:.3f}mm"
            ),
            html=text,
            kind="match",
        )

    def column_titles(self, area: _Area, titles: Sequence[str]) -> None:
        column_width = area.width / area.columns
        gap = self.layout.gap
        for index, title in enumerate(titles):
            x = index * column_width + gap
            self.texts.append(_label(title, x, area.top - LABEL, column_width - gap))

    def connect(self) -> None:
        """The lines: from a match to the match its winner plays next, in the same part of the
        chart (a loser dropping into the losers' bracket is named there: "Loser of match 5")."""
        where, line = self.where, self.layout.line
        for match in self.bracket.matches:
            for slot in match.slots:
                if slot.kind is not engine.SlotKind.WINNER:
                    continue
                source = self.bracket.matches[slot.ref - 1]
                crosses = (source.section is engine.Section.LOSERS) != (
                    match.section is engine.Section.LOSERS
                )
                if crosses or slot.ref not in where or match.number not in where:
                    continue
                x1, y1, w1 = where[slot.ref]
                x2, y2, _w2 = where[match.number]
                turn = x1 + w1 + 0.5
                self.lines.append(
                    f"M{x1 + w1:.2f} {y1 + line:.2f}H{turn:.2f}V{y2 + line:.2f}H{x2:.2f}"
                )

    def svg(self, width: float, height: float) -> SafeString:
        return mark_safe(
            f'<svg class="chart" viewBox="0 0 {width:.2f} {height:.2f}" width="{width:.2f}mm" '
            f'height="{height:.2f}mm">'
            f'<path d="{"".join(self.shades)}" fill="#e2e2e2" stroke="none"/>'
            f'<path d="{"".join(self.lines)}" stroke="#777" stroke-width="0.25" fill="none"/>'
            f'<path d="{"".join(self.boxes)}" stroke="#222" stroke-width="0.3" fill="none"/></svg>'
        )


def _draw_winners(drawing: _Drawing, area: _Area, winners, finals) -> None:
    """The winners' bracket, its columns by round, then the grand final and its second match."""
    titles = []
    for index, column in enumerate(winners.columns):
        titles.append(column.title.split(" · ")[0])  # not "Third place", labelled on its box
        rows_per_match = 2 ** (column.cards[0].match.round - 1)
        for card in column.cards:
            drawing.place(area, index, rows_per_match, card)
    if finals:
        for offset, column in enumerate(finals.columns):
            titles.append(column.title)
            for card in column.cards:
                drawing.place(area, len(winners.columns) + offset, 1, card)
    drawing.column_titles(area, titles)


def _draw_losers(drawing: _Drawing, area: _Area, losers) -> None:
    for index, column in enumerate(losers.columns):
        # losers' rounds 1 and 2 have size / 4 matches, rounds 3 and 4 half as many...
        matches = area.rows >> ((column.cards[0].match.round - 1) // 2)
        for card in column.cards:
            drawing.place(area, index, area.rows / max(matches, 1), card)
    drawing.column_titles(area, [column.title for column in losers.columns])


def bracket_chart(view: BracketView, *, width: float, height: float) -> BracketChart:
    """The bracket of `view` (`pairings.selectors.brackets.BracketView`) drawn in `width` x
    `height` mm: the winners' bracket (single elimination: the bracket, the third-place match
    under the final), its columns by round, each match a box at its row of the full chart; the
    grand final and its second match to the right; the losers' bracket below. Rows share the height,
    so the font scales with the field (a box is two lines of text).

    One SVG draws the boxes, the winners' halves shaded and the lines from each match to the
    one its winner plays next; the text of a match is one block of monospace lines, its number
    in the margin left of the box: WeasyPrint's time goes by the blocks and lines of text."""
    sections = {section.key: section for section in view.sections}
    winners = sections["winners"]
    losers = sections.get("losers")
    finals = sections.get("finals")
    wb_rows, lb_rows = _rows(view)
    wb_columns = len(winners.columns) + (len(finals.columns) if finals else 0)
    columns = [wb_columns, *([len(losers.columns)] if losers else [])]
    layout = _layout(view, width=width, height=height, columns=columns)
    drawing = _Drawing(view, layout)
    top = TITLE if losers else 0.0
    _draw_winners(drawing, _Area(top + LABEL, wb_rows, wb_columns, width), winners, finals)
    top += LABEL + wb_rows * layout.unit
    if losers:
        drawing.texts.append(_title(winners.title, 0.0))
        drawing.texts.append(_title(losers.title, top + TITLE * 0.5))
        top += TITLE * 1.5
        _draw_losers(drawing, _Area(top + LABEL, lb_rows, len(losers.columns), width), losers)
        top += LABEL + lb_rows * layout.unit
    drawing.connect()
    return BracketChart(
        style=f"width:{width:.2f}mm;height:{top:.2f}mm",
        svg=drawing.svg(width, top),
        texts=tuple(drawing.texts),
        font_size=layout.font,
    )


def _label(text: str, x: float, y: float, width: float) -> BracketText:
    return BracketText(
        style=f"left:{x:.2f}mm;top:{y:.2f}mm;width:{width:.2f}mm;line-height:{LABEL:.2f}mm",
        html=escape(text),
        kind="label",
    )


def _title(text: str, y: float) -> BracketText:
    return BracketText(
        style=f"left:0;top:{y:.2f}mm;line-height:{TITLE:.2f}mm", html=escape(text), kind="title"
    )


def bracket_document(
    tournament: Tournament, *, paper: str = "a4", view: BracketView | None = None
) -> PdfDocument:
    """The bracket of a Gin tournament on one landscape page, A4 or A3 (`paper`)."""
    if view is None:
        bracket_format = bracket_format_of(tournament)
        assert bracket_format is not None  # the bracket's PDF view answers 404 for the others
        view = bracket_format.bracket_of(tournament)
    size, box = PAPERS[paper]
    kind = gettext("Bracket")
    context = tournament_context(tournament, kind, box=box, paper=size)
    chart = None
    if view.bracket is not None:
        chart = bracket_chart(view, width=box.width, height=box.height - BRACKET_HEAD)
        context["score_legend"] = view.score_legend
        champion = view.bracket.champion
        if champion is not None:
            context["champion"] = words.champion_line(view.names.get(champion, ""))
    context["chart"] = chart
    return PdfDocument(
        html=render_to_string("pdf/tournament_bracket.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-bracket.pdf",
    )
