"""The dependency rule, checked on the source: every import of every module of the project
(including the imports inside functions) is read with `ast`, and the module graph must obey
docs/ARCHITECTURE.md:

(a) the chain: an app imports only from its own layer or from the layers below it
    (`ORDER`: config's shared infrastructure <- base <- clubs <- scoring <- tournaments <- pairings
    <- clublife <- config's wiring);
(b) an `engine/` package imports only the standard library, the named algorithm libraries and
    its own package;
(c) no import cycle between modules;
(d) no private name (`_x`) imported from another module;
(e) no import of a project module inside a function (the way a cycle gets dodged), except the
    documented `ALLOWED_FUNCTION_IMPORTS`.

The checker works on a dict of sources, so the controls at the bottom feed it small fake
projects that break each rule and see it fail.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.source_tree import parsed

ROOT = Path(__file__).resolve().parent.parent

# config is two layers: its shared infrastructure (parsers, throttles, token authentication,
# error pages...) sits below every app and imports none of them; its wiring (settings, URL
# configuration, WSGI/ASGI, gunicorn, and the API's one exception handler, which settings name and
# which turns every app's refusal into the one error shape) sits on top and may import every app.
# No app imports the wiring (apps read settings through django.conf.settings).
CONFIG_WIRING = frozenset(
    {
        "config.settings",
        "config.urls",
        "config.api_urls",
        "config.wsgi",
        "config.asgi",
        "config.gunicorn",
        "config.errors",
    }
)

# Lowest first. A module may import modules of its own layer and of the layers before it.
# `pairings` is the Gin formats (brackets, round robin, Swiss), above tournaments, which never
# imports it (it joins the format registry from its AppConfig.ready()); `clublife` is club life
# (seasons, ratings, profiles, archive), on top.
ORDER = [
    "config",
    "base",
    "clubs",
    "scoring",
    "tournaments",
    "pairings",
    "clublife",
    "config-wiring",
]

# What an engine may import besides the standard library and its own package.
ENGINE_LIBRARIES = frozenset({"networkx", "openskill"})

# Imports inside a function that are there for a documented reason, not to dodge a cycle:
# (module, function) -> reason.
ALLOWED_FUNCTION_IMPORTS: dict[tuple[str, str], str] = {
    (
        "scoring.apps",
        "ScoringConfig.ready",
    ): "the providers of the clubs' pages are registered once the app registry is ready; "
    "their module imports models, which cannot be imported while apps load",
    (
        "tournaments.apps",
        "TournamentsConfig.ready",
    ): "the format registry is loaded and the place provider of scoring's match page is "
    "registered once the app registry is ready (Django's documented place for it); their modules "
    "import models, which cannot be imported while apps load",
    (
        "pairings.apps",
        "PairingsConfig.ready",
    ): "the Gin formats join the format registry, with how their standings are shown, and their "
    "signal receivers are connected, once the app registry is ready (Django's documented place "
    "for it); their modules import models, which cannot be imported while apps load",
    (
        "clublife.apps",
        "ClublifeConfig.ready",
    ): "the ratings' signal receivers are connected once the app registry is ready (Django's "
    "documented place for it); importing them at module level would import models before apps load",
}

# Violations that exist today and are being removed by the format registry work (the split of
# tournaments/services.py and selectors.py into packages without the pairing_* back-imports).
# Each entry must still be found: when one is fixed, delete it here (a stale entry fails).
# Every violation found so far is fixed (the format registry removed the two cycles of tournaments);
# one that must wait for its fix is listed here, with why, and the list only shrinks.
KNOWN_VIOLATIONS: frozenset[tuple[str, str, str]] = frozenset()


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the imported module (a project module when it is one)
    names: tuple[str, ...]  # names taken with `from target import ...`
    line: int
    function: str | None  # the function (qualified name) the import sits in, if any


def module_name(path: Path, root: Path) -> tuple[str, bool]:
    """The dotted name of the module at `path` and whether it is a package `__init__`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def project_sources(root: Path = ROOT) -> dict[str, tuple[str, bool]]:
    """module -> (source, is_package) for every module of the project's packages."""
    sources: dict[str, tuple[str, bool]] = {}
    for package in ("config", "base", "clubs", "scoring", "tournaments", "pairings", "clublife"):
        for path in sorted((root / package).rglob("*.py")):
            name, is_package = module_name(path, root)
            sources[name] = (path.read_text(encoding="utf-8"), is_package)
    return sources


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a relative import `from <level dots><target> import ...`."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: -(level - 1)]
    return ".".join([*base, target] if target else base)


