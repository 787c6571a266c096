"""Parts of the match document's events that have an object of their own, for the API's schema
(`scoring.serializers.MatchEventSerializer`): the engine checks every event itself, strictly."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class BurracoLineSerializer(serializers.Serializer):
    """What one line did in a Burraco hand (for the schema; the engine checks it)."""

    pozzetto_taken = serializers.BooleanField(help_text=_("The line took its pozzetto."))
    melded = serializers.IntegerField(
        min_value=0, help_text=_("The value of the line's cards on the table.")
    )
    in_hand = serializers.IntegerField(
        min_value=0, help_text=_("The value of the cards its players still hold.")
    )
    closed = serializers.BooleanField(required=False, help_text=_("The line closed the hand."))
    puliti = serializers.IntegerField(min_value=0, required=False)
    semipuliti = serializers.IntegerField(min_value=0, required=False)
    sporchi = serializers.IntegerField(min_value=0, required=False)
    reali = serializers.IntegerField(min_value=0, required=False)
    pozzetto_unplayed = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text=_("The value of a pozzetto taken and never played."),
    )
    pozzetto_penalty = serializers.BooleanField(
        required=False,
        help_text=_(
            "A hand stopped by time, stalemate or the arbiter: whether a line without its "
            "pozzetto pays the penalty (when the rules ask)."
        ),
    )
    cards = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text=_('Instead of a value: the cards, e.g. {"in_hand": "JK 2c As"}.'),
    )
