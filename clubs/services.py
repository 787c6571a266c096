"""Everything that changes a club, its players, its memberships and its invitations.

An existing user joins a club only with their consent: the owner invites a username
(`membership_invite`), the user accepts (`invitation_accept`, which makes the membership) or
declines; the owner may withdraw a pending invitation. Only `club_create` makes a membership at
once: the user who creates a club is its owner.

Each service runs in one transaction. The membership and invitation services lock the club row
first (`select_for_update`), so two owners changing roles at once can never leave a club without
an owner, and an invitation is answered once. A refused change raises `ClubError`, which names
the field at fault and says why in the user's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, Unpack

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from clubs import validators
from clubs.actors import Actor, TableActor
from clubs.models import (
    Club,
    Gender,
    Invitation,
    InvitationStatus,
    Membership,
    Player,
    Role,
    User,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class ClubError(ServiceError):
    """A refused change: the field at fault (None for the request as a whole) and why."""


def _clean_name(name: str, *, max_length: int, empty_message: StrOrPromise) -> str:
    """The name as stored (`clubs.validators.clean_name`), or `ClubError` on field "name"."""
    try:
        return validators.clean_name(name, max_length=max_length, empty_message=empty_message)
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


LIVE_NEEDS_PUBLIC = _(
    "Only a public club can show its matches live: make the club public as well, or leave its "
    "matches in progress to the members."
)


@transaction.atomic
def club_create(
    *,
    user: User,
    name: str,
    slug: str = "",
    city: str = "",
    is_public: bool = False,
    public_live_matches: bool = False,
) -> Club:
    """Create a club; `user` becomes its owner. Without a slug one is made from the name.

    `public_live_matches` (anyone may follow its matches in progress) needs `is_public`."""
    if public_live_matches and not is_public:
        raise ClubError(LIVE_NEEDS_PUBLIC, field="public_live_matches")
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
            club = Club.objects.create(
                name=name,
                slug=slug,
                city=city.strip(),
                is_public=is_public,
                public_live_matches=public_live_matches,
            )
    except IntegrityError:
        raise ClubError(_("Another club already has this short name."), field="slug") from None
    Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return club


class ClubChanges(TypedDict, total=False):
    """What `club_update` may change."""

    name: str
    city: str
    is_public: bool
    public_live_matches: bool
    table_codes: bool


@transaction.atomic
def club_update(*, club: Club, **changes: Unpack[ClubChanges]) -> Club:
    """Change the club's name, city or visibility (its slug, the club's address, stays). Locks
    the club row first.

    Its matches in progress are live to the public (`public_live_matches`) only while the club
    is public: asking for both live and private is refused; making the club private without a
    word about them stops showing them live."""
    allowed = {"name", "city", "is_public", "public_live_matches", "table_codes"}
    unknown = set(changes) - allowed
    if unknown:
        raise ValueError(f"club_update cannot change {sorted(unknown)}")
    locked = Club.objects.select_for_update().get(pk=club.pk)
    is_public = changes.get("is_public", locked.is_public)
    if not is_public and changes.get("public_live_matches"):
        raise ClubError(LIVE_NEEDS_PUBLIC, field="public_live_matches")
    if not is_public and locked.public_live_matches:
        changes["public_live_matches"] = False
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


def _gender(gender: str) -> str:
    if gender not in Gender.values:
        raise ClubError(_("Choose a gender among those offered."), field="gender")
    return gender


@transaction.atomic
def player_create(
    *, club: Club, name: str, is_guest: bool = False, gender: str = Gender.UNSPECIFIED
) -> Player:
    """Add a player to the club. Names are unique in a club, whatever their case; the gender is
    optional (the Italian pages agree with it)."""
    name = _player_name(club, name)
    gender = _gender(gender)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, is_guest=is_guest, gender=gender)
    except IntegrityError:  # created meanwhile by another request
        raise ClubError(
            _("The club already has a player called %(name)s.") % {"name": name}, field="name"
        ) from None


@transaction.atomic
def player_update(
    *,
    player: Player,
    name: str | None = None,
    is_guest: bool | None = None,
    gender: str | None = None,
) -> Player:
    """Rename a player (matches already played keep the name they were played under), or change
    whether they are a guest, or their gender."""
    fields = []
    if gender is not None:
        player.gender = _gender(gender)
        fields.append("gender")
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


def _forget_cached_role(user: Actor, club: Club) -> None:
    """`clubs.permissions.role_in` caches roles on the user object; drop the stale one."""
    getattr(user, "__dict__", {}).get("_club_roles", {}).pop(club.pk, None)


def _username(username: str) -> str:
    """The username as typed, checked against the rules of usernames (not against the accounts:
    whether it exists is never told)."""
    username = username.strip()
    if not username:
        raise ClubError(_("Write the person's username."), field="username")
    if len(username) > 150:
        raise ClubError(_("A username has at most 150 characters."), field="username")
    try:
        get_user_model().username_validator(username)
    except ValidationError as error:
        raise ClubError(error.messages[0], field="username") from None
    return username


@transaction.atomic
def membership_invite(
    *, club: Club, username: str, role: str, invited_by: User | None = None
) -> Invitation:
    """Invite `username` to the club with `role`: the person becomes a member only when they
    accept the invitation (on their home page). Locks the club row.

    The invitation is made in the same way whether or not the username has an account here, so
    the answer tells nothing about who has one. Inviting again a username whose invitation is
    pending changes its role. A username that is already a member is refused (the owner sees
    the members anyway).
    """
    if role not in Role.values:
        raise ClubError(_("Unknown role."), field="role")
    username = _username(username)
    club = _lock(club)
    if Membership.objects.filter(club=club, user__username=username).exists():
        raise ClubError(
            _("%(username)s is already a member of this club; change their role instead.")
            % {"username": username},
            field="username",
        )
    invitation = Invitation.objects.pending().filter(club=club, username=username).first()
    if invitation is None:
        return Invitation.objects.create(
            club=club, username=username, role=role, invited_by=invited_by
        )
    invitation.role = role
    invitation.invited_by = invited_by
    invitation.save(update_fields=["role", "invited_by"])
    return invitation


def _open_invitation(invitation: Invitation, user: Actor) -> Invitation:
    """Lock the invitation's club and the invitation; it must still be pending and addressed to
    `user`."""
    _lock(invitation.club)
    invitation = Invitation.objects.select_for_update().select_related("club").get(pk=invitation.pk)
    if invitation.status != InvitationStatus.PENDING or (
        user is not None
        and (isinstance(user, TableActor) or invitation.username != user.get_username())
    ):
        raise ClubError(_("This invitation is no longer open."))
    return invitation


def _answer(invitation: Invitation, status: str) -> None:
    invitation.status = status
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user: User) -> Membership:
    """`user` accepts an invitation to their username: they become a member with the invited
    role (a member already keeps their role). Locks the club row, then the invitation."""
    invitation = _open_invitation(invitation, user)
    membership = Membership.objects.filter(club=invitation.club, user=user).first()
    if membership is None:
        membership = Membership.objects.create(
            club=invitation.club, user=user, role=invitation.role
        )
    _answer(invitation, InvitationStatus.ACCEPTED)
    _forget_cached_role(user, invitation.club)
    return membership


@transaction.atomic
def invitation_decline(*, invitation: Invitation, user: Actor) -> Invitation:
    """`user` declines an invitation to their username. Locks the club row, then the
    invitation."""
    invitation = _open_invitation(invitation, user)
    _answer(invitation, InvitationStatus.DECLINED)
    return invitation


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation) -> Invitation:
    """The club's owner withdraws a pending invitation. Locks the club row, then the
    invitation."""
    invitation = _open_invitation(invitation, None)
    _answer(invitation, InvitationStatus.WITHDRAWN)
    return invitation


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
