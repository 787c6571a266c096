"""The game registry (see `base`): `game_of(match)`, `game_named(value)`, `all_games()`, the
whole list of games (`game_choices()`, `game_values()`, `game_label(value)`) and their presets
(`game_presets()`)."""

from .base import (
    GAMES,
    GameKind,
    all_games,
    game_choices,
    game_label,
    game_named,
    game_of,
    game_presets,
    game_values,
    register,
)

__all__ = [
    "GAMES",
    "GameKind",
    "all_games",
    "game_choices",
    "game_label",
    "game_named",
    "game_of",
    "game_presets",
    "game_values",
    "register",
]
