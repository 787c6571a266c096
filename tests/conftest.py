import pytest
from django.utils import translation

from tests import properties

properties.load()  # Hypothesis' profile: `ci` unless HYPOTHESIS_PROFILE says `deep` (make fuzz)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Real hashers cost ~0.3 s per user; tests check logins, not the hash's strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """The API's write counts live in the cache, which a test's rollback does not undo."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def english_messages():
    """Messages are asserted in English (the default language is Italian)."""
    with translation.override("en"):
        yield


@pytest.fixture
def password() -> str:
    return "a-long-enough-password-1"


@pytest.fixture
def user(django_user_model, password):
    return django_user_model.objects.create_user(username="anna", password=password)


def pytest_report_header(config):
    from django.conf import settings

    database = settings.DATABASES["default"]
    return f"database: {database['ENGINE'].rsplit('.', 1)[-1]} ({database['NAME']})"
