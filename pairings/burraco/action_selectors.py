"""The director's actions on a Burraco turno as the pages and the API read them (BURRACO.md
section 2): the turno's tables with their running totals, the history of the actions (in force
or undone), each action checked before it is recorded (`checked_action`, which the service
uses too) and what it will do, in words, for the question asked before recording it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pairings.burraco.selectors import (
    BurracoFacts,
    PhysicalTable,
    TurnoFacts,
    burraco_facts,
    refuse_unknown_line,
    turno_rules_of,
    turno_score,
)
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import turno as engine_turno
from pairings.engine.burraco.movements import Line
from pairings.engine.burraco.vp_tables import STEP
from pairings.models import ActionKind, TurnoAction
from scoring.presenters import signed
from tournaments.errors import TournamentActionError
from tournaments.models import Table as TableRow
from tournaments.models import Tournament, TournamentStatus

SIDES = ("NS", "EO")
MAX_VP = 100  # an adjustment's VP, either way
MAX_MP = 100_000  # an abandonment's or an adjustment's MP, either way


# The turno's page ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SideView:
    side: str  # "NS" or "EO"
    name: str  # "Pair 3: Anna Rossi / Bruno Bianchi"
    total: int | None  # the running total of its hands (None: no match yet)
    vp: int | None  # once the table is decided
    mp: int | None


@dataclass(frozen=True)
class TableView:
    number: int
    table: TableRow
    ns: SideView
    eo: SideView
    confirmed: bool  # the table's result counts (finished and, when asked, confirmed)
    decided: bool  # counted, or decided by the director (an abandonment, a forfeit)


@dataclass(frozen=True)
class ActionRow:
    action: TurnoAction
    text: str
    in_force: bool
    table: int | None  # the table's number (an abandonment, a lateness)


@dataclass(frozen=True)
class TurnoPage:
    """A turno on its director's page (`burraco-turno`): its tables with their sides' totals, VP
    and MP, the history of the actions, and what an action may name."""

    facts: BurracoFacts
    turno: TurnoFacts
    tables: list[TableView]
    byes: list[str]
    history: list[ActionRow]  # oldest first, undone ones too
    open: bool  # actions can be recorded and undone: the next turno is not seated
    lines: list[tuple[PlayerId, str]]  # what an adjustment may name: (line id, label)
    rules: engine_turno.TurnoRules

    @property
    def number(self) -> int:
        return self.turno.number

    def table(self, number: int | None) -> TableRow | None:
        return self.turno.tables.get(number) if number is not None else None

    @property
    def forfeit_mp(self) -> int:
        return self.rules.table.lowest_difference(self.rules.forfeit_vp) or 0

    def late_rule(self) -> str:
        """The lateness rule in words, with this turno's numbers (in a team tournament the
        pair's lateness counts for its team's match)."""
        rule = (
            gettext(
                "Up to %(warning)s minutes late: a warning, the scores do not change. Over "
                "%(warning)s: the late pair's team loses %(penalty)s from its turno total. Over "
                "%(forfeit)s: a forfeit: the present pair's team gets %(vp)s VP and %(plus)s MP, "
                "the late pair's team %(late_vp)s VP and %(minus)s MP."
            )
            if self.facts.by_team
            else gettext(
                "Up to %(warning)s minutes late: a warning, the scores do not change. Over "
                "%(warning)s: the late line's turno total loses %(penalty)s. Over %(forfeit)s: a "
                "forfeit: the present pair gets %(vp)s VP and %(plus)s MP, the late pair "
                "%(late_vp)s VP and %(minus)s MP."
            )
        )
        return rule % {
            "warning": engine_turno.LATE_WARNING_MINUTES,
            "penalty": engine_turno.LATE_PENALTY,
            "forfeit": engine_turno.LATE_FORFEIT_MINUTES,
            "vp": self.rules.forfeit_vp,
            "plus": signed(self.forfeit_mp),
            "late_vp": 20 - self.rules.forfeit_vp,
            "minus": signed(-self.forfeit_mp),
        }


def pair_line_label(facts: BurracoFacts, line: Line) -> str:
    """A pair as "Pair 3: Anna Rossi / Bruno Bianchi"; a team as "Team 2: I Fiori"; the two
    players of an individual event's line by their names."""
    if facts.individual:
        return facts.line_name(line)
    if facts.by_team:  # a team's own line: the standings', a bye's, an adjustment's
        return gettext("Team %(number)s: %(names)s") % {
            "number": facts.number(int(line[0])),
            "names": facts.line_name(line),
        }
    return gettext("Pair %(number)s: %(names)s") % {
        "number": facts.number(int(line[0])),
        "names": facts.line_name(line),
    }


