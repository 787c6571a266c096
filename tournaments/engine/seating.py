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

Keep-apart groups (`apart`, `seating_apart.ApartGroup`): players of a hard group never share a
table (a seating that cannot keep them apart is refused, field "apart"); a soft group is kept
apart when possible, before repeat meetings, and the report lists its pairs seated together. The
balanced search weighs them as pair costs far above repeats; the other methods keep their layout
and are repaired by the fewest nearest swaps.

The report also gives `repeat_bound`, the repeat pairs no seating at these tables can avoid
(`seating_bound`); when a seating reaches it the notice says "the minimum possible". The search
minimises the weighted repeat cost (k*k + k), not the number of pairs, so with pairs that met
twice it may seat more pairs who met once and stay above the bound; the notice then says how many
were unavoidable.

This module holds the contract (methods, results, reports, notices, the checks of the input); the
room and the balanced search are `tournaments.engine.seating_search`, the groups
`seating_apart`, the bound `seating_bound`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .errors import TournamentError
from .errors import gettext_noop as _
from .seating_apart import ApartGroup, ApartPair, ApartRules, keep_apart
from .seating_bound import repeat_lower_bound

# Kept importable from here, where they have always been: the search's budgets and its refusal.
from .seating_search import FIRST_SEAT_WEIGHT as FIRST_SEAT_WEIGHT
from .seating_search import KICK_SWAPS as KICK_SWAPS
from .seating_search import KICKS as KICKS
from .seating_search import TWICE_IN_HISTORY as TWICE_IN_HISTORY
from .seating_search import WINDOW as WINDOW
from .seating_search import (
    BalancedSearch,
    History,
    Room,
    random_groups,
    snake_groups,
)
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
# With a lower bound above 0 (`seating_bound`): the page says them with plural forms
# (`tournaments.presenters.seating_notice`): "4 repeats, the minimum possible".
REPEATS_MINIMUM = _(
    "Pairs of players who meet again: %(count)s, the minimum possible with these tables."
)
REPEATS_ABOVE_MINIMUM = _(
    "Pairs of players who meet again: %(count)s; unavoidable with these tables: at least %(bound)s."
)
APART_TOGETHER = _(
    "Pairs of players of a keep-apart group at the same table, because no seating found keeps "
    "them all apart: %(count)s."
)
APART_SEATED = _("Pairs of players of a keep-apart group at the same table: %(count)s.")
DISPLACED = _(
    "To avoid repeat meetings and rotate the first seat, some players sit away from the tables "
    "of their place in the standings (greatest distance in tables: %(distance)s): %(players)s."
)
FIRST_SEAT_MISSED = _(
    "The first seat could not go to every player who has had it least often. Not dealing first "
    "this round: %(players)s."
)


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
    params: dict[str, Any] = field(default_factory=dict)  # read back by key: ids, counts, a method

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
    repeat_bound: int = 0  # no seating at these tables has fewer repeat pairs (`seating_bound`)
    apart: tuple[ApartPair, ...] = ()  # keep-apart pairs seated together


