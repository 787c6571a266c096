"""Where each line sits in a turno (BURRACO.md §3): the Mitchell movement and individual events.

A turno's seating is a `TurnoSeating`: its tables, each with the NS and the EO line, and the
entries with a bye (*tavolo zoppo*: no opponent this turno). A line is a tuple of the entries
its result is credited to: one pair in a pair event, two players in an individual one.

**Mitchell** (`mitchell`): T = ceil(pairs / 2) tables; the first T pairs (registration order or
draw) sit NS and stay, the others sit EO at tables 1, 2, ... and move `skip` tables each turno
(table t -> t + skip, mod T). An odd number of pairs leaves the last EO place of turno 1 empty: it
moves like a pair, and the NS pair it reaches has the bye. An EO pair meets the same NS pair again
after T / gcd(T, skip) turni (`repeat_after`), so a skip is refused when that is fewer than the
Mitchell turni (T = 6, skip 2: a repeat in turno 4). The source asks for an even number of
tables: `MitchellPlan.odd_tables` is the warning.

**Individual events** (`individual_turno`): the partner changes every turno; each player is
credited with the pair's VP and MP. Players are grouped by standings, four at a time, and paired
inside a group by `grouping`: 1st + 2nd v 3rd + 4th (`first_two`, the default, [eb-iscriversi]) or
1st + 4th v 2nd + 3rd (`ends`). A group whose preferred pairing repeats a partner takes the
group's next pairing; if none is fresh, the search (greedy from the top, backtracking) changes
the groups, taking the next players down. Only when no grouping within `SEARCH_BUDGET` steps
avoids a repeat is one allowed (`IndividualSeating.repeats`): the groups are then taken in
standings order, each paired with the fewest partners met before. Players beyond a multiple of
4 have a bye: the lowest-ranked among those with the fewest byes (no source says; a table of 3
would play Burraco a 3, not yet supported).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import TypeVar

from ..brackets import PlayerId, check_players
from ..errors import TournamentError
from ..errors import gettext_noop as _

Line = tuple[PlayerId, ...]

BAD_SKIP = _("The Mitchell skip must be a whole number of tables of at least 1 (given: %(skip)s).")
BAD_TURNI = _("The number of turni must be a whole number of at least 1 (given: %(turni)s).")
REPEAT = _(
    "With %(tables)s tables a skip of %(skip)s brings the East-West pairs back to the same "
    "North-South pairs in turno %(turno)s, before the last Mitchell turno (%(turni)s). "
    "Skips without a repeat: %(choices)s."
)
REPEAT_ANY_SKIP = _(
    "With %(tables)s tables every skip brings a pair back to the same opponents within "
    "%(turni)s Mitchell turni: play fewer Mitchell turni (at most %(most)s)."
)
UNKNOWN_GROUPING = _("%(value)s is not a grouping of individual events; choose among: %(choices)s.")
FOUR_PLAYERS = _("An individual turno needs at least 4 players (present: %(count)s).")

SEARCH_BUDGET = 20_000  # steps of the individual regrouping's backtracking before it allows repeats


@dataclass(frozen=True)
class Table:
    """Table `table` (from 1): the NS line (seats 1 + 3) against the EO line (seats 2 + 4)."""

    table: int
    ns: Line
    eo: Line


@dataclass(frozen=True)
class TurnoSeating:
    """Turno `turno`'s tables and the entries with a bye (no opponent this turno)."""

    turno: int
    tables: tuple[Table, ...]
    byes: tuple[PlayerId, ...] = ()

    def opponents(self) -> Iterator[tuple[Line, Line]]:
        for table in self.tables:
            yield table.ns, table.eo


Option = TypeVar("Option", bound=StrEnum)


