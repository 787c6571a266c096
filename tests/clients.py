"""The test client as a person: logged in, and reading the pages in English (the site's default
language is Italian). One helper each, for every test module that needs them."""

from __future__ import annotations

from django.conf import settings


def english(client):
    """`client` reads the pages in English (the language cookie, as the language menu sets it)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def log_in(client, user):
    """`client` logged in as `user`, reading the pages in English."""
    client.force_login(user)
    english(client)
    return user
