"""The refusals of scoring's services: `MatchError` (a change refused, in the user's language: which
event, which field, why) and `MatchMovedOn` (409: the match changed after the view a submission
was based on, with what changed)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from scoring.engine import EngineError
from scoring.engine.document import EventData


class MatchError(ServiceError):
    """A refused change, in the user's language: which event (its number), which field, why."""

    @classmethod
    def from_engine(cls, error: EngineError, *, event: int | None = None) -> MatchError:
        return cls(error.translated(gettext), field=error.field, event=event)


CONFLICT = 409


@dataclass(frozen=True)
class MatchChange:
    """A change another phone made after the view a submission was based on: an event recorded
    (version 1), corrected or voided (a later version)."""

    event: int  # the event's number in the match
    hand: int | None  # the hand's number as players count (None: not a hand)
    kind: str
    version: int
    data: EventData
    is_void: bool
    reason: str
    revision: int
    at: datetime.datetime

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "at": self.at.isoformat()}


class MatchMovedOn(MatchError):
    """The match changed after the view a submission was based on (another phone recorded,
    corrected or voided something): nothing was recorded. `revision` is the match's revision
    now, `changes` what happened since the view, oldest first. The API answers 409 with both."""

    status = CONFLICT

    def __init__(self, *, revision: int, changes: Sequence[MatchChange]) -> None:
        super().__init__(
            _(
                "The match changed on another phone after this page was loaded: nothing was "
                "recorded. Check what was recorded, then record yours again if it is another one."
            ),
            field="based_on",
        )
        self.revision = revision
        self.changes = tuple(changes)

    def extra(self) -> dict[str, object]:
        return {"revision": self.revision, "changes": [c.as_dict() for c in self.changes]}
