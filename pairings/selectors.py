"""Reading a Gin tournament: the bracket, the rounds of pairings, the standings, the ranking.

Everything is derived from the facts by the engine: the draw stored with round 1 (`report`
"players", entry ids in seed order), the tables with their matches, and the director's fixes.
One loader (`_facts`) reads them in six queries whatever the size of the tournament; the bracket
is then replayed and the standings computed in memory. The services use the same reading, so a
page always shows what the services decided on.

The result of a table (`TableFacts.result`): the director's current fix when it names a winner
(a walkover or a corrected winner, 0 net points); else the match's own result once it counts
(finished, and confirmed when the tournament asks for it): its winner, with the net difference of
the totals (docs/rules.md, "Totals shown for each player"), or a draw when a time call left the
players equal (never in a bracket: such a table waits for the director).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from pairings import presenters as words
from pairings.engine import brackets as engine
from pairings.engine.standings import (
    BracketPlace,
    MatchResult,
    Standing,
    bracket_standings,
    pairing_standings,
)
from scoring.models import Match, MatchPlayer, MatchStatus
from tournaments.models import (
    Entry,
    EntryStatus,
    ResultFix,
    Round,
    RoundKind,
    Table,
    TableSeat,
    Tournament,
)
from tournaments.selectors import RankingRow


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
        if not self.finished:
            return False
        return not self.counts_needed_confirmation or self.table.is_confirmed_for(self.match)

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


def _facts(tournament: Tournament) -> Facts:
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


# Brackets ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Conflict:
    """A result the bracket could not use: a table whose players no longer play its match
    (an earlier result was fixed) but whose match has been played, or a fix that no longer fits."""

    match: int
    table: Table | None
    message: str


@dataclass
class BracketView:
    tournament: Tournament
    bracket: engine.Bracket | None  # None before the draw
    names: dict[engine.PlayerId, str]
    tables: dict[int, Table]  # bracket match number -> table
    fixes: dict[int, list[ResultFix]]  # bracket match number -> every fix, oldest first
    table_facts: dict[int, TableFacts] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    round: Round | None = None

    @property
    def sections(self) -> list[BracketSection]:
        return bracket_sections(self)

    @property
    def by_hands(self) -> bool:
        """Played a mano: the scores shown are hands won."""
        rules = self.tournament.rules if self.tournament is not None else None
        return (rules or {}).get("match_mode") == "hands"

    @property
    def score_legend(self) -> str:
        return words.score_legend(by_hands=self.by_hands)


def draw_players(round: Round) -> list[int]:
    return [int(player) for player in round.report.get("players", [])]


# How a bracket is replayed from its draw and results: the format's (single or double
# elimination, `pairings.formats`), with the tournament's settings.
Replay = Callable[[Tournament, list[int], Iterable[engine.Result]], engine.Bracket]


def _bracket_from(facts: Facts, replay: Replay) -> BracketView:
    tournament = facts.tournament
    round = next((r for r in facts.rounds if r.kind == RoundKind.BRACKET), None)
    view = BracketView(tournament, None, facts.names, {}, {}, round=round)
    if round is None:
        return view
    results = []
    for table_facts in facts.tables[round.pk]:
        number = table_facts.table.bracket_match
        if number is None:
            continue
        view.tables[number] = table_facts.table
        view.fixes[number] = table_facts.fixes
        view.table_facts[number] = table_facts
        result = table_facts.result(draws=False)
        if result is not None and result.winner is not None and result.loser is not None:
            results.append(engine.Result(number, result.winner, result.loser, result.walkover))
    bracket = replay(tournament, draw_players(round), sorted(results, key=_by_match))
    view.bracket = bracket
    for dropped in bracket.discarded:
        view.conflicts.append(
            Conflict(
                dropped.match,
                view.tables.get(dropped.match),
                words.discarded_result(
                    dropped.match, facts.name(dropped.winner), facts.name(dropped.loser)
                ),
            )
        )
    discarded = {result.match for result in bracket.discarded}
    for number, table_facts in view.table_facts.items():
        match = bracket.matches[number - 1]
        if number in discarded or not table_facts.has_events:
            continue
        if set(table_facts.seats) != {p for p in match.players if p is not None}:
            view.conflicts.append(
                Conflict(number, table_facts.table, words.started_by_other_players(number))
            )
    return view


def _by_match(result: engine.Result) -> int:
    return result.match


def bracket_of(tournament: Tournament, replay: Replay) -> BracketView:
    """The bracket replayed (by `replay`) from the results in force, with its tables, fixes and
    conflicts. Ask the tournament's format: `format_of(tournament).bracket_of(tournament)`."""
    return _bracket_from(_facts(tournament), replay)


