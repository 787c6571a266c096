"""The state that follows the events (`scoring.engine.progress`) is the replay's: over random
Scala 40, Ramino, Gin and Burraco matches, a progress kept as JSON between every two events gives
the snapshots and the state `replay` gives; after a correction or a void, the kept state up to the
changed event, advanced over the events after it, gives what a replay from scratch gives."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import EngineError, Event, MatchState, RuleSet, replay, rules_for
from scoring.engine import progress as engine
from tests.properties import examples

from .burraco_strategies import burraco_matches
from .gin_strategies import PLAYERS, gin_hands, gin_matches
from .penalty_strategies import draw_event, penalty_matches

PROPERTY = settings(max_examples=examples(80), deadline=None)


def kept(progress: engine.Progress, players: Sequence[str], first_dealer: str) -> engine.Progress:
    """The progress as a cache keeps it: through JSON and back."""
    data = json.loads(json.dumps(engine.to_cache(progress)))
    restored = engine.from_cache(progress.rules, players, first_dealer, data)
    assert restored is not None
    return restored


def followed(
    rules: RuleSet, players: Sequence[str], first_dealer: str, events: Sequence[Event]
) -> MatchState:
    """The events applied one at a time, the state kept as JSON between every two: the state
    with the snapshots `advance` answered as its history (each also kept as JSON and back)."""
    progress = engine.start(rules, players, first_dealer)
    history = []
    for event in events:
        progress = kept(progress, players, first_dealer)
        snapshot = engine.advance(progress, event)
        data = json.loads(json.dumps(engine.snapshot_data(snapshot)))
        assert engine.snapshot_from_data(data) == snapshot
        history.append(snapshot)
    return replace(engine.state(kept(progress, players, first_dealer)), history=tuple(history))


@PROPERTY
@given(match=penalty_matches())
def test_a_penalty_match_followed_event_by_event_is_its_replay(match):
    expected = replay(match.rules, match.players, match.events, first_dealer=match.first_dealer)
    assert followed(match.rules, match.players, match.first_dealer, match.events) == expected


@PROPERTY
@given(match=gin_matches())
def test_a_gin_match_followed_event_by_event_is_its_replay(match):
    expected = replay(match.rules, PLAYERS, match.events, first_dealer=match.first_dealer)
    assert followed(match.rules, PLAYERS, match.first_dealer, match.events) == expected


@PROPERTY
@given(match=burraco_matches())
def test_a_burraco_match_followed_event_by_event_is_its_replay(match):
    """The lines' totals, bases and cartes, and each hand's line scores, kept as JSON too."""
    expected = replay(match.rules, match.players, match.events)
    assert followed(match.rules, match.players, match.players[0], match.events) == expected


def resumed_after_change(
    rules: RuleSet,
    players: Sequence[str],
    first_dealer: str,
    events: Sequence[Event],
    changed: int,
) -> MatchState | EngineError:
    """What the services do after a change of event `changed`: the state kept before it (as
    JSON), advanced over the events from it on; or the refusal."""
    progress = engine.start(rules, players, first_dealer)
    history = []
    try:
        for event in events[:changed]:
            history.append(engine.advance(progress, event))
        progress = kept(progress, players, first_dealer)
        for event in events[changed:]:
            history.append(engine.advance(progress, event))
    except EngineError as error:
        return error
    return replace(engine.state(progress), history=tuple(history))


def replayed(
    rules: RuleSet, players: Sequence[str], first_dealer: str, events: Sequence[Event]
) -> MatchState | EngineError:
    try:
        return replay(rules, players, events, first_dealer=first_dealer)
    except EngineError as error:
        return error


def same(left: MatchState | EngineError, right: MatchState | EngineError) -> bool:
    if isinstance(left, EngineError) or isinstance(right, EngineError):
        return (
            isinstance(left, EngineError)
            and isinstance(right, EngineError)
            and (left.message, left.field, left.event) == (right.message, right.field, right.event)
        )
    return left == right


@PROPERTY
@given(match=penalty_matches(), data=st.data())
def test_a_penalty_match_corrected_or_voided_resumes_as_its_replay(match, data):
    events = list(match.events)
    if not events:
        return
    changed = data.draw(st.integers(0, len(events) - 1))
    if data.draw(st.booleans()):
        del events[changed]  # a void: the event no longer counts
    else:  # a correction: another event drawn for the state before it
        before = replay(
            match.rules, match.players, events[:changed], first_dealer=match.first_dealer
        )
        events[changed] = data.draw(st.composite(lambda d: draw_event(d, match.rules, before))())
    args = (match.rules, match.players, match.first_dealer, events)
    assert same(resumed_after_change(*args, changed), replayed(*args))


@PROPERTY
@given(match=gin_matches(), data=st.data())
def test_a_gin_match_corrected_or_voided_resumes_as_its_replay(match, data):
    events = list(match.events)
    if not events:
        return
    changed = data.draw(st.integers(0, len(events) - 1))
    if data.draw(st.booleans()):
        del events[changed]
    else:
        events[changed] = data.draw(gin_hands(match.rules))
    args = (match.rules, PLAYERS, match.first_dealer, events)
    assert same(resumed_after_change(*args, changed), replayed(*args))


def test_a_cache_of_another_format_or_game_is_not_read():
    rules, players = rules_for("scala40", {}), ["Anna", "Bruno"]
    data = engine.to_cache(engine.start(rules, players, "Anna"))
    assert engine.from_cache(rules, players, "Anna", data) is not None
    assert engine.from_cache(rules, players, "Anna", {**data, "format": 0}) is None
    assert engine.from_cache(rules, players, "Anna", {**data, "game": "gin"}) is None
