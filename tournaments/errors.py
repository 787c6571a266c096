"""The refusal of a tournament action, shared by every tournaments service module."""

from __future__ import annotations

from django.utils.translation import gettext

from clubs.errors import ServiceError
from scoring.engine import EngineError
from tournaments.engine.errors import TournamentError


class TournamentActionError(ServiceError):
    """A refused action, in the user's language, and the field it concerns."""

    @classmethod
    def from_engine(cls, error: TournamentError | EngineError) -> TournamentActionError:
        return cls(error.translated(gettext), field=error.field)
