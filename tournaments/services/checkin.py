"""Self check-in (issue 19): a player scans the tournament's check-in QR code and picks their name
(`self_check_in`), or types it when they are a guest not on the list (`guest_ask`), which the
director then approves (`guest_approve`: registered and checked in) or refuses (`guest_refuse`).
Nobody needs an account: the link's secret key (`Tournament.check_in_key`) is the right, and the
director revokes it by making a new one (`check_in_key_renew`).

Each service runs in one transaction and locks the tournament row first (`locked`), as every
service of `tournaments.services.core` does; a finished tournament takes no check-in. Refusals
are `TournamentActionError`s in the user's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.permissions import can_direct
from tournaments.errors import TournamentActionError
from tournaments.locking import locked, user_or_none
from tournaments.models import (
    Entry,
    EntryStatus,
    GuestCheckIn,
    GuestStatus,
    Tournament,
    TournamentStatus,
    new_check_in_key,
)
from tournaments.services.core import entry_check_in, entry_register

CLOSED_MESSAGE = _("This tournament is over: check-in is closed.")


@dataclass(frozen=True)
class CheckedIn:
    """What a self check-in did: the entry, and whether it was checked in already."""

    entry: Entry
    already: bool


def refuse_unless_director(tournament: Tournament, user: Actor) -> None:
    """403 for anyone but a director of the tournament's club."""
    if not can_direct(user, tournament.club):
        raise TournamentActionError(
            _("Only a director of the club can do this."), field="user", status=403
        )


def refuse_if_closed(tournament: Tournament) -> None:
    """`TournamentActionError` once the tournament is finished: its check-in link stops."""
    if tournament.status == TournamentStatus.FINISHED:
        raise TournamentActionError(CLOSED_MESSAGE)


@transaction.atomic
def self_check_in(*, tournament: Tournament, entry_id: int, user: Actor) -> CheckedIn:
    """The player of entry `entry_id` says they are here (from the check-in page, no account
    needed). Twice is once: a player already checked in stays so (`CheckedIn.already`). Presence
    only: nobody took the entry fee, which stays due until the director marks it paid. Locks the
    tournament row, then checks the entry in (`entry_check_in`, not paid)."""
    tournament = locked(tournament)
    refuse_if_closed(tournament)
    entry = (
        Entry.objects.select_related("player").filter(tournament=tournament, pk=entry_id).first()
    )
    if entry is None:
        raise TournamentActionError(_("Pick your name from the list."), field="entry")
    if entry.status == EntryStatus.CHECKED_IN:
        return CheckedIn(entry=entry, already=True)
    entry = entry_check_in(entry=entry, user=user, paid=False)
    return CheckedIn(entry=entry, already=False)


@transaction.atomic
def guest_ask(*, tournament: Tournament, name: str, user: Actor) -> GuestCheckIn:
    """A guest not on the list types their name: a check-in waiting for the director. A name of
    the list is refused (the player picks it instead); the same name asked again is the same
    request. Locks the tournament row."""
    tournament = locked(tournament)
    refuse_if_closed(tournament)
    try:
        name = validators.clean_name(
            name,
            max_length=validators.PLAYER_NAME_LENGTH,
            empty_message=_("Type your first and last name."),
        )
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field="name") from None
    listed = tournament.entries.filter(player__name__iexact=name).first()
    if listed is not None:
        raise TournamentActionError(
            _("%(name)s is on the list: pick the name there.") % {"name": listed.player.name},
            field="name",
        )
    waiting = tournament.guest_check_ins.filter(
        name__iexact=name, status=GuestStatus.PENDING
    ).first()
    if waiting is not None:
        return waiting
    return GuestCheckIn.objects.create(tournament=tournament, name=name)


def _locked_guest(guest: GuestCheckIn, user: Actor) -> tuple[Tournament, GuestCheckIn]:
    """The guest's tournament and the guest read again, locked (tournament first); only a
    director of the club decides, and only once."""
    tournament = locked(guest.tournament)
    refuse_unless_director(tournament, user)
    refuse_if_closed(tournament)
    guest = GuestCheckIn.objects.select_for_update().get(pk=guest.pk)
    if guest.status != GuestStatus.PENDING:
        raise TournamentActionError(
            _("%(name)s has already been answered.") % {"name": guest.name}, field="guest"
        )
    return tournament, guest


@transaction.atomic
def guest_approve(*, guest: GuestCheckIn, user: Actor) -> GuestCheckIn:
    """The director lets the guest in: registered (`entry_register`, a guest player of the club,
    or the club's player of that name) and checked in, the entry fee still due (they checked in
    by phone; the director marks it paid when it is taken). Locks the tournament row, then the
    guest's."""
    tournament, guest = _locked_guest(guest, user)
    entry = entry_register(
        tournament=tournament, user=user, name=guest.name, check_in=True, paid=False
    )
    guest.status = GuestStatus.APPROVED
    guest.entry = entry
    guest.decided_by = user_or_none(user)
    guest.decided_at = timezone.now()
    guest.save(update_fields=["status", "entry", "decided_by", "decided_at"])
    return guest


@transaction.atomic
def guest_refuse(*, guest: GuestCheckIn, user: Actor) -> GuestCheckIn:
    """The director turns the guest's check-in down (a joke, a name typed twice): nothing is
    registered. Locks the tournament row, then the guest's."""
    _tournament, guest = _locked_guest(guest, user)
    guest.status = GuestStatus.REFUSED
    guest.decided_by = user_or_none(user)
    guest.decided_at = timezone.now()
    guest.save(update_fields=["status", "decided_by", "decided_at"])
    return guest


@transaction.atomic
def check_in_key_renew(*, tournament: Tournament, user: Actor) -> Tournament:
    """A new secret for the check-in link: the old link and its printed QR code stop working
    (a link shared beyond the room). Directors only; locks the tournament row."""
    tournament = locked(tournament)
    refuse_unless_director(tournament, user)
    refuse_if_closed(tournament)
    tournament.check_in_key = new_check_in_key()
    tournament.save(update_fields=["check_in_key"])
    return tournament