def side_labels(facts: BurracoFacts, turno: TurnoFacts, seated: PhysicalTable) -> tuple[str, str]:
    """NS and EO at a table: its lines ("Pair 3: ..."), or at a team match each team's pair
    ("I Fiori: Anna Rossi / Bruno Bianchi")."""
    if not turno.team_match:
        return pair_line_label(facts, seated.ns), pair_line_label(facts, seated.eo)
    return (
        f"{facts.name(seated.ns_team)}: {facts.players_name(seated.ns)}",
        f"{facts.name(seated.eo_team)}: {facts.players_name(seated.eo)}",
    )


def _entry_label(facts: BurracoFacts, line: PlayerId) -> str:
    return pair_line_label(facts, (line,))


def turno_page(tournament: Tournament, number: int) -> TurnoPage | None:
    """Turno `number` of the tournament for its director; None when it is not seated."""
    facts = burraco_facts(tournament)
    if not 1 <= number <= len(facts.turni):
        return None
    turno = facts.turni[number - 1]
    scores = {
        (score.table, score.line): score
        for score in turno_score(facts, turno).lines
        if score.table is not None
    }
    tables = []
    for seated in turno.physical_tables():  # a team match: its two tables
        totals = turno.running_totals.get(seated.number)
        labels = side_labels(facts, turno, seated)
        lines = (
            ((seated.ns_team,), (seated.eo_team,))
            if turno.team_match
            else (seated.match.ns, seated.match.eo)
        )
        sides = []
        for index, side in enumerate(("NS", "EO")):
            score = scores.get((seated.match.table, lines[index]))
            sides.append(
                SideView(
                    side,
                    labels[index],
                    totals[index] if totals is not None else None,
                    score.vp if score else None,
                    score.mp if score else None,
                )
            )
        tables.append(
            TableView(
                seated.number,
                turno.tables[seated.number],
                sides[0],
                sides[1],
                confirmed=seated.number in turno.totals,
                decided=turno.decided_at(seated.number),
            )
        )
    actions = sorted(turno.actions + turno.undone, key=lambda a: (a.created_at, a.pk))
    return TurnoPage(
        facts=facts,
        turno=turno,
        tables=tables,
        byes=[_entry_label(facts, bye) for bye in turno.seating.byes],
        history=[action_row(facts, turno, action) for action in actions],
        open=_refusal_to_change(facts, turno) is None,
        lines=[(line, _entry_label(facts, line)) for line in facts.lines()],
        rules=turno_rules_of(facts, turno),
    )


def action_row(facts: BurracoFacts, turno: TurnoFacts, action: TurnoAction) -> ActionRow:
    numbers = {row.pk: number for number, row in turno.tables.items()}
    return ActionRow(
        action,
        action_text(facts, turno, action),
        action.undone_at is None,
        numbers.get(action.table_id) if action.table_id else None,
    )


# Checking an action --------------------------------------------------------------------------


