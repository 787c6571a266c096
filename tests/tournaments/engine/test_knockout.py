"""Knockout by tables, the club "batterie" (tournaments/engine/knockout.py)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.errors import TournamentError
from tournaments.engine.knockout import (
    Advancement,
    CutTie,
    advancing,
    fits_final_table,
    knockout_plan,
    next_round_size,
    rounds_needed,
)
from tournaments.engine.table_standings import SeatResult, TableResult


def table(*seats: tuple) -> TableResult:
    """A table from (player, place) or (player, place, penalty)."""
    return TableResult(
        seats=tuple(
            SeatResult(player=seat[0], place=seat[1], penalty=seat[2] if len(seat) > 2 else 0)
            for seat in seats
        )
    )


ROUND = [
    table(("A", 2), ("B", 4), ("C", 1), ("D", 3)),
    table(("E", 3), ("F", 1), ("G", 2)),
]


def test_the_best_two_of_every_table_go_through_table_by_table():
    result = advancing(ROUND, advance=2)
    assert result == Advancement(
        advancing=("C", "A", "F", "G"), eliminated=("D", "B", "E"), ties=()
    )
    assert result.settled


def test_dropping_the_worst_of_every_table_keeps_everyone_else():
    result = advancing(ROUND, drop=1)
    assert result.advancing == ("C", "A", "D", "F", "G")
    assert result.eliminated == ("B", "E")


def test_a_table_no_larger_than_the_cut_sends_everyone_through():
    result = advancing([table(("A", 1), ("B", 2))], advance=3)
    assert result.advancing == ("A", "B") and result.eliminated == ()


def test_fewer_penalty_points_settle_a_shared_place_across_the_cut():
    result = advancing([table(("A", 1), ("B", 2, 80), ("C", 2, 35), ("D", 4))], advance=2)
    assert result.advancing == ("A", "C")
    assert result.eliminated == ("B", "D")


def test_players_still_equal_across_the_cut_wait_for_the_director():
    result = advancing([table(("A", 1), ("B", 2, 30), ("C", 2, 30), ("D", 2, 30))], advance=2)
    assert result.advancing == ("A",)
    assert result.eliminated == ()
    assert result.ties == (CutTie(table=1, players=("B", "C", "D"), seats=1),)
    assert not result.settled


def test_a_shared_place_inside_the_cut_is_no_tie():
    result = advancing([table(("A", 1), ("B", 1), ("C", 3), ("D", 4))], advance=2)
    assert result.advancing == ("A", "B") and result.ties == ()


@given(
    st.lists(
        st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=2, max_size=6),
        min_size=1,
        max_size=5,
    ),
    st.integers(1, 4),
)
def test_every_player_is_through_out_or_tied_and_never_behind_someone_out(tables, advance):
    results = []
    for number, scores in enumerate(tables):
        keys = [score for score, _penalty in scores]
        results.append(
            table(
                *(
                    (f"T{number}P{seat}", 1 + sum(other < score for other in keys), penalty)
                    for seat, (score, penalty) in enumerate(scores)
                )
            )
        )
    result = advancing(results, advance=advance)
    tied = [player for tie in result.ties for player in tie.players]
    everyone = [seat.player for one in results for seat in one.seats]
    assert sorted([*result.advancing, *result.eliminated, *tied]) == sorted(everyone)
    for one in results:
        key = {seat.player: (seat.place, seat.penalty) for seat in one.seats}
        through = [key[p] for p in result.advancing if p in key]
        out = [key[p] for p in result.eliminated if p in key]
        assert not through or not out or max(through) < min(out)
        assert len(through) <= advance


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [({}, "advance"), ({"advance": 2, "drop": 1}, "advance"), ({"advance": 0}, "advance")],
)
def test_a_cut_must_be_set_one_way(kwargs, field):
    with pytest.raises(TournamentError) as info:
        advancing(ROUND, **kwargs)
    assert info.value.field == field


def test_dropping_a_whole_table_is_refused():
    with pytest.raises(TournamentError) as info:
        advancing(ROUND, drop=3)
    assert info.value.params == {"table": 2, "size": 3, "drop": 3}


def test_next_round_size_counts_who_goes_through():
    assert next_round_size((4, 4, 4, 4, 3, 3), advance=2) == 12
    assert next_round_size((4, 4, 4, 4, 3, 3), drop=1) == 16
    assert next_round_size((5, 2), advance=3) == 5


def test_the_field_goes_to_the_final_table_as_soon_as_it_fits():
    assert fits_final_table(5)
    assert not fits_final_table(6)
    assert fits_final_table(6, final_size=6)
    assert not fits_final_table(1)


def test_a_plan_for_22_players_keeping_two_per_table():
    plan = knockout_plan(22, advance=2)
    assert [(stage.players, stage.tables, stage.advancing) for stage in plan] == [
        (22, (4, 4, 4, 4, 3, 3), 12),
        (12, (4, 4, 4), 6),
        (6, (3, 3), 4),
        (4, (4,), 0),
    ]
    assert [stage.final for stage in plan] == [False, False, False, True]
    assert rounds_needed(22, advance=2) == 4


def test_a_field_that_fits_one_table_plays_the_final_at_once():
    assert knockout_plan(5, advance=2) == knockout_plan(5, drop=1)
    assert rounds_needed(5, advance=2) == 1
    assert rounds_needed(2, advance=1) == 1


def test_a_larger_final_table_ends_the_knockout_sooner():
    assert rounds_needed(24, advance=2, final_size=6) == 3  # 24 -> 12 -> 6


@given(st.integers(2, 300), st.sampled_from([{"advance": 1}, {"advance": 2}, {"drop": 1}]))
def test_every_plan_shrinks_the_field_until_one_final_table(players, cut):
    plan = knockout_plan(players, **cut)
    assert plan[0].players == players
    assert plan[-1].final and plan[-1].tables == (plan[-1].players,)
    assert 2 <= plan[-1].players <= 5
    for stage, following in pairwise(plan):
        assert not stage.final
        assert sum(stage.tables) == stage.players
        assert following.players == stage.advancing < stage.players


def test_a_cut_that_never_shrinks_the_field_is_refused():
    with pytest.raises(TournamentError) as info:
        knockout_plan(12, advance=5)
    assert info.value.params == {"players": 12}


def test_a_cut_that_leaves_a_single_player_is_refused():
    with pytest.raises(TournamentError) as info:
        knockout_plan(5, advance=1, final_size=4)
    assert info.value.params == {"players": 5, "left": 1}


def test_a_final_table_outside_2_to_6_is_refused():
    with pytest.raises(TournamentError) as info:
        knockout_plan(20, advance=2, final_size=7)
    assert info.value.field == "final_size"
