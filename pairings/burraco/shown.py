"""The standings of a Burraco tournament as every place shows them (BURRACO.md section 4): the
page, the API, the CSV, the PDF and the projector read `standings_shown(standings)`, built from
`pairings.burraco.selectors.BurracoStandings` (no query of its own).

- `rows`: a row a pair (a player in an individual event) by place: number, name, players, VP, MP
  (signed), points, turni played and byes, and the key of the chain that set it below the row
  above (`settled_by`, with the line it was tied with);
- `turni`: each turno's tables (NS and EO lines, their turno totals, D, VP) and its byes;
- the notes every standings prints: the chain (`order`), each adjustment in force with its
  reason, each abandonment, and the warning for the director when a line gained VP by leaving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext

from pairings import presenters as words
from pairings.burraco.selectors import BurracoFacts, BurracoStandings, TurnoFacts
from pairings.engine.burraco.movements import Line, Table
from pairings.engine.burraco.turno import LATE_WARNING_MINUTES, How, LineScore, TurnoScore
from pairings.models import ActionKind
from scoring.presenters import signed


@dataclass(frozen=True)
class ShownRow:
    place: int
    shared: bool
    line: int  # the pair's id (the entry's in an individual event)
    number: int  # the pair's number (the player's seed)
    name: str
    players: tuple[str, ...]
    vp: int
    mp: int
    points: int
    played: int
    byes: int
    abandoned: int
    gained_by_abandoning: int
    settled_by: str | None
    settled_mark: str  # "Tied with 1 Anna Rossi / Bruno Bianchi on victory points: ..."
    dropped: bool
    group: str = ""  # the all'italiana's group (girone) "A", "B"...; "" without groups

    @property
    def position(self) -> str:
        """The place in its group: "3", or "B3" (third of group B)."""
        return f"{self.group}{self.place}"

    @property
    def place_label(self) -> str:
        return f"{self.position}=" if self.shared else self.position

    @property
    def mp_text(self) -> str:
        return signed(self.mp)

    @property
    def settled_label(self) -> str:
        return words.burraco_tie_break_label(self.settled_by) if self.settled_by else ""


@dataclass(frozen=True)
class TableShown:
    """A table of a turno: its lines, and once decided their totals, D and VP."""

    table: int
    ns_number: int | None
    ns: str
    eo_number: int | None
    eo: str
    decided: bool
    ns_total: int | None = None
    eo_total: int | None = None
    difference: int | None = None
    ns_vp: int | None = None
    eo_vp: int | None = None
    ns_mp: int | None = None
    note: str = ""
    where: str = ""  # the tables where it is played: "3", a team match's "5-6"

    @property
    def vp_text(self) -> str:
        return "" if self.ns_vp is None else f"{self.ns_vp}-{self.eo_vp}"


@dataclass(frozen=True)
class TurnoShown:
    number: int
    movement: str
    complete: bool
    tables: tuple[TableShown, ...]
    byes: tuple[str, ...]  # "7 Anna Rossi / Bruno Bianchi: bye, 14 VP, +355 MP"


@dataclass(frozen=True)
class StandingsShown:
    individual: bool
    by_team: bool  # a team tournament: its teams are ranked, its turni are team matches
    tie_breaks: tuple[str, ...]
    order: str
    turni_counted: int
    rows: tuple[ShownRow, ...]
    turni: tuple[TurnoShown, ...]
    adjustments: tuple[str, ...]
    abandonments: tuple[str, ...]
    latenesses: tuple[str, ...]
    warnings: tuple[str, ...]

    @property
    def any_settled(self) -> bool:
        return any(row.settled_by for row in self.rows)

    @property
    def any_byes(self) -> bool:
        return any(row.byes for row in self.rows)

    @property
    def after(self) -> str:
        """ "After 2 turni"; "No results yet" before the first turno is complete."""
        if not self.turni_counted:
            return gettext("No results yet")
        return ngettext("After %(count)s turno", "After %(count)s turni", self.turni_counted) % {
            "count": self.turni_counted
        }

    @property
    def notes(self) -> list[str]:
        """The notes every printed standings carries: the chain, then the director's actions
        (adjustments, abandonments, latenesses) with their reasons."""
        return [self.order, *self.groups_note, *self.actions]

    @property
    def groups_note(self) -> list[str]:
        if not any(row.group for row in self.rows):
            return []
        return [
            gettext("Groups (gironi): each group is ranked on its own; B3 is the third of group B.")
        ]

    @property
    def actions(self) -> list[str]:
        return [*self.adjustments, *self.abandonments, *self.latenesses]


def standings_shown(standings: BurracoStandings) -> StandingsShown:
    facts = standings.facts
    tie_breaks = tuple(str(key) for key in standings.tie_breaks)
    return StandingsShown(
        individual=facts.individual,
        by_team=facts.by_team,
        tie_breaks=tie_breaks,
        order=words.burraco_order(tie_breaks),
        turni_counted=standings.turni_counted,
        rows=tuple(_rows(standings)),
        turni=tuple(
            _turno(facts, turno, score)
            for turno, score in zip(facts.turni, standings.scores, strict=True)
        ),
        adjustments=tuple(_adjustments(standings)),
        abandonments=tuple(_abandonments(standings)),
        latenesses=tuple(_latenesses(standings)),
        warnings=tuple(_warnings(standings)),
    )


def numbered_line_label(facts: BurracoFacts, line: Line) -> str:
    """A turno's line by number and name: "7 Anna Rossi / Bruno Bianchi" (a pair), "Anna Rossi /
    Bruno Bianchi" (the two players of an individual event)."""
    if facts.individual:
        return facts.line_name(line)
    return " / ".join(f"{facts.number(int(pair))} {facts.name(int(pair))}" for pair in line)


