"""Gin tournaments: the draw, the next round of a Swiss or round robin, the director's fixes, and
the bracket that moves its players on by itself.

Every pairing or bracket match is a `Table` with two `TableSeat`s (seat 1 deals first) and its
scoring `Match`, played with the tournament's Gin rule set. A bracket is one round (kind BRACKET)
whose tables appear as its matches become ready: after every change of one of its matches
(`on_match_changed`, receiving `scoring.signals.match_changed` inside the scoring transaction),
every confirmed result (`on_table_confirmed`, receiving `tournaments.signals.table_confirmed`;
both connected in `PairingsConfig.ready()`) and every fix, `sync_bracket` replays the bracket
from the results in force and creates, replaces or leaves the tables.

Each service locks the tournament row first (`select_for_update`), like `tournaments.services`.
Every replay of the bracket (`_sync`) also locks the bracket's round row, after the tournament and
the match rows: that lock, not the tournament's, is what `on_match_changed` takes, because it runs
while the scoring service holds the match row (see `on_match_changed`).
Services do not check who may act: views and the API ask `can_direct` first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from pairings.engine import brackets as engine
from pairings.engine.standings import Round as EngineRound
from pairings.formats import (
    BracketFormat,
    bracket_format_of,
    paired_format_of,
    rounds_format_of,
)
from pairings.selectors.facts import TableFacts
from pairings.selectors.rounds import PairingRound, pairing_rounds
from scoring.games import game_of
from scoring.models import Match
from tournaments.errors import TournamentActionError
from tournaments.locking import locked, locked_bracket, refuse_if_finished, user_or_none
from tournaments.models import (
    Entry,
    EntryStatus,
    ResultFix,
    Round,
    RoundKind,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.rounds import table_match_start, tables_match_start

# The draw ----------------------------------------------------------------------------------------


@transaction.atomic
def draw(*, tournament: Tournament, user: Actor) -> Round:
    """Start a Gin tournament from its checked-in players, in seed order.

    Brackets: the whole bracket is drawn (one round, kind BRACKET) and every match that can be
    played now gets its table and match. Round robin: the schedule is fixed by the draw; round 1
    is created. Swiss: round 1 is paired by seed. The tournament is then running.
    """
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    kind = paired_format_of(tournament)
    if tournament.rounds.exists():
        raise TournamentActionError(_("The draw has already been made."), field="round")
    players = list(
        tournament.entries.filter(status=EntryStatus.CHECKED_IN)
        .order_by("seed")
        .values_list("pk", flat=True)
    )
    if len(players) < 2:
        raise TournamentActionError(
            _("At least 2 players must be checked in for the draw (now: %(count)s).")
            % {"count": len(players)},
            field="entries",
        )
    now = timezone.now()
    if isinstance(kind, BracketFormat):
        round = Round.objects.create(
            tournament=tournament,
            number=1,
            kind=RoundKind.BRACKET,
            status=RoundStatus.RUNNING,
            clock_started_at=now,
            report={"players": players},
        )
        _sync(kind, tournament, round, user)
    else:
        first = kind.first_pairings(tournament, players)
        round = _create_pairing_round(
            tournament, 1, first, user, extra={"players": players}, now=now
        )
    tournament.status = TournamentStatus.RUNNING
    tournament.save(update_fields=["status"])
    return round


def _create_pairing_round(
    tournament: Tournament,
    number: int,
    pairing_round: EngineRound,
    user: Actor,
    *,
    extra: dict[str, object] | None = None,
    forfeits: Sequence[engine.PlayerId] | None = None,
    now: datetime | None = None,
) -> Round:
    round = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=RoundKind.PAIRING,
        status=RoundStatus.RUNNING,
        clock_started_at=now or timezone.now(),
        report={**(extra or {}), "bye": pairing_round.bye, "forfeits": forfeits or []},
    )
    entries: dict[engine.PlayerId, Entry] = {
        entry.pk: entry
        for entry in Entry.objects.filter(
            pk__in=[p for pairing in pairing_round.pairings for p in pairing.players]
        ).select_related("player")
    }
    pairings = [
        (number, None, pairing.players)
        for number, pairing in enumerate(pairing_round.pairings, start=1)
    ]
    _open_tables(tournament, round, pairings, entries, user)
    return round


def _open_tables(
    tournament: Tournament,
    round: Round,
    opening: Sequence[tuple[int, int | None, Sequence[engine.PlayerId]]],
    entries: Mapping[engine.PlayerId, Entry],
    user: Actor,
) -> list[Table]:
    """A table for each of `opening` (its number, its bracket match or None, its players: entry
    ids, the first deals first), seated, with its match started: every table, seat and match at
    once (`tables_match_start`), in a number of queries that does not grow with them."""
    if not opening:
        return []
    tables = Table.objects.bulk_create(
        Table(round=round, number=number, bracket_match=bracket_match)
        for number, bracket_match, _players in opening
    )
    TableSeat.objects.bulk_create(
        TableSeat(table=table, entry=entries[player], seat=seat)
        for table, (_number, _match, players) in zip(tables, opening, strict=True)
        for seat, player in enumerate(players, start=1)
    )
    tables_match_start(tournament=tournament, tables=tables, user=user)
    return tables


def _seat(
    tournament: Tournament,
    table: Table,
    players: Sequence[engine.PlayerId],
    entries: Mapping[engine.PlayerId, Entry],
    user: Actor,
) -> None:
    """Seat `players` (entry ids, the first deals first) at `table` and start its match."""
    TableSeat.objects.bulk_create(
        TableSeat(table=table, entry=entries[player], seat=seat)
        for seat, player in enumerate(players, start=1)
    )
    table_match_start(tournament=tournament, table=table, user=user)


# Swiss and round robin: the next round -----------------------------------------------------------


def planned_rounds(tournament: Tournament, round_one: Round | None) -> int:
    """How many rounds the tournament has: Swiss as set (0: enough for a single perfect score),
    round robin the whole schedule of the players drawn."""
    return paired_format_of(tournament).planned_rounds(tournament, round_one)


def _last_round_counts(tournament: Tournament) -> tuple[list[PairingRound], bool]:
    rounds = pairing_rounds(tournament)
    return rounds, bool(rounds) and rounds[-1].complete


@transaction.atomic
def next_round(*, tournament: Tournament, user: Actor) -> Round:
    """Pair the next round of a Swiss or round robin, once every table of the last round counts.
    Dropped players are not paired any more (in a round robin their opponent has a bye)."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    kind = rounds_format_of(tournament)
    rounds, complete = _last_round_counts(tournament)
    if not rounds:
        raise TournamentActionError(_("Make the draw first."), field="round")
    last = rounds[-1].round
    if not complete:
        raise TournamentActionError(
            _(
                "Round %(number)s is not over: every match must have a result (confirmed, "
                "when the tournament asks for it) or a fix by the director."
            )
            % {"number": last.number},
            field="round",
        )
    number = last.number + 1
    planned = kind.planned_rounds(tournament, rounds[0].round)
    if number > planned:
        raise TournamentActionError(
            _("Every round has been played: finish the tournament."), field="round"
        )
    Round.objects.filter(tournament=tournament, status=RoundStatus.RUNNING).update(
        status=RoundStatus.FINISHED
    )
    dropped = set(
        tournament.entries.filter(status=EntryStatus.DROPPED).values_list("pk", flat=True)
    )
    paired, forfeits = kind.next_pairings(tournament, rounds, number, dropped)
    return _create_pairing_round(tournament, number, paired, user, forfeits=forfeits)


