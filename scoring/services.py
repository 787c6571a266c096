"""Everything that changes a match. Each service runs in one transaction and locks the match row
first (`select_for_update`), so two phones at one table never lose or duplicate an event.

After every change the whole match is replayed by the engine and its summary cached
(`scoring.cache`); if the engine refuses (a hand impossible now, a correction that makes a later
hand impossible), the transaction is rolled back and `MatchError` says which event and why.
Nothing already recorded is ever lost: events are append-only versions. A submission based on a
view the match has left behind is refused with `MatchMovedOn` (409), saying what changed.

A closed match (`Match.closed_because`: a higher app closes the matches of a finished tournament)
refuses every change, with the reason as the `MatchError`'s message: `refuse_if_closed`, called
by every writer once it holds the match row. A phone that joined with the match's table code
(`clubs.actors.TableActor`) writes like anyone; its versions name it, and it is refused once its
code no longer lets it write (`scoring.table_access.version_author`, with the row locked).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.errors import ServiceError
from clubs.models import Club, Player, User
from scoring.cache import refresh_cache
from scoring.engine import EngineError, MatchState, RuleSet, Status, hand_numbers, rules_for
from scoring.engine.document import check_new_event, parse_document
from scoring.engine.names import table_label as stored_table_label
from scoring.engine.replay import replay
from scoring.models import (
    EventKind,
    EventVersion,
    Match,
    MatchEvent,
    MatchPlayer,
)
from scoring.table_access import version_author

WAITS = _(  # the refusals of a withdrawal and a stays-out (on the seat)
    '%(player)s is waiting for the re-entry: to stay out, tap "%(player)s stays out" on the '
    "match page. Nothing was recorded."
)
NOT_IN_PLAY = _("%(player)s is no longer in play: nothing was recorded.")
NOT_WAITING = _(
    "%(player)s is not waiting for a re-entry any more (a re-entry or a withdrawal came first): "
    "nothing was recorded."
)


class MatchError(ServiceError):
    """A refused change, in the user's language: which event (its number), which field, why."""

    @classmethod
    def from_engine(cls, error: EngineError, *, event: int | None = None) -> MatchError:
        return cls(error.translated(gettext), field=error.field, event=event)


CONFLICT = 409


@dataclass(frozen=True)
class MatchChange:
    """A change another phone made after the view a submission was based on: an event recorded
    (version 1), corrected or voided (a later version)."""

    event: int  # the event's number in the match
    hand: int | None  # the hand's number as players count (None: not a hand)
    kind: str
    version: int
    data: dict[str, Any]
    is_void: bool
    reason: str
    revision: int
    at: datetime.datetime

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "at": self.at.isoformat()}


class MatchMovedOn(MatchError):
    """The match changed after the view a submission was based on (another phone recorded,
    corrected or voided something): nothing was recorded. `revision` is the match's revision
    now, `changes` what happened since the view, oldest first. The API answers 409 with both."""

    status = CONFLICT

    def __init__(self, *, revision: int, changes: Sequence[MatchChange]) -> None:
        super().__init__(
            _(
                "The match changed on another phone after this page was loaded: nothing was "
                "recorded. Check what was recorded, then record yours again if it is another one."
            ),
            field="based_on",
        )
        self.revision = revision
        self.changes = tuple(changes)

    def extra(self) -> dict[str, Any]:
        return {"revision": self.revision, "changes": [c.as_dict() for c in self.changes]}


@dataclass(frozen=True)
class Replay:
    """A replayed match: the engine's state, and the event number of each entry of its history."""

    state: MatchState
    event_numbers: tuple[int, ...]
    hand_count: int


# Reading a match as a document -------------------------------------------------------------------


def current_versions(match: Match) -> list[EventVersion]:
    """The current version of every event, in order, voided ones included."""
    return list(
        EventVersion.objects.filter(event__match=match, is_current=True)
        .select_related("event")
        .order_by("event__number")
    )


