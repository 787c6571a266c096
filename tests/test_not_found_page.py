"""A wrong or expired link, with DEBUG off (issue 25's walk): the site's own 404 page, in the
visitor's language, saying what to do (a table phone whose session is gone joins again); the API
keeps its JSON 404."""

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
def test_a_wrong_link_shows_the_sites_404_page_in_italian(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    answer = client.get("/tournaments/999999/matches/nowhere/")
    assert answer.status_code == 404
    page = answer.content.decode()
    assert '<html lang="it">' in page
    assert "Pagina non trovata" in page
    assert "Il link non è valido o non è più aperto" in page
    assert "collegati di nuovo con il codice del tavolo" in page
    assert f'href="{reverse("scoring:join")}"' in page and "Collegati a un tavolo" in page
    assert "Not Found" not in page


@override_settings(DEBUG=False)
def test_a_wrong_link_shows_the_sites_404_page_in_english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = client.get("/matches/999999/")
    assert answer.status_code == 404
    page = answer.content.decode()
    assert '<html lang="en">' in page
    assert "Page not found" in page
    assert "join again with the table" in page
    assert f'href="{reverse("scoring:join")}"' in page


@override_settings(DEBUG=False)
def test_the_api_still_answers_its_404_in_json(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = client.get("/api/v1/matches/999999/")
    assert answer.status_code in (401, 403, 404)
    assert answer["Content-Type"].startswith("application/json")
