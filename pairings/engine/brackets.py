"""Single and double elimination brackets (tabellone: eliminazione diretta, doppia eliminazione).

A bracket is a pure function of its draw (the players in seed order, the format and its options)
and of the results entered so far:

    bracket = single_elimination(players, third_place=True, results=stored_results)
    bracket = double_elimination(players, reset=True, results=stored_results)
    bracket = apply_result(bracket, Result(match=5, winner="Anna", loser="Bruno"))

Every match that can be played exists from the start. A side of a match (`Slot`) is either a seed
or a placeholder, "winner of match 5" / "loser of match 5"; `BracketMatch.players` fills in who it
is once known. Results are replayed in match order, so correcting the result of match 3 moves the
right players on through every later match; a later result that no longer fits (it names a player
who does not play that match any more) is set aside in `Bracket.discarded`, and the match is open
again for the director.

Seeding: the usual order (1 v 16, 8 v 9, 5 v 12, 4 v 13, ...): seeds 1 and 2 can meet only in
the final, seeds 1 to 4 only from the semi-finals on, and so on. A field that is not a power of
two is filled up to the next power of two with byes, and the byes go to the top seeds: a bye is
not a match; the seed simply starts in round 2. More generally a match with one side that can never
be filled (a bye, or in the losers' bracket the loser of a match that never takes place) is not
created and the other side moves on; only matches between two real players are numbered.

Double elimination: the losers of winners' round 1 meet in losers' round 1; the losers of winners'
round r >= 2 drop into losers' round 2(r - 1) against the survivors, in an order that keeps
rematches rare and early ones out (see `_drop_order`); the odd losers' rounds after the first pair
the survivors among themselves. The grand final sets the winners'
bracket winner against the losers' bracket winner; with `reset` a second match is played when the
losers' bracket winner wins the first, since only then have both players lost once.

Numbers: matches are numbered in a playable order, as a printed chart reads: by the round of the
full chart (byes ignored) in which they can first be played (winners' round 2 alongside losers'
round 1, and so on), then third-place match, winners' bracket, losers' bracket, grand final,
reset, then by round and position. A match's slots always refer to matches with smaller numbers.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import InternalError, TournamentError
from .errors import gettext_noop as _

PlayerId = str | int

TOO_FEW_PLAYERS = _("At least %(minimum)s players are needed (entered: %(count)s).")
NOT_A_PLAYER = _("%(player)r is not a player id: use a name or a whole number.")
ENTERED_TWICE = _("%(player)s is entered twice.")
NO_SUCH_MATCH = _("There is no match %(match)s in this bracket.")
SAME_PLAYER = _("In match %(match)s the winner and the loser are both %(player)s.")
NOT_READY = _("Match %(match)s cannot be played yet: its players are not known.")
NOT_NEEDED = _(
    "Match %(match)s is not needed: the winner of the winners' bracket won the grand final."
)
NOT_IN_MATCH = _("%(player)s does not play in match %(match)s.")


class Format(StrEnum):
    SINGLE = "single"
    DOUBLE = "double"


class Section(StrEnum):
    """Where a match sits. A single elimination bracket has only WINNERS and THIRD_PLACE."""

    WINNERS = "winners"
    LOSERS = "losers"
    THIRD_PLACE = "third_place"
    GRAND_FINAL = "grand_final"
    RESET = "reset"  # the second grand final, when the losers' bracket winner won the first


class SlotKind(StrEnum):
    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"


class MatchStatus(StrEnum):
    WAITING = "waiting"  # a side is not known yet
    READY = "ready"  # both players known, no result
    PLAYED = "played"
    NOT_NEEDED = "not_needed"  # the reset, when the winners' bracket winner won the grand final


# The third-place match comes before the final it is played alongside (it is the "finalina").
_SECTION_ORDER = {
    Section.THIRD_PLACE: 0,
    Section.WINNERS: 1,
    Section.LOSERS: 2,
    Section.GRAND_FINAL: 3,
    Section.RESET: 4,
}


@dataclass(frozen=True)
class Slot:
    """One side of a match before it is played: seed `ref` (from 1), or the winner or the loser
    of match `ref`."""

    kind: SlotKind
    ref: int


@dataclass(frozen=True)
class Result:
    """The outcome of match `match`: `winner` beat `loser` (at the table, or by walkover)."""

    match: int
    winner: PlayerId
    loser: PlayerId
    walkover: bool = False


@dataclass(frozen=True)
class BracketMatch:
    """A match of the bracket.

    `round` counts from 1 within the section (winners' round 1 is the first round of the full
    chart even when byes leave it with few matches); `position` is the row (from 0) of the match
    in that round of the full chart, gaps included, for drawing. `players` follow `slots`.
    """

    number: int
    section: Section
    round: int
    position: int
    slots: tuple[Slot, Slot]
    players: tuple[PlayerId | None, PlayerId | None] = (None, None)
    status: MatchStatus = MatchStatus.WAITING
    result: Result | None = None

    @property
    def winner(self) -> PlayerId | None:
        return self.result.winner if self.result else None

    @property
    def loser(self) -> PlayerId | None:
        return self.result.loser if self.result else None


@dataclass(frozen=True)
class Bracket:
    """A bracket after replaying its results.

    `players` are in seed order (seed 1 first); `size` is the power of two the chart is drawn for.
    `matches[i].number == i + 1`. `results` are the results in force, in match order;
    `discarded` the results given that no longer fit their match (see the module docstring).
    """

    format: Format
    players: tuple[PlayerId, ...]
    size: int
    third_place: bool
    reset: bool
    matches: tuple[BracketMatch, ...]
    results: tuple[Result, ...] = ()
    discarded: tuple[Result, ...] = ()
    champion: PlayerId | None = None

    def match(self, number: int) -> BracketMatch:
        """Match `number`; refuses a number the bracket does not have."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise TournamentError(NO_SUCH_MATCH, field="match", params={"match": number})
        if not 1 <= number <= len(self.matches):
            raise TournamentError(NO_SUCH_MATCH, field="match", params={"match": number})
        return self.matches[number - 1]

    @property
    def double(self) -> bool:
        """A double elimination: a player goes out at their second loss (losers' bracket)."""
        return self.format is Format.DOUBLE

    @property
    def ready(self) -> tuple[BracketMatch, ...]:
        """The matches that can be played now, in match order."""
        return tuple(match for match in self.matches if match.status is MatchStatus.READY)

    @property
    def finished(self) -> bool:
        """Every match that is needed has a result (the third-place match included)."""
        return all(
            match.status in (MatchStatus.PLAYED, MatchStatus.NOT_NEEDED) for match in self.matches
        )

    @property
    def byes(self) -> tuple[PlayerId, ...]:
        """Players who start in winners' round 2: the top seeds, next power of two minus n."""
        return self.players[: self.size - len(self.players)]


