"""Swiss system (sistema svizzero): pair the next round from the scores and the rounds so far.

`pair_swiss(entries, previous)` takes every player still in the tournament with their match points
(`SwissEntry`, in seed order: the pairing number) and the rounds played (`Round`, with their byes),
and returns the next round. Players are ranked by match points, then by seed.

What a pairing must do, most important first (each rule counts only among pairings that are
equally good on the rules above it):
  A. nobody gets a second bye while a player without one could take it (in general: the bye goes
     to one of the players with the fewest byes). A bye is a free win, so this comes even before
     rematches;
  B. as few rematches as possible (a pair that met twice before counts twice): none while a
     pairing without rematches exists that keeps rule A;
  C. the bye goes to the lowest-ranked such player;
  D. players meet others with the same match points as far as possible: the sum over the pairs of
     the squared difference in half points is as small as possible. A player who cannot be paired
     in their group floats to the next group down, one group at a time (two floats of one group
     cost 2, one float across two groups costs 4);
  E. the pairs are as close as possible to the ideal pairing (see `_ideal_pairs`): within each score
     group the top half meets the bottom half in order (1 v 5, 2 v 6, 3 v 7, 4 v 8 in a group of
     8), the group's lowest player floats down when the group is odd, and meets the top of the
     group below. Distance from the ideal: for each pair, how many places each player's partner
     is from their ideal partner.

These five rules define the answer: a maximum weight matching (networkx `max_weight_matching`
with `maxcardinality=True`) on all the players plus a bye node, with integer weights built so that
each rule outweighs everything below it (`_exact`). That matching costs O(n^3) in pure Python: a
fraction of a second up to 64 players, up to about 2 s at 128, 15 s to 2 minutes at 512. So two
shortcuts come first:
  1. the ideal pairing, with the bye for the lowest-ranked player among those with fewest byes,
     when it has no rematch. It is then the exact answer: every rule is at its lowest possible
     value. This is the usual case in the first rounds.
  2. otherwise, for fields above `EXACT_LIMIT` players, a local repair (`_repair`): keep the ideal
     pairs, free those within a window around each rematch (in ideal order; the window doubles
     until it works) and re-pair the freed players with the exact matching. A repair with no
     rematch and the ideal's sum of squared differences is exact on rules A to D (they are at
     their lowest possible values; E is the best within the window). Windows that overlap are
     re-paired together, others apart. A window that frees every pair, or `FLOAT_LIMIT` players,
     with no rematch, is taken even with more floats than the ideal: A to C are still exact, D is
     the best within the window. Measured against the exact matching over 375 repaired rounds of
     33 to 64 players, and in the late rounds of the 512-player benchmark, D was always the same;
     E differed in one round in ten.
If neither applies (a field of `EXACT_LIMIT` or fewer with a rematch in the ideal pairing, or a
rematch that no window up to `REPAIR_LIMIT` players avoided), the exact matching is run on the
whole field.

Who deals first (the "white"): the player who has dealt first less often than second, balance
counted over the previous rounds; if equal, the one who was second in their last match; if
still equal, the higher-ranked.

A bye (turno di riposo) is worth a win: 1 match point, 0 net points (see `pairing_standings`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from .brackets import PlayerId, check_players
from .errors import InternalError, TournamentError
from .errors import gettext_noop as _
from .standings import Pairing, Round

EXACT_LIMIT = 32  # fields up to this size go straight to the exact matching (under 0.1 s)
REPAIR_LIMIT = 128  # widest local re-pairing to avoid a rematch (its matching takes up to 2 s)
FLOAT_LIMIT = 64  # widest local re-pairing to look for fewer floats once rematches are gone

BAD_SCORE = _(
    "The score of %(player)s must be a number of match points of at least 0, in steps of 1/2."
)
TOO_FEW_FOR_ROUNDS = _("A Swiss tournament needs at least 2 players (entered: %(count)s).")


@dataclass(frozen=True)
class SwissEntry:
    """A player still in the tournament and their match points so far (win or bye 1, draw 1/2)."""

    player: PlayerId
    score: float | int | Fraction = 0


def default_rounds(players: int) -> int:
    """Rounds enough to leave a single player with a perfect score: ceil(log2 n), n >= 2."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise TournamentError(TOO_FEW_FOR_ROUNDS, field="players", params={"count": players})
    return math.ceil(math.log2(players))


def pair_swiss(entries: Sequence[SwissEntry], previous: Sequence[Round] = ()) -> Round:
    """The next round for `entries` (seed order) after the rounds `previous`.

    Players in `previous` who are not in `entries` (withdrawn) are ignored. The round's number is
    one more than the highest number in `previous`. Pairings are listed by table: the pairing with
    the best-ranked player first. Refuses fewer than 2 players, a player entered twice and a score
    that is negative or not a multiple of 1/2.
    """
    field = _Field(entries, previous)
    number = max((round.number for round in previous), default=0) + 1
    pairs, bye = _pair(field)
    pairings = tuple(
        Pairing(table, *field.dealing_order(*pair))
        for table, pair in enumerate(sorted(pairs, key=lambda pair: field.rank[pair[0]]), start=1)
    )
    return Round(number, pairings, bye)


