"""Recording, correcting and voiding events. Each service runs in one transaction and locks the
match row first (`matches.lock_match`); an idempotency key already used answers the event it
recorded; a submission based on a view the match has left behind is refused with `MatchMovedOn`,
saying what changed (`changes_since`). Events are append-only versions: nothing is ever lost."""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from clubs.models import User
from scoring.cache import Refresh, refresh_cache, refresh_caches
from scoring.engine import EngineError, MatchState, Snapshot, hand_numbers
from scoring.engine.document import EventData, check_new_event
from scoring.engine.progress import snapshot_data
from scoring.models import (
    EventKind,
    EventVersion,
    Match,
    MatchEvent,
    MatchPlayer,
)
from scoring.services.errors import MatchChange, MatchError, MatchMovedOn
from scoring.services.matches import lock_match, lock_match_keyed, refuse_if_closed
from scoring.services.replay import (
    CurrentEvent,
    current_events,
    current_events_by_match,
    hands_of,
    in_force,
    replay_current,
    replay_events,
)
from scoring.services.state import (
    apply_new,
    cache_row,
    cached_progress,
    fresh_cache,
    write_cache,
    write_replayed,
)
from scoring.table_access import version_author


@dataclass(frozen=True)
class Recorded:
    """What `event_record_replayed` did. A new event comes with its version, the match's state
    after it, its snapshot and the match's new revision, for an answer that shows them without
    reading the match again; an event found by its idempotency key comes alone (`created`
    False)."""

    event: MatchEvent
    created: bool
    version: EventVersion | None = None
    state: MatchState | None = None
    snapshot: Snapshot | None = None
    revision: int | None = None
    hand_number: int | None = None
    void_hands: int = 0
    match: Match | None = None  # a new event's: the match row as the write left it


