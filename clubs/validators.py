"""The one validation of names and dates, for every way in: web forms, the API, imports, the
management commands and the services under them.

Names (of players, clubs, tournaments, seasons): text with its spaces tidied (leading and
trailing dropped, runs made one space), 1 to the column's length (80 for a player, 120 for a club,
a tournament or a season), with no control or format character (Unicode Cc, Cf, Cs: NUL, tab,
newline, zero-width characters, lone surrogates). PostgreSQL cannot store NUL, and a name with
invisible characters cannot be told apart from another on a page. The engine applies the same rule
to the names of a match document (`scoring.engine.names`).

Dates: a club plays between `EARLIEST_DAY` (1 January 1900) and today; a date planned ahead (a
tournament, the end of a season) may be up to `LATEST_DAY` (31 December 2099). A date outside
them cannot be turned into a moment that every database reads back (year 1 in Rome's time zone is
year 0 in UTC, which Python cannot hold).

`clean_name` and `clean_day` answer the clean value or raise `django.core.exceptions.
ValidationError` (translated); services turn it into their own error naming the field. The
`*_validator` callables are for form and serializer fields, so the message shows beside the field.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

PLAYER_NAME_LENGTH = 80  # clubs.Player.name, scoring.MatchPlayer.name
NAME_LENGTH = 120  # clubs.Club.name, tournaments.Tournament.name, clublife.Season.name
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})

# The largest id a database row can have (a 64-bit signed integer): a larger one in a query is not
# "no such row" but a crash (SQLite: OverflowError).
MAX_DATABASE_ID = 2**63 - 1

EARLIEST_DAY = dt.date(1900, 1, 1)
LATEST_DAY = dt.date(2099, 12, 31)


def has_control_characters(text: str) -> bool:
    """Whether `text` holds a control or format character (a plain space is fine)."""
    return any(unicodedata.category(char) in FORBIDDEN_CATEGORIES for char in text)


def clean_name(
    value: object,
    *,
    max_length: int = PLAYER_NAME_LENGTH,
    empty_message: StrOrPromise | None = None,
) -> str:
    """The name with its spaces tidied; `ValidationError` if it is empty (with `empty_message`,
    "Give a name." without one; code "required"), longer than `max_length` or holds a control
    character."""
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(empty_message or _("Give a name."), code="required")
    stripped = value.strip()
    if has_control_characters(stripped):
        raise ValidationError(
            _("The name holds a control character (such as NUL or a tab): remove it."),
            code="control_characters",
        )
    name = " ".join(stripped.split())
    if len(name) > max_length:
        raise ValidationError(
            _("The name can be at most %(count)s characters long (this one has %(length)s).")
            % {"count": max_length, "length": len(name)},
            code="max_length",
        )
    return name


def clean_day(value: dt.date, *, planned: bool = False) -> dt.date:
    """`value` if a club can play on it: from 1900-01-01 to today (with `planned`, to the end
    of 2099); otherwise `ValidationError`."""
    if isinstance(value, dt.datetime):
        value = value.date()
    latest = LATEST_DAY if planned else timezone.localdate()
    if value < EARLIEST_DAY:
        raise ValidationError(
            _("Choose a date from %(earliest)s on.") % {"earliest": EARLIEST_DAY.isoformat()},
            code="too_early",
        )
    if value > latest:
        message: StrOrPromise
        if planned:
            message = _("Choose a date until %(latest)s.") % {"latest": latest.isoformat()}
        else:
            message = _("The date a match was played cannot be in the future.")
        raise ValidationError(message, code="too_late")
    return value


def first_message(error: ValidationError) -> str:
    """The (first) message of a `ValidationError`, as text."""
    return str(error.messages[0])


# For form and serializer fields: Django and DRF both take these in `validators=[...]`.


def player_name_validator(value: str) -> None:
    clean_name(value, max_length=PLAYER_NAME_LENGTH)


def name_validator(value: str) -> None:
    clean_name(value, max_length=NAME_LENGTH)


def played_day_validator(value: dt.date) -> None:
    clean_day(value)


def planned_day_validator(value: dt.date) -> None:
    clean_day(value, planned=True)