@dataclass(frozen=True)
class SideLine:
    name: str
    known: bool
    won: bool
    score: int | None


@dataclass(frozen=True)
class MatchCard:
    """A bracket match as the page draws it."""

    match: engine.BracketMatch
    sides: tuple[str, str]  # names, or "Winner of match 5"
    known: tuple[bool, bool]
    winner_side: int | None  # 0 or 1
    table: Table | None
    status: str  # waiting / ready / playing / played / not_needed
    walkover: bool
    fixed: bool
    scores: tuple[int | None, int | None]

    @property
    def lines(self) -> tuple[SideLine, SideLine]:
        first, second = (
            SideLine(self.sides[i], self.known[i], self.winner_side == i, self.scores[i])
            for i in (0, 1)
        )
        return first, second

    @property
    def result_line(self) -> str:
        """A played match's result ("Anna wins 2-0", the deciding score), or "" before."""
        if self.winner_side is None:
            return ""
        loser_side = 1 - self.winner_side
        scores = (self.scores[self.winner_side], self.scores[loser_side])
        return words.bracket_result(
            self.sides[self.winner_side], scores, walkover=self.walkover, fixed=self.fixed
        )

    @property
    def status_label(self) -> str:
        """Its badge: walkover, fixed, or its state (`pairings.presenters`)."""
        return words.bracket_match_label(self.status, walkover=self.walkover, fixed=self.fixed)


@dataclass(frozen=True)
class BracketColumn:
    title: str
    cards: tuple[MatchCard, ...]


@dataclass(frozen=True)
class BracketSection:
    key: str
    title: str
    columns: tuple[BracketColumn, ...]


def _side(slot: engine.Slot, names: dict[engine.PlayerId, str], players) -> str:
    if slot.kind is engine.SlotKind.SEED:
        return names.get(players[slot.ref - 1], "")
    return words.slot_label(slot.kind, slot.ref)


def _card_order(card: MatchCard) -> tuple[bool, int]:
    # top to bottom as in the full chart; the third-place match under the final
    return (card.match.section is engine.Section.THIRD_PLACE, card.match.position)


def losers_rounds(bracket: engine.Bracket) -> list[int]:
    """The rounds of the losers' bracket that have matches (byes may leave the first empty)."""
    return sorted({m.round for m in bracket.matches if m.section is engine.Section.LOSERS})


def bracket_sections(view: BracketView) -> list[BracketSection]:
    """The bracket as columns of match cards: winners' bracket (with the third-place match),
    losers' bracket, finals."""
    bracket = view.bracket
    if bracket is None:
        return []
    rounds = bracket.size.bit_length() - 1
    losers = losers_rounds(bracket)
    grouped: dict[tuple[str, int], list[MatchCard]] = defaultdict(list)
    for match in bracket.matches:
        table_facts = view.table_facts.get(match.number)
        first_side, second_side = (
            view.names.get(player, "")
            if player is not None
            else _side(slot, view.names, bracket.players)
            for player, slot in zip(match.players, match.slots, strict=True)
        )
        sides = (first_side, second_side)
        status = str(match.status)
        if match.status is engine.MatchStatus.READY and table_facts and table_facts.has_events:
            status = "playing"
        winner_side = None
        if match.result is not None:
            winner_side = match.players.index(match.result.winner)
        fix = table_facts.fix if table_facts else None
        scores: tuple[int | None, int | None] = (None, None)
        walkover = bool(match.result and match.result.walkover)
        if table_facts is not None and not walkover:  # a walkover was not played: no score
            scores = (table_facts.score(match.players[0]), table_facts.score(match.players[1]))
        card = MatchCard(
            match=match,
            sides=sides,
            known=(match.players[0] is not None, match.players[1] is not None),
            winner_side=winner_side,
            table=view.tables.get(match.number),
            status=status,
            walkover=walkover,
            fixed=fix is not None and match.result is not None,
            scores=scores,
        )
        section = match.section
        key = "losers" if section is engine.Section.LOSERS else "winners"
        if section in (engine.Section.GRAND_FINAL, engine.Section.RESET):
            key = "finals"
        order = match.round
        if section is engine.Section.THIRD_PLACE:
            order = rounds  # alongside the final
        if section is engine.Section.RESET:
            order = 2
        grouped[(key, order)].append(card)
    sections = []
    for key in ("winners", "losers", "finals"):
        orders = sorted(order for section_key, order in grouped if section_key == key)
        if not orders:
            continue
        columns = []
        for order in orders:
            cards = sorted(grouped[(key, order)], key=_card_order)
            titles_in = []
            for card in cards:
                title = words.column_title(card.match.section, card.match.round, rounds, losers)
                if title not in titles_in:
                    titles_in.append(title)
            columns.append(BracketColumn(" · ".join(titles_in), tuple(cards)))
        title = words.section_title(key, double=bracket.double)
        sections.append(BracketSection(key, title, tuple(columns)))
    return sections


