"""Charts drawn on the server as plain SVG: no JavaScript, the same markup on a page and in a PDF.

`totals_chart` draws each player's total after every event of a match, from the engine's
per-event state (`Snapshot.totals` and `Snapshot.statuses`), so the chart shows exactly what the
replay computed. The SVG scales to its container (it has a `viewBox` and no fixed size in CSS
terms); its colours are the Okabe-Ito palette, readable by colour-blind people, and every player
also has a dash pattern, so a black-and-white print tells the lines apart.

Text is kept to a few elements (axis labels, a legend): WeasyPrint lays out every SVG `<text>`
separately, and a chart with hundreds of them would slow a report down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoring.engine import Snapshot, Status

COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
DASHES = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 3")
OUT_OF_PLAY = frozenset({Status.ELIMINATED, Status.OUT, Status.WITHDRAWN})


@dataclass(frozen=True)
class Line:
    """One player's line: `points` are (x index, total); `busts` are the points where they went
    out of play (eliminated, out for good or withdrawn)."""

    name: str
    points: tuple[tuple[int, int], ...]
    busts: tuple[tuple[int, int], ...]


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


def totals_chart(
    history: Sequence[Snapshot],
    players: Sequence[str],
    *,
    event_numbers: Sequence[int] | None = None,
    threshold: int | None = None,
    threshold_label: str = "",
    title: str = "",
    x_label: str = "",
    width: int = 720,
    height: int = 300,
) -> SafeString:
    """An SVG line chart of each player's total event by event.

    `history` is the engine's state after every event (`MatchState.history`), `players` the
    names in seat order. `event_numbers` labels the x axis with the events' numbers in the match
    (voided events are not in the history, so the numbers may skip); by default 1, 2, 3...
    `threshold` draws a dashed line (the elimination threshold, or Gin's target).
    """
    numbers = list(event_numbers) if event_numbers is not None else list(range(1, len(history) + 1))
    lines = player_lines(history, players)
    values = [total for line in lines for _x, total in line.points]
    if threshold is not None:
        values.append(threshold)
    low, high = min([0, *values]), max([1, *values])
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step

    per_row = 4 if len(players) <= 4 else 3
    legend_rows = math.ceil(len(players) / per_row)
    left, right, top = 44.0, 12.0, 12.0 + (16.0 if title else 0.0)
    bottom = 30.0 + (14.0 if x_label else 0.0) + 16.0 * legend_rows
    plot_w, plot_h = width - left - right, height - top - bottom
    count = max(len(history), 1)

    def px(x: int) -> float:
        return left + plot_w * x / count

    def py(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" font-family="Tallone Sans, DejaVu Sans '
        f'Condensed, sans-serif" font-size="11">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
        parts.append(
            f'<text x="{left:.0f}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>'
        )
    # Grid and y labels.
    grid = []
    for value in range(int(low), int(high) + 1, step):
        y = py(value)
        grid.append(f"M{left:.1f} {y:.1f}H{left + plot_w:.1f}")
        parts.append(
            f'<text x="{left - 5:.0f}" y="{y + 4:.1f}" text-anchor="end" fill="#555">{value}</text>'
        )
    x_every = max(1, math.ceil(count / 6))
    for x in range(0, len(history) + 1, x_every):
        grid.append(f"M{px(x):.1f} {top:.1f}V{top + plot_h:.1f}")
        label = numbers[x - 1] if x else 0
        parts.append(
            f'<text x="{px(x):.1f}" y="{top + plot_h + 14:.1f}" text-anchor="middle" '
            f'fill="#555">{label}</text>'
        )
    parts.append(f'<path d="{"".join(grid)}" stroke="#ddd" stroke-width="0.6" fill="none"/>')
    parts.append(
        f'<path d="M{left:.1f} {top:.1f}V{top + plot_h:.1f}H{left + plot_w:.1f}" '
        'stroke="#555" stroke-width="0.8" fill="none"/>'
    )
    if x_label:
        parts.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 28:.1f}" '
            f'text-anchor="middle" fill="#555">{escape(x_label)}</text>'
        )
    if threshold is not None:
        y = py(threshold)
        parts.append(
            f'<path d="M{left:.1f} {y:.1f}H{left + plot_w:.1f}" stroke="#b3261e" '
            'stroke-width="1" stroke-dasharray="5 3" fill="none"/>'
        )
        if threshold_label:
            parts.append(
                f'<text x="{left + 4:.1f}" y="{y - 3:.1f}" fill="#b3261e">'
                f"{escape(threshold_label)}</text>"
            )
    # One path per player: their line and its sample in the legend (up to four players a row);
    # a cross where they went out of play. (Every SVG element costs WeasyPrint time.)
    legend_top = height - 16.0 * legend_rows + 2
    column_w = plot_w / per_row
    for index, line in enumerate(lines):
        colour, dash = COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)]
        legend_x = left + column_w * (index % per_row)
        legend_y = legend_top + 16.0 * (index // per_row)
        path = "".join(
            f"{'M' if i == 0 else 'L'}{px(x):.1f} {py(total):.1f}"
            for i, (x, total) in enumerate(line.points)
        )
        dash_attribute = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<path d="{path}M{legend_x:.1f} {legend_y + 6:.1f}h26" stroke="{colour}" '
            f'stroke-width="1.8" fill="none" stroke-linejoin="round"{dash_attribute}/>'
        )
        crosses = "".join(
            f"M{px(bx) - 3:.1f} {py(bt) - 3:.1f}l6 6m0 -6l-6 6" for bx, bt in line.busts
        )
        if crosses:
            parts.append(f'<path d="{crosses}" stroke="{colour}" stroke-width="1.6" fill="none"/>')
        parts.append(
            f'<text x="{legend_x + 32:.1f}" y="{legend_y + 10:.1f}">{escape(line.name)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above