def _rows(standings: BurracoStandings) -> list[ShownRow]:
    facts = standings.facts
    shown: list[ShownRow] = []
    for index, row in enumerate(standings.rows):
        line = int(row.entry)  # a pair's or an entry's id
        above = int(standings.rows[index - 1].entry) if index else None
        mark = ""
        if row.settled_by and above is not None:
            mark = gettext("Tied with %(line)s on %(first)s: %(key)s settled it") % {
                "line": f"{facts.number(above)} {facts.name(above)}",
                "first": words.burraco_tie_break_label(standings.tie_breaks[0]),
                "key": words.burraco_tie_break_label(row.settled_by),
            }
        shown.append(
            ShownRow(
                place=row.place,
                shared=row.shared,
                line=line,
                number=facts.number(line),
                name=facts.name(line),
                players=tuple(entry.player.name for entry in facts.members(line)),
                vp=row.vp,
                mp=row.mp,
                points=row.points,
                played=row.played,
                byes=row.byes,
                abandoned=row.abandoned,
                gained_by_abandoning=row.gained_by_abandoning,
                settled_by=str(row.settled_by) if row.settled_by else None,
                settled_mark=mark,
                dropped=facts.dropped(line),
                group=group_letter(standings.group_of(line)),
            )
        )
    return shown


def group_letter(index: int | None) -> str:
    """A group (girone) as the standings name it: "A" for the first; "" without groups."""
    return "" if index is None else chr(ord("A") + index)


def _how_note(ns: LineScore, eo: LineScore) -> str:
    hows = {ns.how, eo.how}
    if How.ABANDONED in hows:
        if ns.how == eo.how:
            return gettext("both lines abandoned")
        side = "NS" if ns.how == How.ABANDONED else "EO"
        return gettext("%(side)s abandoned") % {"side": side}
    if How.FORFEIT_LOST in hows:
        side = "NS" if ns.how == How.FORFEIT_LOST else "EO"
        return gettext("%(side)s over 10 minutes late: forfeit") % {"side": side}
    if How.LATE in hows:
        return gettext("over 5 minutes late: the late line's total loses 100")
    return ""


def _table(
    facts: BurracoFacts, turno: TurnoFacts, table: Table, scores: dict[Line, LineScore]
) -> TableShown:
    """An engine table: a table, or a team match (its two tables' totals added up)."""
    individual = facts.individual
    base: dict[str, Any] = {
        "table": table.table,
        "where": "-".join(str(number) for number in turno.physical(table.table)),
        "ns_number": None if individual else facts.number(table.ns[0]),
        "ns": facts.line_name(table.ns),
        "eo_number": None if individual else facts.number(table.eo[0]),
        "eo": facts.line_name(table.eo),
    }
    ns, eo = scores.get(table.ns), scores.get(table.eo)
    if ns is None or eo is None:
        return TableShown(decided=False, **base)
    played = ns.how in (How.PLAYED, How.LATE, How.FORFEIT_WON, How.FORFEIT_LOST)
    return TableShown(
        decided=True,
        ns_total=ns.points,
        eo_total=eo.points,
        difference=abs(ns.mp) if played else None,
        ns_vp=ns.vp,
        eo_vp=eo.vp,
        ns_mp=ns.mp,
        note=_how_note(ns, eo),
        **base,
    )


