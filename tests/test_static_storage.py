"""The production static files' storage (config/storage.py): the site's own scripts are served
without their whole-line comments, and still parse (Node checks each one, stripped); its own
stylesheets without their whole-line comments, every rule kept."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from config.storage import OWN_SCRIPT, OWN_STYLESHEET, without_comments, without_css_comments

JS = Path(__file__).resolve().parent.parent / "static" / "js"
CSS = JS.parent / "css"


def test_whole_line_comments_go_and_code_stays():
    source = (
        "/* The page's script.\n   Two lines. */\n"
        "const a = 1; // a comment after code stays\n"
        "  // an indented comment line goes\n"
        '  const url = "http://page/"; /* after code: stays */\n'
        "/* a */ const b = 2;\n"
        "  /* one line */\n"
        "const c = `//not a comment`;\n"
    )
    assert without_comments(source) == (
        "const a = 1; // a comment after code stays\n"
        '  const url = "http://page/"; /* after code: stays */\n'
        "/* a */ const b = 2;\n"
        "const c = `//not a comment`;\n"
    )


def test_a_block_comment_ends_at_its_own_end():
    # control: a greedy match would run from the first "/*" to the last "*/" and eat the code
    source = "/* a */ keep();\nalso();\n/* b */\n"
    assert without_comments(source) == "/* a */ keep();\nalso();\n"


def test_only_the_sites_own_scripts_are_stripped():
    assert OWN_SCRIPT.fullmatch("js/entry.js")
    assert OWN_SCRIPT.fullmatch("js/entry.3bdaba5ba956.js")
    assert OWN_SCRIPT.fullmatch("js/entry/kept.ea52824f4b4f.js")
    assert not OWN_SCRIPT.fullmatch("js/htmx.min.js")
    assert not OWN_SCRIPT.fullmatch("js/htmx.min.0123456789ab.js")
    assert not OWN_SCRIPT.fullmatch("django_htmx/ext/hx-sse-2.js")
    assert not OWN_SCRIPT.fullmatch("css/tallone.css")


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is installed with the test tools")
@pytest.mark.parametrize(
    "script", sorted(path for path in JS.rglob("*.js") if not path.name.endswith(".min.js"))
)
def test_every_script_still_parses_without_its_comments(script, tmp_path):
    stripped = without_comments(script.read_text(encoding="utf-8"))
    assert len(stripped) < len(script.read_text(encoding="utf-8"))  # it had comments
    module = script.name == "entry.js" or script.parent.name == "entry"
    checked = tmp_path / (script.stem + (".mjs" if module else ".js"))
    checked.write_text(stripped, encoding="utf-8")
    result = subprocess.run(["node", "--check", str(checked)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_a_stylesheet_loses_its_comment_lines_and_keeps_its_rules():
    source = (
        "/* The site's styles.\n   Two lines. */\n"
        ".a { color: red; } /* after a rule: stays */\n"
        "  /* an indented comment line goes */\n"
        '.b::after { content: "//"; }\n'
        "//.c { not a comment in CSS: stays }\n"
    )
    assert without_css_comments(source) == (
        ".a { color: red; } /* after a rule: stays */\n"
        '.b::after { content: "//"; }\n'
        "//.c { not a comment in CSS: stays }\n"
    )


def test_only_the_sites_own_stylesheets_are_stripped():
    assert OWN_STYLESHEET.fullmatch("css/tallone.css")
    assert OWN_STYLESHEET.fullmatch("css/tallone.cddd302ea6e5.css")
    assert not OWN_STYLESHEET.fullmatch("admin/css/base.css")
    assert not OWN_STYLESHEET.fullmatch("rest_framework/css/bootstrap.min.css")


def _rules(css: str) -> list[str]:
    """The selectors and declarations of a stylesheet, comments dropped, spaces made one."""
    bare = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [" ".join(part.split()) for part in re.split(r"[{}]", bare) if part.strip()]


@pytest.mark.parametrize("sheet", sorted(CSS.glob("*.css")), ids=lambda path: path.name)
def test_every_stylesheet_keeps_every_rule_without_its_comments(sheet):
    source = sheet.read_text(encoding="utf-8")
    stripped = without_css_comments(source)
    assert _rules(stripped) == _rules(source)
    if sheet.name == "tallone.css":
        assert len(stripped) < len(source)  # it had comments
