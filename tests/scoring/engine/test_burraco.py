"""Burraco (BURRACO.md sections 0, 1 and 7): the worked examples B1 (hand by hand), R1, R2 and F1,
a refusal per rule of section 1 (its event, field and message), the pozzetto penalty at every
end, the target and its tie rule, turni, time calls, withdrawals, 1 v 1, the deal, the cards."""

from __future__ import annotations

import pytest

from scoring.engine import (
    EndedBy,
    GinHand,
    Reentry,
    RuleSetError,
    Status,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)
from scoring.engine.burraco import seat_lines
from scoring.engine.cards import RANKS, SUITS, count_points

from .burraco_helpers import (
    ANNA,
    B1_HANDS,
    B1_SCORES,
    BRUNO,
    CARLA,
    DARIO,
    OPENING,
    PLAYERS,
    REFUSALS,
    hand,
    line,
    play,
    refused,
)

# --- B1: one turno of 3 smazzate, hand by hand ---------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3])
def test_b1_hand_by_hand_gives_each_line_its_base_carte_and_total(number):
    state = play(B1_HANDS[:number])
    snapshot = state.history[-1]
    ns_base, ns_carte, ns_total, eo_base, eo_carte, eo_total = B1_SCORES[number - 1]
    ns, eo = snapshot.lines["NS"], snapshot.lines["EO"]
    assert (ns.base, ns.carte, ns.total) == (ns_base, ns_carte, ns_total)
    assert (eo.base, eo.carte, eo.total) == (eo_base, eo_carte, eo_total)
    # every player is charged their line's total
    ns_players, eo_players = (
        dict.fromkeys((ANNA, CARLA), ns_total),
        dict.fromkeys((BRUNO, DARIO), eo_total),
    )
    assert dict(snapshot.charges) == {**ns_players, **eo_players}


def test_b1_the_parts_of_each_base_are_the_bonuses_and_penalties_of_the_example():
    first, second, third = (play(B1_HANDS[: n + 1]).history[-1].lines for n in range(3))
    # hand 1: NS 200 + 100 + 100 = 400; EO 100 - 110 = -10
    assert (first["NS"].burraci, first["NS"].closing, first["NS"].pozzetto_penalty) == (300, 100, 0)
    assert (first["EO"].burraci, first["EO"].pozzetto_unplayed) == (100, 110)
    # hand 2: NS did not take its pozzetto, -100; EO 200 + 150 + 100 = 450
    assert (second["NS"].burraci, second["NS"].pozzetto_penalty) == (0, 100)
    assert (second["EO"].burraci, second["EO"].closing) == (350, 100)
    # hand 3, tallone: no closing bonus; EO 100 - 100 = 0
    assert (third["NS"].burraci, third["NS"].closing) == (300, 0)
    assert (third["EO"].burraci, third["EO"].pozzetto_penalty) == (100, 100)


def test_b1_running_totals_after_each_hand():
    state = play(B1_HANDS)
    running = [dict(snapshot.line_totals) for snapshot in state.history]
    assert running == [{"NS": 770, "EO": 150}, {"NS": 600, "EO": 1000}, {"NS": 1315, "EO": 960}]


def test_b1_turno_totals_bases_and_cartes_and_the_difference():
    state = play(B1_HANDS)
    ns, eo = state.line("NS"), state.line("EO")
    assert (ns.total, ns.base, ns.carte) == (1315, 600, 715)
    assert (eo.total, eo.base, eo.carte) == (960, 440, 520)
    assert ns.total - eo.total == 355  # D: the 14-6 band of the 3-hand table
    assert state.totals == {ANNA: 1315, BRUNO: 960, CARLA: 1315, DARIO: 960}
    assert not state.finished  # free play to 2005 goes on


