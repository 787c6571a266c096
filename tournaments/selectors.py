"""Reading a tournament: seating, table results, standings, the final ranking and the money.

Everything here is derived from the facts (entries, seats, the tables' matches) by the engine, in
a fixed number of queries whatever the size of the tournament: pages and the API share these.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import cast

from scoring.models import Match, MatchPlayer, MatchStatus
from tournaments import presenters
from tournaments.engine import knockout
from tournaments.engine import table_standings as engine_standings
from tournaments.engine.placement import DEFAULT_SCALE, PlacementScale
from tournaments.models import (
    Entry,
    EntryStatus,
    GuestCheckIn,
    GuestStatus,
    Round,
    RoundKind,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
)


@dataclass
class SeatView:
    entry: Entry
    seat: int
    playoff_place: int | None = None
    # from the match, once started
    total: int | None = None
    place: int | None = None
    status: str = ""
    reentries: int = 0
    won: bool = False
    match_seat_id: int | None = None


@dataclass
class TableView:
    table: Table
    seats: list[SeatView] = field(default_factory=list)
    counts: bool = False  # finished and (if needed) confirmed

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def finished(self) -> bool:
        return self.table.match is not None and self.table.match.status == MatchStatus.FINISHED

    @property
    def awaiting_confirmation(self) -> bool:
        return self.finished and not self.counts


@dataclass
class RoundView:
    round: Round
    tables: list[TableView] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return bool(self.tables) and all(table.counts for table in self.tables)

    @property
    def finished_tables(self) -> int:
        return sum(1 for table in self.tables if table.finished)

    @property
    def confirmed_tables(self) -> int:
        return sum(1 for table in self.tables if table.counts)


@dataclass
class TournamentView:
    """The whole tournament read in five queries: entries, rounds with their tables."""

    tournament: Tournament
    entries: dict[int, Entry]
    rounds: list[RoundView]

    @property
    def current_round(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    def name(self, entry_id: int) -> str:
        return self.entries[entry_id].player.name

    def genders(self) -> dict[str, str]:
        """Each entered player's gender by name (a seating report keeps names only)."""
        return {entry.player.name: entry.player.gender for entry in self.entries.values()}


def player_genders(tournament: Tournament) -> dict[str, str]:
    """Each entered player's gender by name, in one query (for the words of a seating report,
    which keeps names only)."""
    return dict(tournament.entries.values_list("player__name", "player__gender"))


def tournament_view(tournament: Tournament) -> TournamentView:
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}
    by_player = {entry.player_id: entry.pk for entry in entries.values()}
    rounds = [RoundView(round) for round in tournament.rounds.order_by("number")]
    round_of = {view.round.pk: view for view in rounds}
    tables: dict[int, TableView] = {}
    for table in (
        Table.objects.filter(round__tournament=tournament)
        .select_related("match", "confirmed_by", "confirmed_join__seat")
        .defer("match__rules")  # a match's full rule set is the tournament's: not read here
        .order_by("round__number", "number")
    ):
        view = TableView(table)
        tables[table.pk] = view
        round_of[table.round_id].tables.append(view)
    seats_of_match: dict[int, dict[int, SeatView]] = defaultdict(dict)
    for table_id, entry_id, seat, playoff_place in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "seat")
        .values_list("table_id", "entry_id", "seat", "playoff_place")
    ):
        seat_view = SeatView(entry=entries[entry_id], seat=seat, playoff_place=playoff_place)
        table_view = tables[table_id]
        table_view.seats.append(seat_view)
        if table_view.table.match_id:
            seats_of_match[table_view.table.match_id][entry_id] = seat_view
    for match_id, player_id, seat_id, total, place, status, reentries in MatchPlayer.objects.filter(
        match__tournament_table__round__tournament=tournament
    ).values_list("match_id", "player_id", "id", "total", "place", "status", "reentries"):
        entry_pk = by_player.get(player_id)
        found = seats_of_match[match_id].get(entry_pk) if entry_pk is not None else None
        if found is None:
            continue
        found.total, found.place, found.status, found.reentries = total, place, status, reentries
        found.match_seat_id = seat_id
    for table_view in tables.values():
        match = table_view.table.match
        if match is not None:
            for seat_view in table_view.seats:
                seat_view.won = (
                    match.winner_id is not None and seat_view.match_seat_id == match.winner_id
                )
            table_view.counts = table_view.table.result_counts(
                confirm_results=tournament.confirm_results
            )
    return TournamentView(tournament=tournament, entries=entries, rounds=rounds)


