"""Everything that changes a tournament. Each service runs in one transaction and locks the
tournament row first (`select_for_update`), so two directors acting at once never seat a round
twice or confirm a table twice.

The algorithms (table sizes, seating, standings, knockout cuts, payouts) live in
`tournaments.engine`; these services read the facts, call the engine and store what it decided.
Refusals are `TournamentActionError`s in the user's language, naming the field at fault.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, cast

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Field, Max
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.models import Club, Player
from clubs.permissions import can_direct
from scoring import services as scoring
from scoring.engine import EngineError, rules_for
from scoring.engine.rules import MONEY_MAX
from scoring.models import ClosedReason, EventVersion, Match, MatchStatus
from tournaments import pairing_services
from tournaments.engine import payouts, seating, tables
from tournaments.engine.errors import TournamentError
from tournaments.errors import TournamentActionError as TournamentActionError
from tournaments.formats import SeatingPlan, format_named, format_of
from tournaments.locking import locked, refuse_if_finished, user_or_none
from tournaments.models import (
    Entry,
    EntryStatus,
    Reopening,
    Round,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.rounds import close_previous, table_match_start

# Kept importable from here, where callers and tests have always found them: the refusal of every
# tournaments service (`tournaments.errors`) and whether a table's result counts.
from tournaments.rounds import table_counts as table_counts
from tournaments.signals import table_confirmed


def checked_name(name: str, *, field: str = "name") -> str:
    """A tournament's or season's name as stored (`clubs.validators.clean_name`), or
    `TournamentActionError` on `field`."""
    try:
        return validators.clean_name(name, max_length=validators.NAME_LENGTH)
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field=field) from None


def checked_day(day: datetime.date, *, field: str) -> datetime.date:
    """A planned date (a tournament's, a season's) within `clubs.validators`' years, or
    `TournamentActionError` on `field`."""
    try:
        return validators.clean_day(day, planned=True)
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field=field) from None


class SwapMakesRepeats(TournamentActionError):
    """A swap refused because it would seat players together again (see `table_swap`)."""

    def __init__(self, repeats: list[dict[str, Any]]):
        self.repeats = repeats
        super().__init__(_("The swap would seat players together again."), field="second")


# Settings ----------------------------------------------------------------------------------------

SIZE_SETTINGS = {
    "preferred": "table_size",
    "minimum": "table_size_min",
    "maximum": "table_size_max",
}


# The whole-number settings and the range each may take; the API and the form take theirs from
# here. (The table sizes are the engine's: `tables.check_size_range`.)
SETTING_RANGES: dict[str, tuple[int, int]] = {
    "rounds_planned": (0, 100),
    "final_table_size": (0, 6),
    "advance": (1, 5),
    "drop": (1, 5),
    "cycles": (1, 2),
    "round_minutes": (0, 1440),
}
SETTING_RANGE_MESSAGE = _("Enter a whole number from %(minimum)s to %(maximum)s.")
MONEY_MAX_MESSAGE = _("An amount can be at most %(maximum)s.")
CENT = Decimal("0.01")


def setting_range_message(field: str) -> str:
    """The refusal of a value outside `SETTING_RANGES[field]`, in the user's language."""
    minimum, maximum = SETTING_RANGES[field]
    return str(SETTING_RANGE_MESSAGE) % {"minimum": minimum, "maximum": maximum}


def money_max_message() -> str:
    """The refusal of an amount above `MONEY_MAX`, in the user's language."""
    return str(MONEY_MAX_MESSAGE) % {"maximum": f"{MONEY_MAX:.2f}"}


def _whole(value: Any, field: str) -> int:
    minimum, maximum = SETTING_RANGES[field]
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise TournamentActionError(setting_range_message(field), field=field)
    return value


