"""The API token page through the test client: a new token is shown once after a redirect (a
reload makes no other token), and "Revoke them all" asks first."""

import re

import pytest
from django.conf import settings
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.factories import UserFactory

PAGE = "/accounts/token/"


@pytest.fixture
def user(client, db):
    user = UserFactory(username="olga")
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return user


def shown_key(content: str) -> str | None:
    found = re.search(r'<code id="new-token">([0-9a-f]{64})</code>', content)
    return found.group(1) if found else None


def works(key: str) -> bool:
    return APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/v1/clubs/").status_code == 200


def test_making_a_token_redirects_and_a_reload_makes_no_other(client, user):
    made = client.post(PAGE, {"action": "create"})
    # POST, redirect, GET: the browser's reload repeats the GET, not the POST
    assert made.status_code == 302
    assert made["Location"] == PAGE
    page = client.get(made["Location"]).content.decode()
    key = shown_key(page)
    assert key and works(key)
    assert "Copy it now" in page
    assert AuthToken.objects.filter(user=user).count() == 1
    # the reload: the list, the token no more, and still one token
    again = client.get(PAGE).content.decode()
    assert shown_key(again) is None and key not in again
    assert "Expires" in again
    assert AuthToken.objects.filter(user=user).count() == 1
    # the session held it for that one display only
    assert key not in [str(value) for value in dict(client.session).values()]


def test_a_new_token_is_shown_to_its_own_session_only(client, user):
    client.post(PAGE, {"action": "create"})
    elsewhere = APIClient()
    elsewhere.force_login(user)
    assert shown_key(elsewhere.get(PAGE).content.decode()) is None
    assert shown_key(client.get(PAGE).content.decode())


def test_revoke_them_all_asks_first_then_revokes(client, user):
    client.post(PAGE, {"action": "create"})
    first = shown_key(client.get(PAGE).content.decode())
    client.post(PAGE, {"action": "create"})
    second = shown_key(client.get(PAGE).content.decode())
    assert first and second and first != second

    asked = client.post(PAGE, {"action": "revoke_all"})
    assert asked.status_code == 200
    content = asked.content.decode()
    assert "Revoke every token?" in content
    assert "Your 2 tokens stop working at once" in content
    assert 'name="confirm" value="1"' in content
    assert f'href="{PAGE}">No, go back</a>' in content
    # nothing has changed yet
    assert works(first) and works(second)

    done = client.post(PAGE, {"action": "revoke_all", "confirm": "1"}, follow=True)
    assert done.redirect_chain == [(PAGE, 302)]
    assert "Every token of yours is revoked." in done.content.decode()
    assert not works(first) and not works(second)
    assert "You have no API token." in done.content.decode()


def test_the_question_answers_in_italian_too(client, user):
    # (the new sentences' Italian waits for the lead's compiled catalogue: the buttons here)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    client.post(PAGE, {"action": "create"})
    client.get(PAGE)
    content = client.post(PAGE, {"action": "revoke_all"}).content.decode()
    assert "Revocali tutti" in content
    assert "No, torna indietro" in content