def imports_of(module: str, source: str, is_package: bool, modules: set[str]) -> list[Import]:
    """Every import statement of the module, wherever it sits. `from package import name`
    where `package.name` is a module of the project counts as an import of that module."""
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                qualified = f"{scope}.{child.name}" if scope else child.name
                visit(child, function or qualified, qualified)
            elif isinstance(child, ast.ClassDef):
                visit(child, function, f"{scope}.{child.name}" if scope else child.name)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(Import(module, alias.name, (), child.lineno, function))
            elif isinstance(child, ast.ImportFrom):
                base = _resolve(module, is_package, child.level, child.module)
                plain: list[str] = []
                for alias in child.names:
                    submodule = f"{base}.{alias.name}"
                    if submodule in modules:
                        found.append(Import(module, submodule, (), child.lineno, function))
                    else:
                        plain.append(alias.name)
                if plain:
                    found.append(Import(module, base, tuple(plain), child.lineno, function))
            else:
                visit(child, function, scope)

    visit(parsed(source), None, "")
    return found


def owner(module: str, modules: set[str]) -> str:
    """The project module an import target belongs to (`a.b.c` may name `a.b`'s attribute)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return ""


def layer(module: str) -> int | None:
    """The module's place in `ORDER`, or None outside the project."""
    top = module.split(".")[0]
    if top == "config":
        return ORDER.index("config-wiring" if module in CONFIG_WIRING else "config")
    return ORDER.index(top) if top in ORDER else None


def engine_of(module: str) -> str | None:
    """The engine package (`scoring.engine`) the module belongs to, if any."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 and parts[1] == "engine" else None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def violations(sources: dict[str, tuple[str, bool]]) -> set[tuple[str, str, str]]:
    """Every breach of rules (a)-(e) as (rule, where, what)."""
    modules = set(sources)
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    found: set[tuple[str, str, str]] = set()
    graph: dict[str, set[str]] = {module: set() for module in modules}
    for module, (source, is_package) in sources.items():
        for imp in imports_of(module, source, is_package, modules):
            target = owner(imp.target, modules)
            top = imp.target.split(".")[0]
            engine = engine_of(module)
            if engine and not (
                top in stdlib
                or top in ENGINE_LIBRARIES
                or target == engine
                or target.startswith(f"{engine}.")
            ):
                found.add(("engine", module, imp.target))
            if not target:
                continue
            if target != module:
                graph[module].add(target)
            here, there = layer(module), layer(target)
            if here is not None and there is not None and there > here:
                found.add(("chain", module, target))
            for name in imp.names:
                if name.startswith("_") and not name.startswith("__") and target != module:
                    found.add(("private", module, f"{target}.{name}"))
            if imp.function and (module, imp.function) not in ALLOWED_FUNCTION_IMPORTS:
                found.add(("function-import", f"{module}.{imp.function}", target))
    for component in cycles(graph):
        found.add(("cycle", " <-> ".join(component), ""))
    return found


def _sorted(items: set[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    return sorted(items)


def test_the_project_obeys_the_dependency_rule():
    found = violations(project_sources())
    new = found - KNOWN_VIOLATIONS
    assert not new, (
        "Imports break the dependency rule of docs/ARCHITECTURE.md "
        f"(rule, where, what): {_sorted(new)}"
    )


def test_every_known_violation_still_exists():
    """The list of known violations only shrinks: a fixed one must leave the list."""
    found = violations(project_sources())
    stale = KNOWN_VIOLATIONS - found
    assert not stale, f"Fixed, delete them from KNOWN_VIOLATIONS: {_sorted(stale)}"


def test_the_walk_sees_every_app_and_the_imports_inside_functions():
    """The walk is not vacuous: it finds the apps' modules and the allowed import in ready()."""
    sources = project_sources()
    assert {
        "base.errors",
        "clubs.models",
        "scoring.engine.rules",
        "pairings.engine.swiss",
        "config.urls",
    } <= set(sources)
    modules = set(sources)
    source, is_package = sources["pairings.apps"]
    inside = [i for i in imports_of("pairings.apps", source, is_package, modules) if i.function]
    assert {i.target for i in inside} >= {"scoring.signals"}
    for key in ALLOWED_FUNCTION_IMPORTS:
        assert key[0] in sources, f"allowed import in a module that no longer exists: {key}"


