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


# A refusal per rule of BURRACO.md section 1: (hand, options, field, message), each refused as the
# second event of a match (after OPENING).
OPENING = hand("tallone", line(100, 20, sporchi=1), line(40, 10))
CLOSED_SPORCO = line(200, 0, sporchi=1, closed=True)
REFUSALS = [
    # 1. the end and who closed
    (
        hand("closing", line(100, 0, sporchi=1), line(100, 0, sporchi=1)),
        {},
        "end",
        "The hand ended with a closing: say which line closed.",
    ),
    (
        hand("closing", CLOSED_SPORCO, CLOSED_SPORCO),
        {},
        "lines.EO.closed",
        "Only one line closes a hand.",
    ),
    (
        hand("tallone", CLOSED_SPORCO, line(50, 0)),
        {},
        "lines.NS.closed",
        "Only a hand that ended with a closing has a line that closed.",
    ),
    (
        hand("finished", line(50, 0), line(50, 0)),
        {},
        "end",
        "finished is not how a hand ends: closing, tallone, time_out, stallo or arbitral.",
    ),
    # 2. the closing line: a burraco (a pulito, international rule) and its pozzetto
    (
        hand("closing", line(200, 0, sporchi=1), line(200, 0, sporchi=1, closed=True)),
        {"closing_needs_pulito": True},
        "lines.EO.closed",
        "EO closed without a burraco pulito: these rules need one to close.",
    ),
    (
        hand("closing", line(200, 0, pozzetto_taken=False, sporchi=1, closed=True), line(5, 0)),
        {},
        "lines.NS.closed",
        "NS closed without taking its pozzetto.",
    ),
    # 3. values, types that are off, the scorer's say on the pozzetto penalty
    (
        hand("tallone", line(50, -5), line(50, 0)),
        {},
        "lines.NS.in_hand",
        "NS: -5 is below 0; the value of cards is 0 or more.",
    ),
    (
        hand("tallone", line(50, 0), line(50, 12)),
        {},
        "lines.EO.in_hand",
        "EO: 12 is not a multiple of 5: every card is worth 5, 10, 15, 20 or 30.",
    ),
    (
        hand("tallone", line(50, 0), line(200, 0, semipuliti=1)),
        {"bonus_semipulito": None},
        "lines.EO.semipuliti",
        "These rules do not count the burraco semipulito: enter it as sporco.",
    ),
    (
        hand("tallone", line(600, 0, reali=1), line(50, 0)),
        {},
        "lines.NS.reali",
        "These rules do not count the burraco reale: enter it as pulito.",
    ),
    (
        hand("time_out", line(50, 0), line(50, 0, pozzetto_taken=False)),
        {},
        "lines.EO.pozzetto_penalty",
        "EO did not take its pozzetto and play was stopped: say whether it pays the penalty.",
    ),
    (
        hand("tallone", line(50, 0), line(50, 0, pozzetto_taken=None)),
        {},
        "lines.EO.pozzetto_taken",
        "Say whether EO took its pozzetto.",
    ),
    # 4. the unplayed pozzetto
    (
        hand("tallone", line(50, 0, pozzetto_taken=False, pozzetto_unplayed=100), line(50, 0)),
        {},
        "lines.NS.pozzetto_unplayed",
        "NS did not take its pozzetto, so it cannot have left it unplayed.",
    ),
    (
        hand("tallone", line(50, 0, pozzetto_unplayed=50), line(50, 0)),
        {},
        "lines.NS.pozzetto_unplayed",
        "An unplayed pozzetto holds 11 cards, worth 55 to 260: 50 cannot be.",
    ),
    (
        hand("tallone", line(50, 0), line(50, 0, pozzetto_unplayed=265)),
        {},
        "lines.EO.pozzetto_unplayed",
        "An unplayed pozzetto holds 11 cards, worth 55 to 260: 265 cannot be.",
    ),
    # 5. what 108 cards can hold
    (
        hand("tallone", line(65, 0, puliti=1, sporchi=1), line(50, 0)),
        {},
        "lines.NS.melded",
        "NS melded 2 burraci, worth 70 or more, but its cards on the table are worth 65.",
    ),
    (
        hand("tallone", line(300, 0, puliti=8), line(300, 0, sporchi=8)),
        {},
        "lines",
        "The two lines hold 16 burraci; 108 cards make at most 15.",
    ),
    (
        hand("tallone", line(600, 100), line(300, 85)),
        {},
        "lines",
        "The cards of the hand add up to 1085; the 108 cards are worth 1080 in all.",
    ),
]
