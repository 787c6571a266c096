"""CSV exports: a club's player statistics and a tournament's standings, and the one CSV writer
every export of the project uses (`csv_writer`: these two, the season standings, the ledger).

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
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext

from clubs.models import Club, Player
from scoring import services as scoring
from scoring.engine import EngineError
from scoring.engine.document import parse_document
from scoring.engine.replay import replay
from scoring.engine.statistics import PlayerStatistics, match_lines
from scoring.models import EventVersion, Game, MatchEvent, MatchPlayer
from tournaments.formats import format_of
from tournaments.models import Tournament
from tournaments.ratings import counted_matches

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")


def neutralised(value: Any) -> Any:
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

    def __init__(self, out, **options: Any):
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([neutralised(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(out, **options: Any) -> SafeWriter:
    """The CSV writer of every export: `csv.writer` with formula prefixes neutralised."""
    return SafeWriter(out, **options)


def _number(value: Fraction | float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return f"{Decimal(value):.2f}"


def club_statistics(club: Club) -> dict[tuple[int, str], PlayerStatistics]:
    """Every player's statistics per game, from the events of the club's counted matches (as the
    profile page counts them: finished, and tournament tables once confirmed), replayed with
    corrections applied and voided events left out, in four queries."""
    matches = (
        counted_matches(club=club)
        .order_by("started_at", "id")
        .prefetch_related(
            Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat")),
            Prefetch(
                "events",
                queryset=MatchEvent.objects.order_by("number").prefetch_related(
                    Prefetch("versions", queryset=EventVersion.objects.filter(is_current=True))
                ),
            ),
        )
    )
    statistics: dict[tuple[int, str], PlayerStatistics] = {}
    for match in matches:
        seats = list(match.seats.all())
        versions = []
        for event in match.events.all():
            for version in event.versions.all():
                version.event = event
                versions.append(version)
        document, _numbers = scoring.match_document(match, seats, versions)
        try:
            parsed = parse_document(document)
            state = replay(
                parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer
            )
        except EngineError:
            continue  # a stored match always replays; never let one row break the export
        player_of = {seat.name: seat.player_id for seat in seats}
        for name, line in match_lines(parsed, state).items():
            key = (player_of[name], match.game)
            statistics.setdefault(key, PlayerStatistics(game=match.game)).add(line)
    return statistics


def write_statistics(club: Club, out) -> None:
    """One row per player and game they played: matches, wins, places, and the game's numbers."""
    statistics = club_statistics(club)
    players = {player.pk: player for player in Player.objects.filter(club=club)}
    places = max((max(s.places, default=0) for s in statistics.values()), default=0)
    writer = csv_writer(out)
    writer.writerow(
        [
            gettext("Player"),
            gettext("Guest"),
            gettext("Game"),
            gettext("Matches"),
            gettext("Finished matches"),
            gettext("Wins"),
            gettext("Share of wins"),
            *(gettext("Place %(place)s") % {"place": place} for place in range(1, places + 1)),
            gettext("Hands"),
            gettext("Points taken"),
            gettext("Points per hand"),
            gettext("Hands closed"),
            gettext("Closed in hand"),
            gettext("Busts"),
            gettext("Re-entries"),
            gettext("Gins"),
            gettext("Knocks"),
            gettext("Undercuts given"),
            gettext("Undercuts suffered"),
            gettext("Share of gins"),
            gettext("Share of undercuts"),
            gettext("Deadwood per hand"),
        ]
    )
    games = {value: str(label) for value, label in Game.choices}
    order = list(games)
    rows = sorted(
        statistics.items(),
        key=lambda item: (players[item[0][0]].name.lower(), order.index(item[0][1])),
    )
    for (player_id, game), stats in rows:
        player = players[player_id]
        gin = game == Game.GIN
        writer.writerow(
            [
                player.name,
                gettext("yes") if player.is_guest else gettext("no"),
                games[game],
                stats.matches,
                stats.finished,
                stats.wins,
                _number(stats.win_share),
                *(stats.places.get(place, 0) for place in range(1, places + 1)),
                stats.hands,
                "" if gin else stats.points_taken,
                "" if gin else _number(stats.average_points),
                "" if gin else stats.closes,
                "" if gin else stats.in_hand,
                "" if gin else stats.busts,
                "" if gin else stats.reentries,
                stats.gins if gin else "",
                stats.knocks if gin else "",
                stats.undercuts if gin else "",
                stats.undercut if gin else "",
                _number(stats.gin_share) if gin else "",
                _number(stats.undercut_share) if gin else "",
                _number(stats.average_deadwood) if gin else "",
            ]
        )


def _dropped(entry) -> str:
    return gettext("dropped") if entry.status == "dropped" else ""


def write_tournament_standings(tournament: Tournament, out) -> None:
    """The standings as the standings page shows them, for table and Gin formats alike."""
    kind = format_of(tournament)
    STANDINGS_WRITERS[kind.standings_kind](kind.standings(tournament), csv_writer(out))


def _write_table_standings(table, writer) -> None:
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
                _number(row.points),
                row.wins,
                row.tables,
                _number(row.opponents),
                row.penalty,
                _dropped(row.entry),
            ]
        )


def _write_bracket_standings(result, writer) -> None:
    writer.writerow([gettext("Place"), gettext("Player"), gettext("Seed")])
    for row in result.rows:
        writer.writerow([row.place_label, row.entry.player.name, row.standing.seed])


def _write_pairing_standings(result, writer) -> None:
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
        ]
    )
    for row in result.rows:
        standing: Any = row.standing
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
                _number(standing.points),
                _number(standing.buchholz),
                _number(standing.median_buchholz),
                standing.net,
                _dropped(row.entry),
            ]
        )


# How each way of showing standings (`TournamentFormat.standings_kind`) is written.
STANDINGS_WRITERS = {
    "table": _write_table_standings,
    "pairing": _write_pairing_standings,
    "bracket": _write_bracket_standings,
}