def _refusal_to_change(facts: BurracoFacts, turno: TurnoFacts) -> TournamentActionError | None:
    if facts.tournament.status == TournamentStatus.FINISHED:
        return TournamentActionError(
            _("The tournament is over; nothing can change now."), field="round"
        )
    if turno.number < len(facts.turni):
        return TournamentActionError(
            _("The next turno is seated: turno %(number)s can no longer change.")
            % {"number": turno.number},
            field="round",
        )
    return None


def refuse_change(facts: BurracoFacts, turno: TurnoFacts) -> None:
    """Refused once the tournament is over or the next turno is seated."""
    refusal = _refusal_to_change(facts, turno)
    if refusal is not None:
        raise refusal


def _check_mp(mp: int | None, *, required: bool) -> None:
    if mp is None:
        if required:
            raise TournamentActionError(
                _("Set the MP the leaving pair keeps (in steps of 5)."), field="mp"
            )
        return
    if mp % STEP or abs(mp) > MAX_MP:
        raise TournamentActionError(
            _("MP are a whole number in steps of 5 (given: %(value)s).") % {"value": mp},
            field="mp",
        )


def _check_at_table(
    turno: TurnoFacts, kind: str, table: TableRow | None, side: str, minutes: int, mp: int | None
) -> TableRow:
    if table is None or table.round_id != turno.round.pk:
        raise TournamentActionError(_("Choose a table of this turno."), field="table")
    if side not in SIDES:
        raise TournamentActionError(_("Choose the line: NS or EO."), field="side")
    here = [action for action in turno.actions if action.table_id == table.pk]
    if kind == ActionKind.ABANDON:
        _check_mp(mp, required=True)
        if any(a.kind == ActionKind.ABANDON and a.side == side for a in here):
            raise TournamentActionError(
                _("This line's abandonment is already recorded."), field="side"
            )
    else:
        if minutes < 0:
            raise TournamentActionError(_("Minutes late cannot be negative."), field="minutes")
        if any(a.kind == ActionKind.LATE for a in here):
            raise TournamentActionError(
                _("A lateness is already recorded at table %(number)s: undo it to change it.")
                % {"number": table.number},
                field="table",
            )
    return table


def checked_action(
    facts: BurracoFacts,
    turno: TurnoFacts,
    *,
    kind: str,
    reason: str,
    table: TableRow | None = None,
    side: str = "",
    line: int | None = None,
    minutes: int = 0,
    vp: int = 0,
    mp: int | None = None,
) -> TurnoAction:
    """The action as it would be recorded (not saved), or the refusal, on its field: a turno
    that can no longer change, no reason, a table or line not of the turno, an abandonment
    without the MP its pair keeps, a second lateness at a table, an adjustment of nothing."""
    refuse_change(facts, turno)
    reason = (reason or "").strip()
    if not reason:
        raise TournamentActionError(
            _("Say why: the reason is shown on the standings."), field="reason"
        )
    if kind not in ActionKind.values:
        raise TournamentActionError(
            _("Choose abandonment, lateness or an adjustment."), field="kind"
        )
    if kind in (ActionKind.ABANDON, ActionKind.LATE):
        table = _check_at_table(turno, kind, table, side, minutes, mp)
        return TurnoAction(
            round=turno.round,
            table=table,
            kind=kind,
            side=side,
            minutes=minutes if kind == ActionKind.LATE else 0,
            mp=mp if kind == ActionKind.ABANDON else None,
            reason=reason,
        )
    refuse_unknown_line(facts, line)
    if abs(vp) > MAX_VP:
        raise TournamentActionError(
            _("An adjustment's VP are between -%(max)s and %(max)s.") % {"max": MAX_VP},
            field="vp",
        )
    _check_mp(mp, required=False)
    if not vp and not mp:
        raise TournamentActionError(_("An adjustment changes the VP or the MP."), field="vp")
    return TurnoAction(round=turno.round, kind=kind, line=line, vp=vp, mp=mp or 0, reason=reason)


# In words ------------------------------------------------------------------------------------


