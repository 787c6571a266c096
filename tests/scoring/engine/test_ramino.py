"""Ramino replay (RULES.md sections 0, 2, 4 and the worked examples R1-R2)."""

from __future__ import annotations

import pytest

from scoring.engine import (
    EndedBy,
    EngineError,
    GinHand,
    Hand,
    Reentry,
    Status,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)

PQRS = ("P", "Q", "R", "S")


def play(events, *, players=PQRS, first_dealer=None, **overrides):
    return replay(rules_for("ramino", overrides), players, events, first_dealer=first_dealer)


def refusal(events, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        play(events, **kwargs)
    return info.value


def statuses(state) -> dict[str, str]:
    return {player.name: str(player.status) for player in state.players}


def r1_events():
    # A two-card closing leaves the closer S at 0 and puts Q at 30.
    return [
        Hand("S", {"P": 0, "Q": 30, "R": 0}, closing="two_cards"),
        Hand("Q", {"P": 44, "R": 60, "S": 70}, closing="colore"),
    ]


# -- worked examples ---------------------------------------------------------------------------


def test_r1_colore_takes_25_off_the_closers_total():
    state = play(r1_events())
    assert state.totals == {"P": 44, "Q": 5, "R": 60, "S": 70}
    assert dict(state.history[1].charges) == {"P": 44, "Q": -25, "R": 60, "S": 70}


def test_r1_with_opponents_pay_every_opponent_pays_the_bonus_and_the_closer_stays():
    state = play(r1_events(), bonus_mode="opponents_pay")
    assert state.totals == {"P": 69, "Q": 30, "R": 85, "S": 95}


def test_r2_a_second_bust_after_one_re_entry_is_final():
    events = [
        Hand("P", {"Q": 101, "R": 0}),
        Reentry("Q"),
        Hand("P", {"Q": 101, "R": 5}),
    ]
    state = play(events, players=("P", "Q", "R"))
    assert state.history[0].statuses["Q"] == Status.ELIMINATED
    assert state.history[1].totals["Q"] == 0  # R's 0 is the highest total in play
    assert state.history[2].statuses["Q"] == Status.OUT
    error = refusal([*events, Reentry("Q")], players=("P", "Q", "R"))
    assert (error.event, error.field) == (3, "player")
    assert error.message == "Q cannot re-enter again: the limit is 1 per player."


# -- closings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("closing", "closer_total"),
    [("normal", -10), ("colore", -25), ("figura", -50), ("two_cards", 0)],
)
def test_each_closing_takes_its_bonus_off_the_closers_total(closing, closer_total):
    state = play([Hand("P", {"Q": 3, "R": 4, "S": 5}, closing=closing)])
    assert state.totals == {"P": closer_total, "Q": 3, "R": 4, "S": 5}


@pytest.mark.parametrize(
    ("closing", "extra"),
    [("normal", 10), ("colore", 25), ("figura", 50), ("two_cards", 0)],
)
def test_with_opponents_pay_each_opponent_pays_the_closing_bonus(closing, extra):
    state = play([Hand("P", {"Q": 3, "R": 4, "S": 5}, closing=closing)], bonus_mode="opponents_pay")
    assert state.totals == {"P": 0, "Q": 3 + extra, "R": 4 + extra, "S": 5 + extra}


def test_closing_bonuses_come_from_the_rule_set():
    overrides = {"normal_bonus": 5, "colore_bonus": 20, "figura_bonus": 40}
    events = [
        Hand("P", {"Q": 0, "R": 0, "S": 0}, closing="normal"),
        Hand("P", {"Q": 0, "R": 0, "S": 0}, closing="colore"),
        Hand("P", {"Q": 0, "R": 0, "S": 0}, closing="figura"),
    ]
    state = play(events, **overrides)
    assert [s.charges["P"] for s in state.history] == [-5, -20, -40]


def test_a_normal_closing_is_the_default():
    assert play([Hand("P", {"Q": 1, "R": 1, "S": 1})]).player("P").total == -10


def test_floor_at_zero_keeps_the_closing_bonus_from_making_a_total_negative():
    state = play([Hand("P", {"Q": 1, "R": 1, "S": 1})], allow_negative=False)
    assert state.player("P").total == 0
    assert state.history[0].charges["P"] == 0


