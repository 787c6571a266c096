"""The danese (Danish system, a simplified Swiss; BURRACO.md §3): pairs re-meet by standings.

`danese_turno(ranked, turno, previous, variant, last_turno)` seats the next turno of the pairs in
`ranked` (the standings, best first; withdrawn pairs left out) after the turni `previous` (any
movement's: Mitchell turni before a danese count as meetings too).

- `puro`: strictly by standings, 1st v 2nd, 3rd v 4th..., a previous opponent allowed;
- `modificato` (default): by standings, greedy from the top (the best pair left meets the best
  pair left that it may meet) with backtracking, in three steps, the first that seats everyone:
  1. no pair meets an opponent of an earlier turno (the issue's "no repeat where possible");
  2. no pair meets its previous turno's opponent (BURRACO.md's rule for `modificato`);
  3. `puro`.
  In the last turno (`last_turno`) step 2 is skipped: the previous opponent is allowed then
  (BURRACO.md), but a repeat is still avoided where possible (the issue's rule; the source
  says nothing of earlier opponents). The backtracking of a step stops after `SEARCH_BUDGET`
  steps and the next step is tried: no field of a club evening comes near it (14 pairs: a few
  dozen steps).

An odd number of pairs gives a bye: to the lowest-ranked pair among those with the fewest byes;
if the step seats nobody else that way, the next such pair up, and so on.

NS and EO alternate where possible: at each table the pair that has sat NS fewer times more than
EO sits NS; if equal, the pair that sat EO in its last turno; if still equal, the better ranked.
Tables are numbered from the top pairing.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..brackets import PlayerId, check_players
from ..errors import InternalError
from ..errors import gettext_noop as _
from .movements import Table, TurnoSeating, choice

UNKNOWN_VARIANT = _("%(value)s is not a danese; choose among: %(choices)s.")
SEARCH_BUDGET = 50_000  # pairings tried by one step of `modificato` before the next step


class Variant(StrEnum):
    MODIFICATO = "modificato"
    PURO = "puro"


DEFAULT_VARIANT = Variant.MODIFICATO


class Step(StrEnum):
    """Which step of `modificato` seated the turno (`puro` for puro and the last turno)."""

    NO_REPEAT = "no_repeat"
    NOT_PREVIOUS = "not_previous"
    PURO = "puro"


@dataclass(frozen=True)
class DaneseSeating:
    """The turno, which step seated it, and the meetings it repeats (empty at step 1)."""

    seating: TurnoSeating
    step: Step
    repeats: tuple[frozenset[PlayerId], ...]


class _History:
    """Meetings, byes and NS/EO of every pair in the turni so far."""

    def __init__(self, previous: Sequence[TurnoSeating]) -> None:
        self.met: defaultdict[PlayerId, set[PlayerId]] = defaultdict(set)
        self.last_opponent: dict[PlayerId, PlayerId] = {}
        self.byes: Counter[PlayerId] = Counter()
        self.balance: Counter[PlayerId] = Counter()  # turni NS minus turni EO
        self.last_side: dict[PlayerId, int] = {}  # +1 NS in its last turno, -1 EO
        in_order = sorted(previous, key=lambda seating: seating.turno)
        for turno in in_order:
            self.byes.update(turno.byes)
            for table in turno.tables:
                self._add(table)
        for table in in_order[-1].tables if in_order else ():
            for ns in table.ns:
                for eo in table.eo:
                    self.last_opponent[ns], self.last_opponent[eo] = eo, ns

    def _add(self, table: Table) -> None:
        for ns in table.ns:
            self.balance[ns] += 1
            self.last_side[ns] = 1
            for eo in table.eo:
                self.met[ns].add(eo)
                self.met[eo].add(ns)
        for eo in table.eo:
            self.balance[eo] -= 1
            self.last_side[eo] = -1

    def table(self, number: int, a: PlayerId, b: PlayerId, rank: dict[PlayerId, int]) -> Table:
        """Table `number` of `a` and `b`, NS chosen so that NS and EO alternate."""

        def claim(pair: PlayerId) -> tuple[int, int, int]:
            return (self.balance[pair], self.last_side.get(pair, 0), rank[pair])

        ns, eo = (a, b) if claim(a) <= claim(b) else (b, a)
        return Table(number, (ns,), (eo,))


class _OutOfBudget(Exception):
    pass


class _Search:
    """Greedy from the top with backtracking, under one rule of who may meet whom."""

    def __init__(self, history: _History, step: Step) -> None:
        self.history = history
        self.step = step
        self.steps = 0

    def allowed(self, a: PlayerId, b: PlayerId) -> bool:
        if self.step == Step.NO_REPEAT:
            return b not in self.history.met[a]
        if self.step == Step.NOT_PREVIOUS:
            return self.history.last_opponent.get(a) != b
        return True

    def pair(self, ranked: list[PlayerId]) -> list[tuple[PlayerId, PlayerId]] | None:
        """`ranked` (even in number) paired from the top, or None if the rule allows no way.

        Iterative (a field of any size): `chosen` is the stack of pairings made, as indexes; on a
        dead end the last one is undone and its top pair tries the next partner down."""
        count = len(ranked)
        used = [False] * count
        chosen: list[tuple[int, int]] = []
        top, after = 0, 0  # the best pair left; its partner is searched after index `after`
        while top < count:
            partner = next(
                (
                    j
                    for j in range(after + 1, count)
                    if not used[j] and self.allowed(ranked[top], ranked[j])
                ),
                None,
            )
            if partner is None:
                if not chosen:
                    return None
                top, after = chosen.pop()
                used[top] = used[after] = False
                continue
            self.steps += 1
            if self.steps > SEARCH_BUDGET:
                raise _OutOfBudget
            used[top] = used[partner] = True
            chosen.append((top, partner))
            top = next((k for k in range(top + 1, count) if not used[k]), count)
            after = top
        return [(ranked[a], ranked[b]) for a, b in chosen]


def _bye_order(ranked: Sequence[PlayerId], history: _History) -> list[PlayerId | None]:
    """Who may take the bye, in order: fewest byes, then lowest ranked. [None] for even fields."""
    if len(ranked) % 2 == 0:
        return [None]
    position = {pair: index for index, pair in enumerate(ranked)}

    def claim(pair: PlayerId) -> tuple[int, int]:
        return (history.byes[pair], -position[pair])

    return [*sorted(ranked, key=claim)]


def _seat(
    ranked: Sequence[PlayerId], history: _History, step: Step
) -> tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None] | None:
    search = _Search(history, step)
    for bye in _bye_order(ranked, history):
        try:
            pairs = search.pair([pair for pair in ranked if pair != bye])
        except _OutOfBudget:
            return None
        if pairs is not None:
            return pairs, bye
    return None


def danese_turno(
    ranked: Sequence[PlayerId],
    turno: int,
    previous: Sequence[TurnoSeating] = (),
    variant: Variant | str = DEFAULT_VARIANT,
    *,
    last_turno: bool = False,
) -> DaneseSeating:
    """Turno `turno` of the pairs `ranked` (standings order) after `previous`: module docstring."""
    ranked = check_players(ranked)
    history = _History(previous)
    if choice(Variant, variant, UNKNOWN_VARIANT, "danese") == Variant.PURO:
        steps = [Step.PURO]
    elif last_turno:  # the previous opponent is allowed, a repeat still avoided where possible
        steps = [Step.NO_REPEAT, Step.PURO]
    else:
        steps = [Step.NO_REPEAT, Step.NOT_PREVIOUS, Step.PURO]
    for step in steps:
        seated = _seat(ranked, history, step)
        if seated is not None:
            break
    else:
        raise InternalError("puro seats every field")
    pairs, bye = seated
    rank = {pair: index for index, pair in enumerate(ranked)}
    tables = tuple(
        history.table(number, a, b, rank) for number, (a, b) in enumerate(pairs, start=1)
    )
    repeats = tuple(frozenset((a, b)) for a, b in pairs if b in history.met[a])
    byes = () if bye is None else (bye,)
    return DaneseSeating(TurnoSeating(turno, tables, byes), step, repeats)
