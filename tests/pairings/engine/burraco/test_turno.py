"""A Burraco turno's scores (BURRACO.md §2): B1's 1315 v 960, byes, lateness, abandonment, a hand
count without a table; Hypothesis: per table VP sum to 20 and the turno's MP sum to 0."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.burraco.turno import (
    How,
    Side,
    TableResult,
    score_table,
    score_turno,
    turno_rules,
)
from pairings.engine.burraco.vp_tables import bands_of, check_vp_table
from pairings.engine.errors import TournamentError
from tests.properties import examples

THREE = turno_rules(3)
FOUR = turno_rules(4)


def table(ns_total, eo_total, **extra):
    return TableResult(1, ("NS1",), ("EO1",), ns_total, eo_total, **extra)


def scores(rules, result):
    ns, eo = score_table(rules, result)
    return (ns.vp, ns.mp, ns.how), (eo.vp, eo.mp, eo.how)


def test_worked_example_b1():
    # B1: NS 770 - 170 + 715 = 1315, EO 150 + 850 - 40 = 960: D = 355, 14-6, +355 / -355
    ns, eo = score_table(THREE, table(1315, 960))
    assert (ns.vp, ns.mp, ns.points, ns.opponent) == (14, 355, 1315, ("EO1",))
    assert (eo.vp, eo.mp, eo.points, eo.opponent) == (6, -355, 960, ("NS1",))
    assert scores(FOUR, table(1315, 960)) == ((12, 355, How.PLAYED), (8, -355, How.PLAYED))


def test_a_draw_and_a_negative_total():
    assert scores(THREE, table(400, 400)) == ((10, 0, How.PLAYED), (10, 0, How.PLAYED))
    assert scores(THREE, table(-200, 1400)) == ((0, -1600, How.PLAYED), (20, 1600, How.PLAYED))


def test_bye_scores_are_the_lowest_difference_worth_14_vp():
    assert (THREE.bye_vp, THREE.bye_mp, THREE.rest_vp, THREE.rest_mp) == (14, 355, 14, 355)
    assert (FOUR.bye_vp, FOUR.bye_mp) == (14, 705)
    other_club = turno_rules(3, bye_vp=12)
    assert (other_club.bye_vp, other_club.bye_mp) == (12, 155)
    turno = score_turno(THREE, 2, [table(1315, 960)], byes=["P7"])
    bye = turno.lines[-1]
    assert (bye.line, bye.vp, bye.mp, bye.points, bye.how, bye.opponent) == (
        ("P7",),
        14,
        355,
        0,
        How.BYE,
        None,
    )


def test_a_hand_count_without_a_table_cannot_start():
    with pytest.raises(TournamentError) as refused:
        turno_rules(2)
    assert refused.value.field == "vp_tables"
    two_hands = check_vp_table(2, bands_of([(0, 50, 10), (55, None, 15)]))
    assert turno_rules(2, {2: two_hands}, bye_vp=15).bye_mp == 55
    with pytest.raises(TournamentError) as refused:
        turno_rules(2, {2: two_hands})  # 14 VP in no band: the bye's MP must be set
    assert refused.value.field == "bye_mp"


def test_lateness_up_to_5_minutes_is_a_warning_over_5_costs_100():
    assert scores(THREE, table(1315, 960, late=Side.NS, late_minutes=5))[0] == (14, 355, How.PLAYED)
    ns, eo = score_table(THREE, table(1315, 960, late=Side.NS, late_minutes=6))
    assert (ns.vp, ns.mp, ns.points, ns.how) == (13, 255, 1215, How.LATE)  # 1215 - 960 = 255
    assert (eo.vp, eo.mp) == (7, -255)
    late_eo = scores(THREE, table(1315, 960, late=Side.EO, late_minutes=10))
    assert late_eo == ((14, 455, How.LATE), (6, -455, How.LATE))  # 1315 - 860 = 455


def test_over_10_minutes_late_is_a_forfeit():
    ns, eo = score_table(THREE, table(0, 0, late=Side.EO, late_minutes=11))
    assert (ns.vp, ns.mp, ns.how) == (14, 355, How.FORFEIT_WON)
    assert (eo.vp, eo.mp, eo.how) == (6, -355, How.FORFEIT_LOST)
    ns, eo = score_table(FOUR, table(0, 0, late=Side.NS, late_minutes=15))
    assert (ns.vp, ns.mp, ns.line) == (8, -305, ("NS1",))
    assert (eo.vp, eo.mp, eo.line) == (12, 305, ("EO1",))


def test_abandonment_the_line_left_gets_the_rest_score_unless_the_hands_give_more():
    ns, eo = score_table(THREE, table(400, 700, abandoned=(Side.EO,), abandoned_mp=-355))
    assert (ns.vp, ns.mp, ns.how) == (14, 355, How.REST)  # behind by 300: rest 14 VP
    assert (eo.vp, eo.mp, eo.how, eo.gained) == (6, -355, How.ABANDONED, False)  # 13 by hands
    ns, eo = score_table(THREE, table(1700, 100, abandoned=(Side.EO,), abandoned_mp=0))
    assert (ns.vp, ns.mp) == (20, 1600)  # the hands played give more than 14
    assert (eo.vp, eo.mp, eo.gained) == (6, 0, True)  # its hands gave it 0: it gains by leaving
    ns, eo = score_table(FOUR, table(100, 300, abandoned=(Side.NS,), abandoned_mp=-705))
    assert (ns.vp, ns.mp, ns.how) == (8, -705, How.ABANDONED)
    assert (eo.vp, eo.mp, eo.how) == (14, 705, How.REST)
    both = score_table(THREE, table(100, 300, abandoned=(Side.NS, Side.EO)))
    assert [(line.vp, line.mp) for line in both] == [(0, 0), (0, 0)]


def test_abandonment_gains_when_its_6_vp_beat_what_its_hands_gave():
    ns, eo = score_table(THREE, table(655, 0, abandoned=(Side.EO,), abandoned_mp=-655))
    assert (ns.vp, ns.mp) == (16, 655)  # 655: 16-4, more than the rest's 14
    assert (eo.vp, eo.gained) == (6, True)  # 6 VP against the 4 its hands gave
    ns, eo = score_table(THREE, table(355, 0, abandoned=(Side.EO,), abandoned_mp=-355))
    assert (ns.vp, ns.mp) == (14, 355)  # 355: 14-6, no more than the rest's 14
    assert (eo.vp, eo.gained) == (6, False)  # its hands gave it 6 too


def test_abandonment_needs_the_directors_mp_and_totals_in_steps_of_5():
    with pytest.raises(TournamentError) as refused:
        score_table(THREE, table(100, 300, abandoned=(Side.NS,)))
    assert (refused.value.field, refused.value.params) == ("abandoned_mp", {"line": "NS1"})
    with pytest.raises(TournamentError) as refused:
        score_table(THREE, table(102, 300))
    assert refused.value.field == "total"


results = st.builds(
    lambda number, ns, eo, late, minutes: TableResult(
        number, (f"N{number}",), (f"E{number}",), 5 * ns, 5 * eo, late, minutes
    ),
    st.integers(min_value=1, max_value=50),
    st.integers(min_value=-200, max_value=800),
    st.integers(min_value=-200, max_value=800),
    st.sampled_from([None, Side.NS, Side.EO]),
    st.integers(min_value=0, max_value=20),
)


@settings(max_examples=examples(100))
@given(st.sampled_from([THREE, FOUR]), st.lists(results, max_size=25), st.booleans())
def test_vp_sum_to_20_per_table_and_mp_to_0_per_turno(rules, tables, bye):
    turno = score_turno(rules, 1, tables, byes=["B"] if bye else [])
    played = [line for line in turno.lines if line.how != How.BYE]
    assert sum(line.mp for line in played) == 0
    for ns, eo in zip(played[::2], played[1::2], strict=True):
        assert ns.vp + eo.vp == 20
        assert ns.mp == -eo.mp
        if ns.mp == 0:
            assert ns.vp == eo.vp == 10
        else:  # the line ahead never has fewer VP
            assert (ns.vp - eo.vp) * ns.mp >= 0
