"""Double elimination (doppia eliminazione): the losers' bracket and its drop-down order, the
grand final and its reset; properties over every field from 2 to 64 players."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.engine.brackets import (
    MatchStatus,
    Result,
    Section,
    Slot,
    SlotKind,
    apply_result,
    bracket_size,
    double_elimination,
    losses,
)
from pairings.engine.errors import TournamentError
from tests.properties import examples

from .test_single_elimination import beat, favourite, play_out, random_winner, seeds

PROPERTY = settings(max_examples=examples(40), deadline=None)
sizes = st.integers(min_value=2, max_value=64)


def sections(bracket) -> list[tuple[int, Section, int]]:
    return [(m.number, m.section, m.round) for m in bracket.matches]


def first_losers_matches(bracket) -> dict[object, tuple[object, int]]:
    """For each player who played in the losers' bracket: (their first losers' match, the winners'
    round they dropped from)."""
    dropped = {m.loser: m.round for m in bracket.matches if m.section is Section.WINNERS}
    first = {}
    for match in bracket.matches:
        if match.section is Section.LOSERS and match.status is MatchStatus.PLAYED:
            for player in match.players:
                first.setdefault(player, (match, dropped[player]))
    return first


def rematches(bracket) -> list[tuple[object, object]]:
    """(match, earlier match between the same two players) for every played repeat pairing."""
    met = {}
    found = []
    for match in bracket.matches:
        if match.status is not MatchStatus.PLAYED:
            continue
        pair = frozenset(match.players)
        if pair in met:
            found.append((match, met[pair]))
        met[pair] = match
    return found


# --- structure -------------------------------------------------------------------------------


def test_eight_players_drop_winners_round_2_losers_into_the_other_half():
    bracket = double_elimination(seeds(8))
    assert [(m.number, m.section, m.round, m.slots) for m in bracket.matches[6:13]] == [
        (7, Section.LOSERS, 1, (Slot(SlotKind.LOSER, 1), Slot(SlotKind.LOSER, 2))),
        (8, Section.LOSERS, 1, (Slot(SlotKind.LOSER, 3), Slot(SlotKind.LOSER, 4))),
        (9, Section.WINNERS, 3, (Slot(SlotKind.WINNER, 5), Slot(SlotKind.WINNER, 6))),
        (10, Section.LOSERS, 2, (Slot(SlotKind.WINNER, 7), Slot(SlotKind.LOSER, 6))),
        (11, Section.LOSERS, 2, (Slot(SlotKind.WINNER, 8), Slot(SlotKind.LOSER, 5))),
        (12, Section.LOSERS, 3, (Slot(SlotKind.WINNER, 10), Slot(SlotKind.WINNER, 11))),
        (13, Section.LOSERS, 4, (Slot(SlotKind.WINNER, 12), Slot(SlotKind.LOSER, 9))),
    ]
    assert bracket.match(14).slots == (Slot(SlotKind.WINNER, 9), Slot(SlotKind.WINNER, 13))
    assert bracket.match(15).section is Section.RESET
    assert bracket.match(15).slots == (Slot(SlotKind.WINNER, 14), Slot(SlotKind.LOSER, 14))


def test_two_players_play_the_grand_final_as_a_second_chance_for_the_loser():
    bracket = double_elimination(["Anna", "Bruno"], reset=False)
    assert [m.section for m in bracket.matches] == [Section.WINNERS, Section.GRAND_FINAL]
    bracket = beat(bracket, 1, "Anna")
    assert bracket.match(2).players == ("Anna", "Bruno")
    assert beat(bracket, 2, "Bruno").champion == "Bruno"


def test_three_players_seed_1_waits_in_round_2_and_the_lone_round_1_loser_meets_the_wb_loser():
    bracket = double_elimination(seeds(3), reset=False)
    assert sections(bracket) == [
        (1, Section.WINNERS, 1),
        (2, Section.WINNERS, 2),
        (3, Section.LOSERS, 2),
        (4, Section.GRAND_FINAL, 1),
    ]
    assert bracket.match(3).slots == (Slot(SlotKind.LOSER, 1), Slot(SlotKind.LOSER, 2))


@PROPERTY
@given(sizes, st.booleans())
def test_matches_are_n_minus_1_winners_n_minus_2_losers_and_the_finals(count, reset):
    bracket = double_elimination(seeds(count), reset=reset)
    by_section = {section: 0 for section in Section}
    for match in bracket.matches:
        by_section[match.section] += 1
        for slot in match.slots:
            assert slot.kind is SlotKind.SEED or slot.ref < match.number
    assert by_section[Section.WINNERS] == count - 1
    assert by_section[Section.LOSERS] == count - 2
    assert by_section[Section.GRAND_FINAL] == 1
    assert by_section[Section.RESET] == (1 if reset else 0)
    assert bracket.byes == tuple(range(1, bracket_size(count) - count + 1))


# --- properties of a bracket played to the end -------------------------------------------------


@PROPERTY
@given(sizes, st.booleans(), st.randoms(use_true_random=False))
def test_every_player_but_the_champion_loses_twice_or_once_in_the_grand_final(count, reset, rng):
    bracket = play_out(double_elimination(seeds(count), reset=reset), random_winner(rng))
    assert bracket.finished
    assert bracket.champion is not None
    lost = losses(bracket)
    assert lost.pop(bracket.champion) <= 1
    grand_final = next(m for m in bracket.matches if m.section is Section.GRAND_FINAL)
    for player, times in lost.items():
        # Without a reset, the winners' bracket winner is out after losing the grand final once.
        once = not reset and player == grand_final.loser == grand_final.players[0]
        assert times == (1 if once else 2), (player, times)


@PROPERTY
@given(sizes, st.booleans(), st.randoms(use_true_random=False))
def test_a_player_plays_in_the_losers_bracket_only_after_losing_once(count, reset, rng):
    bracket = play_out(double_elimination(seeds(count), reset=reset), random_winner(rng))
    lost_before: dict[int, int] = dict.fromkeys(seeds(count), 0)
    for match in bracket.matches:
        if match.status is not MatchStatus.PLAYED:
            continue
        for player in match.players:
            if match.section is Section.WINNERS:
                assert lost_before[player] == 0
            elif match.section is Section.LOSERS:
                assert lost_before[player] == 1
        lost_before[match.loser] += 1


@PROPERTY
@given(sizes, st.randoms(use_true_random=False))
def test_only_semi_final_and_final_losers_can_meet_someone_again_in_their_first_losers_match(
    count, rng
):
    """From 6 players up; losers' round 1 is never a rematch at any size."""
    bracket = play_out(double_elimination(seeds(count)), random_winner(rng))
    repeated = {match.number for match, _earlier in rematches(bracket)}
    losers_round_1 = [
        m.number for m in bracket.matches if m.section is Section.LOSERS and m.round == 1
    ]
    assert not repeated & set(losers_round_1)
    if count >= 6:
        final_round = bracket_size(count).bit_length() - 1
        for player, (match, dropped_from) in first_losers_matches(bracket).items():
            if dropped_from < final_round - 1:
                assert match.number not in repeated, (player, match)