def _seat_of(turno: TurnoFacts, action: TurnoAction) -> PhysicalTable:
    """The (physical) table of an action at a table."""
    number = next(n for n, row in turno.tables.items() if row.pk == action.table_id)
    return next(t for t in turno.physical_tables() if t.number == number)


def _seated(facts: BurracoFacts, turno: TurnoFacts, action: TurnoAction) -> tuple[int, str, str]:
    """The (physical) table's number, the action's line and the other line, by their labels."""
    seated = _seat_of(turno, action)
    ns, eo = side_labels(facts, turno, seated)
    return (seated.number, ns, eo) if action.side == "NS" else (seated.number, eo, ns)


def _line_of(seated: PhysicalTable, side: str) -> Line:
    """The engine's line of a side at a table: its pair, or at a team match its team."""
    return seated.ns_line if side == "NS" else seated.eo_line


def _teams(facts: BurracoFacts, turno: TurnoFacts, action: TurnoAction) -> tuple[str, str]:
    """At a team match: the names of the team of the action's pair and of the other team."""
    seated = _seat_of(turno, action)
    ours = _line_of(seated, action.side)
    theirs = seated.eo_line if ours == seated.ns_line else seated.ns_line
    return facts.line_name(ours), facts.line_name(theirs)


def _both_left(turno: TurnoFacts, action: TurnoAction) -> bool:
    """Whether the other line of the action's match has abandoned already: the other pair at
    its table, or at a team match the other team at either of the match's tables."""
    seated = _seat_of(turno, action)
    line = _line_of(seated, action.side)
    tables = {turno.tables[number].pk for number in turno.physical(seated.match.table)}
    return any(
        other.kind == ActionKind.ABANDON
        and other.table_id in tables
        and _line_of(_seat_of(turno, other), other.side) != line
        for other in turno.actions
    )


def action_text(facts: BurracoFacts, turno: TurnoFacts, action: TurnoAction) -> str:
    """One line of the history: "Table 1, EO (Pair 7: ...): abandoned, keeps -100 MP"."""
    if action.kind == ActionKind.ADJUST:
        return gettext("%(line)s: %(vp)s VP, %(mp)s MP") % {
            "line": _entry_label(facts, action.line or 0),
            "vp": signed(action.vp),
            "mp": signed(action.mp or 0),
        }
    number, line, _other = _seated(facts, turno, action)
    where = {"table": number, "side": action.side, "line": line}
    if action.kind == ActionKind.ABANDON:
        return gettext("Table %(table)s, %(side)s (%(line)s): abandoned, keeps %(mp)s MP") % {
            **where,
            "mp": signed(action.mp or 0),
        }
    return gettext("Table %(table)s, %(side)s (%(line)s): %(minutes)s minutes late") % {
        **where,
        "minutes": action.minutes,
    }


def action_consequences(view: TurnoPage, action: TurnoAction) -> list[str]:
    """What recording `action` will do, in sentences, for the question asked first."""
    facts, turno = view.facts, view.turno
    if action.kind == ActionKind.ADJUST:
        lines = [
            gettext("%(line)s gets %(vp)s VP and %(mp)s MP in the standings.")
            % {
                "line": _entry_label(facts, action.line or 0),
                "vp": signed(action.vp),
                "mp": signed(action.mp or 0),
            }
        ]
    elif action.kind == ActionKind.ABANDON:
        lines = _abandon_words(view, action)
    else:
        lines = _late_words(view, action)
    return [
        *lines,
        gettext("Reason: %(reason)s") % {"reason": action.reason},
        gettext(
            "The reason is kept in the history and shown on the standings. You can undo it "
            "until turno %(next)s is seated."
        )
        % {"next": turno.number + 1},
    ]


