"""The danese of Burraco tournaments (BURRACO.md §3): no repeat over 5 turni of 13 to 15 pairs
(with a bye when odd, and a 14-pair field that loses a pair), standings changing between turni;
puro and the last turno; the previous turno's opponent avoided when a repeat cannot be; NS and EO
alternating; the bye."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.burraco.danese import Step, Variant, danese_turno
from pairings.engine.burraco.movements import Table, TurnoSeating
from pairings.engine.errors import TournamentError
from tests.properties import examples


def pairs(count):
    return [f"C{number:02d}" for number in range(1, count + 1)]


def meetings(turni):
    return Counter(frozenset(t.ns + t.eo) for turno in turni for t in turno.tables)


def play(seating: TurnoSeating, vp: Counter, rng: random.Random) -> None:
    """Random VP for each table (a 20-point split), 14 to a bye."""
    for table in seating.tables:
        winner = rng.randint(10, 20)
        vp[table.ns[0]] += winner
        vp[table.eo[0]] += 20 - winner
    for bye in seating.byes:
        vp[bye] += 14


def standings(field, vp):
    order = {pair: index for index, pair in enumerate(field)}
    return sorted(field, key=lambda pair: (-vp[pair], order[pair]))


def check_turno(seating: TurnoSeating, field) -> None:
    seated = [p for table in seating.tables for p in table.ns + table.eo]
    assert sorted(seated + list(seating.byes)) == sorted(field)
    assert len(seating.byes) == len(field) % 2
    assert [table.table for table in seating.tables] == list(range(1, len(seating.tables) + 1))


@settings(max_examples=examples(30))
@given(st.sampled_from([13, 14, 15]), st.randoms(use_true_random=False))
def test_no_repeat_over_5_turni_with_standings_changing(count, rng):
    field, vp, turni = pairs(count), Counter(), []
    for turno in range(1, 6):
        result = danese_turno(standings(field, vp), turno, turni)
        check_turno(result.seating, field)
        assert result.step == Step.NO_REPEAT and result.repeats == ()
        turni.append(result.seating)
        play(result.seating, vp, rng)
    assert max(meetings(turni).values()) == 1
    byes = Counter(bye for turno in turni for bye in turno.byes)
    assert all(number == 1 for number in byes.values())  # nobody has a second bye
    assert len(byes) == (5 if count % 2 else 0)


def test_14_pairs_one_abandons_after_turno_2_then_a_bye_each_turno():
    rng = random.Random(29)
    field, vp, turni = pairs(14), Counter(), []
    for turno in range(1, 6):
        if turno == 3:
            field.remove("C05")
        result = danese_turno(standings(field, vp), turno, turni)
        check_turno(result.seating, field)
        assert result.repeats == ()
        turni.append(result.seating)
        play(result.seating, vp, rng)
    assert max(meetings(turni).values()) == 1
    assert [len(turno.byes) for turno in turni] == [0, 0, 1, 1, 1]


def test_first_turno_is_1_v_2_3_v_4_and_the_bye_goes_to_the_last():
    result = danese_turno(pairs(5), 1)
    assert [(t.ns, t.eo) for t in result.seating.tables] == [
        (("C01",), ("C02",)),
        (("C03",), ("C04",)),
    ]
    assert result.seating.byes == ("C05",)


def test_the_best_pair_left_meets_the_best_it_has_not_met():
    first = danese_turno(pairs(8), 1).seating  # 1v2 3v4 5v6 7v8
    second = danese_turno(pairs(8), 2, [first]).seating  # same standings
    assert [frozenset(t.ns + t.eo) for t in second.tables] == [
        frozenset({"C01", "C03"}),
        frozenset({"C02", "C04"}),
        frozenset({"C05", "C07"}),
        frozenset({"C06", "C08"}),
    ]


def test_backtracking_when_greedy_leaves_the_last_two_who_met():
    # C01-C02, C03-C04 met; C01 takes C03, then C02 v C04 is fresh; make C02-C04 met too, so
    # greedy C01-C03 leaves C02-C04 and must back up: C01-C04, C02-C03
    previous = [
        TurnoSeating(1, (Table(1, ("C01",), ("C02",)), Table(2, ("C03",), ("C04",)))),
        TurnoSeating(2, (Table(1, ("C02",), ("C04",)), Table(2, ("C01",), ("C03",)))),
    ]
    result = danese_turno(pairs(4), 3, previous)
    assert result.step == Step.NO_REPEAT
    assert [frozenset(t.ns + t.eo) for t in result.seating.tables] == [
        frozenset({"C01", "C04"}),
        frozenset({"C02", "C03"}),
    ]


def test_modificato_avoids_the_previous_opponent_when_every_pairing_repeats():
    field, turni = pairs(4), []
    for turno in range(1, 4):
        turni.append(danese_turno(field, turno, turni).seating)
    assert max(meetings(turni).values()) == 1  # everyone met everyone once
    fourth = danese_turno(field, 4, turni)
    assert fourth.step == Step.NOT_PREVIOUS
    last = {frozenset(t.ns + t.eo) for t in turni[-1].tables}
    assert not {frozenset(t.ns + t.eo) for t in fourth.seating.tables} & last
    assert len(fourth.repeats) == 2


def test_the_last_turno_of_modificato_allows_the_previous_opponent_but_avoids_a_repeat():
    field, turni = pairs(4), []
    for turno in range(1, 4):
        turni.append(danese_turno(field, turno, turni).seating)
    last = danese_turno(field, 4, turni, last_turno=True)
    assert last.step == Step.PURO  # every pairing repeats: strictly by standings
    assert [frozenset(t.ns + t.eo) for t in last.seating.tables] == [
        frozenset({"C01", "C02"}),
        frozenset({"C03", "C04"}),
    ]
    # with a pairing free of repeats, the last turno takes it (control: turno 2 of 4 pairs)
    first = danese_turno(pairs(4), 1).seating
    second = danese_turno(pairs(4), 2, [first], last_turno=True)
    assert second.step == Step.NO_REPEAT and second.repeats == ()


@pytest.mark.parametrize("variant", [Variant.PURO])
def test_puro_goes_strictly_by_standings(variant):
    first = danese_turno(pairs(4), 1).seating
    second = danese_turno(pairs(4), 2, [first], variant)
    assert second.step == Step.PURO
    assert [frozenset(t.ns + t.eo) for t in second.seating.tables] == [
        frozenset({"C01", "C02"}),
        frozenset({"C03", "C04"}),
    ]
    assert set(second.repeats) == {frozenset({"C01", "C02"}), frozenset({"C03", "C04"})}


def test_ns_and_eo_alternate():
    rng = random.Random(7)
    field, vp, turni = pairs(12), Counter(), []
    for turno in range(1, 5):
        turni.append(danese_turno(standings(field, vp), turno, turni).seating)
        play(turni[-1], vp, rng)
    sides = Counter()
    for turno in turni:
        for table in turno.tables:
            sides[table.ns[0]] += 1
            sides[table.eo[0]] -= 1
    assert all(abs(balance) <= 2 for balance in sides.values())
    first, second = turni[0], turni[1]
    was_eo = {table.eo[0] for table in first.tables}
    # in turno 2 a pair that sat EO sits NS whenever it meets a pair that sat NS
    for table in second.tables:
        if table.eo[0] in was_eo and table.ns[0] not in was_eo:
            pytest.fail(f"{table} puts the EO pair of turno 1 at EO again against an NS pair")


def test_an_unknown_variant_is_refused():
    with pytest.raises(TournamentError) as refused:
        danese_turno(pairs(4), 1, variant="svizzero")
    assert refused.value.message == "svizzero is not a danese; choose among: modificato, puro."
    assert refused.value.field == "danese"
