"""What a player's name may be, for the engine: the same rule as `clubs.validators.clean_name`
(which the Django layer applies to every name it stores), written again here because the engine
imports nothing from outside its package.

A name is text of 1 to `NAME_MAX_LENGTH` characters once its spaces are tidied (leading and
trailing ones dropped, runs of spaces made one), holding no control or format character (Unicode
categories Cc, Cf, Cs: NUL, tab, newline, zero-width characters, lone surrogates): such a name
cannot be stored by PostgreSQL, or could not be told apart from another on a page.
"""

from __future__ import annotations

import unicodedata

from .errors import EngineError
from .errors import gettext_noop as _

NAME_MAX_LENGTH = 80  # clubs.Player.name and scoring.MatchPlayer.name hold 80 characters
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def has_control_characters(text: str) -> bool:
    """Whether `text` holds a control or format character (a plain space is fine)."""
    return any(unicodedata.category(char) in FORBIDDEN_CATEGORIES for char in text)


def visible(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters, its control characters written as escapes (\\u0000)."""
    return "".join(
        f"\\u{ord(char):04x}" if unicodedata.category(char) in FORBIDDEN_CATEGORIES else char
        for char in text[:limit]
    )


def check_name(name: object, *, field: str, event: int | None = None) -> str:
    """`name` with its spaces tidied; `EngineError` (at `field`, `event`) when it is no name."""
    if not isinstance(name, str) or not name.strip():
        raise EngineError(_("Every player needs a name."), field=field, event=event)
    stripped = name.strip()
    if has_control_characters(stripped):
        raise EngineError(
            _("The name %(name)s holds a control character (such as NUL or a tab): remove it."),
            field=field,
            event=event,
            params={"name": visible(stripped)},
        )
    tidy = " ".join(stripped.split())
    if len(tidy) > NAME_MAX_LENGTH:
        raise EngineError(
            _("A name can be at most %(count)s characters long (this one has %(length)s)."),
            field=field,
            event=event,
            params={"count": NAME_MAX_LENGTH, "length": len(tidy)},
        )
    return tidy


# A table's label is stored as its number ("3") or as free text ("Terrace"); the pages say
# "Table 3" / "Tavolo 3" around a number (`scoring.presenters.table_name`). A label typed with
# the word already in front of a number ("Tavolo 3", "table 3", "Tav. 3") is stored as the number,
# so it never reads "Tavolo Tavolo 3" nor "Table Tavolo 3".
TABLE_WORDS = ("tavolo", "table", "tav.", "tav")


def table_label(text: str) -> str:
    """The label to store for a table typed as `text`: its number alone when it is one, with or
    without the word "table" in either language in front, otherwise the text with its spaces
    tidied."""
    label = " ".join(text.split())
    lowered = label.lower()
    for word in TABLE_WORDS:
        if lowered.startswith(word):
            rest = label[len(word) :].strip()
            if rest.isdigit():
                return str(int(rest))
    return label
