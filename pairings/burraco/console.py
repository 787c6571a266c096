"""What the director's console of a Burraco tournament shows, and the turni of its API, read from
`burraco_facts` (seven queries): the lines (pairs, or the players of an individual event) with
whether they are here, and each turno's tables with their lines, running line totals and whether
their result counts yet."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from pairings.burraco.formats import burraco_format_of
from pairings.burraco.selectors import (
    BurracoFacts,
    TurnoFacts,
    burraco_facts,
    still_playing_refusal,
)
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco.movements import Line
from scoring.models import MatchStatus
from tournaments.models import EntryStatus, Round, Tournament, TournamentStatus
from tournaments.settings_table import MOVEMENT_CHOICES

MOVEMENT_LABELS = {**dict(MOVEMENT_CHOICES), "individual": _("Individual")}


@dataclass(frozen=True)
class LineView:
    """A pair (or a player of an individual event): its id (the standings' entry), its number,
    "Anna Rossi / Bruno Bianchi", whether every member is checked in, whether it withdrew."""

    id: PlayerId
    number: int
    name: str
    checked_in: bool
    dropped: bool
    members: tuple[int, ...]  # the entries: a pair's two, a player's own


@dataclass(frozen=True)
class TableLine:
    """A line at a table: its pair (an individual event's two players), its line total."""

    ids: tuple[int, ...]
    numbers: tuple[int, ...]
    names: tuple[str, ...]
    total: int
    team: str = ""  # a team match's table: the team whose pair this is; a team's bye: itself

    @property
    def name(self) -> str:
        return " / ".join(self.names)

    @property
    def members(self) -> list[dict[str, object]]:
        """Each pair (player) of the line: id, number, name, and its team's name ("" outside a
        team tournament)."""
        return [
            {"id": id, "number": number, "name": name, "team": self.team}
            for id, number, name in zip(self.ids, self.numbers, self.names, strict=True)
        ]

    @property
    def number_text(self) -> str:
        if self.team:  # a team's pair: the team's number
            return str(self.numbers[0])
        return " + ".join(str(number) for number in self.numbers)


@dataclass(frozen=True)
class TurnoTable:
    """A table of a turno: its number, its row (`table.pk`, `table.match_id`), NS and EO, and
    where its result is: "playing", "awaiting" (finished, not confirmed), "done" (it counts) or
    "decided" (the director's action decided it: an abandonment, a forfeit by lateness)."""

    number: int
    table_id: int
    match_id: int | None
    ns: TableLine
    eo: TableLine
    state: str

    @property
    def counts(self) -> bool:
        return self.state in ("done", "decided")


@dataclass(frozen=True)
class TurnoPanel:
    """A turno on the console's panel (and in the API's turni): its tables with their running
    line totals, its byes, whether every result counts."""

    number: int
    movement: str
    vp_table: dict
    tables: tuple[TurnoTable, ...]
    byes: tuple[TableLine, ...]
    complete: bool

    @property
    def bye_members(self) -> list[dict[str, object]]:
        return [member for line in self.byes for member in line.members]

    @property
    def movement_label(self) -> str:
        return str(MOVEMENT_LABELS.get(self.movement, self.movement))

    @property
    def decided(self) -> int:
        return sum(1 for table in self.tables if table.counts)


@dataclass(frozen=True)
class BurracoConsole:
    """The console: the lines, the current turno, and what the director may do next."""

    individual: bool
    lines: tuple[LineView, ...]
    turno: TurnoPanel | None
    round: Round | None  # the current turno's round (its clock): a Burraco round is a turno
    planned: int
    next_turno: int | None  # the turno to seat next; None once all are seated or it is over
    # why `next_turno` cannot be seated yet (the last turno is still being played: the
    # service's own refusal, `still_playing_refusal`), said instead of the button; "" once it can
    seat_wait: str
    can_register: bool  # a pairs tournament before its first turno
    can_finish: bool  # every turno seated and decided
    # a pairs tournament's players entered in no pair yet (entry id, name), by seed
    unpaired: tuple[tuple[int, str], ...] = ()
    by_team: bool = False  # a team tournament: its teams are entered in their own section

    @property
    def checked_in(self) -> int:
        return sum(1 for line in self.lines if line.checked_in)


def line_views(facts: BurracoFacts) -> tuple[LineView, ...]:
    return tuple(
        LineView(
            id=line,
            number=facts.number(line),
            name=facts.name(line),
            checked_in=all(e.status == EntryStatus.CHECKED_IN for e in facts.members(line)),
            dropped=facts.dropped(line),
            members=tuple(entry.pk for entry in facts.members(line)),
        )
        for line in facts.lines()
    )


def _table_line(facts: BurracoFacts, line: Line, total: int) -> TableLine:
    """A line of the engine's (a pair, an individual event's two players; a team's bye)."""
    ids = tuple(int(member) for member in line)  # the engine's lines are the pairs' ids
    return TableLine(
        ids=ids,
        numbers=tuple(facts.number(member) for member in ids),
        names=tuple(facts.name(member) for member in ids),
        total=total,
        team=facts.line_name(line) if facts.by_team else "",
    )


def _team_pair(facts: BurracoFacts, team: PlayerId, entries: Line, total: int) -> TableLine:
    """A team's pair at a table of a team match: its players, its team's number and name."""
    ids = tuple(int(entry) for entry in entries)
    return TableLine(
        ids=ids,
        numbers=(facts.number(team),) * len(ids),
        names=tuple(facts.entries[entry].player.name for entry in ids),
        total=total,
        team=facts.name(team),
    )


def _state(turno: TurnoFacts, number: int) -> str:
    """Where physical table `number`'s result is."""
    if number in turno.totals:
        return "done"
    if turno.decided_at(number):
        return "decided"
    table = turno.tables[number]
    if table.match is not None and table.match.status == MatchStatus.FINISHED:
        return "awaiting"
    return "playing"


def turno_panel_of(facts: BurracoFacts, turno: TurnoFacts) -> TurnoPanel:
    """A turno's tables in number order, with their running line totals (NS, EO)."""
    tables = []
    for seated in turno.physical_tables():  # a team match: its two tables
        row = turno.tables[seated.number]
        ns_total, eo_total = turno.running_totals.get(seated.number, (0, 0))
        if turno.team_match:
            ns = _team_pair(facts, seated.ns_team, seated.ns, ns_total)
            eo = _team_pair(facts, seated.eo_team, seated.eo, eo_total)
        else:
            ns = _table_line(facts, seated.ns, ns_total)
            eo = _table_line(facts, seated.eo, eo_total)
        tables.append(
            TurnoTable(
                number=seated.number,
                table_id=row.pk,
                match_id=row.match_id,
                ns=ns,
                eo=eo,
                state=_state(turno, seated.number),
            )
        )
    return TurnoPanel(
        number=turno.number,
        movement=turno.movement,
        vp_table=dict((turno.round.report or {}).get("vp_table", {})),
        tables=tuple(tables),
        byes=tuple(_table_line(facts, (bye,), 0) for bye in turno.seating.byes),
        complete=turno.complete,
    )


def turni_panels(tournament: Tournament) -> list[TurnoPanel]:
    """Every turno seated so far, in order."""
    facts = burraco_facts(tournament)
    return [turno_panel_of(facts, turno) for turno in facts.turni]


def burraco_console(tournament: Tournament) -> BurracoConsole:
    """The console of a Burraco tournament (the facts read once)."""
    kind = burraco_format_of(tournament)
    facts = burraco_facts(tournament)
    planned = kind.planned_turni(tournament)
    seated = len(facts.turni)
    over = tournament.status == TournamentStatus.FINISHED
    last_decided = bool(facts.turni) and facts.turni[-1].complete
    playing = still_playing_refusal(facts)
    return BurracoConsole(
        individual=facts.individual,
        lines=line_views(facts),
        turno=turno_panel_of(facts, facts.turni[-1]) if facts.turni else None,
        round=facts.turni[-1].round if facts.turni else None,
        planned=planned,
        next_turno=None if over or seated >= planned else seated + 1,
        seat_wait=playing.message if playing is not None else "",
        can_register=facts.kind == "pair" and not over and seated == 0,
        can_finish=not over and seated >= planned and last_decided,
        unpaired=_unpaired(facts) if facts.kind == "pair" else (),
        by_team=facts.by_team,
    )


def _unpaired(facts: BurracoFacts) -> tuple[tuple[int, str], ...]:
    paired = {entry.pk for line in facts.lines() for entry in facts.members(line)}
    return tuple(
        (entry.pk, entry.player.name)
        for entry in sorted(facts.entries.values(), key=lambda entry: entry.seed)
        if entry.pk not in paired and entry.status != EntryStatus.DROPPED
    )
