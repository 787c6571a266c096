"""The rounds of a tournament as the services and the format registry share them: whether a
table's result counts, the players present for a round, closing the last round, and starting a
table's scoring match. No format is asked here: the format registry (`tournaments.formats`)
decides what happens next."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from base.rows import save_rows
from clubs.models import Player
from scoring import services as scoring
from scoring import table_codes
from scoring.models import Match
from tournaments.errors import TournamentActionError
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
)


def table_counts(tournament: Tournament, table: Table) -> bool:
    """Whether the table's result counts (the one rule: `Table.result_counts`)."""
    return table.result_counts(confirm_results=tournament.confirm_results)


def present_entries(tournament: Tournament, number: int) -> list[Entry]:
    """The players checked in and playing from round `number` on."""
    return list(
        tournament.entries.filter(
            status=EntryStatus.CHECKED_IN, first_round__lte=number
        ).select_related("player")
    )


def round_is_complete(tournament: Tournament, round: Round) -> bool:
    tables_ = list(round.tables.select_related("match"))
    return bool(tables_) and all(table_counts(tournament, table) for table in tables_)


def round_unfinished(round: Round, *, complete: bool) -> TournamentActionError | None:
    """Why the last round keeps the tournament from going on (seated but not started, or running
    with a table whose result does not count yet: `complete` says whether every one does), or
    None."""
    if round.status == RoundStatus.SEATED:
        return TournamentActionError(
            _("Round %(number)s is seated but not started yet.") % {"number": round.number},
            field="round",
        )
    if round.status == RoundStatus.RUNNING and not complete:
        return TournamentActionError(
            _(
                "Round %(number)s is not over: every table must be finished and its result "
                "confirmed."
            )
            % {"number": round.number},
            field="round",
        )
    return None


def still_playing_refusal(
    tournament: Tournament, last: Round | None, *, complete: bool | None = None
) -> TournamentActionError | None:
    """Why the round after `last` (the tournament's last round) may not be seated yet: `last` is
    seated but not started, or running with a table whose result does not count yet
    (`round_unfinished`); None before round 1 and once `last` is over. The one rule:
    `close_previous` (so `services.round_seat`) raises it, the director's console asks it and
    says it where the seat form would be. `complete`: whether every table of `last` counts, when
    the caller has read it (the console's view); else it is read here."""
    if last is None:
        return None
    if complete is None:
        complete = last.status != RoundStatus.RUNNING or round_is_complete(tournament, last)
    return round_unfinished(last, complete=complete)


def close_previous(tournament: Tournament) -> Round | None:
    """The last round, marked finished; refused while it is still being played
    (`still_playing_refusal`)."""
    last = tournament.rounds.order_by("-number").first()
    refusal = still_playing_refusal(tournament, last)
    if refusal is not None:
        raise refusal
    if last is None:
        return None
    if last.status == RoundStatus.RUNNING:
        last.status = RoundStatus.FINISHED
        last.save(update_fields=["status"])
    return last


def table_match_start(*, tournament: Tournament, table: Table, user) -> Match:
    """Start the scoring match of a table, its players in seat order (call inside a
    transaction that holds the tournament lock)."""
    return tables_match_start(tournament=tournament, tables=[table], user=user)[0]


def tables_match_start(*, tournament: Tournament, tables: Sequence[Table], user) -> list[Match]:
    """Start the scoring match of each table, its players in seat order (seat 1 deals first),
    with its table code; the matches in the tables' order (call inside a transaction that
    holds the tournament lock). In a number of queries that does not grow with the tables: the
    seats in one query, the matches by `scoring.matches_start`, the tables in one UPDATE, the
    codes by `table_codes.codes_issue`."""
    players: dict[int, list[Player]] = {table.pk: [] for table in tables}
    for seat in (
        TableSeat.objects.filter(table__in=[table.pk for table in tables])
        .select_related("entry__player")
        .order_by("table_id", "seat")
    ):
        players[seat.table_id].append(seat.entry.player)
    try:
        matches = scoring.matches_start(
            club=tournament.club,
            user=user,
            preset=tournament.preset,
            # the number alone: every page and printable says "Table %(label)s" around it, in
            # the reader's language ("Table Table 1" before)
            tables=[(players[table.pk], str(table.number)) for table in tables],
            options=tournament.rules,
        )
    except scoring.MatchError as error:
        raise TournamentActionError(error.message, field=error.field) from error
    for table, match in zip(tables, matches, strict=True):
        table.match = match
    save_rows(Table, tables, ["match"])
    # tournaments use table codes always: the round kit prints each table's beside its QR code
    table_codes.codes_issue(matches=matches, user=user)
    return matches
