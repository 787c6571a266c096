"""The facts of the pairings app: a club's own VP tables, a Burraco tournament's pairs and the
director's actions on its turni (issue 29; BURRACO.md §2).

A Burraco turno's MP difference becomes victory points through a VP table. The FIBur 3- and
4-hand tables ship as the engine's data (`pairings.engine.burraco.vp_tables.DEFAULT_VP_TABLES`),
not as rows; a club enters others (2-hand, teams) here, each checked by the engine's
`check_vp_table` when it is saved (`pairings.vptables.services`).
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from tournaments.models import Entry, Round, Table, Tournament


def new_lot() -> int:
    """A pair's lot, drawn at registration (the tie-break `lot`: lower first)."""
    return secrets.randbelow(1_000_000)


class VpTable(models.Model):
    """A club's VP table for turni of `hands` hands: `bands` is a list of
    `{"low", "high" (null on the last, open band), "winner", "loser"}`, in order."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="vp_tables", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    hands = models.PositiveSmallIntegerField(_("hands per turno"))
    for_teams = models.BooleanField(
        _("for team matches"),
        default=False,
        help_text=_("A team match adds up its two tables: its differences are larger."),
    )
    bands = models.JSONField(_("bands"), default=list)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "VP table")
        verbose_name_plural = pgettext_lazy("model", "VP tables")
        ordering = ["club", "hands", "name", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(hands__gte=1), name="vp_table_hands_from_1"),
        ]

    def __str__(self) -> str:
        return self.name


class Pair(models.Model):
    """Two entries of a Burraco pairs tournament who play as one line (a *coppia*), numbered in
    registration order: the Mitchell seats the first half North-South. An entry belongs to one
    pair at most; each player keeps his own check-in and fee."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("pair number"))
    first = models.OneToOneField(
        Entry, on_delete=models.CASCADE, related_name="pair_as_first", verbose_name=_("player")
    )
    second = models.OneToOneField(
        Entry, on_delete=models.CASCADE, related_name="pair_as_second", verbose_name=_("partner")
    )
    lot = models.PositiveIntegerField(
        _("lot"), default=new_lot, help_text=_("Drawn at registration: the tie-break by lot.")
    )
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "pair")
        verbose_name_plural = pgettext_lazy("model", "pairs")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="pair_number_unique"),
            models.CheckConstraint(condition=~Q(first=F("second")), name="pair_of_two"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """ "Anna Rossi / Bruno Bianchi": how the pair is shown everywhere."""
        return f"{self.first.player.name} / {self.second.player.name}"

    @property
    def entries(self) -> tuple[Entry, Entry]:
        return (self.first, self.second)


class Team(models.Model):
    """A team of a Burraco team tournament (BURRACO.md section 3): 4 or more players, numbered
    in registration order, who name their two pairs before each turno (`TeamLineup`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("team number"))
    name = models.CharField(_("name"), max_length=120)
    lot = models.PositiveIntegerField(
        _("lot"), default=new_lot, help_text=_("Drawn at registration: the tie-break by lot.")
    )
    created_at = models.DateTimeField(_("registered"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "team")
        verbose_name_plural = pgettext_lazy("model", "teams")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player of a team: an entry belongs to one team at most."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, related_name="team_member", verbose_name=_("player")
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "team member")
        verbose_name_plural = pgettext_lazy("model", "team members")
        ordering = ["team", "id"]

    def __str__(self) -> str:
        return f"{self.team} ({self.entry})"


class TeamLineup(models.Model):
    """The two pairs a team names for turno `turno`, before it is seated: pair 1 (`first`,
    `second`) plays North-South at the match's first table, pair 2 (`third`, `fourth`) East-West
    at its second (`pairings.burraco.teams`)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="lineups", verbose_name=_("team")
    )
    turno = models.PositiveSmallIntegerField(_("turno"))
    first = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("pair 1, first player")
    )
    second = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("pair 1, partner")
    )
    third = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("pair 2, first player")
    )
    fourth = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("pair 2, partner")
    )
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "team lineup")
        verbose_name_plural = pgettext_lazy("model", "team lineups")
        ordering = ["team", "turno"]
        constraints = [
            models.UniqueConstraint(fields=["team", "turno"], name="team_lineup_unique"),
            models.CheckConstraint(condition=Q(turno__gte=1), name="team_lineup_turno_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.team} ({self.turno})"

    @property
    def pairs(self) -> tuple[tuple[Entry, Entry], tuple[Entry, Entry]]:
        return ((self.first, self.second), (self.third, self.fourth))


class ActionKind(models.TextChoices):
    ABANDON = "abandon", _("Abandonment")
    LATE = "late", _("Lateness")
    ADJUST = "adjust", _("Adjustment")


class TurnoAction(models.Model):
    """A director's action on a Burraco turno (BURRACO.md section 2), read by the standings:
    a line's abandonment at a table (`side`, the MP it is given), a line's lateness (`side`,
    `minutes`), or an adjustment of an entry's VP and MP (`line`: the pair's, or the player's,
    engine id). Undone (`undone_at`) until the next turno is seated; always kept, with its
    reason, in the history."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="turno_actions", verbose_name=_("turno")
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="turno_actions",
        verbose_name=_("table"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=ActionKind.choices)
    side = models.CharField(_("line"), max_length=2, blank=True)  # "NS" or "EO"
    line = models.PositiveIntegerField(_("pair or player"), null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(_("minutes late"), default=0)
    vp = models.IntegerField(_("victory points"), default=0)
    mp = models.IntegerField(_("match points"), null=True, blank=True)
    reason = models.TextField(_("reason"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    undone_at = models.DateTimeField(_("undone"), null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "turno action")
        verbose_name_plural = pgettext_lazy("model", "turno actions")
        ordering = ["round", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["abandon", "late", "adjust"]), name="turno_action_kind"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.round})"
