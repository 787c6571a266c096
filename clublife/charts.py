"""A player's charts, drawn on the server as plain SVG (no script): the rating over time and how
often the player finishes in each place.

Like `scoring.charts`, every SVG has a `viewBox` (it scales to its container), a `<title>` for
screen readers, the Okabe-Ito colours, and few elements: one path for the grid, one for the
sigma band, one for the line, a handful of labels. Every text in them is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoring.charts import COLOURS, FONT_SIZE, nice_step

LINE_COLOUR = COLOURS[0]
BAND_COLOUR = "#56b4e9"
BAR_COLOUR = COLOURS[2]
MUTED = "#555"
LEFT, RIGHT, TOP = 40.0, 18.0, 26.0


def _open(width: int, height: int, title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'role="img" font-family="Tallone Sans, DejaVu Sans Condensed, sans-serif" '
        f'font-size="{FONT_SIZE}">',
        f"<title>{escape(title)}</title>",
        f'<text x="{LEFT:.0f}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>',
    ]


def _number(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True)
class _RatingPlot:
    """Where a rating chart draws: its matches from 0 to `count` across, its values from `low` to
    `high` up, in the plot between the margins."""

    count: int
    low: float
    high: float
    bottom: float
    plot_w: float

    def x(self, index: int) -> float:
        return LEFT + self.plot_w * index / self.count

    def y(self, value: float) -> float:
        return TOP + (self.bottom - TOP) * (self.high - value) / (self.high - self.low)


def rating_chart(
    points: Sequence[tuple[float, float]],
    *,
    start: tuple[float, float],
    title: str,
    mu_label: str,
    band_label: str,
    x_label: str,
    width: int = 640,
    height: int = 240,
) -> SafeString:
    """The rating after each match: `points` are (mu, sigma) after matches 1, 2, ...; `start` is
    the rating before the first (x = 0). The mu line runs over a band from mu - sigma to
    mu + sigma, which narrows as the rating grows surer."""
    series = [start, *points]
    lows = [mu - sigma for mu, sigma in series]
    highs = [mu + sigma for mu, sigma in series]
    step = nice_step(max(highs) - min(lows), 4)
    low = math.floor(min(lows) / step) * step
    high = math.ceil(max(highs) / step) * step
    if high == low:
        high = low + step
    count = max(len(series) - 1, 1)
    plot = _RatingPlot(count, low, high, height - 44.0, width - LEFT - RIGHT)
    parts = _open(width, height, title)
    parts += _rating_axes(plot, step, len(series))
    parts += _rating_lines(plot, series)
    parts.append(
        f'<text x="{LEFT + plot.plot_w / 2:.1f}" y="{plot.bottom + 28:.1f}" text-anchor="middle" '
        f'fill="{MUTED}">{escape(x_label)}</text>'
    )
    legend_y = height - 6.0
    middle = LEFT + plot.plot_w / 2
    parts.append(
        f'<path d="M{LEFT:.1f} {legend_y - 4:.1f}h24" stroke="{LINE_COLOUR}" stroke-width="2"/>'
        f'<text x="{LEFT + 30:.1f}" y="{legend_y:.1f}">{escape(mu_label)}</text>'
        f'<rect x="{middle:.1f}" y="{legend_y - 9:.1f}" width="24" height="10" '
        f'fill="{BAND_COLOUR}" opacity="0.3"/>'
        f'<text x="{middle + 30:.1f}" y="{legend_y:.1f}">{escape(band_label)}</text>'
    )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above


def _rating_axes(plot: _RatingPlot, step: float, points: int) -> list[str]:
    """The values up the left every `step`, their grid lines, the match numbers across, the axes."""
    parts = []
    grid = []
    value = plot.low
    while value <= plot.high + 1e-9:
        grid.append(f"M{LEFT:.1f} {plot.y(value):.1f}H{LEFT + plot.plot_w:.1f}")
        parts.append(
            f'<text x="{LEFT - 5:.0f}" y="{plot.y(value) + 4:.1f}" text-anchor="end" '
            f'fill="{MUTED}">{_number(value)}</text>'
        )
        value += step
    for index in range(0, points, nice_step(plot.count, 5)):
        parts.append(
            f'<text x="{plot.x(index):.1f}" y="{plot.bottom + 14:.1f}" text-anchor="middle" '
            f'fill="{MUTED}">{index}</text>'
        )
    parts.append(f'<path d="{"".join(grid)}" stroke="#ddd" stroke-width="0.6" fill="none"/>')
    parts.append(
        f'<path d="M{LEFT:.1f} {TOP:.1f}V{plot.bottom:.1f}H{LEFT + plot.plot_w:.1f}" '
        f'stroke="{MUTED}" stroke-width="0.8" fill="none"/>'
    )
    return parts


def _rating_lines(plot: _RatingPlot, series: Sequence[tuple[float, float]]) -> list[str]:
    """The band from mu - sigma to mu + sigma, and the mu line over it."""
    x, y = plot.x, plot.y
    upper = "".join(
        f"{'L' if i else 'M'}{x(i):.1f} {y(mu + sigma):.1f}" for i, (mu, sigma) in enumerate(series)
    )
    lower = "".join(
        f"L{x(i):.1f} {y(mu - sigma):.1f}" for i, (mu, sigma) in reversed(list(enumerate(series)))
    )
    line = "".join(
        f"{'L' if i else 'M'}{x(i):.1f} {y(mu):.1f}" for i, (mu, _s) in enumerate(series)
    )
    return [
        f'<path class="band" d="{upper}{lower}Z" fill="{BAND_COLOUR}" opacity="0.3"/>',
        f'<path class="mu" d="{line}" stroke="{LINE_COLOUR}" stroke-width="2" fill="none" '
        'stroke-linejoin="round"/>',
    ]


def places_chart(
    places: Sequence[tuple[int, int]],
    *,
    title: str,
    x_label: str,
    width: int = 640,
    height: int = 220,
) -> SafeString:
    """Bars of how many finished matches ended in each place: `places` are (place, count), best
    place first; each bar carries its count."""
    most = max([count for _place, count in places] + [1])
    step = nice_step(most, 4)
    high = math.ceil(most / step) * step
    bottom = height - 34.0
    plot_w = width - LEFT - RIGHT
    slot = plot_w / max(len(places), 1)
    bar_w = min(slot * 0.6, 80.0)

    def y(value: float) -> float:
        return TOP + 12 + (bottom - TOP - 12) * (high - value) / high

    parts = _open(width, height, title)
    grid = "".join(
        f"M{LEFT:.1f} {y(value):.1f}H{LEFT + plot_w:.1f}" for value in range(0, high + 1, step)
    )
    parts.append(f'<path d="{grid}" stroke="#ddd" stroke-width="0.6" fill="none"/>')
    for value in range(0, high + 1, step):
        parts.append(
            f'<text x="{LEFT - 5:.0f}" y="{y(value) + 4:.1f}" text-anchor="end" fill="{MUTED}">'
            f"{value}</text>"
        )
    for index, (place, count) in enumerate(places):
        centre = LEFT + slot * (index + 0.5)
        if count:
            parts.append(
                f'<rect class="bar" x="{centre - bar_w / 2:.1f}" y="{y(count):.1f}" '
                f'width="{bar_w:.1f}" height="{y(0) - y(count):.1f}" fill="{BAR_COLOUR}"/>'
            )
        parts.append(
            f'<text x="{centre:.1f}" y="{y(count) - 4:.1f}" text-anchor="middle" '
            f'font-weight="bold">{count}</text>'
            f'<text x="{centre:.1f}" y="{bottom + 14:.1f}" text-anchor="middle" '
            f'fill="{MUTED}">{place}</text>'
        )
    parts.append(
        f'<path d="M{LEFT:.1f} {y(0):.1f}H{LEFT + plot_w:.1f}" stroke="{MUTED}" '
        'stroke-width="0.8" fill="none"/>'
    )
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{height - 4:.1f}" text-anchor="middle" '
        f'fill="{MUTED}">{escape(x_label)}</text>'
    )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above