# Standings of a table tournament -----------------------------------------------------------------


@dataclass(frozen=True)
class StandingsRow:
    place: int
    shared: bool
    entry: Entry
    points: Fraction
    wins: int
    opponents: Fraction
    penalty: int
    tables: int
    head_to_head: int
    # the tie-break that set this player below the one listed above (`separated_from`), on
    # the same points (`table_standings.StandingRow.separated_by`); None when nothing tied them
    separated_by: str | None = None
    separated_from: Entry | None = None
    # the tie-breaks that set this player apart from a neighbour, above or below
    decided: frozenset[str] = frozenset()

    @property
    def entry_id(self) -> int:
        return self.entry.pk


@dataclass(frozen=True)
class TableStandings:
    tie_breaks: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    rounds_counted: int


# The default scale with its points worked out once: the standings look them up for every table.
LINEAR_SCALE = PlacementScale(
    custom=tuple((size, DEFAULT_SCALE.table_points(size)) for size in range(2, 7))
)


def scale_of(tournament: Tournament) -> PlacementScale:
    if not tournament.placement_points:
        return LINEAR_SCALE
    return PlacementScale.of(
        {int(size): points for size, points in tournament.placement_points.items()}
    )


def _table_result(table: TableView) -> engine_standings.TableResult:
    return engine_standings.TableResult(
        tuple(
            engine_standings.SeatResult(
                player=seat.entry.pk,
                place=cast(int, seat.place),  # a table that counts is finished: places are set
                penalty=seat.total or 0,
                won=seat.won,
            )
            for seat in table.seats
        )
    )


def table_standings(tournament: Tournament, view: TournamentView | None = None) -> TableStandings:
    """The standings over the qualifying and knockout rounds (not the final table), counting
    only the tables whose results count. Every entry is listed, dropped players included."""
    view = view or tournament_view(tournament)
    rounds = []
    for round_view in view.rounds:
        if round_view.round.kind == RoundKind.FINAL:
            continue
        counted = [_table_result(table) for table in round_view.tables if table.counts]
        if counted:
            rounds.append(counted)
    result = engine_standings.standings(
        rounds,
        tie_breaks=tournament.tie_breaks,
        scale=scale_of(tournament),
        players=list(view.entries),
    )
    engine_rows = result.rows
    entries = [view.entries[cast(int, row.player)] for row in engine_rows]  # our entry ids
    separations = [str(row.separated_by) if row.separated_by else None for row in engine_rows]
    below = [*separations[1:], None]
    rows = tuple(
        StandingsRow(
            place=row.place,
            shared=row.shared,
            entry=entries[index],
            points=row.points,
            wins=row.wins,
            opponents=row.opponents,
            penalty=row.penalty,
            tables=row.tables,
            head_to_head=row.head_to_head,
            separated_by=separations[index],
            separated_from=entries[index - 1] if separations[index] else None,
            decided=frozenset(key for key in (separations[index], below[index]) if key),
        )
        for index, row in enumerate(engine_rows)
    )
    return TableStandings(
        tie_breaks=tuple(str(tie_break) for tie_break in result.tie_breaks),
        rows=rows,
        rounds_counted=len(rounds),
    )


def knockout_advancement(
    tournament: Tournament, round: Round, view: TournamentView | None = None
) -> knockout.Advancement:
    """Who goes through from a knockout round, play-off places applied."""
    view = view or tournament_view(tournament)
    round_view = next(r for r in view.rounds if r.round.pk == round.pk)
    results = [_cut_result(table) for table in round_view.tables]
    return knockout.advancing(results, advance=tournament.advance, drop=tournament.drop)


def _cut_result(table: TableView) -> engine_standings.TableResult:
    """A table's order at the cut: place, then fewer penalty points, then the play-off place.

    A play-off only settles players the match left equal (place and penalty points): the places
    the director enters may cover just the tied players, or the whole table, and never overturn
    the match. Players without a play-off place come after those with one."""
    playoff = any(seat.playoff_place is not None for seat in table.seats)
    if not playoff or any(seat.place is None for seat in table.seats):
        return _table_result(table)
    keys = {
        seat.entry.pk: (
            seat.place,
            seat.total or 0,
            seat.playoff_place if seat.playoff_place is not None else len(table.seats) + 1,
        )
        for seat in table.seats
    }
    return engine_standings.TableResult(
        tuple(
            engine_standings.SeatResult(
                player=entry_id,
                place=1 + sum(1 for other in keys.values() if other < key),
                penalty=0,
            )
            for entry_id, key in keys.items()
        )
    )


