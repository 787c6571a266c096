import json

import pytest
from django.core.management import CommandError, call_command

DOCUMENT = {
    "game": "scala40",
    "preset": "scala40-club",
    "rules": {"elimination_at": 151},
    "players": ["Anna", "Bruno", "Carla", "Dario"],
    "events": [
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 40}},
        {"type": "time_call"},
    ],
}


def test_prints_the_replayed_state_as_json(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    call_command("replay_match", str(path))
    state = json.loads(capsys.readouterr().out)
    assert state["finished"] is True
    assert state["ended_by"] == "time"
    assert state["winner"] == "Anna"
    assert {p["name"]: p["total"] for p in state["players"]} == {
        "Anna": 0,
        "Bruno": 35,
        "Carla": 12,
        "Dario": 40,
    }


def test_a_refused_document_names_the_event_and_field(tmp_path):
    bad = {**DOCUMENT, "events": [{"type": "hand", "closer": "Zeno", "points": {}}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(CommandError, match=r"event 0, field closer"):
        call_command("replay_match", str(path))


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("replay_match", str(tmp_path / "nope.json"))


def test_a_file_that_is_not_json_is_a_clear_error(tmp_path):
    path = tmp_path / "match.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("replay_match", str(path))
