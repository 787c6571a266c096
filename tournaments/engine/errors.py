"""Errors of the tournament engine, shaped like the scoring engine's (`scoring/engine/errors.py`).

The engine packages import nothing outside themselves, so the shape is repeated here rather than
imported: a `TournamentError` is a refusal a director must see (English template with %-style
placeholders, marked with `gettext_noop`, translated by the Django layer through `translated`);
`InternalError` is a bug.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (the engine never imports Django)."""
    return message


_ = gettext_noop


class TournamentError(Exception):
    """A refusal: `field` names the setting or input at fault."""

    def __init__(
        self, message: str, *, field: str | None = None, params: Mapping[str, object] | None = None
    ) -> None:
        self.message_template = message
        # read back by key by the services (the entry ids it names, turned into names)
        self.params: dict[str, Any] = dict(params or {})
        self.field = field
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.message_template % self.params if self.params else self.message_template

    def translated(self, gettext: Callable[[str], str]) -> str:
        template = gettext(self.message_template)
        return template % self.params if self.params else template

    def as_dict(self) -> dict[str, str | None]:
        return {"field": self.field, "message": self.message}


class InternalError(Exception):
    """Something that cannot happen did: a bug in the engine."""