# Rounds of pairings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairingView:
    table: Table
    first: Entry
    second: Entry | None
    result: TableResult | None
    facts: TableFacts

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def status(self) -> str:
        if self.result is not None:
            return "counted"
        if self.facts.awaiting_confirmation:
            return "awaiting_confirmation"
        if self.facts.finished:
            return "no_winner"
        if self.facts.has_events:
            return "playing"
        return "ready"

    @property
    def winner(self) -> Entry | None:
        """Who won, once the result counts (None for a draw)."""
        if self.result is None or self.result.winner is None:
            return None
        return self.first if self.result.winner == self.first.pk else self.second

    @property
    def scores(self) -> tuple[int | None, int | None]:
        """The scores that decide the match (`TableFacts.score`): hands won a mano, points
        otherwise."""
        second = self.facts.score(self.second.pk) if self.second else None
        return (self.facts.score(self.first.pk), second)


@dataclass(frozen=True)
class PairingRound:
    round: Round
    pairings: tuple[PairingView, ...]
    byes: tuple[Entry, ...]  # the bye of the round, and players whose opponent had dropped

    @property
    def complete(self) -> bool:
        return all(pairing.result is not None for pairing in self.pairings)

    @property
    def played(self) -> int:
        return sum(1 for pairing in self.pairings if pairing.result is not None)


def round_byes(round: Round) -> list[int]:
    byes = [round.report["bye"]] if round.report.get("bye") is not None else []
    return [int(entry) for entry in [*byes, *round.report.get("forfeits", [])]]


def _rounds_from(facts: Facts) -> list[PairingRound]:
    rounds = []
    for round in facts.rounds:
        if round.kind != RoundKind.PAIRING:
            continue
        pairings = []
        for table_facts in facts.tables[round.pk]:
            seats = table_facts.seats
            pairings.append(
                PairingView(
                    table=table_facts.table,
                    first=facts.entries[seats[0]],
                    second=facts.entries[seats[1]] if len(seats) > 1 else None,
                    result=table_facts.result(draws=True),
                    facts=table_facts,
                )
            )
        byes = tuple(facts.entries[entry] for entry in round_byes(round) if entry in facts.entries)
        rounds.append(PairingRound(round, tuple(pairings), byes))
    return rounds


def pairing_rounds(tournament: Tournament) -> list[PairingRound]:
    """The rounds of a Swiss or round robin, each with its pairings, results and byes."""
    return _rounds_from(_facts(tournament))


# Standings ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TieBreakCell:
    """A tie-break's value in a row of the standings; `decided`: it is what set this player
    apart from a neighbour with the same match points."""

    key: str
    value: float | None  # None: head to head not reached
    decided: bool = False


@dataclass(frozen=True)
class PairingStandingRow:
    standing: Standing
    entry: Entry
    shared: bool
    cells: tuple[TieBreakCell, ...] = ()


def _tie_break_value(standing: Standing, key: str) -> float | None:
    return cast(float | None, getattr(standing, key))


def _tie_break_cells(rows: Sequence[Standing], tie_breaks: Sequence[str]) -> list[tuple]:
    """Each row's tie-break values in the tournament's order, the one that decided against a
    neighbour on the same match points marked."""

    def compared(standing: Standing, key: str) -> float:
        return _tie_break_value(standing, key) or 0.0  # head to head not reached counts 0

    decided: list[set[str]] = [set() for _row in rows]
    for index in range(len(rows) - 1):
        upper, lower = rows[index], rows[index + 1]
        if upper.points != lower.points:
            continue
        for key in tie_breaks:
            if compared(upper, key) != compared(lower, key):
                decided[index].add(key)
                decided[index + 1].add(key)
                break
    return [
        tuple(
            TieBreakCell(key, _tie_break_value(row, key), key in decided[index])
            for key in tie_breaks
        )
        for index, row in enumerate(rows)
    ]


