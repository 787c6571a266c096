"""Gin Rummy, one game (RULES.md sections 0, 3, 4, 6): hand scores, settlement, dealer, a mano,
withdrawals, time calls, and every refusal."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine import (
    EndedBy,
    EngineError,
    GinHand,
    Hand,
    InternalError,
    LedgerKind,
    Reentry,
    Status,
    TimeCall,
    Withdraw,
    replay,
)
from scoring.engine import gin as gin_engine

from .gin_strategies import (
    ANNA,
    BRUNO,
    PLAYERS,
    big_gin,
    dead,
    gin,
    knock,
    play,
    refused,
    rules,
    worth,
)


def game_scores(state):
    return dict(state.games[0].scores)


# --- RULES.md section 6: G1 to G4 -------------------------------------------------------------


def test_g1_knock_7_against_4_is_an_undercut_worth_28_in_gin_standard():
    state = play("gin-standard", [knock(ANNA, 7, 4)])
    assert game_scores(state) == {ANNA: 0, BRUNO: 28}
    assert state.player(BRUNO).hands_won == 1


def test_g1_the_same_undercut_is_worth_13_in_gin_classic():
    state = play("gin-classic", [knock(ANNA, 7, 4)])
    assert game_scores(state) == {ANNA: 0, BRUNO: 13}


def test_g1_in_seed_001_the_defender_scores_3_and_the_knocker_gets_the_box_at_once():
    state = play("gin", [knock(ANNA, 7, 4)])
    assert game_scores(state) == {ANNA: 10, BRUNO: 3}
    assert state.totals == {ANNA: 10, BRUNO: 3}
    assert dict(state.games[0].boxes) == {ANNA: 1, BRUNO: 0}
    assert state.player(BRUNO).hands_won == 1
    assert state.player(ANNA).hands_won == 0


def test_g2_gin_against_51_scores_76_in_gin_standard():
    state = play("gin-standard", [gin(ANNA, 51)])
    assert game_scores(state) == {ANNA: 76, BRUNO: 0}


def test_g2_big_gin_against_20_scores_51_in_gin_standard():
    state = play("gin-standard", [big_gin(ANNA, 20)])
    assert game_scores(state) == {ANNA: 51, BRUNO: 0}


def test_g2_big_gin_against_20_scores_50_in_seed_001_plus_the_knockers_box():
    state = play("gin", [big_gin(ANNA, 20)])
    assert state.history[0].charges == {ANNA: 60, BRUNO: 0}
    assert game_scores(state) == {ANNA: 60, BRUNO: 0}


def test_g3_undercut_on_equal_deadwood_pays_the_defender_the_bonus():
    state = play("gin-standard", [knock(ANNA, 6, 6)])
    assert game_scores(state) == {ANNA: 0, BRUNO: 25}
    assert state.dealer == BRUNO


def test_g4_a_shutout_in_gin_standard_doubles_the_winners_final_total_to_500():
    state = play("gin-standard", [worth(ANNA, 50), worth(ANNA, 50)])
    game = state.games[0]
    assert game.finished
    assert dict(game.scores) == {ANNA: 100, BRUNO: 0}
    assert dict(game.final_scores) == {ANNA: 500, BRUNO: 0}
    assert game.winner == ANNA
    assert game.net == 500
    assert state.totals == {ANNA: 500, BRUNO: 0}
    assert state.net_total == 500


def test_g4_a_shutout_in_gin_classic_pays_the_200_shutout_game_bonus_for_340():
    state = play("gin-classic", [worth(ANNA, 50), worth(ANNA, 50)])
    assert dict(state.games[0].final_scores) == {ANNA: 340, BRUNO: 0}
    assert state.net_total == 340


# --- hand scores -----------------------------------------------------------------------------


def test_a_knock_below_the_defenders_deadwood_scores_the_difference_for_the_knocker():
    state = play("gin-standard", [knock(ANNA, 3, 20)])
    assert game_scores(state) == {ANNA: 17, BRUNO: 0}
    assert state.player(ANNA).hands_won == 1


def test_equal_deadwood_without_undercut_on_tie_is_won_by_the_knocker_with_0():
    state = play("gin-standard", [knock(ANNA, 6, 6)], undercut_on_tie=False)
    assert game_scores(state) == {ANNA: 0, BRUNO: 0}
    assert state.player(ANNA).hands_won == 1
    assert state.dealer == ANNA
    assert dict(state.games[0].boxes) == {ANNA: 1, BRUNO: 0}


def test_a_knock_above_the_defenders_deadwood_is_an_undercut_with_the_bonus():
    state = play("gin-standard", [knock(ANNA, 9, 2)])
    assert game_scores(state) == {ANNA: 0, BRUNO: 7 + 25}


def test_a_gin_may_leave_out_the_knockers_deadwood():
    state = play("gin-standard", [GinHand("gin", ANNA, {BRUNO: 10})])
    assert game_scores(state) == {ANNA: 35, BRUNO: 0}


def test_deadwood_of_100_is_accepted():
    state = play("gin-standard", [gin(ANNA, 100)])
    assert game_scores(state)[ANNA] == 125


def test_a_knock_at_the_knock_limit_is_accepted():
    state = play("gin-standard", [knock(ANNA, 10, 30)])
    assert game_scores(state) == {ANNA: 20, BRUNO: 0}


def test_the_knock_limit_option_lowers_the_limit():
    state = play("gin-standard", [knock(ANNA, 5, 30)], knock_limit=5)
    assert game_scores(state)[ANNA] == 25
    error = refused("gin-standard", [knock(ANNA, 6, 30)], knock_limit=5)
    assert error.message == "Anna cannot knock with 6 deadwood: the knock limit is 5."


# --- boxes -----------------------------------------------------------------------------------


def test_boxes_go_to_the_winner_and_are_paid_at_the_end_in_gin_standard():
    state = play("gin-standard", [knock(ANNA, 7, 4), worth(ANNA, 30)])
    assert dict(state.games[0].boxes) == {ANNA: 1, BRUNO: 1}
    assert game_scores(state) == {ANNA: 30, BRUNO: 28}


def test_an_immediate_box_to_the_winner_is_added_to_the_score_at_once():
    state = play("gin-standard", [knock(ANNA, 7, 4)], box_timing="immediate")
    assert game_scores(state) == {ANNA: 0, BRUNO: 28 + 25}


def test_knocker_boxes_paid_at_the_end_count_for_the_knocker_even_when_undercut():
    events = [knock(ANNA, 7, 4), worth(BRUNO, 97)]
    state = play("gin-standard", events, box_recipient="knocker")
    game = state.games[0]
    assert dict(game.boxes) == {ANNA: 1, BRUNO: 1}
    # Bruno 28 + 97 = 125, game bonus 100, one box 25; Anna only her box: no shutout doubling,
    # since a box is not a hand won.
    assert dict(game.final_scores) == {ANNA: 25, BRUNO: 250 * 2}


# --- settlement ------------------------------------------------------------------------------


def test_gin_standard_settles_without_shutout_with_game_bonus_and_boxes():
    state = play("gin-standard", [worth(ANNA, 60), worth(BRUNO, 30), worth(ANNA, 50)])
    game = state.games[0]
    assert dict(game.scores) == {ANNA: 110, BRUNO: 30}
    assert dict(game.final_scores) == {ANNA: 110 + 100 + 2 * 25, BRUNO: 30 + 25}
    assert game.net == 260 - 55
    assert state.winner == ANNA
    assert state.ended_by == EndedBy.TARGET
    assert state.net_total == 205


def test_gin_classic_settles_without_shutout_with_the_plain_game_bonus():
    state = play("gin-classic", [worth(ANNA, 60), worth(BRUNO, 30), worth(ANNA, 50)])
    assert dict(state.games[0].final_scores) == {ANNA: 110 + 100 + 2 * 20, BRUNO: 30 + 20}


def test_seed_001_settles_with_no_game_bonus_and_boxes_already_counted():
    state = play("gin", [worth(ANNA, 60), worth(BRUNO, 30), worth(ANNA, 30)])
    game = state.games[0]
    # Knocker boxes of 10 at once: Anna 60 + 10 + 30 + 10; Bruno 30 + 10.
    assert dict(game.scores) == {ANNA: 110, BRUNO: 40}
    assert dict(game.final_scores) == {ANNA: 110, BRUNO: 40}
    assert state.net_total == 70


def test_seed_001_has_no_shutout_bonus():
    state = play("gin", [worth(ANNA, 50), worth(ANNA, 50)])
    assert dict(state.games[0].final_scores) == {ANNA: 120, BRUNO: 0}


def test_shutout_none_on_gin_standard_pays_only_the_game_bonus_and_boxes():
    state = play("gin-standard", [worth(ANNA, 50), worth(ANNA, 50)], shutout="none")
    assert dict(state.games[0].final_scores) == {ANNA: 250, BRUNO: 0}


def test_a_loser_whose_only_points_are_knocker_boxes_is_still_shut_out():
    # Seed 001 boxes go to the knocker: Bruno knocks and is undercut, so he has a box of 10 but
    # has won no hand.
    events = [knock(BRUNO, 5, 2), worth(ANNA, 97)]
    state = play("gin", events, shutout="double")
    game = state.games[0]
    assert dict(game.scores) == {ANNA: 3 + 97 + 10, BRUNO: 10}
    assert dict(game.final_scores) == {ANNA: 220, BRUNO: 10}


def test_a_loser_who_won_a_hand_worth_0_is_not_shut_out():
    events = [knock(BRUNO, 4, 4), worth(ANNA, 50), worth(ANNA, 50)]
    state = play("gin-standard", events, undercut_on_tie=False)
    assert dict(state.games[0].final_scores) == {ANNA: 100 + 100 + 50, BRUNO: 25}


def test_the_game_ends_when_a_score_reaches_the_target_exactly():
    state = play("gin-standard", [worth(ANNA, 99)], target=99)
    assert state.finished
    assert state.games[0].finished


def test_the_game_goes_on_one_point_below_the_target():
    state = play("gin-standard", [worth(ANNA, 98)], target=99)
    assert not state.finished
    assert state.games[0].final_scores is None
    assert state.games[0].winner is None


def test_when_both_pass_the_target_in_one_hand_the_higher_score_wins_the_game():
    # Seed 001 knocker boxes of 10: both at 95, Anna knocks and is undercut for 8; her box takes
    # her to 105, Bruno to 103.
    events = [worth(ANNA, 85), worth(BRUNO, 85), knock(ANNA, 9, 1)]
    state = play("gin", events)
    assert dict(state.games[0].scores) == {ANNA: 105, BRUNO: 103}
    assert state.winner == ANNA


def test_when_both_reach_the_target_with_equal_scores_the_hands_winner_wins_the_game():
    events = [worth(ANNA, 85), worth(BRUNO, 87), knock(ANNA, 9, 1)]
    state = play("gin", events)
    assert dict(state.games[0].scores) == {ANNA: 105, BRUNO: 105}
    assert state.winner == BRUNO


def test_a_finished_match_has_places_statuses_and_no_dealer():
    state = play("gin-standard", [worth(ANNA, 50), worth(ANNA, 50)])
    assert state.finished
    assert state.dealer is None
    assert state.history[-1].dealer is None
    assert state.player(ANNA).status == Status.WINNER
    assert state.player(BRUNO).status == Status.IN_PLAY
    assert [p.name for p in state.ranking] == [ANNA, BRUNO]
    assert (state.player(ANNA).place, state.player(BRUNO).place) == (1, 2)


def test_a_running_match_has_no_places_winner_or_net_total():
    state = play("gin-standard", [worth(ANNA, 50)])
    assert not state.finished
    assert state.winner is None
    assert state.ended_by is None
    assert state.net_total is None
    assert state.player(ANNA).place is None
    assert state.ranking == []


# --- totals and history ------------------------------------------------------------------------


def test_the_settling_hand_charges_the_points_and_the_end_bonuses():
    state = play("gin-standard", [worth(ANNA, 60), worth(BRUNO, 30), worth(ANNA, 50)])
    assert [dict(s.charges) for s in state.history] == [
        {ANNA: 60, BRUNO: 0},
        {ANNA: 0, BRUNO: 30},
        {ANNA: 200, BRUNO: 25},
    ]
    assert [dict(s.totals) for s in state.history][-1] == {ANNA: 260, BRUNO: 55}


def test_every_event_has_a_snapshot_with_the_game_after_it():
    state = play("gin-standard", [dead(), worth(ANNA, 10), TimeCall()])
    assert [s.event for s in state.history] == [0, 1, 2]
    assert dict(state.history[0].games[0].scores) == {ANNA: 0, BRUNO: 0}
    assert dict(state.history[1].games[0].scores) == {ANNA: 10, BRUNO: 0}
    assert state.history[2].games[0].finished


def test_a_dead_hand_counts_nothing():
    state = play("gin-standard", [dead()])
    assert state.totals == {ANNA: 0, BRUNO: 0}
    assert state.history[0].charges == {ANNA: 0, BRUNO: 0}
    assert dict(state.games[0].boxes) == {ANNA: 0, BRUNO: 0}
    assert state.player(ANNA).hands_won == state.player(BRUNO).hands_won == 0


def test_the_answer_has_the_gin_keys_of_the_match_document():
    data = play("gin-standard", [worth(ANNA, 10)]).to_dict()
    assert data["players"][0]["hands_won"] == 1
    assert data["games"] == [
        {
            "number": 1,
            "scores": {ANNA: 10, BRUNO: 0},
            "boxes": {ANNA: 1, BRUNO: 0},
            "final_scores": None,
            "winner": None,
            "net": None,
            "finished": False,
        }
    ]
    assert data["net_total"] is None
    assert data["history"][0]["games"][0]["scores"] == {ANNA: 10, BRUNO: 0}


def test_replaying_the_same_events_gives_the_same_state():
    events = [knock(ANNA, 7, 4), dead(), gin(BRUNO, 30), Withdraw(ANNA)]
    assert play("gin", events) == play("gin", events)


# --- dealer ----------------------------------------------------------------------------------


def test_the_first_in_seat_order_deals_first_by_default():
    assert play("gin-standard", []).dealer == ANNA


def test_the_chosen_first_dealer_deals_first():
    assert play("gin-standard", [], first_dealer=BRUNO).dealer == BRUNO


def test_the_winner_of_a_hand_deals_the_next():
    state = play("gin-standard", [worth(BRUNO, 5), worth(ANNA, 5), knock(ANNA, 8, 3)])
    assert [s.dealer for s in state.history] == [BRUNO, ANNA, BRUNO]


def test_after_a_dead_hand_the_same_dealer_deals_again():
    state = play("gin-standard", [dead(), worth(BRUNO, 5), dead(), dead()], first_dealer=ANNA)
    assert [s.dealer for s in state.history] == [ANNA, BRUNO, BRUNO, BRUNO]
    assert state.dealer == BRUNO


# --- a mano ----------------------------------------------------------------------------------


def test_a_mano_the_first_to_win_the_hands_to_win_wins_the_match():
    events = [worth(ANNA, 90), worth(BRUNO, 5), worth(BRUNO, 5), worth(ANNA, 90), worth(BRUNO, 5)]
    state = play("gin-standard", events, match_mode="hands", hands_to_win=3)
    assert state.finished
    assert state.ended_by == EndedBy.HANDS
    assert state.winner == BRUNO
    assert state.player(BRUNO).hands_won == 3
    assert state.player(ANNA).hands_won == 2


def test_a_mano_points_are_kept_without_bonuses_and_do_not_decide():
    events = [worth(ANNA, 90), worth(BRUNO, 5), worth(BRUNO, 5)]
    state = play("gin-standard", events, match_mode="hands", hands_to_win=2)
    game = state.games[0]
    assert dict(game.scores) == {ANNA: 90, BRUNO: 10}
    assert dict(game.final_scores) == {ANNA: 90, BRUNO: 10}
    assert game.winner == BRUNO
    assert game.net == -80
    assert state.net_total == -80
    assert state.totals == {ANNA: 90, BRUNO: 10}
    assert state.history[-1].charges == {ANNA: 0, BRUNO: 5}


def test_a_mano_passing_the_target_does_not_end_the_match():
    state = play("gin-standard", [worth(ANNA, 99), gin(ANNA, 80)], match_mode="hands")
    assert not state.finished
    assert state.games[0].scores[ANNA] == 204


def test_a_mano_dead_hands_win_nothing():
    state = play("gin-standard", [dead(), dead()], match_mode="hands", hands_to_win=1)
    assert not state.finished


def test_a_mano_a_time_call_ranks_by_hands_won_then_points():
    events = [worth(ANNA, 90), worth(BRUNO, 5), worth(BRUNO, 5), TimeCall()]
    state = play("gin-standard", events, match_mode="hands")
    assert state.winner == BRUNO
    assert state.ended_by == EndedBy.TIME
    assert state.games[0].winner == BRUNO
    events = [worth(ANNA, 90), worth(BRUNO, 5), TimeCall()]
    state = play("gin-standard", events, match_mode="hands")
    assert state.winner == ANNA


def test_a_mano_a_withdrawal_gives_the_other_the_match_without_bonuses():
    state = play("gin-standard", [worth(ANNA, 40), Withdraw(ANNA)], match_mode="hands")
    assert state.winner == BRUNO
    assert dict(state.games[0].final_scores) == {ANNA: 40, BRUNO: 0}
    assert state.net_total == -40


# --- withdrawal and time call ----------------------------------------------------------------


def test_a_player_who_withdraws_loses_and_the_game_is_settled_for_the_other():
    state = play("gin-standard", [worth(ANNA, 30), worth(BRUNO, 20), Withdraw(ANNA)])
    assert state.finished
    assert state.winner == BRUNO
    assert state.ended_by == EndedBy.LAST_IN_PLAY
    assert state.player(ANNA).status == Status.WITHDRAWN
    assert state.player(BRUNO).status == Status.WINNER
    assert (state.player(BRUNO).place, state.player(ANNA).place) == (1, 2)
    game = state.games[0]
    assert game.winner == BRUNO
    assert dict(game.final_scores) == {ANNA: 30 + 25, BRUNO: 20 + 100 + 25}
    assert state.net_total == 145 - 55
    assert state.history[-1].charges == {ANNA: 25, BRUNO: 125}


def test_withdrawing_before_winning_a_hand_is_a_shutout():
    state = play("gin-standard", [worth(BRUNO, 20), Withdraw(ANNA)])
    assert dict(state.games[0].final_scores) == {ANNA: 0, BRUNO: (20 + 100 + 25) * 2}


def test_a_time_call_ranks_by_score_and_pays_no_bonus():
    state = play("gin-standard", [worth(ANNA, 30), worth(BRUNO, 20), TimeCall()])
    assert state.finished
    assert state.ended_by == EndedBy.TIME
    assert state.winner == ANNA
    game = state.games[0]
    assert game.finished
    assert dict(game.final_scores) == {ANNA: 30, BRUNO: 20}
    assert game.winner == ANNA
    assert game.net == 10
    assert state.net_total == 10
    assert state.history[-1].charges == {ANNA: 0, BRUNO: 0}
    assert state.player(ANNA).status == Status.WINNER
    assert state.dealer is None


def test_a_time_call_with_equal_scores_has_no_winner_and_a_shared_first_place():
    state = play("gin-standard", [worth(ANNA, 20), worth(BRUNO, 20), TimeCall()])
    assert state.finished
    assert state.winner is None
    assert state.games[0].winner is None
    assert state.games[0].net == 0
    assert state.net_total == 0
    assert (state.player(ANNA).place, state.player(BRUNO).place) == (1, 1)
    assert state.player(ANNA).status == state.player(BRUNO).status == Status.IN_PLAY


def test_a_time_call_before_any_hand_is_a_tie():
    state = play("gin-standard", [TimeCall()])
    assert state.finished
    assert state.winner is None


# --- pot -------------------------------------------------------------------------------------


def test_the_stakes_go_to_the_pot_at_the_start():
    state = play("gin-standard", [], stake="5.00")
    assert state.pot.total == Decimal("10.00")
    assert [(e.kind, e.player, e.amount, e.event) for e in state.pot.entries] == [
        (LedgerKind.STAKE, ANNA, Decimal("5.00"), None),
        (LedgerKind.STAKE, BRUNO, Decimal("5.00"), None),
    ]


def test_without_a_stake_the_pot_is_empty():
    state = play("gin-standard", [])
    assert state.pot.total == Decimal("0.00")
    assert state.pot.entries == ()


# --- refusals --------------------------------------------------------------------------------


def assert_refusal(error: EngineError, *, event: int, field: str | None, message: str) -> None:
    assert (error.event, error.field, error.message) == (event, field, message)


@pytest.mark.parametrize(
    "ending", [[worth(ANNA, 50), worth(ANNA, 50)], [Withdraw(BRUNO)], [TimeCall()]]
)
@pytest.mark.parametrize("late", [worth(ANNA, 5), dead(), Withdraw(ANNA), TimeCall()])
def test_any_event_after_the_end_is_refused(ending, late):
    error = refused("gin-standard", [*ending, late])
    assert_refusal(error, event=len(ending), field=None, message="The match is over.")


def test_a_scala40_hand_is_refused_in_gin():
    error = refused("gin-standard", [worth(ANNA, 5), Hand(closer=ANNA, points={BRUNO: 5})])
    assert_refusal(
        error,
        event=1,
        field="type",
        message=(
            "This is a Scala 40 or Ramino hand; a Gin Rummy hand records a result, a knocker "
            "and the deadwood."
        ),
    )


def test_a_reentry_is_refused_in_gin():
    error = refused("gin-standard", [Reentry(ANNA)])
    assert_refusal(error, event=0, field="type", message="There is no re-entry in Gin Rummy.")


def test_something_that_is_not_an_event_is_a_bug():
    with pytest.raises(InternalError):
        play("gin-standard", [{"type": "hand"}])


def test_an_unknown_result_is_refused():
    error = refused("gin-standard", [GinHand("royal", ANNA, {ANNA: 0, BRUNO: 5})])
    assert_refusal(
        error,
        event=0,
        field="result",
        message="royal is not a Gin result: use knock, gin, big_gin or dead.",
    )


def test_big_gin_is_refused_when_it_is_not_played():
    error = refused("gin-classic", [worth(ANNA, 5), big_gin(ANNA, 20)])
    assert_refusal(
        error, event=1, field="result", message="Big gin is not played with these rules."
    )


def test_a_hand_without_a_knocker_is_refused():
    error = refused("gin-standard", [GinHand("knock", None, {ANNA: 3, BRUNO: 5})])
    assert_refusal(
        error,
        event=0,
        field="knocker",
        message="The knocker is missing: name the player who closed the hand.",
    )


def test_a_knocker_who_is_not_a_player_is_refused():
    error = refused("gin-standard", [GinHand("gin", "Zeno", {ANNA: 0, BRUNO: 5})])
    assert_refusal(error, event=0, field="knocker", message="Zeno is not a player of this match.")


def test_deadwood_of_someone_who_is_not_a_player_is_refused():
    error = refused("gin-standard", [GinHand("knock", ANNA, {ANNA: 3, BRUNO: 5, "Zeno": 4})])
    assert_refusal(error, event=0, field="deadwood", message="Zeno is not a player of this match.")


def test_a_missing_defender_deadwood_is_refused():
    error = refused("gin-standard", [GinHand("gin", ANNA, {ANNA: 0})])
    assert_refusal(error, event=0, field="deadwood", message="The deadwood of Bruno is missing.")


def test_a_knock_without_the_knockers_deadwood_is_refused():
    error = refused("gin-standard", [GinHand("knock", ANNA, {BRUNO: 20})])
    assert_refusal(error, event=0, field="deadwood", message="The deadwood of Anna is missing.")


@pytest.mark.parametrize("value", [-1, 2.5, "7", True, None])
def test_deadwood_that_is_not_a_whole_number_of_0_or_more_is_refused(value):
    error = refused("gin-standard", [GinHand("knock", ANNA, {ANNA: 3, BRUNO: value})])
    assert_refusal(
        error,
        event=0,
        field="deadwood",
        message="The deadwood of Bruno must be a whole number of 0 or more.",
    )


def test_deadwood_above_100_is_refused():
    error = refused("gin-standard", [gin(ANNA, 101)])
    assert_refusal(
        error, event=0, field="deadwood", message="The deadwood of Bruno cannot be above 100."
    )


def test_a_knock_with_0_deadwood_is_refused_as_a_gin():
    error = refused("gin-standard", [knock(ANNA, 0, 20)])
    assert_refusal(
        error,
        event=0,
        field="deadwood",
        message="A knock with 0 deadwood is a gin: enter it as a gin.",
    )


def test_a_knock_above_the_knock_limit_is_refused():
    error = refused("gin-standard", [worth(ANNA, 5), knock(BRUNO, 11, 20)])
    assert_refusal(
        error,
        event=1,
        field="deadwood",
        message="Bruno cannot knock with 11 deadwood: the knock limit is 10.",
    )


@pytest.mark.parametrize("result", ["gin", "big_gin"])
def test_a_gin_with_deadwood_left_is_refused(result):
    error = refused("gin-standard", [GinHand(result, ANNA, {ANNA: 3, BRUNO: 20})])
    assert_refusal(
        error,
        event=0,
        field="deadwood",
        message="A gin leaves no deadwood: the deadwood of Anna must be 0.",
    )


def test_a_dead_hand_with_a_knocker_is_refused():
    error = refused("gin-standard", [GinHand("dead", ANNA)])
    assert_refusal(error, event=0, field="knocker", message="A dead hand has no knocker.")


def test_a_dead_hand_with_deadwood_is_refused():
    error = refused("gin-standard", [GinHand("dead", deadwood={ANNA: 3, BRUNO: 4})])
    assert_refusal(error, event=0, field="deadwood", message="A dead hand has no deadwood.")


def test_an_upcard_is_refused_outside_oklahoma():
    error = refused("gin-standard", [knock(ANNA, 3, 20, upcard="7h")])
    assert_refusal(
        error, event=0, field="upcard", message="The upcard is recorded only in Oklahoma."
    )


def test_withdrawing_someone_who_is_not_a_player_is_refused():
    error = refused("gin-standard", [Withdraw("Zeno")])
    assert_refusal(error, event=0, field="player", message="Zeno is not a player of this match.")


def test_a_refusal_names_the_first_refused_event():
    events = [worth(ANNA, 5), dead(), knock(BRUNO, 0, 9), knock(BRUNO, 11, 9)]
    error = refused("gin-standard", events)
    assert error.event == 2
    assert error.as_dict() == {
        "event": 2,
        "field": "deadwood",
        "message": "A knock with 0 deadwood is a gin: enter it as a gin.",
    }


def test_messages_are_templates_with_named_placeholders():
    error = refused("gin-standard", [knock(BRUNO, 11, 20)])
    assert error.message_template == (
        "%(player)s cannot knock with %(deadwood)s deadwood: the knock limit is %(limit)s."
    )
    assert error.params == {"player": BRUNO, "deadwood": 11, "limit": 10}


# --- the engine's public entry point -----------------------------------------------------------


def test_the_public_replay_dispatches_gin_rules_to_the_gin_engine():
    events = [worth(ANNA, 50)]
    expected = gin_engine.replay(rules("gin-standard"), PLAYERS, events, first_dealer=ANNA)
    assert replay(rules("gin-standard"), PLAYERS, events) == expected
    assert expected.game == "gin"


def test_score_hand_scores_one_hand_without_a_match():
    score = gin_engine.score_hand(rules("gin-standard"), PLAYERS, knock(ANNA, 7, 4))
    assert score == gin_engine.HandScore(
        result="knock", knocker=ANNA, winner=BRUNO, points=28, box_to=BRUNO, boxes=1
    )
    assert gin_engine.score_hand(rules("gin-standard"), PLAYERS, dead()) is None


# --- the final score in parts (what a page and a PDF print beside it) ------------------------


def test_g4_gin_standard_shutout_parts_are_100_plus_game_bonus_plus_2_boxes_doubled():
    game = play("gin-standard", [worth(ANNA, 50), worth(ANNA, 50)]).games[0]
    parts = game.parts[ANNA]
    assert parts == gin_engine.GinScoreParts(
        points=100, boxes=2, box_value=25, game_bonus=100, shutout=True, doubled=True
    )
    assert parts.total == 500 == game.final_scores[ANNA]
    assert game.parts[BRUNO] == gin_engine.GinScoreParts(points=0, boxes=0, box_value=25)


def test_g4_gin_classic_shutout_parts_replace_the_game_bonus_by_200():
    game = play("gin-classic", [worth(ANNA, 50), worth(ANNA, 50)]).games[0]
    parts = game.parts[ANNA]
    assert (parts.points, parts.boxes, parts.box_value, parts.game_bonus) == (100, 2, 20, 200)
    assert parts.shutout and not parts.doubled
    assert parts.total == 340 == game.final_scores[ANNA]


def test_parts_of_a_game_won_without_shutout_in_gin_standard():
    # 256 = 106 + game bonus 100 + 2 boxes x 25 for Anna; Bruno 30 + 1 box x 25.
    game = play("gin-standard", [worth(ANNA, 60), worth(BRUNO, 30), worth(ANNA, 46)]).games[0]
    anna, bruno = game.parts[ANNA], game.parts[BRUNO]
    assert (anna.points, anna.game_bonus, anna.boxes, anna.box_value) == (106, 100, 2, 25)
    assert not anna.shutout and not anna.doubled
    assert anna.total == 256 == game.final_scores[ANNA]
    assert (bruno.points, bruno.game_bonus, bruno.boxes) == (30, 0, 1)
    assert bruno.total == 55 == game.final_scores[BRUNO]


def test_parts_separate_the_boxes_paid_at_once_from_the_points_in_seed_001():
    # G1 in seed 001: the knocker's 10-point box is in the running score at once.
    game = play("gin", [knock(ANNA, 7, 4), worth(BRUNO, 97)]).games[0]
    assert dict(game.scores) == {ANNA: 10, BRUNO: 3 + 97 + 10}
    assert game.parts[ANNA] == gin_engine.GinScoreParts(points=0, boxes=1, box_value=10)
    assert game.parts[BRUNO] == gin_engine.GinScoreParts(points=100, boxes=1, box_value=10)
    assert {name: parts.total for name, parts in game.parts.items()} == game.final_scores


def test_a_time_call_closes_the_game_without_bonuses_or_boxes_paid_at_the_end():
    game = play("gin-standard", [worth(ANNA, 60), worth(BRUNO, 30), TimeCall()]).games[0]
    assert game.parts[ANNA] == gin_engine.GinScoreParts(points=60, boxes=0, box_value=25)
    assert game.final_scores == {ANNA: 60, BRUNO: 30}


def test_a_running_game_has_no_parts_yet():
    game = play("gin-standard", [worth(ANNA, 60)]).games[0]
    assert game.parts is None


def test_the_outcome_of_a_hand_names_the_undercut():
    standard = rules("gin-standard")
    assert gin_engine.score_hand(standard, PLAYERS, knock(ANNA, 7, 4)).outcome == "undercut"
    assert gin_engine.score_hand(standard, PLAYERS, knock(ANNA, 6, 6)).outcome == "undercut"
    assert gin_engine.score_hand(standard, PLAYERS, knock(ANNA, 4, 7)).outcome == "knock"
    assert gin_engine.score_hand(standard, PLAYERS, gin(ANNA, 51)).outcome == "gin"
    assert gin_engine.score_hand(standard, PLAYERS, big_gin(ANNA, 20)).outcome == "big_gin"
    no_tie = rules("gin-standard", undercut_on_tie=False)
    assert gin_engine.score_hand(no_tie, PLAYERS, knock(ANNA, 6, 6)).outcome == "knock"
