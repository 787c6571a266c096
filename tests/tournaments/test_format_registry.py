"""The format registry (issue 17): every format has its class, and nothing outside the registry
(and the engines, which define their own pure formats) asks "which format is this?" by
comparing `tournament.format` or a format constant. Checked on the source, with controls that
prove the check can fail."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tournaments import formats
from tournaments.api.results import STANDINGS_SERIALIZERS
from tournaments.exports import STANDINGS_WRITERS
from tournaments.models import Format, Tournament
from tournaments.printing import STANDINGS_LISTS
from tournaments.projector import SLIDE_MAKERS
from tournaments.templatetags import tournament_words

ROOT = Path(__file__).resolve().parents[2]
APPS = ("base", "clubs", "scoring", "tournaments", "pairings", "clublife", "config")
# The registry itself (the table formats and the Gin formats it registers), the engines (pure,
# with their own format enums), and where `Format` is defined (the model's choices and its check
# constraint).
ALLOWED = {
    Path("tournaments/formats.py"),
    Path("pairings/formats.py"),
    Path("tournaments/models.py"),
}
ALLOWED_DIRS = ("tournaments/engine/", "pairings/engine/", "scoring/engine/")
FORMAT_NAMES = set(Format.names)


def _format_constant(node: ast.AST) -> bool:
    """`Format.SWISS`, `models.Format.SWISS`, `TABLE_FORMATS`, `Format.values`..."""
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute):
            base = child.value
            if isinstance(base, ast.Attribute):
                base_name = base.attr
            elif isinstance(base, ast.Name):
                base_name = base.id
            else:
                base_name = ""
            if base_name == "Format" and (child.attr in FORMAT_NAMES or child.attr == "values"):
                return True
        if isinstance(child, ast.Name) and child.id.endswith("_FORMATS"):
            return True
    return False


def _format_field(node: ast.AST) -> bool:
    """`tournament.format`, `t.format`, a bare `format` argument compared with a value."""
    return any(
        isinstance(child, ast.Attribute) and child.attr == "format" for child in ast.walk(node)
    )


def format_comparisons(source: str) -> list[int]:
    """The lines of `source` that compare a format: a comparison (`==`, `!=`, `in`, `is`...)
    with the `.format` field or a format constant on either side."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_format_constant(side) or _format_field(side) for side in sides):
                lines.append(node.lineno)
        elif isinstance(node, ast.Match) and _format_field(node.subject):
            lines.append(node.lineno)
    return lines


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


def test_every_format_has_its_class():
    assert set(formats.FORMATS) == set(Format.values)
    for value, kind in formats.FORMATS.items():
        assert isinstance(kind, formats.TournamentFormat)
        assert kind.value == value
        assert kind.label == str(Format(value).label)
        # each class answers the questions the services and pages ask
        assert kind.standings_kind in ("table", "pairing", "bracket", "burraco")
        assert kind.home_url_name().startswith(("tournaments:", "pairings:"))
        # and its standings are shown everywhere: the API, the CSV, the PDF, the projector
        for shown_by in (STANDINGS_SERIALIZERS, STANDINGS_WRITERS, STANDINGS_LISTS, SLIDE_MAKERS):
            assert kind.standings_kind in shown_by, (value, shown_by)
        reverse(kind.standings_url_name, args=[1])


def test_format_of_asks_the_registry_and_the_templates_tag_too():
    for value in Format.values:
        tournament = Tournament(format=value)
        assert formats.format_of(tournament) is formats.FORMATS[value]
        assert tournament_words.format_of(tournament) is formats.FORMATS[value]
    assert not hasattr(Tournament, "kind")  # the shim beside `format_of` is retired


def test_no_module_outside_the_registry_compares_a_format():
    modules = _modules()
    assert Path("tournaments/services/core.py") in modules and len(modules) > 40
    offending = {
        str(path): lines
        for path in modules
        if (lines := format_comparisons((ROOT / path).read_text(encoding="utf-8")))
    }
    assert offending == {}


TEMPLATE_COMPARISON = re.compile(
    r"\.format\s*(==|!=|\s+in\s)|tournament\.(is_bracket|is_table_format|is_pairing_format)\b"
)


def test_no_template_compares_a_format():
    """Templates ask the registry (`{% format_of tournament as format %}`), never the format
    field."""
    offending = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TEMPLATE_COMPARISON.search(line)
    ]
    assert offending == []
    # control: the pattern sees what templates used to say
    assert TEMPLATE_COMPARISON.search("{% if tournament.is_bracket %}")
    assert TEMPLATE_COMPARISON.search('{% if tournament.format == "swiss" %}')
    assert not TEMPLATE_COMPARISON.search("{% if format.is_bracket %}")


@pytest.mark.parametrize(
    "snippet",
    [
        "if tournament.format == Format.SWISS:\n    pass\n",
        "ok = tournament.format in (Format.ROUNDS, Format.KNOCKOUT)\n",
        "ok = t.format not in TABLE_FORMATS\n",
        "ok = value in Format.values\n",
        "ok = models.Format.ROUND_ROBIN != tournament.format\n",
        "match tournament.format:\n    case 'swiss':\n        pass\n",
    ],
)
def test_control_the_check_sees_a_comparison(snippet):
    """The check can fail: each of these compares a format."""
    assert format_comparisons(snippet) == [1]


def test_control_the_check_lets_registry_calls_pass():
    snippet = (
        "kind = format_of(tournament)\n"
        "if kind.uses_tables:\n"
        "    rows = kind.final_ranking(tournament, view)\n"
        "text = '{0}'.format(1)\n"
    )
    assert format_comparisons(snippet) == []
