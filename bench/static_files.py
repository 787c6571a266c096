"""Whether the collected static files are current, for the benchmarks that render pages with the
production settings (their manifest names every file a template asks for)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def static_is_current() -> bool:
    """Whether staticfiles/ holds a manifest newer than every file of static/.

    collectstatic compresses every file again each time (a minute or two on a busy machine), and
    no request of the benchmarks reads a static file; the manifest only has to exist for the pages.
    """
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return False
    newest = max(path.stat().st_mtime for path in (ROOT / "static").rglob("*") if path.is_file())
    return manifest.stat().st_mtime > newest
