"""The game registry (see `base`): `game_of(match)`, `game_named(value)`, `all_games()`, and the
whole list of games (`game_choices()`, `game_values()`, `game_label(value)`)."""

from .base import (
    GAMES,
    GameKind,
    all_games,
    game_choices,
    game_label,
    game_named,
    game_of,
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
    "game_values",
    "register",
]
