"""A match grown one event at a time, as the strategies and the bounds properties build theirs.

`scoring.engine.progress.advance` applies each event to the live state (linear in the match's
length); replaying every prefix (`replay` after each new event) was quadratic. The state it gives
is the replay's, its history the snapshots `advance` answered (tests/scoring/engine/
test_progress_properties.py proves both equal to `replay`'s).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scoring.engine import Event, MatchState, RuleSet, Snapshot
from scoring.engine import progress as engine


class Growing:
    """A match of `rules` and `players` from its first event; `add` applies the next one."""

    def __init__(
        self, rules: RuleSet, players: Sequence[str], first_dealer: str | None = None
    ) -> None:
        self.progress = engine.start(rules, players, first_dealer)
        self.events: list[Event] = []
        self.history: list[Snapshot] = []
        self.state: MatchState = engine.state(self.progress)  # without history

    def add(self, event: Event) -> None:
        self.history.append(engine.advance(self.progress, event))
        self.events.append(event)
        self.state = engine.state(self.progress)

    def full_state(self) -> MatchState:
        """The state `replay` gives for the events so far, its history included."""
        return replace(self.state, history=tuple(self.history))
