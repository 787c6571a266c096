"""Reads that pages and API views share: a match with its replayed state and event history."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext

from clubs.models import Club, Player
from scoring.engine import EngineError, MatchState, Snapshot, Status, hand_numbers, rules_for
from scoring.engine.names import table_label as stored_table_label
from scoring.engine.progress import state as engine_state
from scoring.engine.rules import Options
from scoring.models import (
    EventKind,
    EventVersion,
    Match,
    MatchEvent,
    MatchPlayer,
    MatchQuerySet,
    TableJoin,
)
from scoring.services import Recorded, Replay, replay_match
from scoring.services.state import cached_progress, fresh_cache, snapshot_of


@dataclass(frozen=True)
class EventRow:
    """One event of the match as the history shows it: its versions and its effect."""

    event: MatchEvent
    current: EventVersion
    versions: tuple[EventVersion, ...]  # oldest first
    snapshot: Snapshot | None  # None when void
    hand_number: int | None = None  # hands 1, 2, 3... as players count; None for other events

    @property
    def number(self) -> int:
        return self.event.number

    @property
    def is_void(self) -> bool:
        return self.current.is_void

    @property
    def is_corrected(self) -> bool:
        return len(self.versions) > 1

    @property
    def stays_out(self) -> bool:
        """A withdrawal that is "stays out": the player a hand had just busted declined the
        re-entry (the engine puts them out for good, `Status.OUT`, where a player in play who
        withdraws is `WITHDRAWN`). Stored as any withdrawal; a void one reads as a withdrawal."""
        if self.event.kind != EventKind.WITHDRAW or self.snapshot is None:
            return False
        return self.snapshot.statuses.get(self.current.data.get("player")) == Status.OUT


@dataclass(frozen=True)
class Counts:
    """What a detail of the latest events only (`latest_match_detail`) knows of the others."""

    events: int  # the last event's number
    hands: int  # hands recorded, voided ones included
    void_hands: int
    newest_hands: tuple[tuple[int, bool], ...]  # the latest hands, newest first: (event, void)

    @property
    def picked(self) -> tuple[tuple[int, int, bool], ...]:
        """The latest hands, oldest first: (hand, event number, void)."""
        newest = [(self.hands - back, n, void) for back, (n, void) in enumerate(self.newest_hands)]
        return tuple(reversed(newest))


@dataclass(frozen=True)
class MatchDetail:
    """The match, its seats, its replayed state and its events' rows: all of them
    (`match_detail`), or the latest only (`latest_match_detail`: `counts` says the rest, and
    the state has no history)."""

    match: Match
    seats: tuple[MatchPlayer, ...]
    replay: Replay
    rows: tuple[EventRow, ...] = field(default=())
    counts: Counts | None = None

    @property
    def state(self) -> MatchState:
        return self.replay.state

    @property
    def event_count(self) -> int:
        """The events recorded, voided ones included."""
        return self.counts.events if self.counts is not None else len(self.rows)

    @property
    def picked_hands(self) -> tuple[tuple[int, int, bool], ...]:
        """Every hand (the latest ones only when the detail has the latest events only), oldest
        first: (hand number, event number, void)."""
        if self.counts is not None:
            return self.counts.picked
        return tuple(
            (row.hand_number, row.number, row.is_void)
            for row in self.rows
            if row.hand_number is not None
        )

    @property
    def hands_recorded(self) -> int:
        """The hands recorded, voided ones included: the number of the last hand."""
        if self.counts is not None:
            return self.counts.hands
        return max((row.hand_number or 0 for row in self.rows), default=0)

    @property
    def genders(self) -> dict[str, str]:
        """Each seat's player's gender by the name played under (the Italian words agree)."""
        return {seat.name: seat.player.gender for seat in self.seats}

    @property
    def void_hands(self) -> int:
        if self.counts is not None:
            return self.counts.void_hands
        return sum(1 for row in self.rows if row.hand_number and row.is_void)

    @property
    def next_hand_number(self) -> int:
        """The number the next hand gets (a voided hand keeps its number)."""
        return self.hands_recorded + 1

    def hand_labels(self) -> tuple[str, ...]:
        """A label for each entry of the engine's history (the events in force, in order): the
        hand's number as players count it, "" for a re-entry, a withdrawal or a time call."""
        hands = {row.number: row.hand_number for row in self.rows}
        return tuple(str(hands.get(number) or "") for number in self.replay.event_numbers)

    def hand_before(self, number: int) -> int:
        """The number of the last hand recorded before event `number` (0: none)."""
        return max((row.hand_number or 0 for row in self.rows if row.number < number), default=0)

    def row_of(self, number: int) -> EventRow | None:
        """The row of event `number`, or None."""
        return next((row for row in self.rows if row.number == number), None)


