"""The game registry (issue 26): every game has its class, and nothing outside the registry and
the engines asks "which game is this?" by naming a game: no `Game.GIN`, no `game == "ramino"`,
no `is_gin`, in the modules or in the templates. Checked on the source, with controls that prove
the check can fail (as the format registry's test does).

Nor does any module outside them read the whole list of games from the model (`Game.choices`,
`Game.values`, `Game(value).label`, importing `Game`): it asks the registry (`game_choices()`,
`game_values()`, `game_label()`). Only `scoring/models.py` keeps `Game`: the model is where a game's
value is stored, its field's choices and check constraint are `Game`'s. Nor does any module import
an engine's game-specific types (a penalty game's `Hand`, `GinHand`, the rule set classes) except
the games' own modules the registry delegates to (`GAME_PARTS`, each imported by its game's module).

Preset names are not game checks and may stay as literals: `DEFAULT_START_PRESET = "scala40"`, the
keys of `PRESET_LABELS`, `start("scala40", ...)` name a preset (a rule set to start from), which the
check lets pass since no comparison with a game is made."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scoring import games
from scoring.engine import PRESETS, preset_game
from scoring.engine.rules import RULE_SETS
from scoring.models import Game, Match
from tests.source_tree import walked

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubs", "scoring", "tournaments", "pairings", "clublife", "config")
# Where `Game` is defined (the model's choices and its check constraint).
ALLOWED = {Path("scoring/models.py")}
# The registry, and the engines (pure, they define the games' rules).
ALLOWED_DIRS = ("scoring/games/", "scoring/engine/", "tournaments/engine/", "pairings/engine/")
# The games' own parts outside scoring/games: each game's report table, which the registry's game
# module calls (`GameKind.report_table`); they read that game's events.
GAME_PARTS = {
    Path("scoring/printing/report_gin.py"): "scoring/games/gin.py",
    Path("scoring/printing/report_penalty.py"): "scoring/games/penalty.py",
    Path("scoring/printing/report_burraco.py"): "scoring/games/burraco.py",
}
# The engines' game-specific types: a game's hand and rule set.
ENGINE_GAME_TYPES = {
    "Hand",
    "GinHand",
    "BurracoHand",
    "BurracoLine",
    "Scala40Rules",
    "RaminoRules",
    "GinRules",
    "BurracoRules",
}
GAME_NAMES = set(Game.names)
GAME_VALUES = set(Game.values)
GAME_FLAGS = {f"is_{value}" for value in GAME_VALUES}


def _game_constant(node: ast.AST) -> bool:
    """`Game.GIN`, `models.Game.RAMINO`."""
    if not isinstance(node, ast.Attribute) or node.attr not in GAME_NAMES:
        return False
    base = node.value
    name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
    return name == "Game"


def _mentions_game(node: ast.AST) -> bool:
    """`game`, `match.game`, `self.game`, `row.game`: a side that holds a game."""
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and "game" in child.id.lower():
            return True
        if isinstance(child, ast.Attribute) and "game" in child.attr.lower():
            return True
    return False


def _game_literal(node: ast.AST) -> bool:
    """`"gin"`, or a tuple/list/set of game values."""
    if isinstance(node, ast.Constant):
        return node.value in GAME_VALUES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_game_literal(item) for item in node.elts)
    return False


def _reads_the_model_games(node: ast.AST) -> bool:
    """`Game.choices`, `Game.values`, `Game(value)`, `from scoring.models import Game`."""
    if isinstance(node, ast.Attribute):
        return isinstance(node.value, ast.Name) and node.value.id == "Game"
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "Game"
    if isinstance(node, ast.ImportFrom):
        return node.module == "scoring.models" and any(a.name == "Game" for a in node.names)
    return False


def model_game_reads(source: str) -> list[int]:
    """The lines of `source` that read the games from the model rather than the registry."""
    return sorted({node.lineno for node in walked(source) if _reads_the_model_games(node)})


def engine_game_types(source: str) -> list[int]:
    """The lines of `source` that import (or reach for) an engine's game-specific type."""
    lines = set()
    for node in walked(source):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scoring.engine"):
            if any(alias.name in ENGINE_GAME_TYPES for alias in node.names):
                lines.add(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr in ENGINE_GAME_TYPES:
            base = node.value
            if isinstance(base, ast.Name | ast.Attribute) and "engine" in ast.unparse(base):
                lines.add(node.lineno)
    return sorted(lines)


def game_namings(source: str) -> list[int]:
    """The lines of `source` that name a game: a `Game` constant, an `is_<game>` flag, or a
    comparison (or a `match`) of a game with a game's value."""
    lines = set()
    for node in walked(source):
        if _game_constant(node):
            lines.add(node.lineno)
        elif isinstance(node, ast.Name | ast.Attribute | ast.FunctionDef):
            name = getattr(node, "id", None) or getattr(node, "attr", None) or node.name
            if name in GAME_FLAGS:
                lines.add(node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_game_literal(side) for side in sides) and any(
                _mentions_game(side) for side in sides
            ):
                lines.add(node.lineno)
        elif isinstance(node, ast.Match) and _mentions_game(node.subject):
            patterns = [case.pattern for case in node.cases]
            if any(
                isinstance(p, ast.MatchValue) and _game_literal(p.value)
                for pattern in patterns
                for p in ast.walk(pattern)
            ):
                lines.add(node.lineno)
    return sorted(lines)


def _modules() -> list[Path]:
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts or relative in ALLOWED:
                continue
            if str(relative).startswith(ALLOWED_DIRS):
                continue
            found.append(relative)
    return found


# Games the engine scores (their rule sets, presets, the preview and the match document) that the
# application does not play yet: no `Game` value, no registry class, and no form, serializer or
# schema offers their presets (`game_presets`). None since Burraco's registration (issue 28).
ENGINE_ONLY: set[str] = set()


def test_every_game_has_its_class():
    assert set(games.GAMES) == set(Game.values) == set(RULE_SETS) - ENGINE_ONLY
    assert [kind.value for kind in games.all_games()] == list(Game.values)
    for value, kind in games.GAMES.items():
        assert isinstance(kind, games.GameKind)
        assert kind.value == value == kind.rules_class.game
        assert kind.label == str(Game(value).label)
        assert kind.default_preset in kind.presets()
        # a tournament plays each game one way: at tables, in pairs, or in lines of two
        if kind.plays_in_teams:
            assert not kind.seated_at_tables and not kind.played_in_pairs
        else:
            assert kind.seated_at_tables != kind.played_in_pairs
    # every preset belongs to one game, and each game lists its own
    offered = sorted(name for kind in games.all_games() for name in kind.presets())
    assert offered == sorted(games.game_presets())
    assert offered == sorted(name for name in PRESETS if preset_game(name) not in ENGINE_ONLY)
    assert all(
        preset_game(name) == kind.value for kind in games.all_games() for name in kind.presets()
    )


def test_every_game_the_engine_scores_is_played_with_its_presets():
    """Burraco's presets are offered since its registration (issue 28)."""
    assert {"burraco", "burraco-internazionale", "burraco-1v1"} <= set(games.game_presets())
    assert set(Game.values) == set(RULE_SETS)


def test_game_of_and_game_named_ask_the_registry():
    for value in Game.values:
        assert games.game_of(Match(game=value)) is games.GAMES[value]
        assert games.game_named(value) is games.GAMES[value]


def test_no_module_outside_the_registry_names_a_game():
    modules = _modules()
    assert Path("scoring/match_page.py") in modules and len(modules) > 100
    offending = {
        str(path): lines
        for path in modules
        if (lines := game_namings((ROOT / path).read_text(encoding="utf-8")))
    }
    assert offending == {}


def test_no_module_outside_the_registry_reads_the_games_from_the_model():
    modules = _modules()
    assert Path("clublife/api/ratings.py") in modules
    offending = {
        str(path): lines
        for path in modules
        if (lines := model_game_reads((ROOT / path).read_text(encoding="utf-8")))
    }
    assert offending == {}


def test_no_module_outside_the_games_uses_an_engine_game_type():
    modules = _modules()
    assert Path("scoring/presenters.py") in modules and Path("scoring/hand_forms.py") in modules
    offending = {
        str(path): lines
        for path in modules
        if path not in GAME_PARTS
        and (lines := engine_game_types((ROOT / path).read_text(encoding="utf-8")))
    }
    assert offending == {}


def test_each_game_part_is_its_game_s():
    """An allowed part is one the registry's game module imports: the game declares it."""
    for part, game_module in GAME_PARTS.items():
        dotted = ".".join(part.with_suffix("").parts)
        imports = {
            node.module
            for node in ast.walk(ast.parse((ROOT / game_module).read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom)
        }
        assert dotted in imports, (part, game_module)


def test_the_registry_lists_the_games_as_the_model_stores_them():
    assert games.game_choices() == list(Game.choices)
    assert games.game_values() == list(Game.values) == [kind.value for kind in games.all_games()]
    assert [games.game_label(value) for value in games.game_values()] == [
        kind.label for kind in games.all_games()
    ]
    with pytest.raises(ValueError):
        games.game_label("briscola")


@pytest.mark.parametrize(
    "snippet",
    [
        "field = forms.ChoiceField(choices=Game.choices)\n",
        "ok = value in Game.values\n",
        "label = Game(match.game).label\n",
        "from scoring.models import Game\n",
        "from scoring.models import Club, Game, Match\n",
    ],
)
def test_control_the_check_sees_the_model_s_games(snippet):
    assert model_game_reads(snippet) == [1]


def test_control_the_model_check_lets_the_registry_pass():
    snippet = (
        "from scoring.games import game_choices, game_label\n"
        "from scoring.models import Match\n"
        "field = forms.ChoiceField(choices=game_choices())\n"
        "label = game_label(match.game)\n"
        "title = gettext('Game')\n"
    )
    assert model_game_reads(snippet) == []


@pytest.mark.parametrize(
    "snippet",
    [
        "from scoring.engine import GinHand\n",
        "from scoring.engine.events import Event, Hand\n",
        "from scoring.engine.rules import GinRules\n",
        "ok = isinstance(event, engine.GinHand)\n",
        "value = scoring.engine.RaminoRules.game\n",
    ],
)
def test_control_the_check_sees_an_engine_game_type(snippet):
    assert engine_game_types(snippet) == [1]


def test_control_the_type_check_lets_generic_engine_names_pass():
    snippet = (
        "from scoring.engine import Event, EngineError, MatchState, rules_for\n"
        "from scoring.engine.events import renamed_event\n"
        "from tournaments.models import Hand\n"  # not an engine's
    )
    assert engine_game_types(snippet) == []


TEMPLATE_NAMING = re.compile(
    r"\bis_(" + "|".join(sorted(GAME_VALUES)) + r")\b"
    r"|game\s*(==|!=)|(==|!=)\s*['\"](" + "|".join(sorted(GAME_VALUES)) + r")['\"]"
)


def test_no_template_names_a_game():
    """Templates are given the game (`game`, a `GameKind`) and ask its flags."""
    offending = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TEMPLATE_NAMING.search(line)
    ]
    assert offending == []


@pytest.mark.parametrize(
    "snippet",
    [
        "{% if is_gin %}",
        "{% if game.is_gin %}",
        '{% if match.game == "ramino" %}',
        "{% if game != 'scala40' %}",
        "{% if kind == 'gin' %}",
    ],
)
def test_control_the_template_check_sees_a_game(snippet):
    assert TEMPLATE_NAMING.search(snippet)


@pytest.mark.parametrize(
    "snippet",
    ["{% if game.enters_deadwood %}", "{% if game.kind.counts_knocks %}", "{{ begin_gin }}"],
)
def test_control_the_template_check_lets_the_registry_pass(snippet):
    assert not TEMPLATE_NAMING.search(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        "if match.game == Game.GIN:\n    pass\n",
        "ok = game != models.Game.RAMINO\n",
        "flags = [Game.SCALA40]\n",
        "if game == 'ramino':\n    pass\n",
        "ok = match.game in ('scala40', 'ramino')\n",
        "ok = 'gin' == self.game\n",
        "ok = row.is_gin\n",
        "def is_gin(self):\n    return True\n",
        "match game:\n    case 'gin':\n        pass\n",
    ],
)
def test_control_the_check_sees_a_game_named(snippet):
    """The check can fail: each of these names a game."""
    assert game_namings(snippet) == [1]


