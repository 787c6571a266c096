"""Season places and season standings (tournaments/engine/season.py)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.errors import TournamentError
from tournaments.engine.placement import DEFAULT_SCALE, PlacementScale, check_places
from tournaments.engine.season import (
    SeasonRow,
    TeamPlaces,
    season_award,
    season_places,
    season_standings,
)

# The hand-computed example ------------------------------------------------------------------------
# Three club nights. `first_exits` is the index of the event that ended a player's first entry
# (None: still in play at the end). tests/clublife/test_seasons.py plays the same three matches
# hand by hand and must find the same standings.

# 1. Four players; Dario busts at event 0, Carla at 1, Bruno at 2: Anna wins.
NIGHT_1 = {"Anna": 1, "Bruno": 2, "Carla": 3, "Dario": 4}
NIGHT_1_EXITS = {"Anna": None, "Bruno": 2, "Carla": 1, "Dario": 0}
# 2. Three players; Elena busts at event 0 and re-enters (event 1), Carla busts at 2, Anna at 3:
#    Elena wins the match, but her first entry ended first, so her season place is the last.
NIGHT_2 = {"Elena": 1, "Anna": 2, "Carla": 3}
NIGHT_2_EXITS = {"Elena": 0, "Anna": 3, "Carla": 2}
# 3. Five players; Carla busts at event 0, then time is called: Bruno lowest, Dario and Elena
#    tied second, Anna fourth.
NIGHT_3 = {"Bruno": 1, "Dario": 2, "Elena": 2, "Anna": 4, "Carla": 5}
NIGHT_3_EXITS = {"Bruno": None, "Dario": None, "Elena": None, "Anna": None, "Carla": 0}


def example_places(first_entry_only: bool = True) -> list[dict[str, int]]:
    return [
        season_places(places, exits, first_entry_only=first_entry_only)
        for places, exits in (
            (NIGHT_1, NIGHT_1_EXITS),
            (NIGHT_2, NIGHT_2_EXITS),
            (NIGHT_3, NIGHT_3_EXITS),
        )
    ]


def test_a_re_entry_that_won_the_match_is_placed_where_the_first_entry_ended():
    assert example_places()[1] == {"Anna": 1, "Carla": 2, "Elena": 3}
    # the other two nights had no re-entry: their places stand
    assert example_places()[0] == NIGHT_1
    assert example_places()[2] == NIGHT_3


def test_the_hand_computed_season_of_three_club_nights():
    # Default points: table of 4: 7/5/3/1; of 3: 7/4/1; of 5: 7/5.5/4/2.5/1.
    # Anna:  7 (1st of 4) + 7 (1st of 3, first entry only) + 2.5 (4th of 5) = 16.5; 2 wins
    # Bruno: 5 (2nd of 4) + 7 (1st of 5)                                    = 12;   1 win
    # Carla: 3 (3rd of 4) + 4 (2nd of 3) + 1 (5th of 5)                     = 8
    # Dario: 1 (4th of 4) + (5.5 + 4) / 2 (2nd of 5, shared with Elena)     = 5.75
    # Elena: 1 (3rd of 3, first entry only) + (5.5 + 4) / 2 (shared 2nd)   = 5.75
    # Dario and Elena: equal points, no wins, 2 matches each: they share 4th place.
    rows = season_standings(example_places())
    assert rows == [
        SeasonRow(1, False, "Anna", Fraction(33, 2), matches=3, wins=2, best_place=1),
        SeasonRow(2, False, "Bruno", Fraction(12), matches=2, wins=1, best_place=1),
        SeasonRow(3, False, "Carla", Fraction(8), matches=3, wins=0, best_place=2),
        SeasonRow(4, True, "Dario", Fraction(23, 4), matches=2, wins=0, best_place=2),
        SeasonRow(4, True, "Elena", Fraction(23, 4), matches=2, wins=0, best_place=2),
    ]


def test_the_same_season_counting_every_entry():
    # Night 2 by its own places: Elena 7, Anna 4, Carla 1.
    # Anna 7 + 4 + 2.5 = 13.5; Bruno 12; Elena 7 + 4.75 = 11.75; Dario 5.75; Carla 3 + 1 + 1 = 5
    rows = season_standings(example_places(first_entry_only=False))
    assert [(row.place, row.player, row.points, row.wins) for row in rows] == [
        (1, "Anna", Fraction(27, 2), 1),
        (2, "Bruno", Fraction(12), 1),
        (3, "Elena", Fraction(47, 4), 1),
        (4, "Dario", Fraction(23, 4), 0),
        (5, "Carla", Fraction(5), 0),
    ]


def test_a_club_scale_changes_the_points():
    scale = PlacementScale.of({3: (3, 2, 1), 4: (4, 3, 2, 1), 5: (5, 4, 3, 2, 1)})
    # Anna 4 + 3 + 2 = 9; Bruno 3 + 5 = 8; Carla 2 + 2 + 1 = 5; Dario, Elena 1 + 3.5 = 4.5
    rows = season_standings(example_places(), scale)
    assert [(row.player, row.points) for row in rows] == [
        ("Anna", 9),
        ("Bruno", 8),
        ("Carla", 5),
        ("Dario", Fraction(9, 2)),
        ("Elena", Fraction(9, 2)),
    ]


# Season places ------------------------------------------------------------------------------------


def test_players_who_busted_at_the_same_event_keep_their_order_in_the_match():
    # Bruno and Carla busted at event 4; Bruno re-entered and finished 2nd, Carla 3rd.
    places = {"Anna": 1, "Bruno": 2, "Carla": 3, "Dario": 4}
    exits = {"Anna": None, "Bruno": 4, "Carla": 4, "Dario": 6}
    assert season_places(places, exits) == {"Anna": 1, "Dario": 2, "Bruno": 3, "Carla": 4}


def test_two_re_entered_players_out_at_the_same_event_with_the_same_place_share_it():
    places = {"Anna": 1, "Bruno": 1, "Carla": 3}  # a time call tie for first
    exits = {"Anna": 2, "Bruno": 2, "Carla": None}
    assert season_places(places, exits) == {"Carla": 1, "Anna": 2, "Bruno": 2}


def test_counting_every_entry_keeps_the_places_of_the_match():
    places = {"Anna": 2, "Bruno": 1}
    assert season_places(places, {"Anna": None, "Bruno": 0}, first_entry_only=False) == places


def test_inconsistent_places_are_refused():
    with pytest.raises(TournamentError):
        season_places({"Anna": 1, "Bruno": 3}, {"Anna": None, "Bruno": None})


# Standings tie-breaks -----------------------------------------------------------------------------


def test_equal_points_go_to_more_wins():
    # Anna: 7 + 1 = 8 with a win; Bruno: 5 + 3 = 8 without
    matches = [
        {"Anna": 1, "Bruno": 2, "Carla": 3, "Dario": 4},
        {"Bruno": 3, "Anna": 4, "X": 1, "Y": 2},
    ]
    rows = {row.player: row for row in season_standings(matches)}
    assert rows["Anna"].points == rows["Bruno"].points == 8
    assert (rows["Anna"].place, rows["Bruno"].place) == (1, 2)


def test_equal_points_and_wins_go_to_fewer_matches():
    # Anna: 4 + 4 = 8 from two tables of 3 (2nd); Bruno: 4 + 1 + 3 = 8 from three
    matches = [
        {"W": 1, "Anna": 2, "Z": 3},
        {"V": 1, "Anna": 2, "U": 3},
        {"T": 1, "Bruno": 2, "S": 3},
        {"R": 1, "Q": 2, "Bruno": 3},
        {"P": 1, "O": 2, "Bruno": 3, "N": 4},
    ]
    rows = {row.player: row for row in season_standings(matches)}
    assert rows["Anna"].points == rows["Bruno"].points == 8
    assert rows["Anna"].place < rows["Bruno"].place
    assert (rows["Anna"].matches, rows["Bruno"].matches) == (2, 3)


def test_a_shared_first_place_is_not_a_win():
    rows = season_standings([{"Anna": 1, "Bruno": 1, "Carla": 3}])
    assert [(row.player, row.place, row.shared, row.wins) for row in rows] == [
        ("Anna", 1, True, 0),
        ("Bruno", 1, True, 0),
        ("Carla", 3, False, 0),
    ]


def test_no_matches_no_rows():
    assert season_standings([]) == []


# Properties ---------------------------------------------------------------------------------------


@st.composite
def a_match(draw, pool=tuple("ABCDEFGH")):
    """A finished match of 2 to 6 of the pool's players: places and first exits that could come
    from a replay (first exits of players never out are None)."""
    size = draw(st.integers(2, 6))
    players = draw(st.permutations(pool))[:size]
    # the finishing order as groups of players sharing a place
    cuts = draw(st.lists(st.booleans(), min_size=size - 1, max_size=size - 1))
    places, place = {}, 1
    for index, player in enumerate(players):
        if index and cuts[index - 1]:
            place = index + 1
        places[player] = place
    exits = {player: draw(st.one_of(st.none(), st.integers(0, 30))) for player in players}
    return places, exits


matches = st.lists(a_match(), max_size=8)


@given(a_match(), st.booleans())
def test_season_places_are_always_a_valid_ranking_of_the_same_players(match, first_entry_only):
    places, exits = match
    result = season_places(places, exits, first_entry_only=first_entry_only)
    assert set(result) == set(places)
    check_places(result)


@given(a_match())
def test_the_later_a_first_entry_ended_the_better_the_season_place(match):
    places, exits = match
    result = season_places(places, exits)
    for a in places:
        for b in places:
            end_a = float("inf") if exits[a] is None else exits[a]
            end_b = float("inf") if exits[b] is None else exits[b]
            if end_a > end_b or (end_a == end_b and places[a] < places[b]):
                assert result[a] < result[b]
            if end_a == end_b and places[a] == places[b]:
                assert result[a] == result[b]


@given(a_match())
def test_when_nobody_left_early_the_season_places_are_the_match_places(match):
    places, _exits = match
    assert season_places(places, dict.fromkeys(places)) == places


@given(matches)
def test_the_season_hands_out_exactly_the_points_of_every_table(season):
    places = [places for places, _exits in season]
    rows = season_standings(places)
    expected = sum((sum(DEFAULT_SCALE.table_points(len(p))) for p in places), Fraction(0))
    assert sum((row.points for row in rows), Fraction(0)) == expected
    assert sum(row.matches for row in rows) == sum(len(p) for p in places)


@given(matches, st.randoms())
def test_the_order_of_the_matches_does_not_matter(season, rng: random.Random):
    places = [places for places, _exits in season]
    shuffled = list(places)
    rng.shuffle(shuffled)
    assert season_standings(shuffled) == season_standings(places)


@given(matches)
def test_rows_are_ranked_by_points_then_wins_then_fewer_matches(season):
    rows = season_standings([places for places, _exits in season])
    key = [(-row.points, -row.wins, row.matches) for row in rows]
    assert key == sorted(key)
    for index, row in enumerate(rows):
        better = sum(1 for other in key if other < key[index])
        assert row.place == better + 1
        assert row.shared == (key.count(key[index]) > 1)
        assert 1 <= row.best_place <= 6
        assert row.wins <= row.matches


# Matches played by teams (two lines of two) ------------------------------------------------------


def test_a_pair_match_is_a_table_of_two_lines_whose_players_share_points_and_the_win():
    won = TeamPlaces(teams=(("Anna", "Carla"), ("Bruno", "Dario")), places=(1, 2))
    level = TeamPlaces(teams=(("Anna", "Bruno"), ("Carla", "Dario")), places=(1, 1))
    assert season_award(won) == {
        "Anna": Fraction(7),
        "Carla": Fraction(7),
        "Bruno": Fraction(1),
        "Dario": Fraction(1),
    }
    assert set(season_award(level).values()) == {Fraction(4)}  # (7 + 1) / 2
    rows = {row.player: row for row in season_standings([won, level, NIGHT_1])}
    # Anna: 7 + 4 + 7 (first of four on night 1); Carla: 7 + 4 + 3
    assert (rows["Anna"].points, rows["Anna"].wins, rows["Anna"].matches) == (18, 2, 3)
    assert (rows["Carla"].points, rows["Carla"].wins, rows["Carla"].best_place) == (14, 1, 1)
    # a level pair match is no win, and its shared first place is the best place
    assert (rows["Dario"].points, rows["Dario"].wins, rows["Dario"].best_place) == (6, 0, 1)
    assert rows["Anna"].place == 1


@st.composite
def a_pair_match(draw, pool=tuple("ABCDEFGH")):
    seats = draw(st.permutations(pool))[:4]
    places = draw(st.sampled_from([(1, 2), (2, 1), (1, 1)]))
    return TeamPlaces(teams=((seats[0], seats[2]), (seats[1], seats[3])), places=places)


@given(st.lists(st.one_of(a_pair_match(), a_match().map(lambda match: match[0])), max_size=8))
def test_a_pair_match_hands_out_the_points_of_a_table_of_two_to_each_partner(season):
    rows = season_standings(season)
    expected = Fraction(0)
    for match in season:
        if isinstance(match, TeamPlaces):
            expected += 2 * sum(DEFAULT_SCALE.table_points(2))
        else:
            expected += sum(DEFAULT_SCALE.table_points(len(match)))
    assert sum((row.points for row in rows), Fraction(0)) == expected
    for match in season:
        if isinstance(match, TeamPlaces):
            awarded = season_award(match)
            for team in match.teams:
                assert awarded[team[0]] == awarded[team[1]]


@given(a_match())
def test_teams_of_one_are_the_players_alone(match):
    places, _exits = match
    alone = TeamPlaces(teams=tuple((player,) for player in places), places=tuple(places.values()))
    assert season_award(alone) == season_award(places) == DEFAULT_SCALE.award(places)
    assert season_standings([alone]) == season_standings([places])