# The director's fixes ----------------------------------------------------------------------------


@transaction.atomic
def result_fix(
    *, table: Table, user: Actor, winner: Entry | None, walkover: bool = False, reason: str
) -> ResultFix:
    """The director's word on a pairing or bracket match: a walkover (the opponent did not play),
    or a corrected winner; `winner` None clears the fix in force, and the match's own result
    counts again. The fix stands over the match's result, whatever happens at the table. Every
    fix is kept (append-only); a bracket is replayed after it."""
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    tournament = locked(table.round.tournament)
    refuse_if_finished(tournament)
    bracket = bracket_format_of(tournament)
    if bracket is not None:
        locked_bracket(tournament)  # check the players against results no hand is changing
    if table.round.kind not in (RoundKind.BRACKET, RoundKind.PAIRING):
        raise TournamentActionError(
            _("Only the result of a pairing or a bracket match can be fixed."), field="table"
        )
    reason = (reason or "").strip()
    if not reason:
        raise TournamentActionError(_("Say why the result is fixed."), field="reason")
    seats = list(table.seats.order_by("seat").values_list("entry_id", flat=True))
    current = table.fixes.filter(is_current=True).first()
    if winner is None:
        if walkover:
            raise TournamentActionError(_("A walkover needs a winner."), field="winner")
        if current is None or current.winner_id is None:
            raise TournamentActionError(_("This match has no fix to clear."), field="winner")
    elif winner.pk not in seats:
        raise TournamentActionError(
            _("%(name)s does not play this match.") % {"name": winner.player.name},
            field="winner",
        )
    if bracket is not None and winner is not None:
        _refuse_if_bracket_moved(bracket, tournament, table, seats)
    if current is not None:
        current.is_current = False
        current.save(update_fields=["is_current"])
    fix = ResultFix.objects.create(
        table=table,
        winner=winner,
        walkover=walkover,
        reason=reason,
        is_current=True,
        created_by=user_or_none(user),
    )
    if bracket is not None:
        _sync(bracket, tournament, table.round, user)
    return fix