# Controls: small fake projects that break each rule, so the checker is seen to fail.


def _fake(**modules: str) -> dict[str, tuple[str, bool]]:
    """Fake sources; a keyword `a__b` is module `a.b`, and `a__b__init` the package `a.b`."""
    sources: dict[str, tuple[str, bool]] = {}
    for key, source in modules.items():
        is_package = key.endswith("__init")
        name = key.removesuffix("__init").strip("_").replace("__", ".")
        sources[name] = (source, is_package)
    return sources


def test_control_an_import_against_the_chain_is_found():
    found = violations(
        _fake(
            scoring__models="import clubs.models\n",
            clubs__models="",
            clubs__views="from scoring.models import Match\n",
            tournaments__services="from scoring import models\n",
            config__parsers="from clubs import models\n",
            config__urls="from tournaments import services\n",
            base__errors="from config import parsers\n",
            base__api="from clubs.models import Club\n",
            clubs__forms="from base import errors\n",
        )
    )
    assert found == {
        ("chain", "clubs.views", "scoring.models"),
        ("chain", "config.parsers", "clubs.models"),
        ("chain", "base.api", "clubs.models"),
    }


def test_control_an_engine_importing_django_or_another_package_is_found():
    found = violations(
        _fake(
            scoring__engine__init="",
            scoring__engine__rules=(
                "import math\nfrom collections import Counter\nfrom .errors import E\n"
            ),
            scoring__engine__errors="",
            scoring__engine__replay="from django.db import transaction\n",
            tournaments__engine__swiss="import networkx as nx\nfrom scoring.engine import rules\n",
            tournaments__engine__ranks="import numpy\nfrom tournaments import models\n",
            tournaments__models="",
        )
    )
    assert found == {
        ("engine", "scoring.engine.replay", "django.db"),
        ("engine", "tournaments.engine.swiss", "scoring.engine.rules"),
        ("engine", "tournaments.engine.ranks", "numpy"),
        ("engine", "tournaments.engine.ranks", "tournaments.models"),
    }


def test_control_a_cycle_is_found_even_when_closed_inside_a_function():
    found = violations(
        _fake(
            tournaments__a="from tournaments import b\n",
            tournaments__b="def f():\n    from tournaments.c import x\n",
            tournaments__c="import tournaments.a\n",
            tournaments__d="from tournaments import a\n",
        )
    )
    assert ("cycle", "tournaments.a <-> tournaments.b <-> tournaments.c", "") in found
    assert not any(v[0] == "cycle" and "tournaments.d" in v[1] for v in found)


def test_control_a_private_name_from_another_module_is_found():
    found = violations(
        _fake(
            tournaments__services="def _locked():\n    pass\n",
            tournaments__pairing=(
                "from tournaments.services import _locked, public\n"
                "from django.utils.translation import gettext as _\n"
                "from config import __version__\n"
            ),
            config__init="",
        )
    )
    assert found == {("private", "tournaments.pairing", "tournaments.services._locked")}


def test_control_an_import_inside_a_function_is_found():
    found = violations(
        _fake(
            scoring__signals="",
            scoring__models="",
            scoring__services=(
                "import json\n"
                "class Writer:\n"
                "    def save(self):\n"
                "        import csv\n"
                "        from scoring import signals\n"
                "        from .models import Match\n"
            ),
            tournaments__apps=(
                "class TournamentsConfig:\n"
                "    def ready(self):\n"
                "        from scoring import signals\n"
            ),
        )
    )
    assert found == {
        ("function-import", "scoring.services.Writer.save", "scoring.signals"),
        ("function-import", "scoring.services.Writer.save", "scoring.models"),
    }


def test_control_a_stale_known_violation_is_seen():
    """The shape of a known violation is the shape the checker reports, so a fixed one would
    leave KNOWN_VIOLATIONS - found non-empty."""
    found = violations(
        _fake(
            tournaments__selectors="from tournaments import pairing_selectors\n",
            tournaments__pairing_selectors="def f():\n    from tournaments import selectors\n",
        )
    )
    assert ("cycle", "tournaments.pairing_selectors <-> tournaments.selectors", "") in found
    known = frozenset({("cycle", "tournaments.pairing_selectors <-> tournaments.selectors", "")})
    fixed = violations(_fake(tournaments__selectors="", tournaments__pairing_selectors=""))
    assert known - fixed  # what test_every_known_violation_still_exists reports as stale
