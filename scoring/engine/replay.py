"""`replay(rules, players, events)`: the one function that computes scores."""

from __future__ import annotations

from collections.abc import Sequence

from . import burraco, gin, ramino, scala40
from .errors import EngineError
from .errors import gettext_noop as _
from .events import Event
from .rules import BurracoRules, GinRules, RaminoRules, RuleSet, Scala40Rules
from .state import MatchState

GAME_NAMES = {
    "scala40": "Scala 40",
    "ramino": "Ramino",
    "gin": "Gin Rummy",
    "burraco": "Burraco",
}


def validate_players(rules: RuleSet, players: Sequence[str], first_dealer: str | None) -> None:
    """Refuse a player list the game cannot be played with (EngineError with event None)."""
    if not rules.min_players <= len(players) <= rules.max_players:
        if rules.min_players == rules.max_players:
            raise EngineError(
                _("%(game)s is played by exactly %(count)s players."),
                field="players",
                params={"game": GAME_NAMES[rules.game], "count": rules.min_players},
            )
        raise EngineError(
            _("%(game)s is played by %(minimum)s to %(maximum)s players."),
            field="players",
            params={
                "game": GAME_NAMES[rules.game],
                "minimum": rules.min_players,
                "maximum": rules.max_players,
            },
        )
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise EngineError(_("Every player needs a name."), field="players")
    if len(set(players)) != len(players):
        raise EngineError(_("Two players have the same name."), field="players")
    if first_dealer is not None and first_dealer not in players:
        raise EngineError(
            _("The first dealer %(player)s is not a player of this match."),
            field="first_dealer",
            params={"player": first_dealer},
        )


def replay(
    rules: RuleSet,
    players: Sequence[str],
    events: Sequence[Event],
    *,
    first_dealer: str | None = None,
) -> MatchState:
    """Replay `events` from the start and return the whole state of the match.

    `players` are the names in seat order; `first_dealer` defaults to the first of them.
    Raises `EngineError` (with the index of the offending event) on the first event that the
    rules refuse. Deterministic: the same arguments always give the same state.
    """
    players = tuple(players)
    validate_players(rules, players, first_dealer)
    dealer = first_dealer if first_dealer is not None else players[0]

    if isinstance(rules, Scala40Rules):
        return scala40.replay(rules, players, events, first_dealer=dealer)
    if isinstance(rules, RaminoRules):
        return ramino.replay(rules, players, events, first_dealer=dealer)
    if isinstance(rules, GinRules):
        return gin.replay(rules, players, events, first_dealer=dealer)
    if isinstance(rules, BurracoRules):
        return burraco.replay(rules, players, events, first_dealer=dealer)
    raise TypeError(f"not a rule set: {rules!r}")
