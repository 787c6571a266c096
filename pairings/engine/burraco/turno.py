"""A turno's scores (BURRACO.md §2): per table the lines' totals become MP and VP.

A line's turno total is the sum of its hands (the scoring engine's totals); D = |NS - EO|; the
line with the higher total gets the winner's VP of the turno's VP table for D, the other the
loser's; MP (*scarto*) are +D and -D, so a turno's tables' MP sum to 0. Besides a table played to
its end (`Outcome.PLAYED`):

- **bye** (*tavolo zoppo*): `bye_vp` (14) and `bye_mp` (by default the lowest difference worth
  `bye_vp` on the turno's table: 355 on 3 hands, 705 on 4);
- **abandonment** (`abandoned`: the side(s) that withdrew during the turno): the leaving line gets 6
  VP (2- or 3-hand turni) or 8 (4-hand) and the MP the director sets (`abandoned_mp`, no source
  does); the line left gets `rest_vp`/`rest_mp` (the bye's by default) unless the hands played give
  it more VP, then those hands' VP and MP. Both lines leave: 0 VP and 0 MP each;
- **lateness** (`late`, `late_minutes`): up to 5 minutes a warning only; over 5 the late line's
  turno total loses 100 (`LATE_PENALTY`); over 10 a forfeit: the present line gets 14 VP (12 on 4
  hands) and +E MP, the late line 6 (8) and -E, E the lowest difference worth the present line's
  VP (355 on 3 hands, 305 on 4).

MP are head to head at every table played, late or forfeit: they sum to 0 over those tables; a
bye's and an abandonment's MP are given, not won from an opponent, and say so (`LineScore.how`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..brackets import PlayerId
from ..errors import InternalError, TournamentError
from ..errors import gettext_noop as _
from .movements import Line
from .vp_tables import DEFAULT_VP_TABLES, STEP, TOTAL_VP, VpTable, lookup, table_for

LATE_WARNING_MINUTES = 5
LATE_FORFEIT_MINUTES = 10
LATE_PENALTY = 100

BAD_TOTAL = _(
    "The turno total of %(line)s must be a whole number in steps of 5 (given: %(total)s)."
)
BAD_VP = _("Victory points must be a whole number from 0 to 20 (given: %(value)s).")
BAD_MP = _("Match points must be a whole number in steps of 5 (given: %(value)s).")
NO_MP_FOR_BYE = _("No band of the %(hands)s-hand table gives %(vp)s VP: set the bye's MP.")
NEEDS_ABANDONED_MP = _("Set the MP of %(line)s, which abandoned the turno.")
BAD_MINUTES = _("Minutes late must be a whole number of at least 0 (given: %(value)s).")


class Side(StrEnum):
    NS = "NS"
    EO = "EO"


class How(StrEnum):
    """How a line's turno scores came about."""

    PLAYED = "played"
    LATE = "late"  # played, the late line's total cut by 100
    FORFEIT_WON = "forfeit_won"  # the present line of a forfeit (over 10 minutes late)
    FORFEIT_LOST = "forfeit_lost"
    BYE = "bye"
    ABANDONED = "abandoned"  # the line that withdrew
    REST = "rest"  # the line left by it (rest VP, or the hands' if more)


@dataclass(frozen=True)
class TurnoRules:
    """What a turno's scores need: its hand count, VP table, and the bye's and rest's scores."""

    hands: int
    table: VpTable
    bye_vp: int
    bye_mp: int
    rest_vp: int
    rest_mp: int

    @property
    def abandon_vp(self) -> int:
        return 8 if self.hands >= 4 else 6

    @property
    def forfeit_vp(self) -> int:
        """The present line's VP in a forfeit: 70 % of 20 (60 % in 4-hand turni)."""
        return 12 if self.hands >= 4 else 14


