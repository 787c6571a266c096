"""The facts of a Burraco tournament read at once (`burraco_facts`: seven queries whatever its
size), and what the engine makes of them: each turno's scores and the standings."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import standings as engine_standings
from pairings.engine.burraco import turno as engine_turno
from pairings.engine.burraco.movements import Line, Table, TurnoSeating
from pairings.engine.burraco.vp_tables import VpTable, bands_of, check_vp_table
from pairings.engine.errors import TournamentError
from pairings.models import ActionKind, Pair, Team, TeamMember, TurnoAction
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


def competitor_of(tournament: Tournament) -> str:
    """What a line of the tournament is: a "pair", a "player" (an individual event: the partner
    changes) or a "team" (`tournaments.formats.TournamentFormat.competitor`)."""
    return format_of(tournament).competitor


def is_individual(tournament: Tournament) -> bool:
    """Whether the tournament's lines are players whose partner changes (else pairs, teams)."""
    return competitor_of(tournament) == "player"


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


@dataclass(frozen=True)
class PhysicalTable:
    """A table where players sit: its number, the engine's table it belongs to (a team match
    is played at two), whether team B sits North-South here (`flip`), and its NS and EO: the
    engine's lines (pair or player ids) or, at a team match, each team's pair (entry ids)."""

    number: int
    match: Table
    flip: bool
    ns: tuple[PlayerId, ...]
    eo: tuple[PlayerId, ...]

    @property
    def ns_line(self) -> Line:
        """The engine's line sitting North-South here (a team match: the team)."""
        return self.match.eo if self.flip else self.match.ns

    @property
    def eo_line(self) -> Line:
        return self.match.ns if self.flip else self.match.eo

    @property
    def ns_team(self) -> PlayerId:
        return self.match.eo[0] if self.flip else self.match.ns[0]

    @property
    def eo_team(self) -> PlayerId:
        return self.match.ns[0] if self.flip else self.match.eo[0]


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

    @property
    def team_match(self) -> bool:
        """Whether each engine table is a team match played at two tables (`physical`)."""
        return bool((self.round.report or {}).get("team_match"))

    def physical(self, number: int) -> tuple[int, ...]:
        """The tables where the engine's table `number` is played: itself, or a team match's
        two (2k - 1: team A's pair 1 North-South; 2k: team B's pair 2 North-South)."""
        return (2 * number - 1, 2 * number) if self.team_match else (number,)

    def lineup(self, team: PlayerId) -> list[PlayerId]:
        """A team's four entries for this turno as the seating kept them (pair 1, then 2)."""
        return list(((self.round.report or {}).get("lineups") or {}).get(str(team), []))

    def seats(self, table: Table) -> list[PhysicalTable]:
        """Where the engine's `table` is played: itself (its lines), or a team match's two
        tables with the pairs each team named (`team_seating.team_table_seats`)."""
        if not self.team_match:
            return [PhysicalTable(table.table, table, False, table.ns, table.eo)]
        a, b = self.lineup(table.ns[0]), self.lineup(table.eo[0])
        first, second = self.physical(table.table)
        return [
            PhysicalTable(first, table, False, tuple(a[:2]), tuple(b[:2])),
            PhysicalTable(second, table, True, tuple(b[2:]), tuple(a[2:])),
        ]

    def physical_tables(self) -> list[PhysicalTable]:
        """Every table where the turno is played, in number order."""
        return [seat for table in self.seating.tables for seat in self.seats(table)]

    def decided_at(self, number: int) -> bool:
        """Whether the result at table `number` (a physical one) counts or the director's
        action there decided it."""
        return self._table_counts(number)

    def counts(self, number: int) -> bool:
        """Whether engine table `number`'s turno is decided: at each of its tables the result
        counts, or the director recorded an abandonment or a forfeit there."""
        return all(self._table_counts(table) for table in self.physical(number))

    def _table_counts(self, number: int) -> bool:
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
    teams: dict[PlayerId, Team] = field(default_factory=dict)  # a team tournament's
    team_members: dict[PlayerId, list[PlayerId]] = field(default_factory=dict)  # entry ids
    kind: str = "pair"  # `competitor_of`: "pair", "player" or "team"

    @property
    def individual(self) -> bool:
        return self.kind == "player"

    @property
    def by_team(self) -> bool:
        return self.kind == "team"

    def lines(self) -> list[PlayerId]:
        """The standings' entries: the pairs, the players of an individual event or the teams,
        in registration order."""
        if self.individual:
            return sorted(self.entries, key=lambda pk: self.entries[pk].seed)
        if self.by_team:
            return sorted(self.teams, key=lambda pk: self.teams[pk].number)
        return sorted(self.pairs, key=lambda pk: self.pairs[pk].number)

    def members(self, line: PlayerId) -> tuple[Entry, ...]:
        if self.individual:
            return (self.entries[line],)
        if self.by_team:
            return tuple(self.entries[entry] for entry in self.team_members.get(line, []))
        pair = self.pairs[line]
        return (self.entries[pair.first_id], self.entries[pair.second_id])

    def name(self, line: PlayerId) -> str:
        if self.by_team:
            return self.teams[line].name
        return " / ".join(entry.player.name for entry in self.members(line))

    def lot(self, line: PlayerId) -> int:
        """The tie-break `lot`: the pair's or team's drawn lot, a player's seed."""
        if self.individual:
            return self.entries[line].seed
        return (self.teams[line] if self.by_team else self.pairs[line]).lot

    def players_name(self, entries: tuple[PlayerId, ...]) -> str:
        """A team's pair at a table by its players: "Anna Rossi / Bruno Bianchi"."""
        return " / ".join(self.entries[entry].player.name for entry in entries)

    def line_name(self, line: Line) -> str:
        return " / ".join(self.name(member) for member in line)

    def number(self, line: PlayerId) -> int:
        """The pair's or team's number (the player's seed in an individual event)."""
        if self.by_team:
            return self.teams[line].number
        return self.entries[line].seed if self.individual else self.pairs[line].number

    def present(self) -> list[PlayerId]:
        """The lines still in (every member checked in; a team: 4 of its players at least),
        in registration order."""
        return [line for line in self.lines() if self._present(line)]

    def _present(self, line: PlayerId) -> bool:
        here = [entry.status == EntryStatus.CHECKED_IN for entry in self.members(line)]
        return sum(here) >= TEAM_PLAYERS if self.by_team else all(here)

    def dropped(self, line: PlayerId) -> bool:
        return any(entry.status == EntryStatus.DROPPED for entry in self.members(line))


