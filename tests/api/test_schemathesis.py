"""Schemathesis fuzzes every operation of /api/v1/schema/ against the app, in process (WSGI).

For each operation it generates requests from the schema (valid and invalid bodies, queries,
headers), sends them as the owner of the world's clubs (token) or anonymously, with the path
pointing at real objects most of the time (a club with players, members, seasons, matches with
events, a table tournament with a seated round and a drawn Gin bracket), and checks that:
- no answer is a server error (5xx);
- every status code, content type and body is one the schema documents for the operation.

Each example runs in a savepoint that is rolled back, so every request sees the same scene:
a fuzzed PATCH that renames the club's slug or a DELETE of a member cannot starve the examples
that follow. The number of examples is bounded and their generation derandomized: CI runs the
same requests every time.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from clublife.seasons import season_create
from config.wsgi import application
from pairings import services as pairing_services
from pairings.vptables.services import vp_table_create
from tests.api.conftest import NAMES, api_token
from tests.errors import field_errors
from tests.properties import examples
from tournaments import services
from tournaments.models import Tournament

# Deterministic, bounded fuzzing; Hypothesis' example database is off so that a failure found on
# one machine does not change what the next run on it sends.
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {
        "seed": 20251125,
        "generation": {"deterministic": True, "database": "none"},
        "phases": {
            # Schemathesis cannot combine the schema's examples with the identity and path drawn
            # below (`@schema.given`); the other tests of tests/api send them anyway.
            "examples": {"enabled": False},
            # The coverage phase sends every boundary case of every parameter, unbounded by
            # max_examples: too slow for a CI run that must stay within minutes.
            "coverage": {"enabled": False},
            "stateful": {"enabled": False},
        },
    }
)
# Loading the schema needs no database: drf-spectacular builds it from the code.
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application, config=CONFIG)

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]

# Per operation (63 of them): enough to send malformed and valid bodies, anonymous and logged in,
# to real and made-up objects, while the file stays within a minute or so of CPU on SQLite.
EXAMPLES = examples(12)


@pytest.fixture(autouse=True)
def unthrottled(settings, db):
    """The fuzzer writes far faster than any client: without this most writes would answer 429.
    (Every test of the module sends requests that read the database: `db` for each, inside the
    scene's module transaction.)"""
    settings.API_WRITE_RATE = "100000/min"
    settings.API_ANONYMOUS_WRITE_RATE = "100000/min"


@pytest.fixture(scope="module")
def scene(module_world, django_db_blocker):
    """conftest.py's world, plus tournaments, a season and the owner's API token: built once per
    module inside the world's transaction (its ids only; each example's writes are rolled back)."""
    with django_db_blocker.unblock():
        return build_scene(module_world)


def build_scene(world) -> dict:
    owner = world.users["owner"]
    club = world.piazza
    rounds = services.tournament_create(
        club=club, user=owner, name="Coppa", preset="scala40", format="rounds"
    )
    for name in NAMES:
        services.entry_register(
            tournament=rounds, user=owner, player=world.player(club, name), check_in=True
        )
    round_ = services.round_seat(tournament=rounds, user=owner, seed=1)
    gin = services.tournament_create(
        club=club,
        user=owner,
        name="Gin",
        preset="gin-standard",
        format="single_elimination",
        options={"target": 10},
    )
    for name in NAMES:
        services.entry_register(
            tournament=gin, user=owner, player=world.player(club, name), check_in=True
        )
    pairing_services.draw(tournament=gin, user=owner)
    season = season_create(
        club=club, user=owner, name="2025", starts_on="2025-01-01", ends_on="2025-12-31"
    )
    vp_table = vp_table_create(
        club=club,
        user=owner,
        name="Due smazzate",
        hands=2,
        bands=[
            {"low": 0, "high": 30, "winner": 10, "loser": 10},
            {"low": 35, "high": None, "winner": 13, "loser": 7},
        ],
    )
    return {
        "token": api_token(owner),
        "slug": [club.slug, world.aurora.slug],
        "players": {
            slug: [p.pk for p in world.players[slug].values()] for slug in ("piazza", "aurora")
        },
        "members": ["director", "scorekeeper", "member", "owner"],
        "seasons": [season.pk],
        "vp_tables": [vp_table.pk],
        "matches": [world.live["piazza"].pk, world.finished.pk, world.live["aurora"].pk],
        "tournaments": [rounds.pk, gin.pk],
        "entries": {t.pk: list(t.entries.values_list("pk", flat=True)) for t in (rounds, gin)},
        "tables": {
            rounds.pk: list(round_.tables.values_list("pk", flat=True)),
            gin.pk: list(
                Tournament.objects.get(pk=gin.pk)
                .rounds.get(number=1)
                .tables.values_list("pk", flat=True)
            ),
        },
    }


@pytest.fixture
def in_process_requests():
    """Django closes "old" connections when a request starts and ends; inside the test's
    transaction that would poison it. Django's test client unhooks these for the same reason."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def real_path(operation_path: str, params: dict, scene: dict, draw) -> dict:
    """Point the path at objects of the scene, chosen by Hypothesis."""
    params = dict(params)
    if "slug" in params:
        params["slug"] = draw(st.sampled_from(scene["slug"]))
        if "/players/" in operation_path:
            params["id"] = draw(st.sampled_from(scene["players"][params["slug"]]))
        elif "/seasons/" in operation_path:
            params["id"] = draw(st.sampled_from(scene["seasons"]))
        elif "/vp-tables/" in operation_path:
            params["id"] = draw(st.sampled_from(scene["vp_tables"]))
        if "username" in params:
            params["username"] = draw(st.sampled_from(scene["members"]))
    elif operation_path.startswith("/api/v1/matches/"):
        params["id"] = draw(st.sampled_from(scene["matches"]))
        if "number" in params:
            params["number"] = 1
    elif operation_path.startswith("/api/v1/tournaments/"):
        tournament = draw(st.sampled_from(scene["tournaments"]))
        params["id"] = tournament
        if "entry_id" in params:
            params["entry_id"] = draw(st.sampled_from(scene["entries"][tournament]))
        if "table_id" in params:
            params["table_id"] = draw(st.sampled_from(scene["tables"][tournament]))
        if "number" in params:
            params["number"] = 1
    return params


@schema.parametrize()
@schema.given(data=st.data())
@settings(
    max_examples=EXAMPLES,
    # Repeated here, not only in CONFIG: under Hypothesis' own "ci" profile a decorator's
    # defaults would otherwise win over the config.
    derandomize=True,
    database=None,
    deadline=None,
    # Every example runs in its own rolled-back savepoint (the function-scoped fixtures are the
    # test's), so the examples cannot see each other's writes.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_api_answers_as_its_schema_says(case, data, scene, db, in_process_requests):
    # the bodies as the schema describes them: compression (GZipMiddleware) is the transport's
    headers = {"Accept-Encoding": "identity"}
    if data.draw(st.booleans(), label="logged in"):
        headers["Authorization"] = f"Token {scene['token']}"
    if case.path_parameters and data.draw(st.integers(0, 4), label="real path") > 0:
        case.path_parameters = real_path(
            case.operation.path, case.path_parameters, scene, data.draw
        )
    with transaction.atomic():
        try:
            case.call_and_validate(headers=headers, checks=CHECKS)
        finally:
            transaction.set_rollback(True)


# What the fuzzing found, pinned down --------------------------------------------------------------


def test_an_address_no_endpoint_matches_answers_a_json_404(api):
    response = api("owner").get("/api/v1/matches/not-a-number/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_a_body_that_is_not_json_answers_field_errors(world, api):
    response = api("owner").client.post(
        f"/api/v1/matches/{world.live['aurora'].pk}/events/",
        data=b"\xff{",
        content_type="application/json",
    )
    assert response.status_code == 400
    assert list(field_errors(response)) == ["non_field_errors"]


def test_a_nul_character_in_an_event_answers_400_not_500(world, api):
    body = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5}, "cards": "\0"}
    response = api("owner").post(f"/api/v1/matches/{world.live['aurora'].pk}/events/", body)
    assert response.status_code == 400
    assert list(field_errors(response)) == ["non_field_errors"]


def test_an_entry_id_beyond_the_database_integer_answers_400(scene, api):
    tournament = scene["tournaments"][0]
    body = {"first": 2**80, "second": scene["entries"][tournament][0]}
    response = api("owner").post(f"/api/v1/tournaments/{tournament}/rounds/1/swap/", body)
    assert response.status_code == 400
    assert "first" in field_errors(response)


def test_a_throttled_write_answers_as_the_schema_says(scene, settings, in_process_requests):
    settings.API_WRITE_RATE = "1/min"
    operation = schema["/api/v1/clubs/"]["POST"]
    headers = {"Authorization": f"Token {scene['token']}", "Accept-Encoding": "identity"}
    answers = []
    for name in ("Circolo Uno", "Circolo Due"):
        case = operation.Case(body={"name": name})
        response = case.call(headers=headers)
        case.validate_response(response, checks=CHECKS, headers=headers)
        answers.append(response.status_code)
    assert answers == [201, 429]
