"""The facts of a Burraco tournament read at once (`burraco_facts`: seven queries whatever its
size), and what the engine makes of them: each turno's scores and the standings."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import standings as engine_standings
from pairings.engine.burraco import turno as engine_turno
from pairings.engine.burraco.movements import Line, Table, TurnoSeating
from pairings.engine.burraco.vp_tables import VpTable, bands_of, check_vp_table
from pairings.engine.errors import TournamentError
from pairings.models import ActionKind, Pair, TurnoAction
from scoring.models import MatchPlayer
from tournaments.errors import TournamentActionError
from tournaments.formats import format_of
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundKind,
    Tournament,
)
from tournaments.models import (
    Table as TableRow,
)


def is_individual(tournament: Tournament) -> bool:
    """Whether the tournament's lines are players whose partner changes (else pairs)."""
    return format_of(tournament).competitor == "player"


# The round's report, written when a turno is seated and read back here ---------------------------


def seating_report(seating: TurnoSeating) -> dict[str, Any]:
    return {
        "tables": [[table.table, list(table.ns), list(table.eo)] for table in seating.tables],
        "byes": list(seating.byes),
    }


def seating_of(round: Round) -> TurnoSeating:
    report = round.report or {}
    tables = tuple(
        Table(int(number), tuple(ns), tuple(eo)) for number, ns, eo in report.get("tables", [])
    )
    return TurnoSeating(round.number, tables, tuple(report.get("byes", [])))


def vp_table_report(name: str, table: VpTable) -> dict[str, Any]:
    return {
        "name": name,
        "hands": table.hands,
        "bands": [[band.low, band.high, band.winner] for band in table.bands],
    }


def vp_table_of(round: Round) -> VpTable:
    stored = (round.report or {})["vp_table"]
    return check_vp_table(int(stored["hands"]), bands_of(tuple(band) for band in stored["bands"]))


# The facts -----------------------------------------------------------------------------------


@dataclass
class TurnoFacts:
    """A turno: its round, its seating (the engine's), its VP table, its tables by number with
    their line totals once the table's result counts, and the director's actions in force."""

    round: Round
    seating: TurnoSeating
    vp_table: VpTable
    tables: dict[int, TableRow] = field(default_factory=dict)
    totals: dict[int, tuple[int, int]] = field(default_factory=dict)  # number -> (NS, EO)
    running_totals: dict[int, tuple[int, int]] = field(default_factory=dict)
    actions: list[TurnoAction] = field(default_factory=list)  # in force, oldest first
    undone: list[TurnoAction] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def movement(self) -> str:
        return str((self.round.report or {}).get("movement", ""))

    def counts(self, number: int) -> bool:
        """Whether table `number`'s turno is decided: its result counts, or the director
        recorded an abandonment or a forfeit there."""
        return number in self.totals or any(
            action.table_id == self.tables[number].pk and self._decides(action)
            for action in self.actions
        )

    @staticmethod
    def _decides(action: TurnoAction) -> bool:
        return action.kind == ActionKind.ABANDON or (
            action.kind == ActionKind.LATE and action.minutes > engine_turno.LATE_FORFEIT_MINUTES
        )

    @property
    def complete(self) -> bool:
        return all(self.counts(table.table) for table in self.seating.tables)


@dataclass
class BurracoFacts:
    tournament: Tournament
    entries: dict[PlayerId, Entry]  # entry id -> entry
    pairs: dict[PlayerId, Pair]  # pair id -> pair (empty in an individual event)
    turni: list[TurnoFacts]

    @property
    def individual(self) -> bool:
        return is_individual(self.tournament)

    def lines(self) -> list[PlayerId]:
        """The standings' entries: the pairs, or the players of an individual event, in
        registration order."""
        if self.individual:
            return sorted(self.entries, key=lambda pk: self.entries[pk].seed)
        return sorted(self.pairs, key=lambda pk: self.pairs[pk].number)

    def members(self, line: PlayerId) -> tuple[Entry, ...]:
        if self.individual:
            return (self.entries[line],)
        pair = self.pairs[line]
        return (self.entries[pair.first_id], self.entries[pair.second_id])

    def name(self, line: PlayerId) -> str:
        return " / ".join(entry.player.name for entry in self.members(line))

    def line_name(self, line: Line) -> str:
        return " / ".join(self.name(member) for member in line)

    def number(self, line: PlayerId) -> int:
        """The pair's number (the player's seed in an individual event)."""
        return self.entries[line].seed if self.individual else self.pairs[line].number

    def present(self) -> list[PlayerId]:
        """The lines still in (every member checked in), in registration order."""
        return [
            line
            for line in self.lines()
            if all(entry.status == EntryStatus.CHECKED_IN for entry in self.members(line))
        ]

    def dropped(self, line: PlayerId) -> bool:
        return any(entry.status == EntryStatus.DROPPED for entry in self.members(line))