def _decimal(value: Any, field: str) -> Decimal:
    """A finite number of `field`; at most `MONEY_MAX` for an amount (the bound of every amount,
    the rules' stakes and fees included), and at most two decimals, as its column keeps them."""
    try:
        number = Decimal(value) if isinstance(value, (int, Decimal)) else Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise TournamentActionError(
            _("Enter an amount, such as 10 or 12.50."), field=field
        ) from None
    if isinstance(value, bool) or not number.is_finite():
        raise TournamentActionError(_("Enter an amount, such as 10 or 12.50."), field=field)
    if field != "house_cut_percent" and number > MONEY_MAX:
        raise TournamentActionError(money_max_message(), field=field)
    return number


def _cents(number: Decimal, field: str) -> Decimal:
    """`number` (already within its range) if it has at most two decimals."""
    if number != number.quantize(CENT):
        if field == "house_cut_percent":
            message = _("A percentage has at most two decimals, such as 12.5 or 33.33.")
        else:
            message = _("An amount of money has at most two decimals (cents).")
        raise TournamentActionError(message, field=field)
    return number


def check_settings(settings: dict[str, Any], *, format: str, game: str) -> dict[str, Any]:
    """Validate a tournament's settings with the engine; return them normalised for storage."""
    kind = format_named(format)
    kind.check_game(game)
    clean = dict(settings)
    try:
        tables.check_size_range(
            preferred=clean["table_size"],
            minimum=clean["table_size_min"],
            maximum=clean["table_size_max"],
        )
    except TournamentError as error:
        # the engine names its own arguments; the director knows the settings
        field = SIZE_SETTINGS.get(error.field or "", error.field)
        raise TournamentActionError(error.translated(gettext), field=field) from error
    try:
        clean["tie_breaks"] = kind.checked_tie_breaks(clean["tie_breaks"])
        kind.check_placement_points(clean.get("placement_points"))
        clean["payout_percents"] = [
            str(percent) for percent in payouts.check_payout_percents(clean["payout_percents"])
        ]
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    except (TypeError, ValueError):
        raise TournamentActionError(
            _("Placement points are lists of points by table size."), field="placement_points"
        ) from None
    for field in ("entry_fee", "payout_unit", "house_cut_percent"):
        clean[field] = _decimal(clean[field], field)
    if clean["entry_fee"] < 0:
        raise TournamentActionError(_("The entry fee cannot be negative."), field="entry_fee")
    if clean["payout_unit"] <= 0:
        raise TournamentActionError(
            _("Payouts must be rounded to a positive amount, such as 1 or 5."),
            field="payout_unit",
        )
    if not 0 <= clean["house_cut_percent"] <= 100:
        raise TournamentActionError(
            _("The house cut is a percentage from 0 to 100."), field="house_cut_percent"
        )
    for field in ("entry_fee", "payout_unit", "house_cut_percent"):
        clean[field] = _cents(clean[field], field)
    kind.checked_cut(clean)
    for field in SETTING_RANGES:
        if field in ("advance", "drop") and clean.get(field) is None:
            continue  # the cut not in force
        if kind.skips_range_check(field):
            continue
        clean[field] = _whole(clean.get(field), field)
    kind.check_settings(clean)
    return clean