@pytest.mark.parametrize(("count", "clean_rounds"), [(8, 2), (16, 3), (32, 4), (64, 6)])
@settings(max_examples=examples(15), deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_a_full_field_has_no_rematch_in_the_first_losers_rounds(count, clean_rounds, rng):
    bracket = play_out(double_elimination(seeds(count)), random_winner(rng))
    early = [
        m for m, _ in rematches(bracket) if m.section is Section.LOSERS and m.round <= clean_rounds
    ]
    assert early == []


def test_with_five_players_a_first_losers_match_can_repeat_a_winners_match():
    """3 to 5 players leave no room: here the winners' round 2 loser 4 meets 5 again."""
    bracket = double_elimination(seeds(5))
    for number, winner in ((1, 4), (2, 1), (3, 2), (5, 5)):
        bracket = beat(bracket, number, winner)
    assert bracket.match(6).players == (5, 4)


# --- grand final and reset ---------------------------------------------------------------------


def reach_grand_final(count: int, *, reset: bool):
    bracket = double_elimination(seeds(count), reset=reset)
    while True:
        ready = [m for m in bracket.ready if m.section is not Section.GRAND_FINAL]
        if not ready:
            return bracket
        bracket = beat(bracket, ready[0].number, favourite(ready[0]))


def test_the_reset_is_not_needed_when_the_winners_bracket_winner_wins_the_grand_final():
    bracket = reach_grand_final(4, reset=True)
    final = next(m for m in bracket.matches if m.section is Section.GRAND_FINAL)
    assert final.players == (1, 2)
    bracket = beat(bracket, final.number, 1)
    assert bracket.champion == 1
    assert bracket.finished
    assert bracket.match(final.number + 1).status is MatchStatus.NOT_NEEDED
    with pytest.raises(TournamentError) as error:
        apply_result(bracket, Result(final.number + 1, 1, 2))
    assert error.value.message == (
        "Match 7 is not needed: the winner of the winners' bracket won the grand final."
    )


def test_the_reset_decides_when_the_losers_bracket_winner_wins_the_grand_final():
    bracket = reach_grand_final(4, reset=True)
    bracket = beat(bracket, 6, 2)
    assert bracket.champion is None
    assert bracket.match(7).status is MatchStatus.READY
    assert bracket.match(7).players == (2, 1)
    assert beat(bracket, 7, 1).champion == 1
    assert beat(bracket, 7, 2).champion == 2


def test_without_reset_the_grand_final_decides_alone():
    bracket = beat(reach_grand_final(4, reset=False), 6, 2)
    assert bracket.champion == 2
    assert bracket.finished


def test_correcting_the_grand_final_discards_the_reset():
    bracket = beat(beat(reach_grand_final(4, reset=True), 6, 2), 7, 2)
    fixed = apply_result(bracket, Result(6, 1, 2))
    assert fixed.champion == 1
    assert fixed.match(7).status is MatchStatus.NOT_NEEDED
    assert fixed.discarded == (Result(7, 2, 1),)


def test_correcting_a_winners_match_sends_the_other_player_down():
    bracket = double_elimination(seeds(4))
    bracket = beat(beat(bracket, 1, 1), 2, 2)
    bracket = beat(bracket, 4, 4)  # losers' round 1: 4 beats 3
    fixed = apply_result(bracket, Result(1, 4, 1))
    assert fixed.match(4).players == (1, 3)
    assert fixed.discarded == (Result(4, 4, 3),)
