"""CSV exports of the Gin formats: the standings of a bracket and of a Swiss or round robin, as
the tournament's standings CSV writes them (`tournaments.exports.STANDINGS_WRITERS`, added by
`PairingsConfig.ready()`), with the tournaments' writer and numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from pairings.engine.standings import TieBreak
from pairings.presenters import tie_break_column
from pairings.selectors.standings import GinStandings
from tournaments.exports import spreadsheet_number
from tournaments.presenters import dropped_mark

if TYPE_CHECKING:
    from tournaments.exports import SafeWriter


def write_bracket_standings(result: GinStandings, writer: SafeWriter) -> None:
    writer.writerow([gettext("Place"), gettext("Player"), gettext("Seed")])
    for row in result.rows:
        writer.writerow([row.place_label, row.entry.player.name, row.standing.seed])


def write_pairing_standings(result: GinStandings, writer: SafeWriter) -> None:
    """The columns keep their names and places (spreadsheets read them); head to head, when the
    tournament counts it, is the last column, headed as on the standings page, empty for a
    player it did not reach (the page's dash)."""
    head_to_head = TieBreak.HEAD_TO_HEAD in result.tie_breaks
    writer.writerow(
        [
            gettext("Place"),
            gettext("Shared"),
            gettext("Player"),
            gettext("Played"),
            gettext("Wins"),
            gettext("Draws"),
            gettext("Losses"),
            gettext("Byes"),
            gettext("Points"),
            gettext("Buchholz"),
            gettext("Median-Buchholz"),
            gettext("Net"),
            gettext("Status"),
            *([tie_break_column(TieBreak.HEAD_TO_HEAD)] if head_to_head else []),
        ]
    )
    for row in result.rows:
        standing: Any = row.standing  # a pairing standing (`GinStandings.rows`, by kind)
        writer.writerow(
            [
                standing.place,
                gettext("yes") if row.shared else "",
                row.entry.player.name,
                standing.played,
                standing.wins,
                standing.draws,
                standing.losses,
                standing.byes,
                spreadsheet_number(standing.points),
                spreadsheet_number(standing.buchholz),
                spreadsheet_number(standing.median_buchholz),
                standing.net,
                dropped_mark(row.entry),
                *([spreadsheet_number(standing.head_to_head)] if head_to_head else []),
            ]
        )