def test_b1_as_a_turno_of_3_hands_ends_after_its_third_hand_won_by_ns():
    state = play(B1_HANDS, target=None, hands_per_turno=3)
    assert state.finished and state.ended_by == EndedBy.HANDS
    assert state.winning_line == "NS" and state.winner is None  # a pair is no one player
    assert [(line.name, line.place) for line in state.lines] == [("NS", 1), ("EO", 2)]
    assert {p.name: (p.status, p.place) for p in state.players} == {
        ANNA: (Status.WINNER, 1),
        BRUNO: (Status.IN_PLAY, 2),
        CARLA: (Status.WINNER, 1),
        DARIO: (Status.IN_PLAY, 2),
    }
    assert state.dealer is None
    assert refused([*B1_HANDS, OPENING], target=None, hands_per_turno=3).message == (
        "The match is over."
    )


def test_a_hand_stopped_by_the_time_call_is_the_turnos_last():
    """BURRACO.md section 2: at the time call the hand in progress is entered as `time_out` and
    later hands are not played; in free play a stopped hand does not end the match (control)."""
    stopped = hand("time_out", line(300, 20, sporchi=1), line(100, 40))
    state = play([B1_HANDS[0], stopped], target=None, hands_per_turno=3)
    assert state.finished and state.ended_by == EndedBy.TIME
    assert state.winning_line == "NS"
    assert refused([B1_HANDS[0], stopped, OPENING], target=None, hands_per_turno=3).message == (
        "The match is over."
    )
    assert not play([B1_HANDS[0], stopped]).finished


def test_a_turno_with_equal_totals_is_shared():
    equal = hand("tallone", line(100, 0, sporchi=1), line(100, 0, sporchi=1))
    state = play([equal, equal], target=None, hands_per_turno=2)
    assert state.finished and state.winning_line is None
    assert [line.place for line in state.lines] == [1, 1]


def test_the_replay_answer_carries_the_lines():
    data = play(B1_HANDS[:1]).to_dict()
    assert data["game"] == "burraco"
    assert data["history"][0]["lines"] == {
        "NS": {"base": 400, "carte": 370, "total": 770},
        "EO": {"base": -10, "carte": 160, "total": 150},
    }
    assert data["history"][0]["line_totals"] == {"NS": 770, "EO": 150}
    assert data["lines"][0] == {
        "name": "NS",
        "players": [ANNA, CARLA],
        "total": 770,
        "base": 400,
        "carte": 370,
        "place": None,
    }
    assert data["winning_line"] is None


# --- R1, R2 and a refusal per rule of section 1 --------------------------------------------------


def test_r1_eo_closed_without_a_burraco():
    r1 = hand("closing", line(120, 60), line(60, 0, closed=True))
    error = refused([OPENING, r1])
    assert (error.event, error.field) == (1, "lines.EO.closed")
    assert error.message == "EO closed without a burraco."


def test_r2_a_value_that_is_not_a_multiple_of_5():
    r2 = hand("tallone", line(237, 10), line(60, 0))
    error = refused([OPENING, r2])
    assert (error.event, error.field) == (1, "lines.NS.melded")
    assert error.message == (
        "NS: 237 is not a multiple of 5: every card is worth 5, 10, 15, 20 or 30."
    )


@pytest.mark.parametrize(("refused_hand", "options", "field", "message"), REFUSALS)
def test_a_refused_hand_names_its_event_field_and_why(refused_hand, options, field, message):
    error = refused([OPENING, refused_hand], **options)
    assert (error.event, error.field, error.message) == (1, field, message)


def test_the_rules_decide_the_penalty_at_a_closing_so_the_scorers_say_is_refused():
    hand_ = hand("tallone", line(50, 0, pozzetto_taken=False, pozzetto_penalty=False), line(50, 0))
    error = refused([hand_])
    assert (error.event, error.field) == (0, "lines.NS.pozzetto_penalty")
    assert error.message == (
        "The rules decide the pozzetto penalty of NS in this hand: leave it out."
    )


def test_a_line_missing_or_unknown_is_refused():
    error = refused([OPENING, OPENING.__class__("tallone", {"NS": line(50, 0)})])
    assert (error.event, error.field) == (1, "lines.EO")
    assert error.message == "The hand has no line EO: give what both lines did."
    lines = {"NS": line(50, 0), "EO": line(50, 0), "N": line(0, 0)}
    error = refused([OPENING.__class__("tallone", lines)])
    assert (error.field, error.message) == ("lines", "N is not a line: the lines are NS and EO.")


