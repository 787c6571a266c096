"""What every tournaments service does first: lock the tournament's row, refuse a finished
tournament, and who to record as the author of a change.

Both `tournaments.services` and `pairings.services` (and the format registry's operations) use
these; the lock order is the tournament row first, then match rows, then a bracket's round row
(see `pairings.services`).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.errors import TournamentActionError
from tournaments.models import Round, RoundKind, Tournament, TournamentStatus


def locked(tournament: Tournament) -> Tournament:
    """The tournament read again with its row locked until the transaction ends."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def refuse_if_finished(tournament: Tournament) -> None:
    """`TournamentActionError` if the tournament is finished: nothing can change then."""
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentActionError(_("The tournament is over; nothing can change now."))


def locked_bracket(tournament: Tournament) -> Round | None:
    """The bracket's round, its row locked until the transaction ends: replays of the bracket
    go one at a time (taken after the tournament and match rows, never before)."""
    return (
        Round.objects.select_for_update()
        .filter(tournament=tournament, kind=RoundKind.BRACKET)
        .first()
    )


def user_or_none(user):
    """The user to record as author: None for an anonymous user or none at all."""
    return user if user is not None and user.is_authenticated else None
