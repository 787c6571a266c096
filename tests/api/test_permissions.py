"""The permission matrix of the whole API: every endpoint, every operation, every kind of user.

Each row is an operation; each column the status code answered to the owner, director,
scorekeeper and plain member of the club, to the owner of another club ("outsider") and to an
anonymous visitor. The rules the tables follow:

- an anonymous write answers 401 (with `WWW-Authenticate: Token`);
- what a user may not see answers 404, as if it did not exist: a private club's data for anyone but
  its members; a public club's members, and its matches in progress, for non-members;
- a write to something the user sees but has no role for answers 403;
- owner, director and scorekeeper score matches; only the owner manages the club, its players and
  its members; a member reads.

Every request of the tables is a valid one: an allowed user's answer is the operation's success.
"""

from __future__ import annotations

import pytest

from pairings.vptables.services import vp_table_create
from tests.api.conftest import ROLES
from tests.factories import PASSWORD, UserFactory

# Operations: how each row's request is made in the world of conftest.py. "{club}" is the club's
# slug, "{live}" its match in progress, "{finished}" piazza's finished match, "{player}" its
# player Bruno.

HAND = {"type": "hand", "closer": "Carla", "points": {"Anna": 10, "Bruno": 20}}
VP_TABLE = {
    "name": "Due smazzate",
    "hands": 2,
    "bands": [
        {"low": 0, "high": 30, "winner": 10, "loser": 10},
        {"low": 35, "high": None, "winner": 13, "loser": 7},
    ],
}
OPERATIONS = {
    # Open to everyone: the credentials are in the body, the preview stores nothing.
    "POST token": ("post", "/api/v1/auth/token/", {"username": "member", "password": PASSWORD}),
    "POST preview": (
        "post",
        "/api/v1/scoring/preview/",
        {"preset": "scala40", "players": ["A", "B"], "events": []},
    ),
    "GET clubs": ("get", "/api/v1/clubs/", None),
    "POST clubs": ("post", "/api/v1/clubs/", {"name": "Circolo Nuovo"}),
    "GET club": ("get", "/api/v1/clubs/{club}/", None),
    "PATCH club": ("patch", "/api/v1/clubs/{club}/", {"city": "Roma"}),
    "GET players": ("get", "/api/v1/clubs/{club}/players/", None),
    "POST players": ("post", "/api/v1/clubs/{club}/players/", {"name": "Zeno"}),
    "GET player": ("get", "/api/v1/clubs/{club}/players/{player}/", None),
    "PATCH player": ("patch", "/api/v1/clubs/{club}/players/{player}/", {"name": "Bruna"}),
    "GET members": ("get", "/api/v1/clubs/{club}/members/", None),
    "POST members": (
        "post",
        "/api/v1/clubs/{club}/members/",
        {"username": "newcomer", "role": "scorekeeper"},
    ),
    "PATCH member": ("patch", "/api/v1/clubs/{club}/members/member/", {"role": "director"}),
    "DELETE member": ("delete", "/api/v1/clubs/{club}/members/member/", None),
    "GET matches": ("get", "/api/v1/matches/?club={club}", None),
    "POST matches": (
        "post",
        "/api/v1/matches/",
        {"club": "{club}", "preset": "scala40", "players": ["{player}", {"guest": "Ospite"}]},
    ),
    "GET match": ("get", "/api/v1/matches/{live}/", None),
    "GET events": ("get", "/api/v1/matches/{live}/events/", None),
    "POST events": ("post", "/api/v1/matches/{live}/events/", HAND),
    "POST correct": (
        "post",
        "/api/v1/matches/{live}/events/1/correct/",
        {
            "data": {"closer": "Anna", "points": {"Bruno": 12, "Carla": 5, "Dario": 101}},
            "version": 1,
            "reason": "Bruno had 12",
        },
    ),
    "POST void": (
        "post",
        "/api/v1/matches/{live}/events/1/void/",
        {"version": 1, "reason": "Wrong table"},
    ),
    "POST reentry": ("post", "/api/v1/matches/{live}/reentry/", {"player": "Dario"}),
    "POST withdraw": ("post", "/api/v1/matches/{live}/withdraw/", {"player": "Bruno"}),
    "POST time-call": ("post", "/api/v1/matches/{live}/time-call/", {}),
    # Piazza's finished match: readable by anyone, so refused writes are 403, not 404.
    "GET vp-tables": ("get", "/api/v1/clubs/{club}/vp-tables/", None),
    "POST vp-tables": ("post", "/api/v1/clubs/{club}/vp-tables/", VP_TABLE),
    "GET vp-table": ("get", "/api/v1/clubs/{club}/vp-tables/{vptable}/", None),
    "PATCH vp-table": ("patch", "/api/v1/clubs/{club}/vp-tables/{vptable}/", {"name": "Coppie"}),
    "DELETE vp-table": ("delete", "/api/v1/clubs/{club}/vp-tables/{vptable}/", None),
    "GET finished": ("get", "/api/v1/matches/{finished}/", None),
    "GET finished events": ("get", "/api/v1/matches/{finished}/events/", None),
    "POST finished void": (
        "post",
        "/api/v1/matches/{finished}/events/1/void/",
        {"version": 1, "reason": "Wrong table"},
    ),
    "POST finished correct": (
        "post",
        "/api/v1/matches/{finished}/events/1/correct/",
        {"data": {"closer": "Anna", "points": {"Bruno": 50}}, "version": 1, "reason": "50"},
    ),
}