def test_another_games_events_are_refused():
    error = refused([OPENING, GinHand("gin", ANNA, {ANNA: 0, BRUNO: 10})])
    assert (error.event, error.field) == (1, "type")
    error = refused([Reentry(ANNA)])
    assert (error.event, error.field, error.message) == (
        0,
        "type",
        "There is no re-entry in Burraco.",
    )


# --- The pozzetto penalty at each end ------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "on_stop", "said", "penalty"),
    [
        ("tallone", "ask", None, 100),
        ("time_out", "ask", True, 100),
        ("time_out", "ask", False, 0),
        ("stallo", "always", None, 100),
        ("arbitral", "never", None, 0),
    ],
)
def test_the_penalty_for_a_pozzetto_not_taken(end, on_stop, said, penalty):
    not_taken = line(100, 30, pozzetto_taken=False, sporchi=1, pozzetto_penalty=said)
    state = play([hand(end, not_taken, line(50, 0))], pozzetto_penalty_on_stop=on_stop)
    score = state.history[0].lines["NS"]
    assert (score.pozzetto_penalty, score.base) == (penalty, 100 - penalty)
    assert score.total == 170 - penalty


def test_a_pozzetto_penalty_of_another_value():
    state = play(B1_HANDS[1:2], pozzetto_penalty=50)
    assert state.history[0].lines["NS"].base == -50


# --- F1: free play to 2005 -----------------------------------------------------------------------

FIRST = hand("closing", line(500, 0, puliti=2, closed=True), line(480, 0, puliti=2))  # 1000, 880
SECOND = hand("closing", line(410, 0, puliti=2), line(515, 0, puliti=2, closed=True))  # 810, 1015


def test_f1_ns_2010_eo_1995_after_a_hand_ns_wins():
    last = hand("tallone", line(100, 0, sporchi=1), line(50, 50, sporchi=1))  # 200, 100
    state = play([FIRST, SECOND, last])
    assert state.history[1].line_totals == {"NS": 1810, "EO": 1895}
    assert dict(state.history[-1].line_totals) == {"NS": 2010, "EO": 1995}
    assert state.finished and state.ended_by == EndedBy.TARGET
    assert state.winning_line == "NS"


def test_f1_ns_2010_eo_2010_one_more_hand():
    tie = hand("tallone", line(100, 0, sporchi=1), line(65, 50, sporchi=1))  # 200, 115
    state = play([FIRST, SECOND, tie])
    assert dict(state.history[-1].line_totals) == {"NS": 2010, "EO": 2010}
    assert not state.finished and state.winning_line is None
    more = hand("tallone", line(5, 0), line(15, 0))
    state = play([FIRST, SECOND, tie, more])
    assert dict(state.history[-1].line_totals) == {"NS": 2015, "EO": 2025}
    assert state.finished and state.winning_line == "EO"


@pytest.mark.parametrize(("target", "winning_line"), [(1005, "EO"), (2000, None), (3000, None)])
def test_the_other_targets(target, winning_line):
    assert not play([FIRST], target=target).finished  # NS 1000, EO 880
    state = play([FIRST, SECOND], target=target)  # NS 1810, EO 1895
    assert state.finished is (winning_line is not None)
    assert state.winning_line == winning_line


# --- Time calls, withdrawals, 1 v 1, the deal, the lines -----------------------------------------


def test_a_time_call_ends_the_match_with_the_higher_line_winning():
    state = play([*B1_HANDS[:2], TimeCall()])
    assert state.finished and state.ended_by == EndedBy.TIME
    assert state.winning_line == "EO"
    assert state.history[-1].lines == {} and dict(state.history[-1].charges) == dict.fromkeys(
        PLAYERS, 0
    )


def test_a_time_call_on_equal_totals_shares_first_place():
    state = play([TimeCall()])
    assert state.winning_line is None
    assert {player.place for player in state.players} == {1}


