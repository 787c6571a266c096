"""The countersignature of a club night's result (`match_confirm`): a player of the other line
confirms what one line wrote, as the federation codes' paper slip asks (a game whose kind says
`countersigned_by_lines`, Burraco's). Who may is the one rule `scoring.countersign.
match_confirm_refusal`, which the match page and the API only ask."""

from __future__ import annotations

from django.db import transaction

from clubs.actors import Actor, TableActor
from clubs.models import User
from scoring.countersign import match_confirm_refusal, phone_join
from scoring.models import Match
from scoring.services.matches import lock_match


@transaction.atomic
def match_confirm(*, match: Match, user: Actor) -> Match:
    """Confirm the finished club night's `match` as it stands now. Locks the match row first.

    Who may: a director of the club, a logged-in player of the match, or a phone holding a seat
    through its table code, never whoever entered part of the result, nor a player of the only
    line that wrote it (`match_confirm_refusal`, raised here with the row locked: 403 before
    400). Confirming a result already confirmed (and unchanged since) keeps the first
    confirmation. A phone that confirmed reads the match from then on (`table_access`)."""
    match, _seats = lock_match(match)
    join = phone_join(match, user) if isinstance(user, TableActor) else None
    refusal = match_confirm_refusal(match, user, join=join)
    if refusal is not None:
        raise refusal
    if match.is_countersigned:
        return match  # confirmed meanwhile by someone else: the first confirmation stands
    if join is not None:
        name = join.seat.name if join.seat is not None else join.name
    else:
        assert isinstance(user, User)  # the rule refused anyone else
        seat = match.seats.filter(player__user=user).values_list("name", flat=True).first()
        name = seat or user.get_full_name() or user.get_username()
    match.confirm(user=None if join is not None else user, join=join, name=name)
    return match