def _abandon_words(view: TurnoPage, action: TurnoAction) -> list[str]:
    """An abandonment's VP and MP: the leaving pair's and the pair left's, or at a team match
    their teams' (the match is the teams')."""
    facts, rules, turno = view.facts, view.rules, view.turno
    number, leaving, staying = _seated(facts, turno, action)
    if _both_left(turno, action):
        if turno.team_match:
            first, second = turno.physical(_seat_of(turno, action).match.table)
            return [
                gettext(
                    "Both teams of the match at tables %(first)s and %(second)s have left turno "
                    "%(number)s: 0 VP and 0 MP each."
                )
                % {"first": first, "second": second, "number": view.number}
            ]
        return [
            gettext("Both lines of table %(table)s have left turno %(number)s: 0 VP and 0 MP each.")
            % {"table": number, "number": view.number}
        ]
    where = {"line": leaving, "number": view.number, "table": number}
    leaving_vp = {"vp": rules.abandon_vp, "mp": signed(action.mp or 0)}
    rest = {"vp": rules.rest_vp, "mp": signed(rules.rest_mp)}
    if turno.team_match:
        team, other = _teams(facts, turno, action)
        return [
            gettext(
                "%(line)s leaves turno %(number)s at table %(table)s: its team, %(team)s, gets "
                "%(vp)s VP and %(mp)s MP."
            )
            % {**where, **leaving_vp, "team": team},
            gettext(
                "%(team)s gets %(vp)s VP and %(mp)s MP, or the VP and MP of the hands played at "
                "the match's two tables if they give it more."
            )
            % {**rest, "team": other},
        ]
    return [
        gettext(
            "%(line)s leaves turno %(number)s at table %(table)s: it gets %(vp)s VP and %(mp)s MP."
        )
        % {**where, **leaving_vp},
        gettext(
            "%(line)s gets %(vp)s VP and %(mp)s MP, or the VP and MP of the hands played if "
            "they give it more."
        )
        % {**rest, "line": staying},
    ]


def _late_words(view: TurnoPage, action: TurnoAction) -> list[str]:
    """A lateness: a warning, the late line's total less 100, or a forfeit; at a team match
    the late pair's team loses the 100, and a forfeit is the match's, its VP and MP the
    teams'."""
    facts, rules, turno = view.facts, view.rules, view.turno
    number, late_name, present = _seated(facts, turno, action)
    head = gettext("%(line)s was %(minutes)s minutes late at table %(table)s.") % {
        "line": late_name,
        "minutes": action.minutes,
        "table": number,
    }
    if turno.team_match:
        late_name, present = _teams(facts, turno, action)
    if action.minutes > engine_turno.LATE_FORFEIT_MINUTES:
        forfeit = {
            "present": present,
            "vp": rules.forfeit_vp,
            "plus": signed(view.forfeit_mp),
            "late": late_name,
            "late_vp": 20 - rules.forfeit_vp,
            "minus": signed(-view.forfeit_mp),
        }
        what = (
            gettext(
                "A forfeit of the team match: %(present)s gets %(vp)s VP and %(plus)s MP, "
                "%(late)s %(late_vp)s VP and %(minus)s MP; the hands of its two tables do not "
                "count."
            )
            if turno.team_match
            else gettext(
                "A forfeit: %(present)s gets %(vp)s VP and %(plus)s MP, %(late)s %(late_vp)s VP "
                "and %(minus)s MP; the table's hands do not count."
            )
        ) % forfeit
    elif action.minutes > engine_turno.LATE_WARNING_MINUTES:
        what = (
            gettext(
                "Its team, %(team)s, loses %(penalty)s from its turno total; the VP follow "
                "from the difference on the turno's VP table."
            )
            % {"team": late_name, "penalty": engine_turno.LATE_PENALTY}
            if turno.team_match
            else gettext(
                "Its turno total loses %(penalty)s; the VP follow from the difference on the "
                "turno's VP table."
            )
            % {"penalty": engine_turno.LATE_PENALTY}
        )
    else:
        what = gettext("A warning only: the scores do not change.")
    return [head, what]
