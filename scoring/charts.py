"""Charts drawn on the server as plain SVG: no JavaScript, the same markup on a page and in a PDF.

`totals_chart` draws each player's total after every event of a match, from the engine's
per-event state (`Snapshot.totals` and `Snapshot.statuses`), so the chart shows exactly what the
replay computed. The SVG scales to its container (it has a `viewBox` and no fixed size in CSS
terms); its colours are the Okabe-Ito palette, readable by colour-blind people, and every player
also has a dash pattern, so a black-and-white print tells the lines apart.

`print_chart` draws the same chart for a printable, where text is what costs: WeasyPrint lays out
an SVG `<text>` letter by letter, each letter as a line of its own, plus the element itself, so a
dozen labels and a legend of names cost more than all the lines. There, every label of the axes
is one `<text>` (each character placed on its own, in the monospace font whose width is known),
and the legend is lines of monospace text for the printable to lay over the SVG: one block of
text costs about as much as one short SVG label.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoring.engine import Snapshot, Status

COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 3")
THRESHOLD_COLOUR = "#b3261e"
OUT_OF_PLAY = frozenset({Status.ELIMINATED, Status.OUT, Status.WITHDRAWN})

FONT_SIZE = 11  # the chart's text, in its units
SANS_ADVANCE = 0.6  # about the widest a digit or a letter of the page's sans font is, in em
LEGEND_SAMPLE = 32  # the sample of a player's line before their name in the legend, in units
LEGEND_LINE = 16  # the height of a line of the legend, in the chart's units
SAMPLE = 3  # characters of a text legend left blank for each entry's sample of its line
SAMPLE_DROP = 8.5  # a sample's height under the top of its legend line: mid-height of its text


@dataclass(frozen=True)
class Line:
    """One player's line: `points` are (x index, total); `busts` are the points where they went
    out of play (eliminated, out for good or withdrawn)."""

    name: str
    points: tuple[tuple[int, int], ...]
    busts: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Chart:
    """A chart for a printable (`print_chart`): an SVG `width` by `height` units, and its legend
    (`legend`), lines of monospace text for the printable to lay over the SVG. In the SVG's
    units: the legend's block starts at (`legend_left`, `legend_top`), its text is `font_size`
    and its lines are `line_height` apart. Each entry of the legend is `SAMPLE` blank characters,
    where the SVG draws a sample of the entry's line, a space and the entry's label."""

    svg: SafeString
    legend: str
    legend_left: float
    legend_top: float
    width: int
    height: int
    font_size: float = FONT_SIZE
    line_height: float = LEGEND_LINE


def player_lines(history: Sequence[Snapshot], players: Sequence[str]) -> list[Line]:
    """Each player's totals from the start (x = 0, total 0) through every event (x = 1, 2, ...).

    A line stops where its player went out of play (a cross marks the spot); a player who
    re-enters goes on from the total they re-entered with.
    """
    lines = []
    for name in players:
        points, busts = [(0, 0)], []
        playing = True
        for x, snapshot in enumerate(history, start=1):
            total = snapshot.totals[name]
            if snapshot.statuses.get(name) in OUT_OF_PLAY:
                if playing:
                    points.append((x, total))
                    busts.append((x, total))
                playing = False
            else:
                points.append((x, total))
                playing = True
        lines.append(Line(name=name, points=tuple(points), busts=tuple(busts)))
    return lines


def nice_step(span: float, ticks: int = 5) -> int:
    """A round step (1, 2, 5 times a power of ten) giving about `ticks` intervals over `span`."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


