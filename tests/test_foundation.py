"""The foundation a user meets first: pages in Italian and English, login, admin, API docs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

BASE_DIR = Path(settings.BASE_DIR)


@pytest.mark.django_db
def test_home_page_speaks_italian_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    content = response.content.decode()
    assert '<html lang="it">' in content
    assert "Punteggi per i circoli di ramino" in content
    assert "Accedi" in content


@pytest.mark.django_db
def test_home_page_follows_the_browser_language(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    content = response.content.decode()
    assert '<html lang="en">' in content
    assert "Score keeping for rummy clubs" in content


@pytest.mark.django_db
def test_language_switch_remembers_english(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    content = client.get("/").content.decode()
    assert "Score keeping for rummy clubs" in content
    assert "Log in" in content


@pytest.mark.django_db
def test_the_site_has_an_icon_where_browsers_ask_and_pages_link_it(client):
    # every browser asks for /favicon.ico, whatever the page links
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert "max-age" in response["Cache-Control"]
    # the pages link the icon, and the linked SVG is served
    content = client.get("/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in content
    assert '<link rel="icon" href="/favicon.ico"' in content
    svg = client.get("/static/img/favicon.svg")
    assert svg.status_code == 200
    assert b"<svg" in b"".join(svg.streaming_content)


@pytest.mark.django_db
def test_footer_shows_the_version(client):
    content = client.get("/").content.decode()
    assert f"Tallone {settings.TALLONE_VERSION}" in content


@pytest.mark.django_db
def test_login_with_the_right_password_greets_the_user(client, user, password):
    response = client.post(reverse("login"), {"username": "anna", "password": password})
    assert response.status_code == 302
    assert response.url == reverse("home")
    content = client.get("/").content.decode()
    assert "Bentornato, anna." in content
    assert "Esci" in content


@pytest.mark.django_db
def test_login_with_a_wrong_password_says_so_and_keeps_the_username(client, user):
    response = client.post(reverse("login"), {"username": "anna", "password": "wrong"})
    assert response.status_code == 200
    content = response.content.decode()
    assert "Inserisci nome utente e password corretti" in content
    assert 'value="anna"' in content


@pytest.mark.django_db
def test_logout_is_a_post_and_ends_the_session(client, user):
    client.force_login(user)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_admin_asks_for_a_login(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response.url


@pytest.mark.django_db
def test_admin_opens_for_a_superuser(client, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="x-very-long-pass")
    client.force_login(admin)
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
def test_api_root_names_the_version_and_the_docs(client):
    response = client.get("/api/v1/")
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == settings.TALLONE_VERSION
    assert body["schema"].endswith("/api/v1/schema/")
    assert body["docs"].endswith("/api/v1/docs/")


@pytest.mark.django_db
def test_openapi_schema_is_served_and_describes_the_api(client):
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Tallone API"
    assert "/api/v1/" in schema["paths"]


@pytest.mark.django_db
def test_api_docs_load_their_assets_from_this_server(client):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    content = response.content.decode()
    assert "swagger-ui" in content
    # Every script and stylesheet is ours: the docs work without internet.
    assert "cdn.jsdelivr.net" not in content
    assert "/static/drf_spectacular_sidecar/" in content


def test_deploy_check_is_clean_in_production_settings():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DEBUG": "0",
        "SECRET_KEY": "a" * 10 + "production-secret-key-for-the-deploy-check-0123456789",
        "ALLOWED_HOSTS": "tallone.example.org",
        "DATABASE_URL": "sqlite:///:memory:",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_compiled_translations_are_committed():
    assert (BASE_DIR / "locale/it/LC_MESSAGES/django.mo").is_file()
    assert (BASE_DIR / "locale/en/LC_MESSAGES/django.mo").is_file()


@pytest.mark.django_db
def test_api_addresses_that_match_nothing_answer_json_404_and_a_missing_slash_is_added(client):
    missing = client.get("/api/v1/nothing/", HTTP_ACCEPT_LANGUAGE="en")
    assert (missing.status_code, missing.json()) == (404, {"detail": "Not found."})
    assert client.get("/api/v1/matches/abc/", HTTP_ACCEPT_LANGUAGE="en").status_code == 404
    redirect = client.get("/api/v1/clubs?limit=2")
    assert (redirect.status_code, redirect["Location"]) == (301, "/api/v1/clubs/?limit=2")
    refused = client.post("/api/v1/clubs", {}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 404
    assert "/api/v1/clubs/" in refused.json()["detail"]
