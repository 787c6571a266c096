"""Clubs, the people who play in them, and who may do what.

A `Player` is someone who sits at a table; a `User` is someone who logs in. A member's player may
be linked to their user; guests (ospiti) are players typed in at the table. Roles come with a
`Membership`: owner, director, scorekeeper, or plain member.
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


class ClubQuerySet(models.QuerySet):
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


class PlayerQuerySet(models.QuerySet):
    def for_user(self, user) -> "PlayerQuerySet":
        return self.filter(club__in=Club.objects.for_user(user))


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
