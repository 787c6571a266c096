"""A Burraco match in the match document: B1 read and replayed, dumped back as it was written,
exported and imported (JSON) unchanged, the card helper in a line, and every refusal of a
document's Burraco hand with its event and field (a path such as "lines.NS.melded")."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scoring.engine import EngineError
from scoring.engine.document import dump_document, parse_document, replay_document

from .burraco_helpers import B1_DOCUMENT_HANDS, B1_HANDS, PLAYERS


def document(**changes: Any) -> dict[str, Any]:
    return {
        "game": "burraco",
        "preset": "burraco",
        "rules": {"target": None, "hands_per_turno": 3},
        "players": list(PLAYERS),
        "events": copy.deepcopy(B1_DOCUMENT_HANDS),
        **changes,
    }


def refusal(data: dict[str, Any]) -> EngineError:
    with pytest.raises(EngineError) as caught:
        replay_document(data)
    return caught.value


def test_b1_document_parses_into_the_hands_of_the_example():
    assert parse_document(document()).events == B1_HANDS


def test_b1_document_replays_to_the_turno_totals():
    state = replay_document(document())
    assert [snapshot["line_totals"] for snapshot in state["history"]] == [
        {"NS": 770, "EO": 150},
        {"NS": 600, "EO": 1000},
        {"NS": 1315, "EO": 960},
    ]
    lines = state["lines"]
    assert [(line["name"], line["total"], line["base"], line["carte"]) for line in lines] == [
        ("NS", 1315, 600, 715),
        ("EO", 960, 440, 520),
    ]
    assert state["finished"] and state["ended_by"] == "hands" and state["winning_line"] == "NS"


def test_b1_document_dumps_back_as_written_and_round_trips_through_json():
    dumped = dump_document(parse_document(document()))
    assert dumped == document()
    imported = parse_document(json.loads(json.dumps(dumped)))
    assert imported == parse_document(document())
    assert dump_document(imported) == dumped


def test_the_default_preset_and_the_game_follow_each_other():
    parsed = parse_document({"game": "burraco", "players": list(PLAYERS)})
    assert (parsed.preset, parsed.rules.target) == ("burraco", 2005)
    parsed = parse_document({"preset": "burraco-1v1", "players": ["Anna", "Bruno"]})
    assert parsed.game == "burraco"


def test_a_line_may_give_its_cards_instead_of_their_value():
    data = document()
    ns = data["events"][0]["lines"]["NS"]
    del ns["in_hand"]
    ns["cards"] = {"in_hand": "8h 7c"}  # 10 + 5 = 15, as B1 has it
    assert parse_document(data).events[0] == B1_HANDS[0]
    assert dump_document(parse_document(data))["events"][0]["lines"]["NS"]["in_hand"] == 15


def test_the_scorers_say_on_the_pozzetto_penalty_round_trips():
    stopped = {
        "type": "hand",
        "end": "time_out",
        "lines": {
            "NS": {"pozzetto_taken": False, "pozzetto_penalty": False, "melded": 60, "in_hand": 0},
            "EO": {"pozzetto_taken": False, "pozzetto_penalty": True, "melded": 60, "in_hand": 0},
        },
    }
    data = document(events=[stopped])
    assert dump_document(parse_document(data)) == data
    assert replay_document(data)["history"][0]["lines"] == {
        "NS": {"base": 0, "carte": 60, "total": 60},
        "EO": {"base": -100, "carte": 60, "total": -40},
    }


def _change(path: str, value: Any) -> dict[str, Any]:
    """B1 with the key `path` of its second hand (event 1) set to `value` (None: removed)."""
    data = document()
    target = data["events"][1]
    *keys, last = path.split(".")
    for key in keys:
        target = target[key]
    if value is None:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field", "message"),
    [
        ("end", None, "end", "None is not how a hand ends"),
        ("end", "knock", "end", "knock is not how a hand ends"),
        ("lines", [], "lines", "lines must be an object with the two lines"),
        ("lines.N", {}, "lines", "N is not a line: the lines are NS and EO."),
        ("lines.EO", None, "lines.EO", "The hand has no line EO"),
        ("lines.EO", 3, "lines.EO", "A line must be an object"),
        ("lines.EO.colour", 1, "lines.EO.colour", "Unknown key colour in this event"),
        ("dealer", "Anna", "dealer", "Unknown key dealer in this event"),
        ("lines.EO.pozzetto_taken", None, "lines.EO.pozzetto_taken", "Say whether EO took"),
        ("lines.EO.pozzetto_taken", "yes", "lines.EO.pozzetto_taken", "EO: pozzetto_taken must"),
        ("lines.EO.closed", 1, "lines.EO.closed", "EO: closed must be true or false."),
        ("lines.NS.pozzetto_penalty", "no", "lines.NS.pozzetto_penalty", "NS: pozzetto_penalty"),
        ("lines.EO.puliti", 1.0, "lines.EO.puliti", "EO: puliti must be a whole number."),
        ("lines.EO.melded", True, "lines.EO.melded", "EO: melded must be a whole number."),
        ("lines.NS.melded", None, "lines.NS.melded", "NS needs melded: the value of its cards"),
        ("lines.NS.cards", "8h", "lines.NS.cards", "cards must be an object of values and cards"),
        ("lines.NS.cards", {"in_hand": "8h"}, "lines.NS.cards", "NS has both in_hand and its"),
        ("lines.NS.cards", {"hand": "8h"}, "lines.NS.cards.hand", "Unknown key hand"),
        ("lines.EO.cards", {"pozzetto_unplayed": "8x"}, "lines.EO.cards", "8x is not a card"),
        # what the rules refuse, found by the replay at the same event
        ("lines.EO.closed", False, "end", "The hand ended with a closing: say which line closed."),
        ("lines.NS.melded", 237, "lines.NS.melded", "NS: 237 is not a multiple of 5"),
    ],
)
def test_a_refused_burraco_hand_names_its_event_and_field(path, value, field, message):
    error = refusal(_change(path, value))
    assert (error.event, error.field) == (1, field)
    assert error.message.startswith(message), error.message


def test_r1_through_the_document():
    r1 = {
        "type": "hand",
        "end": "closing",
        "lines": {
            "NS": {"pozzetto_taken": True, "melded": 120, "in_hand": 60},
            "EO": {"closed": True, "pozzetto_taken": True, "melded": 60, "in_hand": 0},
        },
    }
    error = refusal(document(events=[*B1_DOCUMENT_HANDS[:1], r1]))
    assert (error.event, error.field, error.message) == (
        1,
        "lines.EO.closed",
        "EO closed without a burraco.",
    )


def test_rules_of_another_game_are_refused_naming_the_option():
    error = refusal(document(rules={"knock_limit": 10}))
    assert (error.event, error.field) == (None, "rules.knock_limit")
    error = refusal(document(rules={"players": 3}))
    assert (error.field, error.message) == (
        "rules.players",
        "Burraco is played by 4 players (two lines) or 2 (one against one).",
    )
