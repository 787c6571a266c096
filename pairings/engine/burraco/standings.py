"""Standings of a Burraco tournament (BURRACO.md §4): VP, MP and the ordered tie-break chain.

`burraco_standings(entries, turni, tie_breaks, ...)` adds up every entry's turno scores
(`turno.TurnoScore`; in an individual event each player of a line is credited with the line's VP
and MP) and the director's adjustments, then orders them by `tie_breaks` (default `vp, mp`):

- `vp`, `mp`: victory points, match points (the sum of the signed differences), higher first;
- `points`: the sum of the entry's own turno totals, higher first;
- `head_to_head`: among the entries still tied when it is reached, the VP each won in the turni
  it met the others; only if every two of them met, else it separates nobody;
- `lot`: the number drawn at registration (`lots`), lower first;
- `attendance`: events played in the season (`attendance`, 0 if not given), higher first;
- `draw`: a draw among the tied (`draws`: the number each drew), lower first.

Each key applies only within the groups the keys before it left tied, so the chain is read as
printed. Every row says which key set it below the row above when both were tied on the first
key (`settled_by`); entries equal on every key share a place (1, 2, 2, 4), listed by id.
A row counts the turni in which its entry abandoned (`abandoned`) and, of those, the turni in
which the abandonment's VP were more than its hands gave it (`gained_by_abandoning`): it must
never gain a place or a prize by leaving; the engine says so and the director decides.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, groupby

from ..brackets import PlayerId, check_players
from ..errors import TournamentError
from ..errors import gettext_noop as _
from ..standings import chosen_keys, display_key
from .turno import How, TurnoScore

NO_TIE_BREAKS = _("Choose at least one tie-break.")
NEEDS_NUMBER = _("The tie-break %(key)s needs a number for %(entry)s.")
NOT_ENTERED = _("%(entry)s has a turno score but is not entered in the tournament.")


class TieBreak(StrEnum):
    VP = "vp"
    MP = "mp"
    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    LOT = "lot"
    ATTENDANCE = "attendance"
    DRAW = "draw"


DEFAULT_TIE_BREAKS = (TieBreak.VP, TieBreak.MP)


@dataclass(frozen=True)
class Adjustment:
    """A director's change to an entry's VP and MP (a penalty, a correction), with its reason."""

    entry: PlayerId
    vp: int = 0
    mp: int = 0
    reason: str = ""


@dataclass
class _Record:
    vp: int = 0
    mp: int = 0
    points: int = 0
    played: int = 0
    byes: int = 0
    abandoned: int = 0
    gained: int = 0
    against: defaultdict[PlayerId, int] = field(default_factory=lambda: defaultdict(int))


@dataclass(frozen=True)
class StandingRow:
    """A row: the place (shared when equal on every key), the totals, and which key of the chain
    set it below the row above (None: the first key did, or the row shares the place above)."""

    place: int
    entry: PlayerId
    vp: int
    mp: int
    points: int
    played: int  # turni at a table (abandoned ones too); byes apart
    byes: int
    abandoned: int
    gained_by_abandoning: int  # of those, turni that gave it more VP than its hands
    settled_by: TieBreak | None
    shared: bool


@dataclass(frozen=True)
class Standings:
    tie_breaks: tuple[TieBreak, ...]
    rows: tuple[StandingRow, ...]

    def ranked(self) -> list[PlayerId]:
        """The entries in order: what the next danese turno takes."""
        return [row.entry for row in self.rows]


def check_tie_breaks(tie_breaks: Iterable[TieBreak | str]) -> tuple[TieBreak, ...]:
    """Validate a club's ordered chain (names or `TieBreak`s) and return it; never empty."""
    chosen = chosen_keys(tie_breaks, TieBreak)
    if not chosen:
        raise TournamentError(NO_TIE_BREAKS, field="tie_breaks")
    return chosen


