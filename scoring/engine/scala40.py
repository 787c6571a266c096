"""Scala 40 (RULES.md section 1): a hand closes normally; the penalty-point core does the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import gettext_noop as _
from .events import Event
from .penalty import NORMAL_CLOSING, Closing, PenaltyGame, replay_penalty
from .rules import PenaltyRules, Scala40Rules
from .state import MatchState


def _closings(rules: PenaltyRules) -> Mapping[str, Closing]:
    """Scala 40 has no closing kinds: only "normal", which adds nothing."""
    return {"normal": NORMAL_CLOSING}


SCALA40 = PenaltyGame(
    name="Scala 40",
    closings=_closings,
    unknown_closing=_("A Scala 40 hand closes normally: %(closing)s is not a Scala 40 closing."),
)


def replay(
    rules: Scala40Rules, players: tuple[str, ...], events: Sequence[Event], *, first_dealer: str
) -> MatchState:
    """Replay a Scala 40 match (players and first dealer already validated by `replay.replay`).

    Raises `EngineError` at the first refused event, a Gin hand included.
    """
    return replay_penalty(rules, players, events, first_dealer=first_dealer, game=SCALA40)