class CurrentEvent(NamedTuple):
    """What a replay needs of an event's current version: plain values, no model instances."""

    number: int
    idempotency_key: str
    data: dict[str, Any]
    is_void: bool
    kind: str


# The columns of an event version that make a `CurrentEvent`, in its fields' order.
CURRENT_EVENT_COLUMNS = (
    "event__number",
    "event__idempotency_key",
    "data",
    "is_void",
    "event__kind",
)


def current_events(match: Match) -> list[CurrentEvent]:
    """The current version of every event, in order, voided ones included, as plain values:
    half the cost of `current_versions` for the paths that run on every hand."""
    rows = (
        EventVersion.objects.filter(event__match=match, is_current=True)
        .order_by("event__number")
        .values_list(*CURRENT_EVENT_COLUMNS)
    )
    return [CurrentEvent(*row) for row in rows]


def current_events_by_match(matches: QuerySet[Match]) -> dict[int, list[CurrentEvent]]:
    """`current_events` of every match of `matches`, by match id, in one query whatever their
    number (a match without events is left out)."""
    rows = (
        EventVersion.objects.filter(event__match__in=matches, is_current=True)
        .order_by("event__match_id", "event__number")
        .values_list("event__match_id", *CURRENT_EVENT_COLUMNS)
    )
    events: dict[int, list[CurrentEvent]] = defaultdict(list)
    for match_id, *event in rows:
        events[match_id].append(CurrentEvent(*event))
    return dict(events)


def match_document(
    match: Match, seats: Sequence[MatchPlayer], versions: Sequence[EventVersion]
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """The match as a match document (voided events left out), and the event numbers in it."""
    return _document(match, seats, _active(versions))


def _active(versions: Sequence[EventVersion]) -> list[tuple[int, dict[str, Any]]]:
    return [(version.event.number, version.data) for version in versions if not version.is_void]


def _in_force(events: Sequence[CurrentEvent]) -> list[tuple[int, dict[str, Any]]]:
    return [(event.number, event.data) for event in events if not event.is_void]


def _document(
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[tuple[int, dict[str, Any]]]
) -> tuple[dict[str, Any], tuple[int, ...]]:
    first_dealer = next(seat.name for seat in seats if seat.seat == match.first_dealer_seat)
    document = {
        "game": match.game,
        "preset": match.preset,
        "rules": match.rules,
        "players": [seat.name for seat in seats],
        "first_dealer": first_dealer,
        "events": [data for _number, data in events],
    }
    return document, tuple(number for number, _data in events)


def replay_match(
    match: Match, seats: Sequence[MatchPlayer], versions: Sequence[EventVersion]
) -> Replay:
    """Replay the match from its stored events; raise `MatchError` naming the event refused."""
    return replay_events(match, seats, _active(versions))


def replay_events(
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[tuple[int, dict[str, Any]]]
) -> Replay:
    """Replay the match from `(number, data)` of its events in force (voided ones left out)."""
    document, numbers = _document(match, seats, events)
    try:
        parsed = parse_document(document)
        state = replay(
            parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer
        )
    except EngineError as error:
        number = numbers[error.event] if error.event is not None else None
        raise MatchError.from_engine(error, event=number) from error
    hand_count = sum(1 for event in document["events"] if event.get("type") == "hand")
    return Replay(state=state, event_numbers=numbers, hand_count=hand_count)


def replay_current(
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[CurrentEvent] | None = None
) -> Replay:
    """Replay the match as it stands in the database: its `events` when they were read already
    (`current_events_by_match`, for many matches at once), else its `current_events`."""
    if events is None:
        events = current_events(match)
    return replay_events(match, seats, _in_force(events))


# Starting a match --------------------------------------------------------------------------------


def guest_player(*, club: Club, name: str) -> Player:
    """The club's player of that name (any case), or a new guest. The name is checked as every
    player's name is (`clubs.validators.clean_name`): `MatchError` on field "players"."""
    try:
        name = validators.clean_name(
            name,
            max_length=validators.PLAYER_NAME_LENGTH,
            empty_message=_("A guest needs a name."),
        )
    except ValidationError as error:
        raise MatchError(validators.first_message(error), field="players") from None
    player = Player.objects.filter(club=club, name__iexact=name).first()
    if player is None:
        try:
            with transaction.atomic():
                player = Player.objects.create(club=club, name=name, is_guest=True)
        except IntegrityError:  # created meanwhile by another request
            player = Player.objects.get(club=club, name__iexact=name)
    return player


@transaction.atomic
def match_start(
    *,
    club: Club,
    user: Actor,
    preset: str,
    players: Sequence[Player],
    options: dict[str, Any] | None = None,
    table_label: str = "",
    first_dealer_seat: int = 1,
    start_key: str = "",
) -> Match:
    """Start a match of `preset` (with option `options`) for `players` in seat order. The full
    rule set is stored, so changing a preset later never changes this match; a table's label as
    its number ("Tavolo 3" is "3": `presenters.table_name`). `start_key`: the start form's key
    (`selectors.match_started_with` finds the match a form sent again had started)."""
    try:
        rules: RuleSet = rules_for(preset, options or {})
    except EngineError as error:
        raise MatchError.from_engine(error) from error
    if any(player.club_id != club.pk for player in players):
        raise MatchError(_("Every player must belong to this club."), field="players")
    if len({player.pk for player in players}) != len(players):
        raise MatchError(_("A player cannot sit at the table twice."), field="players")
    if not 1 <= first_dealer_seat <= len(players):
        raise MatchError(_("The first dealer must be one of the players."), field="first_dealer")

    match = Match.objects.create(
        club=club,
        game=rules.game,
        preset=preset,
        rules=rules.to_dict(),
        table_label=stored_table_label(table_label),
        first_dealer_seat=first_dealer_seat,
        start_key=start_key,
        started_by=user if user and user.is_authenticated else None,
    )
    seats = MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, player=player, seat=number, name=player.name)
        for number, player in enumerate(players, start=1)
    )
    started = replay_match(match, seats, [])
    refresh_cache(match, seats, started.state, started.hand_count)
    return match


