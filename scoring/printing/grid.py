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

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scoring.printing.geometry import (
    MM_PER_PT,
    MONO_ADVANCE,
)
from scoring.printing.render import (
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
