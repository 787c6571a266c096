"""The tournament itself and its entries: checked settings, creation, registration (one player,
or many at once), check-in, drops and reinstatements, finishing and reopening. Each service runs
in one transaction and locks the tournament row first (`select_for_update`), so two directors
acting at once never change it twice.

The algorithms live in `tournaments.engine`; these services read the facts, call the engine and
store what it decided. Refusals are `TournamentActionError`s in the user's language, naming the
field at fault.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.models import Club, Player
from scoring import services as scoring
from scoring.engine import EngineError, rules_for
from scoring.engine.rules import MONEY_MAX, Options
from scoring.models import ClosedReason, Match, MatchStatus
from tournaments import rules, settings_table
from tournaments.engine import payouts, tables
from tournaments.engine.errors import TournamentError
from tournaments.errors import TournamentActionError
from tournaments.formats import format_named, format_of
from tournaments.locking import locked, refuse_if_finished, user_or_none
from tournaments.models import (
    Entry,
    EntryStatus,
    Reopening,
    RoundStatus,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.presenters import has_dropped_out
from tournaments.settings_table import (
    MONEY,
    PERCENT,
    STORED,
    WHOLE,
    Setting,
    money_max_message,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def checked_name(
    name: str, *, field: str = "name", empty_message: StrOrPromise | None = None
) -> str:
    """A tournament's or season's name as stored (`clubs.validators.clean_name`, with
    `empty_message` for an empty one), or `TournamentActionError` on `field`."""
    try:
        return validators.clean_name(
            name, max_length=validators.NAME_LENGTH, empty_message=empty_message
        )
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field=field) from None


def checked_day(day: datetime.date, *, field: str) -> datetime.date:
    """A planned date (a tournament's, a season's) within `clubs.validators`' years, or
    `TournamentActionError` on `field`."""
    try:
        return validators.clean_day(day, planned=True)
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field=field) from None


# Settings ----------------------------------------------------------------------------------------

SIZE_SETTINGS = {
    "preferred": "table_size",
    "minimum": "table_size_min",
    "maximum": "table_size_max",
}
CENT = Decimal("0.01")
# The settings checked as numbers of the table's kinds, with their bounds.
DECIMAL_SETTINGS = tuple(row for row in STORED if row.kind in (MONEY, PERCENT))
WHOLE_SETTINGS = tuple(row for row in STORED if row.kind == WHOLE)


def _whole(value: object, row: Setting) -> int:
    """A whole-number setting within its bounds, or its refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not row.within(value):
        raise TournamentActionError(row.range_message(), field=row.name)
    return value


def _decimal(value: object, row: Setting) -> Decimal:
    """A finite number of `row`; at most `MONEY_MAX` for an amount (the bound of every amount,
    the rules' stakes and fees included), and at most two decimals, as its column keeps them."""
    try:
        number = Decimal(value) if isinstance(value, (int, Decimal)) else Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        raise TournamentActionError(
            _("Enter an amount, such as 10 or 12.50."), field=row.name
        ) from None
    if isinstance(value, bool) or not number.is_finite():
        raise TournamentActionError(_("Enter an amount, such as 10 or 12.50."), field=row.name)
    if row.kind == MONEY and number > MONEY_MAX:
        raise TournamentActionError(money_max_message(), field=row.name)
    return number


