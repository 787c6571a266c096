"""Club life: the facts. Seasons (a date range and the games a club counts) and the players'
ratings (`Rating`, a cache of the history `RatingChange`). They read matches (scoring) and whether
a tournament table's result is confirmed (tournaments): club life sits on top of the dependency
chain. Standings and ratings are computed by the engine (`clublife.engine`).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from scoring.games import game_choices
from scoring.models import Match


class Season(models.Model):
    """A club season: a date range and the games it counts. Every counted match (club nights and
    tournament tables) gives its players placement points by table size."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("from"))
    ends_on = models.DateField(_("to"))
    games = models.JSONField(
        _("games"),
        default=list,
        blank=True,  # empty: every game (an archive's season of every game must import)
        help_text=_("The games the season counts (empty: all)."),
    )
    counts_club_matches = models.BooleanField(_("counts club nights"), default=True)
    counts_tournaments = models.BooleanField(_("counts tournament tables"), default=True)
    placement_points = models.JSONField(
        _("placement points"),
        default=dict,
        blank=True,
        help_text=_("Points by table size, best place first; empty: linear from 7 to 1."),
    )
    first_entry_only = models.BooleanField(
        _("first entry only"),
        default=True,
        help_text=_(
            "A player who re-entered is placed where their first entry ended, as if they had "
            "not come back."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["club", "-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="season_dates_in_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Rating(models.Model):
    """A player's current OpenSkill rating at one game (a cache of `RatingChange`)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=10, choices=game_choices())
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    matches = models.PositiveIntegerField(_("matches rated"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["game", "player"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game} {self.mu:.1f}±{self.sigma:.1f}"

    @property
    def ordinal(self) -> float:
        """The leaderboard value: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


class RatingChange(models.Model):
    """What one rated match did to one player's rating (for the history and its chart)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=10, choices=game_choices())
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("match")
    )
    sequence = models.PositiveIntegerField(
        _("order"), help_text=_("The order matches were rated in, per game and club.")
    )
    place = models.PositiveSmallIntegerField(_("place"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["game", "sequence", "place", "player"]
        constraints = [
            models.UniqueConstraint(fields=["player", "match"], name="rating_change_once"),
        ]
        indexes = [models.Index(fields=["player", "game", "sequence"])]

    def __str__(self) -> str:
        return f"{self.player} #{self.sequence}"
