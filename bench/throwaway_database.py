"""A PostgreSQL database of its own for a benchmark: made (with its role) by bin/start-postgres,
which also starts the server if needed, and dropped by bin/drop-postgres."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def create_database(name: str) -> str:
    """Make the database `name` afresh and answer its DATABASE_URL."""
    return subprocess.run(
        ["bash", "bin/start-postgres", name], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def drop_database(name: str) -> None:
    subprocess.run(["bash", "bin/drop-postgres", name], cwd=ROOT, check=False)
