"""Helpers for the Gin Rummy tests: hand builders, and hypothesis strategies of valid matches.

The strategies build a match one event at a time from the engine's own state (a replay of the
events so far), so every event they produce is one the rules accept, and they stop at the end of
the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import strategies as st

from scoring.engine import (
    EngineError,
    Event,
    GinHand,
    GinRules,
    MatchState,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)

from .growing import Growing

ANNA, BRUNO = PLAYERS = ("Anna", "Bruno")
GIN_PRESETS = ("gin", "gin-standard", "gin-classic", "gin-oklahoma", "gin-hollywood")
MAX_HANDS = 30


# --- builders ---------------------------------------------------------------------------------


def other(player: str) -> str:
    return BRUNO if player == ANNA else ANNA


def knock(knocker: str, knocker_deadwood: int, defender_deadwood: int, upcard: str | None = None):
    """A knock by `knocker` with both deadwoods."""
    deadwood = {knocker: knocker_deadwood, other(knocker): defender_deadwood}
    return GinHand("knock", knocker, deadwood, upcard=upcard)


def gin(knocker: str, defender_deadwood: int, upcard: str | None = None) -> GinHand:
    return GinHand("gin", knocker, {knocker: 0, other(knocker): defender_deadwood}, upcard=upcard)


def big_gin(knocker: str, defender_deadwood: int, upcard: str | None = None) -> GinHand:
    deadwood = {knocker: 0, other(knocker): defender_deadwood}
    return GinHand("big_gin", knocker, deadwood, upcard=upcard)


def dead(upcard: str | None = None) -> GinHand:
    return GinHand("dead", upcard=upcard)


def worth(winner: str, points: int) -> GinHand:
    """A knock that `winner` wins for exactly `points` (1 to 99) in a game without doubling."""
    return knock(winner, 1, points + 1)


def rules(preset: str | GinRules, **overrides: Any) -> GinRules:
    if isinstance(preset, GinRules):
        return preset.replace(**overrides)  # type: ignore[return-value]
    built = rules_for(preset, overrides)
    assert isinstance(built, GinRules)
    return built


def play(
    preset: str | GinRules,
    events: Sequence[Event],
    *,
    first_dealer: str | None = None,
    **overrides: Any,
) -> MatchState:
    """Replay `events` between Anna and Bruno through the engine's public `replay`."""
    return replay(rules(preset, **overrides), PLAYERS, events, first_dealer=first_dealer)


def refused(preset: str | GinRules, events: Sequence[Event], **overrides: Any) -> EngineError:
    """The refusal the engine raises for `events` (the test fails if there is none)."""
    with pytest.raises(EngineError) as caught:
        play(preset, events, **overrides)
    return caught.value


# --- strategies -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GinMatch:
    """A generated match: its rules, first dealer and events, and the state they replay to."""

    rules: GinRules
    first_dealer: str
    events: tuple[Event, ...]
    state: MatchState

    def replay(self) -> MatchState:
        return replay(self.rules, PLAYERS, self.events, first_dealer=self.first_dealer)


@st.composite
def gin_rules(draw: st.DrawFn, presets: Sequence[str] = GIN_PRESETS) -> GinRules:
    """A Gin preset, often with options changed (a mano, target, boxes, shutout...)."""
    preset = draw(st.sampled_from(presets))
    overrides: dict[str, Any] = {}
    if draw(st.booleans()):
        overrides["target"] = draw(st.integers(1, 250))
    if preset != "gin-hollywood" and draw(st.integers(0, 3)) == 0:
        overrides["match_mode"] = "hands"
        overrides["hands_to_win"] = draw(st.integers(1, 6))
    if draw(st.booleans()):
        overrides["box_recipient"] = draw(st.sampled_from(("knocker", "winner")))
        overrides["box_timing"] = draw(st.sampled_from(("immediate", "end")))
        overrides["shutout"] = draw(st.sampled_from(("none", "double", "game_bonus")))
        overrides["undercut_on_tie"] = draw(st.booleans())
        overrides["knock_limit"] = draw(st.integers(1, 10))
    if preset == "gin-oklahoma" and draw(st.booleans()):
        overrides["ace_upcard"] = draw(st.sampled_from(("gin_only", "knock_1")))
        overrides["spade_doubles"] = draw(st.booleans())
        overrides["spade_doubles_boxes"] = draw(st.booleans())
    return rules(preset, **overrides)


_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_LIMITS = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(face): face for face in range(2, 11)}


@st.composite
def upcards(draw: st.DrawFn) -> str:
    """An upcard as a scorekeeper may type it: any case."""
    rank = draw(st.sampled_from(_RANKS))
    suit = draw(st.sampled_from("shdc"))
    card = rank + suit
    return card.upper() if draw(st.booleans()) else card.lower()


@st.composite
def gin_hands(draw: st.DrawFn, rules: GinRules) -> GinHand:
    """A hand that `rules` accept between Anna and Bruno."""
    upcard = draw(upcards()) if rules.variant == "oklahoma" else None
    limit = rules.knock_limit
    knock_allowed = True
    if upcard is not None:
        rank = upcard[:-1].upper()
        limit = _LIMITS[rank]
        knock_allowed = rank != "A" or rules.ace_upcard == "knock_1"
    results = ["dead", "gin"]
    if knock_allowed:
        results += ["knock"] * 4
    if rules.big_gin_bonus is not None:
        results.append("big_gin")
    result = draw(st.sampled_from(results))
    if result == "dead":
        return dead(upcard if draw(st.booleans()) else None)
    knocker = draw(st.sampled_from(PLAYERS))
    # Mostly the small counts of real hands, so that games last a few hands; now and then any.
    defender_deadwood = draw(st.one_of(st.integers(0, 30), st.integers(0, GinRules.max_deadwood)))
    if result == "knock":
        return knock(knocker, draw(st.integers(1, limit)), defender_deadwood, upcard)
    deadwood = {other(knocker): defender_deadwood}
    if draw(st.booleans()):
        deadwood[knocker] = 0
    return GinHand(result, knocker, deadwood, upcard=upcard)


@st.composite
def gin_matches(draw: st.DrawFn, presets: Sequence[str] = GIN_PRESETS) -> GinMatch:
    """A valid match, grown event by event from the state so far.

    Up to MAX_HANDS hands, stopping when the match ends; a match still running may then get a
    withdrawal or a time call, or be left running.
    """
    match_rules = draw(gin_rules(presets))
    first_dealer = draw(st.sampled_from(PLAYERS))
    match = Growing(match_rules, PLAYERS, first_dealer)
    for _ in range(draw(st.integers(0, MAX_HANDS))):
        if match.state.finished:
            break
        match.add(draw(gin_hands(match_rules)))
    if not match.state.finished:
        ending = draw(st.sampled_from(("running", "withdraw", "time_call")))
        if ending == "withdraw":
            match.add(Withdraw(draw(st.sampled_from(PLAYERS))))
        elif ending == "time_call":
            match.add(TimeCall())
    return GinMatch(match_rules, first_dealer, tuple(match.events), match.full_state())


def any_event() -> st.SearchStrategy[Event]:
    """Any Gin event, valid or not once the match is over (for "the match is over")."""
    return st.one_of(
        st.builds(TimeCall),
        st.sampled_from(PLAYERS).map(Withdraw),
        st.sampled_from(PLAYERS).map(lambda name: gin(name, 10)),
        st.just(dead()),
    )
