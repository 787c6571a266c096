"""What a player does between hands: re-enter (rientro), withdraw, stay out of a re-entry. Each
is an event, recorded through `events.event_record` with the match row locked; the refusals say
which player and why."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from scoring.engine import Status
from scoring.models import (
    Match,
    MatchEvent,
    MatchPlayer,
)
from scoring.services.errors import MatchError
from scoring.services.events import event_record
from scoring.services.matches import lock_match, refuse_if_closed

WAITS = _(  # the refusals of a withdrawal and a stays-out (on the seat)
    '%(player)s is waiting for the re-entry: to stay out, tap "%(player)s stays out" on the '
    "match page. Nothing was recorded."
)


NOT_IN_PLAY = _("%(player)s is no longer in play: nothing was recorded.")


NOT_WAITING = _(
    "%(player)s is not waiting for a re-entry any more (a re-entry or a withdrawal came first): "
    "nothing was recorded."
)


def player_reenter(
    *,
    match: Match,
    user: Actor,
    seat: MatchPlayer,
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> MatchEvent:
    """The eliminated player comes back in (rientro), paying the re-entry fee into the pot."""
    event, _created = event_record(
        match=match,
        user=user,
        data={"type": "reentry", "player": seat.name},
        idempotency_key=idempotency_key,
        based_on=based_on,
    )
    return event


@transaction.atomic
def _withdrawal(
    match: Match, user: Actor, seat: MatchPlayer, key: str | None, based_on: int | None, *, of: str
) -> tuple[MatchEvent, bool]:
    """Record the withdrawal of `seat`, a player whose status must be `of` now (a view of an
    older revision is told what changed first, by `event_record`). Locks the match row first."""
    locked, seats = lock_match(match)
    repeated = bool(key) and MatchEvent.objects.filter(match=locked, idempotency_key=key).exists()
    if not repeated and based_on in (None, locked.revision):
        refuse_if_closed(locked)
        # the seat's status as the replay left it: the cache written with the latest event
        status = next(held.status for held in seats if held.pk == seat.pk)
        if status != of:
            waits = status == Status.ELIMINATED
            refusal = NOT_WAITING if of == Status.ELIMINATED else WAITS if waits else NOT_IN_PLAY
            raise MatchError(str(refusal) % {"player": seat.name}, field="seat")
    data = {"type": "withdraw", "player": seat.name}
    return event_record(match=locked, user=user, data=data, idempotency_key=key, based_on=based_on)


def player_withdraw(
    *,
    match: Match,
    user: Actor,
    seat: MatchPlayer,
    idempotency_key: str | None = None,
    based_on: int | None = None,
) -> MatchEvent:
    """The player leaves the match, out for good at their current total. Refused (`MatchError`
    on field "seat", nothing recorded) for a player not in play: one a hand has just eliminated
    waits for the re-entry (declined by `player_stays_out`), or one is out."""
    return _withdrawal(match, user, seat, idempotency_key, based_on, of=Status.IN_PLAY)[0]


def player_stays_out(
    *, match: Match, user: Actor, seat: MatchPlayer, idempotency_key: str | None = None
) -> tuple[MatchEvent, bool]:
    """A player a hand has just eliminated declines the re-entry: the withdrawal of that player
    alone. Locks the match row first.

    Refused (`MatchError` on field "seat", nothing recorded) when the player is not eliminated
    any more: they re-entered, or were put out for good, meanwhile (from another phone). The
    same idempotency key again records nothing and answers the event it recorded (`created`
    False), as `event_record` does."""
    return _withdrawal(match, user, seat, idempotency_key, None, of=Status.ELIMINATED)
