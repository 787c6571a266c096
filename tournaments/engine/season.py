"""Season standings: the placement points a club season collects from the matches it counts.

A season counts matches (club nights and tournament tables). Each match gives every player a
*season place*, and each season place earns placement points by table size (`PlacementScale`,
linear 7 to 1 by default, shared places share their points). The standings add them up.

`season_places(places, first_exits, first_entry_only=...)` gives the season places of one match.
Without `first_entry_only` they are the match's own places. With it, a player who re-entered is
placed where their first entry ended, as if they had not come back:

1. each player's first entry ends at `first_exits[player]`: the index of the first event that put
   them out of play (the hand that first eliminated them, or their withdrawal), or None when they
   were still in play when the match ended;
2. players are ordered by that index, later first, None (the match's end) before any index;
3. players whose first entry ended at the same event are ordered by their place in the match;
4. players equal on both share a season place, and the next place is skipped (1, 2, 2, 4).

A match without re-entries keeps its places: the scoring engine already ranks players who went
out by the event where they left (later higher), after everyone still in play. Only a player who
re-entered moves (down, to where their first entry ended), and the players they passed move up.

`season_standings(matches, scale)` ranks the players of a season, one row a player, by
1. season points (the sum of their placement points), more first;
2. wins (matches won alone: a first place shared at a time call is not a win), more first;
3. matches played, FEWER first: the same points from fewer matches is the better season;
4. players equal on all three share a place (shown by id; that order means nothing).
Each row also says the player's best season place. Points are exact `Fraction`s.

A match played by teams (`TeamPlaces`: two lines of two players) is a table of its teams: each
team earns the points of its place at a table of that many teams, and every player of the team
takes them, the win (a team first alone) and the place; `season_award` gives any match's points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from .errors import InternalError
from .placement import DEFAULT_SCALE, PlacementScale, check_places
from .tables import PlayerId, display_key

Key = TypeVar("Key", bound=PlayerId)


def _ranked(keys: Mapping[Key, tuple[Fraction | int, ...]]) -> dict[Key, int]:
    """Places from sort keys (lower is better), equal keys sharing a place the 1, 2, 2, 4 way."""
    first: dict[tuple[Fraction | int, ...], int] = {}
    for index, key in enumerate(sorted(keys.values()), start=1):
        first.setdefault(key, index)
    return {player: first[key] for player, key in keys.items()}


def season_places(
    places: Mapping[Key, int],
    first_exits: Mapping[Key, int | None],
    *,
    first_entry_only: bool = True,
) -> dict[Key, int]:
    """The season place of every player of one finished match (see the module's docstring).

    `places` are the match's places (1, 2, 2, 4 way); `first_exits` maps every player to the
    index of the event that ended their first entry, or None if they were in play at the end.
    """
    check_places(places)
    if not first_entry_only:
        return dict(places)
    if set(first_exits) != set(places):
        raise InternalError("first_exits must name exactly the players of the match")
    # None (in play at the end) sorts before every index; a later index sorts before an earlier
    return _ranked(
        {
            player: (0 if first_exits[player] is None else 1, -(first_exits[player] or 0), place)
            for player, place in places.items()
        }
    )


@dataclass(frozen=True)
class TeamPlaces(Generic[Key]):
    """The season places of a match played by teams: each team's players and its place (1 best,
    equal teams share the 1, 2, 2, 4 way); a team's players share its place and points."""

    teams: tuple[tuple[Key, ...], ...]
    places: tuple[int, ...]  # one per team

    def players(self) -> dict[Key, int]:
        """Each player's place: their team's."""
        return {
            player: place
            for team, place in zip(self.teams, self.places, strict=True)
            for player in team
        }


SeasonMatch = Mapping[Key, int] | TeamPlaces[Key]


def _units(match: SeasonMatch[Key]) -> Sequence[tuple[tuple[Key, ...], int]]:
    """Who is placed together in one match and where: its teams, or each player alone."""
    if isinstance(match, TeamPlaces):
        return list(zip(match.teams, match.places, strict=True))
    return [((player,), place) for player, place in match.items()]


def season_award(
    match: SeasonMatch[Key], scale: PlacementScale = DEFAULT_SCALE
) -> dict[Key, Fraction]:
    """The placement points each player of one match earns (a team's players, its team's)."""
    units = _units(match)
    awarded = scale.award({index: place for index, (_team, place) in enumerate(units)})
    return {player: awarded[index] for index, (team, _place) in enumerate(units) for player in team}


@dataclass(frozen=True)
class SeasonRow(Generic[Key]):
    """One player's line of the season standings (`player` is the id the matches gave)."""

    place: int
    shared: bool
    player: Key
    points: Fraction
    matches: int
    wins: int
    best_place: int


def season_standings(
    matches: Iterable[SeasonMatch[Key]], scale: PlacementScale = DEFAULT_SCALE
) -> list[SeasonRow[Key]]:
    """The standings of a season from the season places of each of its matches.

    Each item of `matches` maps the players of one match to their season places (as
    `season_places` gives them; the table size is the number of players in it), or is the
    `TeamPlaces` of a match played by teams (the table size is its number of teams). Rows come
    best first; players sharing a place come in `display_key` order of their ids.
    """
    points: dict[Key, Fraction] = {}
    played: dict[Key, int] = {}
    wins: dict[Key, int] = {}
    best: dict[Key, int] = {}
    for match in matches:
        units = _units(match)
        awarded = season_award(match, scale)
        firsts = sum(1 for _team, place in units if place == 1)
        for team, place in units:
            for player in team:
                points[player] = points.get(player, Fraction(0)) + awarded[player]
                played[player] = played.get(player, 0) + 1
                wins[player] = wins.get(player, 0) + (1 if place == 1 and firsts == 1 else 0)
                best[player] = min(best.get(player, place), place)
    keys = {player: (-points[player], -wins[player], played[player]) for player in points}
    ranked = _ranked(keys)
    counts: dict[int, int] = {}
    for place in ranked.values():
        counts[place] = counts.get(place, 0) + 1
    order = sorted(points, key=lambda player: (ranked[player], display_key(player)))
    return [
        SeasonRow(
            place=ranked[player],
            shared=counts[ranked[player]] > 1,
            player=player,
            points=points[player],
            matches=played[player],
            wins=wins[player],
            best_place=best[player],
        )
        for player in order
    ]
