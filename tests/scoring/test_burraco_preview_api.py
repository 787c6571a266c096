"""The worked examples of BURRACO.md section 7 (B1 hand by hand, R1, R2, F1) and a refusal per rule
of section 1, through POST /api/v1/scoring/preview/, in English and in Italian."""

from __future__ import annotations

import copy

import pytest

from scoring.engine.burraco_document import dump_burraco_hand
from tests.errors import refusal

from .engine.burraco_helpers import B1_DOCUMENT_HANDS, OPENING, PLAYERS, REFUSALS
from .test_preview_api import preview, replayed


def document(events, **rules):
    return {"preset": "burraco", "rules": rules, "players": list(PLAYERS), "events": events}


def as_data(hand) -> dict:
    """A hand of the engine as the match document writes it; a pozzetto not said stays unsaid."""
    data = dump_burraco_hand(hand)
    for name, line in hand.lines.items():
        if line.pozzetto_taken is None:
            del data["lines"][name]["pozzetto_taken"]
    return dict(data)


B1_ROWS = [
    {
        "NS": {"base": 400, "carte": 370, "total": 770},
        "EO": {"base": -10, "carte": 160, "total": 150},
    },
    {
        "NS": {"base": -100, "carte": -70, "total": -170},
        "EO": {"base": 450, "carte": 400, "total": 850},
    },
    {
        "NS": {"base": 300, "carte": 415, "total": 715},
        "EO": {"base": 0, "carte": -40, "total": -40},
    },
]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_b1_hand_by_hand(client, number):
    state = replayed(client, document(copy.deepcopy(B1_DOCUMENT_HANDS[:number])))
    assert [row["lines"] for row in state["history"]] == B1_ROWS[:number]


def test_b1_turno_totals_and_every_players_total(client):
    state = replayed(client, document(B1_DOCUMENT_HANDS, target=None, hands_per_turno=3))
    assert [
        (line["name"], line["total"], line["base"], line["carte"]) for line in state["lines"]
    ] == [
        ("NS", 1315, 600, 715),
        ("EO", 960, 440, 520),
    ]
    assert {p["name"]: p["total"] for p in state["players"]} == {
        "Anna": 1315,
        "Bruno": 960,
        "Carla": 1315,
        "Dario": 960,
    }
    assert state["finished"] and state["winning_line"] == "NS"
    assert [line["place"] for line in state["lines"]] == [1, 2]


R1 = {
    "type": "hand",
    "end": "closing",
    "lines": {
        "NS": {"pozzetto_taken": True, "melded": 120, "in_hand": 60},
        "EO": {"closed": True, "pozzetto_taken": True, "melded": 60, "in_hand": 0},
    },
}


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "EO closed without a burraco."), ("it", "EO ha chiuso senza burraco.")],
)
def test_r1_eo_closed_without_a_burraco(client, language, message):
    response = preview(client, document([B1_DOCUMENT_HANDS[0], R1]), language)
    assert refusal(response) == {"event": 1, "field": "lines.EO.closed", "message": message}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "NS: 237 is not a multiple of 5: every card is worth 5, 10, 15, 20 or 30."),
        ("it", "NS: 237 non è un multiplo di 5: ogni carta vale 5, 10, 15, 20 o 30."),
    ],
)
def test_r2_ns_melded_237(client, language, message):
    r2 = copy.deepcopy(B1_DOCUMENT_HANDS[2])
    r2["lines"]["NS"]["melded"] = 237
    response = preview(client, document([r2]), language)
    assert refusal(response) == {"event": 0, "field": "lines.NS.melded", "message": message}


def test_f1_ns_2010_eo_1995_wins_and_2010_all_plays_on(client):
    def tallone(ns, eo):
        return {"type": "hand", "end": "tallone", "lines": {"NS": ns, "EO": eo}}

    first = {
        "type": "hand",
        "end": "closing",
        "lines": {
            "NS": {
                "closed": True,
                "puliti": 2,
                "pozzetto_taken": True,
                "melded": 500,
                "in_hand": 0,
            },
            "EO": {"puliti": 2, "pozzetto_taken": True, "melded": 480, "in_hand": 0},
        },
    }
    second = tallone(
        {"puliti": 2, "pozzetto_taken": True, "melded": 410, "in_hand": 0},
        {"puliti": 2, "pozzetto_taken": True, "melded": 615, "in_hand": 0},
    )  # NS 1810, EO 1895
    ns_200 = {"sporchi": 1, "pozzetto_taken": True, "melded": 100, "in_hand": 0}
    won = replayed(
        client,
        document(
            [
                first,
                second,
                tallone(
                    ns_200, {"sporchi": 1, "pozzetto_taken": True, "melded": 50, "in_hand": 50}
                ),
            ]
        ),
    )
    assert won["history"][-1]["line_totals"] == {"NS": 2010, "EO": 1995}
    assert won["finished"] and won["ended_by"] == "target" and won["winning_line"] == "NS"
    tied = replayed(
        client,
        document(
            [
                first,
                second,
                tallone(
                    ns_200, {"sporchi": 1, "pozzetto_taken": True, "melded": 65, "in_hand": 50}
                ),
            ]
        ),
    )
    assert tied["history"][-1]["line_totals"] == {"NS": 2010, "EO": 2010}
    assert not tied["finished"] and tied["winning_line"] is None


@pytest.mark.parametrize(("refused_hand", "options", "field", "message"), REFUSALS)
def test_every_refusal_of_section_1_answers_400_with_event_field_and_message(
    client, refused_hand, options, field, message
):
    response = preview(client, document([as_data(OPENING), as_data(refused_hand)], **options))
    assert refusal(response) == {"event": 1, "field": field, "message": message}


def test_every_refusal_is_said_in_italian(client):
    for refused_hand, options, _field, message in REFUSALS:
        response = preview(
            client, document([as_data(OPENING), as_data(refused_hand)], **options), "it"
        )
        said = refusal(response)["message"]
        assert said != message and "%(" not in said, said


def test_the_openapi_schema_describes_the_burraco_hand(client):
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    event = components["MatchEventRequest"]["properties"]
    end = event["end"]
    if "enum" not in end:  # drf-spectacular names a choice set as a component
        end = components[end["allOf"][0]["$ref"].rsplit("/", 1)[1]]
    assert end["enum"] == ["closing", "tallone", "time_out", "stallo", "arbitral"]
    line_ref = event["lines"]["additionalProperties"]["$ref"].rsplit("/", 1)[1]
    line = components[line_ref]
    assert set(line["required"]) == {"pozzetto_taken", "melded", "in_hand"}
    assert {"puliti", "semipuliti", "sporchi", "reali", "closed", "pozzetto_unplayed"} <= set(
        line["properties"]
    )