@pytest.mark.parametrize(
    ("closing", "ended_by"),
    [("scala_reale", EndedBy.SCALA_REALE), ("pockerissimo", EndedBy.POCKERISSIMO)],
)
def test_a_winning_closing_ends_the_match_at_once_and_charges_the_others_for_the_record(
    closing, ended_by
):
    events = [
        Hand("S", {"P": 20, "Q": 30, "R": 10}),
        Hand("P", {"Q": 80, "R": 15, "S": 40}, closing=closing),
    ]
    state = play(events)
    assert (state.finished, state.winner, state.ended_by) == (True, "P", ended_by)
    assert state.totals == {"P": 20, "Q": 110, "R": 25, "S": 30}
    assert statuses(state) == {"P": "winner", "Q": "out", "R": "in_play", "S": "in_play"}
    assert {p.name: p.place for p in state.players} == {"P": 1, "Q": 4, "R": 2, "S": 3}
    assert state.history[1].eliminated == ("Q",)
    assert state.dealer is None


def test_a_winning_closing_adds_no_bonus_with_opponents_pay():
    state = play(
        [Hand("P", {"Q": 1, "R": 2, "S": 3}, closing="scala_reale")], bonus_mode="opponents_pay"
    )
    assert state.totals == {"P": 0, "Q": 1, "R": 2, "S": 3}


def test_no_re_entry_after_a_winning_closing():
    events = [Hand("P", {"Q": 101, "R": 0, "S": 0}, closing="pockerissimo"), Reentry("Q")]
    error = refusal(events)
    assert (error.event, error.field, error.message) == (1, None, "The match is over.")


def test_an_unknown_closing_is_refused():
    error = refusal([Hand("P", {"Q": 1, "R": 1, "S": 1}, closing="poker")])
    assert (error.event, error.field) == (0, "closing")
    assert error.message == (
        "poker is not a Ramino closing; the closings are: normal, colore, figura, two_cards, "
        "scala_reale, pockerissimo."
    )


# -- closing in hand ---------------------------------------------------------------------------


def test_closing_in_hand_changes_nothing_by_default():
    state = play([Hand("P", {"Q": 7, "R": 8, "S": 9}, in_hand=True)])
    assert state.totals == {"P": -10, "Q": 7, "R": 8, "S": 9}


def test_closing_in_hand_doubles_the_points_but_not_the_bonus_paid_by_opponents():
    state = play(
        [Hand("P", {"Q": 7, "R": 8, "S": 9}, in_hand=True)],
        in_hand_scoring="double",
        bonus_mode="opponents_pay",
    )
    assert state.totals == {"P": 0, "Q": 24, "R": 26, "S": 28}


def test_closing_in_hand_bonus_adds_to_the_closing_bonus():
    state = play(
        [Hand("P", {"Q": 7, "R": 8, "S": 9}, closing="colore", in_hand=True)],
        in_hand_scoring="bonus",
        in_hand_bonus=25,
    )
    assert state.player("P").total == -50


# -- re-entry, withdrawals, time ---------------------------------------------------------------


def test_re_entry_is_on_by_default_at_the_highest_total_in_play():
    events = [Hand("P", {"Q": 40, "R": 104, "S": 60}), Reentry("R")]
    state = play(events)
    assert state.player("R").total == 60
    assert state.player("R").reentries == 1


def test_the_last_player_in_play_wins():
    state = play([Hand("P", {"Q": 101})], players=("P", "Q"))
    assert (state.winner, state.ended_by) == ("P", EndedBy.LAST_IN_PLAY)


def test_withdraw_and_time_call_work_as_in_scala40():
    state = play([Withdraw("S"), Hand("P", {"Q": 5, "R": 6}), TimeCall()])
    assert (state.winner, state.ended_by) == ("P", EndedBy.TIME)
    assert {p.name: p.place for p in state.players} == {"P": 1, "Q": 2, "R": 3, "S": 4}


def test_deal_passes_to_the_next_player_in_play():
    events = [Hand("P", {"Q": 0, "R": 120, "S": 0}), Hand("P", {"Q": 0, "S": 0})]
    state = play(events, first_dealer="Q")
    assert [s.dealer for s in state.history] == ["S", "P"]


def test_a_gin_hand_is_refused_in_ramino():
    error = refusal([GinHand("gin", "P", {"P": 0, "Q": 9})])
    assert (error.event, error.field) == (0, "type")
    assert error.message == "This kind of event cannot be recorded in a Ramino match."


def test_points_above_200_are_refused():
    error = refusal([Hand("P", {"Q": 201, "R": 0, "S": 0})])
    assert (error.event, error.field, error.message) == (
        0,
        "points",
        "The points of Q cannot be more than 200.",
    )
