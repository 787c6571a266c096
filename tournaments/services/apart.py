"""Keep-apart groups of a tournament: players the director wants at different tables (a family, a
couple, the members of one club). Adding and removing a group run in one transaction that locks
the tournament row first, as every tournaments service does; every later seating of a table round
(and every swap) reads the groups through `apart_groups` and hands them to the seating engine
(`tournaments.engine.seating_apart`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from tournaments.engine.seating_apart import ApartGroup
from tournaments.errors import TournamentActionError
from tournaments.formats import format_of
from tournaments.locking import locked, refuse_if_finished
from tournaments.models import Entry, KeepApart, Tournament

NAME_MAX = 80


@transaction.atomic
def apart_group_add(
    *, tournament: Tournament, user: Actor, entries: Sequence[Entry], hard: bool, name: str = ""
) -> KeepApart:
    """Keep `entries` (two or more players of the tournament) at different tables from the next
    seating on; `hard`: never together, else when possible."""
    tournament = locked(tournament)
    refuse_if_finished(tournament)
    if not format_of(tournament).uses_tables:
        raise TournamentActionError(
            _("Players are kept apart at tables: this tournament is played in pairings."),
            field="format",
        )
    ids = {entry.pk for entry in entries}
    if len(ids) < 2:
        raise TournamentActionError(
            _("Choose at least two players to keep apart."), field="entries"
        )
    if tournament.entries.filter(pk__in=ids).count() != len(ids):
        raise TournamentActionError(
            _("Choose players of this tournament."), field="entries", status=404
        )
    name = name.strip()
    if len(name) > NAME_MAX:
        raise TournamentActionError(
            _("The name can be at most %(count)s characters long.") % {"count": NAME_MAX},
            field="name",
        )
    group = KeepApart.objects.create(tournament=tournament, name=name, hard=hard)
    group.entries.set(ids)
    return group


@transaction.atomic
def apart_group_remove(*, group: KeepApart, user: Actor) -> None:
    """The group no longer counts, from the next seating on (rounds seated keep their tables)."""
    tournament = locked(group.tournament)
    refuse_if_finished(tournament)
    KeepApart.objects.filter(pk=group.pk).delete()


def apart_groups(tournament: Tournament) -> list[ApartGroup]:
    """The tournament's groups for the seating engine: entry ids, named by their name or their
    players' names."""
    groups = []
    for group in tournament.apart_groups.prefetch_related("entries__player"):
        members = sorted(group.entries.all(), key=lambda entry: entry.pk)
        groups.append(
            ApartGroup(
                players=tuple(entry.pk for entry in members),
                hard=group.hard,
                name=group.name or ", ".join(entry.player.name for entry in members),
            )
        )
    return groups
