"""The facts of the pairings app: a club's own VP tables (issue 29; BURRACO.md §2).

A Burraco turno's MP difference becomes victory points through a VP table. The FIBur 3- and
4-hand tables ship as the engine's data (`pairings.engine.burraco.vp_tables.DEFAULT_VP_TABLES`),
not as rows; a club enters others (2-hand, teams) here, each checked by the engine's
`check_vp_table` when it is saved (`pairings.vptables.services`).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club


class VpTable(models.Model):
    """A club's VP table for turni of `hands` hands: `bands` is a list of
    `{"low", "high" (null on the last, open band), "winner", "loser"}`, in order."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="vp_tables", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    hands = models.PositiveSmallIntegerField(_("hands per turno"))
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
