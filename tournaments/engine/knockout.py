"""Knockout by tables (batterie): each round, the best players of every table go through, until
the field fits one final table (tavolo finale).

A round's cut is set one of two ways: `advance=k` (the best k of every table go through; a table
of k players or fewer sends everyone through) or `drop=k` (everyone but the worst k of every table
goes through). Players are ordered at their table by place, then by lower penalty points of that
match. Players still equal across the cut line are a `CutTie`: neither through nor out until the
director settles it (a play-off hand, a spareggio) and enters distinct places.

Planning: `next_round_size` gives how many go through from given table sizes; `knockout_plan`
lays out the whole tournament (tables of every round, then the final table) and `rounds_needed`
counts its rounds. Survivors are seated again each round with `seating.seat_round`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import TournamentError
from .errors import gettext_noop as _
from .table_standings import TableResult, check_table
from .tables import LARGEST_TABLE, SMALLEST_TABLE, PlayerId, display_key, table_sizes

ONE_CUT = _("Set either how many players go through from each table or how many drop out.")
CUT_NOT_WHOLE = _("%(setting)s must be a whole number of at least 1.")
DROP_WHOLE_TABLE = _(
    "Table %(table)s has %(size)s players: dropping %(drop)s would leave nobody to go through."
)
FINAL_SIZE = _("The final table must have 2 to 6 players.")
NO_PROGRESS = _(
    "With %(players)s players no table would lose anyone: the tournament would never reach the "
    "final table."
)
TOO_FEW_LEFT = _(
    "With %(players)s players only %(left)s would go through: at least 2 must reach the final "
    "table."
)


@dataclass(frozen=True)
class CutTie:
    """Players equal (place and penalty points) across the cut line of table `table` (from 1):
    `seats` of them go through, chosen by the director."""

    table: int
    players: tuple[PlayerId, ...]
    seats: int


@dataclass(frozen=True)
class Advancement:
    """Who goes through, table by table (table order, best first); who is out; what is open."""

    advancing: tuple[PlayerId, ...]
    eliminated: tuple[PlayerId, ...]
    ties: tuple[CutTie, ...]

    @property
    def settled(self) -> bool:
        """Whether every player is either through or out."""
        return not self.ties


@dataclass(frozen=True)
class Stage:
    """One round of a knockout plan: its players and tables, and how many go through (for the
    final table, 0: its result ends the tournament)."""

    number: int
    players: int
    tables: tuple[int, ...]
    advancing: int
    final: bool


def check_cut(advance: int | None, drop: int | None) -> tuple[str, int]:
    """The cut setting in force ("advance" or "drop") and its value; refuses both, neither, or a
    value that is not a whole number of at least 1."""
    if (advance is None) == (drop is None):
        raise TournamentError(ONE_CUT, field="advance")
    setting, value = ("advance", advance) if advance is not None else ("drop", drop)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise TournamentError(CUT_NOT_WHOLE, field=setting, params={"setting": setting})
    return setting, value


def check_final_size(final: int) -> int:
    """Refuse a final table that is not a whole number of 2 to 6 players."""
    if isinstance(final, bool) or not isinstance(final, int):
        raise TournamentError(FINAL_SIZE, field="final_size")
    if not SMALLEST_TABLE <= final <= LARGEST_TABLE:
        raise TournamentError(FINAL_SIZE, field="final_size")
    return final


def _kept(size: int, setting: str, value: int, table: int) -> int:
    """How many players of a table of `size` go through."""
    if setting == "advance":
        return min(value, size)
    if value >= size:
        raise TournamentError(
            DROP_WHOLE_TABLE,
            field="drop",
            params={"table": table, "size": size, "drop": value},
        )
    return size - value


def advancing(
    tables: Sequence[TableResult], *, advance: int | None = None, drop: int | None = None
) -> Advancement:
    """Who goes through from a round's `tables` (table 1 first), by `advance` or `drop`.

    Contract: every player of the round is in exactly one of `advancing`, `eliminated` or a
    `CutTie`; at every table the players through are never behind (place, then penalty points)
    a player out. Raises `TournamentError` for malformed tables or cut settings.
    """
    setting, value = check_cut(advance, drop)
    through: list[PlayerId] = []
    out: list[PlayerId] = []
    ties: list[CutTie] = []
    for number, table in enumerate(tables, start=1):
        check_table(table)
        kept = _kept(len(table.seats), setting, value, number)
        seats = sorted(
            table.seats, key=lambda seat: (seat.place, seat.penalty, display_key(seat.player))
        )
        keys = [(seat.place, seat.penalty) for seat in seats]
        if kept == len(seats) or keys[kept - 1] != keys[kept]:
            through.extend(seat.player for seat in seats[:kept])
            out.extend(seat.player for seat in seats[kept:])
            continue
        line = keys[kept - 1]
        first = keys.index(line)
        last = len(keys) - keys[::-1].index(line)
        through.extend(seat.player for seat in seats[:first])
        out.extend(seat.player for seat in seats[last:])
        tied = tuple(seat.player for seat in seats[first:last])
        ties.append(CutTie(table=number, players=tied, seats=kept - first))
    return Advancement(advancing=tuple(through), eliminated=tuple(out), ties=tuple(ties))


def next_round_size(
    sizes: Sequence[int], *, advance: int | None = None, drop: int | None = None
) -> int:
    """How many players go through from tables of `sizes`, once every cut tie is settled."""
    setting, value = check_cut(advance, drop)
    return sum(_kept(size, setting, value, number) for number, size in enumerate(sizes, start=1))


def fits_final_table(players: int, *, final_size: int = 5) -> bool:
    """Whether `players` go straight to the final table (2 to `final_size` of them)."""
    return SMALLEST_TABLE <= players <= final_size


def knockout_plan(
    players: int,
    *,
    advance: int | None = None,
    drop: int | None = None,
    preferred: int = 4,
    minimum: int = 3,
    maximum: int = 5,
    final_size: int | None = None,
) -> tuple[Stage, ...]:
    """The rounds from `players` to the final table, which the field joins as soon as it fits
    (`final_size` players or fewer; default `maximum`). Tables of the other rounds come from
    `table_sizes(players, preferred=, minimum=, maximum=)`.

    Contract: the last stage, and only it, is `final` with one table; every other stage sends
    `advancing` players, fewer than it has, to the next. Raises `TournamentError` when the
    settings can never reach a final table of 2 or more players.
    """
    final = check_final_size(maximum if final_size is None else final_size)
    check_cut(advance, drop)
    stages: list[Stage] = []
    remaining = players
    while not fits_final_table(remaining, final_size=final):
        sizes = table_sizes(remaining, preferred=preferred, minimum=minimum, maximum=maximum)
        left = next_round_size(sizes, advance=advance, drop=drop)
        if left >= remaining:
            raise TournamentError(NO_PROGRESS, field="advance", params={"players": remaining})
        if left < SMALLEST_TABLE:
            raise TournamentError(
                TOO_FEW_LEFT, field="advance", params={"players": remaining, "left": left}
            )
        stages.append(
            Stage(
                number=len(stages) + 1, players=remaining, tables=sizes, advancing=left, final=False
            )
        )
        remaining = left
    stages.append(
        Stage(
            number=len(stages) + 1, players=remaining, tables=(remaining,), advancing=0, final=True
        )
    )
    return tuple(stages)


def rounds_needed(
    players: int,
    *,
    advance: int | None = None,
    drop: int | None = None,
    preferred: int = 4,
    minimum: int = 3,
    maximum: int = 5,
    final_size: int | None = None,
) -> int:
    """How many rounds the knockout takes, the final table included."""
    plan = knockout_plan(
        players,
        advance=advance,
        drop=drop,
        preferred=preferred,
        minimum=minimum,
        maximum=maximum,
        final_size=final_size,
    )
    return len(plan)
