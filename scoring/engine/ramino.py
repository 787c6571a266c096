"""Ramino (RULES.md section 2): the closing kind gives a bonus, or wins the match at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import InternalError
from .errors import gettext_noop as _
from .events import Event
from .penalty import Closing, PenaltyGame, replay_penalty
from .rules import PenaltyRules, RaminoRules
from .state import EndedBy, MatchState

WINNING_CLOSINGS = {
    "scala_reale": Closing(wins_match=EndedBy.SCALA_REALE),
    "pockerissimo": Closing(wins_match=EndedBy.POCKERISSIMO),
}


def closing_bonuses(rules: RaminoRules) -> dict[str, int]:
    """The bonus of every closing that does not win the match at once."""
    return {
        "normal": rules.normal_bonus,
        "colore": rules.colore_bonus,
        "figura": rules.figura_bonus,
        "two_cards": 0,  # the closer's total stays as it is
    }


def _closings(rules: PenaltyRules) -> Mapping[str, Closing]:
    """`closer_credit`: the bonus comes off the closer's total; `opponents_pay`: every opponent
    pays it on top of their points and the closer scores 0."""
    if not isinstance(rules, RaminoRules):
        raise InternalError(f"Ramino replayed with {type(rules).__name__}")
    opponents_pay = rules.bonus_mode == "opponents_pay"
    table = {
        kind: Closing(opponents_extra=bonus) if opponents_pay else Closing(closer_credit=bonus)
        for kind, bonus in closing_bonuses(rules).items()
    }
    return table | WINNING_CLOSINGS


RAMINO = PenaltyGame(
    name="Ramino",
    closings=_closings,
    unknown_closing=_("%(closing)s is not a Ramino closing; the closings are: %(closings)s."),
)


def replay(
    rules: RaminoRules, players: tuple[str, ...], events: Sequence[Event], *, first_dealer: str
) -> MatchState:
    """Replay a Ramino match (players and first dealer already validated by `replay.replay`).

    Raises `EngineError` at the first refused event, a Gin hand included.
    """
    return replay_penalty(rules, players, events, first_dealer=first_dealer, game=RAMINO)
