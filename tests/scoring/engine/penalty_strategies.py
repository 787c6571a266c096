"""Hypothesis strategies for random valid Scala 40 and Ramino matches.

`penalty_matches()` draws a rule set (preset `scala40`, `scala40-club` or `ramino` with random
option overrides), the players and the first dealer, then builds the events one at a time from the
state so far (tests/scoring/engine/growing.py), so that every event it generates is accepted by
`replay`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from scoring.engine import (
    Event,
    Hand,
    MatchState,
    Reentry,
    RuleSet,
    Status,
    TimeCall,
    Withdraw,
    replay,
    rules_for,
)

from .growing import Growing

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
PRESETS = ("scala40", "scala40-club", "ramino")
REGULAR_CLOSINGS = ("normal", "colore", "figura", "two_cards")
WINNING_CLOSINGS = ("scala_reale", "pockerissimo")

# Choices are made with a percentage rather than `sampled_from` over a weighted list: generation
# favours the ends of a range, so rare choices (a time call) sit in the middle to stay rare.
percent = st.integers(0, 99)
small_points = st.integers(0, 35)
any_points = st.integers(0, 200)


@dataclass(frozen=True)
class PenaltyMatch:
    """A generated match: everything `replay` needs."""

    rules: RuleSet
    players: tuple[str, ...]
    first_dealer: str
    events: tuple[Event, ...]

    def replay(self, events: tuple[Event, ...] | None = None) -> MatchState:
        """Replay this match, or the given events with this match's rules and players."""
        return replay(
            self.rules,
            self.players,
            self.events if events is None else events,
            first_dealer=self.first_dealer,
        )


_COMMON_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "elimination_at": st.sampled_from([101, 151, 201, 301]),
    "elimination_rule": st.sampled_from([">=", ">"]),
    "in_hand_scoring": st.sampled_from(["double", "bonus", "none"]),
    "in_hand_bonus": st.integers(0, 50),
    "not_opened_penalty": st.none() | st.sampled_from([50, 100, 200]),
    "allow_negative": st.booleans(),
    "reentry_allowed": st.booleans(),
    "reentry_max": st.integers(1, 3),
    "reentry_extra_points": st.integers(0, 20),
    "reentry_min_in_play": st.integers(1, 3),
    "reentry_fee": st.sampled_from(["0.00", "2.50"]),
    "stake": st.sampled_from(["0.00", "10.00"]),
}
_RAMINO_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "bonus_mode": st.sampled_from(["closer_credit", "opponents_pay"]),
    "normal_bonus": st.integers(0, 20),
    "colore_bonus": st.integers(0, 40),
    "figura_bonus": st.integers(0, 60),
}


@st.composite
def penalty_rules(draw: st.DrawFn) -> RuleSet:
    """A preset of a penalty-point game with some of its options overridden."""
    preset = draw(st.sampled_from(PRESETS))
    options = _COMMON_OPTIONS | (_RAMINO_OPTIONS if preset == "ramino" else {})
    overrides = draw(st.fixed_dictionaries({}, optional=options))
    return rules_for(preset, overrides)


def draw_hand(draw: st.DrawFn, rules: RuleSet, state: MatchState) -> Hand:
    """A hand among the players in play (at least two), as the rules accept it.

    A plain function of `draw` rather than a strategy: nested strategies cost time per draw, and
    a match draws a few hundred values.
    """
    in_play = tuple(state.in_play)
    closer = draw(st.sampled_from(in_play))
    not_opened = set()
    points = {}
    for name in in_play:
        if name == closer:
            continue
        roll = draw(percent)
        if roll < 12:
            not_opened.add(name)
            # With a flat penalty set, a not-opened player's points may be left out.
            if rules.not_opened_penalty is not None and roll < 6:
                continue
        # Mostly small hands, one in twelve up to the maximum: busts come after a few hands.
        points[name] = draw(any_points if 45 <= roll < 53 else small_points)
    roll = draw(percent)
    closing = "normal"
    if rules.game == "ramino":
        closing = draw(st.sampled_from(REGULAR_CLOSINGS))
        if 40 <= roll < 44:
            closing = WINNING_CLOSINGS[roll % 2]
    return Hand(
        closer=closer,
        points=points,
        in_hand=roll < 20,
        not_opened=frozenset(not_opened),
        closing=closing,
    )


def draw_event(draw: st.DrawFn, rules: RuleSet, state: MatchState) -> Event:
    """One event the match in `state` (not finished) accepts.

    About 2% time calls; while players wait to re-enter, about 73% re-entries and 10% declines;
    otherwise 4% withdrawals and the rest hands.
    """
    in_play = tuple(state.in_play)
    waiting = tuple(p.name for p in state.players if p.status == Status.ELIMINATED)
    roll = draw(percent)
    if 48 <= roll < 50:
        return TimeCall()
    if waiting and (roll < 85 or len(in_play) == 1):
        player = draw(st.sampled_from(waiting))
        return Reentry(player) if roll < 75 else Withdraw(player)
    if 70 <= roll < 74:
        return Withdraw(draw(st.sampled_from(in_play)))
    return draw_hand(draw, rules, state)


@st.composite
def penalty_matches(draw: st.DrawFn, max_events: int = 30) -> PenaltyMatch:
    """A valid match of `max_events` events, or fewer if it ends sooner (or is shrunk)."""
    rules = draw(penalty_rules())
    players = NAMES[: draw(st.integers(rules.min_players, rules.max_players))]
    first_dealer = draw(st.sampled_from(players))
    match = Growing(rules, players, first_dealer)
    while len(match.events) < max_events and not match.state.finished:
        match.add(draw_event(draw, rules, match.state))
    return PenaltyMatch(rules, players, first_dealer, tuple(match.events))


def after_the_end(players: tuple[str, ...]) -> st.SearchStrategy[Event]:
    """Any kind of event, to append to a match that has ended."""
    first, second = players[0], players[1]
    return st.sampled_from([Hand(first, {second: 0}), Reentry(second), Withdraw(first), TimeCall()])
