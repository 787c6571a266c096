"""The API's shape of a Burraco tournament's standings (`kind` "burraco"), answered by the common
`GET /api/v1/tournaments/{id}/standings/` (`tournaments.api.results.STANDINGS_SERIALIZERS`,
filled by `PairingsConfig.ready()`): the rows as the standings page shows them
(`pairings.burraco.shown`), each turno's tables, and the notes."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from pairings.burraco.shown import standings_shown
from tournaments.serializers import kind_field


class BurracoRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField(help_text=_("Equal on every key with the row above."))
    line = serializers.IntegerField(
        help_text=_("The pair's id (the player's entry id in an individual event).")
    )
    number = serializers.IntegerField(
        help_text=_("The pair's number (the player's seed in an individual event).")
    )
    name = serializers.CharField(help_text=_('"Anna Rossi / Bruno Bianchi".'))
    players = serializers.ListField(child=serializers.CharField())
    vp = serializers.IntegerField(help_text=_("Victory points, adjustments included."))
    mp = serializers.IntegerField(help_text=_("Match points: the sum of signed differences."))
    points = serializers.IntegerField(help_text=_("The sum of the line's own turno totals."))
    played = serializers.IntegerField(help_text=_("Turni at a table, abandoned ones too."))
    byes = serializers.IntegerField()
    abandoned = serializers.IntegerField(help_text=_("Turni the line abandoned."))
    gained_by_abandoning = serializers.IntegerField(
        help_text=_("Of those, turni that gave it more VP than its hands: the director checks.")
    )
    settled_by = serializers.CharField(
        allow_null=True,
        help_text=_(
            "The key of the chain that set the row below the row above, both equal on the "
            "first key (VP by default); null when the first key did, or the place is shared."
        ),
    )
    withdrawn = serializers.BooleanField(source="dropped")
    group = serializers.CharField(
        help_text=_(
            'The all\'italiana\'s group (girone) the line is ranked in: "A", "B"...; empty '
            "without groups (the place is then in the whole field)."
        )
    )


class BurracoTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    ns_number = serializers.IntegerField(allow_null=True)
    ns = serializers.CharField()
    eo_number = serializers.IntegerField(allow_null=True)
    eo = serializers.CharField()
    decided = serializers.BooleanField(help_text=_("False while the table is being played."))
    ns_total = serializers.IntegerField(allow_null=True)
    eo_total = serializers.IntegerField(allow_null=True)
    difference = serializers.IntegerField(allow_null=True, help_text=_("D = |NS - EO|."))
    ns_vp = serializers.IntegerField(allow_null=True)
    eo_vp = serializers.IntegerField(allow_null=True)
    ns_mp = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(help_text=_("An abandonment, a forfeit, a lateness."))


class BurracoTurnoSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    movement = serializers.CharField()
    complete = serializers.BooleanField()
    tables = BurracoTableSerializer(many=True)
    byes = serializers.ListField(child=serializers.CharField())


class BurracoStandingsSerializer(serializers.Serializer):
    """The standings of a Burraco tournament: by the chain in `tie_breaks` (BURRACO.md 4)."""

    kind = kind_field("burraco")
    individual = serializers.BooleanField()
    tie_breaks = serializers.ListField(child=serializers.CharField())
    order = serializers.CharField(help_text=_("The chain in words, as every standings prints it."))
    turni_counted = serializers.IntegerField()
    rows = BurracoRowSerializer(many=True)
    turni = BurracoTurnoSerializer(many=True)
    adjustments = serializers.ListField(child=serializers.CharField())
    abandonments = serializers.ListField(child=serializers.CharField())
    latenesses = serializers.ListField(
        child=serializers.CharField(), help_text=_("Lines late by over 5 minutes, with the reason.")
    )
    warnings = serializers.ListField(
        child=serializers.CharField(), help_text=_("Lines that gained VP by abandoning.")
    )

    def to_representation(self, instance):
        """`instance`: the format's standings (`BurracoStandings`), shown as the page shows
        them."""
        return super().to_representation(standings_shown(instance))
