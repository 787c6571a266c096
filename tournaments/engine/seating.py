"""Seating (assegnazione dei tavoli) of one round of a table tournament.

`seat_round(ranks, method=, seed=, history=)` seats the players present: `ranks` maps each of them
to their current place in the standings, or their seed before the first round (1 is best; equal
places allowed). `history` holds the previous rounds' seatings, each a sequence of tables in seat
order, so that the engine knows who already sat with whom and who had the first seat (who deals
first). The answer is a `SeatingResult`: the `Seating` (tables in seat order, first seat first)
and a `SeatingReport` (repeat meetings, first-seat counts, and what had to give way).

Table sizes come from `tables.table_sizes` (larger tables first, table 1 is the top table) unless
the caller passes its own `sizes`. Players are put in a canonical order first (by rank, then by
id), so the answer never depends on the order of the input: same input and seed, same seating.

Methods:
- `random`: a seeded shuffle (`random.Random(seed)`, reproducible on the same Python version).
- `snake`: serpentine over the tables by rank: ranks 1..T to tables 1..T, the next T to tables
  T..1, and so on; a table that is full is skipped.
- `danese`: by standings, in blocks: the first players to table 1, the next to table 2, ...
- `balanced` (the default after round 1): a local search over swaps of two players between
  tables. It minimises, in this order of priority,
  1. repeat meetings: a pair that already met k times costs k*k + k if seated together again,
     so that a third meeting weighs three times a second; no amount of the other terms is worth
     one more unit of this one;
  2. a weighted sum of the distance of every player from their place in the standings (squared
     distance between their rank and the middle of their table, in positions; players sharing a
     place count from the middle of their group) and of the first-seat term (at every table, how
     many more first seats its least-served player has had than the least-served player in the
     room; one unit weighs as much as moving 32 players by one table, or one by about 6).
  It starts from the `danese` layout and swaps the best pair for each player in turn until no swap
  helps (a player in a repeat meeting looks at every table, the others at tables up to 2 away);
  then chains of swaps pass least-served players on towards tables that have none (one swap
  rarely can: those tables are usually far apart); then a few seeded kicks (random swaps around
  the players still in conflict, and a few anywhere), each followed by a new descent, keeping the
  best. Budgets are counts, not clocks, so the answer is reproducible.

First seat, every method: at each table the player who has had the first seat least often gets
it (ties: the first in the method's order, which is rank order except for `random`); the others
keep the method's order.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .errors import InternalError, TournamentError
from .errors import gettext_noop as _
from .tables import (
    LARGEST_TABLE,
    SMALLEST_TABLE,
    PlayerId,
    check_player_id,
    display_key,
    table_sizes,
)


class Method(StrEnum):
    RANDOM = "random"
    SNAKE = "snake"
    DANESE = "danese"
    BALANCED = "balanced"


UNKNOWN_METHOD = _("%(value)s is not a seating method; choose among: %(choices)s.")
RANK_NOT_WHOLE = _("The rank of %(player)s must be a whole number.")
SEED_NOT_WHOLE = _("The seed must be a whole number.")
SIZES_NOT_WHOLE = _("Table sizes must be whole numbers from 2 to 6.")
SIZES_DO_NOT_ADD_UP = _("The tables hold %(seats)s seats for %(players)s players.")
TWICE_IN_HISTORY = _("%(player)s sits at two tables in round %(round)s of the history.")
TWICE_IN_SEATING = _("%(player)s sits at two tables.")
NOT_SEATED = _("%(player)s has a place in the standings but no seat.")
NOT_RANKED = _("%(player)s has a seat but no place in the standings.")

# Counts come after a colon, so that no sentence needs a plural form.
TABLES_NOT_PREFERRED = _(
    "With %(total)s players not every table can have %(preferred)s players. Tables of another "
    "size: %(count)s."
)
REPEATS = _("Pairs of players who meet again: %(count)s.")
REPEATS_BY_METHOD = _(
    "Pairs of players who meet again: %(count)s. The %(method)s method does not avoid repeat "
    "meetings."
)
REPEATS_LEFT = _(
    "Pairs of players who meet again: %(count)s. The search found no seating without repeat "
    "meetings."
)
DISPLACED = _(
    "To avoid repeat meetings and rotate the first seat, some players sit away from the tables "
    "of their place in the standings (greatest distance in tables: %(distance)s): %(players)s."
)
FIRST_SEAT_MISSED = _(
    "The first seat could not go to every player who has had it least often. Not dealing first "
    "this round: %(players)s."
)

# Budgets of the balanced search. Counts, never time, so that a seed always gives the same seating.
KICKS = 12  # kicks after the first descent
KICK_SWAPS = 3  # random swaps per kick, besides the ones around conflicts
FIRST_SEAT_WEIGHT = 32  # one unit of the first-seat term, in moves of one player by one table
WINDOW = 2  # a player with no repeat meeting looks at tables this close to theirs


@dataclass(frozen=True)
class Seating:
    """The tables of a round, table 1 first; each in seat order, the first seat deals first."""

    tables: tuple[tuple[PlayerId, ...], ...]
    method: Method
    seed: int


@dataclass(frozen=True)
class RepeatedPair:
    """Two players seated together again: `before` is how often they had already sat together."""

    players: tuple[PlayerId, PlayerId]
    table: int  # table number, from 1
    before: int


@dataclass(frozen=True)
class Notice:
    """A sentence for the director: `message` is an English template marked for translation,
    with %-style placeholders filled from `params`. The values of `player` and `players` are
    player ids (one, or a tuple), `method` is a `Method` value; `render` turns ids into names
    (the caller translates the method's name if it wants to)."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(
        self,
        gettext: Callable[[str], str] = lambda message: message,
        name: Callable[[PlayerId], str] = str,
    ) -> str:
        params = dict(self.params)
        if "player" in params:
            params["player"] = name(params["player"])
        if "players" in params:
            params["players"] = ", ".join(name(player) for player in params["players"])
        return gettext(self.message) % params


