"""The state that follows the events: the engine's live state after the latest event
(`MatchStateCache`) and each event's snapshot (`MatchEvent.result`), kept beside the events.

Hands stay the truth; this is a cache of their replay, written by the services of this package in
the transaction that writes an event, with the match row locked (the callers hold it). A new event
is checked and applied to the cached state (`apply_new`: one row read, whatever the match's
length); a correction, a void, or a cache that is missing or does not follow the match's revision
replays the match from the start and writes the cache again (`write_replayed`). The engine's
refusals are the replay's: same message, same field, same event number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import connection

from scoring.engine import EngineError, MatchState, RuleSet, Snapshot, rules_for
from scoring.engine import progress as engine_progress
from scoring.engine.document import EventData, parse_event
from scoring.engine.progress import Progress
from scoring.models import EventKind, Match, MatchEvent, MatchPlayer, MatchStateCache
from scoring.services.errors import MatchError
from scoring.services.replay import CurrentEvent, Replay

# The latest hands the cache keeps (event number, void), for the match page's hand picker.
LATEST_HANDS_KEPT = 10


def fresh_cache(match: Match) -> MatchStateCache | None:
    """The match's state cache when it follows the match as it stands (its revision); None when
    it is missing or behind (the match is replayed from its events then). No query when the
    match was read with it (`lock_match`), else one."""
    cache = cache_row(match)
    return cache if cache is not None and cache.revision == match.revision else None


def cache_row(match: Match) -> MatchStateCache | None:
    """The match's state cache row, whatever revision it follows (None: it has none)."""
    try:
        return match.state_cache
    except MatchStateCache.DoesNotExist:
        return None


def engine_rules(match: Match) -> RuleSet:
    """The match's rule set as the engine reads it (its preset with the rules it stores)."""
    try:
        return rules_for(match.preset, dict(match.rules))
    except EngineError as error:
        raise MatchError.from_engine(error) from error


def first_dealer(match: Match, seats: Sequence[MatchPlayer]) -> str:
    return next(seat.name for seat in seats if seat.seat == match.first_dealer_seat)


def cached_progress(
    match: Match, seats: Sequence[MatchPlayer], cache: MatchStateCache
) -> Progress | None:
    """The engine's progress the cache holds; None when it cannot be read (another format, or
    a row damaged by hand): the match is replayed then, and its cache written again."""
    names = [seat.name for seat in seats]
    rules = engine_rules(match)
    try:
        return engine_progress.from_cache(rules, names, first_dealer(match, seats), cache.data)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def apply_new(
    match: Match, progress: Progress, number: int, data: EventData
) -> tuple[MatchState, Snapshot]:
    """Check event `number` (`data`, the match document's) and apply it to `progress`: the
    state after it and its snapshot. `MatchError` naming event `number` when the engine refuses
    it, as a replay of the whole match would."""
    try:
        event = parse_event(progress.applied, data, match.game, progress.rules, progress.players)
        snapshot = engine_progress.advance(progress, event)
    except EngineError as error:
        raise MatchError.from_engine(
            error, event=number if error.event is not None else None
        ) from error
    return engine_progress.state(progress), snapshot


def write_cache(
    match: Match,
    progress: Progress,
    *,
    events: int,
    hands: int,
    void_hands: int,
    latest_hands: list[list[Any]],
    exists: bool,
) -> None:
    """Store the engine's live state after the match's latest event (`events`: its number), at
    the match's revision (written already). `exists`: the cache row is there to update."""
    values: dict[str, Any] = {
        "revision": match.revision,
        "events": events,
        "hands": hands,
        "void_hands": void_hands,
        "latest_hands": latest_hands[-LATEST_HANDS_KEPT:],
        "data": engine_progress.to_cache(progress),
    }
    if exists is False:  # a new match: one INSERT
        MatchStateCache.objects.create(match=match, **values)
    elif not MatchStateCache.objects.filter(match=match).update(**values):
        MatchStateCache.objects.update_or_create(match=match, defaults=values)


def write_replayed(
    match: Match,
    replayed: Replay,
    events: Sequence[CurrentEvent],
    *,
    since: int = 1,
    exists: bool | None = None,
) -> None:
    """After a replay of the whole match (`events`: every event's current version, voided
    ones included, as written now): store its live state, and the snapshot of every event
    numbered from `since` (None for a void one). Nothing before `since` changed."""
    assert replayed.progress is not None  # a replay of the services' always has it
    snapshots = dict(zip(replayed.event_numbers, replayed.state.history, strict=True))
    write_results(
        match,
        ((event.number, snapshots.get(event.number)) for event in events if event.number >= since),
    )
    kinds = [event.kind for event in events]
    write_cache(
        match,
        replayed.progress,
        events=events[-1].number if events else 0,
        hands=kinds.count(EventKind.HAND),
        void_hands=sum(1 for e in events if e.is_void and e.kind == EventKind.HAND),
        latest_hands=[[e.number, e.is_void] for e in events if e.kind == EventKind.HAND],
        exists=MatchStateCache.objects.filter(match=match).exists() if exists is None else exists,
    )


def write_results(match: Match, results: Iterable[tuple[int, Snapshot | None]]) -> None:
    """Store each event's snapshot (by event number; None: a void event), one UPDATE sent
    for all at once."""
    meta = MatchEvent._meta
    quote = connection.ops.quote_name
    column = meta.get_field("result")
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {quote('result')} = %s "
        f"WHERE {quote('match_id')} = %s AND {quote('number')} = %s"
    )
    rows = [
        [
            column.get_db_prep_save(
                None if snapshot is None else engine_progress.snapshot_data(snapshot), connection
            ),
            match.pk,
            number,
        ]
        for number, snapshot in results
    ]
    if rows:
        with connection.cursor() as cursor:
            cursor.executemany(sql, rows)


def snapshot_of(result: Mapping[str, Any] | None) -> Snapshot | None:
    """The snapshot an event's `result` holds (None for none)."""
    return None if result is None else engine_progress.snapshot_from_data(result)
