"""Club seasons: creating and changing them (services), and their standings (selector).

A season counts the club's finished matches whose finishing date falls within its dates, of the
games it names (none named: every game), from club nights and/or tournament tables; a tournament
table counts only once its result counts in the tournament (finished and, when the tournament
asks for it, confirmed at the match's current revision). Each counted match gives its players
season places (`tournaments.engine.season.season_places`: with `first_entry_only`, a player who
re-entered is placed where their first entry ended) and placement points by table size. A
match played by teams (the registry's `GameKind.teams`: Burraco's lines) is a table of its
teams: each line earns its place's points and both its players take them, and its win.

Services check what a season may be and refuse with `TournamentActionError` naming the field;
they do not check who asks (views and the API ask `clubs.permissions.can_direct`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypedDict, Unpack

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clublife import ratings
from clublife.models import Season
from clubs.actors import Actor
from clubs.models import Club, Player
from clubs.permissions import is_member
from scoring.games import game_named, game_values
from scoring.models import EventVersion, Match, MatchPlayer
from scoring.services import replay_match
from tournaments.engine.errors import TournamentError
from tournaments.engine.placement import DEFAULT_SCALE, PlacementScale
from tournaments.engine.season import (
    SeasonMatch,
    TeamPlaces,
    season_award,
    season_places,
    season_standings,
)
from tournaments.models import Tournament
from tournaments.services import TournamentActionError, checked_day, checked_name

NAME_LENGTH = Season._meta.get_field("name").max_length


# Checking a season's settings --------------------------------------------------------------------


def _date(value: object, field: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise TournamentActionError(_("Enter a date, such as 2025-09-01."), field=field)


def _games(games: object) -> list[str]:
    """The games as stored: known values, each once, in the registry's order."""
    if isinstance(games, str) or not isinstance(games, Iterable):
        raise TournamentActionError(
            _("The games are a list, such as scala40, ramino."), field="games"
        )
    chosen = set()
    values = game_values()
    for game in games:
        if game not in values:
            raise TournamentActionError(
                _("%(value)s is not a game; choose among: %(choices)s.")
                % {"value": game, "choices": ", ".join(values)},
                field="games",
            )
        chosen.add(game)
    return [game for game in values if game in chosen]


def _points_value(value: object) -> int | str:
    """A placement point as stored in JSON: an int, or the exact decimal text it was given."""
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _placement_points(points: object) -> dict[str, list[int | str]]:
    """Validated placement points, stored as {"size": [points...]} (empty: the default)."""
    if not points:
        return {}
    if not isinstance(points, dict):
        raise TournamentActionError(
            _("Placement points are lists of points by table size."), field="placement_points"
        )
    try:
        lists = {int(size): list(values) for size, values in points.items()}
        PlacementScale.of(lists)
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    except (TypeError, ValueError):
        raise TournamentActionError(
            _("Placement points are lists of points by table size."), field="placement_points"
        ) from None
    return {
        str(size): [_points_value(value) for value in values]
        for size, values in sorted(lists.items())
    }


def scale_of(season: Season) -> PlacementScale:
    """The season's placement points (validated when stored)."""
    if not season.placement_points:
        return DEFAULT_SCALE
    return PlacementScale.of(
        {int(size): points for size, points in season.placement_points.items()}
    )


# The settings as given (of every type `SeasonSettings` lets in) to the settings as stored.
def _check(values: dict[str, Any]) -> dict[str, Any]:
    """Every setting of a season checked and normalised; refusals name the field."""
    clean = dict(values)
    clean["name"] = checked_name(clean["name"], empty_message=_("A season needs a name."))
    clean["starts_on"] = checked_day(_date(clean["starts_on"], "starts_on"), field="starts_on")
    clean["ends_on"] = checked_day(_date(clean["ends_on"], "ends_on"), field="ends_on")
    if clean["ends_on"] < clean["starts_on"]:
        raise TournamentActionError(
            _("The season cannot end (%(end)s) before it starts (%(start)s).")
            % {"end": clean["ends_on"].isoformat(), "start": clean["starts_on"].isoformat()},
            field="ends_on",
        )
    clean["games"] = _games(clean["games"])
    for flag in ("counts_club_matches", "counts_tournaments", "first_entry_only"):
        clean[flag] = bool(clean[flag])
    if not clean["counts_club_matches"] and not clean["counts_tournaments"]:
        raise TournamentActionError(
            _("A season counts club nights, tournament tables or both: choose at least one."),
            field="counts_club_matches",
        )
    clean["placement_points"] = _placement_points(clean["placement_points"])
    return clean


# Placement points as given: by table size, each place's points (a whole number or a decimal).
PlacementPoints = dict[str, Sequence[int | Decimal | str]]


class SeasonSettings(TypedDict, total=False):
    """What `season_update` may change (every one of `SETTINGS`)."""

    name: str
    starts_on: datetime.date | str
    ends_on: datetime.date | str
    games: Sequence[str]
    counts_club_matches: bool
    counts_tournaments: bool
    placement_points: PlacementPoints | None
    first_entry_only: bool


