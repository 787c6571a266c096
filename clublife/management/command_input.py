"""What the import commands read from their arguments, with the same refusals for each."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils import translation

from clubs.models import User
from config.parsers import JSONRefused, read_json


def json_file(path: str) -> object:
    """The JSON of the file at `path` (a byte-order mark allowed) as `read_json` reads it, or
    `CommandError` (never a traceback: a file nested 100,000 deep is refused)."""
    try:
        with open(path, encoding="utf-8-sig") as handle, translation.override("en"):
            return read_json(handle.read())  # the commands speak English
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror}.") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CommandError(f"{path} is not a JSON file: {error}.") from error
    except JSONRefused as refused:
        raise CommandError(f"{path} cannot be imported: {refused.reason}") from None


def user_named(username: str | None) -> User | None:
    """The user of that username (None when none is asked for), or `CommandError`."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"There is no user {username!r}.")
    return user