def _refuse_if_bracket_moved(
    bracket: BracketFormat, tournament: Tournament, table: Table, seats: list[int]
) -> None:
    """Refuse a winner for a bracket table whose players are no longer those of its match (an
    earlier result changed), or whose match is no longer needed."""
    view = bracket.bracket_of(tournament)
    # a bracket tournament's match tables belong to its drawn bracket
    assert view.bracket is not None and table.bracket_match is not None
    match = view.bracket.match(table.bracket_match)
    if set(seats) != {player for player in match.players if player is not None}:
        raise TournamentActionError(
            _(
                "The players of match %(match)s have changed since this table was set: "
                "fix the earlier result first."
            )
            % {"match": table.bracket_match},
            field="table",
        )
    if match.status is engine.MatchStatus.NOT_NEEDED:
        raise TournamentActionError(
            _("Match %(match)s is not needed.") % {"match": table.bracket_match},
            field="table",
        )


# The bracket moves on ----------------------------------------------------------------------------


def on_match_changed(sender: object, match: Match, **kwargs: object) -> None:
    """A scoring match changed: if it is a bracket match, the bracket moves its players on.

    The scoring service already holds the match row here, and `entry_drop` takes the tournament
    row and then (withdrawing the player) the match row: taking the tournament row here would be
    the reverse order, and PostgreSQL would break the deadlock by failing one of the two. So only
    the bracket's round row is locked, which every replay of the bracket takes last."""
    if not game_of(match).played_in_pairs:
        return
    round_id = (
        Table.objects.filter(match=match, round__kind=RoundKind.BRACKET)
        .values_list("round_id", flat=True)
        .first()
    )
    if round_id is None:
        return
    round = Round.objects.select_for_update().get(pk=round_id)  # this row only: no join
    tournament = Tournament.objects.get(pk=round.tournament_id)  # read once the lock is held
    if tournament.status == TournamentStatus.FINISHED:
        return
    _sync(_bracket_format(tournament), tournament, round, None)


def on_matches_changed(sender: object, matches: Sequence[Match], **kwargs: object) -> None:
    """`on_match_changed` for a batch of matches (`scoring.signals.matches_changed`: time called
    on a round, a round's matches started), in a number of queries that does not grow with them:
    each bracket among their tables is replayed once, after all of them changed (same locks)."""
    paired = [match.pk for match in matches if game_of(match).played_in_pairs]
    if not paired:
        return
    round_ids = sorted(
        set(
            Table.objects.filter(match__in=paired, round__kind=RoundKind.BRACKET).values_list(
                "round_id", flat=True
            )
        )
    )
    for round_id in round_ids:
        round = Round.objects.select_for_update().get(pk=round_id)  # this row only: no join
        tournament = Tournament.objects.get(pk=round.tournament_id)  # read once the lock is held
        if tournament.status != TournamentStatus.FINISHED:
            _sync(_bracket_format(tournament), tournament, round, None)


