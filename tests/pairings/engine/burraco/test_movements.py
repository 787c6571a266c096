"""Mitchell movement and individual events of Burraco tournaments (BURRACO.md §3).

The repeat rule is checked against brute force for T = 4..20 tables, every skip and every number
of Mitchell turni: the test moves the East-West pairs itself and looks for a meeting seen twice.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.burraco.movements import (
    Grouping,
    Table,
    TurnoSeating,
    check_mitchell_skip,
    individual_turno,
    mitchell,
    partners_of,
)
from pairings.engine.errors import TournamentError
from tests.properties import examples


def first_repeat_by_brute_force(tables: int, skip: int, turni: int) -> int | None:
    """The first turno (from 1) in which an EO pair sits again at a table it visited, moving
    `skip` tables a turno, or None within `turni` turni."""
    for start in range(tables):
        seen = set()
        for turno in range(1, turni + 1):
            position = start
            for _ in range(turno - 1):
                position = (position + skip) % tables
            if position in seen:
                return turno
            seen.add(position)
    return None


@pytest.mark.parametrize("tables", range(4, 21))
def test_repeat_rule_for_every_skip_against_brute_force(tables):
    for skip in range(1, tables + 1):
        for turni in range(1, tables + 2):
            repeat = first_repeat_by_brute_force(tables, skip, turni)
            if repeat is None:
                check_mitchell_skip(tables, skip, turni)
            else:
                with pytest.raises(TournamentError) as refused:
                    check_mitchell_skip(tables, skip, turni)
                assert refused.value.field == "mitchell_skip"
                assert refused.value.params["turno"] == repeat


@pytest.mark.parametrize("tables", range(4, 21))
def test_an_accepted_plan_never_seats_two_pairs_together_twice(tables):
    pairs = [f"P{number}" for number in range(1, 2 * tables + 1)]
    for skip in range(1, tables):
        turni = min(tables, 6)
        if first_repeat_by_brute_force(tables, skip, turni) is not None:
            continue
        plan = mitchell(pairs, turni, skip)
        meetings = Counter(
            frozenset(table.ns + table.eo) for turno in plan.turni for table in turno.tables
        )
        assert max(meetings.values()) == 1
        for turno in plan.turni:  # NS stays: pair k (from 1) at table k
            assert [table.ns for table in turno.tables] == [(p,) for p in pairs[:tables]]


def test_six_tables_skip_2_repeat_at_turno_4_in_words():
    with pytest.raises(TournamentError) as refused:
        check_mitchell_skip(6, 2, 4)
    assert refused.value.message == (
        "With 6 tables a skip of 2 brings the East-West pairs back to the same North-South pairs "
        "in turno 4, before the last Mitchell turno (4). Skips without a repeat: 1, 5."
    )
    check_mitchell_skip(6, 2, 3)


def test_movement_card_of_12_pairs_skip_1():
    plan = mitchell([f"P{n}" for n in range(1, 13)], turni=3, skip=1)
    # turno 2: the EO pair of table 1 (P7) moves to table 2, the one of table 6 (P12) to table 1
    second = plan.turni[1]
    assert [(t.table, t.ns, t.eo) for t in second.tables][:2] == [
        (1, ("P1",), ("P12",)),
        (2, ("P2",), ("P7",)),
    ]
    assert not plan.odd_tables
    assert [turno.turno for turno in plan.turni] == [1, 2, 3]


def test_odd_pairs_give_a_bye_a_turno_to_a_different_pair():
    plan = mitchell([f"P{n}" for n in range(1, 12)], turni=4, skip=1, first_turno=1)
    # 11 pairs: 6 tables, the empty EO place starts at table 6 and moves one table a turno
    assert [turno.byes for turno in plan.turni] == [("P6",), ("P1",), ("P2",), ("P3",)]
    for turno in plan.turni:
        seated = [p for table in turno.tables for p in table.ns + table.eo]
        assert len(seated) == 10 and not set(seated) & set(turno.byes)
    assert not plan.odd_tables
    assert mitchell([f"P{n}" for n in range(1, 10)], turni=2).odd_tables  # 5 tables: a warning


@pytest.mark.parametrize("skip", [0, -1, 1.5, True, "2"])
def test_a_skip_that_is_not_a_whole_number_of_tables_is_refused(skip):
    with pytest.raises(TournamentError) as refused:
        mitchell(["A", "B", "C", "D"], turni=1, skip=skip)
    assert refused.value.field == "mitchell_skip"


# --- individual events -----------------------------------------------------------------------


def players(count):
    return [f"G{number:02d}" for number in range(1, count + 1)]


def test_individual_first_turno_groups_1st_2nd_v_3rd_4th():
    seating = individual_turno(players(8), 1).seating
    assert [(t.ns, t.eo) for t in seating.tables] == [
        (("G01", "G02"), ("G03", "G04")),
        (("G05", "G06"), ("G07", "G08")),
    ]
    ends = individual_turno(players(4), 1, grouping=Grouping.ENDS).seating
    assert (ends.tables[0].ns, ends.tables[0].eo) == (("G01", "G04"), ("G02", "G03"))


def test_individual_second_turno_with_the_same_standings_changes_partners():
    first = individual_turno(players(8), 1).seating
    second = individual_turno(players(8), 2, [first]).seating
    # G01 and G02 were partners: the group of four takes its next pairing, 1st + 3rd v 2nd + 4th
    assert [(t.ns, t.eo) for t in second.tables] == [
        (("G01", "G03"), ("G02", "G04")),
        (("G05", "G07"), ("G06", "G08")),
    ]


def test_individual_byes_go_to_the_lowest_players_without_one():
    first = individual_turno(players(10), 1).seating
    assert first.byes == ("G09", "G10")
    second = individual_turno(players(10), 2, [first]).seating
    assert second.byes == ("G07", "G08")


def test_individual_needs_four_players():
    with pytest.raises(TournamentError) as refused:
        individual_turno(players(3), 1)
    assert refused.value.params == {"count": 3}


@settings(max_examples=examples(20))
@given(st.sampled_from([8, 12, 16, 17, 20]), st.randoms(use_true_random=False))
def test_16_players_change_partner_every_turno_with_standings_changing(count, rng):
    field = players(count)
    previous = []
    for turno in range(1, 5):
        rng.shuffle(field)  # the standings after each turno
        result = individual_turno(field, turno, previous)
        seating = result.seating
        assert result.repeats == ()
        lines = [line for table in seating.tables for line in (table.ns, table.eo)]
        seated = [player for line in lines for player in line]
        assert sorted(seated + list(seating.byes)) == sorted(field)
        assert len(seated) == len(set(seated)) == 4 * len(seating.tables)
        assert not {frozenset(line) for line in lines} & partners_of(previous)
        previous.append(seating)


def test_partners_are_the_lines_of_previous_turni():
    first = individual_turno(players(4), 1).seating
    assert partners_of([first]) == {frozenset({"G01", "G02"}), frozenset({"G03", "G04"})}


def test_individual_regroups_when_a_group_has_no_fresh_pairing_left():
    field, previous = players(8), []
    for turno in range(1, 5):
        result = individual_turno(field, turno, previous)
        assert result.repeats == ()
        previous.append(result.seating)
    # after 3 turni G01-G04 have partnered each other every way: turno 4 mixes the groups; the
    # first group with a fresh pairing, by rank, is G01 G02 G05 G06 (1st + 3rd v 2nd + 4th)
    assert [(t.ns, t.eo) for t in previous[-1].tables] == [
        (("G01", "G05"), ("G02", "G06")),
        (("G03", "G07"), ("G04", "G08")),
    ]


def test_four_players_repeat_a_partner_only_when_nothing_else_is_possible():
    field, previous = players(4), []
    for turno in range(1, 4):
        result = individual_turno(field, turno, previous)
        assert result.repeats == ()
        previous.append(result.seating)
    fourth = individual_turno(field, 4, previous)
    assert fourth.repeats == (frozenset({"G01", "G02"}), frozenset({"G03", "G04"}))


def test_no_skip_works_when_the_mitchell_turni_outnumber_the_tables():
    with pytest.raises(TournamentError) as refused:
        check_mitchell_skip(4, 1, 5)
    assert refused.value.message == (
        "With 4 tables every skip brings a pair back to the same opponents within 5 Mitchell "
        "turni: play fewer Mitchell turni (at most 4)."
    )


def test_when_a_partner_must_repeat_the_group_takes_the_pairing_with_fewest_repeats():
    def seating(turno, ns, eo):
        return TurnoSeating(turno, (Table(1, ns, eo),))

    previous = [
        seating(1, ("G01", "G02"), ("G03", "G04")),
        seating(2, ("G01", "G03"), ("G02", "G04")),
        seating(3, ("G01", "G04"), ("G05", "G06")),  # G02 and G03 never partnered
    ]
    result = individual_turno(players(4), 4, previous)
    table = result.seating.tables[0]
    assert (table.ns, table.eo) == (("G01", "G04"), ("G02", "G03"))
    assert result.repeats == (frozenset({"G01", "G04"}),)


def test_an_unknown_grouping_is_refused():
    with pytest.raises(TournamentError) as refused:
        individual_turno(players(4), 1, grouping="random")
    assert (refused.value.field, refused.value.params["choices"]) == ("grouping", "first_two, ends")