@dataclass(frozen=True)
class SeatingReport:
    """What a seating costs. `repeats` lists every pair seated together again (sorted by table,
    then ids); `repeat_cost` is their sum of k*k + k. `first_seats` gives, for every player seated,
    their first seats including this round (sorted by id); `first_seat_spread` is the largest count
    minus the smallest. `displaced` lists players seated away from the tables their place in the
    standings gives them under `danese`, with the distance in tables (only when ranks are known).
    `gave_way` says in words what had to give way."""

    repeats: tuple[RepeatedPair, ...]
    repeat_cost: int
    first_seats: tuple[tuple[PlayerId, int], ...]
    first_seat_spread: int
    displaced: tuple[tuple[PlayerId, int], ...]
    gave_way: tuple[Notice, ...]


@dataclass(frozen=True)
class SeatingResult:
    seating: Seating
    report: SeatingReport


History = Sequence[Sequence[Sequence[PlayerId]]]  # rounds -> tables -> players in seat order


def seat_round(
    ranks: Mapping[PlayerId, int],
    *,
    method: Method | str = Method.BALANCED,
    seed: int,
    history: History = (),
    sizes: Sequence[int] | None = None,
    preferred: int = 4,
    minimum: int = 3,
    maximum: int = 5,
) -> SeatingResult:
    """Seat the players of `ranks` (player -> place in the standings, or seed; 1 is best).

    Contract: every player of `ranks` is seated exactly once; the table sizes are `sizes` if
    given (in that order; they must add up to the players), else `table_sizes(len(ranks),
    preferred=, minimum=, maximum=)`; the same arguments always give the same seating. The caller
    stores `seed` with the round. Players of `history` who are not in `ranks` are ignored.
    Raises `TournamentError` for a bad method, rank, seed, size or history.
    """
    method = _check_method(method)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TournamentError(SEED_NOT_WHOLE, field="seed")
    order = _canonical_order(ranks)
    if sizes is None:
        layout = table_sizes(len(order), preferred=preferred, minimum=minimum, maximum=maximum)
    else:
        layout = _check_sizes(sizes, len(order))
    room = _Room(order, ranks, layout, history)
    if method is Method.RANDOM:
        groups = _random_groups(room, seed)
    elif method is Method.SNAKE:
        groups = _snake_groups(room)
    elif method is Method.DANESE:
        groups = room.danese_groups()
    else:
        groups = _Search(room, random.Random(seed)).run()
    tables = tuple(tuple(order[i] for i in room.seat_order(group)) for group in groups)
    seating = Seating(tables=tables, method=method, seed=seed)
    report = _report(room, tables, method)
    if sizes is None and any(size != preferred for size in layout):
        count = sum(1 for size in layout if size != preferred)
        notice = Notice(
            TABLES_NOT_PREFERRED,
            {"total": len(order), "preferred": preferred, "count": count},
        )
        report = _with_notices(report, (notice,), first=True)
    return SeatingResult(seating=seating, report=report)


