"""Club ratings and player profiles: the services that keep ratings in step with the results, and
the selectors that read leaderboards and a player's statistics.

A match counts (for ratings, seasons and profiles) once it is finished and, when it is a
tournament table of a tournament that asks for confirmation, confirmed at its current revision
(`counted_matches`, on the one rule `Table.counted_match_q`). Ratings are OpenSkill's
(`clublife.engine.ratings`), one per player and game, rated match by match in the order the matches
finished (`finished_at`, then id).

Keeping them in step: `rate_new_match` rates a match that became counted on top of the stored
ratings. Anything else (a rated match corrected so its places changed, un-finished, no longer
confirmed, or a match counted late that finished before the last rated one, as a tournament
table confirmed after later club matches) rebuilds the club's ratings of that game from scratch:
a club plays a few thousand matches at most, which replay in well under a second, and the same
order always gives the same numbers. Every rating write locks the club row first, so two
matches ending at once are rated one after the other.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from base.rows import save_rows
from clublife.engine import ratings as engine
from clublife.models import Rating, RatingChange
from clubs.models import Club, Player
from scoring.engine.document import parse_document
from scoring.engine.replay import replay
from scoring.engine.statistics import MatchLine, PlayerStatistics, match_lines
from scoring.games import GameKind, game_label, game_named, game_values
from scoring.models import EventVersion, Match, MatchPlayer, MatchStatus
from scoring.services import match_document
from tournaments.models import Table

RECENT_MATCHES = 10

# What `rate_new_match` did.
RATED = "rated"
RECOMPUTED = "recomputed"
UNCHANGED = "unchanged"


# Which matches count -----------------------------------------------------------------------------


def counted_matches(
    *,
    club: Club | int,
    game: str | None = None,
    since: datetime.date | None = None,
    until: datetime.date | None = None,
) -> QuerySet[Match]:
    """The club's matches whose result counts, in the order they finished (`finished_at`, id):
    finished club matches, and finished tournament tables once their result counts (confirmed at
    the match's current revision, when the tournament asks for confirmation).

    `since` and `until` bound the day the match finished, both included (dates in the current
    time zone); datetimes bound the moment itself.
    """
    matches = Match.objects.filter(Table.counted_match_q(), club=club)
    if game is not None:
        matches = matches.filter(game=game)
    if since is not None:
        if isinstance(since, datetime.datetime):
            matches = matches.filter(finished_at__gte=since)
        else:
            matches = matches.filter(finished_at__date__gte=since)
    if until is not None:
        if isinstance(until, datetime.datetime):
            matches = matches.filter(finished_at__lte=until)
        else:
            matches = matches.filter(finished_at__date__lte=until)
    return matches.order_by("finished_at", "pk")


def _results(matches: QuerySet[Match] | Sequence[int]) -> dict[int, engine.RatedMatch[int, int]]:
    """Each match's result to rate, by match id: its places by player id and, for a game played
    by teams (the registry's `GameKind.teams`: Burraco's lines), its teams from the seats in
    order. One query."""
    if isinstance(matches, QuerySet):
        seats_of = MatchPlayer.objects.filter(match__in=matches.values("pk"))
    else:
        seats_of = MatchPlayer.objects.filter(match__in=list(matches))
    seated: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    games: dict[int, str] = {}
    for match_id, game, player_id, place in seats_of.order_by("match_id", "seat").values_list(
        "match_id", "match__game", "player_id", "place"
    ):
        seated[match_id].append((player_id, place))
        games[match_id] = game
    results = {}
    for match_id, seats in seated.items():
        places = {player: place for player, place in seats if place is not None}
        teams = game_named(games[match_id]).teams([player for player, _place in seats])
        if teams is not None and len(places) != len(seats):
            teams = None  # not finished: nothing to rate by teams
        results[match_id] = engine.RatedMatch(key=match_id, places=places, teams=teams)
    return results


def _result(
    results: Mapping[int, engine.RatedMatch[int, int]], match_id: int
) -> engine.RatedMatch[int, int]:
    """A match's result from `_results` (a match without seats: no places)."""
    return results.get(match_id) or engine.RatedMatch(key=match_id, places={})


# Services ----------------------------------------------------------------------------------------


def _lock(club_id: int) -> None:
    """Rating writes of a club go one at a time (the lock lasts until the transaction ends)."""
    Club.objects.select_for_update().filter(pk=club_id).values_list("pk", flat=True).first()


@transaction.atomic
def ratings_recompute(*, club: Club, game: str | None = None) -> int:
    """Delete the club's ratings (of `game`, or of every game) and rate every counted match again
    in order. Locks the club row. Returns how many matches were rated."""
    _lock(club.pk)
    rated = 0
    for each in [game] if game else game_values():
        rated += _rebuild(club, each)
    return rated


def _rebuild(club: Club, game: str) -> int:
    matches = counted_matches(club=club, game=game)
    order = list(matches.values_list("pk", flat=True))
    results = _results(matches)
    places = {match_id: _result(results, match_id).places for match_id in order}
    RatingChange.objects.filter(match__club=club, game=game).delete()
    Rating.objects.filter(player__club=club, game=game).delete()
    result = engine.rate_matches(_result(results, match_id) for match_id in order)
    sequence = {match_id: number for number, match_id in enumerate(order, start=1)}
    RatingChange.objects.bulk_create(
        RatingChange(
            player_id=change.player,
            game=game,
            match_id=change.match,
            sequence=sequence[change.match],
            place=places[change.match][change.player],
            mu_before=change.before.mu,
            sigma_before=change.before.sigma,
            mu=change.after.mu,
            sigma=change.after.sigma,
        )
        for change in result.history
    )
    counts = Counter(change.player for change in result.history)
    Rating.objects.bulk_create(
        Rating(
            player_id=player, game=game, mu=rating.mu, sigma=rating.sigma, matches=counts[player]
        )
        for player, rating in result.current.items()
    )
    return len(order)


@transaction.atomic
def rate_new_match(match: Match) -> str:
    """Bring the club's ratings in line with `match` after it changed. Locks the club row.

    A match that became counted and finished after every rated match of its game is rated on top
    of the stored ratings (`RATED`). A rated match whose places are unchanged changes nothing
    (`UNCHANGED`); any other change to a rated match (places corrected, un-finished, no longer
    confirmed), and a counted match that finished before the last rated one, rebuild the game's
    ratings from scratch (`RECOMPUTED`).
    """
    rated = dict(RatingChange.objects.filter(match=match).values_list("player_id", "place"))
    if not rated and match.status != MatchStatus.FINISHED:
        return UNCHANGED  # the common case: a hand of a match being played
    club = Club.objects.get(pk=match.club_id)
    _lock(club.pk)
    counts = counted_matches(club=club, game=match.game).filter(pk=match.pk).exists()
    if not counts:
        if rated:
            ratings_recompute(club=club, game=match.game)
            return RECOMPUTED
        return UNCHANGED
    result = _result(_results([match.pk]), match.pk)
    places = dict(result.places)
    if rated:
        if rated == places:
            return UNCHANGED
        ratings_recompute(club=club, game=match.game)
        return RECOMPUTED
    last = (
        RatingChange.objects.filter(match__club=club, game=match.game)
        .order_by("-sequence")
        .values_list("sequence", "match__finished_at", "match_id")
        .first()
    )
    if last is not None and (last[1], last[2]) > (match.finished_at, match.pk):
        ratings_recompute(club=club, game=match.game)
        return RECOMPUTED
    _rate_on_top(match, result, sequence=(last[0] if last else 0) + 1)
    return RATED


def _rate_on_top(match: Match, result: engine.RatedMatch[int, int], *, sequence: int) -> None:
    """Rate `match` on top of its players' stored ratings: its changes as number `sequence` of
    the game, each player's rating one match more (a first rating for a player without one)."""
    places = result.places
    stored = {
        rating.player_id: rating
        for rating in Rating.objects.filter(player_id__in=list(places), game=match.game)
    }
    before = {
        player_id: engine.Rating(mu=rating.mu, sigma=rating.sigma)
        for player_id, rating in stored.items()
    }
    after = engine.rate_match(before, places, result.teams)
    RatingChange.objects.bulk_create(
        RatingChange(
            player_id=player_id,
            game=match.game,
            match=match,
            sequence=sequence,
            place=places[player_id],
            mu_before=before.get(player_id, engine.Rating()).mu,
            sigma_before=before.get(player_id, engine.Rating()).sigma,
            mu=rating.mu,
            sigma=rating.sigma,
        )
        for player_id, rating in after.items()
    )
    for player_id, rating in after.items():
        row = stored.get(player_id)
        if row is None:
            Rating.objects.create(
                player_id=player_id, game=match.game, mu=rating.mu, sigma=rating.sigma, matches=1
            )
        else:
            row.mu, row.sigma, row.matches = rating.mu, rating.sigma, row.matches + 1
            row.save(update_fields=["mu", "sigma", "matches", "updated_at"])


def on_match_changed(
    sender: object, match: Match, was_finished: bool | None = None, **kwargs: Any
) -> None:
    """`scoring.signals.match_changed` receiver: a finished club match (or a tournament table of
    a tournament without confirmation) is rated; a change to a rated match rebuilds the ratings.
    A hand of a match being played costs nothing: only finished matches are ever rated (un-
    finishing a rated match rebuilds the ratings without it)."""
    if was_finished is False and match.status != MatchStatus.FINISHED:
        return
    rate_new_match(match)


def on_matches_changed(
    sender: object, matches: Sequence[Match], was_finished: Mapping[int, bool], **kwargs: Any
) -> None:
    """`scoring.signals.matches_changed` receiver: `on_match_changed` for a batch of matches
    (time called on a round), in a number of queries that does not grow with them."""
    changed = [
        match
        for match in matches
        if not (was_finished.get(match.pk) is False and match.status != MatchStatus.FINISHED)
    ]
    if changed:
        rate_new_matches(changed)


@transaction.atomic
def rate_new_matches(matches: Sequence[Match]) -> None:
    """`rate_new_match` for each of `matches`, with the same ratings in the end, in a number of
    queries that does not grow with them. Locks each club's row first (one club a round).

    By club and game: the new counted matches, finished after every rated match, are rated on
    top of the stored ratings one after the other in the order they finished (`finished_at`,
    id), in memory, and written at once; if any match asks for a rebuild (a rated match changed
    or no longer counted, a new one finished before the last rated one), the game's ratings are
    rebuilt once, which rates every counted match in that order."""
    rated: dict[int, dict[int, int]] = defaultdict(dict)
    for match_id, player_id, place in RatingChange.objects.filter(
        match__in=[match.pk for match in matches]
    ).values_list("match_id", "player_id", "place"):
        rated[match_id][player_id] = place
    groups: dict[tuple[int, str], list[Match]] = defaultdict(list)
    for match in matches:
        if rated.get(match.pk) or match.status == MatchStatus.FINISHED:
            groups[(match.club_id, match.game)].append(match)
    for (club_id, game), group in sorted(groups.items()):
        _rate_group(club_id, game, group, rated)


def _rate_group(
    club_id: int, game: str, group: list[Match], rated: Mapping[int, dict[int, int]]
) -> None:
    """`rate_new_matches` for the matches of one club and game (rated or finished)."""
    _lock(club_id)
    ids = [match.pk for match in group]
    counted = set(
        counted_matches(club=club_id, game=game).filter(pk__in=ids).values_list("pk", flat=True)
    )
    results = _results(ids)
    places = {match_id: _result(results, match_id).places for match_id in ids}
    rebuild = any(
        rated.get(match.pk) and (match.pk not in counted or rated[match.pk] != places[match.pk])
        for match in group
    )
    new = sorted(
        (match for match in group if match.pk in counted and not rated.get(match.pk)),
        key=lambda match: (match.finished_at, match.pk),
    )
    if not rebuild and not new:
        return
    last = (
        RatingChange.objects.filter(match__club=club_id, game=game)
        .order_by("-sequence")
        .values_list("sequence", "match__finished_at", "match_id")
        .first()
    )
    if rebuild or (last is not None and (last[1], last[2]) > (new[0].finished_at, new[0].pk)):
        ratings_recompute(club=Club.objects.get(pk=club_id), game=game)
        return
    _rate_many_on_top(new, results, game=game, sequence=(last[0] if last else 0) + 1)


def _rate_many_on_top(
    matches: Sequence[Match],
    results: Mapping[int, engine.RatedMatch[int, int]],
    *,
    game: str,
    sequence: int,
) -> None:
    """`_rate_on_top` for `matches` in order, from number `sequence` on: each rated on the
    ratings the ones before left, in memory; the changes and ratings written at once."""
    places = {match.pk: _result(results, match.pk).places for match in matches}
    players = {player for match in matches for player in places[match.pk]}
    stored = {
        rating.player_id: rating
        for rating in Rating.objects.filter(player_id__in=players, game=game)
    }
    existing = set(stored)
    changes: list[RatingChange] = []
    for number, match in enumerate(matches, start=sequence):
        before = {
            player_id: engine.Rating(mu=stored[player_id].mu, sigma=stored[player_id].sigma)
            for player_id in places[match.pk]
            if player_id in stored
        }
        after = engine.rate_match(before, places[match.pk], _result(results, match.pk).teams)
        for player_id, rating in after.items():
            changes.append(
                RatingChange(
                    player_id=player_id,
                    game=game,
                    match=match,
                    sequence=number,
                    place=places[match.pk][player_id],
                    mu_before=before.get(player_id, engine.Rating()).mu,
                    sigma_before=before.get(player_id, engine.Rating()).sigma,
                    mu=rating.mu,
                    sigma=rating.sigma,
                )
            )
            row = stored.get(player_id)
            if row is None:
                stored[player_id] = Rating(
                    player_id=player_id, game=game, mu=rating.mu, sigma=rating.sigma, matches=1
                )
            else:
                row.mu, row.sigma, row.matches = rating.mu, rating.sigma, row.matches + 1
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_create(row for player, row in stored.items() if player not in existing)
    now = timezone.now()
    updated = [row for player, row in stored.items() if player in existing]
    for row in updated:
        row.updated_at = now
    save_rows(Rating, updated, ["mu", "sigma", "matches", "updated_at"])


def on_table_confirmed(sender: object, table: Table, **kwargs: Any) -> None:
    """`tournaments.signals.table_confirmed` receiver (sent by `tournaments.services.table_confirm`
    once a table's result is confirmed): the table's match now counts, and is rated."""
    if table.match_id is not None:
        rate_new_match(Match.objects.select_related("club").get(pk=table.match_id))


# Leaderboards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int  # players with the same ordinal share a rank
    player: Player
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Leaderboard:
    game: str
    rows: tuple[LeaderboardRow, ...]

    @property
    def label(self) -> str:
        return game_label(self.game)

    @property
    def rated_by_team(self) -> bool:
        """Whether its players are rated through their team (a game played in pairs)."""
        return game_named(self.game).plays_in_teams


def leaderboards(*, club: Club, game: str | None = None) -> list[Leaderboard]:
    """The club's leaderboards, one per game (only `game` if given; otherwise the games with a
    rated match), players by ordinal (mu - 3 sigma), best first. One query."""
    ratings = Rating.objects.filter(player__club=club).select_related("player")
    if game is not None:
        ratings = ratings.filter(game=game)
    by_game: dict[str, list[Rating]] = defaultdict(list)
    for rating in ratings:
        by_game[rating.game].append(rating)
    games = [game] if game is not None else [each for each in game_values() if by_game[each]]
    boards = []
    for each in games:
        ordered = sorted(
            by_game[each], key=lambda r: (-r.ordinal, -r.mu, r.player.name.casefold(), r.pk)
        )
        rows: list[LeaderboardRow] = []
        for position, rating in enumerate(ordered, start=1):
            shared = rows and rows[-1].ordinal == rating.ordinal
            rows.append(
                LeaderboardRow(
                    rank=rows[-1].rank if shared else position,
                    player=rating.player,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    matches=rating.matches,
                )
            )
        boards.append(Leaderboard(game=each, rows=tuple(rows)))
    return boards


# Player profiles ---------------------------------------------------------------------------------


@dataclass
class HeadToHead:
    """The player's record against one opponent at one game, over the matches they played
    together: how often the player finished ahead, behind, or level (for Gin, wins and losses)."""

    opponent: Player
    matches: int = 0
    ahead: int = 0
    behind: int = 0

    @property
    def level(self) -> int:
        return self.matches - self.ahead - self.behind


@dataclass
class Partnership:
    """The player's record with one partner at a game played in pairs (Burraco's lines): the
    matches they played on the same line, and how many of them that line won."""

    partner: Player
    matches: int = 0
    wins: int = 0


@dataclass(frozen=True)
class RatingPoint:
    """The player's rating after one rated match."""

    match_id: int
    finished_at: datetime.datetime
    place: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class GameProfile:
    game: str
    statistics: PlayerStatistics
    rating: Rating | None = None
    head_to_head: list[HeadToHead] = field(default_factory=list)
    partners: list[Partnership] = field(default_factory=list)
    history: list[RatingPoint] = field(default_factory=list)

    @property
    def label(self) -> str:
        return game_label(self.game)

    @property
    def kind(self) -> GameKind:
        return game_named(self.game)

    @property
    def places(self) -> list[tuple[int, int]]:
        """(place, finished matches) for every place from 1 to the largest table played (a
        game played by teams: to the number of teams)."""
        last = max(2, self.statistics.possible_places)
        return [(place, self.statistics.places.get(place, 0)) for place in range(1, last + 1)]


@dataclass(frozen=True)
class RecentMatch:
    match: Match
    seat: MatchPlayer
    seats: tuple[MatchPlayer, ...]


@dataclass(frozen=True)
class PlayerProfile:
    player: Player
    games: tuple[GameProfile, ...]
    recent: tuple[RecentMatch, ...]

    @property
    def matches(self) -> int:
        return sum(game.statistics.matches for game in self.games)


def player_profile(player: Player) -> PlayerProfile:
    """What the player's profile shows, from the matches that count (finished, and confirmed
    where a tournament asks for it): per game, the statistics of every match replayed from its
    events, the places, the head-to-head record against each opponent, the partners of a game
    played by teams, and the rating history; and the most recent matches. Five queries,
    whatever the number of matches."""
    mine = MatchPlayer.objects.filter(player=player).values("match_id")
    matches_qs = counted_matches(club=player.club_id).filter(pk__in=mine)
    matches = list(matches_qs)
    seats_of, versions_of = _seats_and_events(matches_qs)
    ratings = {rating.game: rating for rating in Rating.objects.filter(player=player)}
    histories = _rating_histories(player)
    profiles: dict[str, _Records] = {}
    recent: list[RecentMatch] = []
    for match in matches:
        seats = seats_of[match.pk]
        seat = next(each for each in seats if each.player_id == player.pk)
        records = profiles.get(match.game)
        if records is None:
            records = profiles[match.game] = _Records(
                GameProfile(game=match.game, statistics=PlayerStatistics(game=match.game))
            )
        records.add(match, seat, seats, _line(match, seats, versions_of[match.pk], seat.name))
        recent.append(RecentMatch(match=match, seat=seat, seats=tuple(seats)))
    games = []
    for game in game_values():
        if game not in profiles and game not in ratings:
            continue
        records = profiles.get(game) or _Records(GameProfile(game, PlayerStatistics(game)))
        profile = records.finished()
        profile.rating = ratings.get(game)
        profile.history = histories[game]
        games.append(profile)
    latest = sorted(recent, key=lambda row: (row.match.finished_at, row.match.pk), reverse=True)
    return PlayerProfile(player=player, games=tuple(games), recent=tuple(latest[:RECENT_MATCHES]))


@dataclass
class _Records:
    """A game's profile as the player's matches add up: statistics, opponents and partners."""

    profile: GameProfile
    opponents: dict[int, HeadToHead] = field(default_factory=dict)
    partners: dict[int, Partnership] = field(default_factory=dict)

    def add(
        self, match: Match, seat: MatchPlayer, seats: Sequence[MatchPlayer], line: MatchLine
    ) -> None:
        """One match more: its line (with its table's size), every opponent (the players of the
        other teams, in a game played by teams) and every partner (the player's team)."""
        teams = game_named(match.game).teams(seats)
        team = next((each for each in teams or () if seat in each), (seat,))
        profile = self.profile
        profile.statistics.add(line)
        _count_opponents(self.opponents, seat, [each for each in seats if each not in team])
        for partner in team:
            if partner.player_id == seat.player_id:
                continue
            record = self.partners.get(partner.player_id)
            if record is None:
                record = self.partners[partner.player_id] = Partnership(partner=partner.player)
            record.matches += 1
            record.wins += line.won

    def finished(self) -> GameProfile:
        """The profile with its records in order: most matches together first, then by name."""
        self.profile.head_to_head = sorted(
            self.opponents.values(),
            key=lambda record: (-record.matches, record.opponent.name.casefold()),
        )
        self.profile.partners = sorted(
            self.partners.values(),
            key=lambda record: (-record.matches, -record.wins, record.partner.name.casefold()),
        )
        return self.profile


def _seats_and_events(
    matches: QuerySet[Match],
) -> tuple[dict[int, list[MatchPlayer]], dict[int, list[EventVersion]]]:
    """The seats and the current events of `matches`, by match, in order."""
    seats_of: dict[int, list[MatchPlayer]] = defaultdict(list)
    for seat in (
        MatchPlayer.objects.filter(match__in=matches.values("pk"))
        .select_related("player")
        .order_by("match_id", "seat")
    ):
        seats_of[seat.match_id].append(seat)
    versions_of: dict[int, list[EventVersion]] = defaultdict(list)
    for version in (
        EventVersion.objects.filter(event__match__in=matches.values("pk"), is_current=True)
        .select_related("event")
        .order_by("event__match_id", "event__number")
    ):
        versions_of[version.event.match_id].append(version)
    return seats_of, versions_of


def _rating_histories(player: Player) -> dict[str, list[RatingPoint]]:
    """The player's rating after each rated match, by game, in the order they were rated."""
    histories: dict[str, list[RatingPoint]] = defaultdict(list)
    for change in (
        RatingChange.objects.filter(player=player)
        .annotate(finished_at=F("match__finished_at"))
        .order_by("game", "sequence")
    ):
        histories[change.game].append(
            RatingPoint(
                match_id=change.match_id,
                finished_at=change.finished_at,
                place=change.place,
                mu_before=change.mu_before,
                sigma_before=change.sigma_before,
                mu=change.mu,
                sigma=change.sigma,
            )
        )
    return histories


def _count_opponents(
    records: dict[int, HeadToHead], seat: MatchPlayer, seats: Sequence[MatchPlayer]
) -> None:
    """One match more against each opponent at `seat`'s table, and who finished ahead."""
    for other in seats:
        if other.player_id == seat.player_id:
            continue
        record = records.get(other.player_id)
        if record is None:
            record = records[other.player_id] = HeadToHead(opponent=other.player)
        record.matches += 1
        if seat.place is not None and other.place is not None:
            record.ahead += seat.place < other.place
            record.behind += seat.place > other.place


def _line(
    match: Match, seats: Sequence[MatchPlayer], versions: Sequence[EventVersion], name: str
) -> MatchLine:
    """The player's line of one match, replayed from its events."""
    document, _numbers = match_document(match, seats, versions)
    parsed = parse_document(document)
    state = replay(parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer)
    return match_lines(parsed, state)[name]


def share(value: Fraction | None) -> float | None:
    """A share as a percentage, for pages and the API."""
    return None if value is None else float(value * 100)
