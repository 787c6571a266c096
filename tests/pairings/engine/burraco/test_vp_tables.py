"""VP tables of Burraco tournaments (BURRACO.md §2): every band edge of both default tables on
both sides, the worked example B1 (D = 355), the 825-MP regression and every refusal by its code
and band; Hypothesis: a checked table's split always sums to 20."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.burraco.vp_tables import (
    DEFAULT_VP_TABLES,
    FOUR_HANDS,
    THREE_HANDS,
    Band,
    VpTable,
    VpTableError,
    bands_of,
    check_vp_table,
    lookup,
    table_for,
)
from pairings.engine.errors import TournamentError
from tests.properties import examples

# BURRACO.md's tables, typed again here from the rules (not read from the module): the winner's VP
# and the first and last difference of each band (None: open).
THREE = [
    (10, 0, 50), (11, 55, 150), (12, 155, 250), (13, 255, 350), (14, 355, 500), (15, 505, 650),
    (16, 655, 800), (17, 805, 1000), (18, 1005, 1250), (19, 1255, 1500), (20, 1505, None),
]  # fmt: skip
FOUR = [
    (10, 0, 100), (11, 105, 300), (12, 305, 500), (13, 505, 700), (14, 705, 900),
    (15, 905, 1100), (16, 1105, 1300), (17, 1305, 1500), (18, 1505, 1700), (19, 1705, 2000),
    (20, 2005, None),
]  # fmt: skip


def edges(rows):
    """(difference, expected split) on both sides of every edge of every band."""
    for vp, low, high in rows:
        yield low, (vp, 20 - vp)
        if low > 0:
            yield low - 5, (vp - 1, 21 - vp)
        if high is not None:
            yield high, (vp, 20 - vp)
            yield high + 5, (vp + 1, 19 - vp)
        else:
            yield low + 100_000, (vp, 20 - vp)


@pytest.mark.parametrize(("difference", "split"), list(edges(THREE)))
def test_three_hand_table_on_both_sides_of_every_edge(difference, split):
    assert lookup(THREE_HANDS, difference) == split


@pytest.mark.parametrize(("difference", "split"), list(edges(FOUR)))
def test_four_hand_table_on_both_sides_of_every_edge(difference, split):
    assert lookup(FOUR_HANDS, difference) == split


def test_worked_example_b1_and_its_edges():
    # B1: NS 1315, EO 960, D = 355: 14-6 on the 3-hand table; 350 gives 13-7; 355 on 4 hands 12-8.
    assert lookup(THREE_HANDS, 1315 - 960) == (14, 6)
    assert lookup(THREE_HANDS, 350) == (13, 7)
    assert lookup(FOUR_HANDS, 355) == (12, 8)


def test_default_tables_by_hand_count_and_a_count_without_a_table():
    assert table_for(DEFAULT_VP_TABLES, 3) is THREE_HANDS
    assert table_for(DEFAULT_VP_TABLES, 4) is FOUR_HANDS
    with pytest.raises(TournamentError) as refused:
        table_for(DEFAULT_VP_TABLES, 2)
    assert refused.value.field == "vp_tables"
    assert "2 hands" in refused.value.message


def test_the_825_point_regression_a_table_with_a_gap_is_refused():
    rows = [(low, high, vp) for vp, low, high in THREE]
    rows[6] = (655, 820, 16)  # the 2014 program: 16 VP up to 820...
    rows[7] = (830, 1000, 17)  # ... and 17 from 830: 825 in no band
    with pytest.raises(VpTableError) as refused:
        check_vp_table(3, bands_of(rows))
    error = refused.value
    assert (error.code, error.band, error.field) == ("gap", 8, "bands.8.low")
    assert "825 to 825" in error.message


@pytest.mark.parametrize("difference", [-5, 52, 2.5, True, "355"])
def test_a_difference_not_in_steps_of_5_is_refused(difference):
    with pytest.raises(TournamentError) as refused:
        lookup(THREE_HANDS, difference)
    assert refused.value.field == "difference"


def three_rows():
    return [(low, high, vp) for vp, low, high in THREE]


def refusal(bands):
    with pytest.raises(VpTableError) as refused:
        check_vp_table(3, bands)
    return refused.value.code, refused.value.band, refused.value.field


def test_refusals_name_their_rule_and_band():
    rows = three_rows()
    overlap = bands_of([*rows[:3], (245, 350, 13), *rows[4:]])
    assert refusal(overlap) == ("overlap", 4, "bands.4.low")
    step = bands_of([*rows[:2], (155, 252, 12), *rows[3:]])
    assert refusal(step) == ("step", 3, "bands.3.high")
    decreasing = bands_of([*rows[:5], (505, 650, 13), *rows[6:]])
    assert refusal(decreasing) == ("decreasing", 6, "bands.6.winner")
    split = [*bands_of(rows[:4]), Band(355, 500, 14, 7), *bands_of(rows[5:])]
    assert refusal(split) == ("split", 5, "bands.5.loser")
    vp = [*bands_of(rows[:4]), Band(355, 500, 21, -1), *bands_of(rows[5:])]
    assert refusal(vp) == ("split", 5, "bands.5.winner")
    reversed_band = bands_of([*rows[:1], (55, 50, 11), *rows[2:]])
    assert refusal(reversed_band) == ("reversed", 2, "bands.2.high")


def test_refusals_of_the_ends_of_a_table():
    rows = three_rows()
    assert refusal(bands_of([(5, 50, 10), *rows[1:]])) == ("first_band", 1, "bands.1.low")
    assert refusal(bands_of([(0, 50, 11), *rows[1:]])) == ("first_band", 1, "bands.1.low")
    closed = bands_of([*rows[:-1], (1505, 3000, 20)])
    assert refusal(closed) == ("open_band", 11, "bands.11.high")
    open_early = bands_of([*rows[:3], (255, None, 13), *rows[4:]])
    assert refusal(open_early) == ("open_band", 4, "bands.4.high")
    assert refusal([]) == ("empty", None, "bands")
    with pytest.raises(VpTableError) as refused:
        check_vp_table(0, bands_of(rows))
    assert (refused.value.code, refused.value.field) == ("hands", "hands")


def test_a_refusal_reads_in_words_with_its_band():
    rows = three_rows()
    with pytest.raises(VpTableError) as refused:
        check_vp_table(3, bands_of([*rows[:5], (505, 650, 13), *rows[6:]]))
    assert refused.value.message == (
        "Band 6 gives the winner 13 victory points, fewer than band 5 (14)."
    )
    assert refused.value.params["band"] == 6


@st.composite
def vp_tables(draw) -> VpTable:
    """Any valid table: widths in steps of 5, winner VP never decreasing from 10 to 20."""
    count = draw(st.integers(min_value=1, max_value=12))
    rows, low, vp = [], 0, 10
    for number in range(count):
        width = 5 * draw(st.integers(min_value=0, max_value=60))
        last = number == count - 1
        rows.append((low, None if last else low + width, vp))
        low += width + 5
        vp = draw(st.integers(min_value=vp, max_value=20))
    return check_vp_table(3, bands_of(rows))


@settings(max_examples=examples(100))
@given(vp_tables(), st.integers(min_value=0, max_value=2000))
def test_vp_always_sums_to_20_and_never_falls_as_the_difference_grows(table, steps):
    winner, loser = lookup(table, 5 * steps)
    assert winner + loser == 20
    assert 10 <= winner <= 20
    assert lookup(table, 5 * steps + 5)[0] >= winner
