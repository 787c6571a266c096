"""The API's shapes of results: the standings of table tournaments, the final ranking and the
ledger."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.serializers import (
    enum_field,
)
from tournaments.serializers.core import EntryStatusEnum, exact, kind_field, rounded

# Standings, ranking, money -----------------------------------------------------------------------


class TableStandingsRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField(help_text=_("Others share this place."))
    entry = serializers.IntegerField(source="entry_id")
    name = serializers.CharField(source="entry.player.name")
    status = enum_field(EntryStatusEnum, source="entry.status")
    points = serializers.SerializerMethodField(help_text=_("Tournament points, to 2 decimals."))
    points_exact = serializers.SerializerMethodField(help_text=_('Exactly, e.g. "19/3".'))
    wins = serializers.IntegerField()
    opponents = serializers.SerializerMethodField(
        help_text=_("Strength of schedule: the table-mates' average points, to 2 decimals.")
    )
    penalty = serializers.IntegerField(help_text=_("Penalty points of every match; lower first."))
    tables = serializers.IntegerField(help_text=_("Tables counted."))
    head_to_head = serializers.IntegerField()
    separated_by = serializers.CharField(
        allow_null=True,
        help_text=_(
            "The tie-break that set this player below the row above, equal on the first one "
            "(tournament points, by default); null when nothing tied them or they share a place."
        ),
    )

    def get_points(self, row) -> str:
        return rounded(row.points)

    def get_points_exact(self, row) -> str:
        return exact(row.points)

    def get_opponents(self, row) -> str:
        return rounded(row.opponents)


class TableStandingsSerializer(serializers.Serializer):
    """The standings of a table tournament (Scala 40, Ramino)."""

    kind = kind_field("table")
    tie_breaks = serializers.ListField(child=serializers.CharField())
    rounds_counted = serializers.IntegerField()
    rows = TableStandingsRowSerializer(many=True)


class RankingRowSerializer(serializers.Serializer):
    """A row of the final ranking. Needs `context["paid"]` (entry id to payout) and
    `context["names"]` (entry id to the payee's name: a player, or a pair by its first entry)."""

    place = serializers.IntegerField()
    entry = serializers.IntegerField(source="entry.pk")
    name = serializers.SerializerMethodField(
        help_text=_('The player, or the pair: "Anna Rossi / Bruno Bianchi".')
    )
    stage = serializers.CharField(
        help_text=_("Gin brackets: how far the player went; empty otherwise.")
    )
    payout = serializers.SerializerMethodField()

    def get_name(self, row) -> str:
        return self.context["names"][row.entry.pk]

    @extend_schema_field(serializers.DecimalField(max_digits=12, decimal_places=2))
    def get_payout(self, row) -> str:
        return str(self.context["paid"].get(row.entry.pk, Decimal("0.00")))


class LedgerPotSerializer(serializers.Serializer):
    entry_fees = serializers.DecimalField(max_digits=12, decimal_places=2)
    reentry_fees = serializers.DecimalField(max_digits=12, decimal_places=2)
    gross = serializers.DecimalField(max_digits=12, decimal_places=2)
    house = serializers.DecimalField(max_digits=12, decimal_places=2)
    prizes = serializers.DecimalField(max_digits=12, decimal_places=2)


class PlaceAmountSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class EntryAmountSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class TableAmountSerializer(serializers.Serializer):
    table = serializers.CharField(help_text=_('Round/table, e.g. "2/3".'))
    amount = serializers.DecimalField(max_digits=12, decimal_places=2)


class LedgerSerializer(serializers.Serializer):
    """The money (a `money.Ledger`): the payees named as the ledger's format names them."""

    pot = LedgerPotSerializer()
    paying_entries = serializers.IntegerField(
        help_text=_("Players whose entry fee was taken (without a fee: every player checked in).")
    )
    amounts = serializers.SerializerMethodField(help_text=_("The payout of each place."))
    paid = serializers.SerializerMethodField(
        help_text=_(
            "What each player wins (shared places split); a pair's prize once, by its first "
            "player's entry, under both names."
        )
    )
    reentry_fees_by_table = serializers.SerializerMethodField()
    notice = serializers.CharField(
        help_text=_(
            "The format's notice on cash prizes (Burraco: their legality in Italy); empty for "
            "the others."
        )
    )

    @extend_schema_field(PlaceAmountSerializer(many=True))
    def get_amounts(self, ledger) -> list:
        rows = [
            {"place": place, "amount": amount} for place, amount in enumerate(ledger.amounts, 1)
        ]
        # `many=True` makes a list serializer, whose data is a list: the stubs say one item's.
        return PlaceAmountSerializer(rows, many=True).data  # type: ignore[return-value]

    @extend_schema_field(EntryAmountSerializer(many=True))
    def get_paid(self, ledger) -> list:
        names = ledger.payees.names
        rows = [
            {"entry": entry_id, "name": names[entry_id], "amount": amount}
            for entry_id, amount in sorted(ledger.paid.items(), key=lambda item: -item[1])
            if amount
        ]
        # `many=True` makes a list serializer, whose data is a list: the stubs say one item's.
        return EntryAmountSerializer(rows, many=True).data  # type: ignore[return-value]

    @extend_schema_field(TableAmountSerializer(many=True))
    def get_reentry_fees_by_table(self, ledger) -> list:
        rows = [
            {"table": table, "amount": amount} for table, amount in ledger.reentry_fees_by_table
        ]
        # `many=True` makes a list serializer, whose data is a list: the stubs say one item's.
        return TableAmountSerializer(rows, many=True).data  # type: ignore[return-value]
