"""VP tables (BURRACO.md §2): a turno's MP difference D turned into a 20-point VP split.

A table is a tuple of bands, each `(low, high or None, winner VP, loser VP)`: a difference from
`low` to `high` (both included; the last band is open, `high` None) gives the line with the higher
total `winner` VP and the other `loser`. Tallone ships the FIBur 3- and 4-hand tables
(`THREE_HANDS`, `FOUR_HANDS`: Art. 17 as published by puntiburraco); a club enters others (2-hand,
teams), and `check_vp_table` refuses, naming the band (1 is the first) and the field at fault:

- `first_band`: the first band does not start at 0 or is not 10-10 (D = 0 has no winner);
- `step`: a bound not a whole number in steps of 5 (every score is);
- `split`: a VP not a whole number from 0 to 20, or winner + loser not 20;
- `reversed`: a band that ends below its start;
- `gap` / `overlap`: a band not starting exactly 5 above the previous end (the 2014 program that
  ended the 16-VP band at 820 and began the next at 830 gave an 825-point winner 0 VP);
- `open_band`: a band other than the last without an end, or a last band with one;
- `decreasing`: a winner's VP below the band before;
- `empty`: no band at all; `hands`: a hand count that is not a whole number from 1 up.

`lookup(table, difference)` answers `(winner VP, loser VP)`; every difference of 0 and above in
steps of 5 falls in exactly one band of a checked table.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..errors import TournamentError
from ..errors import gettext_noop as _

TOTAL_VP = 20
STEP = 5

FIRST_BAND = _("Band 1 must start at 0 and give 10-10: a difference of 0 has no winner.")
STEP_BOUND = _("Band %(band)s: %(value)s is not a whole number of points in steps of 5.")
BAD_VP = _("Band %(band)s: %(value)s is not a number of victory points from 0 to 20.")
SPLIT = _("Band %(band)s: %(winner)s + %(loser)s victory points make %(sum)s, not 20.")
REVERSED = _("Band %(band)s ends at %(high)s, below its start %(low)s.")
GAP = _(
    "Band %(band)s starts at %(low)s: a difference from %(first)s to %(last)s falls in no band "
    "(each band starts 5 above the previous end, %(expected)s)."
)
OVERLAP = _(
    "Band %(band)s starts at %(low)s, inside band %(previous)s "
    "(each band starts 5 above the previous end, %(expected)s)."
)
OPEN_BEFORE_LAST = _("Band %(band)s has no end, but only the last band is open.")
LAST_CLOSED = _("The last band (%(band)s) must be open: a difference above %(high)s needs VP too.")
DECREASING = _(
    "Band %(band)s gives the winner %(winner)s victory points, fewer than band %(previous)s "
    "(%(before)s)."
)
EMPTY = _("A VP table needs at least one band.")
BAD_HANDS = _("A VP table is for a number of hands from 1 up (given: %(hands)s).")
BAD_DIFFERENCE = _(
    "%(difference)s is not a difference of points: a whole number >= 0 in steps of 5."
)
NO_TABLE = _(
    "There is no VP table for turni of %(hands)s hands: enter one before the turno starts."
)


class VpTableError(TournamentError):
    """A refusal of a VP table: `code` says which rule (module docstring), `band` which band
    (from 1; None for the whole table), `field` the path of the value ("bands.3.low")."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        band: int | None,
        field: str,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.band = band
        super().__init__(message, field=field, params={"band": band, **(params or {})})


@dataclass(frozen=True)
class Band:
    """Differences from `low` to `high` (None: no end) give `winner` and `loser` VP."""

    low: int
    high: int | None
    winner: int
    loser: int


@dataclass(frozen=True)
class VpTable:
    """A checked table (`check_vp_table`): its bands in order, and the hand count it is for."""

    hands: int
    bands: tuple[Band, ...]

    def lowest_difference(self, winner_vp: int) -> int | None:
        """The lowest difference worth `winner_vp` to the winner (355 for 14 VP on 3 hands), or
        None if no band gives it: the MP that go with a bye's or a forfeit's VP."""
        return next((band.low for band in self.bands if band.winner == winner_vp), None)