def seating_report(
    tables: Sequence[Sequence[PlayerId]],
    *,
    history: History = (),
    ranks: Mapping[PlayerId, int] | None = None,
) -> SeatingReport:
    """The report of any seating, for example one a director changed by hand.

    `tables` are in seat order (first seat first). With `ranks` (every seated player, nobody
    else) the report lists the displaced players; without, nobody counts as displaced. Notices
    cover repeats and first seats.
    """
    seated: set[PlayerId] = set()
    for table in tables:
        for player in table:
            check_player_id(player, field="tables")
            if player in seated:
                raise TournamentError(TWICE_IN_SEATING, field="tables", params={"player": player})
            seated.add(player)
    known = ranks if ranks is not None else dict.fromkeys(seated, 1)
    unseated = sorted(set(known) - seated, key=display_key)
    if unseated:
        raise TournamentError(NOT_SEATED, field="tables", params={"player": unseated[0]})
    unranked = sorted(seated - set(known), key=display_key)
    if unranked:
        raise TournamentError(NOT_RANKED, field="ranks", params={"player": unranked[0]})
    order = _canonical_order(known)
    room = _Room(order, known, tuple(len(table) for table in tables), history)
    fixed = tuple(tuple(table) for table in tables)
    return _report(room, fixed, None, ranks_known=ranks is not None)


def _check_method(method: Method | str) -> Method:
    try:
        return Method(method)
    except ValueError:
        raise TournamentError(
            UNKNOWN_METHOD,
            field="method",
            params={"value": method, "choices": ", ".join(str(choice) for choice in Method)},
        ) from None


def _canonical_order(ranks: Mapping[PlayerId, int]) -> list[PlayerId]:
    for player, rank in ranks.items():
        check_player_id(player, field="players")
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise TournamentError(RANK_NOT_WHOLE, field="ranks", params={"player": player})
    return sorted(ranks, key=lambda player: (ranks[player], display_key(player)))


def _check_sizes(sizes: Sequence[int], players: int) -> tuple[int, ...]:
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int):
            raise TournamentError(SIZES_NOT_WHOLE, field="sizes")
        if not SMALLEST_TABLE <= size <= LARGEST_TABLE:
            raise TournamentError(SIZES_NOT_WHOLE, field="sizes")
    if sum(sizes) != players:
        raise TournamentError(
            SIZES_DO_NOT_ADD_UP, field="sizes", params={"seats": sum(sizes), "players": players}
        )
    return tuple(sizes)


class _Room:
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


def _random_groups(room: _Room, seed: int) -> list[list[int]]:
    shuffled = list(range(len(room.order)))
    random.Random(seed).shuffle(shuffled)
    return [
        shuffled[start : start + size] for start, size in zip(room.starts, room.sizes, strict=True)
    ]


def _snake_groups(room: _Room) -> list[list[int]]:
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


