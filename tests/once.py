"""Rows built once for a test module: `built_once(django_db_blocker, build)` in a module-scoped
fixture builds `build()`'s rows in a transaction held for the whole module and rolled back at its
end. Each test runs in a savepoint inside it (pytest-django's `db`), rolled back after the test,
so a test's writes never reach the next one, as Django's `setUpTestData` does.

A module that uses it must not have `transaction=True` tests (they would see the held
transaction). Passwords are hashed with MD5 while building (the test settings' hasher).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from django.db import transaction
from django.test import override_settings

T = TypeVar("T")

FAST_HASHER = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])


def built_once(django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """Yield `build()`, its rows kept until the module ends, then rolled back (a generator for a
    module-scoped fixture: `yield from built_once(django_db_blocker, build_scene)`). The database
    is blocked again between building and rolling back: only tests that ask for it reach it."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            with FAST_HASHER:
                built = build()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield built
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)
