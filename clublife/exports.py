"""CSV export of a club's player statistics (`write_statistics`), through the one CSV writer of
the project (`tournaments.exports.csv_writer`: formula injection neutralised, numbers for
spreadsheets)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext

from clublife.ratings import counted_matches
from clubs.models import Club, Player
from scoring import services as scoring
from scoring.engine import EngineError
from scoring.engine.document import parse_document
from scoring.engine.replay import replay
from scoring.engine.statistics import PlayerStatistics, match_lines
from scoring.games import game_choices, game_named
from scoring.models import EventVersion, MatchEvent, MatchPlayer
from tournaments.exports import csv_writer, spreadsheet_number


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
    writer.writerow(_statistics_heading(places))
    games = {value: str(label) for value, label in game_choices()}
    order = list(games)
    rows = sorted(
        statistics.items(),
        key=lambda item: (players[item[0][0]].name.lower(), order.index(item[0][1])),
    )
    for (player_id, game), stats in rows:
        writer.writerow(_statistics_row(players[player_id], games[game], game, stats, places))


def _statistics_heading(places: int) -> list[str]:
    return [
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
        gettext("Line points"),
        gettext("Line points per hand"),
    ]


def _statistics_row(
    player: Player, label: str, game: str, stats: PlayerStatistics, places: int
) -> list:
    """A player's numbers at a game: the penalty games' columns empty for Gin and for a game of
    line points (Burraco), each game's own columns empty for the others, and the places beyond
    the player's largest table at the game empty (Burraco's two lines have no third place)."""
    kind = game_named(game)
    gin, lines = kind.counts_knocks, kind.counts_line_points
    penalty = not (gin or lines)
    return [
        player.name,
        gettext("yes") if player.is_guest else gettext("no"),
        label,
        stats.matches,
        stats.finished,
        stats.wins,
        spreadsheet_number(stats.win_share),
        *(
            stats.places.get(place, 0) if place <= stats.possible_places else ""
            for place in range(1, places + 1)
        ),
        stats.hands,
        stats.points_taken if penalty else "",
        spreadsheet_number(stats.average_points) if penalty else "",
        stats.closes if penalty else "",
        stats.in_hand if penalty else "",
        stats.busts if penalty else "",
        stats.reentries if penalty else "",
        stats.gins if gin else "",
        stats.knocks if gin else "",
        stats.undercuts if gin else "",
        stats.undercut if gin else "",
        spreadsheet_number(stats.gin_share) if gin else "",
        spreadsheet_number(stats.undercut_share) if gin else "",
        spreadsheet_number(stats.average_deadwood) if gin else "",
        stats.line_points if lines else "",
        spreadsheet_number(stats.average_line_points) if lines else "",
    ]
