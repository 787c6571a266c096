import pytest
from hypothesis import settings as hypothesis_settings

# Property tests are checked for what they find, not how fast: CI runs two suites on two cores,
# where one example may take far longer than Hypothesis' 200 ms default deadline.
hypothesis_settings.register_profile("tallone", deadline=None)
hypothesis_settings.load_profile("tallone")


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
def password() -> str:
    return "a-long-enough-password-1"


@pytest.fixture
def user(django_user_model, password):
    return django_user_model.objects.create_user(username="anna", password=password)


def pytest_report_header(config):
    from django.conf import settings

    database = settings.DATABASES["default"]
    return f"database: {database['ENGINE'].rsplit('.', 1)[-1]} ({database['NAME']})"