@transaction.atomic
def sync_bracket(tournament: Tournament, user: Actor = None) -> None:
    """Replay the bracket from the results in force and bring its tables in line: a match that
    became ready gets its table and match; a table whose players no longer play its match (an
    earlier result was fixed) is set again if its match has no event yet (and no hand is being
    recorded on it right now), and otherwise left as it is (the bracket page lists it as a
    conflict for the director)."""
    tournament = locked(tournament)
    round = locked_bracket(tournament)
    if round is None:
        return
    _sync(_bracket_format(tournament), tournament, round, user)


def on_table_confirmed(
    sender: object, table: Table, tournament: Tournament, user: Actor = None, **kwargs: object
) -> None:
    """`tournaments.signals.table_confirmed` receiver (inside the confirmation's transaction,
    the tournament row locked): a confirmed result is what moves a bracket on when results need
    confirmation."""
    if bracket_format_of(tournament) is not None:
        sync_bracket(tournament, user=user)


def _bracket_format(tournament: Tournament) -> BracketFormat:
    """The format of a tournament known to have a bracket (its bracket round exists)."""
    kind = bracket_format_of(tournament)
    assert kind is not None  # only a bracket format draws a bracket round
    return kind


def _being_played(match_id: int | None) -> bool:
    """Whether a hand is being recorded on the match right now (another transaction holds its
    row); otherwise its row is locked here until the transaction ends.

    A replay of the bracket holds the round, and a bracket match's hand holds its match and then
    waits for the round (`on_match_changed`): waiting here for that match's row, to set its
    table again and delete it, would deadlock. Such a match counts as played instead; once its
    hand is in, the table is a conflict for the director, as for any played match."""
    if match_id is None:
        return False
    rows = Match.objects.select_for_update(skip_locked=True).filter(pk=match_id)
    return not list(rows.values_list("pk", flat=True))


def _sync(kind: BracketFormat, tournament: Tournament, round: Round, user: Actor) -> None:
    view = kind.bracket_of(tournament)
    bracket = view.bracket
    assert bracket is not None  # synced once drawn
    entries: dict[engine.PlayerId, Entry] = {
        entry.pk: entry
        for entry in Entry.objects.filter(pk__in=bracket.players).select_related("player")
    }
    opening: list[tuple[int, int | None, Sequence[engine.PlayerId]]] = []
    for match in bracket.matches:
        facts = view.table_facts.get(match.number)
        players = tuple(player for player in match.players if player is not None)
        wanted = match.status in (engine.MatchStatus.READY, engine.MatchStatus.PLAYED)
        if facts is None:
            if match.status is engine.MatchStatus.READY:  # opened below, all at once
                opening.append((match.number, match.number, players))
            continue
        fits = wanted and tuple(facts.seats) == players
        if fits or facts.has_events or _being_played(facts.table.match_id):
            continue
        # An unplayed table whose players changed: set it again, or take it away.
        _clear_stale_fix(facts, user)
        old = facts.table.match
        table = facts.table
        table.seats.all().delete()
        table.match = None
        table.save(update_fields=["match"])
        table.clear_result()  # every word said of the old match's result, a dispute included
        if wanted:
            _seat(tournament, table, players, entries, user)
        elif not table.fixes.exists():
            table.delete()
        _delete_unplayed(old)
    _open_tables(tournament, round, opening, entries, user)
    finished = bracket.finished
    status = RoundStatus.FINISHED if finished else RoundStatus.RUNNING
    if round.status != status:
        round.status = status
        round.save(update_fields=["status"])


def _clear_stale_fix(facts: TableFacts, user: Actor) -> None:
    """A fix naming a player who no longer plays the match is cleared, with the reason said."""
    current = next((fix for fix in facts.fixes if fix.is_current), None)
    if current is None or current.winner_id is None:
        return
    ResultFix.objects.filter(pk=current.pk).update(is_current=False)
    ResultFix.objects.create(
        table=facts.table,
        winner=None,
        reason=gettext("The players of this match changed after an earlier result was fixed."),
        is_current=True,
        created_by=user_or_none(user),
    )


def _delete_unplayed(match: Match | None) -> None:
    """Delete a match with no event that no table uses any more; keep it if anything refers to
    it (it is then an orphan match of the club, still harmless)."""
    if match is None:
        return
    try:
        with transaction.atomic():
            match.delete()
    except (ProtectedError, IntegrityError):
        pass
