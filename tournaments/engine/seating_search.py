"""The balanced search of `tournaments.engine.seating`, and the room it works on.

`Room` holds the players of a round as indices in canonical order and what history says (who met
whom, how often; who had the first seat); it also lays out the `danese` groups and the seat order
of a table. `random_groups` and `snake_groups` are the two simple methods; `BalancedSearch` is the
local search over swaps of two players the module docstring of `seating` describes (repeat
meetings first, then distance from the standings and first seats), with budgets that are counts,
never clocks, so that a seed always gives the same seating.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping, Sequence

from .errors import InternalError, TournamentError
from .errors import gettext_noop as _
from .tables import (
    PlayerId,
    check_player_id,
)

TWICE_IN_HISTORY = _("%(player)s sits at two tables in round %(round)s of the history.")

# Budgets of the balanced search. Counts, never time, so that a seed always gives the same seating.
KICKS = 12  # kicks after the first descent
KICK_SWAPS = 3  # random swaps per kick, besides the ones around conflicts
FIRST_SEAT_WEIGHT = 32  # one unit of the first-seat term, in moves of one player by one table
WINDOW = 2  # a player with no repeat meeting looks at tables this close to theirs

History = Sequence[Sequence[Sequence[PlayerId]]]  # rounds -> tables -> players in seat order


class Room:
    """The players of the round as indices 0..n-1 in canonical order, and what history says.

    `pair[i]` maps j to how often i and j sat together before; `cost[i]` maps j to k*k + k;
    `firsts[i]` counts i's first seats; `group_span[i]` is the range of canonical positions of the
    players sharing i's rank (first, last), from which their place in the standings is measured.
    """

    def __init__(
        self,
        order: list[PlayerId],
        ranks: Mapping[PlayerId, int],
        sizes: tuple[int, ...],
        history: History,
    ) -> None:
        self.order = order
        self.sizes = sizes
        self.index = {player: i for i, player in enumerate(order)}
        count = len(order)
        self.pair: list[dict[int, int]] = [{} for _ in range(count)]
        self.firsts = [0] * count
        self._read_history(history)
        self.cost = [{j: k * k + k for j, k in met.items()} for met in self.pair]
        self.group_span: list[tuple[int, int]] = []
        first = 0
        while first < count:
            last = first
            while last + 1 < count and ranks[order[last + 1]] == ranks[order[first]]:
                last += 1
            self.group_span.extend([(first, last)] * (last - first + 1))
            first = last + 1
        self.starts = []
        position = 0
        for size in sizes:
            self.starts.append(position)
            position += size

    def _read_history(self, history: History) -> None:
        for number, tables in enumerate(history, start=1):
            seen: set[PlayerId] = set()
            for table in tables:
                present = []
                for player in table:
                    check_player_id(player, field="history")
                    if player in seen:
                        raise TournamentError(
                            TWICE_IN_HISTORY,
                            field="history",
                            params={"player": player, "round": number},
                        )
                    seen.add(player)
                    if player in self.index:
                        present.append(self.index[player])
                if table and table[0] in self.index:
                    self.firsts[self.index[table[0]]] += 1
                for a in present:
                    for b in present:
                        if a != b:
                            self.pair[a][b] = self.pair[a].get(b, 0) + 1

    def repeat_total(self) -> int:
        """The repeat cost of seating every pair that met together again (an upper bound of any
        seating's repeat cost)."""
        return sum(sum(costs.values()) for costs in self.cost) // 2

    def add_costs(self, extra: Sequence[Mapping[int, int]]) -> None:
        """Add pair costs (keep-apart groups) to the repeat costs the search minimises."""
        for i, costs in enumerate(extra):
            for j, value in costs.items():
                self.cost[i][j] = self.cost[i].get(j, 0) + value

    def danese_groups(self) -> list[list[int]]:
        return [
            list(range(start, start + size))
            for start, size in zip(self.starts, self.sizes, strict=True)
        ]

    def table_of_position(self, position: int) -> int:
        for table in range(len(self.sizes) - 1, -1, -1):
            if self.starts[table] <= position:
                return table
        raise InternalError(position)

    def seat_order(self, group: list[int]) -> list[int]:
        """The group in seat order: its least-served player first, the others in group order."""
        dealer = min(group, key=lambda i: self.firsts[i])  # min keeps the first of equals
        return [dealer, *(i for i in group if i != dealer)]


def random_groups(room: Room, seed: int) -> list[list[int]]:
    shuffled = list(range(len(room.order)))
    random.Random(seed).shuffle(shuffled)
    return [
        shuffled[start : start + size] for start, size in zip(room.starts, room.sizes, strict=True)
    ]


def snake_groups(room: Room) -> list[list[int]]:
    count = len(room.sizes)
    groups: list[list[int]] = [[] for _ in range(count)]
    player = 0
    forward = True
    while player < len(room.order):
        for table in range(count) if forward else range(count - 1, -1, -1):
            if player < len(room.order) and len(groups[table]) < room.sizes[table]:
                groups[table].append(player)
                player += 1
        forward = not forward
    return groups


class BalancedSearch:
    """The `balanced` local search. The change a swap makes is an integer: `weight` * change of
    the repeat cost + change of the place cost + `first_weight` * change of the first-seat term,
    with `weight` larger than any change a single swap can make to the other two, so that
    comparing swaps is lexicographic on repeats. Whole seatings compare as tuples (`total`)."""

    def __init__(self, room: Room, rng: random.Random) -> None:
        self.room = room
        self.rng = rng
        self.n = len(room.order)
        self.tables = len(room.sizes)
        # Positions are doubled to stay whole: a player's place is the middle of their rank group,
        # a table's is the middle of its block in the danese layout.
        places = [first + last for first, last in room.group_span]
        middles = [
            2 * start + size - 1 for start, size in zip(room.starts, room.sizes, strict=True)
        ]
        self.place_cost = [[(place - middle) ** 2 for middle in middles] for place in places]
        self.firsts = room.firsts
        self.least = min(self.firsts)
        self.first_weight = FIRST_SEAT_WEIGHT * (2 * max(room.sizes)) ** 2
        largest_place = max(max(row) for row in self.place_cost)
        first_range = max(self.firsts) - self.least
        self.weight = 2 * largest_place + 2 * self.first_weight * first_range + 1
        self.table: list[int] = [0] * self.n
        self.members: list[list[int]] = [[] for _ in range(self.tables)]
        self.low: list[tuple[int, int, int]] = [(0, 0, 0)] * self.tables  # min, count, next min

    def run(self) -> list[list[int]]:
        self.load(self.room.danese_groups())
        self.settle()
        best_cost, best = self.total(), self.groups()
        for _kick in range(KICKS):
            self.kick()
            self.settle()
            cost = self.total()
            if cost < best_cost:
                best_cost, best = cost, self.groups()
            else:
                self.load(best)
        return best

    def load(self, groups: list[list[int]]) -> None:
        self.members = [list(group) for group in groups]
        for table, group in enumerate(self.members):
            for i in group:
                self.table[i] = table
            self._update_low(table)

    def groups(self) -> list[list[int]]:
        return [sorted(group) for group in self.members]

    def _update_low(self, table: int) -> None:
        counts = sorted(self.firsts[i] for i in self.members[table])
        lowest = counts[0]
        ties = counts.count(lowest)
        following = counts[ties] if ties < len(counts) else lowest
        self.low[table] = (lowest, ties, following)

    def _low_without(self, table: int, player: int) -> int:
        """The least first-seat count at `table` once `player` has left it."""
        lowest, ties, following = self.low[table]
        if self.firsts[player] != lowest or ties > 1:
            return lowest
        return following

    def delta(self, a: int, b: int, *, first_seats: bool = True) -> int:
        """The change of the total cost if `a` and `b` (at different tables) swapped; without
        the first-seat term if `first_seats` is false."""
        ta, tb = self.table[a], self.table[b]
        cost_a, cost_b = self.room.cost[a], self.room.cost[b]
        repeats = 0
        if cost_a or cost_b:
            for x in self.members[ta]:
                if x != a:
                    repeats += cost_b.get(x, 0) - cost_a.get(x, 0)
            for y in self.members[tb]:
                if y != b:
                    repeats += cost_a.get(y, 0) - cost_b.get(y, 0)
        place_a, place_b = self.place_cost[a], self.place_cost[b]
        change = place_a[tb] + place_b[ta] - place_a[ta] - place_b[tb]
        first_a, first_b = self.firsts[a], self.firsts[b]
        if first_seats and first_a != first_b:
            new_a = min(self._low_without(ta, a), first_b)
            new_b = min(self._low_without(tb, b), first_a)
            change += self.first_weight * (new_a - self.low[ta][0] + new_b - self.low[tb][0])
        return self.weight * repeats + change

    def swap(self, a: int, b: int) -> None:
        ta, tb = self.table[a], self.table[b]
        self.members[ta][self.members[ta].index(a)] = b
        self.members[tb][self.members[tb].index(b)] = a
        self.table[a], self.table[b] = tb, ta
        self._update_low(ta)
        self._update_low(tb)

    def conflicted(self, a: int) -> bool:
        cost_a = self.room.cost[a]
        return bool(cost_a) and any(x in cost_a for x in self.members[self.table[a]] if x != a)

    def descend(self) -> None:
        """Best swap for each player in turn, until a full pass finds none that lowers the cost.
        A player in a repeat meeting looks at every table, the others only at nearby tables."""
        players = list(range(self.n))
        improved = True
        while improved:
            improved = False
            self.rng.shuffle(players)
            for a in players:
                ta = self.table[a]
                if self.conflicted(a):
                    near = range(self.tables)
                else:
                    near = range(max(ta - WINDOW, 0), min(ta + WINDOW + 1, self.tables))
                best, best_b = 0, -1
                for tb in near:
                    if tb == ta:
                        continue
                    for b in self.members[tb]:
                        change = self.delta(a, b)
                        if change < best:
                            best, best_b = change, b
                if best_b >= 0:
                    self.swap(a, best_b)
                    improved = True

    def settle(self) -> None:
        """Descend, then move least-served players along chains of swaps, until neither helps."""
        self.descend()
        while self.spread_first_seats():
            self.descend()

    def spread_first_seats(self) -> bool:
        """Apply the cheapest chain of swaps that brings a least-served player (fewest first
        seats in the room) from a table that has two of them to a table that has none.

        A single swap rarely does it: the two tables are usually far apart in the standings. A
        chain passes the player on from table to table (each hop swaps a least-served player of
        one table for another player of a table up to `WINDOW` away), so every table in between
        keeps as many least-served players as it had and everyone moves little. Hop costs are
        those of single swaps from the current seating (negative ones count as 0), the cheapest
        chain is found with Dijkstra over the tables, and it is kept only if the exact total cost
        went down.
        Returns whether a chain was kept.
        """
        least = self.least
        lows = [[i for i in group if self.firsts[i] == least] for group in self.members]
        highs = [[i for i in group if self.firsts[i] != least] for group in self.members]
        sources = [t for t in range(self.tables) if len(lows[t]) > 1]
        if not sources or all(lows):
            return False
        # what the best chain can gain: a table whose least-served player has had the most
        worth = self.first_weight * max(self.low[t][0] - least for t in range(self.tables))
        distance = dict.fromkeys(sources, 0)
        hops: dict[int, tuple[int, int, int]] = {}  # table -> (previous table, a, b)
        frontier = [(0, t) for t in sources]
        done: set[int] = set()
        target = -1
        while frontier:
            cost, u = heapq.heappop(frontier)
            if u in done:
                continue
            done.add(u)
            if cost >= worth:
                break  # no chain from here can pay for itself
            if not lows[u]:
                target = u
                break
            for v in range(max(u - WINDOW, 0), min(u + WINDOW + 1, self.tables)):
                if v in done or v == u:
                    continue
                best, pair = self._cheapest_swap(lows[u], highs[v])
                if (
                    best is not None
                    and pair is not None
                    and cost + best < distance.get(v, cost + best + 1)
                ):
                    distance[v] = cost + best
                    hops[v] = (u, *pair)
                    heapq.heappush(frontier, (cost + best, v))
        if target < 0:
            return False
        chain = []
        table = target
        while table in hops:
            previous, a, b = hops[table]
            chain.append((a, b))
            table = previous
        return self._keep_if_cheaper(list(reversed(chain)))

    def _cheapest_swap(
        self, lows: list[int], highs: list[int]
    ) -> tuple[int | None, tuple[int, int] | None]:
        """The cheapest single swap of one of `lows` for one of `highs` (a negative cost counts
        as 0), and its cost."""
        best, pair = None, None
        for a in lows:
            for b in highs:
                change = max(self.delta(a, b, first_seats=False), 0)
                if best is None or change < best:
                    best, pair = change, (a, b)
        return best, pair

    def _keep_if_cheaper(self, chain: list[tuple[int, int]]) -> bool:
        """Make the swaps of `chain` in order; undo them unless the exact total cost went down."""
        before = self.total()
        for a, b in chain:
            self.swap(a, b)
        if self.total() < before:
            return True
        for a, b in reversed(chain):
            self.swap(a, b)
        return False

    def kick(self) -> None:
        """Shake the seating: swap every player in a repeat meeting with a random player anywhere,
        and a few random players with a random player of a nearby table."""
        if self.tables < 2:
            return
        for a in [i for i in range(self.n) if self.conflicted(i)]:
            self._random_swap(a, range(self.tables))
        for _swap in range(KICK_SWAPS):
            a = self.rng.randrange(self.n)
            ta = self.table[a]
            self._random_swap(a, range(max(ta - WINDOW, 0), min(ta + WINDOW + 1, self.tables)))

    def _random_swap(self, a: int, near: range) -> None:
        choices = [tb for tb in near if tb != self.table[a]]
        if choices:
            self.swap(a, self.rng.choice(self.members[self.rng.choice(choices)]))

    def total(self) -> tuple[int, int]:
        """The cost of the whole seating as (repeat cost, the weighted rest), compared as a
        tuple: over a whole seating the rest may outgrow `weight`, so it is not folded in."""
        repeats = 0
        for group in self.members:
            for position, a in enumerate(group):
                cost_a = self.room.cost[a]
                repeats += sum(cost_a.get(b, 0) for b in group[position + 1 :])
        places = sum(self.place_cost[i][self.table[i]] for i in range(self.n))
        firsts = sum(low[0] - self.least for low in self.low)
        return repeats, places + self.first_weight * firsts