def bands_of(rows: Iterable[tuple[int, int | None, int]]) -> tuple[Band, ...]:
    """Bands from BURRACO.md's rows `(low, high or None, winner VP)`: the loser gets the rest."""
    return tuple(Band(low, high, winner, TOTAL_VP - winner) for low, high, winner in rows)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_values(number: int, band: Band) -> None:
    """A band's own values: bounds in steps of 5, VP from 0 to 20 summing to 20."""
    for name in ("low", "high"):
        value = getattr(band, name)
        if value is None and name == "high":
            continue
        if not _whole(value) or value < 0 or value % STEP:
            raise VpTableError(
                STEP_BOUND,
                code="step",
                band=number,
                field=f"bands.{number}.{name}",
                params={"value": value},
            )
    for name in ("winner", "loser"):
        value = getattr(band, name)
        if not _whole(value) or not 0 <= value <= TOTAL_VP:
            raise VpTableError(
                BAD_VP,
                code="split",
                band=number,
                field=f"bands.{number}.{name}",
                params={"value": value},
            )
    if band.winner + band.loser != TOTAL_VP:
        raise VpTableError(
            SPLIT,
            code="split",
            band=number,
            field=f"bands.{number}.loser",
            params={"winner": band.winner, "loser": band.loser, "sum": band.winner + band.loser},
        )
    if band.high is not None and band.high < band.low:
        raise VpTableError(
            REVERSED,
            code="reversed",
            band=number,
            field=f"bands.{number}.high",
            params={"low": band.low, "high": band.high},
        )


def _check_follows(number: int, band: Band, previous: Band) -> None:
    """Band `number` against the band before it: no open band before, no gap, no overlap, no
    smaller winner's VP."""
    if previous.high is None:
        raise VpTableError(
            OPEN_BEFORE_LAST, code="open_band", band=number - 1, field=f"bands.{number - 1}.high"
        )
    expected = previous.high + STEP
    if band.low != expected:
        params = {"low": band.low, "expected": expected, "previous": number - 1}
        if band.low > expected:
            params |= {"first": expected, "last": band.low - STEP}
            code, message = "gap", GAP
        else:
            code, message = "overlap", OVERLAP
        raise VpTableError(
            message, code=code, band=number, field=f"bands.{number}.low", params=params
        )
    if band.winner < previous.winner:
        raise VpTableError(
            DECREASING,
            code="decreasing",
            band=number,
            field=f"bands.{number}.winner",
            params={"winner": band.winner, "previous": number - 1, "before": previous.winner},
        )


def check_vp_table(hands: int, bands: Iterable[Band]) -> VpTable:
    """The table for turni of `hands` hands, once every rule of the module docstring holds."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise VpTableError(
            BAD_HANDS, code="hands", band=None, field="hands", params={"hands": hands}
        )
    bands = tuple(bands)
    if not bands:
        raise VpTableError(EMPTY, code="empty", band=None, field="bands")
    for number, band in enumerate(bands, start=1):
        _check_values(number, band)
        if number == 1 and (band.low != 0 or band.winner != TOTAL_VP // 2):
            raise VpTableError(FIRST_BAND, code="first_band", band=1, field="bands.1.low")
        if number > 1:
            _check_follows(number, band, bands[number - 2])
    last = bands[-1]
    if last.high is not None:
        raise VpTableError(
            LAST_CLOSED,
            code="open_band",
            band=len(bands),
            field=f"bands.{len(bands)}.high",
            params={"high": last.high},
        )
    return VpTable(hands, bands)


def check_difference(difference: int) -> int:
    """`difference` if it is a whole number >= 0 in steps of 5; refused otherwise."""
    if not _whole(difference) or difference < 0 or difference % STEP:
        raise TournamentError(BAD_DIFFERENCE, field="difference", params={"difference": difference})
    return difference


def lookup(table: VpTable, difference: int) -> tuple[int, int]:
    """(winner VP, loser VP) for an MP difference of `difference` (>= 0, in steps of 5)."""
    check_difference(difference)
    index = bisect_right([band.low for band in table.bands], difference) - 1
    band = table.bands[index]
    return band.winner, band.loser


def table_for(tables: Mapping[int, VpTable], hands: int) -> VpTable:
    """The table of `tables` for turni of `hands` hands; a turno without one cannot start."""
    try:
        return tables[hands]
    except KeyError:
        raise TournamentError(NO_TABLE, field="vp_tables", params={"hands": hands}) from None


THREE_HANDS = check_vp_table(
    3,
    bands_of(
        [
            (0, 50, 10),
            (55, 150, 11),
            (155, 250, 12),
            (255, 350, 13),
            (355, 500, 14),
            (505, 650, 15),
            (655, 800, 16),
            (805, 1000, 17),
            (1005, 1250, 18),
            (1255, 1500, 19),
            (1505, None, 20),
        ]
    ),
)
FOUR_HANDS = check_vp_table(
    4,
    bands_of(
        [
            (0, 100, 10),
            (105, 300, 11),
            (305, 500, 12),
            (505, 700, 13),
            (705, 900, 14),
            (905, 1100, 15),
            (1105, 1300, 16),
            (1305, 1500, 17),
            (1505, 1700, 18),
            (1705, 2000, 19),
            (2005, None, 20),
        ]
    ),
)
DEFAULT_VP_TABLES: dict[int, VpTable] = {3: THREE_HANDS, 4: FOUR_HANDS}
