"""What the import commands read from their arguments, with the same refusals for each."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from clubs.models import User


def json_file(path: str) -> Any:
    """The JSON of the file at `path` (a byte-order mark allowed), or `CommandError`."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return json.load(handle)
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror}.") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CommandError(f"{path} is not a JSON file: {error}.") from error


def user_named(username: str | None) -> User | None:
    """The user of that username (None when none is asked for), or `CommandError`."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"There is no user {username!r}.")
    return user
