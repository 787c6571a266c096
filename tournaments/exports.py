"""CSV exports: a tournament's standings, and the one CSV writer every export of the project uses
(`csv_writer`: the standings, the ledger, and club life's statistics and season standings).

Numbers are written for spreadsheets: whole numbers as they are, shares and averages with a
point and two decimals, headers in the user's language. Every function writes to a file-like
`out` (an HttpResponse, a file) through `csv_writer`.

Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @
(or a tab or carriage return, which some strip first) as a formula, and names come from anyone
who may add a guest or import a match. `csv_writer` puts a single quote before such a text, so it
is shown as typed and never run. Numbers stay numbers: an int or a Decimal is written as it is,
and so is a text that is exactly a number ("-5", "-1.50"), which a spreadsheet reads as a number
and never as a formula.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext

from tournaments.formats import format_of
from tournaments.models import Tournament
from tournaments.presenters import dropped_mark
from tournaments.selectors import TableStandings

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")


def neutralised(value: object) -> object:
    """A cell as it is safe to write: a text a spreadsheet would run as a formula gets a leading
    single quote; numbers (and texts that are exactly a number) are left as they are."""
    if value is None or isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    if text.startswith(FORMULA_PREFIXES) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


class SafeWriter:
    """`csv.writer` whose every cell goes through `neutralised`."""

    def __init__(self, out, **options: Any):  # `csv.writer`'s, passed through
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[object]) -> object:
        return self._writer.writerow([neutralised(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(out, **options: Any) -> SafeWriter:  # `csv.writer`'s options
    """The CSV writer of every export: `csv.writer` with formula prefixes neutralised."""
    return SafeWriter(out, **options)


def spreadsheet_number(value: Fraction | float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return f"{Decimal(value.numerator) / Decimal(value.denominator):.2f}"
    return f"{Decimal(value):.2f}"


def write_tournament_standings(tournament: Tournament, out) -> None:
    """The standings as the standings page shows them, for table and Gin formats alike."""
    kind = format_of(tournament)
    STANDINGS_WRITERS[kind.standings_kind](kind.standings(tournament), csv_writer(out))


def write_table_standings(table: TableStandings, writer: SafeWriter) -> None:
    writer.writerow(
        [
            gettext("Place"),
            gettext("Shared"),
            gettext("Player"),
            gettext("Points"),
            gettext("Wins"),
            gettext("Tables"),
            gettext("Opponents"),
            gettext("Penalty"),
            gettext("Status"),
        ]
    )
    for row in table.rows:
        writer.writerow(
            [
                row.place,
                gettext("yes") if row.shared else "",
                row.entry.player.name,
                spreadsheet_number(row.points),
                row.wins,
                row.tables,
                spreadsheet_number(row.opponents),
                row.penalty,
                dropped_mark(row.entry),
            ]
        )


# How each way of showing standings (`TournamentFormat.standings_kind`) is written; the Gin
# formats' writers (`pairings.exports`) are added by `PairingsConfig.ready()`. Each takes its
# own kind's standings (`TournamentFormat.standings`), hence Any.
STANDINGS_WRITERS: dict[str, Callable[[Any, SafeWriter], None]] = {"table": write_table_standings}
