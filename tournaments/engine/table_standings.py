"""Standings (classifica) of a table tournament, from the results of its tables.

Input: the rounds played, each a sequence of `TableResult`s; a table lists every player's
`SeatResult` (place at the table, penalty points total of that match, whether they won it).
Output: `Standings`, rows ordered by the configured tie-breaks (spareggi), with places.

Tie-breaks, applied in the configured order (`DEFAULT_TIE_BREAKS` unless the club chooses):
- `points`: tournament points, the sum of the placement points earned (`placement.py`);
- `wins`: tables won;
- `head_to_head`: among exactly the players still tied when it applies, the number of times a
  player finished ahead of another of them at the same table, minus the times behind;
- `opponents` (strength of schedule): the average tournament points of the player's table-mates,
  one entry per table-mate per table (a mate met twice counts twice), using the mates' final
  totals. An average rather than a sum, so that sitting at tables of 5 is not worth more than
  tables of 3;
- `penalty`: total penalty points over all matches, lower first.

`DEFAULT_TIE_BREAKS` is the one default: a tournament created without a choice stores it.
Each row says which tie-break set it below the row above (`separated_by`), when both are equal on
the first one (tied on tournament points, by default) and not on every one.

Contract: the order is a total order on the tie-break values alone. It does not depend on the
order of the rounds, tables or seats given. Players equal on every tie-break share a place (1, 2,
2, 4) and are listed by id (`display_key`) only for display.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .errors import TournamentError
from .errors import gettext_noop as _
from .placement import DEFAULT_SCALE, PlacementScale, check_places
from .tables import LARGEST_TABLE, SMALLEST_TABLE, PlayerId, check_player_id, display_key


class TieBreak(StrEnum):
    POINTS = "points"
    WINS = "wins"
    HEAD_TO_HEAD = "head_to_head"
    OPPONENTS = "opponents"
    PENALTY = "penalty"


DEFAULT_TIE_BREAKS = (
    TieBreak.POINTS,
    TieBreak.WINS,
    TieBreak.HEAD_TO_HEAD,
    TieBreak.OPPONENTS,
    TieBreak.PENALTY,
)

TABLE_SIZE = _("A table must have 2 to 6 players; one has %(size)s.")
TWICE_AT_TABLE = _("%(player)s is listed twice at the same table.")
TWICE_IN_ROUND = _("%(player)s sits at two tables in round %(round)s.")
PENALTY_NOT_WHOLE = _("The penalty points of %(player)s must be a whole number.")
WON_NOT_BOOL = _("Whether %(player)s won the table must be true or false.")
WINNER_NOT_FIRST = _("%(player)s won the table, so they must be alone in first place.")
TWO_WINNERS = _("A table has only one winner; %(first)s and %(second)s are both marked.")
NO_TIE_BREAKS = _("Choose at least one tie-break.")
UNKNOWN_TIE_BREAK = _("%(value)s is not a tie-break; choose among: %(choices)s.")
REPEATED_TIE_BREAK = _("The tie-break %(value)s is listed twice.")


@dataclass(frozen=True)
class SeatResult:
    """One player's result at one table: place (1, 2, 2, 4 for shared places), penalty points
    total of the match (may be negative where the rules allow it), and whether they won it."""

    player: PlayerId
    place: int
    penalty: int = 0
    won: bool = False


@dataclass(frozen=True)
class TableResult:
    """The results of one table of one round, one `SeatResult` per player, in any order."""

    seats: tuple[SeatResult, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))


@dataclass(frozen=True)
class StandingRow:
    """One player's line of the standings. `values` are the tie-break values in the configured
    order (the key of the order); `head_to_head` is 0 unless the player was tied with others when
    that tie-break applied."""

    place: int
    player: PlayerId
    points: Fraction
    wins: int
    head_to_head: int
    opponents: Fraction
    penalty: int
    tables: int  # tables played
    shared: bool  # another player has the same place
    values: tuple[Fraction | int, ...]
    # the tie-break that set this player below the one listed above, equal on the first
    # tie-break; None when they differ on the first, share the place, or this row is the first
    separated_by: TieBreak | None = None


@dataclass(frozen=True)
class Standings:
    tie_breaks: tuple[TieBreak, ...]
    rows: tuple[StandingRow, ...]

    def places(self) -> dict[PlayerId, int]:
        """Each player's place: the ranks `seating.seat_round` takes for the next round."""
        return {row.player: row.place for row in self.rows}


def check_tie_breaks(tie_breaks: Iterable[TieBreak | str]) -> tuple[TieBreak, ...]:
    """Validate a club's ordered list of tie-breaks (names or `TieBreak`s) and return it."""
    chosen: list[TieBreak] = []
    choices = ", ".join(str(choice) for choice in TieBreak)
    for value in tie_breaks:
        try:
            tie_break = TieBreak(value)
        except ValueError:
            raise TournamentError(
                UNKNOWN_TIE_BREAK,
                field="tie_breaks",
                params={"value": value, "choices": choices},
            ) from None
        if tie_break in chosen:
            raise TournamentError(REPEATED_TIE_BREAK, field="tie_breaks", params={"value": value})
        chosen.append(tie_break)
    if not chosen:
        raise TournamentError(NO_TIE_BREAKS, field="tie_breaks")
    return tuple(chosen)