def choice(kind: type[Option], value: Option | str, message: str, field: str) -> Option:
    """`value` as a member of the option `kind`, refused with `message` (naming the choices)."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member) for member in kind)
        raise TournamentError(
            message, field=field, params={"value": value, "choices": choices}
        ) from None


# --- Mitchell --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MitchellPlan:
    """The Mitchell turni in order (the movement card), and whether the table count is odd (the
    source asks for an even one: a warning, not a refusal)."""

    turni: tuple[TurnoSeating, ...]
    skip: int
    odd_tables: bool


def _whole_at_least_one(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def repeat_after(tables: int, skip: int) -> int:
    """Turni after which an EO pair is back at the table of its first NS pair: T / gcd(T, k)."""
    return tables // math.gcd(tables, skip)


def check_mitchell_skip(tables: int, skip: int, turni: int) -> None:
    """Refuse a skip that is not a whole number >= 1, or that brings a pair back to the same
    opponents before the last of `turni` Mitchell turni."""
    if not _whole_at_least_one(skip):
        raise TournamentError(BAD_SKIP, field="mitchell_skip", params={"skip": skip})
    if not _whole_at_least_one(turni):
        raise TournamentError(BAD_TURNI, field="turni", params={"turni": turni})
    if repeat_after(tables, skip) < turni:
        choices = [k for k in range(1, tables) if repeat_after(tables, k) >= turni]
        if not choices:
            raise TournamentError(
                REPEAT_ANY_SKIP,
                field="mitchell_skip",
                params={
                    "tables": tables,
                    "turni": turni,
                    "most": tables,
                    "turno": repeat_after(tables, skip) + 1,
                },
            )
        raise TournamentError(
            REPEAT,
            field="mitchell_skip",
            params={
                "tables": tables,
                "skip": skip,
                "turno": repeat_after(tables, skip) + 1,
                "turni": turni,
                "choices": ", ".join(map(str, choices)),
            },
        )


def mitchell(
    pairs: Sequence[PlayerId], turni: int, skip: int = 1, *, first_turno: int = 1
) -> MitchellPlan:
    """The Mitchell seating of `pairs` (in order: the first T sit NS) for `turni` turni,
    numbered from `first_turno`. See the module docstring."""
    pairs = check_players(pairs)
    tables = (len(pairs) + 1) // 2
    check_mitchell_skip(tables, skip, turni)
    north_south = pairs[:tables]
    east_west: list[PlayerId | None] = [*pairs[tables:], None]
    east_west = east_west[:tables]
    seatings = []
    for offset in range(turni):
        at_table: list[PlayerId | None] = [None] * tables
        for start, pair in enumerate(east_west):
            at_table[(start + skip * offset) % tables] = pair
        seatings.append(_mitchell_turno(first_turno + offset, north_south, at_table))
    return MitchellPlan(tuple(seatings), skip, odd_tables=tables % 2 == 1)


def _mitchell_turno(
    turno: int, north_south: Sequence[PlayerId], east_west: Sequence[PlayerId | None]
) -> TurnoSeating:
    tables, byes = [], []
    for number, (ns, eo) in enumerate(zip(north_south, east_west, strict=True), start=1):
        if eo is None:
            byes.append(ns)
        else:
            tables.append(Table(number, (ns,), (eo,)))
    return TurnoSeating(turno, tuple(tables), tuple(byes))


# --- individual events -----------------------------------------------------------------------


class Grouping(StrEnum):
    FIRST_TWO = "first_two"  # 1st + 2nd v 3rd + 4th
    ENDS = "ends"  # 1st + 4th v 2nd + 3rd


DEFAULT_GROUPING = Grouping.FIRST_TWO

# A group's pairings (indexes into the group of four, best placed first), preferred one first.
_PAIRINGS = {
    Grouping.FIRST_TWO: (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))),
    Grouping.ENDS: (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3))),
}


@dataclass(frozen=True)
class IndividualSeating:
    """An individual turno, and the players who partner someone they partnered before (empty
    unless no regrouping within the search avoided it)."""

    seating: TurnoSeating
    repeats: tuple[frozenset[PlayerId], ...]


def partners_of(previous: Sequence[TurnoSeating]) -> set[frozenset[PlayerId]]:
    """Every two players who have been partners (one line) in `previous`."""
    return {frozenset(line) for turno in previous for pair in turno.opponents() for line in pair}


def individual_turno(
    players: Sequence[PlayerId],
    turno: int,
    previous: Sequence[TurnoSeating] = (),
    grouping: Grouping | str = DEFAULT_GROUPING,
) -> IndividualSeating:
    """The tables of an individual turno for `players` (ranked, best first: the standings, or the
    registration order or draw in turno 1). See the module docstring."""
    players = check_players(players, minimum=1)
    if len(players) < 4:
        raise TournamentError(FOUR_PLAYERS, field="players", params={"count": len(players)})
    preferences = _PAIRINGS[choice(Grouping, grouping, UNKNOWN_GROUPING, "grouping")]
    byes = _individual_byes(players, previous)
    seated = [player for player in players if player not in byes]
    partners = partners_of(previous)
    groups = _Regrouping(preferences, partners).search(seated)
    repeats: list[frozenset[PlayerId]] = []
    if groups is None:  # every grouping repeats a partner: in order, each group's least repeating
        groups = [
            _least_repeating(seated[i : i + 4], preferences, partners)
            for i in range(0, len(seated), 4)
        ]
        repeats = [
            frozenset(line) for group in groups for line in group if frozenset(line) in partners
        ]
    tables = tuple(Table(number, ns, eo) for number, (ns, eo) in enumerate(groups, start=1))
    return IndividualSeating(TurnoSeating(turno, tables, byes), tuple(repeats))


def _individual_byes(
    players: Sequence[PlayerId], previous: Sequence[TurnoSeating]
) -> tuple[PlayerId, ...]:
    """The len % 4 lowest-ranked players among those with the fewest byes."""
    count = len(players) % 4
    had: Counter[PlayerId] = Counter(bye for turno in previous for bye in turno.byes)
    rank = {player: index for index, player in enumerate(players)}
    order = sorted(players, key=lambda player: (had[player], -rank[player]))
    return tuple(sorted(order[:count], key=rank.__getitem__))


_Group = tuple[Line, Line]


def _paired(group: Sequence[PlayerId], pairing: tuple[tuple[int, int], ...]) -> _Group:
    (a, b), (c, d) = pairing
    return (group[a], group[b]), (group[c], group[d])


def _least_repeating(
    group: Sequence[PlayerId],
    preferences: tuple[tuple[tuple[int, int], ...], ...],
    partners: set[frozenset[PlayerId]],
) -> _Group:
    """The group's pairing with the fewest partners met before, the preferred one if equal."""
    return min(
        (_paired(group, pairing) for pairing in preferences),
        key=lambda lines: sum(frozenset(line) in partners for line in lines),
    )


class _Regrouping:
    """Greedy from the top with backtracking: groups of four without a partner met before."""

    def __init__(
        self,
        preferences: tuple[tuple[tuple[int, int], ...], ...],
        partners: set[frozenset[PlayerId]],
    ) -> None:
        self.preferences = preferences
        self.partners = partners
        self.steps = 0

    def fresh(self, group: Sequence[PlayerId]) -> _Group | None:
        """The group's first pairing in order of preference with two new partnerships."""
        for pairing in self.preferences:
            lines = _paired(group, pairing)
            if not any(frozenset(line) in self.partners for line in lines):
                return lines
        return None

    def search(self, ranked: Sequence[PlayerId]) -> list[_Group] | None:
        if not ranked:
            return []
        top, rest = ranked[0], ranked[1:]
        for others in combinations(range(len(rest)), 3):
            self.steps += 1
            if self.steps > SEARCH_BUDGET:
                return None
            lines = self.fresh([top, *(rest[i] for i in others)])
            if lines is None:
                continue
            after = self.search([p for i, p in enumerate(rest) if i not in others])
            if after is not None:
                return [lines, *after]
        return None
