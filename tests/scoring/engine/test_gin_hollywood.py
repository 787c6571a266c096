"""Gin Rummy, Hollywood (RULES.md section 3): three games scored at once from the same hands."""

from __future__ import annotations

from scoring.engine import EndedBy, Status, TimeCall, Withdraw

from .gin_strategies import ANNA, BRUNO, gin, play, refused, worth


def scores(state):
    """Each game's running scores as (Anna, Bruno) pairs."""
    return [(game.scores[ANNA], game.scores[BRUNO]) for game in state.games]


def finals(state):
    return [
        None if game.final_scores is None else (game.final_scores[ANNA], game.final_scores[BRUNO])
        for game in state.games
    ]


# --- RULES.md section 6: H1 ------------------------------------------------------------------


def test_h1_wins_of_25_18_36_give_79_54_36():
    state = play("gin-hollywood", [worth(ANNA, 25), worth(ANNA, 18), worth(ANNA, 36)], target=150)
    assert scores(state) == [(79, 0), (54, 0), (36, 0)]
    assert state.totals == {ANNA: 79 + 54 + 36, BRUNO: 0}
    assert [game.number for game in state.games] == [1, 2, 3]


def test_boxes_count_the_hands_entered_in_each_game():
    state = play("gin-hollywood", [worth(ANNA, 25), worth(ANNA, 18), worth(ANNA, 36)], target=150)
    assert [game.boxes[ANNA] for game in state.games] == [3, 2, 1]


# --- which games a win goes to ---------------------------------------------------------------


def test_a_players_first_win_goes_to_game_1_whatever_the_other_has_scored():
    events = [worth(ANNA, 10), worth(ANNA, 10), worth(ANNA, 10), worth(BRUNO, 5)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(30, 5), (20, 0), (10, 0)]


def test_from_the_third_win_on_a_win_goes_to_all_three_games():
    events = [worth(BRUNO, 5), worth(BRUNO, 6), worth(BRUNO, 7), worth(BRUNO, 8)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(0, 26), (0, 21), (0, 15)]


def test_a_closed_game_takes_no_more_points():
    events = [worth(ANNA, 60), worth(ANNA, 50), worth(ANNA, 30)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(110, 0), (80, 0), (30, 0)]
    assert state.games[0].finished
    assert finals(state)[0] == ((110 + 100 + 2 * 25) * 2, 0)
    assert not state.games[1].finished


def test_a_player_shut_out_of_a_closed_game_starts_in_the_next_open_game():
    events = [worth(ANNA, 60), worth(ANNA, 50), worth(BRUNO, 20)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(110, 0), (50, 20), (0, 0)]
    # His second win goes to game 2, where he has scored, and to game 3.
    state = play("gin-hollywood", [*events, worth(BRUNO, 10)])
    assert scores(state) == [(110, 0), (50, 30), (0, 10)]


def test_each_game_is_settled_on_its_own_when_it_reaches_the_target():
    events = [worth(ANNA, 10), worth(BRUNO, 10), worth(ANNA, 95)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(105, 10), (95, 0), (0, 0)]
    assert finals(state) == [(105 + 100 + 2 * 25, 10 + 25), None, None]
    assert state.games[0].winner == ANNA
    assert state.games[0].net == 255 - 35
    assert not state.finished


def test_a_player_who_scored_only_in_game_1_is_shut_out_of_game_2():
    events = [worth(ANNA, 10), worth(BRUNO, 10), worth(ANNA, 95), worth(ANNA, 10)]
    state = play("gin-hollywood", events)
    assert scores(state) == [(105, 10), (105, 0), (10, 0)]
    assert finals(state)[1] == ((105 + 100 + 2 * 25) * 2, 0)


def test_settling_a_game_charges_its_bonuses_to_the_totals():
    events = [worth(ANNA, 10), worth(BRUNO, 10), worth(ANNA, 95)]
    state = play("gin-hollywood", events)
    # Game 1 goes from 10 to its final 255 for Anna, 10 to 35 for Bruno; game 2 gains 95.
    assert state.history[-1].charges == {ANNA: 245 + 95, BRUNO: 25}
    assert state.totals == {ANNA: 255 + 95, BRUNO: 35}


