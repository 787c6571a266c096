"""Properties of the Scala 40 and Ramino replay over random valid matches."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import EndedBy, EngineError, Hand, Reentry, Status, Withdraw
from tests import properties

from .penalty_strategies import PenaltyMatch, after_the_end, penalty_matches

# Generation replays the match after every event, so examples are not free: keep the suite short.
examples = settings(
    max_examples=properties.examples(70),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def meets_threshold(match: PenaltyMatch, total: int) -> bool:
    at = match.rules.elimination_at
    return total >= at if match.rules.elimination_rule == ">=" else total > at


@examples
@given(penalty_matches())
def test_replay_is_deterministic(match):
    assert match.replay() == match.replay(tuple(match.events))


@examples
@given(penalty_matches(), st.data())
def test_history_of_a_prefix_is_the_start_of_the_history(match, data):
    cut = data.draw(st.integers(0, len(match.events)))
    assert match.replay(match.events[:cut]).history == match.replay().history[:cut]


@examples
@given(penalty_matches())
def test_each_total_is_the_sum_of_its_charges(match):
    state = match.replay()
    assert len(state.history) == len(match.events)
    running = dict.fromkeys(match.players, 0)
    for snapshot in state.history:
        running = {name: running[name] + snapshot.charges[name] for name in match.players}
        assert running == dict(snapshot.totals)
    assert running == state.totals


@examples
@given(penalty_matches())
def test_only_hands_and_re_entries_change_totals(match):
    state = match.replay()
    for event, snapshot in zip(match.events, state.history, strict=True):
        changed = {name for name, charge in snapshot.charges.items() if charge}
        if isinstance(event, Reentry):
            assert changed <= {event.player}
        elif not isinstance(event, Hand):
            assert changed == set()


@examples
@given(penalty_matches())
def test_the_closers_total_never_goes_up_and_the_closer_never_busts(match):
    state = match.replay()
    for event, snapshot in zip(match.events, state.history, strict=True):
        if isinstance(event, Hand):
            assert snapshot.charges[event.closer] <= 0
            assert event.closer not in snapshot.eliminated


@examples
@given(penalty_matches())
def test_players_in_play_are_below_the_threshold(match):
    for snapshot in match.replay().history:
        for name, status in snapshot.statuses.items():
            if status in (Status.IN_PLAY, Status.WINNER):
                assert not meets_threshold(match, snapshot.totals[name])


@examples
@given(penalty_matches())
def test_totals_stay_at_zero_or_more_unless_negative_totals_are_allowed(match):
    if match.rules.allow_negative:
        return
    for snapshot in match.replay().history:
        assert min(snapshot.totals.values()) >= 0


@examples
@given(penalty_matches())
def test_eliminated_lasts_only_until_the_next_event_other_than_a_re_entry_choice(match):
    state = match.replay()
    last_hand = None
    for index, (event, snapshot) in enumerate(zip(match.events, state.history, strict=True)):
        if isinstance(event, Hand):
            last_hand = index
        for name, status in snapshot.statuses.items():
            if status == Status.ELIMINATED:
                assert last_hand is not None
                assert name in state.history[last_hand].eliminated
                between = match.events[last_hand + 1 : index + 1]
                assert all(isinstance(e, Reentry | Withdraw) for e in between)


@examples
@given(penalty_matches())
def test_a_match_has_a_winner_only_once_it_has_ended(match):
    state = match.replay()
    assert state.finished == (state.ended_by is not None)
    if state.winner is not None:
        assert state.finished
        assert state.player(state.winner).status == Status.WINNER
        assert state.player(state.winner).place == 1
    if state.finished and state.ended_by != EndedBy.TIME:
        assert state.winner is not None
    winners = [p.name for p in state.players if p.status == Status.WINNER]
    assert winners == ([state.winner] if state.winner else [])


@examples
@given(penalty_matches())
def test_places_are_shared_competition_places_once_finished(match):
    state = match.replay()
    places = [p.place for p in state.players]
    if not state.finished:
        assert places == [None] * len(places)
        return
    assert min(places) == 1
    for place in places:
        assert place == 1 + sum(1 for other in places if other < place)
    assert [p.place for p in state.ranking] == sorted(places)


@examples
@given(penalty_matches())
def test_the_dealer_is_in_play_until_the_end(match):
    state = match.replay()
    for snapshot in state.history:
        if snapshot is state.history[-1] and state.finished:
            assert snapshot.dealer is None
        else:
            assert snapshot.statuses[snapshot.dealer] == Status.IN_PLAY
    assert state.dealer == (state.history[-1].dealer if state.history else match.first_dealer)


@examples
@given(penalty_matches())
def test_the_pot_holds_the_stakes_and_the_re_entry_fees(match):
    state = match.replay()
    reentries = sum(p.reentries for p in state.players)
    expected = match.rules.stake * len(match.players) + match.rules.reentry_fee * reentries
    assert state.pot.total == expected
    assert state.pot.total == sum((e.amount for e in state.pot.entries), Decimal("0.00"))


@examples
@given(penalty_matches(), st.data())
def test_an_ended_match_refuses_any_further_event(match, data):
    state = match.replay()
    if not state.finished:
        return
    extra = data.draw(after_the_end(match.players))
    with pytest.raises(EngineError) as info:
        match.replay((*match.events, extra))
    error = info.value
    assert (error.event, error.field, error.message) == (
        len(match.events),
        None,
        "The match is over.",
    )
