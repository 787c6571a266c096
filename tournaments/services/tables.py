"""The tables of a table tournament: seating and reseating rounds, swaps, the round clock, time
calls, confirming a table's result and the places of a playoff table. Each service runs in one
transaction and locks the tournament row first (`select_for_update`), so two directors acting at
once never seat a round twice or confirm a table twice.

The algorithms (table sizes, seating, standings, knockout cuts) live in `tournaments.engine`;
these services read the facts, call the engine and store what it decided. Refusals are
`TournamentActionError`s in the user's language, naming the field at fault.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor, TableActor
from clubs.permissions import can_direct
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tournaments import rules
from tournaments.engine import seating, tables
from tournaments.engine.errors import TournamentError
from tournaments.errors import TournamentActionError
from tournaments.formats import SeatingPlan, format_of
from tournaments.locking import locked, refuse_if_finished
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.rounds import close_previous, tables_match_start
from tournaments.services.apart import apart_groups
from tournaments.signals import table_confirmed


class SwapMakesRepeats(TournamentActionError):
    """A swap refused because it would seat players together again (see `table_swap`)."""

    def __init__(self, repeats: list[dict[str, Any]]):
        self.repeats = repeats
        super().__init__(_("The swap would seat players together again."), field="second")


# Results of tables -------------------------------------------------------------------------------


@transaction.atomic
def table_confirm(*, table: Table, user: Actor, reason: str = "") -> Table:
    """Confirm a finished table's result. Locks the tournament row first.

    Who may: a director of the club, a player of that table (logged in), or a phone holding a
    seat of the table through its code (`TableActor`: confirmed at the table, as that seat);
    never whoever entered the result (a user who recorded any part of it, themselves or through
    a phone; a seat, phone or session that wrote any of it): the server enforces it here, before
    it says the match is not finished (403 before 400). A disputed result is
    confirmed by a director only, with a `reason`, which also overrides a confirmation at the
    table. Confirming a result already confirmed (and unchanged since) keeps the first
    confirmation, unless a director overrides it with a reason."""
    tournament = locked(table.round.tournament)
    refuse_if_finished(tournament)
    table = Table.objects.select_related("match").get(pk=table.pk)
    reason = reason.strip()
    refusal = rules.confirm_refusal(table, user)
    if refusal is not None:
        raise refusal
    match = table.match
    assert match is not None  # confirm_refusal refuses a table without a match
    join = rules.phone_join(match, user) if isinstance(user, TableActor) else None
    if join is None and table.disputed_at is not None and not reason:
        raise TournamentActionError(
            _("The result is disputed: say why you confirm it."), field="reason"
        )
    already = table.confirmed_at is not None and table.confirmed_revision == match.revision
    if already and not reason:
        return table  # confirmed meanwhile by someone else: the first confirmation stands
    table.confirm(user=user, join=join, reason=reason, revision=match.revision)
    # what a confirmed result moves on: a bracket (`pairings`), the ratings (club life)
    table_confirmed.send(sender=Table, table=table, tournament=tournament, user=user)
    return table


@transaction.atomic
def table_dispute(*, table: Table, user: Actor, message: str) -> Table:
    """A phone holding a seat of the table (joined with its code) or a logged-in player of the
    table says the result is not right: the director's console flags the table with the
    message. Locks the tournament row first. Refused once the result is confirmed (the director
    then decides)."""
    tournament = locked(table.round.tournament)
    refuse_if_finished(tournament)
    table = Table.objects.select_related("match").get(pk=table.pk)
    match = table.match
    if match is None:
        raise TournamentActionError(_("This table has not started yet."), field="table")
    message = message.strip()
    if not message:
        raise TournamentActionError(_("Say what is not right, for the director."), field="message")
    if isinstance(user, TableActor):
        join = rules.phone_join(match, user)
        if join is None:
            raise rules.ConfirmRefused(
                _("This phone's table code does not open this table (any more)."),
                why="code",
                field="code",
            )
        if not join.holds_seat:  # a follower writes nothing, a dispute included
            raise TournamentActionError(
                _("This phone follows the match without a seat: a player's phone disputes it."),
                field="user",
                status=403,
            )
        name = join.name
    elif (
        user is not None
        and user.is_authenticated
        and (match.seats.filter(player__user=user).exists() or can_direct(user, tournament.club))
    ):
        name = user.get_username()
    else:
        raise TournamentActionError(
            _("Only a player of this table can dispute its result."), field="user", status=403
        )
    if table.is_confirmed_for(match):
        raise TournamentActionError(
            _("The result is confirmed already: tell the director."), field="table"
        )
    table.dispute(message=message, name=name)
    return table


# Seating rounds (table formats) ------------------------------------------------------------------


def history(tournament: Tournament) -> list[list[list[int]]]:
    """Every seated round so far: tables of entry ids in seat order."""
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, table_number, entry_id in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by("table__round__number", "table__number", "seat")
        .values_list("table__round__number", "table__number", "entry_id")
    ):
        rounds.setdefault(round_number, {}).setdefault(table_number, []).append(entry_id)
    return [list(tables_.values()) for _number, tables_ in sorted(rounds.items())]


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def _store_report(
    report: seating.SeatingReport, names: dict[tables.PlayerId, str]
) -> dict[str, Any]:
    """The seating report as JSON, with names: notices keep their English template (translated
    when shown) and parameters with player ids replaced by names."""

    def name(player: tables.PlayerId) -> str:
        return names.get(player, str(player))

    notices = []
    for notice in report.gave_way:
        params = dict(notice.params)
        if "player" in params:
            params["player"] = name(params["player"])
        if "players" in params:
            params["players"] = ", ".join(name(player) for player in params["players"])
        if "method" in params:
            params["method"] = str(params["method"])
        notices.append({"message": notice.message, "params": params})
    return {
        "repeats": [
            {
                "players": [name(player) for player in pair.players],
                "table": pair.table,
                "before": pair.before,
            }
            for pair in report.repeats
        ],
        "repeat_cost": report.repeat_cost,
        "repeat_bound": report.repeat_bound,
        "apart": [
            {
                "players": [name(player) for player in pair.players],
                "table": pair.table,
                "group": pair.group,
                "hard": pair.hard,
            }
            for pair in report.apart
        ],
        "first_seat_spread": report.first_seat_spread,
        "notices": notices,
    }


def _named_refusal(
    error: TournamentError, names: dict[tables.PlayerId, str]
) -> TournamentActionError:
    """An engine refusal in the user's language, the entry ids it names replaced by names."""
    for key in ("player", "first", "second"):
        if key in error.params:
            error.params[key] = names.get(error.params[key], error.params[key])
    return TournamentActionError.from_engine(error)