def test_control_the_check_lets_registry_calls_pass():
    snippet = (
        "kind = game_of(match)\n"
        "if kind.played_in_pairs:\n    pass\n"
        "form = game_named(match.game).hand_form(rules, seats)\n"
        "if result == 'gin':\n    pass\n"  # a Gin hand's result, not a game
        "start('scala40', PLAYERS)\n"  # a preset's name, not a comparison
    )
    assert game_namings(snippet) == []


def test_every_game_is_played_by_the_tournament_formats_of_its_kind():
    """Each game is taken by some formats and refused by the others: Scala 40 and Ramino by the
    table formats, Gin by the Gin formats, Burraco by the Burraco formats alone (issue 29)."""
    from base.errors import ServiceError
    from tournaments.formats import FORMATS

    def taken_by(game: str) -> set[str]:
        taken = set()
        for name, kind in FORMATS.items():
            try:
                kind.check_game(game)
            except ServiceError:
                continue
            taken.add(str(name))
        return taken

    by_game = {value: taken_by(value) for value in Game.values}
    assert all(by_game.values()), by_game
    assert by_game["burraco"] == {"burraco_pairs", "burraco_individual", "burraco_teams"}
    for value, taken in by_game.items():  # control: no format plays two kinds of game
        if value != "burraco":
            assert not taken & by_game["burraco"], (value, taken)
