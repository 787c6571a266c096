"""Clubs, the people who play in them, and who may do what.

A `Player` is someone who sits at a table; a `User` is someone who logs in. A member's player may
be linked to their user; guests (ospiti) are players typed in at the table. Roles come with a
`Membership`: owner, director, scorekeeper, or plain member. An existing user becomes a member
only with their consent: the owner sends an `Invitation`, which the user accepts or declines.
"""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person who logs in. Club roles come with memberships; players need not be users."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    DIRECTOR = "director", _("Tournament director")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")
    MEMBER = "member", _("Member")


class ClubQuerySet(models.QuerySet["Club"]):
    def for_user(self, user) -> "ClubQuerySet":
        """Clubs the user belongs to, and public clubs for everyone."""
        if user.is_authenticated:
            return self.filter(Q(is_public=True) | Q(pk__in=Membership.club_ids_of(user)))
        return self.filter(is_public=True)

    def member_of(self, user) -> "ClubQuerySet":
        """Only the clubs the user belongs to (with any role)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(pk__in=Membership.club_ids_of(user))


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    city = models.CharField(_("city"), max_length=120, blank=True)
    is_public = models.BooleanField(
        _("public"),
        default=False,
        help_text=_("Anyone may see the finished matches and the players of a public club."),
    )
    public_live_matches = models.BooleanField(
        _("matches live to the public"),
        default=False,
        help_text=_(
            "A public club's matches in progress can be followed by anyone, live and read-only "
            "(who entered what stays for the members)."
        ),
    )
    table_codes = models.BooleanField(
        _("table codes on club nights"),
        default=False,
        help_text=_(
            "Every match started gets a short code, printed beside the QR code of its score "
            "sheet: a phone that types or scans it enters that match's hands, without an "
            "account. Tournaments always use table codes."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"slug": self.slug})


class Membership(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique_per_club"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.get_role_display()})"

    @classmethod
    def club_ids_of(cls, user) -> models.QuerySet:
        """The ids of the user's clubs, as a subquery (no join, so no DISTINCT needed)."""
        return cls.objects.filter(user=user).values("club_id")


class InvitationStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class InvitationQuerySet(models.QuerySet["Invitation"]):
    def pending(self) -> "InvitationQuerySet":
        return self.filter(status=InvitationStatus.PENDING)

    def addressed_to(self, user) -> "InvitationQuerySet":
        """The invitations to the user's username (none for a visitor)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(username=user.get_username())


class Invitation(models.Model):
    """An owner's offer of a role in the club to a username; it becomes a membership only when
    the user with that username accepts it (their consent).

    It names a username, not a user: it is made, and shown to the owner, in the same way whether
    or not that username has an account here, so inviting tells nothing about who has one. At
    most one invitation per club and username is pending; answered ones are kept as a record.
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("club")
    )
    username = models.CharField(_("username"), max_length=150)
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.MEMBER)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    status = models.CharField(
        _("status"),
        max_length=20,
        choices=InvitationStatus.choices,
        default=InvitationStatus.PENDING,
    )
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "username"],
                condition=Q(status="pending"),
                name="invitation_pending_unique_per_club",
            ),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="invitation_role_valid"),
            models.CheckConstraint(
                condition=Q(status__in=InvitationStatus.values), name="invitation_status_valid"
            ),
        ]
        indexes = [models.Index(fields=["username", "status"], name="invitation_username_status")]

    def __str__(self) -> str:
        return f"{self.username} @ {self.club} ({self.get_role_display()}, {self.status})"


class PlayerQuerySet(models.QuerySet["Player"]):
    def for_user(self, user) -> "PlayerQuerySet":
        return self.filter(club__in=Club.objects.for_user(user))


class Gender(models.TextChoices):
    """A player's gender, optional: Italian agrees with it ("sballata", "si è ritirata"); unsaid,
    the pages use the generic form."""

    UNSPECIFIED = "unspecified", _("Not said")
    FEMALE = "female", _("Woman")
    MALE = "male", _("Man")


class Player(models.Model):
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="players", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("user"),
    )
    is_guest = models.BooleanField(
        _("guest"), default=False, help_text=_("A player who is not a member of the club.")
    )
    gender = models.CharField(
        _("gender"),
        max_length=12,
        choices=Gender.choices,
        default=Gender.UNSPECIFIED,
        help_text=_("Optional: the Italian pages agree with it (sballato, sballata)."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="player_name_unique_per_club"),
        ]

    def __str__(self) -> str:
        return self.name