SETTING_DEFAULTS: dict[str, Any] = {
    field: cast("Field[Any, Any]", Tournament._meta.get_field(field)).get_default()
    for field in (
        "rounds_planned",
        "final_table_size",
        "advance",
        "drop",
        "table_size",
        "table_size_min",
        "table_size_max",
        "first_seating",
        "seating",
        "tie_breaks",
        "placement_points",
        "confirm_results",
        "third_place",
        "grand_final_reset",
        "cycles",
        "entry_fee",
        "house_cut_percent",
        "payout_percents",
        "payout_unit",
        "round_minutes",
        "is_public",
    )
}


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    user: Actor,
    name: str,
    preset: str,
    format: str,
    options: dict[str, Any] | None = None,
    starts_on: datetime.date | None = None,
    **settings: Any,
) -> Tournament:
    """Create a tournament of `format` played with `preset` (and rule `options`).

    `settings` are the fields of `Tournament` that shape it (rounds, table sizes, seating methods,
    tie-breaks, placement points, money); any not given take their defaults. Gin tournaments
    default to results without confirmation (a finished match moves the bracket on by itself)
    and to the Gin tie-breaks.
    """
    if not isinstance(name, str) or not name.strip():
        raise TournamentActionError(_("Give the tournament a name."), field="name")
    name = checked_name(name)
    if starts_on:
        starts_on = checked_day(starts_on, field="starts_on")
    unknown = sorted(set(settings) - set(SETTING_DEFAULTS))
    if unknown:
        raise TournamentActionError(
            _("Unknown setting: %(names)s.") % {"names": ", ".join(unknown)}, field=unknown[0]
        )
    try:
        rules = rules_for(preset, options or {})
    except EngineError as error:
        raise TournamentActionError.from_engine(error) from error
    merged = {**SETTING_DEFAULTS, **settings}
    if "is_public" not in settings:
        # a private club's tournament stays private unless the director opens it
        merged["is_public"] = club.is_public
    kind = format_named(format)
    for field, value in kind.default_settings.items():
        if field not in settings:
            merged[field] = value
    clean = check_settings(merged, format=format, game=rules.game)
    extra = {"starts_on": starts_on} if starts_on else {}
    return Tournament.objects.create(
        club=club,
        name=name,
        game=rules.game,
        preset=preset,
        rules=rules.to_dict(),
        format=format,
        created_by=user_or_none(user),
        **extra,
        **clean,
    )


# Entries -----------------------------------------------------------------------------------------


@transaction.atomic
def entry_register(
    *,
    tournament: Tournament,
    user: Actor,
    player: Player | None = None,
    name: str = "",
    check_in: bool = False,
) -> Entry:
    """Enter a club player (or a guest by `name`). Once rounds are seated, the player is a late
    arrival and plays from the next round seated. Brackets and round robins are drawn once, so
    they take no late arrivals; neither does a knockout after its first round."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    rounds = tournament.rounds.count()
    if rounds and not format_of(tournament).takes_late_arrivals:
        raise TournamentActionError(
            _("The draw is made: this format takes no late arrivals."), field="player"
        )
    if player is None:
        try:
            player = scoring.guest_player(club=tournament.club, name=name)
        except scoring.MatchError as error:
            raise TournamentActionError(error.message, field="player") from error
    if player.club_id != tournament.club_id:
        raise TournamentActionError(_("The player must belong to this club."), field="player")
    if tournament.entries.filter(player=player).exists():
        raise TournamentActionError(
            _("%(name)s is already entered.") % {"name": player.name}, field="player"
        )
    seed = (tournament.entries.aggregate(last=Max("seed"))["last"] or 0) + 1
    entry = Entry(tournament=tournament, player=player, seed=seed, first_round=rounds + 1)
    if check_in:
        entry.status = EntryStatus.CHECKED_IN
        entry.checked_in_at = timezone.now()
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:
        raise TournamentActionError(
            _("%(name)s is already entered.") % {"name": player.name}, field="player"
        ) from None
    return entry


@transaction.atomic
def entry_check_in(*, entry: Entry, user: Actor) -> Entry:
    """The player is here and has paid the entry fee: they are seated from the next round."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.get(pk=entry.pk)
    if entry.status == EntryStatus.DROPPED:
        raise TournamentActionError(
            _("%(name)s has dropped out.") % {"name": entry.player.name}, field="entry"
        )
    if entry.status == EntryStatus.REGISTERED:
        entry.status = EntryStatus.CHECKED_IN
        entry.checked_in_at = timezone.now()
        if format_of(tournament).late_check_in_waits and tournament.rounds.exists():
            entry.first_round = max(entry.first_round, tournament.rounds.count() + 1)
        entry.save(update_fields=["status", "checked_in_at", "first_round"])
    return entry