# --- seeding ------------------------------------------------------------------------------------


def bracket_size(players: int) -> int:
    """The smallest power of two holding `players` (at least 2)."""
    return 1 << max(1, (players - 1).bit_length())


def seeding_order(size: int) -> tuple[int, ...]:
    """The seeds, top to bottom, of a first round of `size` (a power of two) slots.

    Built by doubling: each seed s of the bracket of half the size is paired with its complement
    (size + 1 - s), the pair flipped on every other line so that the top seed of each half sits at
    its edge. The top 2^j seeds then lie in different sections of size/2^j slots: seeds 1 and 2 meet
    only in the final, seeds 1 to 4 only from the semi-finals on. For 16:
    1 16 9 8 5 12 13 4 3 14 11 6 7 10 15 2, that is 1 v 16, 8 v 9, 5 v 12, 4 v 13, 3 v 14,
    6 v 11, 7 v 10, 2 v 15.
    """
    if size < 1 or size & (size - 1):
        raise InternalError(f"a bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [
            seed
            for line, top in enumerate(order)
            for seed in ((top, total - top) if line % 2 == 0 else (total - top, top))
        ]
    return tuple(order)


def _natural(matches: int) -> list[int]:
    return list(range(matches))


def _reverse(matches: int) -> list[int]:
    return [matches - 1 - p for p in range(matches)]