TEAM_PLAYERS = 4  # a team seats two pairs

# The refusal of a line that is not the tournament's, by what a line is (`competitor_of`)
NOT_A_LINE = {
    "pair": _("Choose a pair of this tournament."),
    "team": _("Choose a team of this tournament."),
    "player": _("Choose a player of this tournament."),
}


def refuse_unknown_line(facts: BurracoFacts, line: PlayerId | None) -> None:
    """Refused on "line" unless `line` is one of the tournament's (a pair, a team, a player of
    an individual event), the refusal naming what a line is: withdrawing one, adjusting one's
    VP and MP."""
    if line not in facts.lines():
        raise TournamentActionError(NOT_A_LINE[facts.kind], field="line")


def _teams(tournament: Tournament) -> tuple[dict[PlayerId, Team], dict[PlayerId, list[PlayerId]]]:
    """A team tournament's teams and their members' entry ids (two queries)."""
    teams: dict[PlayerId, Team] = {
        team.pk: team for team in Team.objects.filter(tournament=tournament)
    }
    members: dict[PlayerId, list[PlayerId]] = {team: [] for team in teams}
    for team_id, entry_id in TeamMember.objects.filter(team__in=list(teams)).values_list(
        "team_id", "entry_id"
    ):
        members[team_id].append(entry_id)
    return teams, members


def burraco_facts(tournament: Tournament) -> BurracoFacts:
    """Entries, pairs, turni, tables, line totals and actions: seven queries (nine for teams:
    their teams and members)."""
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
    kind = competitor_of(tournament)
    teams, members = _teams(tournament) if kind == "team" else ({}, {})
    return BurracoFacts(tournament, entries, pairs, turni, teams, members, kind)


# Scores and standings ------------------------------------------------------------------------


def still_playing_refusal(facts: BurracoFacts) -> TournamentActionError | None:
    """Why the next turno may not be seated yet: the last one is still being played (a table
    whose result does not count and that no action of the director decided), said with how many
    of its tables are decided; None before turno 1 and once every table is decided. The one
    rule: `services.turno_seat` raises it, the console only asks it (and says it instead of
    offering the seat button)."""
    if not facts.turni or facts.turni[-1].complete:
        return None
    turno = facts.turni[-1]
    tables = turno.physical_tables()  # a team match: its two tables
    decided = sum(1 for table in tables if turno.decided_at(table.number))
    return TournamentActionError(
        ngettext(
            "Turno %(next)s is seated once turno %(number)s is over: %(decided)s of %(count)s "
            "table decided.",
            "Turno %(next)s is seated once turno %(number)s is over: %(decided)s of %(count)s "
            "tables decided.",
            len(tables),
        )
        % {
            "next": turno.number + 1,
            "number": turno.number,
            "decided": decided,
            "count": len(tables),
        },
        field="round",
    )


