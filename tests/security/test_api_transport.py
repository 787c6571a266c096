"""Issue 16, the API's transport: tokens (F8), JSON limits (F10), SQLite under a burst of writes
(F13), oversized bodies answered in JSON and a JSON-only preview.

Every test speaks HTTP through the test client (or, for F13, to a real threaded server against a
SQLite file) and asserts what a client sees.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from clubs.models import Player, Role
from tests.api.conftest import World, build_world
from tests.errors import field_errors, refusal
from tests.factories import PASSWORD, ClubFactory, member, start_match

TOKEN_URL = "/api/v1/auth/token/"
PREVIEW_URL = "/api/v1/scoring/preview/"
ROOT = Path(__file__).resolve().parents[2]
HAND = {"type": "hand", "closer": "Anna", "points": {"Bruno": 1, "Carla": 1, "Dario": 1}}


@pytest.fixture
def world(db) -> World:
    """The API tests' world: clubs aurora (private) and piazza (public), staff, matches."""
    return build_world()


def api(token: str | None = None, **extra) -> APIClient:
    """A JSON client in English, with the token if given; a 500 is answered, not raised."""
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False, **extra)
    if token:
        api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


def log_in(username="owner", address="10.0.0.1"):
    return api(REMOTE_ADDR=address).post(
        TOKEN_URL, {"username": username, "password": PASSWORD}, format="json"
    )


def token_of(username="owner", address="10.0.0.1") -> str:
    response = log_in(username, address)
    assert response.status_code == 200, response.content
    return response.json()["token"]


# F8: tokens ---------------------------------------------------------------------------------------


def test_f8_the_token_endpoint_is_throttled_per_username_and_address(world, settings):
    """F8: the token endpoint had throttle_classes = (): right passwords were never limited."""
    settings.API_TOKEN_RATE = "3/min"
    for _ in range(3):
        assert log_in().status_code == 200
    refused = log_in()
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "token" not in refused.json()
    # A clubmate at the same address, and the same user elsewhere, still get their tokens.
    assert log_in("director").status_code == 200
    assert log_in(address="10.0.0.2").status_code == 200


def test_f8_a_token_answers_its_expiry_and_stops_working_after_it(world, monkeypatch):
    """F8: tokens never expired. Now TOKEN_TTL_DAYS (30) after they are made."""
    response = log_in()
    expiry = parse_datetime(response.json()["expiry"])
    assert abs(expiry - (timezone.now() + timedelta(days=30))) < timedelta(minutes=1)
    token = response.json()["token"]
    assert api(token).get("/api/v1/clubs/aurora/").status_code == 200
    later = timezone.now() + timedelta(days=31)
    monkeypatch.setattr(timezone, "now", lambda: later)
    expired = api(token).get("/api/v1/clubs/aurora/")
    assert expired.status_code == 401
    assert expired["WWW-Authenticate"] == "Token"


