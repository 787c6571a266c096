"""The scoring engine: plain Python, no Django. Hands are the truth; `replay` derives everything.

Public names:
- rule sets: `Scala40Rules`, `RaminoRules`, `GinRules`, `BurracoRules`,
  `rules_for(preset, overrides)`, `rules_from_dict(game, options)`, `PRESETS`;
- events: `Hand`, `GinHand`, `BurracoHand` (of `BurracoLine`s), `Reentry`, `Withdraw`,
  `TimeCall`; `hand_numbers` (hands 1, 2, 3...);
- `replay(rules, players, events, first_dealer=None) -> MatchState`;
- errors: `EngineError` (a refusal), `RuleSetError`, `InternalError` (a bug).
"""

from .errors import EngineError, InternalError, RuleSetError
from .events import (
    BurracoHand,
    BurracoLine,
    Event,
    GinHand,
    Hand,
    Reentry,
    TimeCall,
    Withdraw,
    hand_numbers,
)
from .presets import DEFAULT_PRESET, PRESETS, preset_game, preset_names, rules_for, rules_from_dict
from .replay import replay
from .rules import BurracoRules, GinRules, RaminoRules, RuleSet, Scala40Rules
from .state import (
    EndedBy,
    GinGame,
    GinGameEnd,
    GinScoreParts,
    LedgerEntry,
    LedgerKind,
    MatchState,
    PlayerState,
    Pot,
    Snapshot,
    Status,
)

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "BurracoHand",
    "BurracoLine",
    "BurracoRules",
    "EndedBy",
    "EngineError",
    "Event",
    "GinGame",
    "GinGameEnd",
    "GinHand",
    "GinRules",
    "GinScoreParts",
    "Hand",
    "InternalError",
    "LedgerEntry",
    "LedgerKind",
    "MatchState",
    "PlayerState",
    "Pot",
    "RaminoRules",
    "Reentry",
    "RuleSet",
    "RuleSetError",
    "Scala40Rules",
    "Snapshot",
    "Status",
    "TimeCall",
    "Withdraw",
    "hand_numbers",
    "preset_game",
    "preset_names",
    "replay",
    "rules_for",
    "rules_from_dict",
]
