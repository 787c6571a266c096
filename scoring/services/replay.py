"""Reading a match as the engine sees it: its current events (plain values, in one query, for one
match or many), the match document they make, and its replay (`Replay`: the engine's state and
the event number of each entry). A refusal of the engine becomes a `MatchError` naming the event."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.db.models import QuerySet

from scoring.engine import EngineError, MatchState, hand_numbers
from scoring.engine import progress as engine_progress
from scoring.engine.document import DocumentData, EventData, parse_document
from scoring.engine.progress import Progress
from scoring.models import (
    EventVersion,
    Match,
    MatchPlayer,
)
from scoring.services.errors import MatchError


@dataclass(frozen=True)
class Replay:
    """A replayed match: the engine's state, and the event number of each entry of its history."""

    state: MatchState
    event_numbers: tuple[int, ...]
    hand_count: int
    # the engine's live state after the last event, for the state cache (`services.state`)
    progress: Progress | None = field(default=None, compare=False, repr=False)


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
    data: EventData
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
) -> tuple[DocumentData, tuple[int, ...]]:
    """The match as a match document (voided events left out), and the event numbers in it."""
    return _document(match, seats, _active(versions))


def _active(versions: Sequence[EventVersion]) -> list[tuple[int, EventData]]:
    return [(version.event.number, version.data) for version in versions if not version.is_void]


def in_force(events: Sequence[CurrentEvent]) -> list[tuple[int, EventData]]:
    return [(event.number, event.data) for event in events if not event.is_void]


def _document(
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[tuple[int, EventData]]
) -> tuple[DocumentData, tuple[int, ...]]:
    first_dealer = next(seat.name for seat in seats if seat.seat == match.first_dealer_seat)
    document: DocumentData = {
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
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[tuple[int, EventData]]
) -> Replay:
    """Replay the match from `(number, data)` of its events in force (voided ones left out)."""
    document, numbers = _document(match, seats, events)
    try:
        parsed = parse_document(document)
        # `replay`, one event at a time, keeping the live state for the cache
        progress = engine_progress.start(parsed.rules, parsed.players, parsed.first_dealer)
        history = tuple([engine_progress.advance(progress, event) for event in parsed.events])
        state = replace(engine_progress.state(progress), history=history)
    except EngineError as error:
        number = numbers[error.event] if error.event is not None else None
        raise MatchError.from_engine(error, event=number) from error
    hand_count = sum(1 for event in document["events"] if event.get("type") == "hand")
    return Replay(state=state, event_numbers=numbers, hand_count=hand_count, progress=progress)


def replay_current(
    match: Match, seats: Sequence[MatchPlayer], events: Sequence[CurrentEvent] | None = None
) -> Replay:
    """Replay the match as it stands in the database: its `events` when they were read already
    (`current_events_by_match`, for many matches at once), else its `current_events`."""
    if events is None:
        events = current_events(match)
    return replay_events(match, seats, in_force(events))


def hands_of(events: Sequence[CurrentEvent]) -> dict[int, int | None]:
    """The hand number (as players count) of each event number."""
    numbers = hand_numbers([event.kind for event in events])
    return {event.number: hand for event, hand in zip(events, numbers, strict=True)}
