"""Words in one place for club life: the sentences and labels that the season and rating pages,
their printables, charts and exports share, in the user's language (numbers as shown come from
`tournaments.presenters`: `points_text`, `number`).

- seasons: `season_summary` (what a season counts), `entry_rule` (how a re-entry is placed),
  `where` (where a counted match was played), `scale_lines` (a custom scale, a line a table
  size) and `scale_note` (the printable's note of the points by table size);
- ratings: `rating_value` (the ordinal a leaderboard ranks by), `rating_range` (skill ±
  uncertainty), `rating_estimate` (the same in plain words on a profile), and the words of the
  profile's charts (`rating_chart_words`, `places_chart_words`).

Nothing here reads the database or computes a rating or a score: the selectors and the engines
give the numbers, this module says them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Protocol, TypedDict

from django.template.defaultfilters import floatformat
from django.utils.translation import gettext

from clublife.models import Season
from scoring.engine.names import table_label
from scoring.games import game_label
from scoring.models import Match
from tournaments.models import Tournament
from tournaments.presenters import number

# Seasons -----------------------------------------------------------------------------------------


def season_summary(season: Season) -> str:
    """What the season counts, in words: "Scala 40, Ramino · club nights and tournament tables"."""
    games = ", ".join(game_label(game) for game in season.games) or gettext("every game")
    if season.counts_club_matches and season.counts_tournaments:
        sources = gettext("club nights and tournament tables")
    elif season.counts_club_matches:
        sources = gettext("club nights")
    else:
        sources = gettext("tournament tables")
    return f"{games} · {sources}"


def entry_rule(season: Season) -> str:
    """How the season places a player who re-entered (its page and its printable say it)."""
    if season.first_entry_only:
        return gettext("A player who re-entered is placed where their first entry ended.")
    return gettext("Every entry counts: a player who re-entered keeps their place.")


class Counted(Protocol):
    """A match a season counts, as its selector gives it (`clublife.seasons.CountedMatch`)."""

    @property
    def match(self) -> Match: ...
    @property
    def tournament(self) -> Tournament | None: ...
    @property
    def private_tournament(self) -> bool: ...
    @property
    def table_number(self) -> int | None: ...


def where(counted: Counted) -> str:
    """Where a counted match was played: "Coppa d'autunno, table 3" or "Club night, table 2";
    "A private tournament" for a tournament the reader may not see (never named)."""
    if counted.private_tournament:
        return gettext("A private tournament")
    if counted.tournament is not None:
        return gettext("%(tournament)s, table %(table)s") % {
            "tournament": counted.tournament.name,
            "table": counted.table_number,
        }
    label = table_label(counted.match.table_label)
    if label.isdigit():
        return gettext("Club night, table %(table)s") % {"table": label}
    if label:  # a table named in free text ("Terrace"), as typed
        return gettext("Club night, %(table)s") % {"table": label}
    return gettext("Club night")


ScaleRows = Iterable[tuple[int, Sequence[Fraction]]]  # (table size, points by place)


def scale_lines(scale: ScaleRows) -> list[str]:
    """A season's custom placement points as its page lists them: "Tables of 4: 4, 3, 2, 1"."""
    return [
        gettext("Tables of %(size)s: %(points)s")
        % {"size": size, "points": ", ".join(number(value) for value in points)}
        for size, points in scale
    ]


def scale_note(scale: ScaleRows) -> str:
    """The printable's note: "Placement points by table size: 3: 3, 2, 1; 4: 4, 3, 2, 1."."""
    return gettext("Placement points by table size: %(points)s.") % {
        "points": "; ".join(
            f"{size}: {', '.join(number(value) for value in points)}" for size, points in scale
        )
    }


# Ratings -----------------------------------------------------------------------------------------


class Rated(Protocol):
    """A rating as the ratings give it (a `Rating`, a leaderboard row)."""

    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...
    @property
    def ordinal(self) -> float: ...


def rating_value(rating: Rated) -> str:
    """The rating a leaderboard ranks by (the ordinal, mu - 3 sigma), one decimal: "12.4"."""
    return floatformat(rating.ordinal, 1)


def rating_range(rating: Rated) -> str:
    """Skill ± uncertainty, one decimal each: "25.0 ± 8.3"."""
    return f"{floatformat(rating.mu, 1)} ± {floatformat(rating.sigma, 1)}"


def rating_estimate(rating: Rated) -> str:
    """A player's rating as a profile says it in plain words: "estimate 25.0 ± 8.3" (the skill
    the matches suggest, and how far it may be off)."""
    return gettext("estimate %(skill)s ± %(uncertainty)s") % {
        "skill": floatformat(rating.mu, 1),
        "uncertainty": floatformat(rating.sigma, 1),
    }


class RatingChartWords(TypedDict):
    title: str
    mu_label: str
    band_label: str
    x_label: str


class PlacesChartWords(TypedDict):
    title: str
    x_label: str


def rating_chart_words(game: str) -> RatingChartWords:
    """The words of a player's rating chart at `game` (its label): title and axes."""
    return {
        "title": gettext("%(game)s rating, match by match") % {"game": game},
        "mu_label": gettext("estimated skill"),
        "band_label": gettext("estimate ± uncertainty"),
        "x_label": gettext("Rated matches"),
    }


def places_chart_words(game: str) -> PlacesChartWords:
    """The words of a player's chart of places at `game` (its label): title and axis."""
    return {
        "title": gettext("%(game)s: places") % {"game": game},
        "x_label": gettext("Place"),
    }
