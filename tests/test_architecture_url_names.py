"""The dependency rule, checked on URL names: an app links only its own pages and those of the
apps below it (docs/ARCHITECTURE.md, the chain of tests/test_architecture_imports.py). A lower app
that names an upper app's URL ("tournaments:detail" in scoring) depends on it as surely as an
import, though no import checker sees it; it goes through a provider instead (`scoring.pages`:
tournaments gives the match page its addresses).

Every named URL of the project belongs to the app of its view. Each app's modules are read with
`ast` (every string constant that is a URL name) and its templates (`templates/<app>/`, the home
page's `templates/pages/` and `templates/registration/` being clubs') for their `{% url %}` tags.
The checker works on plain data, so the controls at the bottom feed it small fake projects.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

from tests.source_tree import walked
from tests.test_architecture_imports import ORDER

ROOT = Path(__file__).resolve().parent.parent
APPS = ("clubs", "scoring", "tournaments", "pairings", "clublife")
# templates/<directory>/ -> the app whose pages they are
TEMPLATE_APPS = {
    "clubs": "clubs",
    "pages": "clubs",
    "registration": "clubs",
    "scoring": "scoring",
    "tournaments": "tournaments",
    "pairings": "pairings",
    "clublife": "clublife",
}
URL_TAG = re.compile(r"""{%\s*url\s+["']([^"']+)["']""")

# Links of a lower app's template to an upper app's pages that wait for their provider:
# (file, the upper app). A fixed one must leave the list (a stale entry fails), so it only shrinks.
KNOWN_VIOLATIONS: frozenset[tuple[str, str]] = frozenset(
    {
        # the club page links starting a match, the tournaments, ratings, seasons and exports
        ("templates/clubs/detail.html", "scoring"),
        ("templates/clubs/detail.html", "tournaments"),
        ("templates/clubs/detail.html", "clublife"),
        # the home page's "start a match" and "join a table"
        ("templates/pages/home.html", "scoring"),
        # the standings' CSV is club life's export
        ("templates/tournaments/standings.html", "clublife"),
        ("templates/pairings/standings.html", "clublife"),
        ("templates/pairings/burraco/standings.html", "clublife"),
    }
)


def url_owners(resolver: URLResolver | None = None, namespaces: tuple[str, ...] = ()) -> dict:
    """Full URL name ("namespace:name") -> the project app of its view (Django's and the
    libraries' own names are left out)."""
    owners: dict[str, str] = {}
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            more = (entry.namespace,) if entry.namespace else ()
            owners.update(url_owners(entry, namespaces + more))
        elif isinstance(entry, URLPattern) and entry.name:
            view = entry.callback
            module = getattr(view, "cls", getattr(view, "view_class", view)).__module__
            app = module.split(".")[0]
            if app in ORDER:
                owners[":".join([*namespaces, entry.name])] = app
    return owners


def names_in_python(source: str, owners: dict[str, str]) -> set[str]:
    return {
        node.value
        for node in walked(source)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in owners
    }


def names_in_template(source: str) -> set[str]:
    return set(URL_TAG.findall(source))


def project_files(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """path -> (app, source) for every module and page template of the apps."""
    files: dict[str, tuple[str, str]] = {}
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            files[str(path.relative_to(root))] = (app, path.read_text(encoding="utf-8"))
    for directory, app in TEMPLATE_APPS.items():
        for path in sorted((root / "templates" / directory).rglob("*.html")):
            files[str(path.relative_to(root))] = (app, path.read_text(encoding="utf-8"))
    return files


def violations(files: dict[str, tuple[str, str]], owners: dict[str, str]) -> set:
    """(file, upper app) for every file that names a URL of an app above its own."""
    found: set[tuple[str, str]] = set()
    for path, (app, source) in files.items():
        names = (
            names_in_python(source, owners)
            if path.endswith(".py")
            else {name for name in names_in_template(source) if name in owners}
        )
        for name in names:
            if ORDER.index(owners[name]) > ORDER.index(app):
                found.add((path, owners[name]))
    return found


def test_no_app_names_the_url_of_an_app_above_it():
    new = violations(project_files(), url_owners()) - KNOWN_VIOLATIONS
    assert not new, f"URL names of an upper app in a lower one (file, upper app): {sorted(new)}"


def test_every_known_violation_still_exists():
    stale = KNOWN_VIOLATIONS - violations(project_files(), url_owners())
    assert not stale, f"Fixed, delete them from KNOWN_VIOLATIONS: {sorted(stale)}"


def test_the_walk_sees_the_apps_urls_and_their_names_in_code_and_templates():
    """Not vacuous: the URLs belong to their apps, and the names are found where they are."""
    owners = url_owners()
    assert owners["tournaments:confirm-at-table"] == "tournaments"
    assert owners["scoring:match"] == "scoring"
    assert owners["match-pdf:sheet"] == "scoring"
    assert owners["pairings:bracket"] == "pairings"
    assert owners["api-tournament-list"] == "tournaments"
    files = project_files()
    assert "scoring:match" in names_in_python(files["scoring/models.py"][1], owners)
    assert "tournaments:confirm-at-table" in names_in_python(
        files["tournaments/match_pages.py"][1], owners
    )
    assert "scoring:join" in names_in_template(files["templates/scoring/join.html"][1])


# Controls: small fake projects that break the rule, so the checker is seen to fail.

OWNERS = {"tournaments:detail": "tournaments", "scoring:match": "scoring", "clubs:list": "clubs"}


def test_control_scoring_naming_a_tournaments_url_is_found():
    files = {
        "scoring/match_page.py": (
            "scoring",
            'from django.urls import reverse\nURL = reverse("tournaments:detail", args=[1])\n',
        ),
        "templates/scoring/match.html": (
            "scoring",
            "{% load i18n %}<a href=\"{% url 'tournaments:detail' 1 %}\">x</a>",
        ),
        "scoring/models.py": ("scoring", 'URL = "scoring:match"\nOTHER = "clubs:list"\n'),
        "tournaments/views.py": ("tournaments", 'A = "scoring:match"\nB = "tournaments:detail"\n'),
        "templates/tournaments/detail.html": ("tournaments", "{% url 'scoring:match' 1 %}"),
        "templates/clubs/list.html": ("clubs", "{% url 'unknown:name' %} tournaments:detail"),
    }
    assert violations(files, OWNERS) == {
        ("scoring/match_page.py", "tournaments"),
        ("templates/scoring/match.html", "tournaments"),
    }


def test_control_the_provider_way_is_not_a_violation():
    files = {
        "scoring/pages.py": ("scoring", "def place_of(request, match):\n    return None\n"),
        "tournaments/match_pages.py": (
            "tournaments",
            'from django.urls import reverse\nURL = reverse("tournaments:detail", args=[1])\n',
        ),
    }
    assert violations(files, OWNERS) == set()
