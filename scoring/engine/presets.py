"""The named rule sets of RULES.md, each overridable option by option."""

from __future__ import annotations

from collections.abc import Mapping

from .errors import RuleSetError
from .errors import gettext_noop as _
from .rules import (
    RULE_SETS,
    BurracoRules,
    GinRules,
    Options,
    OptionValue,
    RaminoRules,
    RuleSet,
    Scala40Rules,
)

_GIN_STANDARD: Options = {
    "gin_bonus": 25,
    "big_gin_bonus": 31,
    "undercut_bonus": 25,
    "undercut_on_tie": True,
    "box_bonus": 25,
    "box_recipient": "winner",
    "box_timing": "end",
    "game_bonus": 100,
    "shutout": "double",
    "target": 100,
}

# name -> (rule set class, options that differ from the class defaults)
PRESETS: dict[str, tuple[type[RuleSet], Options]] = {
    "scala40": (Scala40Rules, {}),
    "scala40-club": (Scala40Rules, {"not_opened_penalty": 100, "reentry_allowed": True}),
    "ramino": (RaminoRules, {}),
    "gin": (GinRules, {}),
    "gin-standard": (GinRules, _GIN_STANDARD),
    "gin-classic": (
        GinRules,
        {
            "gin_bonus": 20,
            "big_gin_bonus": None,
            "undercut_bonus": 10,
            "undercut_on_tie": True,
            "box_bonus": 20,
            "box_recipient": "winner",
            "box_timing": "end",
            "game_bonus": 100,
            "shutout": "game_bonus",
            "shutout_game_bonus": 200,
            "target": 100,
        },
    ),
    "gin-oklahoma": (GinRules, {**_GIN_STANDARD, "variant": "oklahoma", "target": 150}),
    "gin-hollywood": (GinRules, {**_GIN_STANDARD, "variant": "hollywood"}),
    # BURRACO.md section 1: the FIBur Italian defaults; the international rule (only a line with
    # a pulito closes); 1 v 1, scored the same way.
    "burraco": (BurracoRules, {}),
    "burraco-internazionale": (BurracoRules, {"closing_needs_pulito": True}),
    "burraco-1v1": (BurracoRules, {"players": 2}),
}

DEFAULT_PRESET = {
    "scala40": "scala40",
    "ramino": "ramino",
    "gin": "gin-standard",
    "burraco": "burraco",
}


def preset_names(game: str | None = None) -> list[str]:
    return [name for name, (cls, _o) in PRESETS.items() if game is None or cls.game == game]


def preset_game(preset: str) -> str:
    return _preset(preset)[0].game


def _preset(preset: str) -> tuple[type[RuleSet], Options]:
    try:
        return PRESETS[preset]
    except KeyError:
        raise RuleSetError(
            _("Unknown preset %(preset)s; the presets are: %(presets)s."),
            field="preset",
            params={"preset": preset, "presets": ", ".join(PRESETS)},
        ) from None


def rules_for(preset: str, overrides: Mapping[str, OptionValue] | None = None) -> RuleSet:
    """The rule set of `preset` with `overrides` applied (unknown options are refused)."""
    cls, preset_options = _preset(preset)
    return cls.from_dict({**preset_options, **(overrides or {})})


def rules_from_dict(game: str, options: Mapping[str, OptionValue]) -> RuleSet:
    """Rebuild a stored rule set (the full option dict of `RuleSet.to_dict()`)."""
    try:
        cls = RULE_SETS[game]
    except KeyError:
        raise RuleSetError(
            _("Unknown game %(game)s; the games are: %(games)s."),
            field="game",
            params={"game": game, "games": ", ".join(RULE_SETS)},
        ) from None
    return cls.from_dict(options)
