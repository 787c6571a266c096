"""Player ratings: OpenSkill's Plackett-Luce model, one rating per player and game.

Every finished, confirmed match updates the ratings of its players from its final ranking: each
player is a team of one, and players who share a place are a tie. Multi-player tables (Scala 40,
Ramino) and Gin's one-against-one are rated the same way. A match played by teams (the caller
gives them: two lines of two players) is rated with OpenSkill's team rating: each team is
ranked by its place (a team's players share it), and each player moves through their team.
Matches are replayed in the order given (the caller sorts them by when they finished), so
recomputing from scratch after a correction gives the same numbers as rating match by match.

A rating is `mu` (the skill believed) and `sigma` (how unsure that belief is); the leaderboard
orders players by `ordinal` = mu - 3 sigma, a conservative estimate that a newcomer with one
lucky win does not top.

The engine is generic in how the caller names players and matches (`Player`, `MatchKey`: any
hashable, a database id or a name): what it is given is what it gives back.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from openskill.models import PlackettLuce

Player = TypeVar("Player", bound=Hashable)
MatchKey = TypeVar("MatchKey", bound=Hashable)

_MODEL = PlackettLuce()
INITIAL_MU = _MODEL.mu
INITIAL_SIGMA = _MODEL.sigma


@dataclass(frozen=True)
class Rating:
    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA

    @property
    def ordinal(self) -> float:
        """The leaderboard value: mu - 3 sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedMatch(Generic[MatchKey, Player]):
    """A finished match: its key (for the history) and each player's place (1 best; shared
    places are ties). A match of fewer than two players changes nothing. `teams`, when given,
    groups every player into the teams that played (each team's players share a place); none:
    each player alone."""

    key: MatchKey
    places: Mapping[Player, int]
    teams: tuple[tuple[Player, ...], ...] | None = None


@dataclass(frozen=True)
class RatingChange(Generic[MatchKey, Player]):
    match: MatchKey
    player: Player
    before: Rating
    after: Rating


@dataclass(frozen=True)
class Ratings(Generic[MatchKey, Player]):
    current: dict[Player, Rating]
    history: tuple[RatingChange[MatchKey, Player], ...]  # in match order, players in place order

    def of(self, player: Player) -> Rating:
        return self.current.get(player, Rating())

    def leaderboard(self) -> list[tuple[Player, Rating]]:
        """Players by ordinal, best first (ties by mu, then by id as text)."""
        return sorted(
            self.current.items(),
            key=lambda item: (-item[1].ordinal, -item[1].mu, str(item[0])),
        )


def rate_match(
    ratings: Mapping[Player, Rating],
    places: Mapping[Player, int],
    teams: Sequence[Sequence[Player]] | None = None,
) -> dict[Player, Rating]:
    """The new ratings of the players of one match (others are not returned). `teams`: who
    played together (each team's players share their place); None: each player alone."""
    grouped = _teams(places, teams)
    if len(grouped) < 2:
        return {player: ratings.get(player, Rating()) for player in places}
    rated = _MODEL.rate(
        [
            [_MODEL.rating(mu=rating.mu, sigma=rating.sigma) for rating in _of(ratings, team)]
            for team in grouped
        ],
        ranks=[float(places[team[0]]) for team in grouped],
    )
    return {
        player: Rating(mu=after.mu, sigma=after.sigma)
        for team, rated_team in zip(grouped, rated, strict=True)
        for player, after in zip(team, rated_team, strict=True)
    }


def _teams(
    places: Mapping[Player, int], teams: Sequence[Sequence[Player]] | None
) -> list[tuple[Player, ...]]:
    """The teams in place order (then by their first player as text), each team's players in
    the order given; without `teams`, each player alone. A team must share one place."""
    grouped: list[tuple[Player, ...]]
    if teams is None:
        grouped = [(player,) for player in places]
    else:
        grouped = [tuple(team) for team in teams if team]
        if sorted(map(str, (p for team in grouped for p in team))) != sorted(map(str, places)):
            raise ValueError("the teams must hold every placed player once")
        if any(len({places[player] for player in team}) != 1 for team in grouped):
            raise ValueError("the players of a team share one place")
    return sorted(grouped, key=lambda team: (places[team[0]], str(team[0])))


def _of(ratings: Mapping[Player, Rating], team: Sequence[Player]) -> list[Rating]:
    return [ratings.get(player, Rating()) for player in team]


def rate_matches(matches: Iterable[RatedMatch[MatchKey, Player]]) -> Ratings[MatchKey, Player]:
    """Ratings from scratch: every match in the order given."""
    current: dict[Player, Rating] = {}
    history: list[RatingChange[MatchKey, Player]] = []
    for match in matches:
        updated = rate_match(current, match.places, match.teams)
        for player in sorted(match.places, key=lambda p: (match.places[p], str(p))):
            before = current.get(player, Rating())
            after = updated[player]
            history.append(RatingChange(match.key, player, before, after))
            current[player] = after
    return Ratings(current=current, history=tuple(history))
