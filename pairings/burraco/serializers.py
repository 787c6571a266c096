"""The API's shapes of a Burraco tournament's pairs and turni (pairings/burraco/api.py)."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class BurracoPairSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=_("The pair's id: its line in the standings."))
    number = serializers.IntegerField(help_text=_("The pair's number, in registration order."))
    name = serializers.CharField(help_text=_('"Anna Rossi / Bruno Bianchi".'))
    first = serializers.SerializerMethodField(help_text=_("The first player's entry id."))
    second = serializers.SerializerMethodField(help_text=_("The second player's entry id."))
    checked_in = serializers.BooleanField(help_text=_("Both players are checked in."))
    dropped = serializers.BooleanField(help_text=_("The pair withdrew."))

    def get_first(self, line) -> int:
        return line.members[0]

    def get_second(self, line) -> int:
        return line.members[-1]


class BurracoPairsCreateSerializer(serializers.Serializer):
    """Pairs pasted, one a line; or a pair of two players already entered."""

    lines = serializers.ListField(
        child=serializers.CharField(allow_blank=True, max_length=300),
        required=False,
        max_length=200,
        help_text=_('One pair a line: "Anna Rossi / Bruno Bianchi". All or nothing.'),
    )
    check_in = serializers.BooleanField(
        default=False, help_text=_("The pairs of `lines` are here and have paid.")
    )
    first = serializers.IntegerField(required=False, help_text=_("An entry id."))
    second = serializers.IntegerField(required=False, help_text=_("Another entry id."))

    def validate(self, data: dict) -> dict:
        if "lines" in data:
            if "first" in data or "second" in data:
                raise serializers.ValidationError(
                    gettext('Send "lines", or "first" and "second": not both.')
                )
            return data
        if "first" not in data or "second" not in data:
            raise serializers.ValidationError(
                gettext('Send "lines" (one pair a line), or "first" and "second" (entry ids).')
            )
        return data


class TurnoLineSerializer(serializers.Serializer):
    """A pair at a table; a player in an individual event, and at a team match's table each
    player of the team's pair, with the team's name; a line with a bye (a pair, a player, a
    team)."""

    id = serializers.IntegerField(
        help_text=_(
            "The pair's id; a player's entry id in an individual event and at a team match's "
            "table; a team's id for its bye."
        )
    )
    number = serializers.IntegerField(
        help_text=_(
            "The pair's number; a player's seed in an individual event; the team's number at a "
            "team match's table and for its bye."
        )
    )
    name = serializers.CharField(
        help_text=_(
            "The pair's players (\"Anna Rossi / Bruno Bianchi\"); a player's name in an "
            "individual event and at a team match's table; a team's name for its bye."
        )
    )
    team = serializers.CharField(
        help_text=_(
            "The name of the team whose pair sits here at a team match's table; the team's "
            'name for its bye; "" outside a team tournament.'
        )
    )


class TurnoVpTableSerializer(serializers.Serializer):
    name = serializers.CharField()
    hands = serializers.IntegerField()
    bands = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(allow_null=True)),
        help_text=_("[low, high, winner's VP] of the difference; high null: and above."),
    )


class TurnoTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    id = serializers.IntegerField(source="table_id", help_text=_("The table's id."))
    match = serializers.IntegerField(
        source="match_id", allow_null=True, help_text=_("The table's match id.")
    )
    ns = TurnoLineSerializer(
        source="ns.members",
        many=True,
        help_text=_(
            "The NS pair; its two players in an individual event and at a team match's table "
            "(the pair its team named for the turno)."
        ),
    )
    eo = TurnoLineSerializer(
        source="eo.members", many=True, help_text=_("The EO pair, in the same shape as NS.")
    )
    ns_total = serializers.IntegerField(source="ns.total", help_text=_("NS's line total so far."))
    eo_total = serializers.IntegerField(source="eo.total", help_text=_("EO's line total so far."))
    state = serializers.ChoiceField(
        choices=["playing", "awaiting", "done", "decided"],
        help_text=_(
            "playing; awaiting (finished, not confirmed); done (its result counts); decided "
            "(by the director: an abandonment, a forfeit)."
        ),
    )
    counts = serializers.BooleanField(help_text=_("The table's turno is decided."))


class TurnoSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    movement = serializers.CharField(help_text=_("mitchell, danese, italiana or individual."))
    vp_table = TurnoVpTableSerializer(help_text=_("The VP table of the turno, kept when seated."))
    complete = serializers.BooleanField(help_text=_("Every table is decided."))
    tables = TurnoTableSerializer(many=True)
    byes = TurnoLineSerializer(
        source="bye_members", many=True, help_text=_("Pairs (players, teams) with a bye.")
    )