def burraco_facts(tournament: Tournament) -> BurracoFacts:
    """Entries, pairs, turni, tables, line totals and actions: seven queries."""
    entries: dict[PlayerId, Entry] = {
        entry.pk: entry for entry in tournament.entries.select_related("player")
    }
    pairs: dict[PlayerId, Pair] = {
        pair.pk: pair for pair in Pair.objects.filter(tournament=tournament)
    }
    for pair in pairs.values():  # the pair's name reads its players from the entries above
        pair.first = entries[pair.first_id]
        pair.second = entries[pair.second_id]
    turni = [
        TurnoFacts(round, seating_of(round), vp_table_of(round))
        for round in tournament.rounds.filter(kind=RoundKind.TURNO).order_by("number")
    ]
    by_round = {turno.round.pk: turno for turno in turni}
    by_match: dict[int, tuple[TurnoFacts, TableRow]] = {}
    for table in TableRow.objects.filter(round__in=list(by_round)).select_related("match"):
        turno = by_round[table.round_id]
        turno.tables[table.number] = table
        if table.match_id:
            by_match[table.match_id] = (turno, table)
    seat_totals: dict[int, dict[int, int]] = defaultdict(dict)
    for match_id, seat, total in MatchPlayer.objects.filter(match__in=list(by_match)).values_list(
        "match_id", "seat", "total"
    ):
        seat_totals[match_id][seat] = total
    confirm = tournament.confirm_results
    for match_id, (turno, table) in by_match.items():
        # a Burraco seat's total is its line's: NS sits 1 and 3, EO 2 and 4
        seats = seat_totals.get(match_id, {})
        line_totals = (seats.get(1, 0), seats.get(2, 0))
        turno.running_totals[table.number] = line_totals
        if table.result_counts(confirm_results=confirm):
            turno.totals[table.number] = line_totals
    actions = TurnoAction.objects.filter(round__in=list(by_round)).select_related("created_by")
    for action in actions.order_by("created_at", "pk"):
        turno = by_round[action.round_id]
        action.round = turno.round  # the history names its turno without a query
        (turno.undone if action.undone_at else turno.actions).append(action)
    return BurracoFacts(tournament, entries, pairs, turni)


# Scores and standings ------------------------------------------------------------------------


def turno_rules(tournament: Tournament, table: VpTable) -> engine_turno.TurnoRules:
    """A turno's rules: its VP table and the tournament's bye (refused by the engine when no
    band of the table gives the bye's VP)."""
    return engine_turno.turno_rules(table.hands, {table.hands: table}, bye_vp=tournament.bye_vp)


def turno_rules_of(facts: BurracoFacts, turno: TurnoFacts) -> engine_turno.TurnoRules:
    return turno_rules(facts.tournament, turno.vp_table)


def _table_result(turno: TurnoFacts, table: Table) -> engine_turno.TableResult:
    row = turno.tables[table.table]
    ns_total, eo_total = turno.totals.get(table.table) or turno.running_totals.get(
        table.table, (0, 0)
    )
    late, minutes, abandoned, abandoned_mp = None, 0, [], None
    for action in turno.actions:
        if action.table_id != row.pk:
            continue
        if action.kind == ActionKind.LATE:
            late, minutes = engine_turno.Side(action.side), action.minutes
        elif action.kind == ActionKind.ABANDON:
            abandoned.append(engine_turno.Side(action.side))
            abandoned_mp = action.mp if action.mp is not None else abandoned_mp
    return engine_turno.TableResult(
        table.table,
        table.ns,
        table.eo,
        ns_total,
        eo_total,
        late=late,
        late_minutes=minutes,
        abandoned=tuple(dict.fromkeys(abandoned)),
        abandoned_mp=abandoned_mp,
    )