@dataclass(frozen=True)
class SeatingResult:
    seating: Seating
    report: SeatingReport


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
    apart: Sequence[ApartGroup] = (),
) -> SeatingResult:
    """Seat the players of `ranks` (player -> place in the standings, or seed; 1 is best).

    Contract: every player of `ranks` is seated exactly once; the table sizes are `sizes` if
    given (in that order; they must add up to the players), else `table_sizes(len(ranks),
    preferred=, minimum=, maximum=)`; the same arguments always give the same seating. The caller
    stores `seed` with the round. Players of `history` or `apart` who are not in `ranks` are
    ignored. No two players of a hard `apart` group share a table; soft groups are kept apart
    when possible, before repeat meetings are avoided (see `seating_apart`).
    Raises `TournamentError` for a bad method, rank, seed, size, history or keep-apart group
    (a hard group that cannot be kept apart: field "apart").
    """
    method = _check_method(method)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TournamentError(SEED_NOT_WHOLE, field="seed")
    order = _canonical_order(ranks)
    if sizes is None:
        layout = table_sizes(len(order), preferred=preferred, minimum=minimum, maximum=maximum)
    else:
        layout = _check_sizes(sizes, len(order))
    room = Room(order, ranks, layout, history)
    rules = ApartRules(apart, room.index, len(layout))
    if rules:
        room.add_costs(rules.costs(room.repeat_total()))
    if method is Method.RANDOM:
        groups = random_groups(room, seed)
    elif method is Method.SNAKE:
        groups = snake_groups(room)
    elif method is Method.DANESE:
        groups = room.danese_groups()
    else:
        groups = BalancedSearch(room, random.Random(seed)).run()
    if rules and method is not Method.BALANCED:
        groups = keep_apart(rules, groups)
    rules.refuse_hard(groups)
    tables = tuple(tuple(order[i] for i in room.seat_order(group)) for group in groups)
    seating = Seating(tables=tables, method=method, seed=seed)
    report = _report(room, tables, method, rules=rules, history=history)
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
    apart: Sequence[ApartGroup] = (),
) -> SeatingReport:
    """The report of any seating, for example one a director changed by hand.

    `tables` are in seat order (first seat first). With `ranks` (every seated player, nobody
    else) the report lists the displaced players; without, nobody counts as displaced. Notices
    cover repeats, keep-apart groups and first seats. A seating that puts two players of a hard
    `apart` group together is refused, as `seat_round` would.
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
    room = Room(order, known, tuple(len(table) for table in tables), history)
    rules = ApartRules(apart, room.index, len(tables))
    fixed = tuple(tuple(table) for table in tables)
    rules.refuse_hard([[room.index[player] for player in table] for table in fixed], order)
    return _report(room, fixed, None, rules=rules, history=history, ranks_known=ranks is not None)


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


def _report(
    room: Room,
    tables: tuple[tuple[PlayerId, ...], ...],
    method: Method | None,
    *,
    rules: ApartRules,
    history: History,
    ranks_known: bool = True,
) -> SeatingReport:
    index = room.index
    repeats = _repeats(room, tables)
    counts = {player: room.firsts[index[player]] for player in room.order}
    dealers = {table[0] for table in tables if table}
    for dealer in dealers:
        counts[dealer] += 1
    displaced = _displaced(room, tables) if ranks_known else ()
    bound = repeat_lower_bound(room.sizes, history, room.order)
    apart = rules.pairs(tables, index)
    notices = []
    if apart:
        together = APART_SEATED if method is None else APART_TOGETHER
        notices.append(Notice(together, {"count": len(apart)}))
    if repeats:
        notices.append(_repeats_notice(len(repeats), method, bound))
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
    notices += _first_seat_missed(room, dealers)
    return SeatingReport(
        repeats=tuple(repeats),
        repeat_cost=sum(r.before * r.before + r.before for r in repeats),
        first_seats=tuple(sorted(counts.items(), key=lambda item: display_key(item[0]))),
        first_seat_spread=max(counts.values(), default=0) - min(counts.values(), default=0),
        displaced=displaced,
        gave_way=tuple(notices),
        repeat_bound=bound,
        apart=apart,
    )


def _repeats(room: Room, tables: tuple[tuple[PlayerId, ...], ...]) -> list[RepeatedPair]:
    """The pairs seated together again, by table then by name."""
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
    return repeats


def _repeats_notice(count: int, method: Method | None, bound: int) -> Notice:
    """What the `count` repeated pairs say: at the least possible (`bound`), above it, or left
    by a method that does not look for the fewest."""
    if method in (None, Method.BALANCED) and bound and count == bound:
        return Notice(REPEATS_MINIMUM, {"count": count, "bound": bound})
    if method in (None, Method.BALANCED) and bound:
        return Notice(REPEATS_ABOVE_MINIMUM, {"count": count, "bound": bound})
    if method is None:
        return Notice(REPEATS, {"count": count})
    if method is Method.BALANCED:
        return Notice(REPEATS_LEFT, {"count": count})
    return Notice(REPEATS_BY_METHOD, {"count": count, "method": str(method)})


def _first_seat_missed(room: Room, dealers: set[PlayerId]) -> list[Notice]:
    """The players who had the first seat least often and miss it while others get it again."""
    index = room.index
    least = min((room.firsts[index[player]] for player in room.order), default=0)
    missed = [
        player
        for player in room.order
        if room.firsts[index[player]] == least and player not in dealers
    ]
    if missed and any(room.firsts[index[dealer]] > least for dealer in dealers):
        return [Notice(FIRST_SEAT_MISSED, {"players": tuple(sorted(missed, key=display_key))})]
    return []


def _displaced(
    room: Room, tables: tuple[tuple[PlayerId, ...], ...]
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
