"""The refusal of a tournament action, shared by every tournaments service module (and the
pairings app's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from django.utils.translation import gettext

from base.errors import ServiceError


class EngineRefusal(Protocol):
    """A refusal of an engine (the scoring engine's `EngineError`, the tournament and pairing
    engines' `TournamentError`): an English template translated on demand, the field at fault."""

    field: str | None

    def translated(self, gettext: Callable[[str], str]) -> str: ...


class TournamentActionError(ServiceError):
    """A refused action, in the user's language, and the field it concerns."""

    @classmethod
    def from_engine(cls, error: EngineRefusal) -> TournamentActionError:
        return cls(error.translated(gettext), field=error.field)