SETTINGS = (
    "name",
    "starts_on",
    "ends_on",
    "games",
    "counts_club_matches",
    "counts_tournaments",
    "placement_points",
    "first_entry_only",
)


# Services ----------------------------------------------------------------------------------------


@transaction.atomic
def season_create(
    *,
    club: Club,
    user: Actor,
    name: str,
    starts_on: datetime.date | str,
    ends_on: datetime.date | str,
    games: Sequence[str] = (),
    counts_club_matches: bool = True,
    counts_tournaments: bool = True,
    placement_points: PlacementPoints | None = None,
    first_entry_only: bool = True,
) -> Season:
    """Create a season of `club` from `starts_on` to `ends_on` (both included).

    `games` empty counts every game; `placement_points` empty uses the default (linear 7 to 1
    by table size). The caller checks that `user` directs the club.
    """
    clean = _check(
        {
            "name": name,
            "starts_on": starts_on,
            "ends_on": ends_on,
            "games": games,
            "counts_club_matches": counts_club_matches,
            "counts_tournaments": counts_tournaments,
            "placement_points": placement_points,
            "first_entry_only": first_entry_only,
        }
    )
    return Season.objects.create(club=club, **clean)


@transaction.atomic
def season_update(*, season: Season, user: Actor, **changes: Unpack[SeasonSettings]) -> Season:
    """Change some settings of a season (any of `SETTINGS`); locks the season row first.

    The standings are derived, so a change of dates, games or points shows at once.
    """
    unknown = sorted(set(changes) - set(SETTINGS))
    if unknown:
        raise TournamentActionError(
            _("A season has no setting %(name)s.") % {"name": unknown[0]}, field=unknown[0]
        )
    locked = Season.objects.select_for_update().get(pk=season.pk)
    values = {name: getattr(locked, name) for name in SETTINGS}
    values.update(changes)
    clean = _check(values)
    for name, value in clean.items():
        setattr(locked, name, value)
    locked.save(update_fields=list(SETTINGS))
    return locked


# The standings -----------------------------------------------------------------------------------


def counted_matches(season: Season) -> QuerySet[Match]:
    """The club's matches the season counts, in the order they finished.

    Only counted matches (`clublife.ratings.counted_matches`: finished, and a tournament table
    once its result counts), finished within the season's days (in the current time zone), of
    its games, from club nights and/or tournament tables as the season says."""
    matches = ratings.counted_matches(
        club=season.club_id, since=season.starts_on, until=season.ends_on
    )
    if season.games:
        matches = matches.filter(game__in=season.games)
    if not season.counts_tournaments:
        matches = matches.filter(tournament_table__isnull=True)
    if not season.counts_club_matches:
        matches = matches.filter(tournament_table__isnull=False)
    return matches


@dataclass(frozen=True)
class CountedSeat:
    player: Player
    place: int  # in the match
    season_place: int
    points: Fraction


@dataclass(frozen=True)
class CountedMatch:
    """A match the season counts, with what it gave each player. `tournament` is None for a
    club night, and for a tournament table the viewer may not see: such a match is counted but
    `private_tournament` stands in for the tournament, which is never named."""

    match: Match
    tournament: Tournament | None
    seats: tuple[CountedSeat, ...]  # by season place, then seat
    private_tournament: bool = False

    @property
    def table_number(self) -> int | None:
        """The table's number in its tournament round (None for a club night, and for a private
        tournament's table)."""
        if self.tournament is None:
            return None
        return self.match.tournament_table.number

    @property
    def finished_on(self) -> datetime.date:
        return timezone.localdate(self.match.finished_at)


@dataclass(frozen=True)
class SeasonStandingRow:
    place: int
    shared: bool
    player: Player
    points: Fraction
    matches: int
    wins: int
    best_place: int


@dataclass(frozen=True)
class SeasonView:
    season: Season
    rows: list[SeasonStandingRow]
    matches: list[CountedMatch]


def _first_exits(
    match: Match, seats: Sequence[MatchPlayer], versions: Sequence[EventVersion]
) -> dict[str, int | None]:
    """The index of the event that ended each player's first entry (None: in play at the end),
    from a replay of the match."""
    first: dict[str, int] = {}
    for index, snapshot in enumerate(replay_match(match, seats, versions).state.history):
        for name in snapshot.eliminated:
            first.setdefault(name, index)
    return {seat.name: first.get(seat.name) for seat in seats}


def _places(match: Match, seats: Sequence[MatchPlayer]) -> dict[int, int]:
    """Each player's place in a finished match, by player id. The replay places every player of a
    finished match, and every way a match is written stores it so (`scoring.cache.refresh_cache`;
    the club archive's import refuses a result its events do not give): a seat without a place is
    a damaged database, said as such rather than counted as some other result."""
    places: dict[int, int] = {}
    for seat in seats:
        if seat.place is None:
            raise ValueError(f"Match {match.pk} is finished but {seat.name!r} has no place.")
        places[seat.player_id] = seat.place
    return places