def _create_tables(round: Round, seated: Sequence[Sequence[tables.PlayerId]]) -> None:
    tables_ = Table.objects.bulk_create(
        Table(round=round, number=number) for number in range(1, len(seated) + 1)
    )
    TableSeat.objects.bulk_create(
        TableSeat(table=table, entry_id=entry_id, seat=seat)
        for table, players in zip(tables_, seated, strict=True)
        for seat, entry_id in enumerate(players, start=1)
    )


@transaction.atomic
def round_seat(
    *, tournament: Tournament, user: Actor, method: str | None = None, seed: int | None = None
) -> Round:
    """Seat the next round of a table tournament and store its seating report.

    Rounds format: the qualifying rounds, then the final table (the top of the standings).
    Knockout: the players going through from the last round, until they fit one final table.
    The seating is reproducible: the method and seed are stored with the round.
    """
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    kind = format_of(tournament).require_tables()
    previous = close_previous(tournament)
    number = previous.number + 1 if previous else 1
    if previous is not None and previous.kind == RoundKind.FINAL:
        raise TournamentActionError(
            _("The final table has been played: finish the tournament."), field="round"
        )
    seed = _new_seed() if seed is None else seed
    plan = kind.plan_round(tournament, previous, number)
    if plan.finalists is not None:
        return _seat_final(tournament, number, list(plan.finalists), seed)
    return _seat_tables(tournament, number, plan, method, seed)


def _seat_tables(
    tournament: Tournament, number: int, plan: SeatingPlan, method: str | None, seed: int
) -> Round:
    """Seat round `number` of the plan's players at tables, by `method` (default: the
    tournament's method for round 1 or later rounds)."""
    players = plan.players
    ranks: dict[tables.PlayerId, int] = {
        player: rank for player, rank in (plan.ranks or {}).items()
    }
    if len(players) < 2:
        raise TournamentActionError(
            _("At least 2 players must be checked in to seat a round (now: %(count)s).")
            % {"count": len(players)},
            field="entries",
        )
    method = method or (tournament.first_seating if number == 1 else tournament.seating)
    if method not in SeatingMethod.values:
        raise TournamentActionError(
            _("%(value)s is not a seating method; choose among: %(choices)s.")
            % {"value": method, "choices": ", ".join(SeatingMethod.values)},
            field="method",
        )
    try:
        result = seating.seat_round(
            ranks,
            method=method,
            seed=seed,
            history=history(tournament),
            preferred=tournament.table_size,
            minimum=tournament.table_size_min,
            maximum=tournament.table_size_max,
            apart=apart_groups(tournament),
        )
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    names: dict[tables.PlayerId, str] = {entry.pk: entry.player.name for entry in players}
    round = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=plan.kind,
        seating_method=method,
        seed=seed,
        report=_store_report(result.report, names),
    )
    _create_tables(round, result.seating.tables)
    return round