def recorded_event_row(recorded: Recorded) -> EventRow:
    """The row of an event `services.event_record_replayed` has just recorded, from the state
    the write produced: the same row `match_detail` would give, without reading again."""
    # A new event (the only kind this is asked for) comes with its version and its snapshot.
    assert recorded.version is not None
    return EventRow(
        event=recorded.event,
        current=recorded.version,
        versions=(recorded.version,),
        snapshot=recorded.snapshot,
        hand_number=recorded.hand_number,
    )


def match_detail(match: Match) -> MatchDetail:
    """The match, its seats, every event with all its versions, and the replayed state.

    A fixed number of queries whatever the length of the match.
    """
    seats = tuple(match.seats.select_related("player").order_by("seat"))
    events = _events_with_versions(match)
    currents = []
    for event in events:
        versions = list(event.versions.all())
        current = next(version for version in versions if version.is_current)
        current.event = event
        currents.append(current)
    replayed = replay_match(match, seats, currents)
    snapshots = dict(zip(replayed.event_numbers, replayed.state.history, strict=True))
    hands = hand_numbers([event.kind for event in events])
    rows = tuple(
        EventRow(
            event=event,
            current=current,
            versions=tuple(event.versions.all()),
            snapshot=snapshots.get(event.number),
            hand_number=hand,
        )
        for event, current, hand in zip(events, currents, hands, strict=True)
    )
    return MatchDetail(match=match, seats=seats, replay=replayed, rows=rows)


def latest_match_detail(match: Match, latest: int, hands: int) -> MatchDetail:
    """The match as its page shows it: its seats, its state, the rows of its `latest` events
    and its `hands` latest hands (the hand picker), read from the state that follows the events
    (`services.state`; the cache row comes with the match when it was read with it), not
    replayed: a fixed number of queries and a cost that does not grow with the match. A match
    whose cache does not follow it is `match_detail` (all of it, replayed)."""
    cache = fresh_cache(match)  # read with the match (`views.access`), or one query
    seats = tuple(match.seats.select_related("player").order_by("seat"))
    progress = cached_progress(match, seats, cache) if cache is not None else None
    if cache is None or progress is None:
        return match_detail(match)
    newest_hands = tuple((number, void) for number, void in reversed(cache.latest_hands))
    counts = Counts(cache.events, cache.hands, cache.void_hands, newest_hands[:hands])
    events = _events_with_versions(match, number__gt=max(cache.events - latest, 0))
    if any(event.result is None for event in events if not _current(event).is_void):
        return match_detail(match)  # a snapshot not written (never expected): replay it all
    # hands are numbered 1, 2, 3..., voided ones included, and the rows are the latest events:
    # the last hand among them is hand `cache.hands`
    later_hands = sum(1 for event in events if event.kind == EventKind.HAND)
    rows = []
    for event in events:
        current = _current(event)
        current.event = event
        hand_number = None
        if event.kind == EventKind.HAND:
            hand_number = cache.hands - later_hands + 1
            later_hands -= 1
        rows.append(
            EventRow(
                event=event,
                current=current,
                versions=tuple(event.versions.all()),
                snapshot=snapshot_of(event.result) if not current.is_void else None,
                hand_number=hand_number,
            )
        )
    replayed = Replay(state=engine_state(progress), event_numbers=(), hand_count=match.hand_count)
    return MatchDetail(match=match, seats=seats, replay=replayed, rows=tuple(rows), counts=counts)