# Recording, correcting and voiding events --------------------------------------------------------


def _locked(match: Match) -> tuple[Match, list[MatchPlayer]]:
    """Lock the match row (until the transaction ends) and load its seats."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    seats = list(MatchPlayer.objects.filter(match=locked).order_by("seat"))
    return locked, seats


def refuse_if_closed(match: Match, *, event: int | None = None) -> None:
    """Refuse any change of a closed match (one of a finished tournament), saying why.

    Every writer of this module calls it once it holds the match row: a match closed meanwhile
    is seen, and a match is closed (by a higher app) only while its row is locked."""
    if match.is_closed:
        raise MatchError(match.closed_message, field="match", event=event)


@dataclass(frozen=True)
class Recorded:
    """What `event_record_replayed` did. A new event comes with its version, the replay of the
    match with it and the match's new revision, for an answer that shows them without reading
    the match again; an event found by its idempotency key comes alone (`created` False)."""

    event: MatchEvent
    created: bool
    version: EventVersion | None = None
    replay: Replay | None = None
    revision: int | None = None
    hand_number: int | None = None


def event_record(
    *,
    match: Match,
    user: Actor,
    data: dict[str, Any],
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> tuple[MatchEvent, bool]:
    """Append an event (match document format) to the match. Locks the match row.

    Returns `(event, created)`. With an `idempotency_key` already used in this match, nothing is
    recorded and the event recorded first with that key is returned (`created` False): a double
    tap or a retry after a dropped connection records one event. With `based_on` (the match's
    revision the phone showed when the user typed the event) and a match that has changed since,
    nothing is recorded: `MatchMovedOn` says what changed (two phones typing the same hand).
    """
    recorded = event_record_replayed(
        match=match, user=user, data=data, idempotency_key=idempotency_key, based_on=based_on
    )
    return recorded.event, recorded.created


@transaction.atomic
def event_record_replayed(
    *,
    match: Match,
    user: Actor,
    data: dict[str, Any],
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> Recorded:
    """`event_record`, answering also the new version and the replay of the match with it."""
    match, seats = _locked(match)
    # one current version per event: also the keys already used and the last number, in one query
    events = current_events(match)
    if idempotency_key:
        for existing in events:
            if existing.idempotency_key == idempotency_key:
                event = MatchEvent.objects.get(match=match, number=existing.number)
                hand = _hands_of(events)[existing.number]
                return Recorded(event=event, created=False, hand_number=hand)
    # a retry of an event already recorded (above) changes nothing, so it is answered even now
    refuse_if_closed(match)
    if based_on is not None and based_on != match.revision:
        raise MatchMovedOn(revision=match.revision, changes=changes_since(match, based_on, events))
    number = (events[-1].number if events else 0) + 1
    kind = _event_kind(data, number)
    hand_number = hand_numbers([*(e.kind for e in events), kind])[-1]
    author = version_author(user, match)  # asked first; then a replay before anything is written
    replayed = replay_events(match, seats, [*_in_force(events), (number, data)])
    event = MatchEvent.objects.create(
        match=match,
        number=number,
        kind=kind,
        idempotency_key=idempotency_key or "",
        created_by=_user_or_none(user),
    )
    version = EventVersion.objects.create(
        event=event,
        version=1,
        data=data,
        revision=match.revision + 1,
        **author,
    )
    version.event = event
    refresh_cache(match, seats, replayed.state, replayed.hand_count)
    return Recorded(
        event=event,
        created=True,
        version=version,
        replay=replayed,
        revision=match.revision,
        hand_number=hand_number,
    )


def _hands_of(events: Sequence[CurrentEvent]) -> dict[int, int | None]:
    """The hand number (as players count) of each event number."""
    numbers = hand_numbers([event.kind for event in events])
    return {event.number: hand for event, hand in zip(events, numbers, strict=True)}


def changes_since(
    match: Match, revision: int, events: Sequence[CurrentEvent] | None = None
) -> list[MatchChange]:
    """What changed in the match after its `revision`, oldest first: each version written since
    (a new event, a correction, a void), with the hand number players count."""
    events = current_events(match) if events is None else events
    hands = _hands_of(events)
    versions = (
        EventVersion.objects.filter(event__match=match, revision__gt=revision)
        .select_related("event")
        .order_by("revision", "pk")
    )
    return [
        MatchChange(
            event=version.event.number,
            hand=hands.get(version.event.number),
            kind=version.event.kind,
            version=version.version,
            data=version.data,
            is_void=version.is_void,
            reason=version.reason,
            revision=version.revision,
            at=version.created_at,
        )
        for version in versions
    ]


def rebased(match: Match, revision: int | None, follows: Collection[str]) -> int | None:
    """The revision an entry kept on a phone is based on once the entries that phone sent before
    it are counted as seen (`follows`: their idempotency keys, sent with it by the page's script):
    the first changes after `revision` that are those entries as they were recorded (a first
    version, not a correction) move it on; any other change stops it, so the entry is told of
    that one (`MatchMovedOn`). A recorded version never changes, so no lock is needed: a change
    after this read still fails the `based_on` check."""
    if revision is None or not follows:
        return revision
    changes = (
        EventVersion.objects.filter(event__match=match, revision__gt=revision)
        .order_by("revision", "pk")
        .values_list("revision", "version", "event__idempotency_key")
    )
    return rebased_over(revision, changes, set(follows))


def rebased_over(
    revision: int, changes: Iterable[tuple[int, int, str]], follows: Collection[str]
) -> int:
    """`rebased` on the changes after `revision`, oldest first: (revision, version, key)."""
    for changed, version, key in changes:
        if version != 1 or key not in follows:
            break
        revision = changed
    return revision


@transaction.atomic
def events_import(
    *,
    match: Match,
    user: Actor,
    events: Sequence[dict[str, Any]],
    finished_at: datetime.datetime | None = None,
) -> list[MatchEvent]:
    """Append `events` (match document format, in order) to the match at once, for an import of
    an old score sheet. Locks the match row.

    The stored result is the one `event_record` gives recording them one by one (same events,
    versions, totals, winner, revision), in time linear in the number of events: the events and
    their first versions are written with `bulk_create`, the match is replayed ONCE, and the
    cache is written once (one `match_changed`). `finished_at` is the moment to store when these
    events finish the match (an old sheet's day; default: now). Raises `MatchError` naming the
    first event refused (by its number), and writes nothing then. Answers the new events.
    """
    match, seats = _locked(match)
    refuse_if_closed(match)
    if not events:
        return []
    existing = current_events(match)
    first = (existing[-1].number if existing else 0) + 1
    added: list[tuple[int, dict[str, Any]]] = []
    for number, data in enumerate(events, start=first):
        _event_kind(data, number, event=number)
        added.append((number, data))
    replayed = replay_events(match, seats, [*_in_force(existing), *added])
    recorder = _user_or_none(user)
    created = MatchEvent.objects.bulk_create(
        MatchEvent(match=match, number=number, kind=data["type"], created_by=recorder)
        for number, data in added
    )
    EventVersion.objects.bulk_create(
        EventVersion(
            event=event, version=1, data=data, revision=match.revision + step, created_by=recorder
        )
        for step, (event, (_number, data)) in enumerate(zip(created, added, strict=True), start=1)
    )
    # one revision per event, as recorded one by one
    refresh_cache(
        match,
        seats,
        replayed.state,
        replayed.hand_count,
        finished_at=finished_at,
        changes=len(added),
    )
    return created


def hand_record(
    *,
    match: Match,
    user: Actor,
    data: dict[str, Any],
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> tuple[MatchEvent, bool]:
    """Record a hand: `data` is a hand of the match document without "type"."""
    return event_record(
        match=match,
        user=user,
        data={**data, "type": "hand"},
        idempotency_key=idempotency_key,
        based_on=based_on,
    )


def player_reenter(
    *,
    match: Match,
    user: Actor,
    seat: MatchPlayer,
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> MatchEvent:
    """The eliminated player comes back in (rientro), paying the re-entry fee into the pot."""
    event, _created = event_record(
        match=match,
        user=user,
        data={"type": "reentry", "player": seat.name},
        idempotency_key=idempotency_key,
        based_on=based_on,
    )
    return event


@transaction.atomic
def _withdrawal(
    match: Match, user: Actor, seat: MatchPlayer, key: str | None, based_on: int | None, *, of: str
) -> tuple[MatchEvent, bool]:
    """Record the withdrawal of `seat`, a player whose status must be `of` now (a view of an
    older revision is told what changed first, by `event_record`). Locks the match row first."""
    locked, seats = _locked(match)
    events = current_events(locked)
    repeated = bool(key) and any(event.idempotency_key == key for event in events)
    if not repeated and based_on in (None, locked.revision):
        refuse_if_closed(locked)
        status = replay_events(locked, seats, _in_force(events)).state.player(seat.name).status
        if status != of:
            waits = status == Status.ELIMINATED
            refusal = NOT_WAITING if of == Status.ELIMINATED else WAITS if waits else NOT_IN_PLAY
            raise MatchError(str(refusal) % {"player": seat.name}, field="seat")
    data = {"type": "withdraw", "player": seat.name}
    return event_record(match=locked, user=user, data=data, idempotency_key=key, based_on=based_on)


def player_withdraw(
    *,
    match: Match,
    user: Actor,
    seat: MatchPlayer,
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> MatchEvent:
    """The player leaves the match, out for good at their current total. Refused (`MatchError`
    on field "seat", nothing recorded) for a player not in play: one a hand has just eliminated
    waits for the re-entry (declined by `player_stays_out`), or one is out."""
    return _withdrawal(match, user, seat, idempotency_key, based_on, of=Status.IN_PLAY)[0]


def player_stays_out(
    *, match: Match, user: Actor, seat: MatchPlayer, idempotency_key: str | None = None
) -> tuple[MatchEvent, bool]:
    """A player a hand has just eliminated declines the re-entry: the withdrawal of that player
    alone. Locks the match row first.

    Refused (`MatchError` on field "seat", nothing recorded) when the player is not eliminated
    any more: they re-entered, or were put out for good, meanwhile (from another phone). The
    same idempotency key again records nothing and answers the event it recorded (`created`
    False), as `event_record` does."""
    return _withdrawal(match, user, seat, idempotency_key, None, of=Status.ELIMINATED)


def match_call_time(*, match: Match, user: Actor, idempotency_key: str | None = None) -> MatchEvent:
    """The director ends the match now; players are ranked by their current totals."""
    event, _created = event_record(
        match=match, user=user, data={"type": "time_call"}, idempotency_key=idempotency_key
    )
    return event


def _new_version(
    *,
    event: MatchEvent,
    user: Actor,
    expected_version: int,
    data: dict[str, Any],
    is_void: bool,
    reason: str,
) -> EventVersion:
    """Supersede the event's current version by a new one, and replay. Locks the match row."""
    match, seats = _locked(event.match)
    refuse_if_closed(match, event=event.number)
    current = EventVersion.objects.get(event=event, is_current=True)
    if current.version != expected_version:
        raise MatchError(
            _(
                "Someone changed event %(number)s meanwhile (it is now at version %(version)s). "
                "Reload the page and check it before changing it again."
            )
            % {"number": event.number, "version": current.version},
            field="version",
            event=event.number,
        )
    if current.is_void:
        raise MatchError(
            _("Event %(number)s is void; it cannot be changed.") % {"number": event.number},
            event=event.number,
        )
    author = version_author(user, match)  # asked first; then a replay before anything is written
    events = {found.number: found for found in current_events(match)}
    events[event.number] = events[event.number]._replace(data=data, is_void=is_void)
    replayed = replay_current(match, seats, list(events.values()))
    EventVersion.objects.filter(pk=current.pk).update(is_current=False)
    version = EventVersion.objects.create(
        event=event,
        version=current.version + 1,
        data=data,
        is_void=is_void,
        reason=reason,
        revision=match.revision + 1,
        **author,
    )
    refresh_cache(match, seats, replayed.state, replayed.hand_count)
    return version


@transaction.atomic
def hand_correct(
    *, event: MatchEvent, user: Actor, data: dict[str, Any], expected_version: int, reason: str = ""
) -> EventVersion:
    """Correct a recorded hand: a new version replaces the current one, which is kept.

    `expected_version` is the version the user corrected; if the hand changed meanwhile the
    correction is refused. A correction that makes a later event impossible is refused, naming it.
    """
    if event.kind != EventKind.HAND:
        raise MatchError(
            _("Only hands can be corrected; void this event instead."), event=event.number
        )
    return _new_version(
        event=event,
        user=user,
        expected_version=expected_version,
        data={**data, "type": "hand"},
        is_void=False,
        reason=reason.strip(),
    )


@transaction.atomic
def event_void(
    *, event: MatchEvent, user: Actor, reason: str, expected_version: int
) -> EventVersion:
    """Void an event: it no longer counts, but stays in the history with the reason given."""
    reason = reason.strip()
    if not reason:
        raise MatchError(_("Say why the event is void."), field="reason", event=event.number)
    current = EventVersion.objects.get(event=event, is_current=True)
    return _new_version(
        event=event,
        user=user,
        expected_version=expected_version,
        data=current.data,
        is_void=True,
        reason=reason,
    )


# Checks ------------------------------------------------------------------------------------------


def _event_kind(data: Any, number: int, *, event: int | None = None) -> str:
    """The "type" of the match document's event about to be recorded as event `number`, or
    `MatchError` on "type", or on "match" when the match has no room for it (`check_new_event`)."""
    try:
        return check_new_event(number, data.get("type") if isinstance(data, dict) else None)
    except EngineError as error:
        raise MatchError.from_engine(error, event=event) from error


def _user_or_none(user: Actor) -> User | None:
    return user if user is not None and user.is_authenticated else None