def event_record(
    *,
    match: Match,
    user: Actor,
    data: Mapping[str, object],
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


def event_record_replayed(
    *,
    match: Match,
    user: Actor,
    data: Mapping[str, object],
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> Recorded:
    """`event_record`, answering also the new version and the replay of the match with it.

    The one idempotent write of an event, for the pages and the API alike: two requests with
    one key that raced past the key's check (SQLite has no row locks) meet the key's unique
    constraint, and the loser asks again, answered by the event the other one recorded."""
    try:
        return _record(match=match, user=user, data=data, key=idempotency_key, based_on=based_on)
    except IntegrityError:
        if not idempotency_key:
            raise
    return _record(match=match, user=user, data=data, key=idempotency_key, based_on=based_on)


@transaction.atomic
def _record(
    *,
    match: Match,
    user: Actor,
    data: Mapping[str, object],
    key: str | None,
    based_on: int | None,
) -> Recorded:
    """A new event costs one event, whatever the match's length: the match row (locked), its
    seats, the state cache (`services.state`), the writes. A match whose cache does not follow
    it is replayed from its events instead, and its cache written again."""
    match, seats, keyed = lock_match_keyed(match, key=key)
    if keyed is not None:  # this key recorded its event already: answer it
        existing = MatchEvent.objects.get(pk=keyed)
        return Recorded(event=existing, created=False, hand_number=_hand_number(existing))
    # a retry of an event already recorded (above) changes nothing, so it is answered even now
    refuse_if_closed(match)
    if based_on is not None and based_on != match.revision:
        raise MatchMovedOn(revision=match.revision, changes=changes_since(match, based_on))
    cache = fresh_cache(match)
    progress = cached_progress(match, seats, cache) if cache is not None else None
    if cache is None or progress is None:
        return _record_replayed(match, seats, user, data, key, cache_row(match) is not None)
    number = cache.events + 1
    kind = _event_kind(data, number)
    author = version_author(user, match)  # asked first; then the engine before anything is written
    # the engine reads `data` here, which refuses any other shape before a write
    state, snapshot = apply_new(match, progress, number, cast(EventData, data))
    hand_number = cache.hands + 1 if kind == EventKind.HAND else None
    event, version = _write_event(match, user, data, key, author, number, kind, snapshot)
    in_force_hands = match.hand_count + (1 if kind == EventKind.HAND else 0)
    refresh_cache(match, seats, state, in_force_hands)
    write_cache(
        match,
        progress,
        events=number,
        hands=cache.hands + (1 if kind == EventKind.HAND else 0),
        void_hands=cache.void_hands,
        latest_hands=[*cache.latest_hands, *([[number, False]] if hand_number else [])],
        exists=True,
    )
    return Recorded(
        event=event,
        created=True,
        version=version,
        state=state,
        snapshot=snapshot,
        revision=match.revision,
        hand_number=hand_number,
        void_hands=cache.void_hands,
        match=match,
    )


def _record_replayed(
    match: Match,
    seats: list[MatchPlayer],
    user: Actor,
    data: Mapping[str, object],
    key: str | None,
    cache_exists: bool,
) -> Recorded:
    """`_record` for a match without a state cache that follows it: replay it all, with the
    new event, and write the cache and every event's snapshot."""
    events = current_events(match)
    number = (events[-1].number if events else 0) + 1
    kind = _event_kind(data, number)
    hand_number = hand_numbers([*(e.kind for e in events), kind])[-1]
    author = version_author(user, match)  # asked first; then a replay before anything is written
    # the engine reads `data` in this replay, which refuses any other shape before a write
    replayed = replay_events(match, seats, [*in_force(events), (number, cast(EventData, data))])
    snapshot = replayed.state.history[-1]
    event, version = _write_event(match, user, data, key, author, number, kind, snapshot)
    refresh_cache(match, seats, replayed.state, replayed.hand_count)
    written = [*events, CurrentEvent(number, key or "", cast(EventData, data), False, kind)]
    write_replayed(match, replayed, written, exists=cache_exists)
    void_hands = sum(1 for e in events if e.is_void and e.kind == EventKind.HAND)
    return Recorded(
        event=event,
        created=True,
        version=version,
        state=replayed.state,
        snapshot=snapshot,
        revision=match.revision,
        hand_number=hand_number,
        void_hands=void_hands,
        match=match,
    )


def _write_event(
    match: Match,
    user: Actor,
    data: Mapping[str, object],
    key: str | None,
    author: dict[str, User | int | None],
    number: int,
    kind: str,
    snapshot: Snapshot,
) -> tuple[MatchEvent, EventVersion]:
    event = MatchEvent.objects.create(
        match=match,
        number=number,
        kind=kind,
        idempotency_key=key or "",
        created_by=_user_or_none(user),
        result=snapshot_data(snapshot),
    )
    version = EventVersion.objects.create(
        event=event,
        version=1,
        data=data,
        revision=match.revision + 1,
        **author,
    )
    version.event = event
    return event, version


def _hand_number(event: MatchEvent) -> int | None:
    """The number of hand `event` as players count it (one query); None for another event."""
    if event.kind != EventKind.HAND:
        return None
    return MatchEvent.objects.filter(
        match_id=event.match_id, kind=EventKind.HAND, number__lte=event.number
    ).count()


def changes_since(
    match: Match, revision: int, events: Sequence[CurrentEvent] | None = None
) -> list[MatchChange]:
    """What changed in the match after its `revision`, oldest first: each version written since
    (a new event, a correction, a void), with the hand number players count."""
    events = current_events(match) if events is None else events
    hands = hands_of(events)
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
    events: Sequence[EventData],
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
    match, seats = lock_match(match)
    refuse_if_closed(match)
    if not events:
        return []
    existing = current_events(match)
    fresh_cache_before = fresh_cache(match) is not None
    first = (existing[-1].number if existing else 0) + 1
    added: list[tuple[int, EventData]] = []
    for number, data in enumerate(events, start=first):
        _event_kind(data, number, event=number)
        added.append((number, data))
    replayed = replay_events(match, seats, [*in_force(existing), *added])
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
    state, hands = replayed.state, replayed.hand_count
    refresh_cache(match, seats, state, hands, finished_at=finished_at, changes=len(added))
    # the events before these are as they were (their snapshots too, if the cache follows)
    since = first if fresh_cache_before else 1
    written = [*existing, *(CurrentEvent(n, "", d, False, d["type"]) for n, d in added)]
    write_replayed(match, replayed, written, since=since)
    return created


def hand_record(
    *,
    match: Match,
    user: Actor,
    data: Mapping[str, object],
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


def match_call_time(*, match: Match, user: Actor, idempotency_key: str | None = None) -> MatchEvent:
    """The director ends the match now; players are ranked by their current totals."""
    event, _created = event_record(
        match=match, user=user, data={"type": "time_call"}, idempotency_key=idempotency_key
    )
    return event


@transaction.atomic
def matches_call_time(*, matches: Sequence[Match], user: Actor) -> list[MatchEvent]:
    """`match_call_time` for many matches at once (time called on a round): each one ends now,
    its players ranked by their current totals. Locks the match rows first, in id order.

    The same events, versions, caches and revisions as calling time on each, in a number of
    queries that does not grow with the matches: their rows, seats and current events are read
    in one query each, every match is replayed with its time call before anything is written,
    the events and versions are written with `bulk_create`, and the caches with
    `scoring.cache.refresh_caches` (one `matches_changed` for them all). A refusal (a closed
    match, a match with no room for the call) raises `MatchError` and writes nothing."""
    ids = sorted(match.pk for match in matches)
    locked = list(Match.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    seats: dict[int, list[MatchPlayer]] = {pk: [] for pk in ids}
    for seat in MatchPlayer.objects.filter(match_id__in=ids).order_by("match_id", "seat"):
        seats[seat.match_id].append(seat)
    events = current_events_by_match(Match.objects.filter(pk__in=ids))
    recorder = _user_or_none(user)
    data: EventData = {"type": "time_call"}
    called: list[tuple[MatchEvent, dict[str, User | int | None]]] = []
    refreshes: list[Refresh] = []
    for match in locked:
        refuse_if_closed(match)
        existing = events.get(match.pk, [])
        number = (existing[-1].number if existing else 0) + 1
        kind = _event_kind(data, number)
        author = version_author(user, match)
        replayed = replay_events(match, seats[match.pk], [*in_force(existing), (number, data)])
        event = MatchEvent(match=match, number=number, kind=kind, created_by=recorder)
        called.append((event, author))
        refreshes.append(Refresh(match, seats[match.pk], replayed.state, replayed.hand_count))
    created = MatchEvent.objects.bulk_create(event for event, _author in called)
    EventVersion.objects.bulk_create(
        EventVersion(
            event=event, version=1, data=dict(data), revision=event.match.revision + 1, **author
        )
        for event, (_event, author) in zip(created, called, strict=True)
    )
    refresh_caches(refreshes, finished_at=timezone.now())
    return created


def _new_version(
    *,
    event: MatchEvent,
    user: Actor,
    expected_version: int,
    data: Mapping[str, object],
    is_void: bool,
    reason: str,
) -> EventVersion:
    """Supersede the event's current version by a new one, and replay. Locks the match row."""
    match, seats = lock_match(event.match)
    cache_followed = fresh_cache(match) is not None
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
    # the engine reads `data` in the replay below, which refuses any other shape before a write
    events[event.number] = events[event.number]._replace(
        data=cast(EventData, data), is_void=is_void
    )
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
    # the events before this one are as they were (when the cache followed the match, their
    # snapshots are written already); from it on, their snapshots may change
    since = event.number if cache_followed else 1
    write_replayed(match, replayed, list(events.values()), since=since)
    return version


@transaction.atomic
def hand_correct(
    *,
    event: MatchEvent,
    user: Actor,
    data: Mapping[str, object],
    expected_version: int,
    reason: str = "",
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


def _event_kind(data: object, number: int, *, event: int | None = None) -> str:
    """The "type" of the match document's event about to be recorded as event `number`, or
    `MatchError` on "type", or on "match" when the match has no room for it (`check_new_event`)."""
    try:
        return check_new_event(number, data.get("type") if isinstance(data, dict) else None)
    except EngineError as error:
        raise MatchError.from_engine(error, event=event) from error


def _user_or_none(user: Actor) -> User | None:
    return user if user is not None and user.is_authenticated else None