# The final ranking -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankingRow:
    place: int
    entry: Entry
    stage: str  # how far the player went: "final", "round 3", ...
    still_playing: bool = False  # in a running bracket: the place is not theirs yet


def final_ranking(
    tournament: Tournament, view: TournamentView | None = None, *, by_round_reached: bool = False
) -> list[RankingRow]:
    """The ranking of a table tournament: the final table's places first (once it counts), then
    everyone else: by the qualifying standings, or with `by_round_reached` (a knockout) by the
    round reached (later first), then by the standings. Shared places stay shared. Ask the
    tournament's format: `format_of(tournament).final_ranking(tournament, view)`."""
    view = view or tournament_view(tournament)
    standings = table_standings(tournament, view)
    standing_key = {row.entry_id: (row.place, index) for index, row in enumerate(standings.rows)}
    final = next((r for r in view.rounds if r.round.kind == RoundKind.FINAL), None)
    final_places: dict[int, int] = {}
    if final is not None and final.complete:
        for seat in final.tables[0].seats:
            final_places[seat.entry.pk] = cast(int, seat.place)  # the final is complete
    reached: dict[int, int] = defaultdict(int)
    if by_round_reached:
        for round_view in view.rounds:
            for table in round_view.tables:
                for seat in table.seats:
                    reached[seat.entry.pk] = round_view.round.number

    def key(entry_id: int) -> tuple[int, int, int]:
        if entry_id in final_places:
            return (0, final_places[entry_id], 0)
        return (1, -reached[entry_id], standing_key[entry_id][0])

    ordered = sorted(view.entries, key=lambda entry_id: (key(entry_id), standing_key[entry_id][1]))
    rows = []
    place = 0
    for index, entry_id in enumerate(ordered):
        if index == 0 or key(ordered[index - 1]) != key(entry_id):
            place = index + 1
        if entry_id in final_places:
            stage = presenters.final_table_label()
        elif reached[entry_id]:
            stage = presenters.round_number_label(reached[entry_id])
        else:
            stage = ""
        rows.append(RankingRow(place=place, entry=view.entries[entry_id], stage=stage))
    return rows


# Self check-in and "where do I sit?" ------------------------------------------------------------


@dataclass(frozen=True)
class CheckInRow:
    """A player of the check-in list: here or not, the entry fee paid or still due."""

    entry: Entry
    paid: Decimal
    due: Decimal

    @property
    def name(self) -> str:
        return self.entry.player.name

    @property
    def here(self) -> bool:
        return self.entry.status == EntryStatus.CHECKED_IN

    @property
    def dropped(self) -> bool:
        return self.entry.status == EntryStatus.DROPPED


@dataclass(frozen=True)
class CheckInList:
    """Every entry by name, with the guests waiting for the director's approval."""

    rows: tuple[CheckInRow, ...]
    guests: tuple[GuestCheckIn, ...]  # waiting, oldest first

    @property
    def here(self) -> int:
        return sum(1 for row in self.rows if row.here)

    @property
    def expected(self) -> int:
        return sum(1 for row in self.rows if not row.dropped)

    @property
    def paid(self) -> Decimal:
        return sum((row.paid for row in self.rows), Decimal(0))

    @property
    def due(self) -> Decimal:
        return sum((row.due for row in self.rows), Decimal(0))

    @property
    def unpaid_here(self) -> int:
        """Players here whose entry fee is still due (checked in by phone, not paid yet)."""
        return sum(1 for row in self.rows if row.here and row.due)

    @property
    def latest(self) -> tuple[CheckInRow, ...]:
        """The last players checked in, the latest first."""
        here = [row for row in self.rows if row.entry.checked_in_at is not None and row.here]
        return tuple(
            sorted(here, key=lambda row: cast(datetime.datetime, row.entry.checked_in_at))[::-1]
        )

    @property
    def missing(self) -> tuple[CheckInRow, ...]:
        return tuple(row for row in self.rows if row.entry.status == EntryStatus.REGISTERED)


