import pytest
from django.test import Client


@pytest.fixture(autouse=True)
def english(english_messages):
    """Every test here asserts its messages in English (tests/conftest.py's english_messages)."""


@pytest.fixture
def client():
    """Pages in English, as the assertions read them."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")