def _seat_final(
    tournament: Tournament, number: int, finalists: Sequence[tables.PlayerId], seed: int
) -> Round:
    """The final table: the finalists in standings order; the leader deals first."""
    if len(finalists) < 2:
        raise TournamentActionError(
            _("At least 2 players are needed at the final table."), field="entries"
        )
    round = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=RoundKind.FINAL,
        seating_method="",
        seed=seed,
        report={},
    )
    _create_tables(round, [finalists])
    return round


@transaction.atomic
def round_reseat(
    *, round: Round, user: Actor, method: str | None = None, seed: int | None = None
) -> Round:
    """Seat a round again (another method or seed) before it starts."""
    tournament = locked(round.tournament)
    round = Round.objects.get(pk=round.pk)
    if round.status != RoundStatus.SEATED:
        raise TournamentActionError(
            _("Round %(number)s has started; its seating cannot change.")
            % {"number": round.number},
            field="round",
        )
    if tournament.rounds.filter(number__gt=round.number).exists():
        raise TournamentActionError(_("Only the last round can be seated again."), field="round")
    round.delete()
    return round_seat(tournament=tournament, user=user, method=method, seed=seed)


@transaction.atomic
def table_swap(
    *, round: Round, user: Actor, first: Entry, second: Entry, allow_repeats: bool = True
) -> dict[str, Any]:
    """Swap two players' seats before the round starts. Returns the new seating report, and in
    `new_repeats` the repeated meetings the swap created. With `allow_repeats` False a swap that
    creates one is not made: `SwapMakesRepeats` carries them, so the page can ask first. A swap
    that seats two players of a hard keep-apart group together is refused."""
    tournament = locked(round.tournament)
    round = Round.objects.get(pk=round.pk)
    if round.status != RoundStatus.SEATED:
        raise TournamentActionError(
            _("Round %(number)s has started; its seating cannot change.")
            % {"number": round.number},
            field="round",
        )
    if first.pk == second.pk:
        raise TournamentActionError(_("Choose two different players."), field="second")
    seats = {
        seat.entry_id: seat
        for seat in TableSeat.objects.filter(table__round=round, entry__in=[first, second])
    }
    for field, entry in (("first", first), ("second", second)):
        if entry.pk not in seats:
            raise TournamentActionError(
                _("%(name)s is not seated in this round.") % {"name": entry.player.name},
                field=field,
            )
    a, b = seats[first.pk], seats[second.pk]
    before = {tuple(pair["players"]) for pair in round.report.get("repeats", [])}
    names: dict[tables.PlayerId, str] = dict(tournament.entries.values_list("pk", "player__name"))
    TableSeat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    TableSeat.objects.bulk_create(
        [
            TableSeat(table_id=a.table_id, seat=a.seat, entry_id=b.entry_id),
            TableSeat(table_id=b.table_id, seat=b.seat, entry_id=a.entry_id),
        ]
    )
    seated = [
        list(table.seats.values_list("entry_id", flat=True).order_by("seat"))
        for table in round.tables.order_by("number")
    ]
    earlier = history(tournament)[: round.number - 1]
    try:
        report = seating.seating_report(seated, history=earlier, apart=apart_groups(tournament))
    except TournamentError as error:
        raise _named_refusal(error, names) from error
    stored = _store_report(report, names)
    round.report = stored
    round.save(update_fields=["report"])
    new = [pair for pair in stored["repeats"] if tuple(pair["players"]) not in before]
    if new and not allow_repeats:
        raise SwapMakesRepeats(new)  # rolls the swap back
    return {**stored, "new_repeats": new}


