"""Logging in to the API: a token from a username and password, or the site's session."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD

TOKEN_URL = "/api/v1/auth/token/"


def test_a_username_and_password_give_a_token(world):
    response = APIClient().post(
        TOKEN_URL, {"username": "owner", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=world.users["owner"]).key}


def test_the_token_is_the_same_every_time(world):
    client = APIClient()
    body = {"username": "owner", "password": PASSWORD}
    first = client.post(TOKEN_URL, body, format="json").json()["token"]
    assert client.post(TOKEN_URL, body, format="json").json()["token"] == first


def test_a_form_encoded_login_works_too(world):
    response = APIClient().post(TOKEN_URL, {"username": "owner", "password": PASSWORD})
    assert response.status_code == 200


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
    assert field in response.json()


def test_the_token_authenticates_reads_and_writes(world):
    token = Token.objects.create(user=world.users["owner"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
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
    token = Token.objects.create(user=world.users["owner"])
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post("/api/v1/clubs/aurora/players/", {"name": "Zeno"}, format="json")
    assert response.status_code == 201