def _tally(
    entries: Sequence[PlayerId], turni: Sequence[TurnoScore], adjustments: Sequence[Adjustment]
) -> dict[PlayerId, _Record]:
    records = {entry: _Record() for entry in entries}
    for turno in turni:
        for score in turno.lines:
            for entry in score.line:
                record = records.get(entry)
                if record is None:
                    raise TournamentError(NOT_ENTERED, field="turni", params={"entry": entry})
                record.vp += score.vp
                record.mp += score.mp
                record.points += score.points
                record.byes += score.how == How.BYE
                record.played += score.how != How.BYE
                record.abandoned += score.how == How.ABANDONED
                record.gained += score.gained
                for opponent in score.opponent or ():
                    record.against[opponent] += score.vp
    for adjustment in adjustments:
        if adjustment.entry not in records:
            raise TournamentError(
                NOT_ENTERED, field="adjustments", params={"entry": adjustment.entry}
            )
        records[adjustment.entry].vp += adjustment.vp
        records[adjustment.entry].mp += adjustment.mp
    return records


class _Keys:
    """Each key's value of an entry within a group still tied: lower comes first."""

    def __init__(
        self,
        records: dict[PlayerId, _Record],
        lots: Mapping[PlayerId, int],
        attendance: Mapping[PlayerId, int],
        draws: Mapping[PlayerId, int],
    ) -> None:
        self.records = records
        self.lots = lots
        self.attendance = attendance
        self.draws = draws

    def values(self, key: TieBreak, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
        records = self.records
        if key == TieBreak.VP:
            return {entry: -records[entry].vp for entry in group}
        if key == TieBreak.MP:
            return {entry: -records[entry].mp for entry in group}
        if key == TieBreak.POINTS:
            return {entry: -records[entry].points for entry in group}
        if key == TieBreak.ATTENDANCE:
            return {entry: -self.attendance.get(entry, 0) for entry in group}
        if key in (TieBreak.LOT, TieBreak.DRAW):
            numbers = self.lots if key == TieBreak.LOT else self.draws
            return {entry: numbers[entry] for entry in group}
        return self.head_to_head(group)

    def head_to_head(self, group: Sequence[PlayerId]) -> dict[PlayerId, int]:
        against = {entry: self.records[entry].against for entry in group}
        if not all(b in against[a] for a, b in combinations(group, 2)):
            return dict.fromkeys(group, 0)
        return {a: -sum(against[a][b] for b in group if b != a) for a in group}


def burraco_standings(
    entries: Sequence[PlayerId],
    turni: Sequence[TurnoScore],
    tie_breaks: Iterable[TieBreak | str] = DEFAULT_TIE_BREAKS,
    *,
    adjustments: Sequence[Adjustment] = (),
    lots: Mapping[PlayerId, int] | None = None,
    attendance: Mapping[PlayerId, int] | None = None,
    draws: Mapping[PlayerId, int] | None = None,
) -> Standings:
    """The standings of `entries` (pairs, or players in an individual event): module docstring."""
    entries = check_players(entries, minimum=1)
    chain = check_tie_breaks(tie_breaks)
    for key, numbers in ((TieBreak.LOT, lots), (TieBreak.DRAW, draws)):
        missing = [entry for entry in entries if entry not in (numbers or {})]
        if key in chain and missing:
            raise TournamentError(
                NEEDS_NUMBER, field=str(key), params={"key": key, "entry": missing[0]}
            )
    records = _tally(entries, turni, adjustments)
    keys = _Keys(records, lots or {}, attendance or {}, draws or {})
    # each group still tied, with the level of the key that set it below the group above
    groups: list[tuple[int, list[PlayerId]]] = [(0, sorted(entries, key=display_key))]
    for level, key in enumerate(chain):
        refined: list[tuple[int, list[PlayerId]]] = []
        for above, group in groups:
            values = keys.values(key, group)
            ordered = sorted(group, key=values.__getitem__)
            parts = [list(part) for _value, part in groupby(ordered, key=values.__getitem__)]
            refined.append((above, parts[0]))
            refined.extend((level, part) for part in parts[1:])
        groups = refined
    return Standings(chain, tuple(_rows(groups, records, chain)))


def _rows(
    groups: list[tuple[int, list[PlayerId]]],
    records: dict[PlayerId, _Record],
    chain: tuple[TieBreak, ...],
) -> Iterable[StandingRow]:
    place = 1
    for level, group in groups:
        for index, entry in enumerate(group):
            record = records[entry]
            yield StandingRow(
                place=place,
                entry=entry,
                vp=record.vp,
                mp=record.mp,
                points=record.points,
                played=record.played,
                byes=record.byes,
                abandoned=record.abandoned,
                gained_by_abandoning=record.gained,
                settled_by=chain[level] if level and index == 0 else None,
                shared=index > 0,
            )
        place += len(group)
