"""The money of a tournament: the pot, the house cut and the prizes of each place.

The pot holds the entry fees (entries x entry fee) and the re-entry fees collected at the tables;
together they are the gross. The house keeps `house_cut_percent` of the gross, rounded half-up to
the cent; the rest is the prize money. Amounts of money are `Decimal`s with at most two decimals
(cents), never floats; percentages also have at most two decimals (12.5 or 33.33).

The prizes are shared by place with a list of percentages (50/30/20 by default): at least one
place, each paid more than 0, no place paid more than the place ahead of it, adding up to exactly
100. Each place's share is rounded down to a multiple of the rounding unit (0.01, 0.50, 1, 5, 10);
the whole units left over go one by one to the places with the largest remainders (the better
place first when remainders are equal), and what is left below one unit (when the prizes are not
a multiple of the unit) goes to first place. The amounts therefore always add up to the prizes, and
never grow from a place to the next. With 396 of prizes, 50/30/20 and a unit of 5: the shares 198,
118.80 and 79.20 round down to 195, 115 and 75 (385); two units of 5 are left, for the largest
remainders 4.20 (third) and 3.80 (second); the 1 below the unit goes to first: 196, 120, 80.

With fewer entrants than paid places, `percents_for` keeps the first percentages and scales them
back up to 100 (50/30/20 for 2 entrants: 62.50/37.50). The scaled percentages, not hidden
weights, are what `payout_table` applies, so a director can be shown exactly the percentages used.

Places in the final ranking follow the engine's convention (1, 2, 2, 4). Players who share a place
share the amounts of the places they cover: tied at 2 under 198/119/79, two players get
(119 + 79) / 2 = 99 each. Players placed below the paid places get 0.

Everything is computed in whole cents and hundredths of a percent (ints), so no result depends
on the precision of the `Decimal` context; results are `Decimal`s with two decimals.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypeVar

from .errors import TournamentError
from .errors import gettext_noop as _
from .tables import PlayerId, display_key

# A player as the caller names them: a database id (the app) or a name (the tests).
Key = TypeVar("Key", bound=PlayerId)

DEFAULT_PAYOUT_PERCENTS = (Decimal(50), Decimal(30), Decimal(20))

AMOUNT_NOT_MONEY = _("This must be an amount of money, such as 20 or 12.50.")
AMOUNT_NEGATIVE = _("An amount of money cannot be negative.")
AMOUNT_TOO_PRECISE = _("An amount of money has at most two decimals (cents).")
ENTRIES_NOT_WHOLE = _("The number of entries must be a whole number of 0 or more.")
CUT_NOT_PERCENT = _("The house cut must be a percentage from 0 to 100.")
PERCENT_TOO_PRECISE = _("A percentage has at most two decimals, such as 12.5 or 33.33.")
PERCENTS_EMPTY = _("Give the percentage of the prizes paid to at least one place.")
PERCENT_NOT_NUMBER = _("The payout percentages must be numbers, such as 50 or 33.33.")
PERCENT_NOT_POSITIVE = _(
    "Place %(place)s must be paid more than 0%%: remove the places that are paid nothing."
)
PERCENTS_GROWING = _(
    "Place %(place)s cannot be paid more than place %(better)s "
    "(%(percent)s%% against %(better_percent)s%%)."
)
PERCENTS_TOTAL = _("The payout percentages must add up to 100; they add up to %(total)s.")
UNIT_NOT_POSITIVE = _(
    "The prizes are rounded to an amount of money more than 0, such as 1, 5 or 0.50."
)
PLACE_NOT_WHOLE = _("The place of %(player)s must be a whole number.")
RANKING_INCONSISTENT = _(
    "The final ranking is not consistent: %(player)s is placed %(place)s, but %(better)s players "
    "are ahead of them (shared places are written 1, 2, 2, 4)."
)


@dataclass(frozen=True)
class Pot:
    """The money of a tournament, every amount a `Decimal` to the cent.

    Contract: `gross == entry_fees + reentry_fees`, `prizes == gross - house`,
    `0 <= house <= gross`.
    """

    entry_fees: Decimal
    reentry_fees: Decimal
    gross: Decimal
    house: Decimal
    prizes: Decimal


def _hundredths(value: object, *, field: str, message: str, too_precise: str) -> int:
    """`value` in hundredths (cents of money, hundredths of a percent), as an exact int.

    Accepts ints, `Decimal`s and decimal strings; refuses floats (0.1 as a float is not 0.1),
    bools, anything else, infinities and NaN with `message`, more than two decimals with
    `too_precise`.
    """
    if isinstance(value, bool) or not isinstance(value, (int, str, Decimal)):
        raise TournamentError(message, field=field)
    try:
        number = Decimal(value)
    except (InvalidOperation, ValueError):
        raise TournamentError(message, field=field) from None
    if not number.is_finite():
        raise TournamentError(message, field=field)
    if number and not -12 <= number.adjusted() <= 12:
        # no amount or percentage is this large or this fine; as a Fraction, "1e9999999" would
        # take seconds to compute
        raise TournamentError(message if number.adjusted() > 0 else too_precise, field=field)
    scaled = Fraction(number) * 100
    if scaled.denominator != 1:
        raise TournamentError(too_precise, field=field)
    return scaled.numerator


def _decimal(hundredths: int) -> Decimal:
    """An exact `Decimal` with two decimals (whatever the context's precision)."""
    return Decimal(f"{hundredths}e-2")


def _plain(hundredths: int) -> str:
    """A percentage for a message: 90, 62.5, 33.33 (no trailing zeros)."""
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    return f"{sign}{whole}" + (f".{part:02d}".rstrip("0") if part else "")


def _cents(value: object, *, field: str) -> int:
    cents = _hundredths(
        value, field=field, message=AMOUNT_NOT_MONEY, too_precise=AMOUNT_TOO_PRECISE
    )
    if cents < 0:
        raise TournamentError(AMOUNT_NEGATIVE, field=field)
    return cents


def tournament_pot(
    *,
    entries: int,
    entry_fee: Decimal,
    reentry_fees: Decimal = Decimal(0),
    house_cut_percent: Decimal = Decimal(0),
) -> Pot:
    """The pot of a tournament: `entries` entry fees plus the re-entry fees, less the house cut.

    The house cut is `gross * house_cut_percent / 100`, rounded half-up to the cent
    (12.5% of 0.20 is 0.025, so 0.03). Refuses, with the field at fault: `entries` that is not a
    whole number of 0 or more, a negative `entry_fee` or `reentry_fees` or one with more than two
    decimals, a `house_cut_percent` outside 0..100 or with more than two decimals.
    """
    if isinstance(entries, bool) or not isinstance(entries, int) or entries < 0:
        raise TournamentError(ENTRIES_NOT_WHOLE, field="entries")
    fee = _cents(entry_fee, field="entry_fee")
    reentries = _cents(reentry_fees, field="reentry_fees")
    cut = _hundredths(
        house_cut_percent,
        field="house_cut_percent",
        message=CUT_NOT_PERCENT,
        too_precise=PERCENT_TOO_PRECISE,
    )
    if not 0 <= cut <= 10000:
        raise TournamentError(CUT_NOT_PERCENT, field="house_cut_percent")
    entry_fees = fee * entries
    gross = entry_fees + reentries
    # gross * cut / 10000 cents, half-up: floor(x + 1/2), in integers (every amount is >= 0)
    house = (2 * gross * cut + 10000) // 20000
    return Pot(
        entry_fees=_decimal(entry_fees),
        reentry_fees=_decimal(reentries),
        gross=_decimal(gross),
        house=_decimal(house),
        prizes=_decimal(gross - house),
    )


def _percents(percents: Sequence[object]) -> list[int]:
    """The percentages in hundredths of a percent, validated as `check_payout_percents` says."""
    field = "payout_percents"
    values = [
        _hundredths(
            percent, field=field, message=PERCENT_NOT_NUMBER, too_precise=PERCENT_TOO_PRECISE
        )
        for percent in percents
    ]
    if not values:
        raise TournamentError(PERCENTS_EMPTY, field=field)
    for place, percent in enumerate(values, start=1):
        if percent <= 0:
            raise TournamentError(PERCENT_NOT_POSITIVE, field=field, params={"place": place})
    for place, (better, percent) in enumerate(itertools.pairwise(values), start=2):
        if percent > better:
            raise TournamentError(
                PERCENTS_GROWING,
                field=field,
                params={
                    "place": place,
                    "better": place - 1,
                    "percent": _plain(percent),
                    "better_percent": _plain(better),
                },
            )
    if sum(values) != 10000:
        raise TournamentError(PERCENTS_TOTAL, field=field, params={"total": _plain(sum(values))})
    return values


def check_payout_percents(percents: Sequence[object]) -> tuple[Decimal, ...]:
    """Validate the percentages of places 1, 2, ... and return them as `Decimal`s.

    At least one; each a number (int, `Decimal` or decimal string; floats are refused) with at
    most two decimals and more than 0; none larger than the one before (first place never gets
    less than second); adding up to exactly 100. Field: `payout_percents`.
    """
    return tuple(_decimal(percent) for percent in _percents(percents))


def percents_for(entrants: int, percents: Sequence[object]) -> tuple[Decimal, ...]:
    """The percentages to pay when only `entrants` players can be paid.

    Keeps the first min(len(percents), entrants) percentages; when some are dropped, scales the
    kept ones proportionally back up to 100: each rounded down to two decimals, and first place
    takes the few hundredths left (50/30/20 for 2 entrants: 62.50/37.50; 40/30/20/10 for 3:
    44.45/33.33/22.22). Rounding down and giving the rest to first keeps the order (an equal
    split 25/25/25/25 for 3 entrants is 33.34/33.33/33.33, never 33.33/33.33/33.34), and every
    kept percentage stays at least what it was, so the result passes `check_payout_percents`.
    `percents` must pass it too; `entrants` must be a whole number of 0 or more (field
    `entries`). No entrant, no paid place: 0 entrants give `()`, which `payout_table` refuses,
    so callers skip the table then.
    """
    values = _percents(percents)
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 0:
        raise TournamentError(ENTRIES_NOT_WHOLE, field="entries")
    if entrants == 0:
        return ()
    kept = values[:entrants]
    if len(kept) < len(values):
        kept_total = sum(kept)
        kept = [percent * 10000 // kept_total for percent in kept]
        kept[0] += 10000 - sum(kept)
    return tuple(_decimal(percent) for percent in kept)


def _unit(unit: object) -> int:
    """The rounding unit in cents: an amount of money more than 0 (field `payout_unit`)."""
    cents = _hundredths(
        unit, field="payout_unit", message=UNIT_NOT_POSITIVE, too_precise=AMOUNT_TOO_PRECISE
    )
    if cents <= 0:
        raise TournamentError(UNIT_NOT_POSITIVE, field="payout_unit")
    return cents


def payout_table(
    prizes: Decimal, percents: Sequence[object], *, unit: Decimal = Decimal(1)
) -> tuple[Decimal, ...]:
    """The amounts of places 1, 2, ...: `prizes` shared by `percents`, rounded to `unit`.

    Each share (prizes * percent / 100, exact) is rounded down to a multiple of `unit`; the whole
    units left over (fewer than the number of places) go one each to the places with the largest
    remainders, the better place first on equal remainders; the rest below one unit goes to first
    place. `percents` must pass `check_payout_percents` (use `percents_for` when there are fewer
    entrants than places); `unit` is an amount of money more than 0 (field `payout_unit`).

    Contract: the amounts add up to exactly `prizes`; every amount but the first is a multiple of
    `unit`, and the first is one plus `prizes` modulo `unit`; the amounts never grow from a place
    to the next. The last holds without reordering because shares never grow: a place whose share
    rounds down to the same multiple as the place ahead has a remainder no larger, so it never
    gets a unit that the place ahead does not; a place rounded down to a smaller multiple is at
    least one unit behind, and gets at most one. Amounts are `Decimal`s to the cent.
    """
    total = _cents(prizes, field="prizes")
    values = _percents(percents)
    step = _unit(unit)
    # share of a place = total * percent / 10000 cents; compared over the common denominator
    scale = 10000 * step
    units = [total * percent // scale for percent in values]
    remainders = [total * percent % scale for percent in values]
    left = total // step - sum(units)
    by_remainder = sorted(range(len(values)), key=lambda place: (-remainders[place], place))
    for place in by_remainder[:left]:
        units[place] += 1
    amounts = [count * step for count in units]
    amounts[0] += total - sum(amounts)  # below one unit: first place
    return tuple(_decimal(amount) for amount in amounts)


def _check_ranking(places: Mapping[Key, int]) -> None:
    for player, place in places.items():
        if isinstance(place, bool) or not isinstance(place, int):
            raise TournamentError(PLACE_NOT_WHOLE, field="place", params={"player": player})
    ranked = sorted(places.values())
    for player, place in places.items():
        better = bisect_left(ranked, place)  # the players with a lower (better) place
        if place != better + 1:
            raise TournamentError(
                RANKING_INCONSISTENT,
                field="place",
                params={"player": player, "place": place, "better": better},
            )


def award(
    amounts: Sequence[Decimal], places: Mapping[Key, int], *, unit: Decimal
) -> dict[Key, Decimal]:
    """The prize of every ranked player, from the amounts of places 1, 2, ... (`payout_table`).

    `places` maps every player of the final ranking to their place (1 best, shared places
    1, 2, 2, 4; field `place`). Players who share a place split the amounts of the places they
    cover: each gets the split rounded down to `unit`; the whole units left go one each to the
    tied players in id order (`display_key`: numbers, then names), and what is left below one
    unit to the first of them, so tied players never differ by more than one unit plus that
    sub-unit rest. Players placed below the paid places get 0 and are still in the result, in
    the order of `places`.

    Contract: the prizes awarded add up to `sum(amounts)` whenever at least `len(amounts)`
    players are ranked; with fewer, the amounts of the places nobody holds stay unawarded (pay out
    with `percents_for(entrants, ...)` so that this does not happen). With amounts that never
    grow and are multiples of `unit` but for first place's sub-unit rest, as `payout_table`
    returns, a better place is never awarded less than a worse one.
    """
    values = [_cents(amount, field="payout_amounts") for amount in amounts]
    step = _unit(unit)
    _check_ranking(places)
    groups: dict[int, list[Key]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(player)
    awarded: dict[Key, int] = {}
    for place, players in groups.items():
        players.sort(key=display_key)
        count = len(players)
        pooled = sum(values[place - 1 : place - 1 + count])
        each = pooled // (count * step) * step
        whole_left = (pooled - each * count) // step  # fewer than `count`
        shares = [each + step if index < whole_left else each for index in range(count)]
        shares[0] += pooled - sum(shares)  # below one unit: the first of them
        awarded.update(zip(players, shares, strict=True))
    return {player: _decimal(awarded[player]) for player in places}