@transaction.atomic
def round_start(*, round: Round, user: Actor) -> Round:
    """Start the round: every table gets its scoring match (the tournament's rule set, players
    in seat order, seat 1 deals first) and its table code, and the round clock starts. Locks
    the tournament row first. In a number of queries that does not grow with the tables
    (`tournaments.rounds.tables_match_start`; issue 27)."""
    tournament = locked(round.tournament)
    refuse_if_finished(tournament)
    round = Round.objects.get(pk=round.pk)
    if round.status != RoundStatus.SEATED:
        raise TournamentActionError(
            _("Round %(number)s has already started.") % {"number": round.number}, field="round"
        )
    dropped = list(
        TableSeat.objects.filter(table__round=round, entry__status=EntryStatus.DROPPED).values_list(
            "entry__player__name", flat=True
        )
    )
    if dropped:
        raise TournamentActionError(
            _("%(names)s dropped out after the seating: seat the round again.")
            % {"names": ", ".join(dropped)},
            field="round",
        )
    tables_match_start(
        tournament=tournament, tables=list(round.tables.order_by("number")), user=user
    )
    now = timezone.now()
    round.status = RoundStatus.RUNNING
    round.clock_started_at = now
    round.save(update_fields=["status", "clock_started_at"])
    if tournament.status == TournamentStatus.REGISTRATION:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    return round


# The round clock ---------------------------------------------------------------------------------


def _running(round: Round) -> Round:
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.status != RoundStatus.RUNNING:
        raise TournamentActionError(
            _("Round %(number)s is not being played.") % {"number": round.number}, field="round"
        )
    return round


@transaction.atomic
def round_clock_pause(*, round: Round, user: Actor) -> Round:
    round = _running(round)
    if round.time_called_at is None and round.clock_paused_at is None:
        round.clock_paused_at = timezone.now()
        round.save(update_fields=["clock_paused_at"])
    return round


@transaction.atomic
def round_clock_resume(*, round: Round, user: Actor) -> Round:
    round = _running(round)
    if round.clock_paused_at is not None:
        paused = timezone.now() - round.clock_paused_at
        round.clock_paused_seconds += int(paused.total_seconds())
        round.clock_paused_at = None
        round.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
    return round


@transaction.atomic
def round_call_time(*, round: Round, user: Actor) -> int:
    """Time: every unfinished match of the round ends now, ranked by its current totals
    (RULES.md section 4); in a Burraco turno each table enters its hand in progress as ended by
    time instead, which ends its match (the format's `time_call_ends_matches`). Returns how
    many matches were ended. Locks the tournament row first, then the matches, then the round.
    In a number of queries that does not grow with the tables
    (`scoring.services.matches_call_time`; issue 27)."""
    tournament = locked(round.tournament)
    # The matches before the round, in id order: a hand holds its match and then waits for the
    # bracket's round lock, so taking the round first and a match after could deadlock.
    matches = list(
        Match.objects.select_for_update(of=("self",))
        .filter(tournament_table__round=round, status=MatchStatus.IN_PROGRESS)
        .order_by("pk")
    )
    if not format_of(tournament).time_call_ends_matches():
        matches = []  # each table enters its hand in progress as ended by time
    round = _running(round)
    now = timezone.now()
    if round.clock_paused_at is not None:
        round.clock_paused_seconds += int((now - round.clock_paused_at).total_seconds())
        round.clock_paused_at = None
    round.time_called_at = now
    round.save(update_fields=["time_called_at", "clock_paused_at", "clock_paused_seconds"])
    try:
        ended = scoring.matches_call_time(matches=matches, user=user)
    except scoring.MatchError as error:
        raise TournamentActionError(error.message, field="round") from error
    return len(ended)


# Play-offs and the end ---------------------------------------------------------------------------


@transaction.atomic
def playoff_places(*, table: Table, user: Actor, places: dict[int, int]) -> Table:
    """Record the places of a play-off between players tied across a knockout cut:
    `places` maps entry id to the place the play-off gave at this table."""
    tournament = locked(table.round.tournament)
    refuse_if_finished(tournament)
    table = Table.objects.select_related("match").get(pk=table.pk)
    if table.match is None or table.match.status != MatchStatus.FINISHED:
        raise TournamentActionError(
            _("The match at this table is not finished yet."), field="table"
        )
    if tournament.rounds.filter(number__gt=table.round.number).exists():
        raise TournamentActionError(
            _("The next round is seated: the play-off can no longer change it."), field="table"
        )
    seats = {seat.entry_id: seat for seat in table.seats.all()}
    for entry_id, place in places.items():
        if entry_id not in seats:
            raise TournamentActionError(
                _("Only players of this table can have a play-off place."), field="places"
            )
        if isinstance(place, bool) or not isinstance(place, int) or place < 1:
            raise TournamentActionError(
                _("A play-off place is a whole number of at least 1."), field="places"
            )
        if place > len(seats):
            raise TournamentActionError(
                _("A play-off place goes from 1 to %(count)s, the players at this table.")
                % {"count": len(seats)},
                field="places",
            )
    for entry_id, place in places.items():
        seats[entry_id].playoff_place = place
    TableSeat.objects.bulk_update(list(seats.values()), ["playoff_place"])
    return table
