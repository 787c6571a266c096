"""The state that follows the events (`scoring.services.state`): a new event is applied to the
cached state, a correction or a void replays the match; either way the cache, each event's
snapshot and the seats' totals are what a replay from scratch gives. Hands stay the truth:
`rebuild_match_states` writes the cache again from them."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.engine import progress as engine
from scoring.engine.document import MatchDocument, dump_document
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer, MatchStateCache
from scoring.services import MatchError
from scoring.services.replay import current_events
from scoring.services.state import cached_progress
from tests.factories import ClubFactory, PlayerFactory, start_match
from tests.properties import examples

from .engine.gin_strategies import PLAYERS as GIN_PLAYERS
from .engine.gin_strategies import gin_matches
from .engine.penalty_strategies import penalty_matches

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

PRESET_OF = {"scala40": "scala40", "ramino": "ramino", "gin": "gin"}
PROPERTY = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def events_data(rules, players, events) -> list[dict]:
    """The events in the match document's format, as a phone sends them."""
    document = MatchDocument(rules.game, PRESET_OF[rules.game], rules, players, events)
    return [dict(data) for data in dump_document(document)["events"]]


def started(rules, players, first_dealer) -> Match:
    club = ClubFactory()
    seats = [PlayerFactory(club=club, name=name) for name in players]
    return services.match_start(
        club=club,
        user=None,
        preset=PRESET_OF[rules.game],
        players=seats,
        options=rules.to_dict(),
        first_dealer_seat=players.index(first_dealer) + 1,
    )


def assert_follows_a_replay(match: Match) -> None:
    """The cache row, each event's snapshot and the seats are what a replay from scratch of the
    match's current events gives."""
    match = Match.objects.get(pk=match.pk)
    seats = list(MatchPlayer.objects.filter(match=match).order_by("seat"))
    events = current_events(match)
    replayed = services.replay_current(match, seats, events)
    cache = MatchStateCache.objects.get(match=match)
    assert cache.revision == match.revision
    assert cache.events == (events[-1].number if events else 0)
    assert cache.hands == sum(1 for event in events if event.kind == "hand")
    assert cache.void_hands == sum(1 for e in events if e.kind == "hand" and e.is_void)
    assert replayed.progress is not None
    assert cache.data == json.loads(json.dumps(engine.to_cache(replayed.progress)))
    # the live state the cache holds gives the state the replay gives
    progress = cached_progress(match, seats, cache)
    assert progress is not None
    assert engine.state(progress) == replace(replayed.state, history=())
    snapshots = dict(zip(replayed.event_numbers, replayed.state.history, strict=True))
    results = dict(MatchEvent.objects.filter(match=match).values_list("number", "result"))
    for event in events:
        expected = snapshots.get(event.number)
        stored = results[event.number]
        assert (None if stored is None else engine.snapshot_from_data(stored)) == expected
    totals = {seat.name: seat.total for seat in seats}
    assert totals == replayed.state.totals


def play(match: Match, data: list[dict], changes: st.DataObject) -> None:
    """Record `data` one event at a time, with corrections and voids drawn between them (any
    of them the engine may refuse: then nothing changes)."""
    for item in data:
        with contextlib.suppress(MatchError):  # a change before made this event impossible
            services.event_record(match=match, user=None, data=item)
        assert_follows_a_replay(match)
        if changes.draw(st.integers(0, 4), label="change") == 0:
            change(match, data, changes)
            assert_follows_a_replay(match)


def change(match: Match, data: list[dict], changes: st.DataObject) -> None:
    events = list(MatchEvent.objects.filter(match=match).order_by("number"))
    if not events:
        return
    event = changes.draw(st.sampled_from(events), label="event")
    current = EventVersion.objects.get(event=event, is_current=True)
    if current.is_void:
        return
    try:
        if event.kind == "hand" and changes.draw(st.booleans(), label="correct"):
            hands = [item for item in data if item["type"] == "hand"]
            other = dict(changes.draw(st.sampled_from(hands), label="hand"))
            other.pop("type")
            services.hand_correct(
                event=event, user=None, data=other, expected_version=current.version
            )
        else:
            services.event_void(
                event=event, user=None, reason="mistyped", expected_version=current.version
            )
    except MatchError:
        pass  # a later event would not hold: refused, nothing changed


