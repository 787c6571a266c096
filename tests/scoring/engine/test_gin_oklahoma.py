"""Gin Rummy, Oklahoma (RULES.md section 3): the upcard sets the knock limit, spades double."""

from __future__ import annotations

import pytest

from scoring.engine import EngineError, GinHand
from scoring.engine.gin import Upcard, parse_upcard

from .gin_strategies import ANNA, BRUNO, dead, gin, knock, play, refused

BAD_CARD = (
    "%(card)s is not a card: write a rank (A, 2-10, J, Q, K) and a suit (s, h, d, c), such as 7h."
)


def game_scores(state):
    return dict(state.games[0].scores)


# --- RULES.md section 6: O1 ------------------------------------------------------------------


def test_o1_a_knock_worth_18_under_a_spade_upcard_scores_36():
    state = play("gin-oklahoma", [knock(ANNA, 2, 20, upcard="6s")])
    assert game_scores(state) == {ANNA: 36, BRUNO: 0}


def test_o1_a_knock_under_an_ace_upcard_is_refused():
    error = refused("gin-oklahoma", [knock(ANNA, 1, 20, upcard="Ah")])
    assert (error.event, error.field) == (0, "result")
    assert error.message == "With an ace upcard a knock is not allowed: only gin or big gin."


# --- the preset ------------------------------------------------------------------------------


def test_gin_oklahoma_plays_to_150():
    state = play("gin-oklahoma", [gin(ANNA, 100, upcard="7h")])
    assert game_scores(state) == {ANNA: 125, BRUNO: 0}
    assert not state.finished
    state = play("gin-oklahoma", [gin(ANNA, 100, upcard="7h"), gin(ANNA, 0, upcard="7h")])
    assert state.finished


# --- knock limit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("2c", 2), ("7h", 7), ("10d", 10), ("Js", 10), ("qh", 10), ("KC", 10)],
)
def test_the_knock_limit_is_the_upcards_value(upcard, limit):
    state = play("gin-oklahoma", [knock(ANNA, limit, 60, upcard=upcard)])
    assert state.player(ANNA).hands_won == 1
    if limit < 10:
        error = refused("gin-oklahoma", [knock(ANNA, limit + 1, 60, upcard=upcard)])
        assert (error.event, error.field) == (0, "deadwood")
        assert error.message == (
            f"Anna cannot knock with {limit + 1} deadwood: the knock limit is {limit}."
        )


def test_the_knock_limit_option_does_not_apply_in_oklahoma():
    state = play("gin-oklahoma", [knock(ANNA, 9, 60, upcard="9h")], knock_limit=5)
    assert game_scores(state) == {ANNA: 51, BRUNO: 0}


def test_a_gin_under_an_ace_upcard_is_accepted():
    state = play("gin-oklahoma", [gin(ANNA, 20, upcard="Ad")])
    assert game_scores(state) == {ANNA: 45, BRUNO: 0}


def test_with_knock_1_an_ace_upcard_allows_a_knock_with_1():
    state = play("gin-oklahoma", [knock(ANNA, 1, 20, upcard="Ah")], ace_upcard="knock_1")
    assert game_scores(state) == {ANNA: 19, BRUNO: 0}


def test_with_knock_1_an_ace_upcard_refuses_a_knock_with_2():
    error = refused("gin-oklahoma", [knock(ANNA, 2, 20, upcard="Ah")], ace_upcard="knock_1")
    assert (error.event, error.field) == (0, "deadwood")
    assert error.message == "Anna cannot knock with 2 deadwood: the knock limit is 1."


# --- spades ----------------------------------------------------------------------------------


def test_a_spade_upcard_doubles_the_gin_bonus_too():
    state = play("gin-oklahoma", [gin(ANNA, 10, upcard="3s")])
    assert game_scores(state) == {ANNA: (10 + 25) * 2, BRUNO: 0}


def test_a_spade_upcard_doubles_the_undercut_bonus_too():
    state = play("gin-oklahoma", [knock(ANNA, 7, 4, upcard="Ks")])
    assert game_scores(state) == {ANNA: 0, BRUNO: (3 + 25) * 2}


def test_other_suits_do_not_double():
    for suit in "hdc":
        state = play("gin-oklahoma", [knock(ANNA, 2, 20, upcard="6" + suit)])
        assert game_scores(state) == {ANNA: 18, BRUNO: 0}


def test_spade_doubling_can_be_turned_off():
    state = play("gin-oklahoma", [knock(ANNA, 2, 20, upcard="6s")], spade_doubles=False)
    assert game_scores(state) == {ANNA: 18, BRUNO: 0}