def legend_lines(labels: Sequence[str], per_line: int) -> tuple[list[str], list[tuple[int, int]]]:
    """`labels` set one after the other on lines of at most `per_line` characters, three spaces
    apart, each after `SAMPLE` blank characters and a space: the lines, and where each entry
    starts (line, column). A label too long for a line wraps under itself, never cut."""
    lines, places = [""], []
    room = max(per_line - SAMPLE - 1, 1)
    indent = " " * (SAMPLE + 1)
    for label in labels:
        pieces = textwrap.wrap(label, room, break_on_hyphens=True) if len(label) > room else []
        entry = indent + (pieces[0] if pieces else label)
        start = len(lines[-1]) + 3 if lines[-1] else 0
        if start and (pieces or start + len(entry) > per_line):
            lines.append("")
            start = 0
        lines[-1] = lines[-1].ljust(start) + entry
        places.append((len(lines) - 1, start))
        for piece in pieces[1:]:
            lines.append(indent + piece)
        if pieces:
            lines.append("")
    if len(lines) > 1 and not lines[-1]:
        lines.pop()
    return lines, places


class _Plot:
    """Where the plot sits in the SVG (`width` by `height`, `top` and `bottom` kept for titles,
    labels and legend) and its scales: x from 0 to the number of events, y over round steps
    that take in every total and the threshold."""

    left, right = 44.0, 12.0

    def __init__(
        self,
        lines: Sequence[Line],
        count: int,
        threshold: int | None,
        *,
        width: int,
        height: int,
        top: float,
        bottom: float,
    ) -> None:
        values = [total for line in lines for _x, total in line.points]
        if threshold is not None:
            values.append(threshold)
        low, high = min([0, *values]), max([1, *values])
        self.step = nice_step(high - low)
        self.low = math.floor(low / self.step) * self.step
        self.high = math.ceil(high / self.step) * self.step
        if self.high == self.low:
            self.high = self.low + self.step
        self.top = top
        self.width = width - self.left - self.right
        self.height = height - top - bottom
        self.bottom = top + self.height
        self.count = count

    def x(self, x: int) -> float:
        return self.left + self.width * x / max(self.count, 1)

    def y(self, value: float) -> float:
        return self.top + self.height * (self.high - value) / (self.high - self.low)

    def y_ticks(self) -> range:
        """The totals labelled up the left, bottom up: every round step."""
        return range(int(self.low), int(self.high) + 1, self.step)

    def hand_ticks(self, numbers: Sequence[str], label_width: float) -> list[tuple[int, str]]:
        """The hands labelled along the bottom: (x, the hand's number) for each hand, never an
        event between hands (`numbers` has "" there). Every hand while their labels, each
        `label_width` wide, fit side by side; when there are many, every 2nd, 5th, 10th... hand
        (a round step), so the labels never crowd."""
        hands = [(x, label) for x, label in enumerate(numbers, start=1) if label.isdigit()]
        if not hands:
            return []
        room = max(int(self.width // max(label_width, 1.0)), 1)
        last = max(int(label) for _x, label in hands)
        step = 1
        while math.ceil(last / step) > room:
            step = next(s for s in (2, 5, 10, 20, 50, 100, 200, 500, 1000) if s > step)
        return [(x, label) for x, label in hands if int(label) % step == 0]

    def grid(self, xs: Sequence[int]) -> str:
        """The grid, a line at every label (`xs`: the hands labelled), and the axes."""
        left, right = self.left, self.left + self.width
        grid = [f"M{left:.1f} {self.y(value):.1f}H{right:.1f}" for value in self.y_ticks()]
        grid += [f"M{self.x(x):.1f} {self.top:.1f}V{self.bottom:.1f}" for x in xs]
        return (
            f'<path d="{"".join(grid)}" stroke="#ddd" stroke-width="0.6" fill="none"/>'
            f'<path d="M{left:.1f} {self.top:.1f}V{self.bottom:.1f}H{right:.1f}" stroke="#555" '
            'stroke-width="0.8" fill="none"/>'
        )

    def threshold(self, value: int, sample: str = "") -> str:
        """The threshold's dashed line (and `sample`, more path data drawn the same way)."""
        y = self.y(value)
        return (
            f'<path d="M{self.left:.1f} {y:.1f}H{self.left + self.width:.1f}{sample}" '
            f'stroke="{THRESHOLD_COLOUR}" stroke-width="1" stroke-dasharray="5 3" fill="none"/>'
        )

    def player(self, index: int, line: Line, sample: str) -> str:
        """A player's line and `sample` (its sample in the legend) as one path; a cross, in the
        line's colour, where they went out of play. (Every SVG element costs WeasyPrint time.)"""
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        path = "".join(
            f"{'L' if i else 'M'}{self.x(x):.1f} {self.y(total):.1f}"
            for i, (x, total) in enumerate(line.points)
        )
        dash_attribute = f' stroke-dasharray="{dash}"' if dash else ""
        crosses = "".join(
            f"M{self.x(x) - 3:.1f} {self.y(total) - 3:.1f}l6 6m0 -6l-6 6" for x, total in line.busts
        )
        if crosses:
            crosses = f'<path d="{crosses}" stroke="{colour}" stroke-width="1.6" fill="none"/>'
        return (
            f'<path d="{path}{sample}" stroke="{colour}" stroke-width="1.8" fill="none" '
            f'stroke-linejoin="round"{dash_attribute}/>{crosses}'
        )


def totals_chart(
    history: Sequence[Snapshot],
    players: Sequence[str],
    *,
    labels: Sequence[str] | None = None,
    threshold: int | None = None,
    threshold_label: str = "",
    title: str = "",
    x_label: str = "",
    width: int = 720,
    height: int = 300,
    font_size: float = FONT_SIZE,
) -> SafeString:
    """An SVG line chart of each player's total event by event, complete in itself: its title,
    labels and legend are SVG text, `font_size` in the chart's units (a chart `width` units wide
    shown on a phone's 350 pixels has its text at `font_size * 350 / width` pixels).

    `history` is the engine's state after every event (`MatchState.history`), `players` the
    names in seat order. `labels` gives the hand's number as players count it for each entry of
    `history`, "" for an event between hands (by default 1, 2, 3...): the x axis labels hands
    only (`_Plot.hand_ticks`). `threshold` draws a dashed line (the elimination threshold, or
    Gin's target).
    """
    numbers = list(labels) if labels is not None else [str(n) for n in range(1, len(history) + 1)]
    lines = player_lines(history, players)
    char = font_size * SANS_ADVANCE
    # The legend: as many players a row (up to four) as their names let, a sample and the name.
    entry = LEGEND_SAMPLE + max((len(name) for name in players), default=1) * char + char * 2
    per_row = max(1, min(4, int((width - _Plot.left - _Plot.right) // entry)))
    legend_rows = math.ceil(len(players) / per_row)
    line_height = font_size * 1.45
    top = font_size + (font_size * 1.5 if title else 0.0)
    bottom = font_size * 2.7 + (font_size * 1.3 if x_label else 0.0) + line_height * legend_rows
    plot = _Plot(lines, len(history), threshold, width=width, height=height, top=top, bottom=bottom)
    ticks = plot.hand_ticks(numbers, char * (max(map(len, numbers), default=1) + 1))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" font-family="Tallone Sans, DejaVu Sans '
        f'Condensed, sans-serif" font-size="{font_size:g}">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
        parts.append(
            f'<text x="{plot.left:.0f}" y="{font_size * 1.3:.1f}" font-size="{font_size + 1:g}" '
            f'font-weight="bold">{escape(title)}</text>'
        )
    for value in plot.y_ticks():
        parts.append(
            f'<text x="{plot.left - 5:.0f}" y="{plot.y(value) + font_size * 0.35:.1f}" '
            f'text-anchor="end" fill="#555">{value}</text>'
        )
    for x, number in ticks:
        parts.append(
            f'<text class="hand-tick" x="{plot.x(x):.1f}" y="{plot.bottom + font_size * 1.3:.1f}" '
            f'text-anchor="middle" fill="#555">{escape(number)}</text>'
        )
    parts.append(plot.grid([x for x, _number in ticks]))
    if x_label:
        parts.append(
            f'<text x="{plot.left + plot.width / 2:.1f}" y="{plot.bottom + font_size * 2.6:.1f}" '
            f'text-anchor="middle" fill="#555">{escape(x_label)}</text>'
        )
    if threshold is not None:
        parts.append(plot.threshold(threshold))
        if threshold_label:
            parts.append(
                f'<text x="{plot.left + 4:.1f}" y="{plot.y(threshold) - 3:.1f}" '
                f'fill="{THRESHOLD_COLOUR}">{escape(threshold_label)}</text>'
            )
    legend_top = height - line_height * legend_rows + 2
    column_w = plot.width / per_row
    for index, line in enumerate(lines):
        legend_x = plot.left + column_w * (index % per_row)
        legend_y = legend_top + line_height * (index // per_row)
        middle = legend_y + font_size * 0.55
        parts.append(plot.player(index, line, f"M{legend_x:.1f} {middle:.1f}h{LEGEND_SAMPLE - 6}"))
        parts.append(
            f'<text x="{legend_x + LEGEND_SAMPLE:.1f}" y="{middle + font_size * 0.35:.1f}">'
            f"{escape(line.name)}</text>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above


def print_chart(
    history: Sequence[Snapshot],
    players: Sequence[str],
    *,
    char_width: float,
    labels: Sequence[str] | None = None,
    threshold: int | None = None,
    threshold_label: str = "",
    width: int = 720,
    height: int = 300,
) -> Chart:
    """The chart of `totals_chart` for a printable, in the monospace font whose characters are
    all `char_width` em wide: every label of the axes in one SVG `<text>`, each character placed
    on its own (a label is centred, or right-aligned, exactly); and the legend (the players' names,
    then `threshold_label` after a sample of the threshold's line) as lines of text, `Chart.legend`.
    """
    numbers = list(labels) if labels is not None else [str(n) for n in range(1, len(history) + 1)]
    lines = player_lines(history, players)
    labels = [line.name for line in lines]
    if threshold is not None and threshold_label:
        labels.append(threshold_label)
    char = FONT_SIZE * char_width
    legend, places = legend_lines(labels, int((width - _Plot.left - _Plot.right) / char))
    bottom = 30.0 + LEGEND_LINE * len(legend)
    plot = _Plot(lines, len(history), threshold, width=width, height=height, top=12, bottom=bottom)
    legend_top = height - LEGEND_LINE * len(legend) - 2

    def sample(index: int) -> str:
        row, column = places[index]
        x, y = plot.left + column * char, legend_top + row * LEGEND_LINE + SAMPLE_DROP
        return f"M{x + 1:.1f} {y:.1f}h{SAMPLE * char - 2:.1f}"

    xs: list[str] = []
    ys: list[str] = []
    text: list[str] = []

    def label(value: object, x: float, y: float, *, centred: bool) -> None:
        value = str(value)
        start = x - len(value) * char * (0.5 if centred else 1)
        xs.extend(f"{start + index * char:.1f}" for index in range(len(value)))
        ys.extend([f"{y:.1f}"] * len(value))
        text.append(value)

    for value in plot.y_ticks():
        label(value, plot.left - 5, plot.y(value) + 4, centred=False)
    ticks = plot.hand_ticks(numbers, char * (max(map(len, numbers), default=1) + 1))
    for x, number in ticks:
        label(number, plot.x(x), plot.bottom + 14, centred=True)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">',
        plot.grid([x for x, _number in ticks]),
        f'<text x="{" ".join(xs)}" y="{" ".join(ys)}" font-family="Tallone Mono" '
        f'font-size="{FONT_SIZE}" fill="#555">{"".join(text)}</text>',
    ]
    if threshold is not None:
        parts.append(plot.threshold(threshold, sample(len(lines)) if threshold_label else ""))
    parts += [plot.player(index, line, sample(index)) for index, line in enumerate(lines)]
    parts.append("</svg>")
    return Chart(
        svg=mark_safe("".join(parts)),  # its only text is numbers
        legend="\n".join(legend),
        legend_left=plot.left,
        legend_top=legend_top,
        width=width,
        height=height,
    )
