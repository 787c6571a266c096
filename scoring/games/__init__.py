"""The game registry (see `base`): `game_of(match)`, `game_named(value)`, `all_games()`."""

from .base import GAMES, GameKind, all_games, game_named, game_of, register

__all__ = ["GAMES", "GameKind", "all_games", "game_named", "game_of", "register"]
