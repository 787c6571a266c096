"""The two kinds of error the engine raises.

`EngineError` is a refusal a user must see: it names the event (index in the match's event list,
or None for a problem with the match itself), the field, and says why. Messages are English
templates with %-style placeholders, marked with `gettext_noop` for `makemessages` to collect;
the Django layer translates the template and then fills in `params`.

Anything else that goes wrong inside the engine is a bug and raises `InternalError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (the engine never imports Django)."""
    return message


_ = gettext_noop


class EngineError(Exception):
    """A refusal: bad input that the user can correct."""

    def __init__(
        self,
        message: str,
        *,
        event: int | None = None,
        field: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.message_template = message
        self.params = dict(params or {})
        self.event = event
        self.field = field
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The English message with its placeholders filled in."""
        if self.params:
            return self.message_template % self.params
        return self.message_template

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the caller's language, given a `gettext` function."""
        template = gettext(self.message_template)
        return template % self.params if self.params else template

    def at_event(self, event: int) -> EngineError:
        """The same refusal, located at `event` (used when replaying a list of events)."""
        if self.event is None:
            self.event = event
        return self

    def as_dict(self) -> dict[str, int | str | None]:
        return {"event": self.event, "field": self.field, "message": self.message}

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(event={self.event!r}, field={self.field!r}, {self.message!r})"
        )


class RuleSetError(EngineError):
    """An option of a rule set has a value it cannot take; `field` is the option's name
    (`document.parse_document` reports it as "rules.<option>", a path into the document)."""


class InternalError(Exception):
    """Something that cannot happen did: a bug in the engine, never the user's fault."""