class _Search:
    """The `balanced` local search. The change a swap makes is an integer: `weight` * change of
    the repeat cost + change of the place cost + `first_weight` * change of the first-seat term,
    with `weight` larger than any change a single swap can make to the other two, so that
    comparing swaps is lexicographic on repeats. Whole seatings compare as tuples (`total`)."""

    def __init__(self, room: _Room, rng: random.Random) -> None:
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
                best, pair = None, None
                for a in lows[u]:
                    for b in highs[v]:
                        change = max(self.delta(a, b, first_seats=False), 0)
                        if best is None or change < best:
                            best, pair = change, (a, b)
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
        before = self.total()
        for a, b in reversed(chain):
            self.swap(a, b)
        if self.total() < before:
            return True
        for a, b in chain:
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


def _report(
    room: _Room,
    tables: tuple[tuple[PlayerId, ...], ...],
    method: Method | None,
    *,
    ranks_known: bool = True,
) -> SeatingReport:
    index = room.index
    repeats = []
    for number, table in enumerate(tables, start=1):
        for position, a in enumerate(table):
            for b in table[position + 1 :]:
                before = room.pair[index[a]].get(index[b], 0)
                if before:
                    first, second = sorted((a, b), key=display_key)
                    repeats.append(
                        RepeatedPair(players=(first, second), table=number, before=before)
                    )
    repeats.sort(key=lambda r: (r.table, display_key(r.players[0]), display_key(r.players[1])))
    repeat_cost = sum(r.before * r.before + r.before for r in repeats)

    counts = {player: room.firsts[index[player]] for player in room.order}
    least = min(counts.values(), default=0)
    dealers = {table[0] for table in tables if table}
    for dealer in dealers:
        counts[dealer] += 1
    first_seats = tuple(sorted(counts.items(), key=lambda item: display_key(item[0])))

    displaced = _displaced(room, tables) if ranks_known else ()
    notices = []
    if repeats:
        if method is None:
            notices.append(Notice(REPEATS, {"count": len(repeats)}))
        elif method is Method.BALANCED:
            notices.append(Notice(REPEATS_LEFT, {"count": len(repeats)}))
        else:
            notices.append(
                Notice(REPEATS_BY_METHOD, {"count": len(repeats), "method": str(method)})
            )
    if method is Method.BALANCED and displaced:
        notices.append(
            Notice(
                DISPLACED,
                {
                    "count": len(displaced),
                    "distance": max(distance for _player, distance in displaced),
                    "players": tuple(player for player, _distance in displaced),
                },
            )
        )
    missed = [
        player
        for player in room.order
        if room.firsts[index[player]] == least and player not in dealers
    ]
    if missed and any(room.firsts[index[dealer]] > least for dealer in dealers):
        players = tuple(sorted(missed, key=display_key))
        notices.append(Notice(FIRST_SEAT_MISSED, {"players": players}))
    return SeatingReport(
        repeats=tuple(repeats),
        repeat_cost=repeat_cost,
        first_seats=first_seats,
        first_seat_spread=max(counts.values(), default=0) - min(counts.values(), default=0),
        displaced=displaced,
        gave_way=tuple(notices),
    )


def _displaced(
    room: _Room, tables: tuple[tuple[PlayerId, ...], ...]
) -> tuple[tuple[PlayerId, int], ...]:
    """Players seated away from every table their rank group covers in the danese layout."""
    found = []
    for number, table in enumerate(tables):
        for player in table:
            first, last = room.group_span[room.index[player]]
            low, high = room.table_of_position(first), room.table_of_position(last)
            distance = low - number if number < low else number - high if number > high else 0
            if distance:
                found.append((player, distance))
    return tuple(sorted(found, key=lambda item: display_key(item[0])))


def _with_notices(
    report: SeatingReport, notices: tuple[Notice, ...], *, first: bool = False
) -> SeatingReport:
    combined = (*notices, *report.gave_way) if first else (*report.gave_way, *notices)
    return replace(report, gave_way=combined)