def _half_shift(matches: int) -> list[int]:
    return [(p + matches // 2) % matches for p in range(matches)]


def _reverse_half_shift(matches: int) -> list[int]:
    return [(matches - 1 - p + matches // 2) % matches for p in range(matches)]


# Orders measured best for these chart sizes (winners' rounds 2, 3, ...), see `_drop_order`.
_MEASURED_DROP_ORDERS = {
    16: (_reverse, _natural, _natural),
    32: (_reverse_half_shift, _reverse, _natural, _natural),
}


def _drop_order(size: int, wb_round: int, matches: int) -> list[int]:
    """Losers' position p receives the loser of winners' match `order[p]` (positions from 0).

    `matches` is the number of matches of winners' round `wb_round` (>= 2) of a chart of `size`,
    which equals the number of losers' matches they drop into. A rematch there would set a
    dropping player against someone from their own part of the winners' chart, so each round's
    losers are sent to the far side of the chart: halves swapped for round 2, reversed for round
    3, reversed with halves swapped for round 4, reversed after that. For charts of 16 and 32 the
    orders of `_MEASURED_DROP_ORDERS` replace that rule: they were chosen by simulating random
    results over every combination of these four orders, fewest rematches in the earliest losers'
    round first. Either way, from 6 players up, losers' round 1 has no rematch and a player's first
    losers' match can repeat an earlier match only if they dropped from the winners' semi-finals or
    final (with 3 to 5 players some earlier rematches are unavoidable). Over a whole losers'
    bracket, with random results, these orders average 0.7 to 0.8 rematches per tournament for
    9 to 64 players, where the common chart (reversed and halves swapped in turn) gives 1.0 for
    9 to 16 players, 1.35 for 17 to 32 and 1.6 for 33 to 64.
    """
    measured = _MEASURED_DROP_ORDERS.get(size)
    if measured is not None:
        return measured[wb_round - 2](matches)
    if wb_round == 2:
        return _half_shift(matches)
    if wb_round == 4:
        return _reverse_half_shift(matches)
    return _reverse(matches)


# --- the draw: every match of a format, byes removed ---------------------------------------------

_Key = tuple[Section, int, int]  # (section, round, position) in the full chart
_Source = tuple[SlotKind, Any]  # (SEED, seed) or (WINNER | LOSER, key of a chart node)


@dataclass(frozen=True)
class _Node:
    """A match of the full chart, before byes are taken out."""

    section: Section
    round: int
    position: int
    sources: tuple[_Source, _Source]

    @property
    def key(self) -> _Key:
        return (self.section, self.round, self.position)


def _chart(format: Format, size: int, third_place: bool, reset: bool) -> list[_Node]:
    """Every match of the full chart of `size` slots; each node comes after its sources."""
    rounds = size.bit_length() - 1
    order = seeding_order(size)
    nodes = [
        _Node(
            Section.WINNERS,
            1,
            p,
            (
                (SlotKind.SEED, min(order[2 * p : 2 * p + 2])),
                (SlotKind.SEED, max(order[2 * p : 2 * p + 2])),
            ),
        )
        for p in range(size // 2)
    ]
    for r in range(2, rounds + 1):
        nodes += [
            _Node(Section.WINNERS, r, p, _sources(SlotKind.WINNER, Section.WINNERS, r - 1, p))
            for p in range(size >> r)
        ]
    if format is Format.SINGLE:
        if third_place and rounds >= 2:
            sources = _sources(SlotKind.LOSER, Section.WINNERS, rounds - 1, 0)
            nodes.append(_Node(Section.THIRD_PLACE, 1, 0, sources))
        return nodes
    return nodes + _losers_and_finals(size, rounds, reset)


def _sources(
    kind: SlotKind, section: Section, round: int, position: int
) -> tuple[_Source, _Source]:
    """The two sources of a match fed by matches 2p and 2p + 1 of the round before."""
    return (
        (kind, (section, round, 2 * position)),
        (kind, (section, round, 2 * position + 1)),
    )


def _losers_and_finals(size: int, rounds: int, reset: bool) -> list[_Node]:
    nodes: list[_Node] = []
    lb_round = 0
    if rounds >= 2:
        lb_round = 1
        nodes += [
            _Node(Section.LOSERS, 1, p, _sources(SlotKind.LOSER, Section.WINNERS, 1, p))
            for p in range(size // 4)
        ]
    for wb_round in range(2, rounds + 1):
        matches = size >> wb_round
        drop = _drop_order(size, wb_round, matches)
        lb_round += 1
        nodes += [
            _Node(
                Section.LOSERS,
                lb_round,
                p,
                (
                    (SlotKind.WINNER, (Section.LOSERS, lb_round - 1, p)),
                    (SlotKind.LOSER, (Section.WINNERS, wb_round, drop[p])),
                ),
            )
            for p in range(matches)
        ]
        if wb_round < rounds:
            lb_round += 1
            nodes += [
                _Node(
                    Section.LOSERS,
                    lb_round,
                    p,
                    _sources(SlotKind.WINNER, Section.LOSERS, lb_round - 1, p),
                )
                for p in range(matches // 2)
            ]
    wb_final: _Key = (Section.WINNERS, rounds, 0)
    # With two players there is no losers' bracket: the loser of the only match is its "winner".
    lb_winner: _Source = (
        (SlotKind.WINNER, (Section.LOSERS, lb_round, 0)) if lb_round else (SlotKind.LOSER, wb_final)
    )
    grand_final = _Node(Section.GRAND_FINAL, 1, 0, ((SlotKind.WINNER, wb_final), lb_winner))
    nodes.append(grand_final)
    if reset:
        sources = ((SlotKind.WINNER, grand_final.key), (SlotKind.LOSER, grand_final.key))
        nodes.append(_Node(Section.RESET, 1, 0, sources))
    return nodes


@functools.lru_cache(maxsize=256)
def _draw(format: Format, count: int, third_place: bool, reset: bool) -> tuple[BracketMatch, ...]:
    """The matches of a bracket of `count` players, numbered, with no player filled in.

    A source that can never be filled is None: a seed above `count`, the loser of a match that is
    not played, the winner of a match with no side at all. A node with a None source is not a
    match: its one real source (if any) stands in for its winner. Cached: a bracket is replayed
    after every result, and its shape depends only on these four values.
    """
    size = bracket_size(count)
    nodes = _chart(format, size, third_place, reset)
    resolved: dict[_Key, tuple[_Source | None, _Source | None]] = {}

    def resolve(source: _Source) -> _Source | None:
        kind, ref = source
        if kind is SlotKind.SEED:
            return source if ref <= count else None
        first, second = resolved[ref]
        if first is not None and second is not None:
            return source
        if kind is SlotKind.LOSER:
            return None
        return first if first is not None else second

    for node in nodes:
        first, second = node.sources
        resolved[node.key] = (resolve(first), resolve(second))
    real = [node for node in nodes if None not in resolved[node.key]]

    # Number by the round of the full chart in which a match can first be played (byes ignored,
    # so that numbers read round by round as on a printed chart), then by section and position.
    # Every source lies in an earlier stage, so a slot always refers to a smaller number.
    stage: dict[_Key, int] = {}
    for node in nodes:
        refs = [ref for kind, ref in node.sources if kind is not SlotKind.SEED]
        stage[node.key] = 1 + max((stage[ref] for ref in refs), default=0)
    real.sort(key=lambda n: (stage[n.key], _SECTION_ORDER[n.section], n.round, n.position))
    number = {node.key: index + 1 for index, node in enumerate(real)}

    def slot(source: _Source | None) -> Slot:
        if source is None:
            raise InternalError("a real match has a side that can never be filled")
        kind, ref = source
        return Slot(kind, ref if kind is SlotKind.SEED else number[ref])

    return tuple(
        BracketMatch(
            number=number[node.key],
            section=node.section,
            round=node.round,
            position=node.position,
            slots=(slot(resolved[node.key][0]), slot(resolved[node.key][1])),
        )
        for node in real
    )


# --- replay ------------------------------------------------------------------------------------


def single_elimination(
    players: Sequence[PlayerId], *, third_place: bool = False, results: Iterable[Result] = ()
) -> Bracket:
    """A single elimination bracket of `players` (seed order, best first) after `results`.

    `third_place` adds a match between the semi-final losers (with 3 players there is only one
    semi-final loser: no match, that player is third). `results` may hold several results for the
    same match: the last one counts (a correction). Refuses fewer than 2 players, a player entered
    twice, a result for a match that does not exist or with the same winner and loser.
    """
    return _build(Format.SINGLE, players, third_place=third_place, reset=False, results=results)


def double_elimination(
    players: Sequence[PlayerId], *, reset: bool = True, results: Iterable[Result] = ()
) -> Bracket:
    """A double elimination bracket of `players` (seed order, best first) after `results`.

    With `reset` (the default), if the losers' bracket winner wins the grand final a second match
    decides the title; without it the grand final decides alone. Otherwise as `single_elimination`.
    """
    return _build(Format.DOUBLE, players, third_place=False, reset=reset, results=results)


def apply_result(bracket: Bracket, result: Result) -> Bracket:
    """The bracket with `result` entered (or corrected, if the match has a result already).

    Refuses a match that does not exist, is not ready (a side unknown), or is not needed, and a
    winner or loser who does not play in it. Later results that the change makes stale are moved
    to `discarded` of the bracket returned.
    """
    match = bracket.match(result.match)
    _check_shape(result, len(bracket.matches))
    if match.status is MatchStatus.WAITING:
        raise TournamentError(NOT_READY, field="match", params={"match": match.number})
    if match.status is MatchStatus.NOT_NEEDED:
        raise TournamentError(NOT_NEEDED, field="match", params={"match": match.number})
    for field, player in (("winner", result.winner), ("loser", result.loser)):
        if player not in match.players:
            raise TournamentError(
                NOT_IN_MATCH, field=field, params={"player": player, "match": match.number}
            )
    return _rebuild(bracket, (*bracket.results, result))


def _rebuild(bracket: Bracket, results: Iterable[Result]) -> Bracket:
    return _build(
        bracket.format,
        bracket.players,
        third_place=bracket.third_place,
        reset=bracket.reset,
        results=results,
    )


def check_players(players: Iterable[PlayerId], *, minimum: int = 2) -> tuple[PlayerId, ...]:
    """Return `players` as a tuple if they are at least `minimum` distinct ids (names or whole
    numbers); refuse them otherwise. Shared by every engine of the Gin tournaments."""
    players = tuple(players)
    if len(players) < minimum:
        raise TournamentError(
            TOO_FEW_PLAYERS, field="players", params={"minimum": minimum, "count": len(players)}
        )
    seen: set[PlayerId] = set()
    for player in players:
        if isinstance(player, bool) or not isinstance(player, (str, int)):
            raise TournamentError(NOT_A_PLAYER, field="players", params={"player": player})
        if player in seen:
            raise TournamentError(ENTERED_TWICE, field="players", params={"player": player})
        seen.add(player)
    return players


def _check_shape(result: Result, matches: int) -> None:
    if isinstance(result.match, bool) or not isinstance(result.match, int):
        raise TournamentError(NO_SUCH_MATCH, field="match", params={"match": result.match})
    if not 1 <= result.match <= matches:
        raise TournamentError(NO_SUCH_MATCH, field="match", params={"match": result.match})
    if result.winner == result.loser:
        raise TournamentError(
            SAME_PLAYER, field="loser", params={"match": result.match, "player": result.winner}
        )


def _build(
    format: Format,
    players: Sequence[PlayerId],
    *,
    third_place: bool,
    reset: bool,
    results: Iterable[Result],
) -> Bracket:
    players = check_players(players)
    draw = _draw(format, len(players), third_place, reset)
    latest: dict[int, Result] = {}
    result: Result | None
    for result in results:
        _check_shape(result, len(draw))
        latest[result.match] = result  # a later result for the same match corrects the earlier
    played: dict[int, Result] = {}
    matches: list[BracketMatch] = []
    discarded: list[Result] = []
    for template in draw:
        sides = (
            _occupant(template.slots[0], players, played),
            _occupant(template.slots[1], players, played),
        )
        status = _status(template, sides, matches)
        result = latest.get(template.number)
        if result is not None:
            if status is MatchStatus.READY and {result.winner, result.loser} == set(sides):
                played[template.number] = result
                status = MatchStatus.PLAYED
            else:
                discarded.append(result)
                result = None
        # Built once, straight from its parts: a replay builds every match after every result.
        matches.append(
            BracketMatch(
                template.number,
                template.section,
                template.round,
                template.position,
                template.slots,
                sides,
                status,
                result,
            )
        )
    return Bracket(
        format=format,
        players=players,
        size=bracket_size(len(players)),
        third_place=third_place,
        reset=reset,
        matches=tuple(matches),
        results=tuple(played[number] for number in sorted(played)),
        discarded=tuple(discarded),
        champion=_champion(format, matches),
    )


def _status(
    template: BracketMatch,
    sides: tuple[PlayerId | None, PlayerId | None],
    matches: list[BracketMatch],
) -> MatchStatus:
    """WAITING, READY or NOT_NEEDED (the reset after a grand final won by the first side)."""
    if sides[0] is None or sides[1] is None:
        return MatchStatus.WAITING
    if template.section is Section.RESET:
        grand_final = matches[template.slots[0].ref - 1]
        # The reset is played only when the winners' bracket winner (first side) lost.
        if grand_final.winner == grand_final.players[0]:
            return MatchStatus.NOT_NEEDED
    return MatchStatus.READY


def _occupant(
    slot: Slot, players: tuple[PlayerId, ...], played: dict[int, Result]
) -> PlayerId | None:
    if slot.kind is SlotKind.SEED:
        return players[slot.ref - 1]
    result = played.get(slot.ref)
    if result is None:
        return None
    return result.winner if slot.kind is SlotKind.WINNER else result.loser


def _champion(format: Format, matches: list[BracketMatch]) -> PlayerId | None:
    if format is Format.SINGLE:
        final = max(
            (match for match in matches if match.section is Section.WINNERS),
            key=lambda match: match.round,
        )
        return final.winner
    by_section = {match.section: match for match in matches if match.section is not Section.LOSERS}
    grand_final = by_section[Section.GRAND_FINAL]
    reset = by_section.get(Section.RESET)
    if reset is not None and reset.status is MatchStatus.READY:
        return None  # the reset is still to be played
    if reset is not None and reset.status is MatchStatus.PLAYED:
        return reset.winner
    return grand_final.winner


def losses(bracket: Bracket) -> dict[PlayerId, int]:
    """How many matches each player has lost so far (walkovers included, byes are not losses)."""
    count = dict.fromkeys(bracket.players, 0)
    for result in bracket.results:
        count[result.loser] += 1
    return count