def test_f8_a_token_is_stored_hashed_not_as_it_was_given(world):
    """F8: the database kept every token in clear; a stolen dump was a set of working keys."""
    from django.db import connection

    token = token_of()
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            columns = [
                c.name for c in connection.introspection.get_table_description(cursor, table)
            ]
            quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
            cursor.execute(f"SELECT {quoted} FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                assert token not in " ".join(str(value) for value in row), table


def test_f8_a_user_lists_and_revokes_their_tokens_over_the_api(world):
    """F8: tokens could not be revoked by their owner."""
    phone, laptop = token_of(), token_of()
    listed = api(phone).get("/api/v1/auth/tokens/")
    assert listed.status_code == 200
    rows = listed.json()
    assert len(rows) == 2
    assert [row["current"] for row in rows].count(True) == 1
    assert {"id", "created", "expiry", "current"} <= set(rows[0])
    assert phone not in listed.content.decode() and laptop not in listed.content.decode()
    other = next(row["id"] for row in rows if not row["current"])
    # Another user cannot revoke it: 404, as if it did not exist.
    assert api(token_of("director")).delete(f"/api/v1/auth/tokens/{other}/").status_code == 404
    assert api(phone).delete(f"/api/v1/auth/tokens/{other}/").status_code == 204
    assert api(laptop).get("/api/v1/clubs/").status_code == 401
    assert api(phone).post("/api/v1/auth/logout/").status_code == 204
    assert api(phone).get("/api/v1/clubs/").status_code == 401


def test_f8_logout_all_revokes_every_token_of_the_user_only(world):
    """F8: a lost phone's token could not be revoked."""
    first, second, director = token_of(), token_of(), token_of("director")
    assert api(first).post("/api/v1/auth/logoutall/").status_code == 204
    assert api(first).get("/api/v1/clubs/").status_code == 401
    assert api(second).get("/api/v1/clubs/").status_code == 401
    assert api(director).get("/api/v1/clubs/").status_code == 200


def test_f8_the_token_page_makes_shows_once_and_revokes_a_token(world, client):
    """F8: a logged-in user sees their tokens (made, expires), gets a new one shown once, and
    revokes it, on a page of the site."""
    client.force_login(world.users["owner"])
    client.cookies["django_language"] = "en"
    page = client.get("/accounts/token/")
    assert page.status_code == 200
    assert "You have no API token." in page.content.decode()
    made = client.post("/accounts/token/", {"action": "create"}, follow=True)
    content = made.content.decode()
    assert "Copy it now" in content
    rows = client_get_tokens(world.users["owner"])
    (row,) = rows
    key = _shown_key(content)
    assert APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/v1/clubs/").status_code == 200
    again = client.get("/accounts/token/").content.decode()
    assert key not in again  # shown once
    assert "Expires" in again
    client.post("/accounts/token/", {"action": "revoke", "token": row})
    assert APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/v1/clubs/").status_code == 401
    assert client_get_tokens(world.users["owner"]) == []


def client_get_tokens(user) -> list[str]:
    api = APIClient()
    api.force_login(user)
    return [row["id"] for row in api.get("/api/v1/auth/tokens/").json()]


def _shown_key(content: str) -> str:
    import re

    found = re.search(r'<code id="new-token">([0-9a-f]{64})</code>', content)
    assert found, content
    return found.group(1)


def test_f8_the_token_page_is_for_logged_in_users(client):
    """F8: the page needs a login."""
    response = client.get("/accounts/token/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


# F10: JSON limits ---------------------------------------------------------------------------------

DEEP = "[" * 2100 + "]" * 2100  # about 4 KB of brackets


@pytest.mark.parametrize(
    ("path", "who", "shape"),
    [
        (TOKEN_URL, None, "non_field_errors"),
        (PREVIEW_URL, None, "non_field_errors"),
        ("/api/v1/clubs/", "owner", "non_field_errors"),
        ("events", "owner", "non_field_errors"),
    ],
)
def test_f10_deeply_nested_json_answers_400_in_the_endpoints_shape(world, path, who, shape):
    """F10: ~4 KB of brackets made Python's json recurse out of its stack: 500."""
    if path == "events":
        path = f"/api/v1/matches/{world.live['aurora'].pk}/events/"
    token = token_of(who) if who else None
    response = api(token).post(path, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested more than 32 deep" in json.dumps(field_errors(response)[shape])


def test_f10_nesting_up_to_the_limit_is_parsed_and_one_more_is_refused(world):
    """F10: the bound is exact (32), and a bracket inside a string does not count."""
    inside = {"game": "scala40", "players": ["[[[[" * 20, "B"], "events": []}
    ok = api().post(PREVIEW_URL, inside, format="json")
    assert ok.status_code == 200, ok.content
    for depth, status in ((32, 400), (33, 400)):
        body = "[" * depth + "]" * depth
        response = api().post(PREVIEW_URL, body, content_type="application/json")
        assert response.status_code == status
        message = refusal(response)["message"]
        assert ("nested" in message) == (depth > 32), message


@pytest.mark.parametrize("limit", ["99999999999999999999999", "-5", "abc", "0", "1e9"])
def test_f10_any_limit_answers_a_page_without_500(world, limit):
    """F10: ?limit= beyond 64 bits reached the database: 500 (anonymous)."""
    response = api().get(f"/api/v1/clubs/?limit={limit}")
    assert response.status_code == 200
    assert response.json()["count"] >= 1
    response = api().get(f"/api/v1/clubs/piazza/players/?limit={limit}&offset={limit}")
    assert response.status_code == 200


def test_f10_a_limit_above_the_maximum_is_clamped_to_200(world):
    """F10: ?limit= is clamped to API_MAX_PAGE_SIZE (200)."""
    Player.objects.bulk_create(
        Player(club=world.piazza, name=f"Giocatore {number}") for number in range(210)
    )
    response = api().get("/api/v1/clubs/piazza/players/?limit=100000")
    assert response.status_code == 200
    assert len(response.json()["results"]) == 200
    assert "limit=200" in response.json()["next"]


# Extras: every error in JSON; the preview takes JSON only -----------------------------------------


@pytest.mark.parametrize(
    ("path", "who"), [(TOKEN_URL, None), (PREVIEW_URL, None), ("events", "owner")]
)
def test_an_oversized_body_answers_413_in_json(world, settings, path, who):
    """Extra: a body above DATA_UPLOAD_MAX_MEMORY_SIZE got Django's HTML 400 page."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    if path == "events":
        path = f"/api/v1/matches/{world.live['aurora'].pk}/events/"
    token = token_of(who) if who else None
    body = json.dumps({"username": "x" * 20_000, "password": "y"})
    response = api(token).post(path, body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "The request body is larger than 10000 bytes."}


def test_a_query_string_with_too_many_fields_answers_400_in_json(world):
    """Extra: Django's TooManyFieldsSent answered its HTML 400 page under /api/."""
    query = "&".join(f"f{number}=1" for number in range(1100))
    response = api().get(f"/api/v1/clubs/?{query}")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "too many fields" in response.json()["detail"]
    # The site's pages keep Django's own 400 page.
    page = api().get(f"/clubs/?{query}")
    assert page.status_code == 400
    assert page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("format_", ["multipart", "form"])
def test_the_preview_accepts_json_only(world, format_):
    """Extra: the preview parsed form bodies, contrary to API.md ("anything else answers 415")."""
    body = {"game": "scala40", "players": ["Anna", "Bruno"]}
    if format_ == "form":
        response = api().post(
            PREVIEW_URL,
            "game=scala40&players=Anna",
            content_type="application/x-www-form-urlencoded",
        )
    else:
        response = api().post(PREVIEW_URL, body)
    assert response.status_code == 415
    assert "Unsupported media type" in response.json()["detail"]


# F13: SQLite under a burst of writes --------------------------------------------------------------


def test_f13_a_write_that_finds_the_database_locked_answers_503_with_retry_after(
    world, monkeypatch
):
    """F13: "database is locked" answered 500; now a retryable 503, in JSON on the API."""
    from scoring import services

    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "event_record_replayed", locked)
    token = token_of()
    response = api(token).post(
        f"/api/v1/matches/{world.live['aurora'].pk}/events/", HAND, format="json"
    )
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "nothing was saved" in response.json()["detail"]


def test_f13_a_page_that_finds_the_database_locked_answers_a_503_page(db, client, monkeypatch):
    """F13: the site's pages answer a short 503 page too, never a 500."""
    from scoring import services

    def locked(**kwargs):
        raise OperationalError("database is locked")

    club = ClubFactory()
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies["django_language"] = "en"
    match = start_match(club=club, preset="scala40-club")
    seats = {seat.name: seat.seat for seat in match.seats.all()}
    monkeypatch.setattr(services, "event_record_replayed", locked)
    data = {"closer": str(seats["Anna"]), "idempotency_key": "a" * 32}
    data.update({f"points_{seats[name]}": "1" for name in ("Bruno", "Carla", "Dario")})
    response = client.post(f"/matches/{match.pk}/hand/", data)
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "nothing was saved" in response.content.decode()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


SETUP = """
from knox.models import AuthToken
from clubs.models import Role
from scoring import services
from tests.factories import ClubFactory, PlayerFactory, member
club = ClubFactory()
user = member(club, Role.SCOREKEEPER)
players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla", "Dario")]
match = services.match_start(club=club, user=None, preset="scala40-club", players=players)
print(match.pk, AuthToken.objects.create(user=user)[1])
"""

SERVE = """
import os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
from django.core.wsgi import get_wsgi_application

class Server(ThreadedWSGIServer):
    request_queue_size = 64  # runserver's 10 would reset some of 30 connections at once

server = Server(("127.0.0.1", int(sys.argv[1])), WSGIRequestHandler)
server.set_app(get_wsgi_application())
server.serve_forever()
"""

COUNT = """
from scoring.models import MatchEvent
print(MatchEvent.objects.filter(match_id={pk}).count())
"""


def _copy_test_database(path: Path) -> bool:
    """Copy this worker's test database, migrated already, into the SQLite file `path`: the
    schema `migrate` would make, in a fraction of its time (seconds of a worker). False when the
    suite runs on PostgreSQL, or when no test of this run set the test database up (this test
    alone asks none): then the file is migrated."""
    if connection.vendor != "sqlite" or not connection.is_in_memory_db():
        return False
    connection.ensure_connection()
    target = sqlite3.connect(path)
    try:
        connection.connection.backup(target)
    finally:
        target.close()
    return True


@pytest.fixture
def sqlite_server(tmp_path, django_db_setup, django_db_blocker):
    """Django's threaded development server (one thread per request, each with its own database
    connection) against a SQLite file: the embedded default, for real."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'tallone.sqlite3'}",
        "DEBUG": "1",
        "API_WRITE_RATE": "1000/min",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)

    def manage(*args, **kwargs):
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            **kwargs,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    with django_db_blocker.unblock():
        copied = _copy_test_database(tmp_path / "tallone.sqlite3")
    if not copied:
        manage("migrate", "--noinput")
    pk, token = manage("shell", "--no-imports", "-c", SETUP).split()
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", int(pk), token, manage
    finally:
        server.terminate()
        server.wait(timeout=10)


def _post(url: str, body: dict, headers: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def test_f13_thirty_concurrent_writes_to_one_match_on_sqlite_never_answer_500(sqlite_server):
    """F13: a burst of 30 writes on SQLite answered 500 "database is locked" 25 times. Now each
    answers 201 (or 200, or a retryable 503), and once retried every hand is recorded once."""
    base, pk, token, manage = sqlite_server
    url = f"{base}/api/v1/matches/{pk}/events/"
    barrier = threading.Barrier(30)
    answers: dict[int, list[int]] = {}

    def phone(number: int):
        headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "Idempotency-Key": f"phone-{number}",
        }
        barrier.wait()
        statuses = answers.setdefault(number, [])
        for _attempt in range(5):
            status, response_headers = _post(url, HAND, headers)
            statuses.append(status)
            if status != 503:
                break
            time.sleep(int(response_headers["Retry-After"]))

    threads = [threading.Thread(target=phone, args=(number,)) for number in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    every = [status for statuses in answers.values() for status in statuses]
    assert len(answers) == 30
    assert set(every) <= {200, 201, 503}, sorted(every)
    assert all(statuses[-1] in (200, 201) for statuses in answers.values()), answers
    assert int(manage("shell", "--no-imports", "-c", COUNT.format(pk=pk))) == 30


@pytest.mark.django_db
def test_an_overlong_username_at_the_token_endpoint_answers_400():
    """Found by the fuzz safety net on PostgreSQL: a 10,000-character username reached the login
    records (a 255-character column) and answered 500. It is refused as a field error first."""
    answer = APIClient().post(
        "/api/v1/auth/token/", {"username": "x" * 10_000, "password": "p"}, format="json"
    )
    assert answer.status_code == 400
    assert "username" in json.dumps(answer.json())
