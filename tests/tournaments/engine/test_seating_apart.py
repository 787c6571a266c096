"""Keep-apart groups and the lower bound of repeat meetings of the seating engine
(tournaments/engine/seating_apart.py, seating_bound.py, through seating.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournaments.engine.errors import TournamentError
from tournaments.engine.seating import (
    APART_SEATED,
    APART_TOGETHER,
    REPEATS_ABOVE_MINIMUM,
    REPEATS_MINIMUM,
    Method,
    Notice,
    seat_round,
    seating_report,
)
from tournaments.engine.seating_apart import HARD_GROUP_TOO_LARGE, ApartGroup
from tournaments.engine.seating_bound import repeat_lower_bound
from tournaments.engine.tables import table_sizes


def ranked(count: int) -> dict[str, int]:
    return {f"P{number:02d}": number for number in range(1, count + 1)}


def met_pairs(history) -> set[frozenset]:
    return {
        frozenset(pair) for tables in history for table in tables for pair in combinations(table, 2)
    }


def repeats_of(tables, history) -> int:
    met = met_pairs(history)
    return sum(1 for table in tables for pair in combinations(table, 2) if frozenset(pair) in met)


def seatings(players: list[str], sizes: tuple[int, ...]):
    """Every way to seat `players` at tables of `sizes` (tables of one size not told apart)."""
    if not players:
        yield []
        return
    size, rest_sizes = sizes[0], sizes[1:]
    first, others = players[0], players[1:]
    for mates in combinations(others, size - 1):
        table = (first, *mates)
        left = [player for player in others if player not in mates]
        for rest in seatings(left, rest_sizes):
            yield [table, *rest]


def random_history(players, rounds: int, rng: random.Random, table: int = 4):
    history = []
    for _round in range(rounds):
        everyone = list(players)
        rng.shuffle(everyone)
        sizes = table_sizes(len(everyone), preferred=table, minimum=3, maximum=5)
        tables, start = [], 0
        for size in sizes:
            tables.append(tuple(everyone[start : start + size]))
            start += size
        history.append(tables)
    return history


# -- the lower bound -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_13_players_in_round_2_have_4_repeats_the_minimum_possible(seed):
    ranks = ranked(13)
    first = seat_round(ranks, method=Method.RANDOM, seed=seed)
    assert [len(table) for table in first.seating.tables] == [5, 4, 4]
    second = seat_round(
        ranks, method=Method.BALANCED, seed=seed + 100, history=[first.seating.tables]
    )
    assert second.report.repeat_bound == 4
    assert len(second.report.repeats) == 4
    assert Notice(REPEATS_MINIMUM, {"count": 4, "bound": 4}) in second.report.gave_way
    rendered = [notice.render() for notice in second.report.gave_way]
    assert "Pairs of players who meet again: 4, the minimum possible with these tables." in rendered


def test_the_bound_of_13_players_spreads_each_table_over_the_old_ones():
    history = [[("A", "B", "C", "D", "E"), ("F", "G", "H", "I"), ("J", "K", "L", "M")]]
    # table of 5 from 3 old tables: 2+2+1, 2 pairs; tables of 4: 2+1+1, 1 pair each
    assert repeat_lower_bound((5, 4, 4), history, "ABCDEFGHIJKLM") == 4
    # M is gone and a newcomer came: one old table is now 3, the newcomer a group of one
    players = [*"ABCDEFGHIJKL", "new"]
    assert repeat_lower_bound((5, 4, 4), history, players) == 3
    assert min(repeats_of(tables, history) for tables in seatings(players, (5, 4, 4))) == 3
    # 4 tables of 4 after 4 tables of 4: one player of each old table at every new one
    old = [tuple("ABCD"), tuple("EFGH"), tuple("IJKL"), tuple("MNOP")]
    assert repeat_lower_bound((4, 4, 4, 4), [old], "ABCDEFGHIJKLMNOP") == 0


def test_the_bound_grows_when_players_have_met_almost_everyone():
    # 8 players at two tables of 4, two rounds: round 3 cannot avoid 4 repeats
    history = [[tuple("ABCD"), tuple("EFGH")], [tuple("ABEF"), tuple("CDGH")]]
    assert repeat_lower_bound((4, 4), history, "ABCDEFGH") == 4
    best = min(repeats_of(tables, history) for tables in seatings(list("ABCDEFGH"), (4, 4)))
    assert best == 4
    # the search weighs a third meeting three times a second: it seats 8 pairs who met once
    # rather than 4 who met twice, and the report says that 4 were unavoidable
    result = seat_round(dict.fromkeys("ABCDEFGH", 1), seed=1, history=history)
    assert len(result.report.repeats) == 8
    assert Notice(REPEATS_ABOVE_MINIMUM, {"count": 8, "bound": 4}) in result.report.gave_way


def test_after_every_pair_has_met_every_table_is_all_repeats_the_minimum_possible():
    # 9 players at tables of 3: in 4 rounds every pair meets exactly once
    rounds = [
        ["ABC", "DEF", "GHI"],
        ["ADG", "BEH", "CFI"],
        ["AEI", "BFG", "CDH"],
        ["AFH", "BDI", "CEG"],
    ]
    history = [[tuple(table) for table in tables] for tables in rounds]
    assert repeat_lower_bound((3, 3, 3), history[:3], "ABCDEFGHI") == 0
    result = seat_round(dict.fromkeys("ABCDEFGHI", 1), seed=1, history=history[:3], preferred=3)
    assert result.report.repeats == () and result.report.repeat_bound == 0
    result = seat_round(dict.fromkeys("ABCDEFGHI", 1), seed=1, history=history, preferred=3)
    assert len(result.report.repeats) == result.report.repeat_bound == 9
    assert Notice(REPEATS_MINIMUM, {"count": 9, "bound": 9}) in result.report.gave_way


def test_a_hand_made_seating_above_the_bound_says_how_many_were_unavoidable():
    history = [[("A", "B", "C", "D", "E"), ("F", "G", "H", "I"), ("J", "K", "L", "M")]]
    report = seating_report(
        [("A", "B", "C", "F", "J"), ("D", "E", "G", "K"), ("H", "I", "L", "M")], history=history
    )
    assert len(report.repeats) == 6 and report.repeat_bound == 4
    assert Notice(REPEATS_ABOVE_MINIMUM, {"count": 6, "bound": 4}) in report.gave_way


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(3, 10),
    rounds=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    table=st.sampled_from([3, 4, 5]),
)
def test_the_bound_is_never_above_the_true_minimum_nor_what_any_method_achieved(
    players, rounds, seed, table
):
    rng = random.Random(seed)
    ranks = ranked(players)
    history = random_history(ranks, rounds, rng, table)
    sizes = table_sizes(players, preferred=table, minimum=3, maximum=5)
    bound = repeat_lower_bound(sizes, history, ranks)
    best = min(repeats_of(tables, history) for tables in seatings(sorted(ranks), sizes))
    assert 0 <= bound <= best
    for method in Method:
        result = seat_round(
            ranks, method=method, seed=seed, history=history, preferred=table, maximum=5
        )
        assert result.report.repeat_bound == bound <= len(result.report.repeats)
        if method is Method.BALANCED and len(result.report.repeats) == bound and bound:
            assert result.report.gave_way[-1].message != REPEATS_ABOVE_MINIMUM


@settings(max_examples=examples(40), deadline=None)
@given(players=st.integers(12, 60), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_the_bound_is_never_above_what_the_balanced_search_achieved(players, rounds, seed):
    rng = random.Random(seed)
    ranks = ranked(players)
    history = random_history(ranks, rounds, rng)
    result = seat_round(ranks, seed=seed, history=history)
    assert (
        result.report.repeat_bound
        <= len(result.report.repeats)
        == repeats_of(result.seating.tables, history)
    )


# -- keep-apart groups ---------------------------------------------------------------------------


def together(tables, group) -> list[tuple[str, str]]:
    return [
        pair
        for table in tables
        for pair in combinations(sorted(table), 2)
        if set(pair) <= set(group)
    ]


@st.composite
def groups_of(draw, players: list[str]):
    count = draw(st.integers(0, 4))
    groups = []
    for number in range(count):
        members = draw(st.lists(st.sampled_from(players), min_size=2, max_size=6, unique=True))
        groups.append(ApartGroup(tuple(members), hard=draw(st.booleans()), name=f"G{number}"))
    return groups


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(6, 30),
    method=st.sampled_from(list(Method)),
    rounds=st.integers(0, 3),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_hard_groups_are_never_broken_and_soft_pairs_together_are_reported(
    players, method, rounds, seed, data
):
    ranks = ranked(players)
    groups = data.draw(groups_of(sorted(ranks)))
    history = random_history(ranks, rounds, random.Random(seed))
    try:
        result = seat_round(ranks, method=method, seed=seed, history=history, apart=groups)
    except TournamentError as error:
        assert error.field == "apart"
        # refused only for a reason: a hard group larger than the tables, or none found
        assert any(group.hard for group in groups), error.message
        return
    tables = result.seating.tables
    assert sorted(p for table in tables for p in table) == sorted(ranks)
    for group in groups:
        if group.hard:
            assert together(tables, group.players) == []
    soft_together = {
        (pair, number)
        for number, table in enumerate(tables, start=1)
        for group in groups
        if not group.hard
        for pair in together([table], group.players)
    }
    reported = {(pair.players, pair.table) for pair in result.report.apart}
    assert reported >= soft_together
    assert all(not pair.hard for pair in result.report.apart)
    assert (
        Notice(APART_TOGETHER, {"count": len(result.report.apart)}) in result.report.gave_way
    ) == bool(result.report.apart)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tables=st.integers(2, 8),
    method=st.sampled_from(list(Method)),
    rounds=st.integers(0, 3),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_disjoint_groups_that_fit_the_tables_are_always_kept_apart(
    tables, method, rounds, seed, data
):
    players = sorted(ranked(4 * tables))
    rng = random.Random(seed)
    shuffled = list(players)
    rng.shuffle(shuffled)
    groups, start = [], 0
    while start < len(shuffled) and len(groups) < 4:
        size = data.draw(st.integers(2, tables))
        groups.append(
            ApartGroup(tuple(shuffled[start : start + size]), hard=data.draw(st.booleans()))
        )
        start += size
    history = random_history(players, rounds, rng)
    result = seat_round(
        dict.fromkeys(players, 1), method=method, seed=seed, history=history, apart=groups
    )
    for group in groups:
        assert together(result.seating.tables, group.players) == []
    assert result.report.apart == ()


def test_a_hard_group_larger_than_the_tables_is_refused_with_its_name():
    group = ApartGroup(("P01", "P02", "P03", "P04"), hard=True, name="Rossi family")
    with pytest.raises(TournamentError) as refused:
        seat_round(ranked(13), seed=1, apart=[group])
    assert refused.value.field == "apart"
    assert refused.value.message_template == HARD_GROUP_TOO_LARGE
    assert refused.value.message == (
        "The players of Rossi family who are present (4) cannot sit apart at 3 tables: make the "
        "group soft, or take players out of it."
    )
    # members who are not present do not count
    seat_round({p: r for p, r in ranked(13).items() if p != "P04"}, seed=1, apart=[group])


def test_a_soft_group_larger_than_the_tables_is_seated_and_reported():
    group = ApartGroup(("P01", "P02", "P03", "P04"), name="Club Aurora")
    result = seat_round(ranked(13), seed=1, apart=[group])
    assert len(together(result.seating.tables, group.players)) == 1
    (pair,) = result.report.apart
    assert pair.group == "Club Aurora" and not pair.hard
    assert Notice(APART_TOGETHER, {"count": 1}) in result.report.gave_way


def test_soft_groups_give_way_before_hard_ones_and_repeats_before_soft_ones():
    ranks = ranked(8)
    history = [[tuple(sorted(ranks)[:4]), tuple(sorted(ranks)[4:])]]
    # P01..P04 met; keeping P01 and P05 apart costs nothing, so nobody else should suffer
    groups = [
        ApartGroup(("P01", "P05"), hard=True, name="couple"),
        ApartGroup(("P02", "P06"), name="friends"),
    ]
    result = seat_round(ranks, seed=3, history=history, apart=groups)
    assert together(result.seating.tables, ("P01", "P05")) == []
    assert together(result.seating.tables, ("P02", "P06")) == []
    assert len(result.report.repeats) == result.report.repeat_bound == 4


def test_a_hand_made_seating_that_breaks_a_hard_group_is_refused():
    hard = ApartGroup(("A", "B"), hard=True, name="couple")
    with pytest.raises(TournamentError) as refused:
        seating_report([("A", "B", "C"), ("D", "E", "F")], apart=[hard])
    assert refused.value.field == "apart"
    assert refused.value.message == (
        "A and B are in the keep-apart group couple: they cannot sit at the same table."
    )
    soft = ApartGroup(("A", "B"), name="couple")
    report = seating_report([("A", "B", "C"), ("D", "E", "F")], apart=[soft])
    assert [(p.players, p.table, p.group) for p in report.apart] == [(("A", "B"), 1, "couple")]
    assert Notice(APART_SEATED, {"count": 1}) in report.gave_way


def test_the_same_groups_and_seed_give_the_same_seating():
    groups = [ApartGroup(("P03", "P07", "P09"), hard=True), ApartGroup(("P01", "P02"))]
    seatings_ = {
        seat_round(ranked(16), seed=5, apart=list(order)).seating.tables
        for order in (groups, groups[::-1])
    }
    assert len(seatings_) == 1


def test_repeat_counts_match_a_counter_of_pairs():
    history = random_history(ranked(12), 2, random.Random(4))
    result = seat_round(ranked(12), seed=2, history=history)
    met = Counter(frozenset(p) for tables in history for t in tables for p in combinations(t, 2))
    assert len(result.report.repeats) == sum(
        1 for t in result.seating.tables for p in combinations(t, 2) if met[frozenset(p)]
    )
