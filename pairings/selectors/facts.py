"""The facts of a Gin tournament, read at once (`load_facts`: six queries whatever its size):
entries, rounds, tables with their matches, seats, match totals and the director's fixes.

The result of a table (`TableFacts.result`): the director's current fix when it names a winner
(a walkover or a corrected winner, 0 net points); else the match's own result once it counts
(finished, and confirmed when the tournament asks for it): its winner, with the net difference of
the totals (docs/rules.md, "Totals shown for each player"), or a draw when a time call left the
players equal (never in a bracket: such a table waits for the director).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairings.engine import brackets as engine
from scoring.models import Match, MatchPlayer, MatchStatus
from tournaments.models import (
    Entry,
    ResultFix,
    Round,
    Table,
    TableSeat,
    Tournament,
)


@dataclass(frozen=True)
class TableResult:
    winner: int | None  # entry id; None: a draw
    loser: int | None
    net: int
    walkover: bool = False
    fixed: bool = False


@dataclass
class TableFacts:
    """A pairing or bracket table: its players (entry ids, seat order), its match, its fixes."""

    table: Table
    seats: list[int] = field(default_factory=list)
    totals: dict[engine.PlayerId, int] = field(default_factory=dict)  # entry id -> match total
    match_winner: int | None = None  # entry id
    fixes: list[ResultFix] = field(default_factory=list)  # oldest first
    counts_needed_confirmation: bool = False
    hands: dict[engine.PlayerId, int] = field(default_factory=dict)  # entry id -> hands won
    by_hands: bool = False  # played a mano: hands won decide the match, not points

    def score(self, entry_id: engine.PlayerId | None) -> int | None:
        """The score that decides the match for a player: hands won a mano, points otherwise
        (None before the match or for a side not known yet)."""
        if entry_id is None or self.match is None:
            return None
        return (self.hands if self.by_hands else self.totals).get(entry_id)

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def fix(self) -> ResultFix | None:
        """The fix in force: the current one, when it names a winner."""
        current = next((fix for fix in self.fixes if fix.is_current), None)
        return current if current is not None and current.winner_id is not None else None

    @property
    def has_events(self) -> bool:
        # match_start leaves the revision at 1; every event recorded after that raises it.
        return self.match is not None and self.match.revision > 1

    @property
    def finished(self) -> bool:
        return self.match is not None and self.match.status == MatchStatus.FINISHED

    @property
    def match_counts(self) -> bool:
        return self.table.result_counts(confirm_results=self.counts_needed_confirmation)

    @property
    def awaiting_confirmation(self) -> bool:
        return self.finished and not self.match_counts and self.fix is None

    def result(self, *, draws: bool) -> TableResult | None:
        """The result in force, or None while there is none (see the module docstring)."""
        fix = self.fix
        if fix is not None:
            loser = next((entry for entry in self.seats if entry != fix.winner_id), None)
            return TableResult(fix.winner_id, loser, 0, walkover=fix.walkover, fixed=True)
        if not self.match_counts or len(self.seats) != 2:
            return None
        if self.match_winner is None:
            if not draws:
                return None
            return TableResult(None, None, 0)
        loser = next(entry for entry in self.seats if entry != self.match_winner)
        net = self.totals.get(self.match_winner, 0) - self.totals.get(loser, 0)
        return TableResult(self.match_winner, loser, net)


@dataclass
class Facts:
    tournament: Tournament
    entries: dict[engine.PlayerId, Entry]  # the engines' player ids are our entry ids
    rounds: list[Round]
    tables: dict[int, list[TableFacts]]  # round id -> tables by number

    def name(self, entry_id: engine.PlayerId | None) -> str:
        return self.entries[entry_id].player.name if entry_id in self.entries else ""

    @property
    def names(self) -> dict[engine.PlayerId, str]:
        return {entry_id: entry.player.name for entry_id, entry in self.entries.items()}


def load_facts(tournament: Tournament) -> Facts:
    """Entries, rounds, tables with matches, seats, match totals and fixes: six queries."""
    entries: dict[engine.PlayerId, Entry] = {
        entry.pk: entry for entry in tournament.entries.select_related("player")
    }
    by_player = {entry.player_id: entry.pk for entry in entries.values()}
    rounds = list(tournament.rounds.order_by("number"))
    tables: dict[int, list[TableFacts]] = {round.pk: [] for round in rounds}
    by_hands = (tournament.rules or {}).get("match_mode") == "hands"
    by_id: dict[int, TableFacts] = {}
    by_match: dict[int, TableFacts] = {}
    for table in (
        Table.objects.filter(round__tournament=tournament)
        .select_related("match")
        .order_by("round__number", "number")
    ):
        facts = TableFacts(
            table, counts_needed_confirmation=tournament.confirm_results, by_hands=by_hands
        )
        tables[table.round_id].append(facts)
        by_id[table.pk] = facts
        if table.match_id:
            by_match[table.match_id] = facts
    for table_id, entry_id in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "seat")
        .values_list("table_id", "entry_id")
    ):
        by_id[table_id].seats.append(entry_id)
    for seat_id, match_id, player_id, total, hands in MatchPlayer.objects.filter(
        match__tournament_table__round__tournament=tournament
    ).values_list("id", "match_id", "player_id", "total", "hands_won"):
        facts = by_match[match_id]
        entry_pk = by_player.get(player_id)
        if entry_pk is None:
            continue
        facts.totals[entry_pk] = total
        facts.hands[entry_pk] = hands
        if facts.match is not None and facts.match.winner_id == seat_id:  # by_match: it has one
            facts.match_winner = entry_pk
    for fix in (
        ResultFix.objects.filter(table__round__tournament=tournament)
        .select_related("created_by")
        .order_by("created_at", "id")
    ):
        by_id[fix.table_id].fixes.append(fix)
    return Facts(tournament=tournament, entries=entries, rounds=rounds, tables=tables)
