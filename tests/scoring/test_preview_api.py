"""The worked examples of RULES.md section 6, through POST /api/v1/scoring/preview/."""

import json

import pytest

from tests.errors import refusal

URL = "/api/v1/scoring/preview/"


def hand(closer, points, **extra):
    return {"type": "hand", "closer": closer, "points": points, **extra}


def knock(knocker, deadwood, result="knock", **extra):
    return {"type": "hand", "result": result, "knocker": knocker, "deadwood": deadwood, **extra}


def preview(client, document, language="en"):
    return client.post(
        URL,
        data=json.dumps(document),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def replayed(client, document):
    response = preview(client, document)
    assert response.status_code == 200, response.content
    return response.json()


def totals(state):
    return {player["name"]: player["total"] for player in state["players"]}


def player(state, name):
    return next(p for p in state["players"] if p["name"] == name)


def game_scores(state, number=1):
    return state["games"][number - 1]["scores"]


def final_scores(state, number=1):
    return state["games"][number - 1]["final_scores"]


# Scala 40 --------------------------------------------------------------------------------------


def test_s1_counts_the_cards_left_in_hand(client):
    state = replayed(
        client,
        {
            "preset": "scala40",
            "players": ["B", "C", "D"],
            "events": [hand("C", {"B": 18, "D": 36})],
        },
    )
    assert totals(state) == {"B": 18, "C": 0, "D": 36}


def test_s1_counts_cards_given_as_text(client):
    event = {"type": "hand", "closer": "C", "cards": {"B": "8h Kd", "D": "Ah JK"}}
    state = replayed(client, {"preset": "scala40", "players": ["B", "C", "D"], "events": [event]})
    assert totals(state) == {"B": 18, "C": 0, "D": 36}


def test_s1_adds_the_hand_to_earlier_totals(client):
    events = [hand("C", {"B": 20, "D": 30}), hand("C", {"B": 18, "D": 36})]
    state = replayed(client, {"preset": "scala40", "players": ["B", "C", "D"], "events": events})
    assert totals(state) == {"B": 38, "C": 0, "D": 66}


@pytest.mark.parametrize(
    ("rule", "out", "still_in"),
    [(">=", {"B": 101}, {"C": 100}), (">", {"C": 102}, {"B": 101})],
)
def test_s2_threshold_rule_decides_who_is_out(client, rule, out, still_in):
    document = {
        "preset": "scala40",
        "rules": {"elimination_rule": rule},
        "players": ["A", "B", "C", "D"],
        "events": [hand("A", {**out, **still_in, "D": 0})],
    }
    state = replayed(client, document)
    for name in out:
        assert player(state, name)["status"] in ("eliminated", "out")
    for name in still_in:
        assert player(state, name)["status"] == "in_play"


def test_s3_chiusura_in_mano_doubles_and_the_flat_penalty_becomes_200(client):
    event = hand("C", {"B": 17, "D": 40}, in_hand=True, not_opened=["D"])
    state = replayed(
        client,
        {
            "preset": "scala40-club",
            "players": ["B", "C", "D", "E"],
            "events": [{**event, "points": {"B": 17, "D": 40, "E": 0}}],
        },
    )
    assert totals(state) == {"B": 34, "C": 0, "D": 200, "E": 0}


def test_s4_bonus_mode_takes_25_off_the_closer(client):
    events = [
        hand("B", {"C": 30, "D": 10}),
        hand("C", {"B": 17, "D": 40}, in_hand=True),
    ]
    document = {
        "preset": "scala40",
        "rules": {"in_hand_scoring": "bonus"},
        "players": ["B", "C", "D"],
        "events": events,
    }
    assert totals(replayed(client, document)) == {"B": 17, "C": 5, "D": 50}


@pytest.mark.parametrize(("extra", "expected"), [(0, 75), (1, 76)])
def test_s5_reentry_takes_the_highest_total_in_play(client, extra, expected):
    events = [
        hand("B", {"A": 17, "C": 45, "D": 60}),
        hand("A", {"B": 30, "C": 30, "D": 48}),
        {"type": "reentry", "player": "D"},
    ]
    document = {
        "preset": "scala40-club",
        "rules": {"reentry_extra_points": extra},
        "players": ["A", "B", "C", "D"],
        "events": events,
    }
    state = replayed(client, document)
    assert totals(state) == {"A": 17, "B": 30, "C": 75, "D": expected}
    assert player(state, "D")["reentries"] == 1
    assert player(state, "D")["status"] == "in_play"


def test_s5_two_players_left_and_one_busts_the_other_wins(client):
    document = {"preset": "scala40-club", "players": ["A", "B"], "events": [hand("A", {"B": 101})]}
    state = replayed(client, document)
    assert state["finished"] is True
    assert state["winner"] == "A"
    assert state["ended_by"] == "last_in_play"

    document["events"].append({"type": "reentry", "player": "B"})
    response = preview(client, document)
    assert response.status_code == 400
    assert refusal(response)["event"] == 1


# Ramino ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bonus_mode", "expected"),
    [
        ("closer_credit", {"P": 44, "Q": 5, "R": 60, "S": 70}),
        ("opponents_pay", {"P": 69, "Q": 30, "R": 85, "S": 95}),
    ],
)
def test_r1_closing_in_colore(client, bonus_mode, expected):
    events = [
        hand("P", {"Q": 30, "R": 0, "S": 0}, closing="two_cards"),
        hand("Q", {"P": 44, "R": 60, "S": 70}, closing="colore"),
    ]
    document = {
        "preset": "ramino",
        "rules": {"bonus_mode": bonus_mode},
        "players": ["P", "Q", "R", "S"],
        "events": events,
    }
    assert totals(replayed(client, document)) == expected


