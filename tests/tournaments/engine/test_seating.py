"""Seating of a round of a table tournament (tournaments/engine/seating.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournaments.engine.errors import TournamentError
from tournaments.engine.seating import (
    DISPLACED,
    FIRST_SEAT_MISSED,
    REPEATS_BY_METHOD,
    REPEATS_MINIMUM,
    TABLES_NOT_PREFERRED,
    Method,
    Notice,
    seat_round,
    seating_report,
)
from tournaments.engine.table_standings import SeatResult, TableResult, standings


def ranked(count: int, prefix: str = "P") -> dict[str, int]:
    """Players P01, P02, ... ranked 1, 2, ... in that order."""
    return {f"{prefix}{number:02d}": number for number in range(1, count + 1)}


def pairs_of(tables) -> Counter:
    return Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))


def random_results(tables, rng: random.Random) -> list[TableResult]:
    results = []
    for table in tables:
        finish = list(table)
        rng.shuffle(finish)
        seats = tuple(
            SeatResult(player=player, place=place, penalty=place * 30, won=place == 1)
            for place, player in enumerate(finish, start=1)
        )
        results.append(TableResult(seats=seats))
    return results


def play(players: int, rounds: int, *, seed: int, static: bool = False):
    """Seat `rounds` rounds with `balanced` (round 1 `random`), feeding back random results;
    with `static`, the standings never change (the hardest case for repeats)."""
    rng = random.Random(seed)
    ranks = ranked(players)
    history, results, reports = [], [], []
    for number in range(rounds):
        method = Method.RANDOM if number == 0 else Method.BALANCED
        result = seat_round(ranks, method=method, seed=rng.randrange(10**6), history=history)
        history.append(result.seating.tables)
        reports.append(result.report)
        results.append(random_results(result.seating.tables, rng))
        if not static:
            ranks = standings(results).places()
    return history, reports


# -- every method ------------------------------------------------------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(
    players=st.integers(2, 40),
    method=st.sampled_from(list(Method)),
    seed=st.integers(0, 2**32),
    rounds=st.integers(0, 3),
    data=st.data(),
)
def test_everyone_present_is_seated_exactly_once_at_tables_within_range(
    players, method, seed, rounds, data
):
    ranks = {player: data.draw(st.integers(1, players), label=player) for player in ranked(players)}
    rng = random.Random(seed)
    history = []
    for _round in range(rounds):
        everyone = [*ranks, "gone"]  # someone who left: ignored
        rng.shuffle(everyone)
        history.append([everyone[start : start + 4] for start in range(0, len(everyone), 4)])
    result = seat_round(ranks, method=method, seed=seed, history=history)
    seated = [player for table in result.seating.tables for player in table]
    assert sorted(seated) == sorted(ranks)
    sizes = [len(table) for table in result.seating.tables]
    assert all(3 <= size <= 5 for size in sizes) or sizes == [2]
    assert result.seating.method == method and result.seating.seed == seed


@pytest.mark.parametrize("method", list(Method))
def test_the_same_seed_and_input_give_the_same_seating(method):
    history, _reports = play(24, 2, seed=5)
    ranks = {player: 1 + index % 7 for index, player in enumerate(sorted(ranked(24)))}
    one = seat_round(ranks, method=method, seed=99, history=history)
    reversed_ranks = dict(reversed(list(ranks.items())))
    other = seat_round(reversed_ranks, method=method, seed=99, history=history)
    assert one == other


def test_a_random_seating_changes_with_the_seed():
    ranks = ranked(20)
    one = seat_round(ranks, method="random", seed=1).seating.tables
    other = seat_round(ranks, method="random", seed=2).seating.tables
    assert one != other


def test_player_ids_may_be_numbers_and_names_together():
    result = seat_round({1: 1, 2: 2, "Anna": 3, "Bruno": 4}, method="danese", seed=0)
    assert result.seating.tables == ((1, 2, "Anna", "Bruno"),)


# -- danese and snake --------------------------------------------------------------------------


def test_danese_seats_the_standings_in_blocks_larger_tables_first():
    result = seat_round(ranked(10), method="danese", seed=0)
    assert result.seating.tables == (
        ("P01", "P02", "P03", "P04"),
        ("P05", "P06", "P07"),
        ("P08", "P09", "P10"),
    )


def test_snake_deals_the_seeds_back_and_forth_skipping_full_tables():
    result = seat_round(ranked(10), method="snake", seed=0)
    assert result.seating.tables == (
        ("P01", "P06", "P07", "P10"),
        ("P02", "P05", "P08"),
        ("P03", "P04", "P09"),
    )


def test_snake_of_8_at_two_tables():
    result = seat_round(ranked(8), method="snake", seed=0)
    assert result.seating.tables == (("P01", "P04", "P05", "P08"), ("P02", "P03", "P06", "P07"))


def test_players_sharing_a_place_are_ordered_by_id():
    ranks = {"d": 1, "c": 1, "b": 2, "a": 2, "e": 3, "f": 3}
    result = seat_round(ranks, method="danese", seed=0, sizes=(3, 3))
    assert result.seating.tables == (("c", "d", "a"), ("b", "e", "f"))


def test_given_sizes_are_used_in_their_order():
    result = seat_round(ranked(7), method="danese", seed=0, sizes=(3, 4))
    assert result.seating.tables == (("P01", "P02", "P03"), ("P04", "P05", "P06", "P07"))


# -- first seat --------------------------------------------------------------------------------


def test_the_player_who_had_the_first_seat_least_often_deals_first():
    history = [[("P01", "P02", "P03", "P04")], [("P02", "P01", "P03", "P04")]]
    result = seat_round(ranked(4), method="danese", seed=0, history=history)
    assert result.seating.tables == (("P03", "P01", "P02", "P04"),)
    counts = dict(result.report.first_seats)
    assert counts == {"P01": 1, "P02": 1, "P03": 1, "P04": 0}


def test_first_seat_rotation_stays_fair_over_the_rounds():
    history, reports = play(40, 5, seed=11)
    firsts: Counter = Counter()
    for tables, report in zip(history, reports, strict=True):
        for table in tables:
            # the dealer had the first seat no more often than anyone else at the table
            assert all(firsts[table[0]] <= firsts[player] for player in table)
        firsts.update(table[0] for table in tables)
        assert dict(report.first_seats) == {player: firsts[player] for player in ranked(40)}
        assert report.first_seat_spread <= 2
    assert max(firsts.values()) - min(firsts[player] for player in ranked(40)) <= 1


# -- balanced ----------------------------------------------------------------------------------


def test_balanced_without_history_keeps_the_danese_blocks():
    balanced = seat_round(ranked(22), method="balanced", seed=3).seating.tables
    danese = seat_round(ranked(22), method="danese", seed=3).seating.tables
    assert [sorted(table) for table in balanced] == [sorted(table) for table in danese]


@pytest.mark.parametrize("static", [False, True], ids=["standings-move", "standings-fixed"])
def test_balanced_seats_40_players_for_5_rounds_without_any_repeat_meeting(static):
    history, reports = play(40, 5, seed=2024, static=static)
    met = Counter()
    for tables in history:
        met.update(pairs_of(tables))
    assert max(met.values()) == 1
    assert all(report.repeats == () and report.repeat_cost == 0 for report in reports)


def test_balanced_keeps_players_near_their_standing_while_avoiding_repeats():
    # after a danese round, no table may hold two players of the same block again: every table
    # needs four blocks, so players move, but not far
    ranks = ranked(40)
    first = seat_round(ranks, method="danese", seed=0)
    second = seat_round(ranks, method="balanced", seed=0, history=[first.seating.tables])
    assert second.report.repeats == ()
    assert all(abs(distance) <= 3 for _player, distance in second.report.displaced)
    assert all(ranks[player] <= 16 for player in second.seating.tables[0])
    assert all(ranks[player] >= 25 for player in second.seating.tables[-1])
    assert second.report.gave_way[0].message == DISPLACED


def test_balanced_reports_the_repeats_it_could_not_avoid():
    ranks = ranked(5)
    history = [[tuple(ranks)]]
    result = seat_round(ranks, method="balanced", seed=0, history=history)
    assert len(result.report.repeats) == 10
    assert result.report.repeat_cost == 20
    # five players who all met: every pair meets again, and the report knows it cannot be less
    assert result.report.repeat_bound == 10
    assert Notice(REPEATS_MINIMUM, {"count": 10, "bound": 10}) in result.report.gave_way


def test_balanced_prefers_two_second_meetings_to_one_third():
    # a pair that met twice costs 6 if seated together again, two pairs that met once cost 4
    ranks = {"A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1}
    history = [[("A", "B", "C"), ("D", "E", "F")], [("A", "B", "D"), ("C", "E", "F")]]
    result = seat_round(ranks, method="balanced", seed=0, history=history, sizes=(3, 3))
    together = pairs_of(result.seating.tables)
    assert frozenset("AB") not in together and frozenset("EF") not in together
    assert result.report.repeat_cost == sum(
        before * before + before for before in (r.before for r in result.report.repeats)
    )


# -- the report --------------------------------------------------------------------------------


def test_the_report_lists_every_repeat_with_how_often_the_pair_had_met():
    history = [
        [("P01", "P02", "P03", "P04"), ("P05", "P06", "P07", "P08")],
        [("P01", "P02", "P05", "P06"), ("P03", "P04", "P07", "P08")],
    ]
    result = seat_round(ranked(8), method="danese", seed=0, history=history)
    met = Counter()
    for tables in history:
        met.update(pairs_of(tables))
    expected = {
        (frozenset(pair), table_number, met[frozenset(pair)])
        for table_number, table in enumerate(result.seating.tables, start=1)
        for pair in combinations(table, 2)
        if met[frozenset(pair)]
    }
    listed = {
        (frozenset(repeat.players), repeat.table, repeat.before) for repeat in result.report.repeats
    }
    assert listed == expected
    assert (("P01", "P02"), 1, 2) in {(r.players, r.table, r.before) for r in result.report.repeats}
    assert Notice(REPEATS_BY_METHOD, {"count": 12, "method": "danese"}) in result.report.gave_way


def test_a_seating_changed_by_hand_gets_its_own_report():
    history = [[("A", "B", "C"), ("D", "E", "F")]]
    report = seating_report([("A", "B", "D"), ("C", "E", "F")], history=history)
    assert [(r.players, r.table, r.before) for r in report.repeats] == [
        (("A", "B"), 1, 1),
        (("E", "F"), 2, 1),
    ]
    assert dict(report.first_seats) == {"A": 2, "B": 0, "C": 1, "D": 1, "E": 0, "F": 0}
    assert report.displaced == ()
    assert Notice(FIRST_SEAT_MISSED, {"players": ("B", "E", "F")}) in report.gave_way


def test_the_report_says_when_tables_cannot_all_have_the_preferred_size():
    report = seat_round(ranked(22), method="danese", seed=0).report
    assert report.gave_way[0] == Notice(
        TABLES_NOT_PREFERRED, {"total": 22, "preferred": 4, "count": 2}
    )


def test_a_notice_renders_names_through_the_callers_translation():
    notice = Notice(FIRST_SEAT_MISSED, {"players": (1, 2)})
    names = {1: "Anna", 2: "Bruno"}
    text = notice.render(lambda message: "[it] " + message, names.__getitem__)
    assert text.startswith("[it] The first seat")
    assert text.endswith("Not dealing first this round: Anna, Bruno.")


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"method": "alphabetical"}, "method"),
        ({"seed": "abc"}, "seed"),
        ({"seed": True}, "seed"),
        ({"sizes": (4, 3)}, "sizes"),
        ({"sizes": (4, 1, 3)}, "sizes"),
        ({"history": [[("P01", "P02"), ("P02", "P03")]]}, "history"),
    ],
)
def test_bad_settings_are_refused(kwargs, field):
    arguments = {"method": "balanced", "seed": 1, **kwargs}
    with pytest.raises(TournamentError) as info:
        seat_round(ranked(8), **arguments)
    assert info.value.field == field


def test_a_rank_that_is_not_whole_is_refused():
    with pytest.raises(TournamentError) as info:
        seat_round({"A": 1, "B": 1.5, "C": 2}, method="danese", seed=0)
    assert info.value.params == {"player": "B"}


def test_a_single_player_cannot_be_seated():
    with pytest.raises(TournamentError) as info:
        seat_round({"A": 1}, method="random", seed=0)
    assert info.value.field == "players"


def test_a_report_with_ranks_lists_who_sits_away_from_their_standing():
    ranks = ranked(8)
    tables = [("P01", "P02", "P03", "P08"), ("P05", "P06", "P07", "P04")]
    report = seating_report(tables, ranks=ranks)
    assert report.displaced == (("P04", 1), ("P08", 1))


def test_a_report_refuses_ranks_that_do_not_match_the_seats():
    with pytest.raises(TournamentError) as info:
        seating_report([("A", "B", "C")], ranks={"A": 1, "B": 2, "C": 3, "D": 4})
    assert info.value.params == {"player": "D"}
    with pytest.raises(TournamentError) as info:
        seating_report([("A", "B", "C")], ranks={"A": 1, "B": 2})
    assert (info.value.field, info.value.params) == ("ranks", {"player": "C"})
