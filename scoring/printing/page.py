"""What every printable of a match shows: the header (`common_context`, with its estimated
height `head_height`), the signatures, the chart of the report, the legend under a grid."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from base.printing.geometry import (
    MM_PER_PT,
    MONO_ADVANCE,
    PageBox,
    page_box,
    text_height,
)
from base.printing.grid import (
    Group,
)
from base.printing.render import (
    svg_image,
)
from base.printing.words import (
    css_string,
    local_date,
    page_counter,
)
from scoring.charts import Chart
from scoring.games import game_of
from scoring.models import Match, MatchPlayer
from scoring.presenters import table_name
from scoring.rule_words import preset_label, rules_in_words

# What both printables show -----------------------------------------------------------------------


def common_context(match: Match, seats: Sequence[MatchPlayer], kind: str, event: str) -> dict:
    """What the header, the margins and the signatures of both printables show."""
    game_label = game_of(match).label
    box = page_box(len(seats))
    table = table_name(match.table_label)
    club = match.club.name + (f", {match.club.city}" if match.club.city else "")
    table_line = [
        table or gettext("Table: ______"),
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
    running = ["Tallone", match.club.name, kind, str(game_label)]
    if table:
        running.append(table)  # already 'Table 3' or the name typed, never cut
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
    """Lines to sign on, side by side across the page, with the names under them (a name too
    long for its line wraps under itself)."""
    char = font_size * MM_PER_PT * MONO_ADVANCE
    slot = int(box.width / char) // len(names)
    wrapped = [
        textwrap.wrap(name, max(slot - 2, 1), break_on_hyphens=True) or [""] for name in names
    ]
    lines = max(len(parts) for parts in wrapped)
    width, gap, height = slot * char, 4.0, 10.0 + 4.0 * lines
    path = "".join(
        f"M{index * width:.2f} 9H{(index + 1) * width - gap:.2f}" for index in range(len(names))
    )
    text = "\n".join(
        "".join(
            (parts[number] if number < len(parts) else "").ljust(slot) for parts in wrapped
        ).rstrip()
        for number in range(lines)
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
        names=text,
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


# `context`: the head's template context, whose texts of every kind are read back here.
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
    # the QR code and its help (two lines; with a table code, its line of 11 pt and four lines)
    with_code = bool(context.get("table_code"))
    code_lines = (4 * 6.5 + 11) * 1.25 * MM_PER_PT + 2 if with_code else 2 * 6.5 * 1.25 * MM_PER_PT
    code = 29 + code_lines + 1 if qr else 0
    return max(info, rules, code, line) + 3  # the table's bottom margin


def foot_height(box: PageBox, legend: Sequence[str], extra: float = 0) -> float:
    """About how tall the legend and the signatures under a grid are, in mm."""
    return sum(text_height(line, box.width, 7) + 0.8 for line in legend) + 14 + extra


def marks_legend(marks: Sequence[tuple[str, str]]) -> str:
    return " · ".join(f"{letter} = {meaning}" for letter, meaning in marks)


def player_groups(names: Sequence[str], first: int, size: int, dealer: str) -> list[Group]:
    return [
        Group(
            label=name, first=first + index * size, count=size, mark="★" if name == dealer else ""
        )
        for index, name in enumerate(names)
    ]