# fmt: off
# The private club "aurora".
#   operation                  owner director scorekeeper member outsider anonymous
PRIVATE = [
    ("POST token",             200,  200,     200,        200,   200,     200),
    ("POST preview",           200,  200,     200,        200,   200,     200),
    ("GET clubs",              200,  200,     200,        200,   200,     200),
    ("POST clubs",             201,  201,     201,        201,   201,     401),
    ("GET club",               200,  200,     200,        200,   404,     404),
    ("PATCH club",             200,  403,     403,        403,   404,     401),
    ("GET players",            200,  200,     200,        200,   404,     404),
    ("POST players",           201,  403,     403,        403,   404,     401),
    ("GET player",             200,  200,     200,        200,   404,     404),
    ("PATCH player",           200,  403,     403,        403,   404,     401),
    ("GET members",            200,  200,     200,        200,   404,     404),
    ("POST members",           201,  403,     403,        403,   404,     401),
    ("PATCH member",           200,  403,     403,        403,   404,     401),
    ("DELETE member",          204,  403,     403,        403,   404,     401),
    ("GET matches",            200,  200,     200,        200,   200,     200),
    ("POST matches",           201,  201,     201,        403,   404,     401),
    ("GET match",              200,  200,     200,        200,   404,     404),
    ("GET events",             200,  200,     200,        200,   404,     404),
    ("POST events",            201,  201,     201,        403,   404,     401),
    ("POST correct",           200,  200,     200,        403,   404,     401),
    ("POST void",              200,  200,     200,        403,   404,     401),
    ("POST reentry",           201,  201,     201,        403,   404,     401),
    ("POST withdraw",          201,  201,     201,        403,   404,     401),
    ("POST time-call",         201,  201,     201,        403,   404,     401),
    # VP tables: members read them, directors enter them.
    ("GET vp-tables",          200,  200,     200,        200,   404,     404),
    ("POST vp-tables",         201,  201,     403,        403,   404,     401),
    ("GET vp-table",           200,  200,     200,        200,   404,     404),
    ("PATCH vp-table",         200,  200,     403,        403,   404,     401),
    ("DELETE vp-table",        204,  204,     403,        403,   404,     401),
]