class _Field:
    """The players, ranked, with their history, as the pairing rules need them."""

    def __init__(self, entries: Sequence[SwissEntry], previous: Sequence[Round]) -> None:
        check_players([entry.player for entry in entries])
        self.units = {entry.player: _half_points(entry) for entry in entries}
        seed = {entry.player: index for index, entry in enumerate(entries)}
        self.ranked = sorted(seed, key=lambda player: (-self.units[player], seed[player]))
        self.rank = {player: index for index, player in enumerate(self.ranked)}
        self.met: Counter[frozenset[PlayerId]] = Counter()
        self.byes: Counter[PlayerId] = Counter()
        self.balance: Counter[PlayerId] = Counter()  # times dealt first minus times second
        self.last: dict[PlayerId, int] = {}  # +1 dealt first in the last match, -1 second
        for round in sorted(previous, key=lambda round: round.number):
            if round.bye is not None:
                self.byes[round.bye] += 1
            for pairing in round.pairings:
                self.met[frozenset(pairing.players)] += 1
                self.balance[pairing.first] += 1
                self.balance[pairing.second] -= 1
                self.last[pairing.first], self.last[pairing.second] = 1, -1

    def meetings(self, a: PlayerId, b: PlayerId) -> int:
        return self.met[frozenset((a, b))]

    def difference(self, a: PlayerId, b: PlayerId) -> int:
        return (self.units[a] - self.units[b]) ** 2

    def best_bye(self) -> PlayerId:
        """Rules A and C on their own: the lowest-ranked player among those with fewest byes."""
        return min(self.ranked, key=lambda player: (self.byes[player], -self.rank[player]))

    def dealing_order(self, a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
        """(deals first, second) for the pair `a`, `b`."""

        def claim(player: PlayerId) -> tuple[int, int, int]:
            return (self.balance[player], self.last.get(player, 0), self.rank[player])

        return (a, b) if claim(a) <= claim(b) else (b, a)


def _half_points(entry: SwissEntry) -> int:
    score = entry.score
    try:
        doubled = score * 2
        whole = int(doubled)
    except (TypeError, ValueError, OverflowError):
        whole, doubled = -1, None
    if isinstance(score, bool) or whole < 0 or whole != doubled:
        raise TournamentError(BAD_SCORE, field="score", params={"player": entry.player})
    return whole


# --- pairing ---------------------------------------------------------------------------------

_Pair = tuple[PlayerId, PlayerId]


def _pair(field: _Field) -> tuple[list[_Pair], PlayerId | None]:
    bye = field.best_bye() if len(field.ranked) % 2 else None
    ideal = _ideal_pairs(field, [player for player in field.ranked if player != bye])
    partner = {a: b for pair in ideal for a, b in (pair, pair[::-1])}
    if bye is not None:
        partner[bye] = bye
    conflicts = [index for index, pair in enumerate(ideal) if field.meetings(*pair)]
    if not conflicts:
        return ideal, bye
    if len(field.ranked) > EXACT_LIMIT:
        repaired = _repair(field, ideal, conflicts, partner)
        if repaired is not None:
            return repaired, bye
    return _exact(field, field.ranked, partner, with_bye=bye is not None)


def _ideal_pairs(field: _Field, players: list[PlayerId]) -> list[_Pair]:
    """Rule E's ideal: by score group, top half against bottom half, odd groups floating down.

    `players` are ranked and even in number. Exactly one player floats across each boundary that
    has an odd number of players above it, and none across the others, which is the least rule D
    allows (the lower bound that `_repair` compares against).
    """
    pairs: list[_Pair] = []
    floater: PlayerId | None = None
    start = 0
    while start < len(players):
        end = start
        while end < len(players) and field.units[players[end]] == field.units[players[start]]:
            end += 1
        group = players[start:end]
        start = end
        if floater is not None:
            pairs.append((floater, group.pop(0)))
            floater = None
        if len(group) % 2:
            floater = group.pop()
        half = len(group) // 2
        pairs.extend(zip(group[:half], group[half:], strict=True))
    if floater is not None:
        raise InternalError("an even field left a player without a partner")
    return pairs


def _repair(
    field: _Field, ideal: list[_Pair], conflicts: list[int], partner: dict[PlayerId, PlayerId]
) -> list[_Pair] | None:
    """Re-pair the ideal pairs within a window around each rematch, as described above.

    Overlapping windows form a cluster, re-paired on its own: distant rematches are independent
    problems, and several small matchings cost far less than one large one. A cluster is done
    when its pairing has no rematch and the sum of squared differences of the ideal pairs it
    replaces; else the windows of its rematches double. A cluster with no rematch stops there if
    it frees every pair (it is then exact: the whole field with the bye fixed) or has reached
    `FLOAT_LIMIT` players. Returns None when a cluster still has a rematch after reaching
    `REPAIR_LIMIT` players, or every pair.
    """
    windows = dict.fromkeys(conflicts, 1)
    solved: dict[tuple[int, int], tuple[list[_Pair], bool]] = {}
    while True:
        widen = False
        for start, stop in _clusters(windows, len(ideal)):
            if (start, stop) not in solved:
                solved[start, stop] = _repair_cluster(field, ideal[start:stop], partner)
            pairs, done = solved[start, stop]
            if done:
                continue
            rematch_free = not any(field.meetings(*pair) for pair in pairs)
            whole = stop - start == len(ideal)
            if rematch_free and (whole or 2 * (stop - start) >= FLOAT_LIMIT):
                solved[start, stop] = (pairs, True)
                continue
            if whole or 2 * (stop - start) >= REPAIR_LIMIT:
                return None
            widen = True
            for conflict in windows:
                if start <= conflict < stop:
                    windows[conflict] *= 2
        if not widen:
            break
    repaired: list[_Pair] = []
    position = 0
    for start, stop in _clusters(windows, len(ideal)):
        repaired += ideal[position:start] + solved[start, stop][0]
        position = stop
    return repaired + ideal[position:]


def _clusters(windows: dict[int, int], count: int) -> list[tuple[int, int]]:
    """The ranges [start, stop) of pair indexes covered by the windows, overlapping ones merged."""
    spans = sorted((max(0, c - w), min(count, c + w + 1)) for c, w in windows.items())
    merged: list[tuple[int, int]] = []
    for start, stop in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(stop, merged[-1][1]))
        else:
            merged.append((start, stop))
    return merged


