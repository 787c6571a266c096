"""Creating, changing and deleting a club's VP tables. Each service runs in one transaction,
locks first (the club row to create, the table row to change or delete), checks the table with
the engine's `check_vp_table` and refuses with `VpTableRefused`: the band and the field at fault
("bands.8.low"), in the user's language (`pairings.presenters.vp_refusal`). Nothing is written
when a service refuses. The caller checks that the user directs the club.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from clubs.models import Club
from pairings import presenters
from pairings.engine.burraco.vp_tables import Band, VpTableError, check_vp_table
from pairings.models import VpTable
from tournaments.errors import TournamentActionError

NAME_LENGTH: int = VpTable._meta.get_field("name").max_length or 120
BAND_KEYS = ("low", "high", "winner", "loser")
NAME_TAKEN = _("The club has a VP table called %(name)s already.")


class VpTableRefused(TournamentActionError):
    """A VP table the engine refused: `band` is the band at fault (from 1), None for the whole
    table; `code` the engine's rule (`pairings.engine.burraco.vp_tables`)."""

    def __init__(self, error: VpTableError) -> None:
        self.band = error.band
        self.code = error.code
        super().__init__(presenters.vp_refusal(error), field=error.field)


def checked_bands(hands: int, bands: Iterable[Mapping[str, int | None]]) -> list[dict]:
    """`bands` as stored (`VpTable.bands`) once the engine accepts them for `hands` hands."""
    rows = [Band(**{key: band.get(key) for key in BAND_KEYS}) for band in bands]  # type: ignore[arg-type]
    try:
        table = check_vp_table(hands, rows)
    except VpTableError as error:
        raise VpTableRefused(error) from None
    return [{key: getattr(band, key) for key in BAND_KEYS} for band in table.bands]


def _clean_name(club: Club, name: str, *, keep: VpTable | None = None) -> str:
    try:
        name = validators.clean_name(name, max_length=NAME_LENGTH)
    except ValidationError as error:
        raise TournamentActionError(validators.first_message(error), field="name") from None
    others = VpTable.objects.filter(club=club, name__iexact=name)
    if keep is not None:
        others = others.exclude(pk=keep.pk)
    if others.exists():
        raise TournamentActionError(NAME_TAKEN % {"name": name}, field="name")
    return name


@transaction.atomic
def vp_table_create(
    *,
    club: Club,
    user: Actor,
    name: str,
    hands: int,
    bands: Iterable[Mapping[str, int | None]],
    for_teams: bool = False,
) -> VpTable:
    """A new VP table of `club` for turni of `hands` hands (`for_teams`: of team matches, which
    add up two tables). Locks the club row first (two tables of one name cannot both be
    created)."""
    Club.objects.select_for_update().get(pk=club.pk)
    name = _clean_name(club, name)
    stored = checked_bands(hands, bands)
    return VpTable.objects.create(
        club=club, name=name, hands=hands, bands=stored, for_teams=for_teams
    )


@transaction.atomic
def vp_table_update(
    *,
    table: VpTable,
    user: Actor,
    name: str | None = None,
    hands: int | None = None,
    bands: Iterable[Mapping[str, int | None]] | None = None,
    for_teams: bool | None = None,
) -> VpTable:
    """Change a VP table's name, hand count, bands or whether it is for team matches (None:
    unchanged); the whole table is checked again. Locks the club row, then the table's row,
    first."""
    Club.objects.select_for_update().get(pk=table.club_id)
    locked = VpTable.objects.select_for_update().get(pk=table.pk)
    if name is not None:
        locked.name = _clean_name(locked.club, name, keep=locked)
    if hands is not None:
        locked.hands = hands
    if for_teams is not None:
        locked.for_teams = for_teams
    locked.bands = checked_bands(locked.hands, locked.bands if bands is None else bands)
    locked.save()
    return locked


@transaction.atomic
def vp_table_delete(*, table: VpTable, user: Actor) -> None:
    """Delete a club's VP table. Locks its row first."""
    VpTable.objects.select_for_update().filter(pk=table.pk).delete()