@PROPERTY
@given(match=penalty_matches(max_events=12), changes=st.data())
def test_a_penalty_match_with_corrections_and_voids_follows_its_replay(match, changes):
    stored = started(match.rules, match.players, match.first_dealer)
    play(stored, events_data(match.rules, match.players, match.events), changes)


@PROPERTY
@given(match=gin_matches(), changes=st.data())
def test_a_gin_match_with_corrections_and_voids_follows_its_replay(match, changes):
    stored = started(match.rules, GIN_PLAYERS, match.first_dealer)
    play(stored, events_data(match.rules, GIN_PLAYERS, match.events), changes)


def hand(closer, **points):
    return {"type": "hand", "closer": closer, "points": points}


def test_a_new_hand_is_applied_to_the_cached_state_not_replayed():
    """The cache is what a hand reads: a cache that says otherwise (never written by the
    services) shows in the totals, proving the events were not replayed."""
    match = start_match(options={"elimination_at": 151})
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    cache = MatchStateCache.objects.get(match=match)
    cache.data["match"]["totals"]["Bruno"] = 100
    cache.save()
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=1, Carla=1, Dario=1))
    assert MatchPlayer.objects.get(match=match, name="Bruno").total == 101


def test_a_cache_behind_the_match_is_not_read_and_the_match_is_replayed():
    match = start_match(options={"elimination_at": 151})
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    cache = MatchStateCache.objects.get(match=match)
    cache.data["match"]["totals"]["Bruno"] = 100
    cache.revision -= 1  # it follows an older revision
    cache.save()
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=1, Carla=1, Dario=1))
    assert MatchPlayer.objects.get(match=match, name="Bruno").total == 11
    assert_follows_a_replay(match)


def test_a_match_without_a_cache_is_replayed_and_gets_one():
    match = start_match(options={"elimination_at": 151})
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    MatchStateCache.objects.filter(match=match).delete()
    MatchEvent.objects.filter(match=match).update(result=None)
    services.event_record(match=match, user=None, data=hand("Bruno", Anna=3, Carla=1, Dario=1))
    assert MatchPlayer.objects.get(match=match, name="Anna").total == 3
    assert_follows_a_replay(match)


def test_a_refusal_on_the_cached_path_is_the_replays_with_the_events_number():
    match = start_match(options={"elimination_at": 151})
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    with pytest.raises(MatchError) as refused:
        services.event_record(match=match, user=None, data=hand("Zeno", Anna=1))
    assert (refused.value.event, refused.value.field) == (2, "closer")
    assert str(refused.value.message) == "Zeno is not a player of this match."
    assert_follows_a_replay(match)


def test_rebuild_match_states_writes_every_cache_again_from_the_events(capsys):
    first = start_match(options={"elimination_at": 151})
    second = start_match(options={"elimination_at": 151})
    for match in (first, second):
        services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    MatchStateCache.objects.all().delete()
    MatchEvent.objects.update(result=None)
    call_command("rebuild_match_states", "--match", str(first.pk))
    assert MatchStateCache.objects.filter(match=first).exists()
    assert not MatchStateCache.objects.filter(match=second).exists()
    assert_follows_a_replay(first)
    call_command("rebuild_match_states")
    assert "2 match states rebuilt, 0 refused." in capsys.readouterr().out
    assert_follows_a_replay(second)
    # a cache that went wrong is put right
    MatchStateCache.objects.filter(match=first).update(data={"format": 1})
    call_command("rebuild_match_states", "--match", str(first.pk))
    assert_follows_a_replay(first)


def test_rebuild_match_states_names_a_match_that_does_not_exist():
    with pytest.raises(CommandError, match="There is no match 999999"):
        call_command("rebuild_match_states", "--match", "999999")
