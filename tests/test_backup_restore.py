"""A backup and restore round trip gives identical data (PostgreSQL only).

bin/backup dumps the test database and writes every club's archive; bin/restore loads the dump
into a second, new database. Both run as an operator would run them, in subprocesses with their
own DATABASE_URL. `manage.py dumpdata` of the two databases must then be byte for byte the same,
and every match must replay to the same totals.

The club archive round trip (export, import into an empty database, export again: the same
objects) is tests/clublife/test_exchange.py::
test_an_archived_club_imported_into_an_empty_database_gives_the_same_pages, on every database.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from clubs.models import Club
from scoring import services
from scoring.models import EventVersion, Match
from tests.api.conftest import api_token
from tests.clublife.test_exchange import build_club

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="bin/backup and bin/restore are for PostgreSQL"
)

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")

# Every match replayed from its stored events, as JSON: {match id: {player: total}}.
REPLAY_ALL = """
import io
import json
from scoring import services
from scoring.models import Match
totals = {}
for match in Match.objects.order_by("pk"):
    seats = list(match.seats.order_by("seat"))
    replayed = services.replay_match(match, seats, services.current_versions(match))
    totals[str(match.pk)] = replayed.state.totals
print(json.dumps(totals, sort_keys=True))
"""


def database_url(name: str) -> str:
    database = settings.DATABASES["default"]
    user = quote(database["USER"], safe="")
    password = quote(database["PASSWORD"] or "", safe="")
    port = f":{database['PORT']}" if database["PORT"] else ""
    return f"postgres://{user}:{password}@{database['HOST']}{port}/{name}"


def run(command: list[str], url: str, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "DATABASE_URL": url, **env}
    environment.setdefault("SECRET_KEY", "backup-restore-test")  # settings need one without DEBUG
    return subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def checked(command: list[str], url: str, **env: str) -> str:
    result = run(command, url, **env)
    assert result.returncode == 0, f"{command}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def dumpdata(url: str) -> str:
    # Sessions and the admin's log are the only rows a visit or a login adds on its own.
    command = [PYTHON, "manage.py", "dumpdata", "--exclude", "sessions", "--exclude", "admin"]
    return checked(command, url)


@pytest.fixture
def second_database():
    """A new empty database owned by the test's role (bin/start-postgres gives it CREATEDB)."""
    name = f"{settings.DATABASES['default']['NAME']}_restored"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield database_url(name)
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_backup_restored_into_a_new_database_gives_identical_data(tmp_path, second_database):
    call_command("demo", stdout=io.StringIO())  # matches, a running table tournament
    staff, *_rest = build_club()  # corrections, voids, a finished tournament, a Gin bracket
    api_token(staff.director)
    assert Club.objects.count() == 2
    assert EventVersion.objects.filter(version__gt=1).exists()  # corrected or voided hands
    source = database_url(settings.DATABASES["default"]["NAME"])
    backups = tmp_path / "backups"
    backups.mkdir()
    # an older backup, which BACKUP_KEEP=1 removes
    (backups / "tallone-20000101-000000.dump").write_text("old")
    (backups / "tallone-20000101-000000-clubs").mkdir()

    output = checked(["bash", "bin/backup", str(backups)], source, BACKUP_KEEP="1")
    assert "Backup done" in output and "2 club archives" in output
    (dump,) = backups.glob("tallone-*.dump")
    assert dump.name != "tallone-20000101-000000.dump"
    (clubs,) = backups.glob("tallone-*-clubs")
    assert clubs.name == dump.name.removesuffix(".dump") + "-clubs"
    archives = sorted(path.name for path in clubs.iterdir())
    assert archives == sorted(
        f"{slug}.json" for slug in Club.objects.values_list("slug", flat=True)
    )
    archive = json.loads((clubs / f"{staff.club.slug}.json").read_text())
    assert archive["format"] == "tallone-club" and archive["club"] == staff.club.slug

    checked(["bash", "bin/restore", str(dump)], second_database)
    data = dumpdata(source)
    assert dumpdata(second_database) == data

    replayed = json.loads(
        checked([PYTHON, "manage.py", "shell", "--no-imports", "-c", REPLAY_ALL], second_database)
    )
    here = {}
    for match in Match.objects.order_by("pk"):
        seats = list(match.seats.order_by("seat"))
        state = services.replay_match(match, seats, services.current_versions(match)).state
        here[str(match.pk)] = state.totals
        assert state.totals == {seat.name: seat.total for seat in seats}
    assert replayed == here and len(here) > 5

    # A restored database is not overwritten by mistake, and --force replaces it.
    refused = run(["bash", "bin/restore", str(dump)], second_database)
    assert refused.returncode == 1
    assert "already has" in refused.stderr and "--force" in refused.stderr
    forced = checked(["bash", "bin/restore", "--force", str(dump)], second_database)
    assert "replacing those in the dump" in forced and "Restore done" in forced


@pytest.mark.skipif(shutil.which("pg_restore") is None, reason="needs PostgreSQL's client")
def test_the_scripts_refuse_what_they_cannot_do(tmp_path):
    backup = run(["bash", "bin/backup", str(tmp_path)], "sqlite:///db.sqlite3")
    assert backup.returncode == 1 and "only backs up PostgreSQL" in backup.stderr
    assert list(tmp_path.iterdir()) == []
    nowhere = "postgres://nobody@127.0.0.1:1/nothing"  # never reached: refused before
    not_a_dump = tmp_path / "notes.dump"
    not_a_dump.write_text("hello")
    restore = run(["bash", "bin/restore", str(not_a_dump)], nowhere)
    assert restore.returncode == 1 and "not a pg_dump file" in restore.stderr
    missing = run(["bash", "bin/restore"], nowhere)
    assert missing.returncode == 1 and "usage" in missing.stderr
    unknown = run(["bash", "bin/restore", "--yes", str(not_a_dump)], nowhere)
    assert unknown.returncode == 1 and "unknown option --yes" in unknown.stderr
