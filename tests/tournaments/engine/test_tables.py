"""Table sizes of a table tournament (tournaments/engine/tables.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournaments.engine.errors import TournamentError
from tournaments.engine.tables import display_key, table_sizes


def refusal(players, **settings_) -> TournamentError:
    with pytest.raises(TournamentError) as info:
        table_sizes(players, **settings_)
    return info.value


def splits(total: int, sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to make `total` out of `sizes` (largest first), by brute force."""
    if total == 0:
        return [()]
    found = []
    for index, size in enumerate(sizes):
        if size <= total:
            found.extend((size, *rest) for rest in splits(total - size, sizes[index:]))
    return found


def test_22_players_sit_at_four_tables_of_4_and_two_of_3():
    assert table_sizes(22) == (4, 4, 4, 4, 3, 3)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, (2,)),
        (3, (3,)),
        (4, (4,)),
        (5, (5,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (9, (5, 4)),
        (10, (4, 3, 3)),
        (21, (5, 4, 4, 4, 4)),
        (23, (4, 4, 4, 4, 4, 3)),
        (40, (4,) * 10),
    ],
)
def test_default_sizes_prefer_tables_of_4_then_the_nearest_size(players, expected):
    assert table_sizes(players) == expected


def test_every_field_from_2_to_200_is_split_within_the_range_and_adds_up():
    for players in range(2, 201):
        sizes = table_sizes(players)
        assert sum(sizes) == players
        assert list(sizes) == sorted(sizes, reverse=True)
        if players > 2:
            assert all(3 <= size <= 5 for size in sizes)


def test_rest_is_made_of_the_sizes_nearest_the_preferred_one():
    # 10 = 4 + 6 or 4 + 3 + 3: two tables of 3 are nearer 4 than one of 6
    assert table_sizes(10, maximum=6) == (4, 3, 3)
    assert table_sizes(22, preferred=5, maximum=6) == (5, 5, 5, 4, 3)


@settings(max_examples=examples(300), deadline=None)
@given(
    players=st.integers(3, 60),
    low=st.integers(2, 6),
    high=st.integers(2, 6),
    data=st.data(),
)
def test_sizes_have_the_most_preferred_tables_any_split_allows(players, low, high, data):
    minimum, maximum = min(low, high), max(low, high)
    preferred = data.draw(st.integers(minimum, maximum))
    allowed = tuple(range(maximum, max(minimum, 3) - 1, -1))
    possible = splits(players, allowed)
    if not possible:
        assert refusal(players, preferred=preferred, minimum=minimum, maximum=maximum)
        return
    sizes = table_sizes(players, preferred=preferred, minimum=minimum, maximum=maximum)
    assert sum(sizes) == players
    assert all(max(minimum, 3) <= size <= maximum for size in sizes)
    assert sizes.count(preferred) == max(split.count(preferred) for split in possible)


def test_a_table_of_2_is_formed_only_when_exactly_2_play():
    assert table_sizes(2) == (2,)
    assert table_sizes(2, preferred=5, minimum=4, maximum=6) == (2,)
    assert table_sizes(6, preferred=2, minimum=2, maximum=3) == (3, 3)
    # 5 = 3 + 2 would need a table of 2 in a field of 5
    assert refusal(5, preferred=2, minimum=2, maximum=3).field == "players"
    assert refusal(4, preferred=2, minimum=2, maximum=2).field == "maximum"


@pytest.mark.parametrize("players", [0, 1, -4])
def test_fewer_than_2_players_are_refused(players):
    error = refusal(players)
    assert error.field == "players"
    assert "At least 2 players" in error.message


def test_a_smallest_size_above_the_largest_is_refused():
    error = refusal(10, preferred=4, minimum=5, maximum=4)
    assert error.field == "minimum"
    assert error.params == {"minimum": 5, "maximum": 4}


@pytest.mark.parametrize(
    ("settings_", "field"),
    [
        ({"minimum": 1}, "minimum"),
        ({"maximum": 7}, "maximum"),
        ({"preferred": 7, "maximum": 6}, "preferred"),
        ({"preferred": 4.0}, "preferred"),
        ({"minimum": True}, "minimum"),
    ],
)
def test_sizes_outside_2_to_6_are_refused(settings_, field):
    assert refusal(12, **settings_).field == field


def test_a_preferred_size_outside_the_range_is_refused():
    error = refusal(12, preferred=6, minimum=3, maximum=5)
    assert error.field == "preferred"


def test_a_field_the_range_cannot_hold_is_refused_with_the_numbers():
    error = refusal(7, preferred=5, minimum=5, maximum=6)
    assert error.field == "players"
    assert error.message == "7 players cannot be seated at tables of 5 to 6 players."


def test_a_number_of_players_that_is_not_whole_is_refused():
    assert refusal(7.0).field == "players"


def test_display_key_puts_numbers_before_names_whatever_the_input_order():
    assert sorted(["b", 10, "a", 2], key=display_key) == [2, 10, "a", "b"]
