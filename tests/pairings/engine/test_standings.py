"""Standings of Swiss and round robin tournaments (match points, Buchholz, median-Buchholz, net
points, head to head, shared places) and of brackets (places by round of elimination)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.brackets import double_elimination, single_elimination
from pairings.engine.errors import TournamentError
from pairings.engine.standings import (
    BracketPlace,
    MatchResult,
    TieBreak,
    bracket_standings,
    pairing_standings,
)
from tests.properties import examples

from .test_single_elimination import beat, favourite, play_out, random_winner, seeds


def table(rows) -> list[tuple]:
    return [(r.place, r.player, r.points, r.buchholz, r.median_buchholz, r.net) for r in rows]


# --- worked examples, computed by hand ---------------------------------------------------------


def test_buchholz_and_median_buchholz_of_a_five_player_swiss_with_byes():
    """R1 A beats B (net 30), C beats D (10), E bye; R2 C beats A (5), E beats B (20), D bye;
    R3 A beats E (40), D beats B (15), C bye.

    Points: A 2, B 0, C 3, D 2, E 2. Opponents' points (a bye counts as 0):
    A: B 0 + C 3 + E 2 = 5, median (without 3 and 0) 2;  B: A 2 + E 2 + D 2 = 6, median 2;
    C: D 2 + A 2 + bye 0 = 4, median 2;  D: C 3 + bye 0 + B 0 = 3, median 0;
    E: bye 0 + B 0 + A 2 = 2, median 0.  Net: A 30 - 5 + 40 = 65, B -65, C 15, D 5, E -20.
    """
    results = [
        MatchResult("A", "B", "A", net=30),
        MatchResult("C", "D", "C", net=10),
        MatchResult("A", "C", "C", net=5),
        MatchResult("E", "B", "E", net=20),
        MatchResult("A", "E", "A", net=40),
        MatchResult("B", "D", "D", net=15),
    ]
    rows = pairing_standings("ABCDE", results, byes=["E", "D", "C"])
    assert table(rows) == [
        (1, "C", 3, 4, 2, 15),
        (2, "A", 2, 5, 2, 65),
        (3, "D", 2, 3, 0, 5),
        (4, "E", 2, 2, 0, -20),
        (5, "B", 0, 6, 2, -65),
    ]
    c = rows[0]
    assert (c.played, c.wins, c.draws, c.losses, c.byes) == (2, 2, 0, 0, 1)


def test_median_buchholz_splits_a_buchholz_tie_and_head_to_head_the_next():
    """X beat P, Q, R; Y beat S, T, U; R beat three fillers; S, T, U beat one filler each.

    X, Y and R have 3 points and Buchholz 3: X from 0 + 0 + 3, Y from 1 + 1 + 1, R from
    3 + 0 + 0 + 0. Median: X 0, Y 1, R 0 (0 + 0 without 3 and one 0). Y is first; X and R are
    equal on net (all 0) and X beat R.
    """
    results = [MatchResult("X", opponent, "X") for opponent in "PQR"]
    results += [MatchResult("Y", opponent, "Y") for opponent in "STU"]
    results += [MatchResult("R", filler, "R") for filler in ("F1", "F2", "F3")]
    results += [MatchResult(player, f"G{n}", player) for n, player in enumerate("STU")]
    players = ["X", "Y", "R", "P", "Q", "S", "T", "U", "F1", "F2", "F3", "G0", "G1", "G2"]
    rows = pairing_standings(players, results)
    top = [(r.place, r.player, r.buchholz, r.median_buchholz, r.head_to_head) for r in rows[:3]]
    assert top == [(1, "Y", 3, 1, None), (2, "X", 3, 0, 1), (3, "R", 3, 0, 0)]


def test_players_equal_on_everything_share_the_place_listed_by_id():
    """A beat B, B beat C, C beat A, each by 10: 1 point, Buchholz 2, median 0 (two opponents),
    net 0 and 1 point head to head each."""
    results = [
        MatchResult("B", "C", "B", net=10),
        MatchResult("C", "A", "C", net=10),
        MatchResult("A", "B", "A", net=10),
    ]
    rows = pairing_standings(["C", "B", "A"], results)
    assert table(rows) == [(1, "A", 1, 2, 0, 0), (1, "B", 1, 2, 0, 0), (1, "C", 1, 2, 0, 0)]
    assert [r.head_to_head for r in rows] == [1, 1, 1]


def test_net_points_come_before_head_to_head_unless_the_club_puts_it_first():
    """A beat B by 5 and lost to C by 1; B beat D by 60. C beat G, D beat E and F, by 1 each.

    Points: C 2, D 2, A 1, B 1, E F G 0. A and B: Buchholz B 1 + C 2 = A 1 + D 2 = 3, median 0
    (two opponents each), net A 5 - 1 = 4, B -5 + 60 = 55: B is ahead although A beat B.
    C and D: Buchholz 1 each, median 0 each, net C 2, D -58. E, F, G: equal on everything.
    """
    results = [
        MatchResult("A", "B", "A", net=5),
        MatchResult("C", "A", "C", net=1),
        MatchResult("B", "D", "B", net=60),
        MatchResult("C", "G", "C", net=1),
        MatchResult("D", "E", "D", net=1),
        MatchResult("D", "F", "D", net=1),
    ]
    rows = pairing_standings("ABCDEFG", results)
    assert [(r.place, r.player, r.net) for r in rows] == [
        (1, "C", 2),
        (2, "D", -58),
        (3, "B", 55),
        (4, "A", 4),
        (5, "E", -1),
        (5, "F", -1),
        (5, "G", -1),
    ]
    assert (rows[2].buchholz, rows[3].buchholz) == (3, 3)
    rows = pairing_standings("ABCDEFG", results, tie_breaks=["head_to_head", "net"])
    assert [(r.place, r.player, r.head_to_head) for r in rows] == [
        (1, "C", 0),
        (2, "D", 0),
        (3, "A", 1),
        (4, "B", 0),
        (5, "E", 0),
        (5, "F", 0),
        (5, "G", 0),
    ]


def test_a_draw_is_half_a_point_and_its_net_is_from_the_first_players_side():
    rows = pairing_standings(["A", "B"], [MatchResult("A", "B", None, net=3)])
    assert [(r.player, r.points, r.draws, r.net) for r in rows] == [
        ("A", 0.5, 1, 3),
        ("B", 0.5, 1, -3),
    ]


def test_a_walkover_is_a_win_and_a_loss_like_any_other():
    rows = pairing_standings(["A", "B"], [MatchResult("A", "B", "B", walkover=True)])
    assert [(r.place, r.player, r.wins, r.losses, r.net) for r in rows] == [
        (1, "B", 1, 0, 0),
        (2, "A", 0, 1, 0),
    ]


def test_without_tie_breaks_equal_match_points_share_a_place():
    results = [MatchResult("A", "B", "A", net=99), MatchResult("C", "D", "C")]
    rows = pairing_standings("ABCD", results, tie_breaks=())
    assert [(r.place, r.player) for r in rows] == [(1, "A"), (1, "C"), (3, "B"), (3, "D")]


def test_ids_of_both_kinds_are_listed_numbers_first():
    rows = pairing_standings(["b", 10, "a", 2], [], tie_breaks=())
    assert [r.player for r in rows] == [2, 10, "a", "b"]


# --- properties ------------------------------------------------------------------------------


@st.composite
def tournaments(draw):
    players = draw(st.lists(st.integers(0, 30), min_size=2, max_size=12, unique=True))
    results = []
    for _ in range(draw(st.integers(0, 30))):
        first, second = draw(st.permutations(players))[:2]
        winner = draw(st.sampled_from([first, second, None]))
        net = draw(st.integers(-50, 200)) if winner is not None else 0
        results.append(MatchResult(first, second, winner, net=net))
    byes = draw(st.lists(st.sampled_from(players), max_size=4))
    return players, results, byes


@settings(max_examples=examples(80), deadline=None)
@given(tournaments(), st.randoms(use_true_random=False))
def test_the_standings_do_not_depend_on_the_order_of_the_input(tournament, rng):
    players, results, byes = tournament
    rows = pairing_standings(players, results, byes=byes)
    for shuffled in (players, results, byes):
        rng.shuffle(shuffled)
    assert pairing_standings(players, results, byes=byes) == rows


@settings(max_examples=examples(80), deadline=None)
@given(tournaments())
def test_a_place_is_one_more_than_the_players_strictly_ahead(tournament):
    players, results, byes = tournament
    rows = pairing_standings(players, results, byes=byes)

    def key(row):
        h2h = row.head_to_head or 0
        return (row.points, row.buchholz, row.median_buchholz, row.net, h2h)

    for row in rows:
        assert row.place == 1 + sum(key(other) > key(row) for other in rows)
        assert row.points == row.wins + row.byes + row.draws / 2
    assert sum(row.net for row in rows) == 0


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (MatchResult("A", "Z", "A"), "Z plays a match but is not entered in the tournament."),
        (MatchResult("A", "A", "A"), "A cannot play against themselves."),
        (MatchResult("A", "B", "C"), "The winner C did not play this match."),
        (MatchResult("A", "B", None, walkover=True), "A walkover needs a winner."),
        (MatchResult("A", "B", "A", net=1.5), "The net points of a match must be a whole number."),
    ],
)
def test_a_result_that_does_not_fit_is_refused(result, message):
    with pytest.raises(TournamentError) as error:
        pairing_standings("ABC", [result])
    assert (error.value.field, error.value.message) == ("results", message)


def test_tie_breaks_must_be_known_and_listed_once():
    with pytest.raises(TournamentError) as error:
        pairing_standings("AB", [], tie_breaks=["buchholz", "sonneborn"])
    assert error.value.message == (
        "sonneborn is not a tie-break; choose among: buchholz, median_buchholz, net, head_to_head."
    )
    with pytest.raises(TournamentError) as error:
        pairing_standings("AB", [], tie_breaks=[TieBreak.NET, "net"])
    assert error.value.message == "The tie-break net is listed twice."


def test_a_bye_for_someone_not_entered_and_a_player_entered_twice_are_refused():
    with pytest.raises(TournamentError) as error:
        pairing_standings("AB", [], byes=["Z"])
    assert (error.value.field, error.value.message) == (
        "byes",
        "Z plays a match but is not entered in the tournament.",
    )
    with pytest.raises(TournamentError) as error:
        pairing_standings("ABA", [])
    assert error.value.message == "A is entered twice."


# --- brackets --------------------------------------------------------------------------------


def places(bracket) -> dict[int, tuple[int | None, int | None]]:
    return {row.player: (row.place, row.last_place) for row in bracket_standings(bracket)}


def test_single_elimination_of_16_places_1_2_3_4_5_8_and_9_16():
    bracket = play_out(single_elimination(seeds(16)), favourite)
    assert places(bracket) == (
        {1: (1, 1), 2: (2, 2), 3: (3, 4), 4: (3, 4)}
        | dict.fromkeys(range(5, 9), (5, 8))
        | dict.fromkeys(range(9, 17), (9, 16))
    )


def test_a_played_third_place_match_splits_3_4():
    bracket = single_elimination(seeds(8), third_place=True)
    for number in (1, 2, 3, 4, 5, 6, 8):  # everything but the third-place match (7)
        bracket = beat(bracket, number, favourite(bracket.match(number)))
    assert places(bracket)[3] == places(bracket)[4] == (3, 4)
    bracket = beat(bracket, 7, 4)
    assert (places(bracket)[3], places(bracket)[4]) == ((4, 4), (3, 3))


def test_twelve_players_share_9_12_after_the_first_round():
    bracket = play_out(single_elimination(seeds(12)), favourite)
    assert {player for player, place in places(bracket).items() if place == (9, 12)} == {
        9,
        10,
        11,
        12,
    }


def test_double_elimination_of_16_places_1_2_3_4_5_6_7_8_9_12_13_16():
    bracket = play_out(double_elimination(seeds(16)), favourite)
    assert places(bracket) == (
        {1: (1, 1), 2: (2, 2), 3: (3, 3), 4: (4, 4), 5: (5, 6), 6: (5, 6), 7: (7, 8), 8: (7, 8)}
        | dict.fromkeys(range(9, 13), (9, 12))
        | dict.fromkeys(range(13, 17), (13, 16))
    )


def test_players_still_in_have_no_place_and_come_first():
    bracket = beat(single_elimination(seeds(4)), 1, 1)
    assert bracket_standings(bracket) == (
        BracketPlace(1, 1, None, None),
        BracketPlace(2, 2, None, None),
        BracketPlace(3, 3, None, None),
        BracketPlace(4, 4, 3, 4),
    )
    assert bracket_standings(bracket)[-1].shared


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(2, 64), st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_a_finished_bracket_places_everyone_and_a_place_once_given_never_changes(
    count, double, option, rng
):
    if double:
        bracket = double_elimination(seeds(count), reset=option)
    else:
        bracket = single_elimination(seeds(count), third_place=option)
    pick = random_winner(rng)
    halfway = None
    while bracket.ready:
        if halfway is None and len(bracket.results) >= count // 2:
            halfway = places(bracket)
        bracket = beat(bracket, bracket.ready[0].number, pick(bracket.ready[0]))
    final = places(bracket)
    groups: dict[tuple[int, int], int] = {}
    for place in final.values():
        assert place[0] is not None
        groups[place] = groups.get(place, 0) + 1
    assert sorted(groups)[0] == (1, 1)
    for (first, last), size in groups.items():
        assert size == last - first + 1
    assert sum(groups.values()) == count
    for player, place in (halfway or {}).items():
        if place[0] is not None and place != (3, 4):
            assert final[player] == place


def test_random_brackets_finish_with_a_champion_in_first_place():
    rng = random.Random(5)
    for count in (2, 3, 7, 33):
        bracket = play_out(double_elimination(seeds(count)), random_winner(rng))
        assert bracket_standings(bracket)[0] == BracketPlace(
            bracket.champion, bracket.champion, 1, 1
        )
