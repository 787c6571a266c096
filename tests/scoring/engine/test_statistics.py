"""Player statistics from a replayed match, checked against numbers worked out by hand."""

from fractions import Fraction

from scoring.engine.document import parse_document
from scoring.engine.replay import replay
from scoring.engine.statistics import PlayerStatistics, match_lines
from tests.scoring.engine.burraco_helpers import B1_DOCUMENT_HANDS


def lines_of(document):
    parsed = parse_document(document)
    state = replay(parsed.rules, parsed.players, parsed.events, first_dealer=parsed.first_dealer)
    return match_lines(parsed, state)


SCALA = {
    "game": "scala40",
    "preset": "scala40",
    "rules": {"elimination_at": 101, "reentry_allowed": True},
    "players": ["Anna", "Bruno", "Carla"],
    "events": [
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 30, "Carla": 12}},
        {"type": "hand", "closer": "Carla", "in_hand": True, "points": {"Anna": 20, "Bruno": 40}},
        {"type": "reentry", "player": "Bruno"},
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 5, "Carla": 100}},
    ],
}


def test_a_scala_40_match_counts_hands_points_closes_in_hand_busts_and_re_entries():
    lines = lines_of(SCALA)
    anna, bruno, carla = lines["Anna"], lines["Bruno"], lines["Carla"]
    # in hand doubles: Anna 40, Bruno 80 -> Bruno 110, busted at 101, re-enters
    assert (anna.hands, anna.points_taken, anna.closes, anna.in_hand) == (3, 40, 2, 0)
    assert (bruno.hands, bruno.busts, bruno.reentries) == (3, 1, 1)
    assert bruno.points_taken == 30 + 80 + 5
    assert (carla.closes, carla.in_hand, carla.busts) == (1, 1, 1)
    assert carla.points_taken == 12 + 0 + 100


def test_lines_add_up_to_statistics_with_averages_and_places():
    stats = PlayerStatistics(game="scala40")
    for _ in range(2):
        stats.add(lines_of(SCALA)["Anna"])
    assert stats.matches == 2 and stats.hands == 6
    assert stats.average_points == Fraction(80, 6)
    assert stats.in_hand == 0 and stats.closes == 4


KNOCK = "knock"
GIN = {
    "game": "gin",
    "preset": "gin-standard",
    "players": ["Anna", "Bruno"],
    "events": [
        {"type": "hand", "result": "gin", "knocker": "Anna", "deadwood": {"Bruno": 30}},
        {
            "type": "hand",
            "result": "knock",
            "knocker": "Bruno",
            "deadwood": {"Anna": 4, "Bruno": 7},
        },
        {"type": "hand", "result": "dead"},
        {"type": "hand", "result": "knock", "knocker": "Anna", "deadwood": {"Anna": 3, "Bruno": 9}},
    ],
}


def test_a_gin_match_counts_gins_knocks_undercuts_and_deadwood():
    lines = lines_of(GIN)
    anna, bruno = lines["Anna"], lines["Bruno"]
    assert (anna.hands, anna.gins, anna.knocks, anna.undercuts, anna.knocks_faced) == (
        4,
        1,
        1,
        1,
        1,
    )
    assert (bruno.gins, bruno.knocks, bruno.undercut, bruno.knocks_faced) == (0, 1, 1, 1)
    assert (anna.deadwood, anna.deadwood_hands) == (0 + 4 + 3, 3)
    assert (bruno.deadwood, bruno.deadwood_hands) == (30 + 7 + 9, 3)
    stats = PlayerStatistics(game="gin")
    stats.add(anna)
    assert stats.gin_share == Fraction(1, 4)
    assert stats.undercut_share == Fraction(1, 1)
    assert stats.average_deadwood == Fraction(7, 3)
    assert not anna.finished and anna.place is None


def burraco(events, target=1005):
    return {
        "game": "burraco",
        "preset": "burraco",
        "rules": {"target": target},
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "events": events,
    }


def test_a_burraco_line_s_win_and_points_count_for_both_partners():
    lines = lines_of(burraco(B1_DOCUMENT_HANDS))  # B1: NS 1315 (770, -170, 715), EO 960
    for name in ("Anna", "Carla"):
        line = lines[name]
        assert (line.won, line.place, line.hands, line.line_points) == (True, 1, 3, 1315)
    for name in ("Bruno", "Dario"):
        line = lines[name]
        assert (line.won, line.place, line.hands, line.line_points) == (False, 2, 3, 960)
    assert lines["Anna"].points_taken == 0 and lines["Anna"].closes == 0
    stats = PlayerStatistics(game="burraco")
    stats.add(lines["Anna"])
    stats.add(lines_of(burraco(B1_DOCUMENT_HANDS[:1], target=2005))["Anna"])  # in progress
    assert (stats.matches, stats.finished, stats.wins, stats.hands) == (2, 1, 1, 4)
    assert stats.average_line_points == Fraction(1315 + 770, 4)
    # two lines: a table of two places, whatever the players at it
    assert {line.table for line in lines.values()} == {2}
    assert (stats.largest_table, stats.possible_places) == (2, 2)
    stats.add(lines_of(SCALA)["Anna"])  # (no mixing in real life: only to see the largest kept)
    assert (stats.largest_table, stats.possible_places) == (3, 3)


def test_level_burraco_lines_at_time_are_no_one_s_win():
    level = {"sporchi": 1, "pozzetto_taken": True, "melded": 200, "in_hand": 20}
    hand = {"type": "hand", "end": "tallone", "lines": {"NS": level, "EO": level}}
    lines = lines_of(burraco([hand, {"type": "time_call"}]))
    assert {line.place for line in lines.values()} == {1}
    assert not any(line.won for line in lines.values())
    assert {line.line_points for line in lines.values()} == {280}
