"""Functions a reader can hold in mind (issue 26): no function or method of the application modules
over 60 lines, so the pressure of the module cap goes to splitting by concern, never to squeezing.
A function's length is its `def` to its last line (`end_lineno - lineno + 1`, decorators left out),
migrations left out, the same apps as the module check."""

import ast

from tests.source_tree import parsed
from tests.test_architecture_sizes import APPS, ROOT

MAX_FUNCTION_LINES = 60

# A long function that must wait for its split, named "path:qualified.name". Empty: every long
# function was split (issue 26). The list only shrinks: an entry that is no longer long fails.
KNOWN_LONG: set[str] = set()


def function_lengths(source: str) -> dict[str, int]:
    """Each function's and method's qualified name (`Class.method`, `outer.inner`) and length."""
    lengths: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                assert child.end_lineno is not None
                lengths[name] = child.end_lineno - child.lineno + 1
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(parsed(source), "")
    return lengths


def lengths_by_function() -> dict[str, int]:
    return {
        f"{path.relative_to(ROOT)}:{name}": length
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
        for name, length in function_lengths(path.read_text(encoding="utf-8")).items()
    }


def test_no_application_function_is_over_60_lines():
    lengths = lengths_by_function()
    assert len(lengths) > 1000  # control: the walk finds the apps' functions and methods
    long = {name: size for name, size in lengths.items() if size > MAX_FUNCTION_LINES}
    assert {name: size for name, size in long.items() if name not in KNOWN_LONG} == {}


def test_the_list_of_known_long_functions_only_shrinks():
    lengths = lengths_by_function()
    no_longer_long = {name for name in KNOWN_LONG if lengths.get(name, 0) <= MAX_FUNCTION_LINES}
    assert no_longer_long == set(), "split: remove these from KNOWN_LONG"


def test_the_walk_measures_methods_nested_functions_and_leaves_decorators_out():
    source = "\n".join(
        [
            "@decorator",
            "@another(",
            "    1)",
            "def top():",
            *["    x = 1"] * 60,
            "class Page:",
            "    async def render(self):",
            "        def inner():",
            "            return 1",
            "        return inner()",
        ]
    )
    assert function_lengths(source) == {"top": 61, "Page.render": 4, "Page.render.inner": 2}


def test_the_check_fails_on_a_function_over_60_lines():
    too_long = "def f():\n" + "    x = 1\n" * 60
    just_right = "def f():\n" + "    x = 1\n" * 59
    assert function_lengths(too_long)["f"] > MAX_FUNCTION_LINES
    assert function_lengths(just_right)["f"] == MAX_FUNCTION_LINES
