"""Scala 40 replay (RULES.md sections 0, 1, 4 and the worked examples S1-S5)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine import (
    EndedBy,
    EngineError,
    GinHand,
    Hand,
    LedgerEntry,
    LedgerKind,
    Reentry,
    Status,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)

ABCD = ("A", "B", "C", "D")


def play(events, *, players=ABCD, preset="scala40", first_dealer=None, **overrides):
    return replay(rules_for(preset, overrides), players, events, first_dealer=first_dealer)


def refusal(events, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        play(events, **kwargs)
    return info.value


def statuses(state) -> dict[str, str]:
    return {player.name: str(player.status) for player in state.players}


def places(state) -> dict[str, int | None]:
    return {player.name: player.place for player in state.players}


# -- worked examples ---------------------------------------------------------------------------


def test_s1_closer_scores_zero_and_each_opponent_pays_their_points():
    state = play([Hand("C", {"B": 18, "D": 36})], players=("B", "C", "D"))
    assert state.totals == {"B": 18, "C": 0, "D": 36}


def test_s1_points_add_to_running_totals():
    events = [Hand("C", {"B": 20, "D": 30}), Hand("C", {"B": 18, "D": 36})]
    state = play(events, players=("B", "C", "D"))
    assert state.totals == {"B": 38, "C": 0, "D": 66}
    assert [dict(s.totals) for s in state.history] == [
        {"B": 20, "C": 0, "D": 30},
        {"B": 38, "C": 0, "D": 66},
    ]


def test_s2_reaching_101_eliminates_with_the_default_rule():
    state = play([Hand("A", {"B": 101, "C": 100, "D": 0})])
    assert statuses(state) == {"A": "in_play", "B": "out", "C": "in_play", "D": "in_play"}
    assert state.history[0].eliminated == ("B",)


def test_s2_only_passing_101_eliminates_with_the_greater_than_rule():
    state = play([Hand("A", {"B": 101, "C": 102, "D": 0})], elimination_rule=">")
    assert statuses(state) == {"A": "in_play", "B": "in_play", "C": "out", "D": "in_play"}


def test_s3_closing_in_hand_doubles_points_and_the_not_opened_flat_penalty_to_200():
    hand = Hand("C", {"B": 17}, in_hand=True, not_opened=frozenset({"D"}))
    state = play([hand], players=("B", "C", "D"), preset="scala40-club")
    assert state.totals == {"B": 34, "C": 0, "D": 200}
    assert dict(state.history[0].charges) == {"B": 34, "C": 0, "D": 200}


def test_s4_bonus_mode_takes_the_bonus_off_the_closer_and_opponents_pay_normally():
    events = [
        Hand("B", {"C": 30, "D": 10}),
        Hand("C", {"B": 17, "D": 40}, in_hand=True, not_opened=frozenset({"D"})),
    ]
    state = play(events, players=("B", "C", "D"), in_hand_scoring="bonus")
    assert state.totals == {"B": 17, "C": 5, "D": 50}
    assert dict(state.history[1].charges) == {"B": 17, "C": -25, "D": 40}


def s5_events():
    return [Hand("D", {"A": 17, "B": 30, "C": 75}), Hand("A", {"B": 0, "C": 0, "D": 108})]


def test_s5_eliminated_player_re_enters_at_the_highest_total_in_play():
    state = play([*s5_events(), Reentry("D")], reentry_allowed=True)
    assert state.totals == {"A": 17, "B": 30, "C": 75, "D": 75}
    assert state.player("D").status == Status.IN_PLAY
    assert state.player("D").reentries == 1
    assert state.history[2].charges["D"] == 75 - 108


def test_s5_re_entry_extra_points_go_on_top_of_the_highest_total():
    state = play([*s5_events(), Reentry("D")], reentry_allowed=True, reentry_extra_points=1)
    assert state.player("D").total == 76


def test_s5_two_players_left_and_one_busts_the_other_wins_without_re_entry():
    state = play([Hand("A", {"B": 101})], players=("A", "B"), preset="scala40-club")
    assert state.finished
    assert state.winner == "A"
    assert state.ended_by == EndedBy.LAST_IN_PLAY
    assert statuses(state) == {"A": "winner", "B": "out"}
    error = refusal(
        [Hand("A", {"B": 101}), Reentry("B")], players=("A", "B"), preset="scala40-club"
    )
    assert (error.event, error.field, error.message) == (1, None, "The match is over.")


# -- scoring options ---------------------------------------------------------------------------


def test_closing_in_hand_doubles_every_opponents_points():
    state = play([Hand("A", {"B": 10, "C": 0, "D": 45}, in_hand=True)])
    assert state.totals == {"A": 0, "B": 20, "C": 0, "D": 90}


def test_closing_in_hand_changes_nothing_when_in_hand_scoring_is_none():
    state = play([Hand("A", {"B": 10, "C": 0, "D": 45}, in_hand=True)], in_hand_scoring="none")
    assert state.totals == {"A": 0, "B": 10, "C": 0, "D": 45}


def test_bonus_mode_lets_a_total_go_below_zero_by_default():
    state = play([Hand("A", {"B": 1, "C": 2, "D": 3}, in_hand=True)], in_hand_scoring="bonus")
    assert state.player("A").total == -25


def test_bonus_mode_floors_the_closer_at_zero_when_negative_totals_are_off():
    events = [
        Hand("B", {"A": 10, "C": 0, "D": 0}),
        Hand("A", {"B": 1, "C": 2, "D": 3}, in_hand=True),
    ]
    state = play(events, in_hand_scoring="bonus", in_hand_bonus=25, allow_negative=False)
    assert state.player("A").total == 0
    # The charge is what the total really moved, so totals stay the sum of the charges.
    assert state.history[1].charges["A"] == -10


def test_in_hand_bonus_value_comes_from_the_rules():
    state = play(
        [Hand("A", {"B": 1, "C": 2, "D": 3}, in_hand=True)],
        in_hand_scoring="bonus",
        in_hand_bonus=40,
    )
    assert state.player("A").total == -40


def test_not_opened_penalty_replaces_the_points_when_set():
    hand = Hand("A", {"B": 5, "C": 7, "D": 3}, not_opened=frozenset({"D"}))
    state = play([hand], not_opened_penalty=100)
    assert state.totals == {"A": 0, "B": 5, "C": 7, "D": 100}


def test_not_opened_player_may_have_no_points_when_the_penalty_is_set():
    hand = Hand("A", {"B": 5, "C": 7}, not_opened=frozenset({"D"}))
    assert play([hand], not_opened_penalty=60).player("D").total == 60


def test_not_opened_player_pays_their_points_when_no_penalty_is_set():
    hand = Hand("A", {"B": 5, "C": 7, "D": 33}, not_opened=frozenset({"D"}))
    assert play([hand]).player("D").total == 33


def test_not_opened_player_needs_points_when_no_penalty_is_set():
    error = refusal([Hand("A", {"B": 5, "C": 7}, not_opened=frozenset({"D"}))])
    assert (error.event, error.field, error.message) == (
        0,
        "points",
        "The points of D are missing.",
    )


def test_elimination_threshold_comes_from_the_rules():
    state = play([Hand("A", {"B": 150, "C": 151, "D": 0})], elimination_at=151)
    assert statuses(state)["B"] == "in_play"
    assert statuses(state)["C"] == "out"


def test_two_hundred_points_are_accepted():
    assert play([Hand("A", {"B": 200, "C": 0, "D": 0})]).player("B").total == 200


def test_hand_points_are_not_capped_after_doubling():
    state = play([Hand("A", {"B": 200, "C": 0, "D": 0}, in_hand=True)], elimination_at=501)
    assert state.player("B").total == 400


# -- dealer ------------------------------------------------------------------------------------


def test_first_dealer_defaults_to_the_first_seat_and_the_deal_passes_in_seat_order():
    events = [Hand("A", {"B": 1, "C": 1, "D": 1})] * 5
    state = play(events)
    assert [s.dealer for s in state.history] == ["B", "C", "D", "A", "B"]
    assert state.dealer == "B"


def test_deal_starts_at_the_chosen_first_dealer():
    state = play([], first_dealer="C")
    assert state.dealer == "C"
    state = play([Hand("A", {"B": 1, "C": 1, "D": 1})], first_dealer="C")
    assert state.dealer == "D"


def test_deal_skips_players_who_busted():
    events = [
        Hand("A", {"B": 0, "C": 101, "D": 0}),  # dealt by B; C busts, so D deals next
        Hand("A", {"B": 0, "D": 0}),
        Hand("A", {"B": 0, "D": 0}),
        Hand("A", {"B": 0, "D": 0}),
    ]
    state = play(events, first_dealer="B")
    assert [s.dealer for s in state.history] == ["D", "A", "B", "D"]


def test_deal_skips_a_player_who_withdrew():
    state = play([Hand("C", {"A": 1, "B": 1, "D": 1}), Withdraw("B")])
    assert [s.dealer for s in state.history] == ["B", "C"]


def test_deal_passes_on_when_the_first_dealer_withdraws_before_the_first_hand():
    state = play([Withdraw("A")])
    assert state.dealer == "B"


def test_a_player_who_re_enters_deals_in_turn_again():
    state = play([Hand("C", {"A": 0, "B": 101, "D": 0}), Reentry("B")], preset="scala40-club")
    assert [s.dealer for s in state.history] == ["C", "B"]


def test_nobody_deals_once_the_match_is_over():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 0}), TimeCall()])
    assert state.history[-1].dealer is None
    assert state.dealer is None


# -- re-entry ----------------------------------------------------------------------------------


def test_a_busted_player_is_eliminated_until_the_next_hand_then_out():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("A", {"B": 0, "C": 0})]
    state = play(events, preset="scala40-club")
    assert state.history[0].statuses["D"] == Status.ELIMINATED
    assert state.history[1].statuses["D"] == Status.OUT


def test_a_busted_player_is_out_at_once_when_re_entry_is_off():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 101})])
    assert state.history[0].statuses["D"] == Status.OUT


def test_players_busted_in_one_hand_re_enter_in_any_order_at_the_same_total():
    events = [Hand("A", {"B": 40, "C": 120, "D": 101})]
    for order in (["C", "D"], ["D", "C"]):
        state = play(
            [*events, *(Reentry(name) for name in order)],
            preset="scala40-club",
            reentry_extra_points=5,
        )
        # The re-entry total comes from the players the hand left in play: B's 40, plus 5.
        assert state.totals == {"A": 0, "B": 40, "C": 45, "D": 45}


def test_re_entry_pays_the_fee_into_the_pot():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Reentry("D")]
    state = play(events, preset="scala40-club", stake="5.00", reentry_fee="2.50")
    assert state.pot.entries == (
        LedgerEntry(LedgerKind.STAKE, "A", Decimal("5.00"), None),
        LedgerEntry(LedgerKind.STAKE, "B", Decimal("5.00"), None),
        LedgerEntry(LedgerKind.STAKE, "C", Decimal("5.00"), None),
        LedgerEntry(LedgerKind.STAKE, "D", Decimal("5.00"), None),
        LedgerEntry(LedgerKind.REENTRY_FEE, "D", Decimal("2.50"), 1),
    )
    assert state.pot.total == Decimal("22.50")


def test_pot_is_empty_without_stake_or_fee():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 101}), Reentry("D")], preset="scala40-club")
    assert state.pot.entries == ()
    assert state.pot.total == Decimal("0.00")


def test_a_player_who_used_every_re_entry_is_out_at_once_when_busting_again():
    events = [
        Hand("A", {"B": 10, "C": 0, "D": 101}),
        Reentry("D"),
        Hand("A", {"B": 0, "C": 0, "D": 95}),
    ]
    state = play(events, preset="scala40-club")
    assert state.player("D").total == 105
    assert state.history[2].statuses["D"] == Status.OUT


def test_reentry_max_allows_more_than_one_re_entry():
    events = [
        Hand("A", {"B": 10, "C": 0, "D": 101}),
        Reentry("D"),
        Hand("A", {"B": 0, "C": 0, "D": 95}),
        Reentry("D"),
    ]
    state = play(events, preset="scala40-club", reentry_max=2)
    assert state.player("D").total == 10
    assert state.player("D").reentries == 2


def test_re_entry_is_refused_when_re_entry_is_off():
    error = refusal([Hand("A", {"B": 0, "C": 0, "D": 101}), Reentry("D")])
    assert (error.event, error.field) == (1, "player")
    assert error.message == "Re-entry is not allowed in this match."


def test_re_entry_is_refused_once_the_player_used_reentry_max():
    events = [
        Hand("A", {"B": 10, "C": 0, "D": 101}),
        Reentry("D"),
        Hand("A", {"B": 0, "C": 0, "D": 95}),
        Reentry("D"),
    ]
    error = refusal(events, preset="scala40-club")
    assert (error.event, error.field) == (3, "player")
    assert error.message == "D cannot re-enter again: the limit is 1 per player."


def test_re_entry_is_refused_when_too_few_players_are_left_in_play():
    events = [Hand("A", {"B": 0, "C": 101, "D": 101}), Reentry("C")]
    error = refusal(events, preset="scala40-club", reentry_min_in_play=3)
    assert (error.event, error.field) == (1, "player")
    assert error.message == "Re-entry needs at least 3 players still in play; 2 are."


def test_re_entry_is_refused_for_a_player_in_play():
    error = refusal([Hand("A", {"B": 0, "C": 0, "D": 101}), Reentry("C")], preset="scala40-club")
    assert (error.event, error.field) == (1, "player")
    assert error.message == "C is in play and cannot re-enter."


def test_re_entry_is_refused_for_a_player_who_withdrew():
    error = refusal([Withdraw("B"), Reentry("B")], preset="scala40-club")
    assert (error.event, error.field) == (1, "player")
    assert error.message == "B has withdrawn: there is no re-entry after a withdrawal."


def test_re_entry_is_refused_after_the_next_hand():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("A", {"B": 0, "C": 0}), Reentry("D")]
    error = refusal(events, preset="scala40-club")
    assert (error.event, error.field) == (2, "player")
    assert error.message == "D can re-enter only right after the hand of the bust."


def test_re_entry_is_refused_after_another_player_withdraws():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Withdraw("B"), Reentry("D")]
    error = refusal(events, preset="scala40-club")
    assert error.message == "D can re-enter only right after the hand of the bust."


def test_re_entry_is_refused_when_the_re_entry_total_would_already_be_out():
    events = [Hand("A", {"B": 100, "C": 0, "D": 101}), Reentry("D")]
    error = refusal(events, preset="scala40-club", reentry_extra_points=1)
    assert (error.event, error.field) == (1, "player")
    assert error.message == (
        "D cannot re-enter: the re-entry total 101 already reaches the elimination threshold."
    )


def test_re_entry_is_refused_for_a_player_who_declined():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Withdraw("D"), Reentry("D")]
    error = refusal(events, preset="scala40-club")
    assert (error.event, error.field, error.message) == (
        2,
        "player",
        "D has already declined to re-enter.",
    )


def test_re_entry_of_someone_else_is_refused_as_not_a_player():
    error = refusal([Reentry("Zoe")], preset="scala40-club")
    assert (error.event, error.field, error.message) == (
        0,
        "player",
        "Zoe is not a player of this match.",
    )


def test_declining_keeps_the_window_open_for_others_busted_in_the_same_hand():
    events = [Hand("A", {"B": 0, "C": 101, "D": 101}), Withdraw("C"), Reentry("D")]
    state = play(events, preset="scala40-club")
    assert statuses(state) == {"A": "in_play", "B": "in_play", "C": "out", "D": "in_play"}
    assert state.history[1].eliminated == ()


# -- re-entry with reentry_min_in_play 1 -------------------------------------------------------

ONE_LEFT = {"players": ("A", "B"), "preset": "scala40-club", "reentry_min_in_play": 1}


def test_with_min_in_play_1_the_match_waits_while_the_busted_player_may_re_enter():
    state = play([Hand("A", {"B": 101})], **ONE_LEFT)
    assert not state.finished
    assert state.winner is None
    assert statuses(state) == {"A": "in_play", "B": "eliminated"}


def test_with_min_in_play_1_the_last_two_play_on_after_a_re_entry():
    state = play([Hand("A", {"B": 101}), Reentry("B"), Hand("B", {"A": 30})], **ONE_LEFT)
    assert not state.finished
    assert state.totals == {"A": 30, "B": 0}


def test_with_min_in_play_1_the_match_ends_when_the_busted_player_declines():
    state = play([Hand("A", {"B": 101}), Withdraw("B")], **ONE_LEFT)
    assert state.finished
    assert (state.winner, state.ended_by) == ("A", EndedBy.LAST_IN_PLAY)
    assert places(state) == {"A": 1, "B": 2}


def test_with_min_in_play_1_a_hand_waits_for_the_busted_players_choice():
    error = refusal([Hand("A", {"B": 101}), Hand("A", {})], **ONE_LEFT)
    assert (error.event, error.field) == (1, "type")
    assert error.message == (
        "Only A is still in play: record first the re-entry or the withdrawal of B."
    )


def test_with_min_in_play_1_the_last_player_in_play_cannot_withdraw():
    error = refusal([Hand("A", {"B": 101}), Withdraw("A")], **ONE_LEFT)
    assert (error.event, error.field, error.message) == (
        1,
        "player",
        "A is the only player still in play and cannot withdraw.",
    )


def test_with_min_in_play_1_a_time_call_puts_the_busted_player_out():
    state = play([Hand("A", {"B": 101}), TimeCall()], **ONE_LEFT)
    assert (state.winner, state.ended_by) == ("A", EndedBy.TIME)
    assert statuses(state) == {"A": "winner", "B": "out"}


# -- withdrawals and time call -----------------------------------------------------------------


def test_withdraw_puts_the_player_out_for_good_at_their_total():
    state = play([Hand("A", {"B": 20, "C": 0, "D": 0}), Withdraw("B"), Hand("C", {"A": 5, "D": 5})])
    assert state.player("B").status == Status.WITHDRAWN
    assert state.player("B").total == 20
    assert state.history[1].eliminated == ("B",)


def test_withdraw_leaving_one_player_in_play_ends_the_match():
    state = play([Withdraw("B")], players=("A", "B"))
    assert (state.finished, state.winner, state.ended_by) == (True, "A", EndedBy.LAST_IN_PLAY)
    assert places(state) == {"A": 1, "B": 2}


def test_withdraw_of_a_player_not_in_play_is_refused():
    error = refusal([Hand("A", {"B": 0, "C": 0, "D": 101}), Withdraw("D")])
    assert (error.event, error.field, error.message) == (1, "player", "D is no longer in play.")


def test_withdraw_of_an_unknown_player_is_refused():
    error = refusal([Withdraw("Zoe")])
    assert (error.event, error.field, error.message) == (
        0,
        "player",
        "Zoe is not a player of this match.",
    )


def test_time_call_ends_the_match_and_the_lowest_total_in_play_wins():
    events = [Hand("A", {"B": 10, "C": 20, "D": 101}), Hand("B", {"A": 30, "C": 0}), TimeCall()]
    state = play(events)
    assert state.totals == {"A": 30, "B": 10, "C": 20, "D": 101}
    assert (state.finished, state.winner, state.ended_by) == (True, "B", EndedBy.TIME)
    assert statuses(state) == {"A": "in_play", "B": "winner", "C": "in_play", "D": "out"}
    assert places(state) == {"A": 3, "B": 1, "C": 2, "D": 4}


def test_time_call_with_a_tie_for_the_lowest_total_has_no_winner_and_a_shared_first_place():
    state = play([Hand("A", {"B": 10, "C": 10, "D": 0}), TimeCall()])
    assert state.finished
    assert state.ended_by == EndedBy.TIME
    assert state.winner is None
    assert places(state) == {"A": 1, "B": 3, "C": 3, "D": 1}
    assert statuses(state) == {"A": "in_play", "B": "in_play", "C": "in_play", "D": "in_play"}


def test_time_call_puts_players_waiting_to_re_enter_out():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 101}), TimeCall()], preset="scala40-club")
    assert state.player("D").status == Status.OUT
    assert state.player("D").place == 4


# -- ranking -----------------------------------------------------------------------------------


def test_ranking_puts_the_winner_first_then_who_went_out_later():
    events = [
        Hand("A", {"B": 0, "C": 0, "D": 101}),
        Hand("A", {"B": 0, "C": 110}),
        Hand("A", {"B": 120}),
    ]
    state = play(events)
    assert places(state) == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert [p.name for p in state.ranking] == ["A", "B", "C", "D"]


def test_ranking_puts_the_lower_total_first_among_players_out_in_the_same_hand():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("A", {"B": 130, "C": 101})])
    assert places(state) == {"A": 1, "B": 3, "C": 2, "D": 4}


def test_ranking_shares_a_place_for_equal_totals_out_in_the_same_hand():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("A", {"B": 105, "C": 105})])
    assert places(state) == {"A": 1, "B": 2, "C": 2, "D": 4}


def test_ranking_places_a_withdrawn_player_by_when_they_left():
    events = [
        Withdraw("D"),
        Hand("A", {"B": 0, "C": 150}),
        Hand("A", {"B": 110}),
    ]
    state = play(events)
    assert places(state) == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert statuses(state)["D"] == "withdrawn"


def test_no_places_until_the_match_has_ended():
    state = play([Hand("A", {"B": 0, "C": 0, "D": 0})])
    assert set(places(state).values()) == {None}
    assert state.ranking == []


# -- history -----------------------------------------------------------------------------------


def test_history_has_one_snapshot_per_event_with_the_changes_it_made():
    events = [*s5_events(), Reentry("D"), Withdraw("B"), TimeCall()]
    state = play(events, preset="scala40-club")
    assert [s.event for s in state.history] == [0, 1, 2, 3, 4]
    assert [dict(s.charges) for s in state.history] == [
        {"A": 17, "B": 30, "C": 75, "D": 0},
        {"A": 0, "B": 0, "C": 0, "D": 108},
        {"A": 0, "B": 0, "C": 0, "D": -33},
        {"A": 0, "B": 0, "C": 0, "D": 0},
        {"A": 0, "B": 0, "C": 0, "D": 0},
    ]
    assert [s.eliminated for s in state.history] == [(), ("D",), (), ("B",), ()]
    for name, total in state.totals.items():
        assert sum(s.charges[name] for s in state.history) == total


def test_replay_answer_has_the_document_shape():
    data = play([Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("A", {"B": 5, "C": 0})]).to_dict()
    assert data["game"] == "scala40"
    assert data["players"][3] == {
        "name": "D",
        "total": 101,
        "status": "out",
        "reentries": 0,
        "place": None,
    }
    assert data["history"][0]["statuses"]["D"] == "out"


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "field", "message"),
    [
        (Hand("Zoe", {"B": 1, "C": 1, "D": 1}), "closer", "Zoe is not a player of this match."),
        (Hand("A", {"B": 1, "C": 1}), "points", "The points of D are missing."),
        (
            Hand("A", {"A": 0, "B": 1, "C": 1, "D": 1}),
            "points",
            "A closed the hand and scores 0: leave their points empty.",
        ),
        (
            Hand("A", {"B": 1, "C": 1, "D": 1, "Zoe": 1}),
            "points",
            "Zoe is not a player of this match.",
        ),
        (Hand("A", {"B": -1, "C": 1, "D": 1}), "points", "The points of B cannot be negative."),
        (
            Hand("A", {"B": 1.5, "C": 1, "D": 1}),
            "points",
            "The points of B must be a whole number.",
        ),
        (
            Hand("A", {"B": "7", "C": 1, "D": 1}),
            "points",
            "The points of B must be a whole number.",
        ),
        (
            Hand("A", {"B": True, "C": 1, "D": 1}),
            "points",
            "The points of B must be a whole number.",
        ),
        (
            Hand("A", {"B": 201, "C": 1, "D": 1}),
            "points",
            "The points of B cannot be more than 200.",
        ),
        (
            Hand("A", {"B": 1, "C": 1, "D": 1}, closing="colore"),
            "closing",
            "A Scala 40 hand closes normally: colore is not a Scala 40 closing.",
        ),
        (
            Hand("A", {"B": 1, "C": 1, "D": 1}, in_hand=1),
            "in_hand",
            "Closing in hand must be true or false.",
        ),
        (
            Hand("A", {"B": 1, "C": 1, "D": 1}, not_opened=frozenset({"Zoe"})),
            "not_opened",
            "Zoe is not a player of this match.",
        ),
        (
            Hand("A", {"B": 1, "C": 1, "D": 1}, not_opened=frozenset({"A"})),
            "not_opened",
            "A closed the hand: whoever closes cannot be marked as not opened.",
        ),
    ],
)
def test_a_wrong_hand_is_refused_naming_the_event_and_field(hand, field, message):
    error = refusal([Hand("B", {"A": 0, "C": 0, "D": 0}), hand])
    assert (error.event, error.field, error.message) == (1, field, message)


def test_a_misspelt_name_is_reported_rather_than_the_missing_player():
    error = refusal([Hand("A", {"B": 1, "C": 1, "Dr": 1})])
    assert (error.event, error.field, error.message) == (
        0,
        "points",
        "Dr is not a player of this match.",
    )


def test_empty_points_of_a_not_opened_player_are_refused_even_with_a_flat_penalty():
    error = refusal(
        [Hand("A", {"B": 1, "C": 1, "D": None}, not_opened=frozenset({"D"}))],
        not_opened_penalty=100,
    )
    assert (error.event, error.field, error.message) == (
        0,
        "points",
        "The points of D must be a whole number.",
    )


def test_a_hand_naming_a_player_out_of_play_is_refused():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101})]
    for hand, field in [
        (Hand("D", {"A": 1, "B": 1, "C": 1}), "closer"),
        (Hand("A", {"B": 1, "C": 1, "D": 1}), "points"),
        (Hand("A", {"B": 1, "C": 1}, not_opened=frozenset({"D"})), "not_opened"),
    ]:
        error = refusal([*events, hand])
        assert (error.event, error.field, error.message) == (1, field, "D is no longer in play.")


def test_a_busted_player_waiting_to_re_enter_cannot_close():
    events = [Hand("A", {"B": 0, "C": 0, "D": 101}), Hand("D", {"A": 1, "B": 1, "C": 1})]
    error = refusal(events, preset="scala40-club")
    assert (error.event, error.field, error.message) == (1, "closer", "D is no longer in play.")


def test_a_gin_hand_is_refused_in_scala40():
    error = refusal([GinHand("knock", "A", {"A": 3, "B": 9})])
    assert (error.event, error.field) == (0, "type")
    assert error.message == "This kind of event cannot be recorded in a Scala 40 match."


@pytest.mark.parametrize(
    "event",
    [Hand("A", {"B": 0}), Reentry("B"), Withdraw("A"), TimeCall()],
    ids=["hand", "reentry", "withdraw", "time_call"],
)
def test_any_event_after_the_end_is_refused(event):
    error = refusal([Hand("A", {"B": 101}), event], players=("A", "B"), preset="scala40-club")
    assert (error.event, error.field, error.message) == (1, None, "The match is over.")


def test_an_event_after_a_time_call_is_refused():
    error = refusal([TimeCall(), TimeCall()])
    assert (error.event, error.message) == (1, "The match is over.")


def test_replay_is_deterministic():
    events = [*s5_events(), Reentry("D"), Hand("B", {"A": 50, "C": 20, "D": 40}), TimeCall()]
    assert play(events, preset="scala40-club") == play(events, preset="scala40-club")
