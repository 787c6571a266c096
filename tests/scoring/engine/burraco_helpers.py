"""Helpers for the Burraco tests: the players, hand builders, and the worked example B1 of
BURRACO.md section 7 (one turno of 3 smazzate, default rules)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import BurracoHand, BurracoLine, EngineError, Event, replay, rules_for
from scoring.engine.burraco import BurracoState

# Seats 1 to 4: NS is Anna and Carla, EO Bruno and Dario.
ANNA, BRUNO, CARLA, DARIO = PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


def line(melded: int, in_hand: int, pozzetto_taken: bool | None = True, **more: Any) -> BurracoLine:
    return BurracoLine(melded=melded, in_hand=in_hand, pozzetto_taken=pozzetto_taken, **more)


def hand(end: str, ns: BurracoLine, eo: BurracoLine) -> BurracoHand:
    return BurracoHand(end, {"NS": ns, "EO": eo})


# B1, hand by hand: (hand, NS's base, carte, total, EO's base, carte, total).
B1_HANDS = (
    hand(
        "closing",
        line(385, 15, puliti=1, sporchi=1, closed=True),
        line(240, 80, sporchi=1, pozzetto_unplayed=110),
    ),
    hand(
        "closing",
        line(120, 190, pozzetto_taken=False),
        line(420, 20, puliti=1, semipuliti=1, closed=True),
    ),
    hand(
        "tallone",
        line(455, 40, puliti=1, sporchi=1),
        line(180, 220, pozzetto_taken=False, sporchi=1),
    ),
)
B1_SCORES = (
    (400, 370, 770, -10, 160, 150),
    (-100, -70, -170, 450, 400, 850),
    (300, 415, 715, 0, -40, -40),
)

# The same hands in the match document.
B1_DOCUMENT_HANDS = [
    {
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
    },
    {
        "type": "hand",
        "end": "closing",
        "lines": {
            "NS": {"pozzetto_taken": False, "melded": 120, "in_hand": 190},
            "EO": {
                "closed": True,
                "puliti": 1,
                "semipuliti": 1,
                "pozzetto_taken": True,
                "melded": 420,
                "in_hand": 20,
            },
        },
    },
    {
        "type": "hand",
        "end": "tallone",
        "lines": {
            "NS": {"puliti": 1, "sporchi": 1, "pozzetto_taken": True, "melded": 455, "in_hand": 40},
            "EO": {"sporchi": 1, "pozzetto_taken": False, "melded": 180, "in_hand": 220},
        },
    },
]


def play(
    events: list[Event] | tuple[Event, ...],
    preset: str = "burraco",
    players: tuple[str, ...] = PLAYERS,
    **options: Any,
) -> BurracoState:
    state = replay(rules_for(preset, options), players, events)
    assert isinstance(state, BurracoState)
    return state


def refused(events: list[Event], preset: str = "burraco", **options: Any) -> EngineError:
    with pytest.raises(EngineError) as caught:
        play(events, preset, **options)
    return caught.value