@dataclass(frozen=True)
class BracketStandingRow:
    standing: BracketPlace
    entry: Entry

    @property
    def place_label(self) -> str:
        row = self.standing
        if row.place is None:
            return ""
        return str(row.place) if not row.shared else f"{row.place}-{row.last_place}"


@dataclass(frozen=True)
class GinStandings:
    kind: str  # "pairing" or "bracket"
    tie_breaks: tuple[str, ...]
    rows: tuple
    rounds_counted: int = 0


def _pairing_standings(facts: Facts) -> GinStandings:
    rounds = _rounds_from(facts)
    results = []
    byes: list[int] = []
    players: set[int] = set()
    for pairing_round in rounds:
        byes += [entry.pk for entry in pairing_round.byes]
        for pairing in pairing_round.pairings:
            players.update(pairing.facts.seats)
            result = pairing.result
            if result is None or pairing.second is None:
                continue
            first, second = pairing.first.pk, pairing.second.pk
            results.append(
                MatchResult(first, second, result.winner, net=result.net, walkover=result.walkover)
            )
    players.update(byes)
    players.update(
        entry.pk for entry in facts.entries.values() if entry.status == EntryStatus.CHECKED_IN
    )
    rows = pairing_standings(
        sorted(players), results, byes=byes, tie_breaks=facts.tournament.tie_breaks
    )
    places = [row.place for row in rows]
    tie_breaks = tuple(str(key) for key in facts.tournament.tie_breaks)
    cells = _tie_break_cells(rows, tie_breaks)
    return GinStandings(
        kind="pairing",
        tie_breaks=tie_breaks,
        rows=tuple(
            PairingStandingRow(
                row, facts.entries[row.player], places.count(row.place) > 1, cells[index]
            )
            for index, row in enumerate(rows)
        ),
        rounds_counted=sum(1 for pairing_round in rounds if pairing_round.played),
    )


def _bracket_standings(facts: Facts, view: BracketView) -> GinStandings:
    if view.bracket is None:
        return GinStandings(kind="bracket", tie_breaks=(), rows=())
    rows = tuple(
        BracketStandingRow(row, facts.entries[row.player])
        for row in bracket_standings(view.bracket)
    )
    return GinStandings(kind="bracket", tie_breaks=(), rows=rows)


def pairing_standings_of(tournament: Tournament) -> GinStandings:
    """A Swiss's or round robin's standings: match points and the tournament's tie-breaks."""
    return _pairing_standings(_facts(tournament))


def bracket_standings_of(tournament: Tournament, replay: Replay) -> GinStandings:
    """A bracket's standings: the places given as players go out."""
    facts = _facts(tournament)
    return _bracket_standings(facts, _bracket_from(facts, replay))


def _stage(bracket: engine.Bracket, player: engine.PlayerId) -> str:
    """How far a player went in a bracket: the round of the match they went out in."""
    if bracket.champion == player:
        return words.champion_label()
    rounds = bracket.size.bit_length() - 1
    out = None
    for result in bracket.results:
        if result.loser == player:
            out = bracket.matches[result.match - 1]
    if out is None:
        return words.still_playing_label()
    if bracket.double and out.section is engine.Section.WINNERS:
        return words.still_playing_label()
    return words.column_title(out.section, out.round, rounds, losers_rounds(bracket))


def bracket_ranking(tournament: Tournament, replay: Replay) -> list[RankingRow]:
    """The ranking of a bracket: by place (players still in share the best place left, by
    seed)."""
    facts = _facts(tournament)
    view = _bracket_from(facts, replay)
    if view.bracket is None:
        return []
    rows = bracket_standings(view.bracket)
    placed = [row for row in rows if row.place is not None]
    still_in = [row for row in rows if row.place is None]
    ranking = [
        RankingRow(
            place=1,
            entry=facts.entries[row.player],
            stage=words.still_playing_label(),
            still_playing=True,
        )
        for row in still_in
    ]
    for row in sorted(placed, key=lambda row: (row.place, row.seed)):
        ranking.append(
            RankingRow(
                place=cast(int, row.place),  # the placed rows only
                entry=facts.entries[row.player],
                stage=_stage(view.bracket, row.player),
            )
        )
    return ranking


def pairing_ranking(tournament: Tournament) -> list[RankingRow]:
    """The ranking of a Swiss or round robin: its standings."""
    result = _pairing_standings(_facts(tournament))
    return [RankingRow(place=row.standing.place, entry=row.entry, stage="") for row in result.rows]