# --- the end of the match --------------------------------------------------------------------


def test_the_match_ends_when_all_three_games_are_settled_three_to_nothing():
    state = play("gin-hollywood", [gin(ANNA, 100)] * 3)
    assert all(game.finished for game in state.games)
    assert [game.winner for game in state.games] == [ANNA, ANNA, ANNA]
    assert finals(state) == [(500, 0)] * 3
    assert state.finished
    assert state.ended_by == EndedBy.TARGET
    assert state.winner == ANNA
    assert state.totals == {ANNA: 1500, BRUNO: 0}
    assert state.net_total == 1500
    assert state.dealer is None


def test_the_match_winner_won_two_games_and_the_net_total_counts_the_game_lost():
    state = play("gin-hollywood", [gin(BRUNO, 100), gin(ANNA, 100), gin(ANNA, 100)])
    assert [game.winner for game in state.games] == [BRUNO, ANNA, ANNA]
    assert [game.net for game in state.games] == [500, 500, 500]
    assert state.winner == ANNA
    assert state.net_total == 500 + 500 - 500
    assert state.player(ANNA).status == Status.WINNER
    assert (state.player(ANNA).place, state.player(BRUNO).place) == (1, 2)


def test_the_match_goes_on_while_a_game_is_open():
    state = play("gin-hollywood", [gin(BRUNO, 100), gin(ANNA, 100)])
    assert [game.finished for game in state.games] == [True, True, False]
    assert not state.finished


def test_an_event_after_the_third_game_is_refused():
    error = refused("gin-hollywood", [gin(ANNA, 100)] * 4)
    assert (error.event, error.field, error.message) == (3, None, "The match is over.")


def test_the_winner_of_each_hand_deals_the_next():
    state = play("gin-hollywood", [worth(BRUNO, 5), worth(ANNA, 5)], first_dealer=ANNA)
    assert [snapshot.dealer for snapshot in state.history] == [BRUNO, ANNA]


# --- time call and withdrawal ----------------------------------------------------------------


def test_a_time_call_keeps_settled_games_and_closes_open_ones_without_bonuses():
    state = play("gin-hollywood", [gin(BRUNO, 100), worth(ANNA, 30), TimeCall()])
    assert finals(state) == [(0, 500), (30, 0), (0, 0)]
    assert [game.winner for game in state.games] == [BRUNO, ANNA, None]
    assert [game.net for game in state.games] == [500, 30, 0]
    assert state.ended_by == EndedBy.TIME
    assert state.winner == BRUNO  # ranked by total: 500 against 30
    assert state.net_total == 470


def test_a_withdrawal_settles_every_open_game_for_the_other_player():
    state = play("gin-hollywood", [gin(ANNA, 100), worth(BRUNO, 20), Withdraw(ANNA)])
    assert finals(state) == [(500, 0), (0, (20 + 100 + 25) * 2), (0, 100 * 2)]
    assert state.winner == BRUNO
    assert state.ended_by == EndedBy.LAST_IN_PLAY
    assert state.player(ANNA).status == Status.WITHDRAWN
    assert state.net_total == 290 + 200 - 500


def test_games_won_count_the_games_not_the_hands():
    # Bruno wins three small hands (in games 1, 1-2, 1-2-3); Anna's two big wins settle games 1
    # and 2; Bruno's fourth win settles game 3: Anna wins 2-1 with two hands won against four.
    events = [worth(BRUNO, 10)] * 3 + [worth(ANNA, 95), worth(ANNA, 95), worth(BRUNO, 80)]
    state = play("gin-hollywood", events, target=90)
    assert state.finished
    assert state.winner == ANNA
    assert state.games_won == {ANNA: 2, BRUNO: 1}
    assert state.player(BRUNO).hands_won > state.player(ANNA).hands_won
    for game in state.games:
        assert {name: parts.total for name, parts in game.parts.items()} == game.final_scores