def turno_score(facts: BurracoFacts, turno: TurnoFacts) -> engine_turno.TurnoScore:
    """The turno's scores so far: the tables decided, and the byes."""
    results = [
        _table_result(turno, table) for table in turno.seating.tables if turno.counts(table.table)
    ]
    try:
        rules = turno_rules_of(facts, turno)
        return engine_turno.score_turno(rules, turno.number, results, turno.seating.byes)
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error


@dataclass(frozen=True)
class BurracoStandings:
    facts: BurracoFacts
    standings: engine_standings.Standings
    scores: tuple[engine_turno.TurnoScore, ...]
    adjustments: tuple[TurnoAction, ...]

    @property
    def rows(self) -> tuple[engine_standings.StandingRow, ...]:
        return self.standings.rows

    @property
    def tie_breaks(self) -> tuple[engine_standings.TieBreak, ...]:
        return self.standings.tie_breaks

    @property
    def turni_counted(self) -> int:
        return sum(1 for turno in self.facts.turni if turno.complete)


def _draws(tournament: Tournament, lines: list[PlayerId]) -> dict[PlayerId, int]:
    """The tie-break `draw`: a drawing of lots fixed by the tournament (the same on every page)."""
    order = list(lines)
    random.Random(f"draw-{tournament.pk}").shuffle(order)
    return {line: index for index, line in enumerate(order)}


def _attendance(facts: BurracoFacts) -> dict[PlayerId, int]:
    """The tie-break `attendance`: the club's tournaments of this game its players entered this
    year, the pair counted by its more present player (one query)."""
    tournament = facts.tournament
    counts: dict[int, int] = defaultdict(int)
    for player_id in Entry.objects.filter(
        tournament__club_id=tournament.club_id,
        tournament__game=tournament.game,
        tournament__starts_on__year=tournament.starts_on.year,
        tournament__starts_on__lte=tournament.starts_on,
    ).values_list("player_id", flat=True):
        counts[player_id] += 1
    return {
        line: max(counts[entry.player_id] for entry in facts.members(line))
        for line in facts.lines()
    }


def burraco_standings(
    tournament: Tournament, facts: BurracoFacts | None = None
) -> BurracoStandings:
    """The standings by the tournament's chain (BURRACO.md section 4), from every turno's scores
    so far and the adjustments in force."""
    facts = facts or burraco_facts(tournament)
    scores = tuple(turno_score(facts, turno) for turno in facts.turni)
    adjusting = tuple(
        action
        for turno in facts.turni
        for action in turno.actions
        if action.kind == ActionKind.ADJUST
    )
    lines = facts.lines()
    chain = [str(key) for key in tournament.tie_breaks]
    extra: dict[str, Any] = {}
    if "lot" in chain:
        extra["lots"] = (
            {line: facts.entries[line].seed for line in lines}
            if facts.individual
            else {line: facts.pairs[line].lot for line in lines}
        )
    if "draw" in chain:
        extra["draws"] = _draws(tournament, lines)
    if "attendance" in chain:
        extra["attendance"] = _attendance(facts)
    if not lines:  # nobody entered yet: empty standings, not the engine's refusal
        return BurracoStandings(
            facts,
            engine_standings.Standings(engine_standings.check_tie_breaks(chain), ()),
            scores,
            adjusting,
        )
    try:
        standings = engine_standings.burraco_standings(
            lines,
            scores,
            chain,
            adjustments=[
                engine_standings.Adjustment(action.line, action.vp, action.mp or 0, action.reason)
                for action in adjusting
                if action.line is not None
            ],
            **extra,
        )
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    return BurracoStandings(facts, standings, scores, adjusting)
