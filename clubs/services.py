"""Everything that changes a club, its players and its memberships.

Each service runs in one transaction. The membership services lock the club row first
(`select_for_update`), so two owners changing roles at once can never leave a club without an
owner. A refused change raises `ClubError`, which names the field at fault and says why in the
user's language.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.models import Club, Membership, Player, Role


class ClubError(Exception):
    """A refused change: the field at fault (None for the request as a whole) and why."""

    def __init__(self, message: str, *, field: str | None = None):
        self.message = str(message)
        self.field = field
        super().__init__(self.message)


def _clean_name(name: str, *, max_length: int, empty_message: str) -> str:
    """The name as stored (`clubs.validators.clean_name`), or `ClubError` on field "name"."""
    if not isinstance(name, str) or not name.strip():
        raise ClubError(empty_message, field="name")
    try:
        return validators.clean_name(name, max_length=max_length)
    except ValidationError as error:
        raise ClubError(validators.first_message(error), field="name") from None


# Clubs -------------------------------------------------------------------------------------------


# Slugs that are page addresses under /clubs/, so no club can have them.
RESERVED_SLUGS = frozenset({"new"})


def _free_slug(name: str) -> str:
    """A slug made from the name that no club has yet ("circolo", "circolo-2", ...)."""
    base = slugify(name)[:50] or "club"
    slug, number = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def club_create(
    *, user, name: str, slug: str = "", city: str = "", is_public: bool = False
) -> Club:
    """Create a club; `user` becomes its owner. Without a slug one is made from the name."""
    name = _clean_name(
        name, max_length=validators.NAME_LENGTH, empty_message=_("A club needs a name.")
    )
    slug = slug.strip() or _free_slug(name)
    if slug in RESERVED_SLUGS:
        raise ClubError(
            _("The short name %(slug)s is reserved; choose another.") % {"slug": slug}, field="slug"
        )
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, city=city.strip(), is_public=is_public)
    except IntegrityError:
        raise ClubError(_("Another club already has this short name."), field="slug") from None
    Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return club


@transaction.atomic
def club_update(*, club: Club, **changes: Any) -> Club:
    """Change the club's name, city or visibility (its slug, the club's address, stays)."""
    allowed = {"name", "city", "is_public"}
    unknown = set(changes) - allowed
    if unknown:
        raise ValueError(f"club_update cannot change {sorted(unknown)}")
    if "name" in changes:
        changes["name"] = _clean_name(
            changes["name"],
            max_length=validators.NAME_LENGTH,
            empty_message=_("A club needs a name."),
        )
    if "city" in changes:
        changes["city"] = changes["city"].strip()
    for attribute, value in changes.items():
        setattr(club, attribute, value)
    club.save(update_fields=list(changes) or None)
    return club


# Players -----------------------------------------------------------------------------------------


def _player_name(club: Club, name: str, *, exclude: Player | None = None) -> str:
    name = _clean_name(
        name, max_length=validators.PLAYER_NAME_LENGTH, empty_message=_("A player needs a name.")
    )
    taken = Player.objects.filter(club=club, name__iexact=name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if taken.exists():
        raise ClubError(
            _("The club already has a player called %(name)s.") % {"name": name}, field="name"
        )
    return name


@transaction.atomic
def player_create(*, club: Club, name: str, is_guest: bool = False) -> Player:
    """Add a player to the club. Names are unique in a club, whatever their case."""
    name = _player_name(club, name)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, is_guest=is_guest)
    except IntegrityError:  # created meanwhile by another request
        raise ClubError(
            _("The club already has a player called %(name)s.") % {"name": name}, field="name"
        ) from None


@transaction.atomic
def player_update(
    *, player: Player, name: str | None = None, is_guest: bool | None = None
) -> Player:
    """Rename a player (matches already played keep the name they were played under)."""
    fields = []
    if name is not None:
        player.name = _player_name(player.club, name, exclude=player)
        fields.append("name")
    if is_guest is not None:
        player.is_guest = is_guest
        fields.append("is_guest")
    if fields:
        try:
            with transaction.atomic():
                player.save(update_fields=fields)
        except IntegrityError:
            raise ClubError(
                _("The club already has a player called %(name)s.") % {"name": player.name},
                field="name",
            ) from None
    return player


# Memberships -------------------------------------------------------------------------------------


def _lock(club: Club) -> Club:
    """Lock the club row until the transaction ends."""
    return Club.objects.select_for_update().get(pk=club.pk)


def _owners_left(club: Club, *, without: Membership) -> bool:
    return Membership.objects.filter(club=club, role=Role.OWNER).exclude(pk=without.pk).exists()


def _forget_cached_role(user, club: Club) -> None:
    """`clubs.permissions.role_in` caches roles on the user object; drop the stale one."""
    getattr(user, "__dict__", {}).get("_club_roles", {}).pop(club.pk, None)


@transaction.atomic
def membership_grant(*, club: Club, username: str, role: str) -> Membership:
    """Give an existing user a role in the club. Locks the club row."""
    if role not in Role.values:
        raise ClubError(_("Unknown role."), field="role")
    club = _lock(club)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ClubError(
            _("There is no user called %(username)s.") % {"username": username},
            field="username",
        )
    if Membership.objects.filter(club=club, user=user).exists():
        raise ClubError(
            _("%(username)s is already a member of this club; change their role instead.")
            % {"username": username},
            field="username",
        )
    membership = Membership.objects.create(club=club, user=user, role=role)
    _forget_cached_role(user, club)
    return membership


@transaction.atomic
def membership_change(*, membership: Membership, role: str) -> Membership:
    """Change a member's role. The last owner cannot stop being one. Locks the club row."""
    if role not in Role.values:
        raise ClubError(_("Unknown role."), field="role")
    _lock(membership.club)
    membership = Membership.objects.select_related("club", "user").get(pk=membership.pk)
    if (
        membership.role == Role.OWNER
        and role != Role.OWNER
        and not _owners_left(membership.club, without=membership)
    ):
        raise ClubError(_("A club needs an owner: make someone else owner first."), field="role")
    membership.role = role
    membership.save(update_fields=["role"])
    _forget_cached_role(membership.user, membership.club)
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership) -> None:
    """Remove a member from the club. The last owner cannot be removed. Locks the club row."""
    _lock(membership.club)
    membership = Membership.objects.select_related("club", "user").get(pk=membership.pk)
    if membership.role == Role.OWNER and not _owners_left(membership.club, without=membership):
        raise ClubError(_("A club needs an owner: make someone else owner first."))
    membership.delete()
    _forget_cached_role(membership.user, membership.club)