def test_a_spade_upcard_does_not_double_the_box():
    state = play("gin-oklahoma", [knock(ANNA, 2, 20, upcard="6s")], box_timing="immediate")
    assert game_scores(state) == {ANNA: 36 + 25, BRUNO: 0}
    assert dict(state.games[0].boxes) == {ANNA: 1, BRUNO: 0}


def test_spade_doubles_boxes_earns_two_boxes_paid_at_once():
    state = play(
        "gin-oklahoma",
        [knock(ANNA, 2, 20, upcard="6s")],
        box_timing="immediate",
        spade_doubles_boxes=True,
    )
    assert game_scores(state) == {ANNA: 36 + 2 * 25, BRUNO: 0}
    assert dict(state.games[0].boxes) == {ANNA: 2, BRUNO: 0}


def test_spade_doubles_boxes_earns_two_boxes_paid_at_the_end():
    events = [
        gin(ANNA, 40, upcard="9s"),
        knock(BRUNO, 1, 11, upcard="2h"),
        gin(ANNA, 0, upcard="2h"),
    ]
    state = play("gin-oklahoma", events, spade_doubles_boxes=True)
    game = state.games[0]
    assert dict(game.boxes) == {ANNA: 3, BRUNO: 1}
    assert dict(game.scores) == {ANNA: 130 + 25, BRUNO: 10}
    assert dict(game.final_scores) == {ANNA: 155 + 100 + 3 * 25, BRUNO: 10 + 25}


def test_spade_doubles_boxes_does_nothing_without_spade_doubles():
    events = [knock(ANNA, 2, 20, upcard="6s")]
    state = play("gin-oklahoma", events, spade_doubles=False, spade_doubles_boxes=True)
    assert dict(state.games[0].boxes) == {ANNA: 1, BRUNO: 0}


def test_an_oklahoma_shutout_doubles_the_final_total():
    events = [gin(ANNA, 40, upcard="9s"), gin(ANNA, 0, upcard="2h")]
    state = play("gin-oklahoma", events)
    assert dict(state.games[0].final_scores) == {ANNA: (155 + 100 + 2 * 25) * 2, BRUNO: 0}


# --- dead hands ------------------------------------------------------------------------------


def test_a_dead_hand_needs_no_upcard():
    state = play("gin-oklahoma", [dead(), dead(upcard="7s")])
    assert state.totals == {ANNA: 0, BRUNO: 0}
    assert state.dealer == ANNA


def test_a_dead_hand_with_a_bad_upcard_is_refused():
    error = refused("gin-oklahoma", [dead(upcard="7x")])
    assert (error.event, error.field) == (0, "upcard")
    assert error.message == BAD_CARD % {"card": "7x"}


# --- upcard refusals -------------------------------------------------------------------------


def test_an_oklahoma_hand_without_an_upcard_is_refused():
    error = refused("gin-oklahoma", [gin(ANNA, 10, upcard="7h"), knock(ANNA, 1, 20)])
    assert (error.event, error.field) == (1, "upcard")
    assert error.message == "Oklahoma needs the upcard of every hand."


@pytest.mark.parametrize(
    "upcard", ["", "7", "h7", "1h", "11s", "7x", "JK", "10", "Th", "A s", "7hh", "0s"]
)
def test_a_bad_upcard_is_refused(upcard):
    error = refused("gin-oklahoma", [knock(ANNA, 1, 20, upcard=upcard)])
    assert (error.event, error.field) == (0, "upcard")
    assert error.message_template == BAD_CARD
    assert error.message == BAD_CARD % {"card": upcard}


def test_an_upcard_that_is_not_text_is_refused():
    error = refused("gin-oklahoma", [GinHand("gin", ANNA, {BRUNO: 3}, upcard=7)])  # type: ignore[arg-type]
    assert (error.event, error.field) == (0, "upcard")
    assert error.message == BAD_CARD % {"card": 7}


# --- parse_upcard ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("7h", Upcard("7", "h", 7)),
        ("10s", Upcard("10", "s", 10)),
        ("As", Upcard("A", "s", 1)),
        ("kd", Upcard("K", "d", 10)),
        ("QC", Upcard("Q", "c", 10)),
        ("jH", Upcard("J", "h", 10)),
        (" 2d ", Upcard("2", "d", 2)),
    ],
)
def test_parse_upcard_reads_rank_and_suit_in_any_case(text, card):
    assert parse_upcard(text) == card


def test_an_upcard_knows_aces_spades_and_its_spelling():
    assert parse_upcard("as").is_ace
    assert parse_upcard("as").is_spade
    assert not parse_upcard("10h").is_ace
    assert not parse_upcard("10h").is_spade
    assert str(parse_upcard("10H")) == "10h"


def test_parse_upcard_refuses_a_joker_without_an_event():
    with pytest.raises(EngineError) as caught:
        parse_upcard("JK")
    assert (caught.value.event, caught.value.field) == (None, "upcard")