def season_standings_view(season: Season, *, user: Actor = None) -> SeasonView:
    """The season standings and the matches counted, as `user` may see them (None: anyone,
    logged in or not), in 3 queries (4 when a counted match had a re-entry and the season
    counts first entries only: those matches are replayed).

    A tournament table counts whoever looks, but a tournament `user` may not see (a public
    club's private tournament, for a visitor) is never named: its matches come with
    `tournament` None and `private_tournament` True."""
    matches = list(counted_matches(season).select_related("tournament_table__round__tournament"))
    # a private tournament is seen by the club's members only (`Tournament.objects.for_user`)
    private_ones = any(
        not match.tournament_table.round.tournament.is_public
        for match in matches
        if getattr(match, "tournament_table", None) is not None
    )
    member = private_ones and user is not None and is_member(user, season.club)
    seats_of = _seats_of(matches)
    versions_of = _versions_to_replay(season, matches, seats_of)
    scale = scale_of(season)
    players: dict[int, Player] = {}
    all_places: list[SeasonMatch[int]] = []
    counted: list[CountedMatch] = []
    for match in matches:
        seats = seats_of[match.pk]
        # a match without re-entries keeps its places as they are
        places = _places(match, seats)
        season_match = _season_match(match, seats, places, versions_of.get(match.pk))
        by_player = season_match.players() if isinstance(season_match, TeamPlaces) else season_match
        all_places.append(season_match)
        for seat in seats:
            players[seat.player_id] = seat.player
        points = season_award(season_match, scale)
        counted.append(_counted_match(match, seats, places, by_player, points, member=member))
    return SeasonView(season=season, rows=_rows(all_places, scale, players), matches=counted)


def _season_match(
    match: Match,
    seats: Sequence[MatchPlayer],
    places: dict[int, int],
    versions: Sequence[EventVersion] | None,
) -> SeasonMatch[int]:
    """What one match gives the season: its teams' places (a game played by teams), or each
    player's season place (`versions`, the events of a match replayed for its re-entries)."""
    teams = game_named(match.game).teams([seat.player_id for seat in seats])
    if teams is not None:
        # each team ranks as one: the match stores its lines' places (1 and 2; 1 and 1 if equal)
        return TeamPlaces(teams=teams, places=tuple(places[team[0]] for team in teams))
    if versions is None:
        return places
    exits = _first_exits(match, seats, versions)
    return season_places(places, {seat.player_id: exits[seat.name] for seat in seats})


def _seats_of(matches: Sequence[Match]) -> dict[int, list[MatchPlayer]]:
    seats_of: dict[int, list[MatchPlayer]] = {match.pk: [] for match in matches}
    for seat in (
        MatchPlayer.objects.filter(match__in=[match.pk for match in matches])
        .select_related("player")
        .order_by("match", "seat")
    ):
        seats_of[seat.match_id].append(seat)
    return seats_of


def _versions_to_replay(
    season: Season, matches: Sequence[Match], seats_of: dict[int, list[MatchPlayer]]
) -> dict[int, list[EventVersion]]:
    """The current events of the matches that had a re-entry, when the season counts first
    entries only: those matches are replayed to find each player's first exit."""
    replayed = [
        match.pk
        for match in matches
        if season.first_entry_only and any(seat.reentries for seat in seats_of[match.pk])
    ]
    versions_of: dict[int, list[EventVersion]] = {pk: [] for pk in replayed}
    if replayed:
        for version in (
            EventVersion.objects.filter(event__match__in=replayed, is_current=True)
            .select_related("event")
            .order_by("event__match", "event__number")
        ):
            versions_of[version.event.match_id].append(version)
    return versions_of


def _counted_match(
    match: Match,
    seats: Sequence[MatchPlayer],
    places: dict[int, int],
    by_player: Mapping[int, int],
    points: dict[int, Fraction],
    *,
    member: bool,
) -> CountedMatch:
    """A counted match, its seats by season place; a private tournament is named to members only."""
    table = getattr(match, "tournament_table", None)
    tournament = table.round.tournament if table is not None else None
    private = tournament is not None and not tournament.is_public and not member
    return CountedMatch(
        match=match,
        tournament=None if private else tournament,
        private_tournament=private,
        seats=tuple(
            sorted(
                (
                    CountedSeat(
                        seat.player,
                        places[seat.player_id],
                        by_player[seat.player_id],
                        points[seat.player_id],
                    )
                    for seat in seats
                ),
                key=lambda counted_seat: counted_seat.season_place,
            )
        ),
    )


def _rows(
    all_places: list[SeasonMatch[int]], scale: PlacementScale, players: dict[int, Player]
) -> list[SeasonStandingRow]:
    rows = [
        SeasonStandingRow(
            place=row.place,
            shared=row.shared,
            player=players[row.player],
            points=row.points,
            matches=row.matches,
            wins=row.wins,
            best_place=row.best_place,
        )
        for row in season_standings(all_places, scale)
    ]
    # players sharing a place are listed by name
    rows.sort(key=lambda row: (row.place, row.player.name.casefold(), row.player.pk))
    return rows
