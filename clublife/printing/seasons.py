"""The printable season standings, a PDF document for `base.printing.render_pdf`.

One portrait A4 list: place, player, points, matches, wins, best place (monospace grids, as the
tournament standings: `scoring.printing.Grid`), then the matches counted, a line each: date, game,
where (a club night's table, or a tournament table), and the season places with their points.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from base.printing import (
    CONTINUED,
    PORTRAIT,
    Column,
    Grid,
    GridPage,
    PdfDocument,
    Row,
    css_string,
    page_counter,
)
from clublife.presenters import entry_rule, scale_note, season_summary, where
from clublife.seasons import SeasonView, scale_of
from scoring.games import game_label
from tournaments.presenters import number
from tournaments.printing.common import HEAD, LIST_FONT, LIST_ROW, grid_pages


def season_document(view: SeasonView) -> PdfDocument:
    season = view.season
    club = season.club
    kind = gettext("Season standings")
    dates = gettext("from %(start)s to %(end)s") % {
        "start": date_format(season.starts_on, "DATE_FORMAT"),
        "end": date_format(season.ends_on, "DATE_FORMAT"),
    }
    info = [season.name, club.name, dates, season_summary(season)]
    notes = [
        scale_note(season_scale(view)),
        entry_rule(season),
        gettext(
            "Ties: more points, then more wins, then fewer matches; players equal on all three "
            "share the place."
        ),
    ]
    running = ["Tallone", club.name, season.name, kind]
    title = f"{kind} · {season.name}"
    context = {
        "language": translation.get_language(),
        "title": title,
        "orientation": PORTRAIT.orientation,
        "running_head": css_string(" · ".join(running)),
        "page_counter": page_counter(),
        "heading": kind,
        "info": " · ".join(info),
        "notes": notes,
        "continued": gettext("%(title)s, continued") % {"title": title},
        "pages": _standings_pages(view, HEAD + 5 * len(notes)),
        "match_pages": _match_pages(view),
        "matches_title": gettext("Matches counted (%(count)s)") % {"count": len(view.matches)},
    }
    return PdfDocument(
        html=render_to_string("pdf/season_standings.html", context),
        title=title,
        filename=f"tallone-season-{season.pk}-standings.pdf",
    )


def _standings_pages(view: SeasonView, head: float) -> list[GridPage]:
    """The standings, a row a player, under a head of `head` mm on the first page."""
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=1),
        Column(gettext("Points"), 9),
        Column(gettext("Matches"), 9),
        Column(gettext("Wins"), 6),
        Column(gettext("Best"), 6),
    ]
    rows = [
        Row(
            (
                f"{row.place}=" if row.shared else str(row.place),
                row.player.name,
                number(row.points),
                str(row.matches),
                str(row.wins),
                str(row.best_place),
            )
        )
        for row in view.rows
    ]
    grid = Grid(columns, width=PORTRAIT.width, font_size=LIST_FONT, row_height=LIST_ROW)
    return grid_pages(grid, rows, PORTRAIT, head)


def _match_pages(view: SeasonView) -> list[GridPage]:
    """The matches counted, a row a seat: the date, game and place on a match's first row."""
    columns = [
        Column(gettext("Date"), 12, "<", rule="thick"),
        Column(gettext("Game"), 11, "<"),
        Column(gettext("Where"), 20, "<", stretch=2),
        Column(gettext("Place"), 7),
        Column(gettext("Player"), 18, "<", stretch=1),
        Column(gettext("Points"), 8),
    ]
    rows = []
    for counted in view.matches:
        head = (
            date_format(counted.finished_on, "SHORT_DATE_FORMAT"),
            game_label(counted.match.game),
            where(counted),
        )
        for index, seat in enumerate(counted.seats):
            rows.append(
                Row(
                    (
                        *(head if index == 0 else ("", "", "")),
                        str(seat.season_place),
                        seat.player.name,
                        number(seat.points),
                    ),
                    rule=index == len(counted.seats) - 1,
                )
            )
    if not rows:
        return []
    grid = Grid(columns, width=PORTRAIT.width, font_size=LIST_FONT, row_height=LIST_ROW)
    return grid_pages(grid, rows, PORTRAIT, CONTINUED)


def season_scale(view: SeasonView):
    """(size, points) for every table size the season's matches had, or 2 to 6 if none."""
    scale = scale_of(view.season)
    sizes = sorted({len(counted.seats) for counted in view.matches}) or [2, 3, 4, 5, 6]
    return [(size, scale.table_points(size)) for size in sizes]