def test_a_player_who_withdraws_takes_their_line_out():
    state = play([B1_HANDS[0], Withdraw(CARLA)])
    assert state.ended_by == EndedBy.LAST_IN_PLAY and state.winning_line == "EO"
    assert state.player(CARLA).status == Status.WITHDRAWN
    assert state.player(BRUNO).status == Status.WINNER
    error = refused([Withdraw("Zoe")])
    assert (error.field, error.message) == ("player", "Zoe is not a player of this match.")


def test_one_against_one():
    state = play(B1_HANDS, "burraco-1v1", (ANNA, BRUNO), target=None, hands_per_turno=3)
    assert seat_lines((ANNA, BRUNO)) == {"NS": (ANNA,), "EO": (BRUNO,)}
    assert state.totals == {ANNA: 1315, BRUNO: 960}
    assert state.winner == ANNA and state.winning_line == "NS"


@pytest.mark.parametrize(
    ("preset", "players", "message"),
    [
        ("burraco", (ANNA, BRUNO), "These rules are for 4 players"),
        ("burraco-1v1", PLAYERS, "These rules are for 2 players"),
        ("burraco", PLAYERS[:3], "These rules are for 4 players"),
    ],
)
def test_the_players_must_be_the_rules_count(preset, players, message):
    with pytest.raises(Exception) as caught:
        replay(rules_for(preset), players, [])
    assert caught.value.field == "players" and caught.value.event is None
    assert caught.value.message.startswith(message)


def test_the_deal_passes_to_the_next_seat_after_every_hand():
    state = play(B1_HANDS[:2])
    assert [snapshot.dealer for snapshot in state.history] == [BRUNO, CARLA]
    assert replay(rules_for("burraco"), PLAYERS, B1_HANDS[:1], first_dealer=DARIO).dealer == ANNA


# --- Rules and presets ---------------------------------------------------------------------------


def test_the_presets():
    italian, international, one_v_one = (
        rules_for(name) for name in ("burraco", "burraco-internazionale", "burraco-1v1")
    )
    assert (italian.bonus_pulito, italian.bonus_semipulito, italian.bonus_sporco) == (200, 150, 100)
    assert italian.bonus_reale is None
    assert (italian.bonus_closing, italian.pozzetto_penalty) == (100, 100)
    assert (italian.target, italian.target_tie, italian.pozzetto_penalty_on_stop) == (
        2005,
        "play_on",
        "ask",
    )
    assert not italian.closing_needs_pulito and international.closing_needs_pulito
    assert (italian.players, one_v_one.players) == (4, 2)


def test_a_reale_is_scored_when_the_rules_count_it():
    state = play([hand("tallone", line(200, 0, reali=1), line(50, 0))], bonus_reale=300)
    assert state.history[0].lines["NS"].base == 300


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"bonus_pulito": 202}, "bonus_pulito", "bonus_pulito must be a multiple of 5"),
        ({"target": 2003}, "target", "target must be a multiple of 5"),
        ({"target": None}, "target", "A Burraco match needs a target"),
        ({"hands_per_turno": 3}, "target", "A turno is played for a number of hands"),
        ({"players": 3}, "players", "Burraco is played by 4 players"),
        ({"hands_per_turno": 5, "target": None}, "hands_per_turno", "hands_per_turno must be"),
    ],
)
def test_rule_sets_that_cannot_be_played_are_refused(options, field, message):
    with pytest.raises(RuleSetError) as caught:
        rules_for("burraco", options)
    assert caught.value.field == field and caught.value.message.startswith(message)


# --- The card-counting helper --------------------------------------------------------------------


def test_burraco_card_values():
    assert count_points("burraco", "JK 2c As Kd 7h") == 80
    every_card = [f"{rank}{suit}" for rank in RANKS for suit in SUITS] * 2 + ["JK"] * 4
    assert len(every_card) == 108
    assert count_points("burraco", every_card) == 1080


def test_a_card_beyond_the_two_packs_is_refused():
    with pytest.raises(Exception) as caught:
        count_points("burraco", "7h 7h 7h")
    assert caught.value.message == "7h is written 3 times; there are only 2 in the decks."
