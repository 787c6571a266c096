"""One rule, asked everywhere (issue 26): no view or page decides who may confirm a table's
result, whether a dropped player may come back, or whether a table's result counts; each asks
the one rule (`tournaments.rules.confirm_refusal`, `reinstate_refusal`, `Table.result_counts`,
`scoring.table_access.wrote_result`). And no module but the model sets a table's result fields
(`Table.confirm`, `dispute`, `clear_result`).

The audit reads (ast) every application module. The controls feed it a module that breaks each
rule, so it is known to fail when it should.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

from tests.source_tree import parsed
from tournaments.models import Table

ROOT = Path(settings.BASE_DIR)
APPS = ("clubs", "scoring", "tournaments", "pairings", "clublife", "config")
MODEL = "tournaments/models.py"
# A club night's countersignature is set only by `Match.confirm` (the same field names).
MODELS = {MODEL, "scoring/models.py"}

# What only the rules read: a page that reads them is deciding for itself.
RULE_FACTS = {
    "is_confirmed_for",  # a confirmation holds for one revision: `Table.result_counts`
    "confirmed_revision",
    "confirm_results",  # whether the tournament asks for confirmation: `result_counts`
    "dropped_at",  # when a player dropped: `rules.reinstate_refusal`
    "table_join__session",  # who wrote a version: `table_access.wrote_result`
    "table_join__user",
}
# The page modules that still read one, and why that is not a decision of theirs.
ALLOWED = {
    ("tournaments/match_pages.py", "is_confirmed_for"): "says 'the result is confirmed'",
    ("tournaments/api/tables.py", "is_confirmed_for"): "answers `confirmed`, a fact",
}
# Where each rule is written, once.
RULES = {
    "confirm_refusal": "tournaments/rules.py",
    "reinstate_refusal": "tournaments/rules.py",
    "result_counts": MODEL,
    "counted_match_q": MODEL,
    "wrote_result": "scoring/table_access.py",
    "writing": "scoring/table_access.py",
    "confirmer_refusal": "scoring/countersign.py",  # who confirms a table's or a match's result
    "line_refusal": "scoring/countersign.py",  # not the line that wrote it all (Burraco)
    "match_confirm_refusal": "scoring/countersign.py",  # a club night's countersignature
}


def app_modules() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    )


def is_page(relative: str) -> bool:
    """A module that answers a request: views, API, PDFs, exports, the match page's parts."""
    parts = Path(relative).with_suffix("").parts
    return any(
        "views" in part
        or part.startswith("api")
        or part in {"match_page", "code_panel", "match_pages", "lookups", "exports", "projector"}
        for part in parts
    )


def names_read(tree: ast.AST) -> set[str]:
    """Attribute names, keyword names and lookup strings (`"a__b"` and its parts) read."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            found.add(node.arg)
            found.update(node.arg.split("__"))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.isidentifier()
        ):
            found.add(node.value)
            found.update(node.value.split("__"))
    return found


def result_fields_set(tree: ast.AST) -> set[str]:
    """The table result fields the module assigns (`x.field = ...`) or updates
    (`.update(field=...)`)."""
    fields = set(Table.RESULT_FIELDS)
    found: set[str] = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr in fields:
                found.add(target.attr)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "update"
        ):
            found.update(kw.arg for kw in node.keywords if kw.arg in fields)
    return found


def violations(relative: str, source: str) -> list[str]:
    tree = parsed(source)
    found = []
    if relative not in MODELS:
        found += [f"{relative} sets Table.{name}" for name in sorted(result_fields_set(tree))]
    if is_page(relative):
        for name in sorted(names_read(tree) & RULE_FACTS):
            if (relative, name) not in ALLOWED:
                found.append(f"{relative} reads {name}: it decides instead of asking the rule")
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and RULES.get(node.name, relative) != relative:
            found.append(f"{relative} writes the rule {node.name} again")
    return found


def test_no_page_decides_a_rule_and_no_module_sets_a_result_field():
    found = []
    for path in app_modules():
        relative = path.relative_to(ROOT).as_posix()
        found += violations(relative, path.read_text())
    assert found == []


def test_every_rule_is_where_the_audit_looks_for_it():
    """The audit's names are real: each rule is defined in its module, each allowed read
    happens (an entry no longer needed fails, so the list only shrinks)."""
    for name, relative in RULES.items():
        tree = ast.parse((ROOT / relative).read_text())
        assert name in {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    for relative, name in ALLOWED:
        assert name in names_read(ast.parse((ROOT / relative).read_text()))


CONTROL_VIEW = """
def confirm_button(request, table, entry, seated_at, match):
    director = can_direct(request.user, table.round.tournament.club)
    counts = table.is_confirmed_for(match) or not table.round.tournament.confirm_results
    wrote = EventVersion.objects.filter(event__match=match, table_join__user=request.user)
    back = seated_at <= entry.dropped_at
    return director and counts and not wrote and back
"""

CONTROL_SERVICE = """
def forget(table):
    table.confirmed_at = None
    Table.objects.filter(pk=table.pk).update(disputed_at=None)

def result_counts(table):
    return True
"""


def test_controls_the_audit_fails_on_a_page_that_decides_and_a_service_that_sets_fields():
    found = violations("tournaments/views/control.py", CONTROL_VIEW)
    for name in ("is_confirmed_for", "confirm_results", "table_join__user", "dropped_at"):
        assert (
            f"tournaments/views/control.py reads {name}: it decides instead of asking the rule"
            in found
        )
    found = violations("pairings/services.py", CONTROL_SERVICE)
    assert "pairings/services.py sets Table.confirmed_at" in found
    assert "pairings/services.py sets Table.disputed_at" in found
    assert "pairings/services.py writes the rule result_counts again" in found
    # the same reads in a rule's own module are no violation
    assert violations("tournaments/rules.py", CONTROL_VIEW) == []
