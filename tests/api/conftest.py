"""The world every API test starts from.

Two clubs with the same staff: "aurora" (private) and "piazza" (public). Each of the users
owner, director, scorekeeper and member holds that role in both. "outsider" owns a third club,
"borgo", and nothing else: a role elsewhere grants nothing here. "anonymous" is not logged in.

Each of aurora and piazza has four players (Anna, Bruno, Carla, Dario) and matches:
- aurora: a Scala 40 club match in progress where Dario went out at the first hand (so he may
  re-enter), and the same in piazza;
- piazza: also a finished match (Anna beat Bruno), which anyone may read.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

from clubs.models import Club, Player, Role
from scoring import services
from scoring.models import Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.once import built_once

ROLES = ("owner", "director", "scorekeeper", "member", "outsider", "anonymous")
STAFF = {
    "owner": Role.OWNER,
    "director": Role.DIRECTOR,
    "scorekeeper": Role.SCOREKEEPER,
    "member": Role.MEMBER,
}
NAMES = ("Anna", "Bruno", "Carla", "Dario")
FIRST_HAND = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 101}}


@dataclass
class World:
    users: dict
    aurora: Club
    piazza: Club
    borgo: Club
    players: dict = field(default_factory=dict)  # club slug -> {name: Player}
    live: dict = field(default_factory=dict)  # club slug -> a match in progress
    finished: Match | None = None  # piazza's finished match

    def player(self, club: Club, name: str) -> Player:
        return self.players[club.slug][name]


def start(club: Club, players, preset="scala40-club", **kwargs) -> Match:
    return services.match_start(club=club, user=None, preset=preset, players=players, **kwargs)


def record(match: Match, data: dict) -> None:
    services.event_record(match=match, user=None, data=data)


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    """The world built once per module (and worker) in a transaction rolled back at its end.

    Each test runs in a savepoint inside it (pytest-django's `db`), rolled back after the test,
    so a test's writes never reach the next test: building it per test was 41 % of tests/api.
    """
    yield from built_once(django_db_blocker, build_world)


@pytest.fixture
def world(module_world, db) -> World:
    """The module's world, its rows as built (each test's writes are rolled back) and its Python
    objects a fresh copy, as Django's setUpTestData gives (a test may change them in memory)."""
    return copy.deepcopy(module_world)


def build_world() -> World:
    """The world of the module's docstring (for a test module elsewhere to make its fixture)."""
    users = {name: UserFactory(username=name) for name in ROLES if name != "anonymous"}
    aurora = ClubFactory(name="Circolo Aurora", slug="aurora")
    piazza = ClubFactory(name="Circolo Piazza", slug="piazza", is_public=True)
    borgo = ClubFactory(name="Circolo Borgo", slug="borgo")
    for club in (aurora, piazza):
        for name, role in STAFF.items():
            MembershipFactory(club=club, user=users[name], role=role)
    MembershipFactory(club=borgo, user=users["outsider"], role=Role.OWNER)
    world = World(users=users, aurora=aurora, piazza=piazza, borgo=borgo)
    for club in (aurora, piazza, borgo):
        world.players[club.slug] = {name: PlayerFactory(club=club, name=name) for name in NAMES}
    for club in (aurora, piazza):
        match = start(club, [world.player(club, name) for name in NAMES], table_label="1")
        record(match, FIRST_HAND)
        world.live[club.slug] = match
    world.finished = start(piazza, [world.player(piazza, "Anna"), world.player(piazza, "Bruno")])
    record(world.finished, {"type": "hand", "closer": "Anna", "points": {"Bruno": 101}})
    world.finished.refresh_from_db()
    assert world.finished.status == "finished"
    return world


class Api:
    """An API client speaking JSON, logged in as one of the world's users (or anonymous)."""

    def __init__(self, user=None, language="en"):
        self.client = APIClient()
        self.language = language
        if user is not None:
            self.client.force_login(user)

    def request(self, method: str, path: str, body=None, **headers):
        kwargs = {"HTTP_ACCEPT_LANGUAGE": self.language}
        kwargs.update({f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()})
        if body is not None:
            kwargs.update(data=json.dumps(body), content_type="application/json")
        return getattr(self.client, method.lower())(path, **kwargs)

    def get(self, path, **headers):
        return self.request("get", path, **headers)

    def post(self, path, body=None, **headers):
        return self.request("post", path, {} if body is None else body, **headers)

    def patch(self, path, body=None, **headers):
        return self.request("patch", path, {} if body is None else body, **headers)

    def delete(self, path, **headers):
        return self.request("delete", path, **headers)


def api_token(user) -> str:
    """A new API token of `user` (django-rest-knox keeps only its digest: this is the key)."""
    _instance, key = AuthToken.objects.create(user=user)
    return key


@pytest.fixture
def api(world):
    """`api("owner")` is a client logged in as the world's owner; `api("anonymous")` is not."""

    def make(role: str = "owner", language: str = "en") -> Api:
        return Api(None if role == "anonymous" else world.users[role], language=language)

    return make
