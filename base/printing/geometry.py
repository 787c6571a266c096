"""Page geometry: the A4 content boxes of print.css, the monospace font's advance, how many rows
a page holds and about how tall a text is (the pages of a grid are cut here, from estimated
heights, not by WeasyPrint, so that every page repeats the grid's header)."""

from __future__ import annotations

import math
from dataclasses import dataclass

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


CONTINUED = 7.0  # mm: the title line that starts a continuation page
SLACK = 4.0  # mm kept free on a page, in case an estimate below is short


def text_height(text: str, width: float, size: float, *, em: float = 0.45) -> float:
    """About how tall `text` is in mm, set in print.css's sans font at `size` pt (line-height
    1.25) in a column `width` mm wide; `em` is the average width of a character (DejaVu Sans
    Condensed: 0.43 em in English and Italian prose, 0.51 in bold), plus a tenth for wrapping."""
    per_line = max(1, int(width / (em * size * MM_PER_PT * 1.1)))
    lines = sum(max(1, math.ceil(len(part) / per_line)) for part in str(text).split("\n"))
    return lines * size * 1.25 * MM_PER_PT