def turno_rules(tournament: Tournament, table: VpTable) -> engine_turno.TurnoRules:
    """A turno's rules: its VP table and the tournament's bye (refused by the engine when no
    band of the table gives the bye's VP)."""
    return engine_turno.turno_rules(
        table.hands,
        {table.hands: table},
        bye_vp=tournament.bye_vp,
        bye_mp=tournament.bye_mp,
        rest_vp=tournament.rest_vp,
        rest_mp=tournament.rest_mp,
    )


def turno_rules_of(facts: BurracoFacts, turno: TurnoFacts) -> engine_turno.TurnoRules:
    return turno_rules(facts.tournament, turno.vp_table)


def _side(side: str, flip: bool) -> engine_turno.Side:
    if flip:
        return engine_turno.Side.EO if side == engine_turno.Side.NS else engine_turno.Side.NS
    return engine_turno.Side(side)


def _table_result(turno: TurnoFacts, table: Table) -> engine_turno.TableResult:
    """The engine's table: one table, or a team match whose lines' totals add up their two
    tables (team A sits North-South at the first, East-West at the second), the director's
    actions there taken as the team's."""
    ns_total = eo_total = 0
    late, minutes, abandoned, abandoned_mp = None, 0, [], None
    for index, number in enumerate(turno.physical(table.table)):
        flip = index == 1  # a team match's second table: team B North-South
        ns, eo = turno.totals.get(number) or turno.running_totals.get(number, (0, 0))
        ns_total, eo_total = ns_total + (eo if flip else ns), eo_total + (ns if flip else eo)
        row = turno.tables[number]
        for action in turno.actions:
            if action.table_id != row.pk:
                continue
            if action.kind == ActionKind.LATE:
                late, minutes = _side(action.side, flip), action.minutes
            elif action.kind == ActionKind.ABANDON:
                abandoned.append(_side(action.side, flip))
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
    # the all'italiana's groups (gironi), each ranked on its own, its rows together in order;
    # empty: one ranking of every line
    groups: tuple[tuple[PlayerId, ...], ...] = ()

    def group_of(self, line: PlayerId) -> int | None:
        """The index of `line`'s group (0 for the first), None without groups."""
        return next((i for i, group in enumerate(self.groups) if line in group), None)

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
        extra["lots"] = {line: facts.lot(line) for line in lines}
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
    adjustments = [
        engine_standings.Adjustment(action.line, action.vp, action.mp or 0, action.reason)
        for action in adjusting
        if action.line is not None
    ]
    groups = groups_of(facts)
    try:
        parts = [
            engine_standings.burraco_standings(
                group,
                _scores_of(scores, set(group)),
                chain,
                adjustments=[a for a in adjustments if a.entry in group],
                **extra,
            )
            for group in (groups or [lines])
        ]
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    standings = engine_standings.Standings(
        parts[0].tie_breaks, tuple(row for part in parts for row in part.rows)
    )
    return BurracoStandings(
        facts, standings, scores, adjusting, tuple(tuple(group) for group in groups)
    )


def groups_of(facts: BurracoFacts) -> list[list[PlayerId]]:
    """The groups (gironi) of the all'italiana, fixed at its first turno (its report), the
    lines that were not there in a last group of their own; none with one group."""
    for turno in facts.turni:
        stored = (turno.round.report or {}).get("groups")
        if stored:
            groups = [list(group) for group in stored]
            placed = {line for group in groups for line in group}
            rest = [line for line in facts.lines() if line not in placed]
            return [*groups, rest] if rest else groups
    return []


def _scores_of(
    scores: Sequence[engine_turno.TurnoScore], lines: set[PlayerId]
) -> list[engine_turno.TurnoScore]:
    """The turni's scores of the lines of one group (a group meets no other)."""
    return [
        engine_turno.TurnoScore(
            score.turno,
            tuple(line for line in score.lines if all(member in lines for member in line.line)),
        )
        for score in scores
    ]
