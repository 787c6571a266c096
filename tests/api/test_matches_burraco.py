"""A Burraco match through the API (issue 28): started with a Burraco preset, a hand posted as
the match document writes it (B1 of BURRACO.md section 7, hand 1), the lines in the state, and a
refusal naming the line's field (R1: EO closed without a burraco)."""

import pytest

from tests.api.conftest import start

pytestmark = pytest.mark.django_db

B1_HAND_1 = {
    "type": "hand",
    "end": "closing",
    "lines": {
        "NS": {
            "closed": True,
            "puliti": 1,
            "sporchi": 1,
            "pozzetto_taken": True,
            "melded": 385,
            "in_hand": 15,
        },
        "EO": {
            "sporchi": 1,
            "pozzetto_taken": True,
            "pozzetto_unplayed": 110,
            "melded": 240,
            "in_hand": 80,
        },
    },
}


def burraco_match(world):
    players = [world.player(world.aurora, name) for name in ("Anna", "Bruno", "Carla", "Dario")]
    return start(world.aurora, players, preset="burraco")


def test_a_burraco_hand_posted_gives_each_line_its_total(world, api):
    match = burraco_match(world)
    scorer = api("scorekeeper")
    response = scorer.post(f"/api/v1/matches/{match.pk}/events/", B1_HAND_1)
    assert response.status_code == 201, response.content
    state = scorer.get(f"/api/v1/matches/{match.pk}/").json()["state"]
    assert state["game"] == "burraco"
    lines = {line["name"]: (line["base"], line["carte"], line["total"]) for line in state["lines"]}
    assert lines == {"NS": (400, 370, 770), "EO": (-10, 160, 150)}


def test_r1_a_closing_without_a_burraco_is_refused_with_its_field(world, api):
    match = burraco_match(world)
    eo = {"closed": True, "pozzetto_taken": True, "melded": 60, "in_hand": 0}
    ns = {"pozzetto_taken": True, "melded": 100, "in_hand": 20}
    hand = {"type": "hand", "end": "closing", "lines": {"NS": ns, "EO": eo}}
    response = api("scorekeeper").post(f"/api/v1/matches/{match.pk}/events/", hand)
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert error["field"] == "lines.EO.closed"
    assert error["message"] == "EO closed without a burraco."