def detail_after_write(
    detail: MatchDetail, recorded: Recorded, latest: int, join: TableJoin | None = None
) -> MatchDetail | None:
    """The match after the new event `recorded`, from `detail` (`latest_match_detail`, read
    before the write) and the state the write produced: no read of the match again. `detail`'s
    match (the request's) takes the match row as the write left it (revision, totals' cache...);
    `join`: the phone that wrote it, if one did (the request's viewer's, already read). None
    when something else was written between the two (the caller reads the match again)."""
    written = recorded.match
    if written is None or recorded.state is None or written.revision != detail.match.revision + 1:
        return None
    version = recorded.version
    if version is not None and join is not None and version.table_join_id == join.pk:
        version.table_join = join  # the author's words, without reading the phone again
    match = detail.match
    for column in Match._meta.concrete_fields:
        setattr(match, column.attname, getattr(written, column.attname))
    match._state.fields_cache.pop("winner", None)
    match._state.fields_cache.pop("state_cache", None)
    row = recorded_event_row(recorded)
    newest = [(number, void) for _hand, number, void in reversed(detail.picked_hands)]
    if row.hand_number is not None:
        newest.insert(0, (row.number, False))
    counts = Counts(
        events=row.number,
        hands=detail.hands_recorded + (1 if row.hand_number is not None else 0),
        void_hands=detail.void_hands,
        newest_hands=tuple(newest),
    )
    replayed = Replay(state=recorded.state, event_numbers=(), hand_count=match.hand_count)
    rows = (*detail.rows, row)[-latest:]
    return MatchDetail(match=match, seats=detail.seats, replay=replayed, rows=rows, counts=counts)


def _current(event: MatchEvent) -> EventVersion:
    """The event's current version, among its versions read with it."""
    return next(version for version in event.versions.all() if version.is_current)


def _events_with_versions(match: Match, **filters: object) -> list[MatchEvent]:
    """The match's events (`filters`), in order, with their versions and their authors."""
    return list(
        match.events.filter(**filters)
        .order_by("number")
        .select_related("created_by")
        .prefetch_related(
            Prefetch(
                "versions",
                queryset=EventVersion.objects.select_related(
                    "created_by", "table_join__code", "table_join__seat"
                ).order_by("version"),
            )
        )
    )


def hand_number(event: MatchEvent) -> int | None:
    """The number of a hand as players count it (hands 1, 2, 3..., voided ones included); None
    for a re-entry, a withdrawal or a time call. One query: for the rare paths (an event sent
    again after its answer was lost), not for recording a hand (`Recorded.hand_number`)."""
    if event.kind != EventKind.HAND:
        return None
    return MatchEvent.objects.filter(
        match_id=event.match_id, kind=EventKind.HAND, number__lte=event.number
    ).count()


def match_started_with(club: Club, key: str) -> Match | None:
    """The club's match a start form with idempotency key `key` started, if any (a form sent
    again: Back after "Start the match", then submit)."""
    return Match.objects.filter(club=club, start_key=key).first() if key else None