def _cents(number: Decimal, row: Setting) -> Decimal:
    """`number` (already within its range) if it has at most two decimals."""
    if number != number.quantize(CENT):
        if row.kind == PERCENT:
            message = _("A percentage has at most two decimals, such as 12.5 or 33.33.")
        else:
            message = _("An amount of money has at most two decimals (cents).")
        raise TournamentActionError(message, field=row.name)
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
    for row in DECIMAL_SETTINGS:
        clean[row.name] = _decimal(clean[row.name], row)
    for row in DECIMAL_SETTINGS:
        if not row.within(clean[row.name]):
            raise TournamentActionError(row.range_message(), field=row.name)
    for row in DECIMAL_SETTINGS:
        clean[row.name] = _cents(clean[row.name], row)
    kind.checked_cut(clean)
    for row in WHOLE_SETTINGS:
        if row.optional and clean.get(row.name) is None:
            continue  # not in force (the knockout's cut: one of advance and drop)
        if kind.skips_range_check(row.name):
            continue
        clean[row.name] = _whole(clean.get(row.name), row)
    kind.check_settings(clean)
    return clean


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    user: Actor,
    name: str,
    preset: str,
    format: str,
    options: Options | None = None,
    starts_on: datetime.date | None = None,
    **settings: object,
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
    unknown = sorted(set(settings) - {row.name for row in STORED})
    if unknown:
        raise TournamentActionError(
            _("Unknown setting: %(names)s.") % {"names": ", ".join(unknown)}, field=unknown[0]
        )
    try:
        rules = rules_for(preset, options or {})
    except EngineError as error:
        raise TournamentActionError.from_engine(error) from error
    kind = format_named(format)
    merged = {**settings_table.defaults(format), **settings}
    if "is_public" not in settings:
        # a private club's tournament stays private unless the director opens it
        merged["is_public"] = club.is_public
    if merged["tie_breaks"] is None:
        merged["tie_breaks"] = kind.default_tie_breaks()
    clean = check_settings(merged, format=format, game=rules.game)
    format_options = kind.rule_options(clean)
    if format_options:
        try:
            rules = rules_for(preset, {**(options or {}), **format_options})
        except EngineError as error:
            raise TournamentActionError.from_engine(error) from error
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
    paid: bool | None = None,
) -> Entry:
    """Enter a club player (or a guest by `name`). Once rounds are seated, the player is a late
    arrival and plays from the next round seated. Brackets and round robins are drawn once, so
    they take no late arrivals; neither does a knockout after its first round. With `check_in`
    the player is here, and has paid the entry fee unless `paid` is False (a guest who checked
    in by phone). Locks the tournament row first."""
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
        if paid is not False:
            entry.paid_at = entry.checked_in_at
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:
        raise TournamentActionError(
            _("%(name)s is already entered.") % {"name": player.name}, field="player"
        ) from None
    return entry


# At most this many players registered at once (a guest list pasted, club players ticked).
MANY_MAX = 200


@transaction.atomic
def entries_register(
    *,
    tournament: Tournament,
    user: Actor,
    players: Sequence[Player] = (),
    names: Sequence[str] = (),
    check_in: bool = False,
) -> list[Entry]:
    """Enter several players at once, in this order: the club `players` ticked, then the
    guests typed by name, one a line (a name of a club player enters that player). All or
    nothing: a name listed twice (in any case, with spaces as typed), a player already entered,
    a name that is not one is refused by name, every reason in `details` (field "players" for a
    club player ticked, "names" for a name typed), and nobody is entered. With `check_in` they
    are here and have paid. Locks the tournament row, then enters each as `entry_register`."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    if not players and not names:
        raise TournamentActionError(
            _("Tick club players or type guests' names, one per line."), field="players"
        )
    if len(players) + len(names) > MANY_MAX:
        raise TournamentActionError(
            _("At most %(count)s players at once.") % {"count": MANY_MAX}, field="names"
        )
    listed, refusals = _typed_names(names)
    guests, more = _refuse_twice_or_entered(
        tournament, [("players", player.name, player) for player in players] + listed
    )
    refusals += more
    if refusals:
        raise TournamentActionError(refusals[0].message, field=refusals[0].field, details=refusals)
    entries = [
        entry_register(tournament=tournament, user=user, player=player, check_in=check_in)
        for player in players
    ]
    entries += [
        entry_register(tournament=tournament, user=user, name=name, check_in=check_in)
        for name in guests
    ]
    return entries


def _typed_names(
    names: Sequence[str],
) -> tuple[list[tuple[str, str, Player | None]], list[TournamentActionError]]:
    """The guests' names typed one a line, cleaned (field "names"), and a refusal for each line
    that is not a name."""
    listed: list[tuple[str, str, Player | None]] = []
    refusals: list[TournamentActionError] = []
    for line, raw in enumerate(names, start=1):
        try:
            name = validators.clean_name(
                raw,
                max_length=validators.PLAYER_NAME_LENGTH,
                empty_message=_("A guest needs a name."),
            )
        except ValidationError as error:
            refusals.append(
                TournamentActionError(
                    _("Line %(line)s (%(text)s): %(reason)s")
                    % {"line": line, "text": raw, "reason": validators.first_message(error)},
                    field="names",
                )
            )
            continue
        listed.append(("names", name, None))
    return listed, refusals


def _refuse_twice_or_entered(
    tournament: Tournament, listed: Sequence[tuple[str, str, Player | None]]
) -> tuple[list[str], list[TournamentActionError]]:
    """The guests' names to enter, and the refusals of the `listed` (field, name, club player or
    None): another club's player, a name already entered (as it was entered), a name listed twice
    (in any case)."""
    entered = {
        name.casefold(): name for name in tournament.entries.values_list("player__name", flat=True)
    }
    seen: set[str] = set()
    twice: dict[str, list[str]] = {"players": [], "names": []}
    already: dict[str, list[str]] = {"players": [], "names": []}
    refusals: list[TournamentActionError] = []
    guests: list[str] = []
    for field, name, player in listed:
        key = name.casefold()
        if player is not None and player.club_id != tournament.club_id:
            refusals.append(
                TournamentActionError(
                    _("%(name)s is not a player of this club.") % {"name": name}, field=field
                )
            )
        elif key in entered:
            already[field].append(entered[key])  # as it was entered
        elif key in seen:
            twice[field].append(name)
        else:
            seen.add(key)
            if player is None:
                guests.append(name)
    for field in ("players", "names"):
        if already[field]:
            refusals.append(
                TournamentActionError(
                    _("Already entered: %(names)s.") % {"names": ", ".join(already[field])},
                    field=field,
                )
            )
        if twice[field]:
            refusals.append(
                TournamentActionError(
                    _("Listed twice: %(names)s.") % {"names": ", ".join(twice[field])},
                    field=field,
                )
            )
    return guests, refusals


@transaction.atomic
def entry_check_in(*, entry: Entry, user: Actor, paid: bool = True) -> Entry:
    """The player is here and, at the desk, has paid the entry fee (`paid`; a self check-in by
    phone passes False: presence only). They are seated from the next round. A player already
    here who pays at the desk becomes paid. Locks the tournament row, then reads the entry."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.get(pk=entry.pk)
    if entry.status == EntryStatus.DROPPED:
        raise TournamentActionError(has_dropped_out(entry.player), field="entry")
    now = timezone.now()
    if entry.status == EntryStatus.REGISTERED:
        entry.status = EntryStatus.CHECKED_IN
        entry.checked_in_at = now
        if format_of(tournament).late_check_in_waits and tournament.rounds.exists():
            entry.first_round = max(entry.first_round, tournament.rounds.count() + 1)
    if paid and entry.paid_at is None:
        entry.paid_at = now
    entry.save(update_fields=["status", "checked_in_at", "first_round", "paid_at"])
    return entry


