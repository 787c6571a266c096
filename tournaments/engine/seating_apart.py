"""Keep-apart groups of `tournaments.engine.seating`: players a director wants at different tables
(a family, a couple, the members of one club in an inter-club event).

An `ApartGroup` is *hard* (never at the same table: a seating that cannot keep them apart is
refused) or *soft* (kept apart when possible; the report lists the pairs that could not be).
Only the members present in the round count; a player may belong to several groups.

The search sees the groups as costs on pairs (`apart_costs`), far above any repeat meeting: a soft
pair seated together costs more than all possible repeats together, a hard pair more than all
soft pairs and repeats together, so the balanced search gives way on repeats first, then on soft
groups, never on a hard group while a seating without it exists. The simple methods (random,
snake, danese) keep their layout and are then repaired (`keep_apart`): a player seated with a
member of their group swaps with the nearest player who removes the conflict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import TournamentError
from .errors import gettext_noop as _
from .tables import PlayerId, check_player_id, display_key

HARD_GROUP_TOO_LARGE = _(
    "The players of %(group)s who are present (%(count)s) cannot sit apart at %(tables)s "
    "tables: make the group soft, or take players out of it."
)
HARD_GROUP_TOGETHER = _(
    "No seating found keeps the players of %(group)s apart at these tables: make the group soft, "
    "or take players out of it."
)
HARD_GROUP_SEATED_TOGETHER = _(
    "%(first)s and %(second)s are in the keep-apart group %(group)s: they cannot sit at the same "
    "table."
)
GROUP_NOT_A_LIST = _("A keep-apart group must list its players.")


@dataclass(frozen=True)
class ApartGroup:
    """Players to keep at different tables; `name` names the group in refusals and reports."""

    players: tuple[PlayerId, ...]
    hard: bool = False
    name: str = ""


@dataclass(frozen=True)
class ApartPair:
    """Two players of a keep-apart group seated at the same table (`table` from 1)."""

    players: tuple[PlayerId, PlayerId]
    table: int
    group: str
    hard: bool


class ApartRules:
    """The keep-apart groups resolved to the players present (indices in canonical order).

    `hard[i]` and `soft[i]` hold the players i must not (should not) sit with; `group_of[(i, j)]`
    the group that asks it (a hard group first)."""

    def __init__(
        self,
        groups: Sequence[ApartGroup],
        index: Mapping[PlayerId, int],
        tables: int,
    ) -> None:
        count = len(index)
        self.groups = tuple(groups)
        self.hard: list[set[int]] = [set() for _ in range(count)]
        self.soft: list[set[int]] = [set() for _ in range(count)]
        self.group_of: dict[tuple[int, int], ApartGroup] = {}
        numbered = sorted(enumerate(self.groups, start=1), key=lambda item: not item[1].hard)
        for number, group in numbered:
            if isinstance(group.players, (str, bytes)) or not isinstance(
                group.players, (tuple, list)
            ):
                raise TournamentError(GROUP_NOT_A_LIST, field="apart")
            for player in group.players:
                check_player_id(player, field="apart")
            members = sorted({index[p] for p in group.players if p in index})
            name = group.name or str(number)
            if group.hard and len(members) > tables:
                raise TournamentError(
                    HARD_GROUP_TOO_LARGE,
                    field="apart",
                    params={"group": name, "count": len(members), "tables": tables},
                )
            for position, a in enumerate(members):
                for b in members[position + 1 :]:
                    if (a, b) in self.group_of:
                        continue  # already kept apart, by a hard group if any
                    self.group_of[(a, b)] = group
                    target = self.hard if group.hard else self.soft
                    target[a].add(b)
                    target[b].add(a)

    def __bool__(self) -> bool:
        return bool(self.group_of)

    def costs(self, repeat_total: int) -> list[dict[int, int]]:
        """Pair costs for the search: a soft pair weighs more than `repeat_total` (every repeat
        cost of the room together), a hard pair more than every soft pair and repeat together."""
        soft_pairs = sum(len(mates) for mates in self.soft) // 2
        soft = repeat_total + 1
        hard = soft * (soft_pairs + 1)
        return [
            {**dict.fromkeys(self.soft[i], soft), **dict.fromkeys(self.hard[i], hard)}
            for i in range(len(self.soft))
        ]

    def conflicts(self, tables: Sequence[Sequence[int]]) -> list[tuple[int, int, int]]:
        """(table, a, b) for every keep-apart pair seated together, a < b, tables from 0."""
        found = []
        for number, table in enumerate(tables):
            for a in table:
                for b in table:
                    if a < b and (b in self.hard[a] or b in self.soft[a]):
                        found.append((number, a, b))
        return found

    def refuse_hard(
        self, tables: Sequence[Sequence[int]], order: Sequence[PlayerId] | None = None
    ) -> None:
        """Refuse a seating that puts two players of a hard group at one table: one the search
        made (no seating found), or, with `order` (index -> player), one made by hand (naming the
        two players)."""
        for _table, a, b in self.conflicts(tables):
            group = self.group_of[(a, b)]
            if not group.hard:
                continue
            name = group.name or str(self.groups.index(group) + 1)
            if order is None:
                raise TournamentError(HARD_GROUP_TOGETHER, field="apart", params={"group": name})
            raise TournamentError(
                HARD_GROUP_SEATED_TOGETHER,
                field="apart",
                params={"group": name, "first": order[a], "second": order[b]},
            )

    def pairs(
        self, tables: Sequence[Sequence[PlayerId]], index: Mapping[PlayerId, int]
    ) -> tuple[ApartPair, ...]:
        """The keep-apart pairs seated together, by table and then ids, for the report."""
        found = []
        for number, table in enumerate(tables, start=1):
            for a in table:
                for b in table:
                    i, j = index[a], index[b]
                    if i < j and (j in self.hard[i] or j in self.soft[i]):
                        group = self.group_of[(i, j)]
                        first, second = sorted((a, b), key=display_key)
                        found.append(ApartPair((first, second), number, group.name, group.hard))
        found.sort(key=lambda p: (p.table, display_key(p.players[0]), display_key(p.players[1])))
        return tuple(found)


def keep_apart(rules: ApartRules, groups: list[list[int]]) -> list[list[int]]:
    """Repair a layout of the simple methods: while some keep-apart pair shares a table, make the
    swap that removes the most conflict weight (hard pairs first), with the nearest table and
    then the lowest index breaking ties. Deterministic; stops when no swap helps."""
    weight = rules.costs(0)
    tables = [list(group) for group in groups]
    table_of = {i: number for number, group in enumerate(tables) for i in group}

    def cost(i: int, table: list[int], leaving: int) -> int:
        return sum(weight[i].get(x, 0) for x in table if x not in (i, leaving))

    while True:
        best: tuple[int, int, int, int] | None = None
        for _table, first, second in rules.conflicts(tables):
            for victim in (first, second):
                ta = table_of[victim]
                for tb, other in enumerate(tables):
                    if tb == ta:
                        continue
                    for b in other:
                        change = (
                            cost(victim, other, b)
                            + cost(b, tables[ta], victim)
                            - cost(victim, tables[ta], victim)
                            - cost(b, other, b)
                        )
                        key = (change, abs(tb - ta), victim, b)
                        if change < 0 and (best is None or key < best):
                            best = key
        if best is None:
            return tables
        _change, _distance, a, b = best
        ta, tb = table_of[a], table_of[b]
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        table_of[a], table_of[b] = tb, ta