# The public club "piazza": anyone reads the club, its players and its finished matches.
#   operation                  owner director scorekeeper member outsider anonymous
PUBLIC = [
    ("GET clubs",              200,  200,     200,        200,   200,     200),
    ("GET club",               200,  200,     200,        200,   200,     200),
    ("PATCH club",             200,  403,     403,        403,   403,     401),
    ("GET players",            200,  200,     200,        200,   200,     200),
    ("POST players",           201,  403,     403,        403,   403,     401),
    ("GET player",             200,  200,     200,        200,   200,     200),
    ("PATCH player",           200,  403,     403,        403,   403,     401),
    ("GET members",            200,  200,     200,        200,   404,     404),
    ("POST members",           201,  403,     403,        403,   403,     401),
    ("PATCH member",           200,  403,     403,        403,   403,     401),
    ("DELETE member",          204,  403,     403,        403,   403,     401),
    ("GET matches",            200,  200,     200,        200,   200,     200),
    ("POST matches",           201,  201,     201,        403,   403,     401),
    # A match in progress is the members' business only.
    ("GET match",              200,  200,     200,        200,   404,     404),
    ("GET events",             200,  200,     200,        200,   404,     404),
    ("POST events",            201,  201,     201,        403,   404,     401),
    ("POST correct",           200,  200,     200,        403,   404,     401),
    ("POST void",              200,  200,     200,        403,   404,     401),
    ("POST reentry",           201,  201,     201,        403,   404,     401),
    ("POST withdraw",          201,  201,     201,        403,   404,     401),
    ("POST time-call",         201,  201,     201,        403,   404,     401),
    # A finished match is public.
    ("GET finished",           200,  200,     200,        200,   200,     200),
    ("GET finished events",    200,  200,     200,        200,   200,     200),
    ("POST finished void",     200,  200,     200,        403,   403,     401),
    ("POST finished correct",  200,  200,     200,        403,   403,     401),
    # A public club's VP tables are read by everyone.
    ("GET vp-tables",          200,  200,     200,        200,   200,     200),
    ("POST vp-tables",         201,  201,     403,        403,   403,     401),
    ("GET vp-table",           200,  200,     200,        200,   200,     200),
    ("PATCH vp-table",         200,  200,     403,        403,   403,     401),
    ("DELETE vp-table",        204,  204,     403,        403,   403,     401),
]
# fmt: on


def cases(table):
    params = []
    for operation, *codes in table:
        assert len(codes) == len(ROLES), operation
        for role, code in zip(ROLES, codes, strict=True):
            params.append(pytest.param(operation, role, code, id=f"{operation}-{role}"))
    return params


def fill(value, values):
    """Put the world's slugs and ids into a path or a body."""
    if isinstance(value, str):
        if value.startswith("{") and value.endswith("}") and value[1:-1] in values:
            return values[value[1:-1]]  # a whole value: keep the id an integer
        return value.format(**values)
    if isinstance(value, dict):
        return {key: fill(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [fill(item, values) for item in value]
    return value


def call(world, api, role, club, operation):
    UserFactory(username="newcomer")  # whom "POST members" grants a role to
    method, path, body = OPERATIONS[operation]
    values = {
        "club": club.slug,
        "player": world.player(club, "Bruno").pk,
        "live": world.live[club.slug].pk,
        "finished": world.finished.pk,
        "vptable": vp_table_create(
            club=club, user=None, name="Squadre", hands=2, bands=VP_TABLE["bands"]
        ).pk,
    }
    client = api(role)
    path = fill(path, values)
    if method in ("get", "delete"):
        return getattr(client, method)(path)
    return getattr(client, method)(path, fill(body, values))


def test_every_operation_is_in_a_table():
    private = {row[0] for row in PRIVATE}
    public = {row[0] for row in PUBLIC}
    assert private | public == set(OPERATIONS)
    assert public - private == {
        "GET finished",
        "GET finished events",
        "POST finished void",
        "POST finished correct",
    }


@pytest.mark.parametrize(("operation", "role", "expected"), cases(PRIVATE))
def test_private_club(world, api, operation, role, expected):
    response = call(world, api, role, world.aurora, operation)
    assert response.status_code == expected, response.content


@pytest.mark.parametrize(("operation", "role", "expected"), cases(PUBLIC))
def test_public_club(world, api, operation, role, expected):
    response = call(world, api, role, world.piazza, operation)
    assert response.status_code == expected, response.content


def test_an_anonymous_write_asks_for_a_token(world, api):
    response = api("anonymous").post("/api/v1/clubs/aurora/players/", {"name": "Zeno"})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("role", ["member", "outsider", "anonymous"])
def test_a_refused_write_changes_nothing(world, api, role):
    match = world.live["aurora"]
    api(role).post(f"/api/v1/matches/{match.pk}/events/", HAND)
    api(role).post("/api/v1/clubs/aurora/players/", {"name": "Zeno"})
    assert match.events.count() == 1
    assert not world.aurora.players.filter(name="Zeno").exists()
