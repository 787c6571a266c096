import pytest
from django.test import Client
from django.utils import translation


@pytest.fixture(autouse=True)
def english():
    """Messages are asserted in English (the default language is Italian)."""
    with translation.override("en"):
        yield


@pytest.fixture
def client():
    """Pages in English, as the assertions read them."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")
