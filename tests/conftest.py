import os
from pathlib import Path

import pytest
from django.utils import translation

from tests import properties

properties.load()  # Hypothesis' profile: `ci` unless HYPOTHESIS_PROFILE says `deep` (make fuzz)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, tmp_path_factory):
    """On SQLite, each worker's test database is a file (in memory, on tmpfs) as production's is.

    Django's default, a shared-cache in-memory database, locks by table and answers "database
    table is locked" at once where production's WAL file lets readers read and a writer wait out
    SQLite's busy timeout: the browser tests' live server then answered a phone's poll with 503.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        shared_memory = Path("/dev/shm")
        folder = shared_memory if shared_memory.is_dir() else tmp_path_factory.getbasetemp()
        name = folder / f"tallone-test-{os.getpid()}.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(name)
    request.getfixturevalue("django_db_modify_db_settings_parallel_suffix")


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
