"""Hypothesis strategies of valid Burraco matches (presets burraco, burraco-internazionale,
burraco-1v1, with options changed, free play and turni): every hand they draw is one the rules
accept, and a match stops at its end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from scoring.engine import (
    BurracoHand,
    BurracoLine,
    BurracoRules,
    EngineError,
    Event,
    TimeCall,
    replay,
    rules_for,
)
from scoring.engine.burraco import BurracoState
from scoring.engine.burraco_hands import ENDS, STOPS, score_hand

from .burraco_helpers import PLAYERS
from .growing import Growing

MAX_HANDS = 12


@dataclass(frozen=True)
class BurracoMatch:
    preset: str
    options: dict[str, Any]
    rules: BurracoRules
    players: tuple[str, ...]
    events: tuple[Event, ...]
    state: BurracoState

    def replay(self) -> BurracoState:
        state = replay(self.rules, self.players, self.events)
        assert isinstance(state, BurracoState)
        return state


@st.composite
def burraco_rules(draw: st.DrawFn) -> tuple[str, dict[str, Any], BurracoRules]:
    preset = draw(st.sampled_from(("burraco", "burraco-internazionale", "burraco-1v1")))
    options: dict[str, Any] = {
        "bonus_semipulito": draw(st.sampled_from((150, None))),
        "bonus_reale": draw(st.sampled_from((None, 300))),
        "pozzetto_penalty_on_stop": draw(st.sampled_from(("ask", "always", "never"))),
    }
    if draw(st.booleans()):
        options["target"] = draw(st.sampled_from((1005, 2000, 2005, 2500, 3000)))
    else:
        options |= {"target": None, "hands_per_turno": draw(st.sampled_from((2, 3, 4)))}
    rules = rules_for(preset, options)
    assert isinstance(rules, BurracoRules)
    return preset, options, rules


@st.composite
def a_line(draw: st.DrawFn, rules: BurracoRules, end: str, closed: bool) -> BurracoLine:
    counts = {
        "puliti": draw(st.integers(0, 3)),
        "semipuliti": draw(st.integers(0, 2)) if rules.bonus_semipulito is not None else 0,
        "sporchi": draw(st.integers(0, 3)),
        "reali": draw(st.integers(0, 1)) if rules.bonus_reale is not None else 0,
    }
    if closed and not counts["puliti"]:
        counts["puliti"] = 1  # a closing line has a burraco (a pulito for the international rule)
    taken = closed or draw(st.booleans())
    burraci = sum(counts.values())
    melded = 35 * burraci + 5 * draw(st.integers(0, 40))
    unplayed = 5 * draw(st.integers(11, 52)) if taken and draw(st.booleans()) else 0
    penalty = None
    if not taken and end in STOPS and rules.pozzetto_penalty_on_stop == "ask":
        penalty = draw(st.booleans())
    return BurracoLine(
        melded=melded,
        in_hand=5 * draw(st.integers(0, 40)),
        pozzetto_taken=taken,
        closed=closed,
        pozzetto_unplayed=unplayed,
        pozzetto_penalty=penalty,
        **counts,
    )


@st.composite
def a_hand(draw: st.DrawFn, rules: BurracoRules) -> BurracoHand:
    end = draw(st.sampled_from(ENDS))
    closer = draw(st.sampled_from(("NS", "EO"))) if end == "closing" else None
    lines = {name: draw(a_line(rules, end, closed=name == closer)) for name in ("NS", "EO")}
    hand = BurracoHand(end, lines)
    try:
        score_hand(rules, hand)
    except EngineError:  # over 15 burraci, or over 1080 in cards: draw again
        return draw(a_hand(rules))
    return hand


@st.composite
def burraco_matches(draw: st.DrawFn) -> BurracoMatch:
    preset, options, rules = draw(burraco_rules())
    players = PLAYERS[: rules.players]
    match = Growing(rules, players)
    for _ in range(draw(st.integers(0, MAX_HANDS))):
        if match.state.finished:
            break
        match.add(draw(a_hand(rules)))
    if not match.state.finished and draw(st.booleans()):
        match.add(TimeCall())
    state = match.full_state()
    assert isinstance(state, BurracoState)
    return BurracoMatch(preset, options, rules, players, tuple(match.events), state)