def _repair_cluster(
    field: _Field, pairs: list[_Pair], partner: dict[PlayerId, PlayerId]
) -> tuple[list[_Pair], bool]:
    """The exact re-pairing of the players of `pairs`, and whether it is as good as they are on
    rules B and D (no rematch, the same sum of squared differences)."""
    players = sorted((p for pair in pairs for p in pair), key=field.rank.__getitem__)
    repaired, _bye = _exact(field, players, partner, with_bye=False)
    done = not any(field.meetings(*pair) for pair in repaired) and sum(
        field.difference(*pair) for pair in repaired
    ) == sum(field.difference(*pair) for pair in pairs)
    return repaired, done


def _shape(field: _Field, pairs: list[_Pair], partner: dict[PlayerId, PlayerId]) -> int:
    """Rule E's cost of `pairs`: how far each player's partner is from their ideal partner."""
    rank = field.rank
    return sum(abs(rank[b] - rank[partner[a]]) + abs(rank[a] - rank[partner[b]]) for a, b in pairs)


def _exact(
    field: _Field, players: list[PlayerId], partner: dict[PlayerId, PlayerId], *, with_bye: bool
) -> tuple[list[_Pair], PlayerId | None]:
    """The pairing of `players` (ranked) that is best on rules A to E, by weighted matching.

    Nodes are indexes into `players`; with `with_bye` node len(players) is the bye. Each rule's
    multiplier exceeds the largest total the rules below it can reach, so maximising the summed
    weight minimises the costs in rule order. Integer weights keep networkx exact.
    """
    count = len(players)
    rank = [field.rank[player] for player in players]
    pair_costs: dict[tuple[int, int], tuple[int, int, int]] = {}
    for i in range(count):
        for j in range(i + 1, count):
            a, b = players[i], players[j]
            shape = _shape(field, [(a, b)], partner)
            pair_costs[i, j] = (field.meetings(a, b), field.difference(a, b), shape)
    bye_costs = {i: (field.byes[players[i]], len(field.ranked) - 1 - rank[i]) for i in range(count)}

    pairs = (count + with_bye) // 2
    most_b, most_d, most_e = (
        max((costs[level] for costs in pair_costs.values()), default=0) for level in range(3)
    )
    most_a = max((costs[0] for costs in bye_costs.values()), default=0) if with_bye else 0
    most_c = len(field.ranked) - 1 if with_bye else 0
    unit_e = 1
    unit_d = unit_e * (pairs * most_e + 1)
    unit_c = unit_d * (pairs * most_d + 1)
    unit_b = unit_c * (most_c + 1)
    unit_a = unit_b * (pairs * most_b + 1)
    top = unit_a * (most_a + 1)

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count + with_bye))
    graph.add_weighted_edges_from(
        (i, j, top - (unit_b * b + unit_d * d + unit_e * e))
        for (i, j), (b, d, e) in pair_costs.items()
    )
    if with_bye:
        graph.add_weighted_edges_from(
            (i, count, top - (unit_a * a + unit_c * c)) for i, (a, c) in bye_costs.items()
        )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != count + with_bye:
        raise InternalError("a complete graph of even order has a perfect matching")
    result: list[_Pair] = []
    bye = None
    for i, j in matching:
        i, j = min(i, j), max(i, j)
        if j == count and with_bye:
            bye = players[i]
        else:
            result.append((players[i], players[j]))
    return result, bye
