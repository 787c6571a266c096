"""The grid layout engine: a grid (`Grid`) as wide as the page, drawn as one SVG of lines and
boxes to tick under three blocks of monospace text: the names, the column labels and the rows, a
line a row.

Speed (bench/pdf.py; target 0.1 s a page). WeasyPrint lays out every box and line of text in
Python, about a millisecond each, so a grid as an HTML table (25 rows of 20 cells) costs 0.4 s a
page. A row's cells are padded to whole characters, and every glyph of DejaVu Sans Mono is
`MONO_ADVANCE` em wide, so a column of N characters is exactly N characters wide on paper and the
SVG's lines fall between the columns.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from base.printing.geometry import (
    MM_PER_PT,
    MONO_ADVANCE,
)
from base.printing.render import (
    svg_image,
)

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
    """A grid as wide as the page: columns widened to whole characters of the monospace font.

    Nothing is ever cut short. Given the `rows` it will show, a grid widens each column to its
    longest cell and label, taking the room from columns that have more than they need; when
    the page is still too narrow the font shrinks, down to `min_font` (four fifths of
    `font_size` unless said); below that, long cells wrap at spaces and hyphens, and a wrapped
    row takes two (or more) lines. The groups' headings (the players' names) shrink a little
    more before they wrap, and the column labels wrap under themselves."""

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
        rows: Sequence[Row] = (),
        min_font: float | None = None,
    ) -> None:
        self.columns = tuple(columns)
        self.groups = tuple(groups)
        self.row_height = row_height
        self.requested_font = font_size
        self._row_lines: dict[Row, list[str]] = {}
        self.min_font = font_size * 0.8 if min_font is None else min_font
        base = sum(column.width for column in columns)
        available = int(width / (font_size * MM_PER_PT * MONO_ADVANCE))
        # Too many columns for `font_size`: no widening, and a smaller font.
        widths = self._widen(available - base)
        self.widths = self._fit(widths, rows, available, int(width / self._char(self.min_font)))
        # The grid fills the width exactly: the font grows a little to take up what is left.
        self.char = width / sum(self.widths)
        self.font_size = self.char / MM_PER_PT / MONO_ADVANCE
        self.width = width
        self.starts = [sum(self.widths[:index]) for index in range(len(self.widths) + 1)]
        # Large type (a wall version) needs taller headings than the class's.
        self.label_height = max(Grid.label_height, self.font_size * 1.25 * MM_PER_PT + 0.6)
        self.name_height = max(Grid.name_height, self.font_size * 1.25 * MM_PER_PT + 1.2)
        self.names_font, self.name_lines = self._names()
        self.label_lines = self.lines_of([column.label for column in self.columns])
        names_height = self._block_height(len(self.name_lines), self.name_height, self.names_font)
        self.names_height = names_height if groups else 0.0
        self.labels_height = self._block_height(
            len(self.label_lines), self.label_height, self.font_size
        )
        self.head_height = self.names_height + self.labels_height

    def fitted(self, rows: Sequence[Row]) -> Grid:
        """This grid again, its columns fitted to `rows`."""
        return Grid(
            self.columns,
            self.groups,
            width=self.width,
            font_size=self.requested_font,
            row_height=self.row_height,
            rows=rows,
            min_font=self.min_font,
        )

    @staticmethod
    def _char(font_size: float) -> float:
        return font_size * MM_PER_PT * MONO_ADVANCE

    @staticmethod
    def _block_height(lines: int, single: float, font_size: float) -> float:
        """A block of one line is `single` mm tall; more lines are set closer, in mm."""
        if lines <= 1:
            return single
        return lines * font_size * 1.2 * MM_PER_PT + 1.0

    def _widen(self, extra: int) -> list[int]:
        """Share the `extra` characters by the columns' `stretch`, evenly: columns alike (each
        player's points) stay alike. What cannot be shared evenly is left to the font size."""
        weights = [column.stretch for column in self.columns]
        per_unit = extra // sum(weights) if sum(weights) and extra > 0 else 0
        return [column.width + per_unit * column.stretch for column in self.columns]

    def _fit(self, widths: list[int], rows: Sequence[Row], available: int, most: int) -> list[int]:
        """`widths` made wide enough for every cell and label: a column that needs more takes it
        from the room other columns have beyond their needs; past the `available` characters the
        font shrinks, and past the `most` characters (the smallest font) the columns of long
        texts get narrower again, down to their longest word, and their cells wrap."""
        full = [max(column.width, len(column.label) + 1) for column in self.columns]
        least = [max(column.width, _longest_word(column.label) + 1) for column in self.columns]
        cells = [column.width for column in self.columns]  # the longest cell, whole
        for row in rows:
            for index, cell in enumerate(row.cells):
                text = str(cell)
                if len(text) + 1 > cells[index]:
                    cells[index] = len(text) + 1
                    least[index] = max(least[index], _longest_word(text) + 1)
        full = [max(label, cell) for label, cell in zip(full, cells, strict=True)]
        widths = [max(width, need) for width, need in zip(widths, full, strict=True)]
        self._shrink(widths, full, available)
        # Then the labels wrap (a line more in the header) before the cells do (in every row).
        self._shrink(widths, [max(a, b) for a, b in zip(least, cells, strict=True)], most)
        self._shrink(widths, least, most)
        return widths

    @staticmethod
    def _shrink(widths: list[int], floors: Sequence[int], target: int) -> None:
        """Take characters from the columns with the most room above their `floors` until the
        widths add up to `target` (or every column is at its floor)."""
        over = sum(widths) - target
        while over > 0:
            index = max(range(len(widths)), key=lambda i: widths[i] - floors[i])
            room = widths[index] - floors[index]
            if room <= 0:
                return
            step = min(room, over, max(1, room // 2))
            widths[index] -= step
            over -= step

    def _span(self, first: int, count: int) -> float:
        """The width of columns `first` to `first + count - 1`, in mm."""
        return (self.starts[first + count] - self.starts[first]) * self.char

    def lines_of(self, cells: Sequence[str]) -> list[str]:
        """The cells padded to their columns' widths: the lines of monospace text of one row, a
        line unless a cell is too long for its column and wraps."""
        wrapped = [
            _wrap(str(cell), width - 1) for width, cell in zip(self.widths, cells, strict=True)
        ]
        count = max((len(parts) for parts in wrapped), default=1)
        lines = []
        for number in range(count):
            parts = []
            for column, width, texts in zip(self.columns, self.widths, wrapped, strict=True):
                text = texts[number] if number < len(texts) else ""
                room = width - 1
                if column.align == "<":
                    parts.append(" " + text.ljust(room))
                elif column.align == "^":
                    parts.append(text.center(width))
                else:
                    parts.append(text.rjust(room) + " ")
            lines.append("".join(parts))
        return lines

    def line(self, cells: Sequence[str]) -> str:
        """The cells padded to their columns' widths (its lines, if a cell wraps)."""
        return "\n".join(self.lines_of(cells))

    def row_lines(self, row: Row) -> list[str]:
        """`lines_of` the row's cells, worked out once per grid (pages are cut, then drawn)."""
        lines = self._row_lines.get(row)
        if lines is None:
            lines = self._row_lines[row] = self.lines_of(row.cells)
        return lines

    def height_of(self, row: Row) -> float:
        """How tall `row` is, in mm: a row height a line."""
        return self.row_height * len(self.row_lines(row))

    def _names(self) -> tuple[float, list[str]]:
        """The groups' headings (the players' names), each centred over its columns: their
        font (smaller than the grid's, to three quarters, for a heading too long) and lines
        (more than one when a heading still does not fit)."""
        if not self.groups:
            return self.font_size, [""]
        labels = [f"{group.label} {group.mark}".strip() for group in self.groups]
        spans = [self._span(group.first, group.count) for group in self.groups]
        scale = min(
            [
                1.0,
                *(
                    (span / self.char - 1) / len(label)
                    for label, span in zip(labels, spans, strict=True)
                    if label
                ),
            ]
        )
        font = self.font_size * max(scale, 0.75)
        char = self._char(font)
        total = int(self.width / char)
        parts = []
        for group, label in zip(self.groups, labels, strict=True):
            start = int(self.starts[group.first] * self.char / char)
            end = min(int(self.starts[group.first + group.count] * self.char / char), total)
            parts.append((start, end, _wrap(label, end - start - 1)))
        lines = []
        for number in range(max(len(texts) for _s, _e, texts in parts)):
            line = [" "] * total
            for start, end, texts in parts:
                if number < len(texts):
                    line[start:end] = texts[number].center(end - start)
            lines.append("".join(line).rstrip())
        return font, lines

    def names_line(self) -> str:
        return "\n".join(self.name_lines)

    def split(self, rows: Sequence[Row], *, first: float, other: float) -> list[list[Row]]:
        """`rows` cut into pages: `first` mm for rows (under the grid's header) on page 1 and
        `other` on the next pages; at least a row a page, and one page if there is no row."""
        pages: list[list[Row]] = [[]]
        used, room = 0.0, first
        for row in rows:
            height = self.height_of(row)
            if pages[-1] and used + height > room + 0.01:
                pages.append([])
                used, room = 0.0, other
            pages[-1].append(row)
            used += height
        return pages

    def page(self, rows: Sequence[Row]) -> GridPage:
        lines = []
        heights = []
        for row in rows:
            # Trailing spaces cost time to draw and show nothing (a struck row keeps them).
            texts = self.row_lines(row)
            heights.append(self.row_height * len(texts))
            for text in texts:
                if row.struck:
                    lines.append(format_html("<s>{}</s>", text))
                else:
                    lines.append(escape(text.rstrip()))
        height = self.head_height + sum(heights)
        font = f"font-size:{self.font_size:.3f}pt"
        names_font = f"font-size:{self.names_font:.3f}pt"
        name_step = self.names_height / len(self.name_lines) if self.groups else 0
        label_step = self.labels_height / len(self.label_lines)
        return GridPage(
            height=height,
            style=f"width:{self.width:.2f}mm;height:{height:.2f}mm",
            names_style=f"top:0;line-height:{name_step:.2f}mm;{names_font}",
            names=self.names_line(),
            labels_style=(f"top:{self.names_height:.2f}mm;line-height:{label_step:.2f}mm;{font}"),
            labels="\n".join(line.rstrip() for line in self.label_lines),
            rows_style=f"top:{self.head_height:.2f}mm;line-height:{self.row_height:.2f}mm;{font}",
            lines=mark_safe("\n".join(lines)),  # each line escaped above
            svg=self._svg(rows, heights, height),
        )

    def _svg(self, rows: Sequence[Row], heights: Sequence[float], height: float) -> SafeString:
        """The lines of the grid, and its boxes to tick.

        WeasyPrint parses path data in Python, segment by segment, so the boxes of a row are not
        drawn one by one: their top and bottom edges are two dashed lines across the row, their
        sides are dashed lines down the whole grid, a dash a row. (No SVG pattern: viewers tile
        a pattern at whole pixels, and at screen resolution its tiles drift off the rows.)"""
        char, width = self.char, self.width
        top, count = self.head_height, len(rows)
        name_height = self.names_height
        thin, thick = [], []
        thick.append(f"M0 0H{width:.2f}M0 {top:.2f}H{width:.2f}M0 {height:.2f}H{width:.2f}")
        y = top
        for index, (row, row_height) in enumerate(zip(rows[:-1], heights, strict=False), start=1):
            y += row_height
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
        `boxes`, as SVG ("" when the grid has no such column). The rows are a line each (blank
        rows: boxes are for the score sheets' hands to fill)."""
        labels = self.lines_of([column.label if column.boxes else "" for column in self.columns])[0]
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


def _longest_word(text: str) -> int:
    """The length of the longest word of `text`, a hyphenated word's parts apart."""
    return max((len(part) for part in re.split(r"\s+|(?<=-)", text)), default=0)


def _wrap(text: str, room: int) -> list[str]:
    """`text` in lines of at most `room` characters, broken at spaces and after hyphens (a word
    longer than a line, which the columns' widths avoid, is broken where it must)."""
    if len(text) <= room:
        return [text]
    return textwrap.wrap(text, max(room, 1), break_on_hyphens=True) or [""]