def check_table(table: TableResult) -> None:
    """Refuse a table whose size, ids, places, penalties or winner are not consistent."""
    size = len(table.seats)
    if not SMALLEST_TABLE <= size <= LARGEST_TABLE:
        raise TournamentError(TABLE_SIZE, field="results", params={"size": size})
    seen: set[PlayerId] = set()
    for seat in table.seats:
        check_player_id(seat.player, field="results")
        if seat.player in seen:
            raise TournamentError(TWICE_AT_TABLE, field="results", params={"player": seat.player})
        seen.add(seat.player)
        if isinstance(seat.penalty, bool) or not isinstance(seat.penalty, int):
            raise TournamentError(
                PENALTY_NOT_WHOLE, field="penalty", params={"player": seat.player}
            )
        if not isinstance(seat.won, bool):
            raise TournamentError(WON_NOT_BOOL, field="won", params={"player": seat.player})
    check_places({seat.player: seat.place for seat in table.seats})
    winners = sorted(
        (seat for seat in table.seats if seat.won), key=lambda s: display_key(s.player)
    )
    if len(winners) > 1:
        raise TournamentError(
            TWO_WINNERS,
            field="won",
            params={"first": winners[0].player, "second": winners[1].player},
        )
    firsts = sum(1 for seat in table.seats if seat.place == 1)
    if winners and (winners[0].place != 1 or firsts > 1):
        # the scoring engine names no winner when first place is shared
        raise TournamentError(WINNER_NOT_FIRST, field="won", params={"player": winners[0].player})


def check_rounds(rounds: Sequence[Sequence[TableResult]]) -> None:
    """Refuse malformed tables and a player seated twice in one round."""
    for number, tables in enumerate(rounds, start=1):
        seated: set[PlayerId] = set()
        for table in tables:
            check_table(table)
            for seat in table.seats:
                if seat.player in seated:
                    raise TournamentError(
                        TWICE_IN_ROUND,
                        field="results",
                        params={"player": seat.player, "round": number},
                    )
                seated.add(seat.player)


@dataclass
class _Totals:
    points: int = 0  # in units of 1/denominator (see `_Shares`)
    wins: int = 0
    penalty: int = 0
    tables: int = 0


class _Shares:
    """The placement points of every table, as whole numbers over one common denominator.

    Adding thousands of Fractions is the slow part of large standings; a tournament has only a
    handful of distinct tables (size and shared places), so their points are worked out once and
    the totals are added as integers.
    """

    def __init__(self, scale: PlacementScale, rounds: Sequence[Sequence[TableResult]]) -> None:
        self.exact: dict[tuple[int, ...], tuple[Fraction, ...]] = {}
        for tables in rounds:
            for table in tables:
                places = tuple(seat.place for seat in table.seats)
                if places not in self.exact:
                    awarded = scale.award(dict(enumerate(places)))
                    self.exact[places] = tuple(awarded[index] for index in range(len(places)))
        self.denominator = math.lcm(
            1, *(share.denominator for shares in self.exact.values() for share in shares)
        )
        self.scaled = {
            places: tuple(int(share * self.denominator) for share in shares)
            for places, shares in self.exact.items()
        }

    def of(self, table: TableResult) -> tuple[int, ...]:
        return self.scaled[tuple(seat.place for seat in table.seats)]


def standings(
    rounds: Sequence[Sequence[TableResult]],
    *,
    tie_breaks: Iterable[TieBreak | str] = DEFAULT_TIE_BREAKS,
    scale: PlacementScale = DEFAULT_SCALE,
    players: Iterable[PlayerId] = (),
) -> Standings:
    """The standings after `rounds` (each round a sequence of `TableResult`s).

    `players` adds entrants who have not played a table yet (they rank with zero of everything).
    Raises `TournamentError` for malformed results or tie-breaks.
    """
    order = check_tie_breaks(tie_breaks)
    check_rounds(rounds)
    totals, mates, ahead, denominator = _tally(rounds, scale, players)
    points = {player: Fraction(total.points, denominator) for player, total in totals.items()}
    opponents = _opponents(totals, mates, denominator)
    values: dict[PlayerId, dict[TieBreak, Fraction | int]] = {
        player: {
            TieBreak.POINTS: points[player],
            TieBreak.WINS: total.wins,
            TieBreak.OPPONENTS: opponents[player],
            TieBreak.PENALTY: total.penalty,
        }
        for player, total in totals.items()
    }
    _add_head_to_head(values, order, ahead)
    keys = {player: _sort_key(values[player], order) for player in totals}
    ranked = sorted(totals, key=lambda player: (keys[player], display_key(player)))
    rows = []
    place = 0
    previous: tuple[Fraction | int, ...] | None = None
    for index, player in enumerate(ranked):
        if index == 0 or keys[ranked[index - 1]] != keys[player]:
            place = index + 1
        neighbours = ranked[max(index - 1, 0) : index] + ranked[index + 1 : index + 2]
        total = totals[player]
        row_values = tuple(values[player][tie_break] for tie_break in order)
        rows.append(
            StandingRow(
                place=place,
                player=player,
                points=points[player],
                wins=total.wins,
                head_to_head=int(values[player][TieBreak.HEAD_TO_HEAD]),
                opponents=opponents[player],
                penalty=total.penalty,
                tables=total.tables,
                shared=any(keys[other] == keys[player] for other in neighbours),
                values=row_values,
                separated_by=_separated_by(previous, row_values, order),
            )
        )
        previous = row_values
    return Standings(tie_breaks=order, rows=tuple(rows))