@transaction.atomic
def entry_pay(*, entry: Entry, user: Actor) -> Entry:
    """The director took the player's entry fee at the desk (a player who checked in by phone,
    or one who pays ahead): the ledger counts it. Paid twice is paid once. Locks the tournament
    row, then reads the entry again."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.paid_at is None:
        entry.paid_at = timezone.now()
        entry.save(update_fields=["paid_at"])
    return entry


@transaction.atomic
def entry_unpay(*, entry: Entry, user: Actor) -> Entry:
    """Undo a fee marked paid by mistake: the fee is due again and leaves the pot. Presence
    stays as it is. Locks the tournament row, then reads the entry again."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.paid_at is not None:
        entry.paid_at = None
        entry.save(update_fields=["paid_at"])
    return entry


@transaction.atomic
def entry_check_in_all(*, tournament: Tournament, user: Actor) -> int:
    """Check in every registered player, here and paid as at the desk; returns how many. Locks
    the tournament row first."""
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
                if seat.status == "eliminated":  # waiting for a re-entry: declines it
                    scoring.player_stays_out(match=match, user=user, seat=seat)
                else:
                    scoring.player_withdraw(match=match, user=user, seat=seat)
            except scoring.MatchError as error:
                raise TournamentActionError(error.message, field="entry") from error
    entry.status = EntryStatus.DROPPED
    entry.dropped_at = timezone.now()
    entry.save(update_fields=["status", "dropped_at"])
    return entry


@transaction.atomic
def entry_reinstate(*, entry: Entry, user: Actor) -> Entry:
    """Undo a drop: the player is entered again as before (checked in if they had been), and
    is seated from the next round. Only before the next round is seated: a round seated without
    them cannot take them back. The match they left when they dropped stays left. Locks the
    tournament row, then reads the entry again."""
    tournament = locked(entry.tournament)
    refuse_if_finished(tournament)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    refusal = rules.reinstate_refusal(entry, rules.rounds_seated(tournament))
    if refusal is not None:
        raise refusal
    entry.status = EntryStatus.CHECKED_IN if entry.checked_in_at else EntryStatus.REGISTERED
    entry.dropped_at = None
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
