"""Single elimination (eliminazione diretta): seeding, byes, the third-place match, results,
walkovers and corrections; properties over every field from 2 to 64 players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.brackets import (
    Bracket,
    MatchStatus,
    Result,
    Section,
    Slot,
    SlotKind,
    apply_result,
    bracket_size,
    losses,
    seeding_order,
    single_elimination,
)
from pairings.engine.errors import TournamentError
from tests.properties import examples

PROPERTY = settings(max_examples=examples(60), deadline=None)
sizes = st.integers(min_value=2, max_value=64)


# --- helpers shared with the double elimination and standings tests ---------------------------


def seeds(count: int) -> list[int]:
    """Players named by their seed, so a player id is its seed."""
    return list(range(1, count + 1))


def beat(bracket: Bracket, number: int, winner: int, *, walkover: bool = False) -> Bracket:
    """Enter match `number` as won by `winner`."""
    match = bracket.match(number)
    loser = match.players[1] if match.players[0] == winner else match.players[0]
    return apply_result(bracket, Result(number, winner, loser, walkover=walkover))


def play_out(bracket: Bracket, pick) -> Bracket:
    """Play every ready match, first ready first, `pick(match)` naming the winner, to the end."""
    while bracket.ready:
        match = bracket.ready[0]
        bracket = beat(bracket, match.number, pick(match))
    return bracket


def random_winner(rng: random.Random):
    return lambda match: rng.choice(match.players)


def favourite(match) -> int:
    return min(match.players)


def first_round_seeds(bracket: Bracket) -> set[int]:
    return {
        slot.ref
        for match in bracket.matches
        if match.section is Section.WINNERS and match.round == 1
        for slot in match.slots
    }


# --- seeding ---------------------------------------------------------------------------------


def test_sixteen_seeds_are_drawn_1v16_8v9_5v12_4v13_and_so_on():
    bracket = single_elimination(seeds(16))
    first_round = [m.players for m in bracket.matches if m.round == 1]
    assert first_round == [
        (1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15),
    ]  # fmt: skip


def test_the_seeding_order_of_eight_puts_seed_2_at_the_bottom():
    assert seeding_order(8) == (1, 8, 5, 4, 3, 6, 7, 2)
    assert seeding_order(2) == (1, 2)


@pytest.mark.parametrize(("players", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (9, 16), (64, 64)])
def test_the_chart_is_drawn_for_the_next_power_of_two(players, size):
    assert bracket_size(players) == size
    assert single_elimination(seeds(players)).size == size


def test_five_players_give_byes_to_seeds_1_2_3_and_one_first_round_match():
    bracket = single_elimination(seeds(5))
    assert bracket.byes == (1, 2, 3)
    assert [(m.number, m.round, m.players, m.status) for m in bracket.matches] == [
        (1, 1, (4, 5), MatchStatus.READY),
        (2, 2, (1, None), MatchStatus.WAITING),
        (3, 2, (3, 2), MatchStatus.READY),
        (4, 3, (None, None), MatchStatus.WAITING),
    ]
    assert bracket.match(2).slots == (Slot(SlotKind.SEED, 1), Slot(SlotKind.WINNER, 1))
    assert bracket.match(4).slots == (Slot(SlotKind.WINNER, 2), Slot(SlotKind.WINNER, 3))


def test_two_players_play_one_match_the_final():
    bracket = single_elimination(["Anna", "Bruno"])
    assert len(bracket.matches) == 1
    bracket = beat(bracket, 1, "Bruno")
    assert bracket.champion == "Bruno"
    assert bracket.finished


@PROPERTY
@given(sizes, st.booleans())
def test_byes_are_next_power_of_two_minus_n_all_to_the_top_seeds(count, third_place):
    bracket = single_elimination(seeds(count), third_place=third_place)
    size = bracket_size(count)
    in_first_round = first_round_seeds(bracket)
    with_bye = set(seeds(count)) - in_first_round
    assert with_bye == set(range(1, size - count + 1))
    assert bracket.byes == tuple(range(1, size - count + 1))
    # A first-round match is a real match between two players: none is against a bye.
    assert len(in_first_round) == 2 * (count - size // 2)


@PROPERTY
@given(sizes, st.booleans())
def test_every_match_exists_from_the_start_and_refers_only_to_earlier_matches(count, third_place):
    bracket = single_elimination(seeds(count), third_place=third_place)
    assert [m.number for m in bracket.matches] == list(range(1, len(bracket.matches) + 1))
    third = 1 if third_place and count >= 4 else 0
    assert len(bracket.matches) == count - 1 + third
    for match in bracket.matches:
        for slot in match.slots:
            if slot.kind is SlotKind.SEED:
                assert 1 <= slot.ref <= count
            else:
                assert 1 <= slot.ref < match.number


@PROPERTY
@given(sizes, st.booleans(), st.randoms(use_true_random=False))
def test_seeds_1_and_2_can_meet_only_in_the_final_or_for_third_place(count, third_place, rng):
    bracket = play_out(
        single_elimination(seeds(count), third_place=third_place), random_winner(rng)
    )
    final_round = max(m.round for m in bracket.matches if m.section is Section.WINNERS)
    for match in bracket.matches:
        if set(match.players) == {1, 2}:
            assert (match.section, match.round) in {
                (Section.WINNERS, final_round),
                (Section.THIRD_PLACE, 1),
            }


@PROPERTY
@given(sizes)
def test_when_favourites_win_each_round_pairs_s_with_its_complement(count):
    """1 v 4 and 2 v 3 in the semi-finals, 1 v 8, 4 v 5, 3 v 6, 2 v 7 in the quarter-finals."""
    bracket = play_out(single_elimination(seeds(count)), favourite)
    size = bracket_size(count)
    for match in bracket.matches:
        alive = size >> (match.round - 1)
        assert sum(match.players) == alive + 1
    if count >= 4:
        semis = [set(m.players) for m in bracket.matches if size >> (m.round - 1) == 4]
        assert semis == [{1, 4}, {3, 2}]
    assert bracket.champion == 1


@PROPERTY
@given(sizes, st.booleans(), st.randoms(use_true_random=False))
def test_a_bracket_played_to_the_end_has_one_champion_and_one_loss_per_other_player(
    count, third_place, rng
):
    bracket = play_out(
        single_elimination(seeds(count), third_place=third_place), random_winner(rng)
    )
    assert bracket.finished
    assert bracket.champion is not None
    lost = losses(bracket)
    assert lost.pop(bracket.champion) == 0
    third = next((m for m in bracket.matches if m.section is Section.THIRD_PLACE), None)
    for player, count_lost in lost.items():
        assert count_lost == (2 if third and player == third.loser else 1)


# --- third place -----------------------------------------------------------------------------


def test_the_third_place_match_sets_the_semi_final_losers_against_each_other():
    bracket = single_elimination(seeds(4), third_place=True)
    third = bracket.match(3)
    assert third.section is Section.THIRD_PLACE
    assert third.slots == (Slot(SlotKind.LOSER, 1), Slot(SlotKind.LOSER, 2))
    assert bracket.match(4).section is Section.WINNERS  # the final comes after it
    bracket = beat(beat(bracket, 1, 4), 2, 2)
    assert bracket.match(3).players == (1, 3)
    bracket = beat(bracket, 4, 2)
    assert bracket.champion == 2
    assert not bracket.finished  # the third-place match is still to be played
    assert beat(bracket, 3, 3).finished


def test_with_three_players_there_is_no_third_place_match():
    bracket = single_elimination(seeds(3), third_place=True)
    assert [m.section for m in bracket.matches] == [Section.WINNERS, Section.WINNERS]
    assert bracket.third_place


# --- results, walkovers, corrections -----------------------------------------------------------


def test_a_walkover_moves_the_winner_on_like_a_win():
    bracket = beat(single_elimination(seeds(4)), 1, 4, walkover=True)
    assert bracket.match(1).result == Result(1, 4, 1, walkover=True)
    assert bracket.match(3).players == (4, None)


def test_correcting_a_result_moves_the_right_player_on_and_sets_aside_stale_results():
    bracket = single_elimination(seeds(8))
    for number in (1, 2, 3, 4):
        bracket = beat(bracket, number, min(bracket.match(number).players))
    bracket = beat(bracket, 5, 1)  # 1 beats 4
    bracket = beat(bracket, 6, 2)  # 3 v 2 -> 2
    assert bracket.match(7).players == (1, 2)
    fixed = apply_result(bracket, Result(1, 8, 1))  # the director: 8 had won match 1
    assert fixed.match(5).players == (8, 4)
    assert fixed.match(5).status is MatchStatus.READY
    assert fixed.discarded == (Result(5, 1, 4),)
    assert fixed.match(6).result == Result(6, 2, 3)  # untouched by the correction
    assert fixed.match(7).players == (None, 2)


def test_a_result_kept_after_a_correction_needs_the_same_two_players():
    """Match 5 was 1 v 4; after the correction it is 8 v 4: "4 beat 1" says nothing of 8 v 4."""
    bracket = single_elimination(seeds(8))
    for number in (1, 2):
        bracket = beat(bracket, number, min(bracket.match(number).players))
    bracket = beat(bracket, 5, 4)
    fixed = apply_result(bracket, Result(1, 8, 1))
    assert fixed.match(5).result is None
    assert fixed.discarded == (Result(5, 4, 1),)


def test_the_bracket_is_a_function_of_the_draw_and_the_results_in_any_order():
    rng = random.Random(3)
    played = play_out(single_elimination(seeds(13), third_place=True), random_winner(rng))
    shuffled = list(played.results)
    rng.shuffle(shuffled)
    again = single_elimination(seeds(13), third_place=True, results=shuffled)
    assert again == played


def test_the_last_result_given_for_a_match_is_the_one_that_counts():
    first, corrected = Result(1, 1, 4), Result(1, 4, 1)
    bracket = single_elimination(seeds(4), results=[first, corrected])
    assert bracket.match(1).result == corrected
    assert bracket.results == (corrected,)


def test_a_bracket_without_a_result_reopens_the_match_and_what_depended_on_it():
    # a result cleared (a fix withdrawn) is a bracket built again from the results left
    bracket = play_out(single_elimination(seeds(4)), favourite)
    left = [result for result in bracket.results if result.match != 1]
    cleared = single_elimination(seeds(4), results=left)
    assert cleared.match(1).status is MatchStatus.READY
    assert cleared.match(3).players == (None, 2)
    assert cleared.discarded == (bracket.match(3).result,)
    assert cleared.champion is None
    again = [result for result in cleared.results if result.match != 1]
    assert single_elimination(seeds(4), results=again).matches == cleared.matches


# --- refusals --------------------------------------------------------------------------------


def refusal(call) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call()
    return caught.value


def test_fewer_than_two_players_are_refused():
    error = refusal(lambda: single_elimination(["Anna"]))
    assert (error.field, error.message) == (
        "players",
        "At least 2 players are needed (entered: 1).",
    )


def test_a_player_entered_twice_and_a_bad_id_are_refused():
    assert refusal(lambda: single_elimination(["Anna", "Anna"])).message == "Anna is entered twice."
    error = refusal(lambda: single_elimination(["Anna", 2.5]))
    assert error.message == "2.5 is not a player id: use a name or a whole number."


def test_a_result_for_a_match_not_ready_is_refused():
    bracket = single_elimination(seeds(4))
    error = refusal(lambda: apply_result(bracket, Result(3, 1, 2)))
    assert (error.field, error.message) == (
        "match",
        "Match 3 cannot be played yet: its players are not known.",
    )


def test_a_result_naming_someone_else_is_refused():
    bracket = single_elimination(seeds(4))
    error = refusal(lambda: apply_result(bracket, Result(1, 1, 3)))
    assert (error.field, error.message) == ("loser", "3 does not play in match 1.")


def test_a_result_with_the_same_winner_and_loser_or_an_unknown_match_is_refused():
    bracket = single_elimination(seeds(4))
    error = refusal(lambda: apply_result(bracket, Result(1, 1, 1)))
    assert error.message == "In match 1 the winner and the loser are both 1."
    error = refusal(lambda: apply_result(bracket, Result(9, 1, 4)))
    assert (error.field, error.message) == ("match", "There is no match 9 in this bracket.")
    error = refusal(lambda: single_elimination(seeds(4), results=[Result(0, 1, 4)]))
    assert error.message == "There is no match 0 in this bracket."