def _tally(
    rounds: Sequence[Sequence[TableResult]], scale: PlacementScale, players: Iterable[PlayerId]
) -> tuple[
    dict[PlayerId, _Totals],
    dict[PlayerId, list[PlayerId]],
    dict[tuple[PlayerId, PlayerId], int],
    int,
]:
    """Each player's totals (points in shares of the common `denominator`), table-mates (one
    entry per table-mate per table), and how often each finished ahead of another."""
    totals: dict[PlayerId, _Totals] = {}
    for player in players:
        totals.setdefault(check_player_id(player, field="players"), _Totals())
    mates: dict[PlayerId, list[PlayerId]] = {}
    ahead: dict[tuple[PlayerId, PlayerId], int] = {}  # (a, b): times a finished ahead of b
    shares = _Shares(scale, rounds)
    for tables in rounds:
        for table in tables:
            _add_table(table, shares.of(table), totals, mates, ahead)
    return totals, mates, ahead, shares.denominator


def _opponents(
    totals: dict[PlayerId, _Totals], mates: dict[PlayerId, list[PlayerId]], denominator: int
) -> dict[PlayerId, Fraction]:
    """Each player's opponents' average points, over every table-mate of every table."""
    opponents = {}
    for player in totals:
        met = mates.get(player, ())
        opponents[player] = (
            Fraction(sum(totals[mate].points for mate in met), len(met) * denominator)
            if met
            else Fraction(0)
        )
    return opponents


def _separated_by(
    above: tuple[Fraction | int, ...] | None,
    below: tuple[Fraction | int, ...],
    order: tuple[TieBreak, ...],
) -> TieBreak | None:
    """The first tie-break on which two neighbours differ, when it is not the first one."""
    if above is None:
        return None
    for index, (upper, lower) in enumerate(zip(above, below, strict=True)):
        if upper != lower:
            return order[index] if index else None
    return None


def _add_table(
    table: TableResult,
    points: tuple[int, ...],
    totals: dict[PlayerId, _Totals],
    mates: dict[PlayerId, list[PlayerId]],
    ahead: dict[tuple[PlayerId, PlayerId], int],
) -> None:
    """Add one table: `points` are its seats' placement points, scaled (see `_Shares`)."""
    seats = table.seats
    for seat, earned in zip(seats, points, strict=True):
        total = totals.get(seat.player)
        if total is None:
            total = totals[seat.player] = _Totals()
        total.points += earned
        total.wins += seat.won
        total.penalty += seat.penalty
        total.tables += 1
        met = mates.setdefault(seat.player, [])
        for other in seats:
            if other is seat:
                continue
            met.append(other.player)
            if seat.place < other.place:
                pair = (seat.player, other.player)
                ahead[pair] = ahead.get(pair, 0) + 1


def _add_head_to_head(
    values: dict[PlayerId, dict[TieBreak, Fraction | int]],
    order: tuple[TieBreak, ...],
    ahead: dict[tuple[PlayerId, PlayerId], int],
) -> None:
    """Set every player's head-to-head value: 0, unless tied with others on every tie-break that
    comes before head-to-head, in which case the net times they finished ahead of those others."""
    for player_values in values.values():
        player_values[TieBreak.HEAD_TO_HEAD] = 0
    if TieBreak.HEAD_TO_HEAD not in order:
        return
    before = order[: order.index(TieBreak.HEAD_TO_HEAD)]
    groups: dict[tuple[Fraction | int, ...], list[PlayerId]] = {}
    for player, player_values in values.items():
        groups.setdefault(_sort_key(player_values, before), []).append(player)
    for group in groups.values():
        if len(group) < 2:
            continue
        for player in group:
            values[player][TieBreak.HEAD_TO_HEAD] = sum(
                ahead.get((player, other), 0) - ahead.get((other, player), 0)
                for other in group
                if other != player
            )


# Sort keys are ascending: the larger of these values is better, so it is negated.
_HIGHER_IS_BETTER = frozenset(
    {TieBreak.POINTS, TieBreak.WINS, TieBreak.HEAD_TO_HEAD, TieBreak.OPPONENTS}
)


def _sort_key(
    player_values: dict[TieBreak, Fraction | int], order: tuple[TieBreak, ...]
) -> tuple[Fraction | int, ...]:
    return tuple(
        -player_values[tie_break] if tie_break in _HIGHER_IS_BETTER else player_values[tie_break]
        for tie_break in order
    )