def test_r2_second_bust_after_a_reentry_is_final(client):
    events = [
        hand("A", {"B": 101, "C": 0}),
        {"type": "reentry", "player": "B"},
        hand("A", {"B": 101, "C": 0}),
    ]
    document = {"preset": "ramino", "players": ["A", "B", "C"], "events": events}
    state = replayed(client, document)
    assert player(state, "B")["status"] == "out"
    assert player(state, "B")["reentries"] == 1

    document["events"].append({"type": "reentry", "player": "B"})
    response = preview(client, document)
    assert response.status_code == 400
    assert refusal(response)["event"] == 3
    assert refusal(response)["field"] == "player"


# Gin -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("gin-standard", {"One": 0, "Two": 28}),
        ("gin-classic", {"One": 0, "Two": 13}),
        ("gin", {"One": 10, "Two": 3}),
    ],
)
def test_g1_undercut(client, preset, expected):
    document = {
        "preset": preset,
        "players": ["One", "Two"],
        "events": [knock("One", {"One": 7, "Two": 4})],
    }
    assert game_scores(replayed(client, document)) == expected


@pytest.mark.parametrize(
    ("preset", "result", "defender", "expected"),
    [
        ("gin-standard", "gin", 51, 76),
        ("gin-standard", "big_gin", 20, 51),
        ("gin", "big_gin", 20, 50),
    ],
)
def test_g2_gin_and_big_gin(client, preset, result, defender, expected):
    document = {
        "preset": preset,
        "players": ["One", "Two"],
        "events": [knock("One", {"One": 0, "Two": defender}, result=result)],
    }
    scores = game_scores(replayed(client, document))
    # In `gin` the knocker's box (10) is added at once.
    box = 10 if preset == "gin" else 0
    assert scores == {"One": expected + box, "Two": 0}


def test_g3_equal_deadwood_is_an_undercut(client):
    document = {
        "preset": "gin-standard",
        "players": ["One", "Two"],
        "events": [knock("One", {"One": 6, "Two": 6})],
    }
    assert game_scores(replayed(client, document)) == {"One": 0, "Two": 25}


@pytest.mark.parametrize(("preset", "expected"), [("gin-standard", 500), ("gin-classic", 340)])
def test_g4_shutout_settlement(client, preset, expected):
    events = [knock("One", {"One": 5, "Two": 55}), knock("One", {"One": 5, "Two": 55})]
    state = replayed(client, {"preset": preset, "players": ["One", "Two"], "events": events})
    assert state["finished"] is True
    assert state["winner"] == "One"
    assert final_scores(state) == {"One": expected, "Two": 0}
    assert state["games"][0]["net"] == expected


def test_o1_spade_upcard_doubles_and_ace_upcard_refuses_a_knock(client):
    document = {
        "preset": "gin-oklahoma",
        "players": ["One", "Two"],
        "events": [knock("One", {"One": 2, "Two": 20}, upcard="6s")],
    }
    assert game_scores(replayed(client, document))["One"] == 36

    document["events"] = [knock("One", {"One": 1, "Two": 20}, upcard="Ah")]
    response = preview(client, document)
    assert response.status_code == 400
    assert refusal(response)["event"] == 0


def test_h1_hollywood_spreads_wins_over_three_games(client):
    events = [
        knock("A", {"A": 5, "B": 30}),
        knock("A", {"A": 2, "B": 20}),
        knock("A", {"A": 4, "B": 40}),
    ]
    document = {
        "preset": "gin-hollywood",
        "rules": {"target": 150},
        "players": ["A", "B"],
        "events": events,
    }
    state = replayed(client, document)
    assert [game_scores(state, n)["A"] for n in (1, 2, 3)] == [79, 54, 36]


# Errors ----------------------------------------------------------------------------------------


def test_a_refused_event_answers_400_with_event_field_and_message(client):
    document = {
        "preset": "scala40",
        "players": ["A", "B", "C"],
        "events": [hand("A", {"B": 5, "C": 7}), hand("B", {"A": -3, "C": 2})],
    }
    response = preview(client, document)
    assert response.status_code == 400
    body = refusal(response)
    assert body["event"] == 1
    assert body["field"] == "points"
    assert body["message"]


def test_a_document_that_is_not_an_object_is_refused(client):
    response = preview(client, ["not", "a", "match"])
    assert response.status_code == 400
    assert refusal(response)["event"] is None


def test_an_unknown_option_is_named(client):
    response = preview(
        client, {"preset": "scala40", "rules": {"sballo": 151}, "players": ["A", "B"]}
    )
    assert response.status_code == 400
    assert "sballo" in refusal(response)["message"]


def test_preview_is_in_the_openapi_schema(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/v1/scoring/preview/"]["post"]
    assert "400" in operation["responses"]
    assert "200" in operation["responses"]
