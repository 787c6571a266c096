"""How many repeat meetings no seating can avoid: a lower bound for `tournaments.engine.seating`.

`repeat_lower_bound(sizes, history, players)` answers a number M such that every seating of
`players` at tables of `sizes` seats at least M pairs together who already met in `history` (a
pair that met twice counts once, as in the seating report). When a seating has exactly M repeat
pairs, it is the minimum possible: no seed and no search can do better.

It is the largest of three counting (pigeonhole) bounds, each valid on its own:

1. **One earlier round.** Take round r, whose tables split the players present into groups of
   c_1, c_2, ... (players absent from round r are groups of one). A new table of s players draws
   them from those groups; if it takes x_j from group j it repeats at least sum C(x_j, 2) of round
   r's pairs, least when the s players are spread as evenly as the groups allow. Adding this
   minimum over the new tables bounds round r's pairs seated again (the *rows*); so does, the other
   way round, spreading each old group as evenly as possible over the new tables, whose sizes cap
   how many it can put at one table (the *columns*). LB_r is the larger of the two.
   Example: 13 players at 5/4/4 in round 1 and again in round 2. A table of 5 takes its players
   from 3 old tables, at best 2+2+1: 2 pairs who met; a table of 4, at best 2+1+1: 1 pair. So
   round 2 has at least 2+1+1 = 4 repeats, whatever the seating.
2. **All rounds together.** A pair seated together that met in m earlier rounds is counted m times
   in the sum of LB_r but is one repeat pair, so repeats >= sum_r LB_r - E, where E sums m - 1
   over every pair of players present that met m >= 2 times.
3. **Players who met almost everyone.** A player who met d of the other n - 1 players present
   and sits at a table of at least s_min has s_min - 1 table-mates of whom at most n - 1 - d are
   new: at least s_min - 1 - (n - 1 - d) of them are repeats. Summed over players, each pair
   counted twice, halved and rounded up. This one grows late in a long tournament, when the first
   two level off.

None is exact (the exact minimum is a hard problem), but on the usual fields (one earlier round
at few tables, or many rounds among few players) the bound is reached by the balanced search, and
the report can say "the minimum possible".
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .tables import PlayerId

History = Sequence[Sequence[Sequence[PlayerId]]]  # rounds -> tables -> players in seat order


def repeat_lower_bound(
    sizes: Sequence[int], history: History, players: Collection[PlayerId]
) -> int:
    """The least number of repeat pairs of any seating of `players` at tables of `sizes` (see the
    module docstring). Players of `history` not in `players` are ignored."""
    present = set(players)
    if not sizes or not history:
        return 0
    met: dict[frozenset[PlayerId], int] = {}
    per_round = []
    for tables in history:
        groups = []
        for table in tables:
            seated = [player for player in table if player in present]
            if len(seated) > 1:
                groups.append(len(seated))
            for position, a in enumerate(seated):
                for b in seated[position + 1 :]:
                    pair = frozenset((a, b))
                    met[pair] = met.get(pair, 0) + 1
        per_round.append(_one_round(sizes, groups, len(present)))
    twice = sum(times - 1 for times in met.values() if times > 1)
    return max(max(per_round), sum(per_round) - twice, _degree_bound(sizes, met, present))


def _one_round(sizes: Sequence[int], groups: list[int], players: int) -> int:
    """LB_r: round r split the players present into `groups` (sizes over 1) and singles."""
    singles = players - sum(groups)
    rows = sum(_spread(size, groups, singles) for size in sizes)
    columns = sum(_spread(group, list(sizes), 0) for group in groups)
    return max(rows, columns)


def _spread(count: int, capacities: list[int], singles: int) -> int:
    """The fewest pairs sharing a bin when `count` items go into bins of `capacities` (and
    `singles` bins of one, which cost nothing): fill the emptiest bin that has room, one at a
    time; each item added to a bin holding x costs x (convex costs: the greedy is optimal)."""
    remaining = count - min(count, singles)
    filled = [0] * len(capacities)
    pairs = 0
    for _item in range(remaining):
        open_bins = [i for i, capacity in enumerate(capacities) if filled[i] < capacity]
        if not open_bins:
            break  # more players than seats: the caller's sizes are checked elsewhere
        emptiest = min(open_bins, key=lambda i: filled[i])
        pairs += filled[emptiest]
        filled[emptiest] += 1
    return pairs


def _degree_bound(
    sizes: Sequence[int], met: dict[frozenset[PlayerId], int], present: set[PlayerId]
) -> int:
    degree: dict[PlayerId, int] = dict.fromkeys(present, 0)
    for pair in met:
        for player in pair:
            degree[player] += 1
    mates = min(sizes) - 1
    others = len(present) - 1
    forced = sum(max(0, mates - (others - met_count)) for met_count in degree.values())
    return (forced + 1) // 2