def _check_vp(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= TOTAL_VP:
        raise TournamentError(BAD_VP, field=name, params={"value": value})
    return value


def _check_mp(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value % STEP:
        raise TournamentError(BAD_MP, field=name, params={"value": value})
    return value


def turno_rules(
    hands: int,
    tables: Mapping[int, VpTable] = DEFAULT_VP_TABLES,
    *,
    bye_vp: int = 14,
    bye_mp: int | None = None,
    rest_vp: int | None = None,
    rest_mp: int | None = None,
) -> TurnoRules:
    """The rules of a turno of `hands` hands (refused without a VP table for that count)."""
    table = table_for(tables, hands)
    bye_vp = _check_vp("bye_vp", bye_vp)
    if bye_mp is None:
        bye_mp = table.lowest_difference(bye_vp)
        if bye_mp is None:
            raise TournamentError(
                NO_MP_FOR_BYE, field="bye_mp", params={"hands": hands, "vp": bye_vp}
            )
    bye_mp = _check_mp("bye_mp", bye_mp)
    rest_vp = bye_vp if rest_vp is None else _check_vp("rest_vp", rest_vp)
    rest_mp = bye_mp if rest_mp is None else _check_mp("rest_mp", rest_mp)
    return TurnoRules(hands, table, bye_vp, bye_mp, rest_vp, rest_mp)


@dataclass(frozen=True)
class TableResult:
    """A table's turno: the lines, their totals (the sum of the hands played), and what else
    happened: a late line and by how many minutes, the side(s) that abandoned and the MP the
    director gives the line that left."""

    table: int
    ns: Line
    eo: Line
    ns_total: int = 0
    eo_total: int = 0
    late: Side | None = None
    late_minutes: int = 0
    abandoned: tuple[Side, ...] = ()
    abandoned_mp: int | None = None


@dataclass(frozen=True)
class LineScore:
    """What a line earned in the turno: VP, MP (signed), its own turno total (`points`: 0 for a
    bye and a forfeit), its opponent (None for a bye) and how. `gained` marks a line that
    abandoned with more VP than the hands it played gave it: the director must see that it
    gains no place or prize by leaving."""

    line: Line
    vp: int
    mp: int
    points: int
    how: How
    opponent: Line | None = None
    table: int | None = None
    gained: bool = False


@dataclass(frozen=True)
class TurnoScore:
    turno: int
    lines: tuple[LineScore, ...]


def score_turno(
    rules: TurnoRules, turno: int, tables: Sequence[TableResult], byes: Sequence[PlayerId] = ()
) -> TurnoScore:
    """Every line's scores in turno `turno`: the tables' and the byes' (module docstring)."""
    lines: list[LineScore] = []
    for result in tables:
        lines.extend(score_table(rules, result))
    lines.extend(LineScore((bye,), rules.bye_vp, rules.bye_mp, 0, How.BYE) for bye in byes)
    return TurnoScore(turno, tuple(lines))


def score_table(rules: TurnoRules, result: TableResult) -> tuple[LineScore, LineScore]:
    """The NS line's scores and the EO line's, in that order."""
    for line, total in ((result.ns, result.ns_total), (result.eo, result.eo_total)):
        if isinstance(total, bool) or not isinstance(total, int) or total % STEP:
            raise TournamentError(
                BAD_TOTAL,
                field="total",
                params={"line": " / ".join(map(str, line)), "total": total},
            )
    minutes = result.late_minutes
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0:
        raise TournamentError(BAD_MINUTES, field="late_minutes", params={"value": minutes})
    if result.abandoned:
        return _abandoned(rules, result)
    if result.late is not None and minutes > LATE_FORFEIT_MINUTES:
        return _forfeit(rules, result, result.late)
    ns_total, eo_total = result.ns_total, result.eo_total
    how = How.PLAYED
    if result.late is not None and minutes > LATE_WARNING_MINUTES:
        how = How.LATE
        if result.late == Side.NS:
            ns_total -= LATE_PENALTY
        else:
            eo_total -= LATE_PENALTY
    return _played(rules, result, ns_total, eo_total, how)


def _played(
    rules: TurnoRules, result: TableResult, ns_total: int, eo_total: int, how: How
) -> tuple[LineScore, LineScore]:
    difference = ns_total - eo_total
    winner, loser = lookup(rules.table, abs(difference))
    ns_vp, eo_vp = (winner, loser) if difference >= 0 else (loser, winner)
    return (
        LineScore(result.ns, ns_vp, difference, ns_total, how, result.eo, result.table),
        LineScore(result.eo, eo_vp, -difference, eo_total, how, result.ns, result.table),
    )


def _forfeit(rules: TurnoRules, result: TableResult, late: Side) -> tuple[LineScore, LineScore]:
    present_vp = rules.forfeit_vp
    mp = rules.table.lowest_difference(present_vp)
    if mp is None:
        raise InternalError("a checked table gives every VP from 10 up to its last band's")
    present, absent = (result.eo, result.ns) if late == Side.NS else (result.ns, result.eo)
    won = LineScore(present, present_vp, mp, 0, How.FORFEIT_WON, absent, result.table)
    lost = LineScore(absent, TOTAL_VP - present_vp, -mp, 0, How.FORFEIT_LOST, present, result.table)
    return (lost, won) if late == Side.NS else (won, lost)


def _abandoned(rules: TurnoRules, result: TableResult) -> tuple[LineScore, LineScore]:
    ns, eo = result.ns, result.eo
    totals = {Side.NS: result.ns_total, Side.EO: result.eo_total}
    if set(result.abandoned) == {Side.NS, Side.EO}:
        return (
            LineScore(ns, 0, 0, totals[Side.NS], How.ABANDONED, eo, result.table),
            LineScore(eo, 0, 0, totals[Side.EO], How.ABANDONED, ns, result.table),
        )
    leaving = Side(result.abandoned[0])
    left_line, leaving_line = (eo, ns) if leaving == Side.NS else (ns, eo)
    if result.abandoned_mp is None:
        raise TournamentError(
            NEEDS_ABANDONED_MP,
            field="abandoned_mp",
            params={"line": " / ".join(map(str, leaving_line))},
        )
    leaving_mp = _check_mp("abandoned_mp", result.abandoned_mp)
    staying = Side.EO if leaving == Side.NS else Side.NS
    played = totals[staying] - totals[leaving]
    ahead, behind = lookup(rules.table, abs(played))
    hands_vp, leaving_hands_vp = (ahead, behind) if played >= 0 else (behind, ahead)
    vp, mp = (hands_vp, played) if hands_vp > rules.rest_vp else (rules.rest_vp, rules.rest_mp)
    left = LineScore(left_line, vp, mp, totals[staying], How.REST, leaving_line, result.table)
    gone = LineScore(
        leaving_line,
        rules.abandon_vp,
        leaving_mp,
        totals[leaving],
        How.ABANDONED,
        left_line,
        result.table,
        gained=leaving_hands_vp < rules.abandon_vp,
    )
    return (gone, left) if leaving == Side.NS else (left, gone)
