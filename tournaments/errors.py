"""The refusal of a tournament action, shared by every tournaments service module."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from scoring.engine import EngineError
from tournaments.engine.errors import TournamentError


class TournamentActionError(Exception):
    """A refused action, in the user's language, and the field it concerns."""

    def __init__(self, message: str, *, field: str | None = None):
        self.message = str(message)
        self.field = field
        super().__init__(self.message)

    @classmethod
    def from_engine(cls, error: TournamentError | EngineError) -> TournamentActionError:
        return cls(error.translated(gettext), field=error.field)

    def as_dict(self) -> dict[str, Any]:
        return {"field": self.field, "message": self.message}
