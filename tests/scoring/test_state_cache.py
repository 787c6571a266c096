"""The state that follows the events (`scoring.services.state`): a new event is applied to the
cached state, a correction or a void replays the match; either way the cache, each event's
snapshot and the seats' totals are what a replay from scratch gives. Hands stay the truth:
`rebuild_match_states` writes the cache again from them."""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import replace

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Role
from scoring import services
from scoring.engine import progress as engine
from scoring.engine.document import MatchDocument, dump_document
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer, MatchStateCache
from scoring.selectors import detail_after_write, latest_match_detail
from scoring.services import MatchError
from scoring.services.replay import current_events
from scoring.services.state import LATEST_HANDS_KEPT, cached_progress
from tests.clients import log_in
from tests.factories import ClubFactory, PlayerFactory, member, start_match
from tests.properties import examples
from tests.scoring.test_in_place import IN_PLACE
from tests.scoring.test_views import hand_data

from .engine.gin_strategies import PLAYERS as GIN_PLAYERS
from .engine.gin_strategies import gin_matches
from .engine.penalty_strategies import penalty_matches

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

# The phone's hand: the session, the user, the match with the user's role in its club (read
# once for the released-seat guard and the write's role check); the latest rows and the kept
# state; the write (lock with the cache and the key's event, event, version, seats, match,
# cache); the answer's parts (the match's place, whether the user plays here...). Measured (21
# before the match was read once with its role, 19 before the idempotency key was looked up
# with the lock); what matters is that it is the same at every length.
PHONE_HAND_QUERIES = 18

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
    hands = [[e.number, e.is_void] for e in events if e.kind == "hand"]
    assert cache.latest_hands == hands[-LATEST_HANDS_KEPT:]
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


def test_the_page_after_a_hand_is_built_from_the_write_as_a_new_read_shows_it():
    """`detail_after_write`: the detail read before the hand, and the state the hand's write
    produced, give what reading the match after the hand gives: the rows shown, the hands,
    the state, the match row."""
    match = start_match(options={"elimination_at": 151})
    names = ("Anna", "Bruno", "Carla", "Dario")
    for number in range(11):
        closer = names[number % 4]
        others = {name: number % 7 for name in names if name != closer}
        services.event_record(match=match, user=None, data=hand(closer, **others))
    third = MatchEvent.objects.get(match=match, number=3)
    services.event_void(event=third, user=None, reason="twice", expected_version=1)
    before = latest_match_detail(Match.objects.get(pk=match.pk), 5, 10)
    recorded = services.event_record_replayed(
        match=match, user=None, data=hand("Bruno", Anna=30, Carla=2, Dario=9)
    )
    after = detail_after_write(before, recorded, 5)
    read = latest_match_detail(Match.objects.get(pk=match.pk), 5, 10)
    assert after is not None
    assert after.state == read.state
    assert after.state.player("Anna").total == read.state.player("Anna").total > 30
    assert [(r.number, r.hand_number, r.snapshot) for r in after.rows] == [
        (r.number, r.hand_number, r.snapshot) for r in read.rows
    ]
    assert [r.number for r in after.rows] == [8, 9, 10, 11, 12]
    assert after.picked_hands[-10:] == read.picked_hands[-10:]
    assert (after.hands_recorded, after.void_hands, after.event_count) == (12, 1, 12)
    assert (after.match.revision, after.match.hand_count) == (read.match.revision, 11)


def test_a_write_between_the_read_and_the_hand_makes_the_page_read_again():
    match = start_match(options={"elimination_at": 151})
    before = latest_match_detail(Match.objects.get(pk=match.pk), 5, 10)
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=1, Carla=1, Dario=1))
    recorded = services.event_record_replayed(
        match=match, user=None, data=hand("Bruno", Anna=1, Carla=1, Dario=1)
    )
    assert detail_after_write(before, recorded, 5) is None


def phone_hand_cost(client, match, hand_number: int) -> tuple[int, list[str], str]:
    """The queries of a hand sent from the match page's script (HX-Request), those that read
    the match's events, and the answer."""
    names = [seat.name for seat in match.seats.order_by("seat")]
    closer = names[hand_number % len(names)]
    data = hand_data(match, closer, {name: 1 for name in names if name != closer})
    data["based_on"] = str(Match.objects.get(pk=match.pk).revision)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(reverse("scoring:hand", args=[match.pk]), data, **IN_PLACE)
    assert response["X-Tallone-Answer"] == "recorded"
    sql = [query["sql"] for query in captured.captured_queries]
    # the event's idempotency key is looked up (the page's check, the service's), not the events
    events = [q for q in sql if 'FROM "scoring_matchevent"' in q and '_key" = ' not in q]
    return len(sql), events, response.content.decode()


@pytest.mark.parametrize("hands", [3, 30])
def test_the_phones_hand_costs_the_same_queries_whatever_the_matchs_length(client, hands):
    """The hand from the page's script reads the latest events once (the rows it shows), applies
    the hand to the kept state and answers from it: the same queries at 3 and at 30 hands."""
    club = ClubFactory()
    log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club", options={"elimination_at": 10000})
    for number in range(hands):
        phone_hand_cost(client, match, number)
    count, events, answer = phone_hand_cost(client, match, hands)
    assert f"Hand {hands + 1} recorded." in " ".join(answer.split())
    assert len(events) == 1 and '"number" > ' in events[0]  # the rows shown, not all events
    assert count == PHONE_HAND_QUERIES, count


def test_the_hand_picker_lists_the_latest_ten_hands_and_leads_to_the_history_for_older(client):
    club = ClubFactory()
    log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club", options={"elimination_at": 10000})
    for number in range(12):
        phone_hand_cost(client, match, number)
    page = client.get(match.get_absolute_url()).content.decode()
    picker = page.split('<nav class="hand-numbers"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'<a class="button small" href="[^"]+">(\d+)</a>', picker) == [
        str(hand) for hand in range(12, 2, -1)
    ]
    history = reverse("scoring:history", args=[match.pk])
    assert f'<a href="{history}">2 older hands: the whole history</a>' in page
    # the whole history has every hand's correction
    full = client.get(history).content.decode()
    assert all(reverse("scoring:correct", args=[match.pk, n]) in full for n in range(1, 13))


def test_a_page_whose_rows_lack_their_snapshot_replays_the_match():
    match = start_match(options={"elimination_at": 151})
    services.event_record(match=match, user=None, data=hand("Anna", Bruno=10, Carla=5, Dario=7))
    MatchEvent.objects.filter(match=match).update(result=None)
    detail = latest_match_detail(Match.objects.get(pk=match.pk), 5, 10)
    assert detail.counts is None  # the whole match, replayed
    assert detail.rows[0].snapshot is not None
    assert detail.rows[0].snapshot.totals["Bruno"] == 10
