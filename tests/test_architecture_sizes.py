"""Rooms of a size a newcomer can read (issue 17): no application module over 700 lines, and the
tournament core at most 40 % of the application code (the Gin pairing formats are `pairings/`,
club life is `clublife/`). Lines are counted as `wc -l` does, migrations left out."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("base", "clubs", "scoring", "tournaments", "pairings", "clublife", "config")
MAX_MODULE_LINES = 700
MAX_TOURNAMENTS_SHARE = 0.40


def lines_by_module() -> dict[str, int]:
    return {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    }


def test_no_application_module_is_over_700_lines():
    sizes = lines_by_module()
    assert len(sizes) > 100  # control: the walk finds the apps' modules
    assert max(sizes.values()) > 300  # control: it reads them whole
    assert {name: size for name, size in sizes.items() if size > MAX_MODULE_LINES} == {}


def test_the_tournament_core_is_at_most_40_percent_of_the_application_code():
    sizes = lines_by_module()
    total = sum(sizes.values())
    tournaments = sum(size for name, size in sizes.items() if name.startswith("tournaments/"))
    assert tournaments > 0  # control
    assert tournaments / total <= MAX_TOURNAMENTS_SHARE, f"{tournaments} of {total} lines"
