"""Placement points by table size (tournaments/engine/placement.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.errors import TournamentError
from tournaments.engine.placement import (
    DEFAULT_SCALE,
    PlacementScale,
    check_places,
    linear_points,
)


def numbers(*values: str) -> tuple[Fraction, ...]:
    return tuple(Fraction(Decimal(value)) for value in values)


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (2, ("7", "1")),
        (3, ("7", "4", "1")),
        (4, ("7", "5", "3", "1")),
        (5, ("7", "5.5", "4", "2.5", "1")),
        (6, ("7", "5.8", "4.6", "3.4", "2.2", "1")),
    ],
)
def test_default_points_run_linearly_from_7_to_1(size, expected):
    assert DEFAULT_SCALE.table_points(size) == numbers(*expected)
    assert linear_points(size) == numbers(*expected)


def test_points_are_exact_fractions_not_floats():
    points = DEFAULT_SCALE.table_points(6)
    assert all(isinstance(value, Fraction) for value in points)
    assert points[1] == Fraction(29, 5)


def test_each_place_earns_the_points_of_its_size():
    awarded = DEFAULT_SCALE.award({"A": 1, "B": 2, "C": 3, "D": 4})
    assert awarded == {"A": 7, "B": 5, "C": 3, "D": 1}


def test_shared_second_place_shares_the_points_of_second_and_third():
    awarded = DEFAULT_SCALE.award({"A": 1, "B": 2, "C": 2, "D": 4})
    assert awarded == {"A": 7, "B": 4, "C": 4, "D": 1}


def test_shared_first_place_at_a_table_of_3_averages_7_and_4():
    awarded = DEFAULT_SCALE.award({"A": 1, "B": 1, "C": 3})
    assert awarded == {"A": Fraction(11, 2), "B": Fraction(11, 2), "C": 1}


def test_a_full_tie_gives_everyone_the_average():
    awarded = DEFAULT_SCALE.award(dict.fromkeys("ABCDE", 1))
    assert set(awarded.values()) == {Fraction(4)}


def test_a_three_way_tie_under_a_club_scale_stays_exact():
    scale = PlacementScale.of({4: ("10", "6", "3", "1")})
    awarded = scale.award({"A": 1, "B": 2, "C": 2, "D": 2})
    assert awarded == {"A": 10, "B": Fraction(10, 3), "C": Fraction(10, 3), "D": Fraction(10, 3)}


def test_a_club_scale_changes_only_the_sizes_it_sets():
    scale = PlacementScale.of({4: (10, 6, Decimal("3"), Fraction(1))})
    assert scale.table_points(4) == (10, 6, 3, 1)
    assert scale.table_points(3) == DEFAULT_SCALE.table_points(3)


def test_a_club_scale_is_the_same_whatever_the_order_of_its_sizes():
    one = PlacementScale.of({3: (3, 2, 1), 4: (4, 3, 2, 1)})
    other = PlacementScale.of({4: (4, 3, 2, 1), 3: (3, 2, 1)})
    assert one == other


@given(st.lists(st.integers(0, 5), min_size=2, max_size=6))
def test_a_table_hands_out_the_points_of_its_places_whatever_the_ties(scores):
    # lower score is better; equal scores share the place
    places = {seat: 1 + sum(other < score for other in scores) for seat, score in enumerate(scores)}
    awarded = DEFAULT_SCALE.award(places)
    assert sum(awarded.values()) == sum(DEFAULT_SCALE.table_points(len(scores)))
    for a in places:
        for b in places:
            if places[a] < places[b]:
                assert awarded[a] > awarded[b]
            if places[a] == places[b]:
                assert awarded[a] == awarded[b]


@pytest.mark.parametrize(
    ("lists", "message"),
    [
        ({4: (7, 5, 3)}, "A table of 4 players needs 4 placement points. Points given: 3."),
        ({7: (7, 6, 5, 4, 3, 2, 1)}, "Placement points can be set for tables of 2 to 6 players"),
        ({3: (7, -1, -2)}, "cannot be negative"),
        ({3: (7, 1, 4)}, "must not grow"),
        ({3: (7.0, 4.0, 1.0)}, "must be numbers"),
        ({3: ("7", "four", "1")}, "must be numbers"),
    ],
)
def test_a_club_scale_that_makes_no_sense_is_refused(lists, message):
    with pytest.raises(TournamentError) as info:
        PlacementScale.of(lists)
    assert info.value.field == "placement_points"
    assert message in info.value.message


@pytest.mark.parametrize(
    "places",
    [
        {"A": 1, "B": 2, "C": 2, "D": 3},  # after two second places comes the fourth
        {"A": 2, "B": 3},
        {"A": 1, "B": 1, "C": 2},
    ],
)
def test_places_not_ranked_the_1_2_2_4_way_are_refused(places):
    with pytest.raises(TournamentError) as info:
        check_places(places)
    assert info.value.field == "place"


def test_a_place_that_is_not_whole_is_refused():
    with pytest.raises(TournamentError) as info:
        DEFAULT_SCALE.award({"A": 1, "B": 2.0})
    assert info.value.params == {"player": "B"}
