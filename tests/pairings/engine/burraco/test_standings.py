"""Standings of a Burraco tournament (BURRACO.md §4): VP then MP by hand over two turni, every
tie-break key, which key settled each tie, shared places, individual events, refusals."""

from __future__ import annotations

import pytest

from pairings.engine.burraco.standings import Adjustment, TieBreak, burraco_standings
from pairings.engine.burraco.turno import Side, TableResult, score_turno, turno_rules
from pairings.engine.errors import TournamentError

RULES = turno_rules(3)


def turno(number, *tables, byes=()):
    return score_turno(
        RULES,
        number,
        [TableResult(i, (ns,), (eo,), a, b) for i, (ns, a, eo, b) in enumerate(tables, start=1)],
        byes,
    )


def rows(standings):
    return [(r.place, r.entry, r.vp, r.mp, r.settled_by, r.shared) for r in standings.rows]


def test_two_turni_by_hand():
    first = turno(1, ("A", 1315, "B", 960), ("C", 800, "D", 700), byes=["E"])
    second = turno(2, ("A", 500, "E", 1100), ("B", 900, "C", 900), byes=["D"])
    # turno 1: A 14/+355, B 6/-355, C 11/+100, D 9/-100, E bye 14/+355
    # turno 2: A v E 500-1100, D = 600: E 15/+600, A 5/-600; B v C 10/0 each; D bye 14/+355
    # totals: A 19/-245, B 16/-355, C 21/+100, D 23/+255, E 29/+955
    standings = burraco_standings(["A", "B", "C", "D", "E"], [first, second])
    assert rows(standings) == [
        (1, "E", 29, 955, None, False),
        (2, "D", 23, 255, None, False),
        (3, "C", 21, 100, None, False),
        (4, "A", 19, -245, None, False),
        (5, "B", 16, -355, None, False),
    ]
    e = standings.rows[0]
    assert (e.played, e.byes, e.points) == (1, 1, 1100)
    assert standings.ranked() == ["E", "D", "C", "A", "B"]


def test_vp_ties_settled_by_mp_then_lot_and_the_key_is_reported():
    # two draws: everyone 10 VP and 0 MP; the director gives A +100 MP and D -1 VP
    first = turno(1, ("A", 500, "B", 500), ("C", 300, "D", 300))
    adjustments = [Adjustment("A", mp=100, reason="x"), Adjustment("D", vp=-1)]
    standings = burraco_standings(
        ["A", "B", "C", "D"],
        [first],
        ["vp", "mp", "lot"],
        adjustments=adjustments,
        lots={"A": 4, "B": 2, "C": 1, "D": 3},
    )
    assert rows(standings) == [
        (1, "A", 10, 100, None, False),
        (2, "C", 10, 0, TieBreak.MP, False),  # below A by MP; above B by lot
        (3, "B", 10, 0, TieBreak.LOT, False),
        (4, "D", 9, 0, None, False),
    ]


def test_equal_on_every_key_share_a_place_listed_by_id():
    first = turno(1, ("D", 500, "B", 500), ("C", 300, "A", 300))
    standings = burraco_standings(["A", "B", "C", "D"], [first])
    assert [(r.place, r.entry, r.shared, r.settled_by) for r in standings.rows] == [
        (1, "A", False, None),
        (1, "B", True, None),
        (1, "C", True, None),
        (1, "D", True, None),
    ]


def test_head_to_head_only_when_every_tied_entry_met():
    first = turno(1, ("A", 700, "B", 600), ("C", 500, "D", 500))  # A 11, B 9, C 10, D 10
    second = turno(2, ("B", 800, "D", 700), ("C", 600, "A", 600))  # B 11, D 9, C 10, A 10
    entries, chain = ["A", "B", "C", "D"], ["vp", "head_to_head", "lot"]
    lots = {"A": 2, "B": 1, "C": 3, "D": 4}
    # A 21, B 20, C 20, D 19: B and C never met, so head to head separates nobody: lot
    standings = burraco_standings(entries, [first, second], chain, lots=lots)
    assert [(r.entry, r.vp, r.settled_by) for r in standings.rows] == [
        ("A", 21, None),
        ("B", 20, None),
        ("C", 20, TieBreak.LOT),
        ("D", 19, None),
    ]
    third = turno(3, ("B", 600, "C", 700))  # C 11, B 9: C 31, B 29; B +2 by the director
    level = burraco_standings(
        entries, [first, second, third], chain, lots=lots, adjustments=[Adjustment("B", vp=2)]
    )
    assert [(r.entry, r.vp, r.settled_by) for r in level.rows][:2] == [
        ("C", 31, None),
        ("B", 31, TieBreak.HEAD_TO_HEAD),  # C won 11 VP against B, B 9 against C
    ]


def test_points_attendance_and_draw():
    first = turno(1, ("A", 500, "B", 500), ("C", 300, "D", 300))
    by_points = burraco_standings(
        ["A", "B", "C", "D"],
        [first],
        ["vp", "points", "attendance", "draw"],
        attendance={"C": 5, "D": 3},
        draws={"A": 2, "B": 1, "C": 9, "D": 9},
    )
    assert [(r.entry, r.settled_by) for r in by_points.rows] == [
        ("B", None),
        ("A", TieBreak.DRAW),
        ("C", TieBreak.POINTS),
        ("D", TieBreak.ATTENDANCE),
    ]


def test_individual_players_are_credited_with_their_lines_scores():
    scored = score_turno(RULES, 1, [TableResult(1, ("P1", "P2"), ("P3", "P4"), 1315, 960)])
    standings = burraco_standings(["P1", "P2", "P3", "P4"], [scored])
    assert [(r.entry, r.vp, r.mp) for r in standings.rows] == [
        ("P1", 14, 355),
        ("P2", 14, 355),
        ("P3", 6, -355),
        ("P4", 6, -355),
    ]
    assert standings.rows[1].shared and standings.rows[1].place == 1


def test_an_abandoning_pair_is_counted_and_whether_it_gained_by_it():
    left = TableResult(1, ("A",), ("B",), 0, 1600, abandoned=(Side.NS,), abandoned_mp=-1600)
    standings = burraco_standings(["A", "B"], [score_turno(RULES, 1, [left])])
    # B: 20 VP from the hands (1600 > 1505) rather than the rest's 14; A: 6 VP, its hands 0
    assert [(r.entry, r.vp, r.mp, r.abandoned, r.gained_by_abandoning) for r in standings.rows] == [
        ("B", 20, 1600, 0, 0),
        ("A", 6, -1600, 1, 1),
    ]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"tie_breaks": ["vp", "buchholz"]}, "tie_breaks"),
        ({"tie_breaks": ["vp", "vp"]}, "tie_breaks"),
        ({"tie_breaks": []}, "tie_breaks"),
        ({"tie_breaks": ["vp", "lot"], "lots": {"A": 1}}, "lot"),
        ({"adjustments": [Adjustment("Z", vp=1)]}, "adjustments"),
    ],
)
def test_refusals(kwargs, field):
    with pytest.raises(TournamentError) as refused:
        burraco_standings(["A", "B"], [], **kwargs)
    assert refused.value.field == field


def test_a_score_of_an_entry_not_entered_is_refused():
    with pytest.raises(TournamentError) as refused:
        burraco_standings(["A"], [turno(1, ("A", 100, "B", 0))])
    assert refused.value.params == {"entry": "B"}
