"""Logging in to the API: a token from a username and password, or the site's session."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from tests.api.conftest import api_token
from tests.errors import field_errors
from tests.factories import PASSWORD

TOKEN_URL = "/api/v1/auth/token/"


def test_a_username_and_password_give_a_token_that_expires_in_30_days(world):
    response = APIClient().post(
        TOKEN_URL, {"username": "owner", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert set(response.json()) == {"token", "expiry"}
    expiry = parse_datetime(response.json()["expiry"])
    assert abs(expiry - (timezone.now() + timedelta(days=30))) < timedelta(minutes=1)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get("/api/v1/clubs/aurora/").json()["role"] == "owner"


def test_each_login_gives_a_new_token_and_the_earlier_ones_keep_working(world):
    # Tokens are kept hashed (django-rest-knox): an earlier one cannot be shown again.
    client = APIClient()
    body = {"username": "owner", "password": PASSWORD}
    first = client.post(TOKEN_URL, body, format="json").json()["token"]
    second = client.post(TOKEN_URL, body, format="json").json()["token"]
    assert first != second
    for token in (first, second):
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        assert client.get("/api/v1/clubs/aurora/").json()["role"] == "owner"


def test_a_form_encoded_login_answers_415_like_every_other_body_that_is_not_json(world):
    response = APIClient().post(TOKEN_URL, {"username": "owner", "password": PASSWORD})
    assert response.status_code == 415
    assert "token" not in response.json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "owner", "password": "wrong"}, "non_field_errors"),
        ({"username": "nobody", "password": PASSWORD}, "non_field_errors"),
        ({"username": "owner"}, "password"),
    ],
)
def test_a_bad_login_answers_400_with_field_errors(world, body, field):
    response = APIClient().post(TOKEN_URL, body, format="json")
    assert response.status_code == 400
    assert field in field_errors(response)


def test_the_token_authenticates_reads_and_writes(world):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(world.users['owner'])}")
    assert client.get("/api/v1/clubs/aurora/").json()["role"] == "owner"
    response = client.post("/api/v1/clubs/aurora/players/", {"name": "Zeno"}, format="json")
    assert response.status_code == 201


def test_a_wrong_token_answers_401_even_for_a_read(world):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get("/api/v1/clubs/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_the_session_of_the_site_works_with_its_csrf_token(world):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="owner", password=PASSWORD)
    refused = client.post("/api/v1/clubs/aurora/players/", {"name": "Zeno"}, format="json")
    assert refused.status_code == 403  # a session write needs the CSRF token
    csrf = "t" * 32  # what a page of the site would have put in the cookie
    client.cookies["csrftoken"] = csrf
    response = client.post(
        "/api/v1/clubs/aurora/players/", {"name": "Zeno"}, format="json", HTTP_X_CSRFTOKEN=csrf
    )
    assert response.status_code == 201


def test_a_token_write_needs_no_csrf_token(world):
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(world.users['owner'])}")
    response = client.post("/api/v1/clubs/aurora/players/", {"name": "Zeno"}, format="json")
    assert response.status_code == 201