def start_differs(
    match: Match,
    *,
    seats: list[tuple[int, Player | None, str]],
    preset: str,
    options: Options,
    table_label: str,
    first_dealer_seat: int,
) -> bool:
    """Whether a start form sent again (its cleaned seats, preset, options, table, dealer) asks
    for something other than `match`, the match its key started: Back, a seat changed, submit.
    A guest is the same guest by name, whatever its case."""
    started = list(MatchPlayer.objects.filter(match=match).order_by("seat"))
    if len(started) != len(seats) or any(
        (seat.player_id != player.pk) if player else (seat.name.casefold() != guest.casefold())
        for seat, (_number, player, guest) in zip(started, seats, strict=True)
    ):
        return True
    try:
        rules = rules_for(preset, options).to_dict()
    except EngineError:
        return True
    return (
        preset != match.preset
        or rules != match.rules
        or stored_table_label(table_label) != match.table_label
        or first_dealer_seat != match.first_dealer_seat
    )


def match_has_events(match: Match) -> bool:
    """Whether anything (a hand, a withdrawal...) was recorded in `match`."""
    return MatchEvent.objects.filter(match=match).exists()


def matches_for_club(club: Club) -> MatchQuerySet:
    """The club's matches, newest first, with their seats and winner: two queries for a page."""
    return (
        Match.objects.filter(club=club)
        .select_related("winner", "club")
        .prefetch_related(Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat")))
    )


@dataclass
class TablePhones:
    """The table code's phones of one match, as the tournament console shows them."""

    seats: list[TableJoin] = field(default_factory=list)  # the phones holding a seat now
    entered: list[str] = field(default_factory=list)  # who wrote the result: phones' labels
    changes_after: list[str] = field(default_factory=list)  # what changed after a dispute


def table_phones(
    match_ids: list[int], disputes: dict[int, tuple[datetime, str]] | None = None
) -> dict[int, TablePhones]:
    """For the console, in three queries whatever the number of tables: the phones holding a
    seat of each match (through its current code), the phones that wrote any version of its
    result, and, for a disputed match (`disputes`: match id -> (when, who disputed)), what
    changed after the dispute ("Hand 3 corrected by Anna's phone after Bruno's dispute")."""
    phones: dict[int, TablePhones] = {pk: TablePhones() for pk in match_ids}
    for join in (
        TableJoin.objects.filter(
            code__match__in=match_ids, code__is_current=True, seat__isnull=False, released_at=None
        )
        .select_related("code", "seat")
        .order_by("seat__seat")
    ):
        phones[join.code.match_id].seats.append(join)
    writers = (
        EventVersion.objects.filter(event__match__in=match_ids, table_join__isnull=False)
        .select_related("event", "table_join__seat")
        .order_by("event__match_id", "pk")
    )
    for version in writers:
        assert version.table_join is not None  # filtered on it
        entered = phones[version.event.match_id].entered
        if version.table_join.label not in entered:
            entered.append(version.table_join.label)
    for match_id, (since, name) in (disputes or {}).items():
        hands = dict(
            MatchEvent.objects.filter(match_id=match_id, kind=EventKind.HAND)
            .order_by("number")
            .values_list("number", "kind")
        )
        ordinal = {number: place for place, number in enumerate(hands, start=1)}
        for version in (
            EventVersion.objects.filter(
                event__match_id=match_id, version__gt=1, created_at__gt=since
            )
            .select_related("event", "created_by", "table_join__seat")
            .order_by("pk")
        ):
            phones[match_id].changes_after.append(_change_after(version, ordinal, name))
    return phones


def _change_after(version: EventVersion, ordinal: dict[int, int], name: str) -> str:
    who = (
        version.table_join.label
        if version.table_join is not None
        else (version.created_by.get_username() if version.created_by else "")
    )
    params = {"who": who, "name": name, "number": ordinal.get(version.event.number, 0)}
    if version.event.number in ordinal:
        if version.is_void:
            return gettext("Hand %(number)s voided by %(who)s after %(name)s's dispute") % params
        return gettext("Hand %(number)s corrected by %(who)s after %(name)s's dispute") % params
    params["event"] = str(version.event.get_kind_display())
    params["number"] = version.event.number
    return gettext("%(event)s (event %(number)s) changed by %(who)s after %(name)s's dispute") % (
        params
    )
