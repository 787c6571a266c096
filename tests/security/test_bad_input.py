"""Issue 25, bad input that still answered 500: a JSON number that overflows (`1e400`) in any
body, JSON nested 100,000 deep on the import page and in `manage.py import_club`, and the same
player listed twice in `entries/many/`. Each test goes through real HTTP requests (or the real
command), on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import Role
from scoring import services
from scoring.models import EventVersion, Match, MatchEvent
from tests.api.conftest import (
    Api,
    module_world,  # noqa: F401 (the fixture world builds on)
    world,  # noqa: F401 (the fixture)
)
from tests.errors import errors_of, refusal
from tests.factories import ClubFactory, member
from tournaments import services as tournament_services
from tournaments.models import Entry

ROOT = Path(__file__).resolve().parents[2]
EVENTS = "/api/v1/matches/{}/events/"
HAND = '{"type": "hand", "closer": "Carla", "points": {"Anna": %s, "Bruno": 20}}'


def post_raw(api: Api, path: str, text: str):
    """`text` sent as it is: json.dumps cannot write 1e400."""
    return api.client.generic(
        "POST", path, text, content_type="application/json", HTTP_ACCEPT_LANGUAGE=api.language
    )


def stored(match: Match) -> tuple[int, int]:
    return MatchEvent.objects.filter(match=match).count(), EventVersion.objects.filter(
        event__match=match
    ).count()


# 1e400 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, number",
    [
        (HAND % "1e400", "1e400"),
        (HAND % "-1e400", "-1e400"),
        (HAND % "10" + "", None),  # control: accepted
        ('{"type": "hand", "closer": "Carla", "points": {"Anna": 10}, "note": 1e400}', "1e400"),
        ('{"type": "reentry", "player": "Dario", "idempotency_key": 1E999}', "1E999"),
    ],
)
def test_a_number_that_overflows_in_an_event_is_a_400_and_nothing_is_stored(world, body, number):  # noqa: F811
    match = world.live["aurora"]
    before = stored(match)
    response = post_raw(Api(world.users["scorekeeper"]), EVENTS.format(match.pk), body)
    if number is None:
        assert response.status_code == 201, response.content
        return
    assert refusal(response) == {
        "event": None,
        "field": None,
        "message": f"JSON parse error - the number {number} is too large.",
    }
    assert stored(match) == before
    # the match still opens, with the totals it had
    assert Api(world.users["scorekeeper"]).get(f"/api/v1/matches/{match.pk}/").status_code == 200


def test_a_number_that_overflows_in_a_correction_is_a_400_in_italian_too(world):  # noqa: F811
    match = world.live["aurora"]
    before = stored(match)
    body = (
        '{"version": 1, "reason": "sbagliato", "data": {"type": "hand", "closer": "Anna", '
        '"points": {"Bruno": 10, "Carla": 5e400, "Dario": 101}}}'
    )
    api = Api(world.users["scorekeeper"], language="it")
    response = post_raw(api, EVENTS.format(match.pk) + "1/correct/", body)
    assert refusal(response)["message"] == "Errore nel JSON: il numero 5e400 è troppo grande."
    assert stored(match) == before


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/v1/matches/", '{"preset": "scala40", "players": ["Anna", "Bruno"], "stake": 1e400}'),
        ("/api/v1/scoring/preview/", '{"preset": "scala40", "players": ["A", "B"], "x": 1e400}'),
        ("/api/v1/clubs/aurora/matches/import/", '[{"preset": "scala40", "stake": 1e400}]'),
        ("/api/v1/auth/token/", '{"username": "owner", "password": 1e400}'),
    ],
)
def test_every_endpoint_refuses_a_number_that_overflows(world, path, body):  # noqa: F811
    matches = Match.objects.count()
    response = post_raw(Api(world.users["owner"]), path, body)
    assert refusal(response)["message"] == "JSON parse error - the number 1e400 is too large."
    assert Match.objects.count() == matches


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_by_name(world, constant):  # noqa: F811
    match = world.live["aurora"]
    response = post_raw(Api(world.users["scorekeeper"]), EVENTS.format(match.pk), HAND % constant)
    assert refusal(response)["message"] == (
        f"JSON parse error - {constant} is not a number JSON allows."
    )


def test_an_event_is_checked_fully_before_anything_is_written(world):  # noqa: F811
    """A refused event or correction sends no INSERT or UPDATE to the database, even one that
    the transaction would roll back."""
    match = world.live["aurora"]
    event = MatchEvent.objects.get(match=match, number=1)
    refused = [
        lambda: services.event_record(
            match=match, user=None, data={"type": "hand", "closer": "Carla", "points": {}}
        ),
        lambda: services.hand_correct(
            event=event,
            user=None,
            data={"closer": "Anna", "points": {"Bruno": 999}},
            expected_version=1,
        ),
    ]
    for attempt in refused:
        with CaptureQueriesContext(connection) as queries, pytest.raises(services.MatchError):
            attempt()
        writes = [
            query["sql"]
            for query in queries.captured_queries
            if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        ]
        assert writes == []


# JSON nested 100,000 deep ------------------------------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.django_db
def test_the_import_page_refuses_json_nested_too_deep_beside_the_form(client):
    club = ClubFactory()
    client.force_login(member(club, Role.DIRECTOR))
    url = f"/clubs/{club.slug}/import/"
    for language, words in (
        ("en", "This JSON cannot be imported: arrays and objects are nested more than 32 deep."),
        ("it", "Questo JSON non si può importare: array e oggetti sono annidati oltre 32 livelli."),
    ):
        response = client.post(url, {"document": DEEP}, HTTP_ACCEPT_LANGUAGE=language)
        assert words in response.content.decode()
    response = client.post(
        url, {"document": '{"preset": "scala40", "stake": 1e400}'}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "This JSON cannot be imported: the number 1e400 is too large." in (
        response.content.decode()
    )
    assert not Match.objects.filter(club=club).exists()  # the module's API world has its own


def test_import_club_refuses_json_nested_too_deep_without_a_traceback(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    done = subprocess.run(
        [sys.executable, "manage.py", "import_club", str(deep)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"CommandError: {deep} cannot be imported: arrays and objects are nested more than 32 deep."
    )


@pytest.mark.django_db
def test_import_matches_refuses_json_nested_too_deep(tmp_path):
    ClubFactory(slug="sala")
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    with pytest.raises(CommandError, match="nested more than 32 deep"):
        call_command("import_matches", "sala", str(deep))


# entries/many/ -----------------------------------------------------------------------------------


def test_entries_many_refuses_a_player_listed_twice_and_enters_nobody(world):  # noqa: F811
    owner = Api(world.users["owner"])
    tournament = tournament_services.tournament_create(
        club=world.aurora,
        user=world.users["director"],
        name="Torneo",
        preset="scala40",
        format="rounds",
    )
    anna, bruno = world.player(world.aurora, "Anna"), world.player(world.aurora, "Bruno")
    url = f"/api/v1/tournaments/{tournament.pk}/entries/many/"
    response = owner.post(url, {"players": [anna.pk, bruno.pk, anna.pk], "guests": ["Zeno"]})
    assert [(item["field"], item["message"]) for item in errors_of(response)] == [
        ("players", "Listed twice: Anna.")
    ]
    assert not Entry.objects.filter(tournament=tournament).exists()
    # the answer is the plain list the schema says
    response = owner.post(url, {"players": [anna.pk, bruno.pk]})
    assert response.status_code == 201
    assert [entry["name"] for entry in response.json()] == ["Anna", "Bruno"]


def test_the_schema_says_entries_many_answers_a_plain_list(world):  # noqa: F811
    schema = Client().get("/api/v1/schema/", {"format": "json"}).json()
    answer = schema["paths"]["/api/v1/tournaments/{id}/entries/many/"]["post"]["responses"]["201"]
    assert answer["content"]["application/json"]["schema"] == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/Entry"},
    }