def _turno(facts: BurracoFacts, turno: TurnoFacts, score: TurnoScore) -> TurnoShown:
    by_line = {line_score.line: line_score for line_score in score.lines}
    byes = [
        gettext("%(line)s: bye, %(vp)s VP, %(mp)s MP")
        % {
            "line": numbered_line_label(facts, line_score.line),
            "vp": line_score.vp,
            "mp": signed(line_score.mp),
        }
        for line_score in score.lines
        if line_score.how == How.BYE
    ]
    return TurnoShown(
        number=turno.number,
        movement=turno.movement,
        complete=turno.complete,
        tables=tuple(_table(facts, turno, table, by_line) for table in turno.seating.tables),
        byes=tuple(byes),
    )


def _adjustments(standings: BurracoStandings) -> list[str]:
    facts = standings.facts
    turno_of = {turno.round.pk: turno.number for turno in facts.turni}
    notes = []
    for action in standings.adjustments:
        assert action.line is not None  # the selector keeps the adjustments of a line
        notes.append(
            gettext("Adjustment in turno %(turno)s: %(line)s %(vp)s VP, %(mp)s MP (%(reason)s).")
            % {
                "turno": turno_of.get(action.round_id, "?"),
                "line": numbered_line_label(facts, (action.line,)),
                "vp": signed(action.vp),
                "mp": signed(action.mp or 0),
                "reason": action.reason,
            }
        )
    return notes


def _abandon_reason(turno: TurnoFacts, table: Table | None, line: Line) -> str:
    """The reason of `line`'s abandonment at engine table `table` (a team match: at either of
    its two tables, where the team sits NS at one and EO at the other)."""
    for seated in turno.seats(table) if table is not None else []:
        side = "NS" if seated.ns_line == line else "EO"
        row = turno.tables.get(seated.number)
        for action in turno.actions:
            if (
                row is not None
                and action.kind == ActionKind.ABANDON
                and action.table_id == row.pk
                and action.side == side
            ):
                return action.reason
    return ""


def _abandonments(standings: BurracoStandings) -> list[str]:
    facts = standings.facts
    notes = []
    for turno, score in zip(facts.turni, standings.scores, strict=True):
        seats = {table.table: table for table in turno.seating.tables}
        for line_score in score.lines:
            if line_score.how != How.ABANDONED:
                continue
            table = seats.get(line_score.table or 0)
            reason = _abandon_reason(turno, table, line_score.line)
            values = {"line": numbered_line_label(facts, line_score.line), "turno": turno.number}
            if reason:
                values["reason"] = reason
                notes.append(gettext("%(line)s abandoned turno %(turno)s (%(reason)s).") % values)
            else:
                notes.append(gettext("%(line)s abandoned turno %(turno)s.") % values)
    return notes


def _latenesses(standings: BurracoStandings) -> list[str]:
    """A note for each lateness in force past the warning (over 5 minutes), with its reason."""
    facts = standings.facts
    notes = []
    for turno in facts.turni:
        seats = {turno.tables[seated.number].pk: seated for seated in turno.physical_tables()}
        for action in turno.actions:
            table = seats.get(action.table_id or 0)
            late = action.kind == ActionKind.LATE and action.minutes > LATE_WARNING_MINUTES
            if not late or table is None:
                continue
            line = table.ns_line if action.side == "NS" else table.eo_line
            notes.append(
                gettext("%(line)s %(minutes)s minutes late in turno %(turno)s (%(reason)s).")
                % {
                    "line": numbered_line_label(facts, line),
                    "minutes": action.minutes,
                    "turno": turno.number,
                    "reason": action.reason,
                }
            )
    return notes


def _warnings(standings: BurracoStandings) -> list[str]:
    facts = standings.facts
    return [
        gettext(
            "Director: %(line)s got more VP by abandoning turno %(turno)s (%(vp)s VP) than its "
            "hands gave it. A line must gain no place and no prize by leaving: check the "
            "standings and adjust them if it does."
        )
        % {
            "line": numbered_line_label(facts, line_score.line),
            "turno": score.turno,
            "vp": line_score.vp,
        }
        for score in standings.scores
        for line_score in score.lines
        if line_score.gained
    ]