@transaction.atomic
def entry_check_in_all(*, tournament: Tournament, user: Actor) -> int:
    """Check in every registered player; returns how many."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    waiting = list(tournament.entries.filter(status=EntryStatus.REGISTERED))
    for entry in waiting:
        entry_check_in(entry=entry, user=user)
    return len(waiting)


@transaction.atomic
def entry_drop(*, entry: Entry, user: Actor) -> Entry:
    """The player leaves the tournament. Their results so far stay in the standings; if they are
    playing a match, they withdraw from it (out for good at their current total)."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.status == EntryStatus.DROPPED:
        return entry
    match = _locked_running_match(entry)
    if match is not None:
        seat = match.seats.get(player=entry.player)
        if seat.status in ("in_play", "eliminated"):
            try:
                scoring.player_withdraw(match=match, user=user, seat=seat)
            except scoring.MatchError as error:
                raise TournamentActionError(error.message, field="entry") from error
    entry.status = EntryStatus.DROPPED
    entry.dropped_at = timezone.now()
    entry.save(update_fields=["status", "dropped_at"])
    return entry


def _locked_running_match(entry: Entry) -> Match | None:
    """The match the entry is playing now, its row locked; None if there is none.

    Read again once locked: a hand may have ended it meanwhile (and a bracket may then have
    seated the player at their next match), and a finished match takes no withdrawal."""
    while True:
        match_id = (
            TableSeat.objects.filter(
                entry=entry,
                table__match__status=MatchStatus.IN_PROGRESS,
                table__round__status=RoundStatus.RUNNING,
            )
            .values_list("table__match_id", flat=True)
            .first()
        )
        if match_id is None:
            return None
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status == MatchStatus.IN_PROGRESS:
            return match


# Results of tables -------------------------------------------------------------------------------


def result_entered_by(match: Match) -> set[int]:
    """The users who decided the match's result: whoever wrote any version of any of its events
    (hands, corrections, voids, re-entries, withdrawals, time calls, superseded versions too).
    A withdrawal or a time call decides a result as much as a hand does (withdraw every
    opponent, and the last in play wins), so none of them may confirm it."""
    return set(
        EventVersion.objects.filter(event__match=match)
        .exclude(created_by=None)
        .values_list("created_by", flat=True)
        .distinct()
    )


