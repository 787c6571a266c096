"""The words of the printables: dates, names and the CSS strings of the margin
boxes ("Page 1 of 2" in the user's language). The sentences and labels of events, rules and
results are scoring.presenters'."""

from __future__ import annotations

import re

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

# Words -------------------------------------------------------------------------------------------


def css_string(text: str) -> SafeString:
    """`text` as a quoted CSS string, safe inside a <style> element."""
    escaped = (
        str(text)
        .replace("\\", "\\\\")
        .replace('"', '\\"')
        .replace("\n", "\\a ")
        .replace("<", "\\3c ")
        .replace(">", "\\3e ")
    )
    return mark_safe(f'"{escaped}"')


def page_counter() -> SafeString:
    """ "Page 1 of 2" in the user's language, as the CSS content of a page's margin box."""
    template = gettext("Page %(page)s of %(pages)s")
    parts = []
    for piece in re.split(r"(%\(pages?\)s)", template):
        if piece == "%(page)s":
            parts.append("counter(page)")
        elif piece == "%(pages)s":
            parts.append("counter(pages)")
        elif piece:
            parts.append(css_string(piece))
    return mark_safe(" ".join(parts))


def user_name(user) -> str:
    if user is None:
        return gettext("unknown")
    return user.get_full_name() or user.get_username()


def author_name(version) -> str:
    """Who wrote a version: the phone of a table code (its seat: "Anna's phone"), or the user."""
    join = version.table_join
    return join.label if join is not None else user_name(version.created_by)


def local_datetime(value) -> str:
    return date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")


def local_date(value) -> str:
    return date_format(timezone.localtime(value), "DATE_FORMAT")
