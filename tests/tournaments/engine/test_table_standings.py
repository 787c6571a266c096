"""Standings of a table tournament (tournaments/engine/table_standings.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournaments.engine.errors import TournamentError
from tournaments.engine.placement import PlacementScale
from tournaments.engine.table_standings import (
    DEFAULT_TIE_BREAKS,
    SeatResult,
    TableResult,
    TieBreak,
    standings,
)


def table(*seats: tuple) -> TableResult:
    """A table from (player, place) or (player, place, penalty); a lone first place wins."""
    firsts = [seat for seat in seats if seat[1] == 1]
    return TableResult(
        seats=tuple(
            SeatResult(
                player=seat[0],
                place=seat[1],
                penalty=seat[2] if len(seat) > 2 else 0,
                won=seat[1] == 1 and len(firsts) == 1,
            )
            for seat in seats
        )
    )


def places(result) -> dict:
    return {row.player: row.place for row in result.rows}


def refusal(rounds, **kwargs) -> TournamentError:
    with pytest.raises(TournamentError) as info:
        standings(rounds, **kwargs)
    return info.value


# -- values ------------------------------------------------------------------------------------


def test_tournament_points_add_up_the_placement_points_of_every_round():
    rounds = [
        [table(("A", 1), ("B", 2), ("C", 3), ("D", 4))],
        [table(("A", 3), ("B", 1), ("C", 2))],
    ]
    rows = {row.player: row for row in standings(rounds).rows}
    assert rows["A"].points == 7 + 1
    assert rows["B"].points == 5 + 7
    assert rows["C"].points == 3 + 4
    assert rows["D"].points == 1
    assert rows["A"].tables == 2 and rows["D"].tables == 1
    assert [row.player for row in standings(rounds).rows] == ["B", "A", "C", "D"]


def test_wins_and_penalty_points_are_counted_over_all_tables():
    rounds = [
        [table(("A", 1, 0), ("B", 2, 40), ("C", 3, 90))],
        [table(("A", 2, 25), ("B", 1, 0), ("C", 3, 120))],
    ]
    rows = {row.player: row for row in standings(rounds).rows}
    assert (rows["A"].wins, rows["A"].penalty) == (1, 25)
    assert (rows["B"].wins, rows["B"].penalty) == (1, 40)
    assert (rows["C"].wins, rows["C"].penalty) == (0, 210)


def test_strength_of_schedule_averages_the_points_of_every_table_mate_met():
    rounds = [
        [table(("A", 1), ("B", 2), ("C", 3)), table(("D", 1), ("E", 2), ("F", 3))],
        [table(("A", 1), ("D", 2), ("E", 3)), table(("B", 1), ("C", 2), ("F", 3))],
    ]
    rows = {row.player: row for row in standings(rounds).rows}
    points = {player: row.points for player, row in rows.items()}
    assert points == {"A": 14, "B": 11, "C": 5, "D": 11, "E": 5, "F": 2}
    # A met B, C (round 1) and D, E (round 2): (11 + 5 + 11 + 5) / 4
    assert rows["A"].opponents == 8
    # F met D, E, then B, C: (11 + 5 + 11 + 5) / 4; C met A, B, then B, F
    assert rows["F"].opponents == 8
    assert rows["C"].opponents == Fraction(14 + 11 + 11 + 2, 4)


def test_entrants_without_a_table_yet_are_listed_last_with_nothing():
    result = standings([[table(("A", 1), ("B", 2))]], players=["A", "B", "Z"])
    last = result.rows[-1]
    assert (last.player, last.place, last.points, last.tables) == ("Z", 3, 0, 0)


def test_places_maps_every_player_to_their_place():
    result = standings([[table(("A", 1), ("B", 2), ("C", 2))]])
    assert result.places() == {"A": 1, "B": 2, "C": 2}


# -- order -------------------------------------------------------------------------------------


def test_players_equal_on_every_tie_break_share_a_place_and_the_next_is_skipped():
    rounds = [[table(("A", 1), ("B", 2), ("C", 2), ("D", 4))]]
    result = standings(rounds)
    assert places(result) == {"A": 1, "B": 2, "C": 2, "D": 4}
    shared = {row.player: row.shared for row in result.rows}
    assert shared == {"A": False, "B": True, "C": True, "D": False}


def test_players_who_share_a_place_are_listed_by_id():
    rounds = [[table(("zeta", 1), ("alpha", 1), (7, 3), (3, 3))]]
    assert [row.player for row in standings(rounds).rows] == ["alpha", "zeta", 3, 7]


def test_wins_break_a_tie_on_points():
    # A: first then third = 7 + 3; B: second twice = 5 + 5
    rounds = [
        [table(("A", 1), ("B", 2), ("x1", 3), ("x2", 4))],
        [
            table(("y1", 1), ("y2", 2), ("A", 3), ("y3", 4)),
            table(("z1", 1), ("B", 2), ("z2", 3), ("z3", 4)),
        ],
    ]
    tied = standings(rounds, tie_breaks=["points"])
    assert places(tied)["A"] == places(tied)["B"] == 1
    ordered = standings(rounds, tie_breaks=["points", "wins"])
    assert (places(ordered)["A"], places(ordered)["B"]) == (1, 2)


def test_head_to_head_breaks_a_tie_between_players_who_met():
    # A ahead of B when they met; overall 5 + 3 each, no wins
    rounds = [
        [table(("w", 1), ("A", 2), ("B", 3), ("x", 4))],
        [
            table(("y", 1), ("B", 2), ("z", 3), ("v", 4)),
            table(("u", 1), ("t", 2), ("A", 3), ("s", 4)),
        ],
    ]
    tied = standings(rounds, tie_breaks=["points", "wins"])
    assert places(tied)["A"] == places(tied)["B"]
    ordered = standings(rounds, tie_breaks=["points", "wins", "head_to_head"])
    assert places(ordered)["A"] + 1 == places(ordered)["B"]
    rows = {row.player: row for row in ordered.rows}
    assert (rows["A"].head_to_head, rows["B"].head_to_head) == (1, -1)


def test_head_to_head_counts_only_meetings_among_the_tied_players():
    # A and B tie on points; A finished ahead of C, who is not tied with them: no effect
    rounds = [
        [table(("A", 1), ("C", 2)), table(("B", 1), ("D", 2))],
    ]
    result = standings(rounds, tie_breaks=["points", "head_to_head"])
    assert places(result)["A"] == places(result)["B"] == 1
    assert {row.player: row.head_to_head for row in result.rows}["A"] == 0


def test_strength_of_schedule_breaks_a_tie_between_players_who_never_met():
    # A and B both second once; A's table-mates then score more than B's
    rounds = [
        [
            table(("m1", 1), ("A", 2), ("m2", 3), ("m3", 4)),
            table(("w1", 1), ("B", 2), ("w2", 3), ("w3", 4)),
        ],
        [table(("m1", 1), ("m2", 2), ("m3", 3), ("w1", 4)), table(("w2", 1), ("w3", 2))],
    ]
    tied = standings(rounds, tie_breaks=["points", "wins", "head_to_head"])
    assert places(tied)["A"] == places(tied)["B"]
    ordered = standings(rounds, tie_breaks=["points", "wins", "head_to_head", "opponents"])
    assert places(ordered)["A"] + 1 == places(ordered)["B"]


def test_fewer_penalty_points_break_a_tie_last():
    rounds = [
        [
            table(("a1", 1), ("A", 2, 10), ("a2", 3)),
            table(("b1", 1), ("B", 2, 50), ("b2", 3)),
        ]
    ]
    tied = standings(rounds, tie_breaks=["points", "wins", "head_to_head", "opponents"])
    assert places(tied)["A"] == places(tied)["B"]
    ordered = standings(rounds)
    assert ordered.tie_breaks == DEFAULT_TIE_BREAKS
    assert places(ordered)["A"] + 1 == places(ordered)["B"]


def test_each_row_says_which_tie_break_set_it_below_its_neighbour_on_the_same_points():
    # A ahead of B when they met; 5 + 3 and 3 + 5, no wins; B then sat with stronger players
    rounds = [
        [
            table(("W", 1), ("A", 2), ("B", 3), ("X", 4)),
            table(("P", 1), ("Q", 2), ("R", 3), ("S", 4)),
        ],
        [
            table(("R", 1), ("X", 2), ("A", 3), ("S", 4)),
            table(("W", 1), ("B", 2), ("P", 3), ("Q", 4)),
        ],
    ]
    result = standings(rounds)
    by_player = {row.player: row for row in result.rows}
    assert by_player["A"].place + 1 == by_player["B"].place
    assert by_player["B"].separated_by is TieBreak.HEAD_TO_HEAD
    assert by_player["A"].separated_by is None  # the row above (P or R, 10) has more points
    assert result.rows[0].separated_by is None
    assert by_player["R"].separated_by is TieBreak.HEAD_TO_HEAD  # 10 each, P ahead in round 1
    # strength of schedule before head to head sets them the other way round
    old = standings(rounds, tie_breaks=["points", "wins", "opponents", "penalty", "head_to_head"])
    old_rows = {row.player: row for row in old.rows}
    assert old_rows["B"].place + 1 == old_rows["A"].place
    assert old_rows["A"].separated_by is TieBreak.OPPONENTS
    shared = standings([[table(("C", 1), ("D", 2), ("E", 2), ("F", 4))]]).rows
    assert [row.separated_by for row in shared] == [None, None, None, None]  # D, E share 2nd


def test_the_default_puts_head_to_head_third():
    assert DEFAULT_TIE_BREAKS == (
        TieBreak.POINTS,
        TieBreak.WINS,
        TieBreak.HEAD_TO_HEAD,
        TieBreak.OPPONENTS,
        TieBreak.PENALTY,
    )


def test_the_order_of_the_tie_breaks_is_the_clubs():
    # A: more points, more penalty; B: fewer points, fewer penalty
    rounds = [[table(("A", 1, 60), ("B", 2, 5))]]
    assert places(standings(rounds))["A"] == 1
    assert places(standings(rounds, tie_breaks=["penalty", "points"]))["B"] == 1


def test_a_club_scale_sets_the_points():
    scale = PlacementScale.of({2: (3, 0)})
    rows = standings([[table(("A", 1), ("B", 2))]], scale=scale).rows
    assert [(row.player, row.points) for row in rows] == [("A", 3), ("B", 0)]


def test_each_row_carries_its_values_in_the_order_of_the_tie_breaks():
    rows = standings([[table(("A", 1, 0), ("B", 2, 30))]], tie_breaks=["penalty", "wins"]).rows
    assert rows[0].values == (0, 1)
    assert rows[1].values == (30, 0)


# -- properties --------------------------------------------------------------------------------


@st.composite
def tournaments(draw):
    """Up to 5 rounds among up to 10 players; each round seats some of them at tables of 2-6,
    with random places (ties included), penalties and the lone first place as winner."""
    players = [f"P{i}" for i in range(draw(st.integers(2, 10)))]
    rounds = []
    for _round in range(draw(st.integers(1, 5))):
        present = draw(st.permutations(players))
        present = present[: draw(st.integers(2, len(present)))]
        tables = []
        while len(present) >= 2:
            size = draw(st.integers(2, min(6, len(present))))
            if len(present) - size == 1:
                size = len(present)
            if size > 6:
                break
            seated, present = present[:size], present[size:]
            scores = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
            penalties = draw(st.lists(st.integers(0, 200), min_size=size, max_size=size))
            seats = [
                (player, 1 + sum(other < score for other in scores), penalty)
                for player, score, penalty in zip(seated, scores, penalties, strict=True)
            ]
            tables.append(table(*seats))
        if tables:
            rounds.append(tables)
    return rounds


tie_break_orders = st.permutations(list(TieBreak)).flatmap(
    lambda order: st.integers(1, len(order)).map(lambda count: order[:count])
)


@settings(max_examples=examples(120), deadline=None)
@given(tournaments(), tie_break_orders, st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_of_the_input(rounds, order, rng):
    shuffled = [list(tables) for tables in rounds]
    rng.shuffle(shuffled)
    for tables in shuffled:
        rng.shuffle(tables)
        for index, one in enumerate(tables):
            seats = list(one.seats)
            rng.shuffle(seats)
            tables[index] = TableResult(seats=tuple(seats))
    assert standings(shuffled, tie_breaks=order) == standings(rounds, tie_breaks=order)


@settings(max_examples=examples(120), deadline=None)
@given(tournaments(), tie_break_orders)
def test_standings_are_a_total_order_on_the_tie_break_values(rounds, order):
    rows = standings(rounds, tie_breaks=order).rows
    better = {TieBreak.PENALTY}  # lower is better only for penalty points

    def key(row):
        return tuple(
            value if tie_break in better else -value
            for tie_break, value in zip(order, row.values, strict=True)
        )

    keys = [key(row) for row in rows]
    assert keys == sorted(keys)
    for row, row_key in zip(rows, keys, strict=True):
        assert row.place == 1 + sum(other < row_key for other in keys)
        assert row.shared == (keys.count(row_key) > 1)


# -- refusals ----------------------------------------------------------------------------------


def test_a_player_at_two_tables_of_one_round_is_refused():
    error = refusal([[table(("A", 1), ("B", 2)), table(("A", 1), ("C", 2))]])
    assert error.params == {"player": "A", "round": 1}


def test_a_player_listed_twice_at_a_table_is_refused():
    assert refusal([[table(("A", 1), ("A", 2))]]).field == "results"


def test_a_winner_who_is_not_alone_in_first_place_is_refused():
    seats = (SeatResult("A", 1, won=True), SeatResult("B", 1), SeatResult("C", 3))
    assert refusal([[TableResult(seats=seats)]]).field == "won"
    seats = (SeatResult("A", 2, won=True), SeatResult("B", 1))
    assert refusal([[TableResult(seats=seats)]]).field == "won"


def test_two_winners_at_a_table_are_refused():
    seats = (SeatResult("A", 1, won=True), SeatResult("B", 2, won=True))
    assert refusal([[TableResult(seats=seats)]]).params == {"first": "A", "second": "B"}


def test_a_table_of_one_or_of_seven_is_refused():
    assert refusal([[table(("A", 1))]]).params == {"size": 1}
    seven = table(*((f"P{i}", i + 1) for i in range(7)))
    assert refusal([[seven]]).params == {"size": 7}


def test_penalty_points_that_are_not_whole_are_refused():
    seats = (SeatResult("A", 1, penalty=1.5), SeatResult("B", 2))
    assert refusal([[TableResult(seats=seats)]]).field == "penalty"


@pytest.mark.parametrize(
    ("tie_breaks", "message"),
    [
        ([], "Choose at least one tie-break."),
        (["points", "luck"], "luck is not a tie-break"),
        (["points", "wins", "points"], "The tie-break points is listed twice."),
    ],
)
def test_a_list_of_tie_breaks_that_makes_no_sense_is_refused(tie_breaks, message):
    error = refusal([], tie_breaks=tie_breaks)
    assert error.field == "tie_breaks"
    assert message in error.message
