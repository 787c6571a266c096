"""Round robin (girone all'italiana) by the circle method: single and double, byes, dealer
balance; properties over every field from 2 to 64 players."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.errors import TournamentError
from pairings.engine.round_robin import round_robin
from pairings.engine.standings import Pairing, Round
from tests.properties import examples

PROPERTY = settings(max_examples=examples(40), deadline=None)
sizes = st.integers(min_value=2, max_value=64)


def cycles_of(rounds: tuple[Round, ...], per_cycle: int) -> list[tuple[Round, ...]]:
    return [rounds[start : start + per_cycle] for start in range(0, len(rounds), per_cycle)]


def rounds_per_cycle(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def test_four_players_play_three_rounds_with_the_first_player_fixed():
    assert round_robin(["A", "B", "C", "D"]) == (
        Round(1, (Pairing(1, "A", "D"), Pairing(2, "B", "C"))),
        Round(2, (Pairing(1, "B", "A"), Pairing(2, "C", "D"))),
        Round(3, (Pairing(1, "A", "C"), Pairing(2, "D", "B"))),
    )


def test_three_players_rest_in_turn():
    rounds = round_robin(["A", "B", "C"])
    assert [(r.number, [p.players for p in r.pairings], r.bye) for r in rounds] == [
        (1, [("A", "B")], "C"),
        (2, [("B", "C")], "A"),
        (3, [("C", "A")], "B"),
    ]


def test_a_double_round_robin_repeats_the_first_cycle_with_the_dealer_swapped():
    rounds = round_robin(["A", "B", "C", "D"], cycles=2)
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5, 6]
    for first, second in zip(rounds[:3], rounds[3:], strict=True):
        assert [(p.second, p.first) for p in first.pairings] == [
            (p.first, p.second) for p in second.pairings
        ]


@PROPERTY
@given(sizes, st.integers(min_value=1, max_value=2))
def test_every_two_players_meet_exactly_once_per_cycle(count, cycles):
    players = [f"P{number}" for number in range(count)]
    rounds = round_robin(players, cycles=cycles)
    assert len(rounds) == cycles * rounds_per_cycle(count)
    for cycle in cycles_of(rounds, rounds_per_cycle(count)):
        met = Counter(frozenset(p.players) for r in cycle for p in r.pairings)
        assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
        assert set(met.values()) == {1}


@PROPERTY
@given(sizes, st.integers(min_value=1, max_value=2))
def test_each_round_everyone_plays_at_most_once_and_the_bye_rotates(count, cycles):
    players = list(range(1, count + 1))
    rounds = round_robin(players, cycles=cycles)
    for round in rounds:
        seated = [player for p in round.pairings for player in p.players]
        seated += [round.bye] if round.bye is not None else []
        assert sorted(seated) == players
        assert (round.bye is None) == (count % 2 == 0)
        assert [p.table for p in round.pairings] == list(range(1, count // 2 + 1))
    for cycle in cycles_of(rounds, rounds_per_cycle(count)):
        byes = [r.bye for r in cycle if r.bye is not None]
        assert sorted(byes) == (players if count % 2 else [])


@PROPERTY
@given(sizes)
def test_each_player_deals_first_in_half_their_matches_of_a_cycle(count):
    rounds = round_robin(list(range(count)))
    first = Counter(p.first for r in rounds for p in r.pairings)
    for player in range(count):
        assert first[player] in {(count - 1) // 2, count // 2}


@PROPERTY
@given(sizes)
def test_over_two_cycles_every_pair_has_dealt_first_once_each(count):
    rounds = round_robin(list(range(count)), cycles=2)
    dealt = Counter((p.first, p.second) for r in rounds for p in r.pairings)
    assert set(dealt.values()) == {1}
    assert len(dealt) == count * (count - 1)


@pytest.mark.parametrize("cycles", [0, -1, 1.5, True, "2"])
def test_a_number_of_cycles_that_is_not_a_whole_number_of_at_least_1_is_refused(cycles):
    with pytest.raises(TournamentError) as error:
        round_robin(["A", "B"], cycles=cycles)
    assert (error.value.field, error.value.message) == (
        "cycles",
        "The number of cycles must be a whole number of at least 1.",
    )


def test_too_few_players_or_a_player_entered_twice_are_refused():
    with pytest.raises(TournamentError) as error:
        round_robin(["A"])
    assert error.value.message == "At least 2 players are needed (entered: 1)."
    with pytest.raises(TournamentError) as error:
        round_robin(["A", "B", "A"])
    assert error.value.message == "A is entered twice."
