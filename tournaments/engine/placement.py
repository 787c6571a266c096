"""Placement points: what a place at a table is worth in the tournament standings.

The default scale is linear from 7 (first) to 1 (last), whatever the size of the table:
2 players 7/1, 3 players 7/4/1, 4 players 7/5/3/1, 5 players 7/5.5/4/2.5/1,
6 players 7/5.8/4.6/3.4/2.2/1. A club may give any table size its own list.

Places follow the scoring engine's convention: lower is better, and players who share a place
take the same number while the next place skips (1, 2, 2, 4). Players who share a place share
the points of the places they cover: at a table of 4 with places 1, 2, 2, 4 the two second
places each get (5 + 3) / 2 = 4. The points of a table therefore always add up to the points of
its places, ties or not.

Points are `Fraction`s, so sums and averages are exact (a three-way tie over 10, 6 and 3 is
19/3, not 6.333...); the Django layer rounds only for display.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from .errors import TournamentError
from .errors import gettext_noop as _
from .tables import LARGEST_TABLE, SMALLEST_TABLE

Key = TypeVar("Key")

BEST = Fraction(7)
WORST = Fraction(1)

SCALE_SIZE = _("Placement points can be set for tables of 2 to 6 players, not %(size)s.")
SCALE_LENGTH = _(
    "A table of %(size)s players needs %(size)s placement points. Points given: %(count)s."
)
SCALE_NOT_NUMBER = _("The placement points for tables of %(size)s must be numbers.")
SCALE_NEGATIVE = _("The placement points for tables of %(size)s cannot be negative.")
SCALE_TOO_LARGE = _("The placement points for tables of %(size)s can be at most %(maximum)s.")
POINTS_MAX = 1000  # a place is worth at most this many points
SCALE_NOT_DESCENDING = _(
    "The placement points for tables of %(size)s must not grow from one place to the next."
)
PLACE_NOT_WHOLE = _("The place of %(player)s must be a whole number.")
PLACES_INCONSISTENT = _(
    "The places at this table are not consistent: %(player)s is placed %(place)s, but the "
    "players ahead of them are %(better)s (shared places are written 1, 2, 2, 4)."
)


def linear_points(
    size: int, *, best: Fraction = BEST, worst: Fraction = WORST
) -> tuple[Fraction, ...]:
    """Points from `best` for the first place down to `worst` for the last, in equal steps."""
    step = (best - worst) / (size - 1)
    return tuple(best - step * place for place in range(size))


def _fraction(value: object, size: int) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, Decimal, str)):
        # floats are refused: 5.8 as a float is not 5.8, and the scale must be exact
        raise TournamentError(SCALE_NOT_NUMBER, field="placement_points", params={"size": size})
    try:
        if isinstance(value, str) and "/" not in value:
            value = Decimal(value)  # "1e9999999" as a Fraction would take seconds to compute
        if isinstance(value, Decimal) and not value.is_finite():
            raise ValueError(value)
        if isinstance(value, Decimal) and value and not -12 <= value.adjusted() <= 12:
            # far outside the scale; refused before it becomes a Fraction of millions of digits
            raise TournamentError(
                SCALE_TOO_LARGE if value.adjusted() > 0 else SCALE_NOT_NUMBER,
                field="placement_points",
                params={"size": size, "maximum": POINTS_MAX},
            )
        number = Fraction(value)
    except (ValueError, ZeroDivisionError, ArithmeticError):
        raise TournamentError(
            SCALE_NOT_NUMBER, field="placement_points", params={"size": size}
        ) from None
    if number > POINTS_MAX:
        raise TournamentError(
            SCALE_TOO_LARGE, field="placement_points", params={"size": size, "maximum": POINTS_MAX}
        )
    return number


@dataclass(frozen=True)
class PlacementScale:
    """The placement points of every table size: the linear 7-to-1 default, or a club's lists.

    `custom` holds the configured sizes as `(size, points)` pairs, sorted by size; build it with
    `PlacementScale.of({4: ("10", "6", "3", "1")})`, which validates the lists.
    """

    custom: tuple[tuple[int, tuple[Fraction, ...]], ...] = ()

    @classmethod
    def of(cls, lists: Mapping[int, Sequence[int | str | Decimal | Fraction]]) -> PlacementScale:
        """Validate a club's lists (size -> points of places 1..size) and build the scale.

        Each list must have one number per place (ints, Decimals, Fractions or decimal strings;
        floats are refused as inexact), none negative, never growing from a place to the next.
        """
        custom = []
        for size, points in lists.items():
            if isinstance(size, bool) or not isinstance(size, int):
                raise TournamentError(SCALE_SIZE, field="placement_points", params={"size": size})
            if not SMALLEST_TABLE <= size <= LARGEST_TABLE:
                raise TournamentError(SCALE_SIZE, field="placement_points", params={"size": size})
            values = tuple(_fraction(value, size) for value in points)
            if len(values) != size:
                raise TournamentError(
                    SCALE_LENGTH,
                    field="placement_points",
                    params={"size": size, "count": len(values)},
                )
            if any(value < 0 for value in values):
                raise TournamentError(
                    SCALE_NEGATIVE, field="placement_points", params={"size": size}
                )
            if any(later > earlier for earlier, later in itertools.pairwise(values)):
                raise TournamentError(
                    SCALE_NOT_DESCENDING, field="placement_points", params={"size": size}
                )
            custom.append((size, values))
        return cls(custom=tuple(sorted(custom)))

    def table_points(self, size: int) -> tuple[Fraction, ...]:
        """The points of places 1..size at a table of `size` players."""
        for custom_size, points in self.custom:
            if custom_size == size:
                return points
        if not SMALLEST_TABLE <= size <= LARGEST_TABLE:
            raise TournamentError(SCALE_SIZE, field="placement_points", params={"size": size})
        return linear_points(size)

    def award(self, places: Mapping[Key, int]) -> dict[Key, Fraction]:
        """The points each player of one table earns for their place (shared places averaged).

        `places` maps every player of the table to their place; see `check_places`.
        """
        check_places(places)
        points = self.table_points(len(places))
        sharing: dict[int, int] = {}
        for place in places.values():
            sharing[place] = sharing.get(place, 0) + 1
        shares = {
            place: sum(points[place - 1 : place - 1 + count], Fraction(0)) / count
            for place, count in sharing.items()
        }
        return {player: shares[place] for player, place in places.items()}


DEFAULT_SCALE = PlacementScale()


def check_places(places: Mapping[Key, int]) -> None:
    """Refuse places that are not whole numbers or not ranked the 1, 2, 2, 4 way.

    Contract: every place is 1 + the number of players at the table with a better (lower) place.
    """
    values = list(places.values())
    for player, place in places.items():
        if isinstance(place, bool) or not isinstance(place, int):
            raise TournamentError(PLACE_NOT_WHOLE, field="place", params={"player": player})
    for player, place in places.items():
        better = sum(1 for other in values if other < place)
        if place != better + 1:
            raise TournamentError(
                PLACES_INCONSISTENT,
                field="place",
                params={"player": player, "place": place, "better": better},
            )