@transaction.atomic
def table_confirm(*, table: Table, user: Actor) -> Table:
    """Confirm a finished table's result. Only a director of the club or a player of that table
    may confirm, and never someone who entered the result: the server enforces it here.
    Confirming a result that is already confirmed (and unchanged since) keeps the first
    confirmation."""
    tournament = locked(table.round.tournament)
    refuse_if_finished(tournament)
    table = Table.objects.select_related("match").get(pk=table.pk)
    match = table.match
    if match is None or match.status != MatchStatus.FINISHED:
        raise TournamentActionError(
            _("The match at this table is not finished yet."), field="table"
        )
    if user is None or not user.is_authenticated:
        raise TournamentActionError(_("Log in to confirm a result."), field="user", status=403)
    plays_here = match.seats.filter(player__user=user).exists()
    if not (can_direct(user, tournament.club) or plays_here):
        raise TournamentActionError(
            _("Only a director or a player of this table can confirm its result."),
            field="user",
            status=403,
        )
    if user.pk in result_entered_by(match):
        raise TournamentActionError(
            _(
                "You recorded part of this result (a hand, a correction, a withdrawal, a "
                "re-entry or a time call): someone else must confirm it."
            ),
            field="user",
            status=403,
        )
    if table.confirmed_at is not None and table.confirmed_revision == match.revision:
        return table  # confirmed meanwhile by someone else: the first confirmation stands
    table.confirmed_by = user
    table.confirmed_at = timezone.now()
    table.confirmed_revision = match.revision
    table.save(update_fields=["confirmed_by", "confirmed_at", "confirmed_revision"])
    if format_of(tournament).is_bracket:
        # a confirmed result is what moves a bracket on when results need confirmation
        pairing_services.sync_bracket(tournament, user=user)
    table_confirmed.send(sender=Table, table=table)
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
        "first_seat_spread": report.first_seat_spread,
        "notices": notices,
    }


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
    creates one is not made: `SwapMakesRepeats` carries them, so the page can ask first."""
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
        report = seating.seating_report(seated, history=earlier)
    except TournamentError as error:
        raise TournamentActionError.from_engine(error) from error
    names: dict[tables.PlayerId, str] = dict(tournament.entries.values_list("pk", "player__name"))
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
    in seat order, seat 1 deals first) and the round clock starts."""
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
    for table in round.tables.order_by("number").prefetch_related("seats__entry__player"):
        table_match_start(tournament=tournament, table=table, user=user)
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
    (RULES.md section 4). Returns how many matches were ended."""
    locked(round.tournament)
    # The matches before the round, in id order: a hand holds its match and then waits for the
    # bracket's round lock, so taking the round first and a match after could deadlock.
    list(
        Match.objects.select_for_update(of=("self",))
        .filter(tournament_table__round=round, status=MatchStatus.IN_PROGRESS)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    round = _running(round)
    now = timezone.now()
    if round.clock_paused_at is not None:
        round.clock_paused_seconds += int((now - round.clock_paused_at).total_seconds())
        round.clock_paused_at = None
    round.time_called_at = now
    round.save(update_fields=["time_called_at", "clock_paused_at", "clock_paused_seconds"])
    ended = 0
    for table in round.tables.filter(match__status=MatchStatus.IN_PROGRESS).select_related("match"):
        assert table.match is not None  # filtered on its match's status
        try:
            scoring.match_call_time(match=table.match, user=user)
        except scoring.MatchError as error:
            raise TournamentActionError(error.message, field="round") from error
        ended += 1
    return ended


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


def _locked_matches(tournament: Tournament) -> list[int]:
    """Lock the rows of every match of the tournament's tables, in id order (after the
    tournament's row and before any round's, as `round_call_time` does); their ids."""
    return list(
        Match.objects.select_for_update(of=("self",))
        .filter(tournament_table__round__tournament=tournament)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


@transaction.atomic
def tournament_finish(*, tournament: Tournament, user: Actor) -> Tournament:
    """End the tournament once its last round is over: the final ranking and the payouts are
    then fixed (they stay derived from the results). Locks the tournament row, then its matches.

    Finished is final: every match of the tournament is closed (`Match.closed_because`), so the
    scoring services refuse any change of a hand, a void, a re-entry, a withdrawal, until a
    director reopens the tournament (`tournament_reopen`)."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    matches = _locked_matches(tournament)
    if not tournament.rounds.exists():
        raise TournamentActionError(_("No round has been played yet."), field="round")
    format_of(tournament).check_finished(tournament)
    now = timezone.now()
    Match.objects.filter(pk__in=matches).update(
        closed_because=ClosedReason.TOURNAMENT_FINISHED, closed_at=now
    )
    tournament.status = TournamentStatus.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    return tournament


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, user: Actor, reason: str) -> Reopening:
    """Reopen a finished tournament so a director can fix it; `reason` is required and kept in
    the tournament's history (`Reopening`, append-only). Locks the tournament row, then its
    matches.

    Its matches take changes again, its last round is being played again (a table format's or
    a Swiss's: a bracket's round follows its results), and it is finished again the usual way,
    once its results count: the ranking and the payouts are derived from the results then."""
    tournament = locked(tournament)
    if tournament.status != TournamentStatus.FINISHED:
        raise TournamentActionError(
            _("Only a finished tournament can be reopened."), field="tournament"
        )
    reason = " ".join((reason or "").split())
    if not reason:
        raise TournamentActionError(_("Say why the tournament is reopened."), field="reason")
    matches = _locked_matches(tournament)
    Match.objects.filter(pk__in=matches).update(closed_because="", closed_at=None)
    if format_of(tournament).resumes_last_round_on_reopen:
        last = tournament.rounds.order_by("-number").first()
        if last is not None and last.status == RoundStatus.FINISHED:
            last.status = RoundStatus.RUNNING
            last.save(update_fields=["status"])
    reopening = Reopening.objects.create(
        tournament=tournament,
        reason=reason,
        finished_at=tournament.finished_at or timezone.now(),
        created_by=user_or_none(user),
    )
    tournament.status = TournamentStatus.RUNNING
    tournament.finished_at = None
    tournament.save(update_fields=["status", "finished_at"])
    return reopening
