"""One error path (issue 17): no API or web view catches a service's refusal itself.

Every service refuses by raising a `base.errors.ServiceError`; the API answers it through
`config.errors.api_exception_handler`, the pages through `base.errors.on_form` / `as_message` /
`kept`. This test reads (ast) every view and API module of the project's apps and fails on an
`except` that names a `ServiceError` or one of its subclasses.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from base.errors import ServiceError
from tests.source_tree import walked

ROOT = Path(settings.BASE_DIR)


def _project_apps() -> list[Path]:
    """The folders of the project's own apps (those inside the repository), and config/."""
    folders = [ROOT / "config"]
    for config in apps.get_app_configs():
        path = Path(config.path).resolve()
        if ROOT in path.parents and ".venv" not in path.parts:
            folders.append(path)
    return folders


def _is_view_or_api(path: Path, app: Path) -> bool:
    """A `*views*.py` / `api*.py` module, or any module of a `views/` / `api/` package."""
    parts = path.relative_to(app).with_suffix("").parts
    return any("views" in part or part.startswith("api") for part in parts)


def view_and_api_modules() -> list[Path]:
    return sorted(
        path
        for app in _project_apps()
        for path in app.rglob("*.py")
        if "migrations" not in path.parts and _is_view_or_api(path, app)
    )


def _all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def service_error_names() -> set[str]:
    """The names of `ServiceError` and of every subclass, once every app's modules are
    imported (services live in several modules per app)."""
    for app in _project_apps():
        package = app.name
        if package == "config":
            continue  # settings, urls: nothing of config refuses
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{package}."):
            if ".migrations" in info.name or ".management" in info.name:
                continue
            importlib.import_module(info.name)
    return {ServiceError.__name__} | {cls.__name__ for cls in _all_subclasses(ServiceError)}


def _names(node: ast.expr | None) -> list[str]:
    if node is None:
        return []
    if isinstance(node, ast.Tuple):
        return [name for element in node.elts for name in _names(element)]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Name):
        return [node.id]
    return []


def service_error_catches(source: str, names: set[str], filename: str = "<snippet>") -> list[str]:
    """Every `except` of `source` that names one of `names`, as "file:line: except X"."""
    found = []
    for node in walked(source):
        if isinstance(node, ast.ExceptHandler):
            for name in _names(node.type):
                if name in names:
                    found.append(f"{filename}:{node.lineno}: except {name}")
    return found


@pytest.fixture(scope="module")
def names():
    return service_error_names()


def test_the_service_errors_of_every_app_share_the_one_base(names):
    expected = {
        "ClubError",
        "MatchError",
        "TournamentActionError",
        "SwapMakesRepeats",
        "ImportRefused",
        "ArchiveError",
    }
    assert expected <= names


def test_no_view_or_api_module_catches_a_service_error(names):
    modules = view_and_api_modules()
    assert len(modules) >= 10, modules  # the walk finds the views and APIs of every app
    found = []
    for path in modules:
        found += service_error_catches(path.read_text(), names, str(path.relative_to(ROOT)))
    assert found == []


def test_the_check_finds_a_catch_when_there_is_one(names):
    """The control: the same check fails on a view that catches refusals itself."""
    snippet = (
        "def view(request):\n"
        "    try:\n"
        "        services.player_create(club=club, name=name)\n"
        "    except services.ClubError as error:\n"
        "        form.add_error(None, error.message)\n"
        "    try:\n"
        "        pass\n"
        "    except (ValueError, TournamentActionError):\n"
        "        pass\n"
        "    try:\n"
        "        pass\n"
        "    except KeyError:\n"
        "        pass\n"
    )
    assert service_error_catches(snippet, names) == [
        "<snippet>:4: except ClubError",
        "<snippet>:8: except TournamentActionError",
    ]
