"""Login throttling (django-axes), the API's write rate limits and the content security policy."""

import pytest
from axes.models import AccessAttempt
from rest_framework.test import APIClient

from tests.api.conftest import api_token
from tests.factories import PASSWORD

LOGIN_URL = "/accounts/login/"
TOKEN_URL = "/api/v1/auth/token/"


@pytest.fixture(autouse=True)
def three_failures_lock_out(settings):
    settings.AXES_FAILURE_LIMIT = 3


def log_in(password: str, *, username: str = "owner", address: str = "10.0.0.1"):
    return APIClient().post(
        LOGIN_URL,
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_a_username_is_locked_out_from_an_address_after_three_wrong_passwords(world):
    for _ in range(2):
        assert log_in("wrong").status_code == 200  # the form again, with its error
    locked = log_in("wrong")
    assert locked.status_code == 429
    assert "Too many attempts" in locked.content.decode()
    assert "owner" in locked.content.decode()
    # Now even the right password is refused from there, and no session is opened.
    refused = log_in(PASSWORD)
    assert refused.status_code == 429
    assert "_auth_user_id" not in refused.client.session


def test_the_lockout_is_for_that_username_and_that_address_only(world):
    for _ in range(3):
        log_in("wrong")
    assert log_in("wrong").status_code == 429
    # A clubmate at the same table (same address) still logs in...
    assert log_in(PASSWORD, username="director").status_code == 302
    # ...and so does the owner from home.
    assert log_in(PASSWORD, address="10.0.0.2").status_code == 302


def test_a_right_password_before_the_limit_forgets_the_failures(world):
    log_in("wrong")
    log_in("wrong")
    assert log_in(PASSWORD).status_code == 302
    assert not AccessAttempt.objects.filter(username="owner").exists()
    log_in("wrong")
    log_in("wrong")
    assert log_in(PASSWORD).status_code == 302


def test_the_api_token_endpoint_is_throttled_too(world):
    client = APIClient()
    body = {"username": "owner", "password": "wrong"}
    for _ in range(2):
        assert client.post(TOKEN_URL, body, format="json").status_code == 400
    assert client.post(TOKEN_URL, body, format="json").status_code == 429
    refused = client.post(TOKEN_URL, {"username": "owner", "password": PASSWORD}, format="json")
    assert refused.status_code == 429
    assert "token" not in refused.content.decode()


def test_api_writes_are_limited_per_user_and_answer_429_with_retry_after(world, settings):
    settings.API_WRITE_RATE = "3/min"
    owner = APIClient()
    owner.credentials(HTTP_AUTHORIZATION=f"Token {api_token(world.users['owner'])}")
    for name in ("Zeno", "Ugo", "Ines"):
        response = owner.post("/api/v1/clubs/aurora/players/", {"name": name}, format="json")
        assert response.status_code == 201
    refused = owner.post("/api/v1/clubs/aurora/players/", {"name": "Olga"}, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert not world.aurora.players.filter(name="Olga").exists()
    # Reads are never limited, and another user has a count of its own.
    assert owner.get("/api/v1/clubs/aurora/players/").status_code == 200
    outsider = APIClient()
    outsider.force_authenticate(world.users["outsider"])
    response = outsider.post("/api/v1/clubs/borgo/players/", {"name": "Olga"}, format="json")
    assert response.status_code == 201


def test_anonymous_api_writes_are_limited_per_address(world, settings):
    settings.API_ANONYMOUS_WRITE_RATE = "2/min"
    client = APIClient()
    body = {"username": "nobody", "password": "wrong"}
    for _ in range(2):
        assert client.post(TOKEN_URL, body, format="json").status_code == 400
    assert client.post(TOKEN_URL, body, format="json").status_code == 429
    other = APIClient(REMOTE_ADDR="10.9.9.9")
    assert other.post(TOKEN_URL, body, format="json").status_code == 400


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/api/v1/", "/api/v1/docs/"])
def test_pages_carry_a_policy_that_allows_only_this_servers_scripts_and_styles(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"


def test_only_the_redoc_page_lets_its_library_write_styles(client):
    policy = client.get("/api/v1/redoc/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self' 'unsafe-inline'"


def behind_nginx(password: str, client_address: str, *, forged: str = ""):
    """A login as nginx passes it on: from 127.0.0.1, the client's address appended last."""
    forwarded = f"{forged}, {client_address}" if forged else client_address
    return APIClient().post(
        LOGIN_URL,
        {"username": "owner", "password": password},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_behind_nginx_the_lockout_is_for_the_clients_address_not_nginxs(world, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(3):
        behind_nginx("wrong", "203.0.113.5")
    assert behind_nginx(PASSWORD, "203.0.113.5").status_code == 429
    # The owner at the club, behind the same nginx, still logs in.
    assert behind_nginx(PASSWORD, "198.51.100.7").status_code == 302
    # An address the locked-out client writes in the header itself changes nothing.
    assert behind_nginx(PASSWORD, "203.0.113.5", forged="198.51.100.7").status_code == 429


def test_without_a_trusted_proxy_a_forwarded_header_is_ignored(world, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    for address in ("203.0.113.1", "203.0.113.2", "203.0.113.3"):
        behind_nginx("wrong", address)
    assert behind_nginx(PASSWORD, "203.0.113.4").status_code == 429


def test_every_429_says_how_long_to_wait(world, settings):
    """Issue 25: every refusal for too many requests carries Retry-After, in seconds: the API's
    limits, the login's and the token's lockouts, the table codes', check-in and "where do I
    sit?" (the table codes' own: tests/api/test_table_code_throttle.py)."""
    from django.urls import reverse

    from tournaments import services as tournaments

    settings.API_ANONYMOUS_WRITE_RATE = "1/min"
    settings.CHECK_IN_RATE = settings.SEAT_FINDER_RATE = "1/min"
    tournament = tournaments.tournament_create(
        club=world.piazza,
        user=world.users["director"],
        name="Coppa",
        preset="scala40",
        format="rounds",
        is_public=True,
    )
    check_in = reverse("tournaments:check-in", args=[tournament.check_in_key])
    where = reverse("tournaments:where", args=[tournament.pk])
    lockout = 15 * 60
    for _ in range(3):
        log_in("wrong", address="10.0.0.5")
    refusals = {
        "login": (log_in("wrong", address="10.0.0.5"), lockout),
        "token": (
            APIClient(REMOTE_ADDR="10.0.0.5").post(
                TOKEN_URL, {"username": "owner", "password": PASSWORD}, format="json"
            ),
            lockout,
        ),
    }
    writer = APIClient(REMOTE_ADDR="10.0.0.6")
    writer.post(TOKEN_URL, {"username": "nobody", "password": "x"}, format="json")
    refusals["anonymous write"] = (
        writer.post(TOKEN_URL, {"username": "nobody", "password": "x"}, format="json"),
        60,
    )
    for name, path in (("check-in", check_in), ("where", where)):
        client = APIClient(REMOTE_ADDR="10.0.0.7")
        client.get(path)
        refusals[name] = (client.get(path), 60)
    for name, (response, longest) in refusals.items():
        assert response.status_code == 429, name
        assert 0 < int(response["Retry-After"]) <= longest, name
