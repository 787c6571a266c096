"""Serializers of the scoring API.

The match document is validated by the engine (`scoring.engine.document`), whose errors point at
the event and field at fault; the serializers here describe its shape for the OpenAPI schema.
"""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scoring.engine import PRESETS


class MatchEventSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["hand", "reentry", "withdraw", "time_call"])
    closer = serializers.CharField(required=False, help_text=_("Scala 40 and Ramino: who closed."))
    points = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text=_("Scala 40 and Ramino: the points of every other player in play."),
    )
    cards = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text=_('Instead of points: a player\'s cards, e.g. "8h Kd JK", counted by Tallone.'),
    )
    in_hand = serializers.BooleanField(required=False, help_text=_("Chiusura in mano."))
    not_opened = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=_("Players who had not opened."),
    )
    closing = serializers.ChoiceField(
        choices=["normal", "colore", "figura", "two_cards", "scala_reale", "pockerissimo"],
        required=False,
        help_text=_("Ramino: how the closer closed."),
    )
    result = serializers.ChoiceField(
        choices=["knock", "gin", "big_gin", "dead"], required=False, help_text=_("Gin: the result.")
    )
    knocker = serializers.CharField(required=False, help_text=_("Gin: who knocked."))
    deadwood = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        help_text=_("Gin: both players' deadwood."),
    )
    upcard = serializers.CharField(
        required=False, help_text=_("Gin Oklahoma: the upcard, e.g. 7s.")
    )
    player = serializers.CharField(required=False, help_text=_("Re-entry and withdrawal: who."))


class MatchDocumentSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=["scala40", "ramino", "gin"], required=False)
    preset = serializers.ChoiceField(choices=list(PRESETS), required=False)
    rules = serializers.DictField(
        required=False, help_text=_("Options that differ from the preset, by their RULES names.")
    )
    players = serializers.ListField(child=serializers.CharField(), help_text=_("In seat order."))
    first_dealer = serializers.CharField(required=False)
    events = MatchEventSerializer(many=True, required=False)


class PlayerResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    total = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["in_play", "eliminated", "out", "withdrawn", "winner"]
    )
    reentries = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True)
    hands_won = serializers.IntegerField(required=False)


class PotSerializer(serializers.Serializer):
    total = serializers.DecimalField(max_digits=12, decimal_places=2)
    entries = serializers.ListField(child=serializers.DictField())


class MatchStateSerializer(serializers.Serializer):
    game = serializers.CharField()
    finished = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    ended_by = serializers.ChoiceField(
        choices=["last_in_play", "scala_reale", "pockerissimo", "target", "hands", "time"],
        allow_null=True,
    )
    dealer = serializers.CharField(allow_null=True, help_text=_("Who deals the next hand."))
    players = PlayerResultSerializer(many=True)
    history = serializers.ListField(
        child=serializers.DictField(), help_text=_("The state after every event.")
    )
    pot = PotSerializer()
    games = serializers.ListField(child=serializers.DictField(), required=False)
    net_total = serializers.IntegerField(required=False, allow_null=True)


class EngineErrorSerializer(serializers.Serializer):
    event = serializers.IntegerField(
        allow_null=True, help_text=_("Index of the event at fault; null for the match itself.")
    )
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