def name_key(name: str) -> str:
    """A name as the check-in and "where do I sit?" pages compare it: lower case, accents and
    extra spaces dropped ("Nicolò  D'Amico" -> "nicolo d'amico")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.split())


def check_in_list(tournament: Tournament) -> CheckInList:
    """Every entry of `tournament` by name: here or not, the fee paid (`Entry.has_paid`) or due
    (a player who dropped owes nothing more); and the guests waiting. Two queries."""
    fee = tournament.entry_fee
    rows = []
    for entry in tournament.entries.select_related("player"):
        paid = fee if entry.has_paid else Decimal(0)
        due = Decimal(0) if entry.has_paid or entry.status == EntryStatus.DROPPED else fee
        rows.append(CheckInRow(entry=entry, paid=paid, due=due))
    rows.sort(key=lambda row: (name_key(row.name), row.entry.seed))
    guests = tuple(tournament.guest_check_ins.filter(status=GuestStatus.PENDING))
    return CheckInList(rows=tuple(rows), guests=guests)


@dataclass(frozen=True)
class SeatRow:
    """A line of "who sits where": a player's name, their table's number and seat."""

    name: str
    table: int
    seat: int
    table_id: int


def by_name(rows: Iterable[SeatRow]) -> tuple[SeatRow, ...]:
    """Seat rows in the one order of every "who sits where" (the seating page, the projector,
    "where do I sit?"): by name (any case, accents or not), then table and seat."""
    return tuple(sorted(rows, key=lambda row: (name_key(row.name), row.table, row.seat)))


def seated_by_name(current: RoundView) -> tuple[SeatRow, ...]:
    """Who sits where in a round already read by `tournament_view`, by name: no query."""
    return by_name(
        SeatRow(
            name=seat.entry.player.name,
            table=table.table.number,
            seat=seat.seat,
            table_id=table.table.pk,
        )
        for table in current.tables
        for seat in table.seats
    )


@dataclass(frozen=True)
class SeatFinder:
    """A round's seating by name, and the seats of the players whose name holds `query`."""

    round: Round
    rows: tuple[SeatRow, ...]  # everyone, by name
    query: str
    found: tuple[SeatRow, ...]

    @property
    def searched(self) -> bool:
        return len(name_key(self.query)) >= FINDER_MIN_LETTERS


FINDER_MIN_LETTERS = 3


def seat_finder(round: Round, query: str = "") -> SeatFinder:
    """Who sits where in `round`, by name, and the rows whose name contains `query` (at least
    `FINDER_MIN_LETTERS` letters; any case, accents or not). One query."""
    rows = by_name(
        SeatRow(
            name=seat.entry.player.name,
            table=seat.table.number,
            seat=seat.seat,
            table_id=seat.table_id,
        )
        for seat in TableSeat.objects.filter(table__round=round).select_related(
            "entry__player", "table"
        )
    )
    wanted = name_key(query)
    found: tuple[SeatRow, ...] = ()
    if len(wanted) >= FINDER_MIN_LETTERS:
        found = tuple(row for row in rows if wanted in name_key(row.name))
    return SeatFinder(round=round, rows=rows, query=query.strip(), found=found)


# A director's questions before acting ------------------------------------------------------------


@dataclass(frozen=True)
class SeatNow:
    """Where an entry sits in a round not over yet: the round's number, the table's, and whether
    the round has started (a match being played) or is only seated."""

    round: int
    table: int
    started: bool


def seat_now(entry: Entry) -> SeatNow | None:
    """The entry's seat in a round being played or seated, at a table whose match is not over;
    None when there is none (one query)."""
    found = (
        TableSeat.objects.filter(
            entry=entry, table__round__status__in=[RoundStatus.SEATED, RoundStatus.RUNNING]
        )
        .exclude(table__match__status=MatchStatus.FINISHED)
        .order_by("-table__round__number")
        .values_list("table__round__number", "table__number", "table__round__status")
        .first()
    )
    if found is None:
        return None
    number, table, status = found
    return SeatNow(round=number, table=table, started=status == RoundStatus.RUNNING)


def matches_being_played(round: Round) -> int:
    """How many matches of the round are still being played (a time call would end them)."""
    return round.tables.filter(match__status=MatchStatus.IN_PROGRESS).count()
