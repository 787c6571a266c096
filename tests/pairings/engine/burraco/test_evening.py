"""A whole Burraco evening through the engine, worked by hand: 6 pairs, 3 Mitchell turni (skip 1,
3 tables: no pair meets twice) then a danese; a pair abandons in turno 3 and leaves, so turno 4
has a bye. Every VP below is read from BURRACO.md's 3-hand table; the standings after turno 3
and at the end are summed by hand. And a property: the standings do not depend on the order in
which the turni and their lines are given."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.burraco.danese import danese_turno
from pairings.engine.burraco.movements import mitchell
from pairings.engine.burraco.standings import TieBreak, burraco_standings
from pairings.engine.burraco.turno import (
    How,
    Side,
    TableResult,
    TurnoScore,
    score_turno,
    turno_rules,
)
from tests.properties import examples

RULES = turno_rules(3)
PAIRS = ["A", "B", "C", "D", "E", "F"]


def results(seating, totals, **extra):
    """The seating's tables with the (NS, EO) totals given per table, and extras per table."""
    return [
        TableResult(
            table.table, table.ns, table.eo, *totals[table.table], **extra.get(str(table.table), {})
        )
        for table in seating.tables
    ]


def summary(standings):
    return [(r.place, r.entry, r.vp, r.mp, r.settled_by) for r in standings.rows]


def test_an_evening_of_6_pairs_3_mitchell_1_danese_with_an_abandonment():
    plan = mitchell(PAIRS, turni=3, skip=1)
    pairs_at = [[(t.ns[0], t.eo[0]) for t in turno.tables] for turno in plan.turni]
    assert pairs_at == [
        [("A", "D"), ("B", "E"), ("C", "F")],
        [("A", "F"), ("B", "D"), ("C", "E")],
        [("A", "E"), ("B", "F"), ("C", "D")],
    ]
    first = score_turno(
        RULES, 1, results(plan.turni[0], {1: (1315, 960), 2: (800, 800), 3: (300, 1900)})
    )
    # A 14 +355 (355: 14-6), D 6 -355; B, E 10 0; F 20 +1600 (over 1500), C 0 -1600
    second = score_turno(
        RULES, 2, results(plan.turni[1], {1: (500, 1010), 2: (1200, 1145), 3: (700, 450)})
    )
    # F 15 +510 (505-650), A 5; B 11 +55 (55-150), D 9; C 12 +250 (155-250), E 8
    third = score_turno(
        RULES,
        3,
        results(
            plan.turni[2],
            {1: (900, 600), 2: (400, 600), 3: (1000, 995)},
            **{"2": {"abandoned": (Side.EO,), "abandoned_mp": -355}},
        ),
    )
    # A 13 +300 (255-350), E 7; F abandons B: B rest 14 +355 (its hands: 8), F 6 -355 (its
    # hands gave it 12: no gain); C 10 +5, D 10 -5
    abandon = [line for line in third.lines if line.how == How.ABANDONED]
    assert [(line.line, line.vp, line.gained) for line in abandon] == [(("F",), 6, False)]
    after_three = burraco_standings(PAIRS, [first, second, third])
    assert summary(after_three) == [
        (1, "F", 41, 1755, None),
        (2, "B", 35, 410, None),
        (3, "A", 32, 145, None),
        (4, "D", 25, -415, None),
        (5, "E", 25, -550, TieBreak.MP),
        (6, "C", 22, -1345, None),
    ]
    present = [pair for pair in after_three.ranked() if pair != "F"]  # F has left
    fourth_seating = danese_turno(present, 4, plan.turni, last_turno=True).seating
    assert [(t.ns, t.eo) for t in fourth_seating.tables] == [(("B",), ("A",)), (("D",), ("E",))]
    assert fourth_seating.byes == ("C",)
    fourth = score_turno(
        RULES, 4, results(fourth_seating, {1: (1000, 1000), 2: (200, 2000)}), fourth_seating.byes
    )
    # B, A 10 0; E 20 +1800, D 0 -1800; C bye 14 +355
    final = burraco_standings(PAIRS, [first, second, third, fourth])
    assert summary(final) == [
        (1, "E", 45, 1250, None),
        (2, "B", 45, 410, TieBreak.MP),
        (3, "A", 42, 145, None),
        (4, "F", 41, 1755, None),
        (5, "C", 36, -990, None),
        (6, "D", 25, -2215, None),
    ]
    c = final.rows[4]
    assert (c.played, c.byes) == (3, 1)
    f = final.rows[3]
    assert (f.played, f.abandoned, f.gained_by_abandoning) == (3, 1, 0)
    for turno in (first, second, fourth):
        assert sum(line.mp for line in turno.lines if line.how != How.BYE) == 0


def random_turni(rng: random.Random, count: int, turni: int) -> tuple[list[str], list[TurnoScore]]:
    field = [f"P{n}" for n in range(count)]
    scores, seatings, vp = [], [], Counter()
    for number in range(1, turni + 1):
        order = sorted(field, key=lambda pair: (-vp[pair], pair))
        seating = danese_turno(order, number, seatings).seating
        seatings.append(seating)
        tables = [
            TableResult(t.table, t.ns, t.eo, 5 * rng.randint(0, 60), 5 * rng.randint(0, 60))
            for t in seating.tables
        ]
        scores.append(score_turno(RULES, number, tables, seating.byes))
        for line in scores[-1].lines:
            vp[line.line[0]] += line.vp
    return field, scores


@settings(max_examples=examples(25))
@given(
    st.integers(min_value=2, max_value=15),
    st.integers(min_value=1, max_value=4),
    st.randoms(use_true_random=False),
)
def test_standings_do_not_depend_on_the_order_of_the_input(count, turni, rng):
    field, scores = random_turni(rng, count, turni)
    chain = ["vp", "mp", "head_to_head", "points"]
    expected = burraco_standings(field, scores, chain)
    shuffled = [TurnoScore(s.turno, tuple(rng.sample(s.lines, len(s.lines)))) for s in scores]
    rng.shuffle(shuffled)
    again = burraco_standings(rng.sample(field, len(field)), shuffled, chain)
    assert again == expected
    places = [row.place for row in expected.rows]
    assert places == sorted(places) and places[0] == 1
    vp = [row.vp for row in expected.rows]
    assert vp == sorted(vp, reverse=True)
