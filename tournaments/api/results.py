"""The tournaments API of results: standings in the way the format shows them, the final
ranking and the ledger."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from base.api import READ_ERRORS, ApiView
from tournaments import money, selectors
from tournaments.api.core import (
    visible_tournament,
)
from tournaments.formats import format_of
from tournaments.models import Entry
from tournaments.serializers import (
    LedgerSerializer,
    RankingRowSerializer,
    TableStandingsSerializer,
)

# Standings, ranking, money -----------------------------------------------------------------------


# The serializer of each way of showing standings (`TournamentFormat.standings_kind`); the Gin
# formats' (`pairings.serializers`) are added by `PairingsConfig.ready()`.
STANDINGS_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "table": TableStandingsSerializer,
}
# One of them, told apart by `kind` (read when the schema is made, once every app is ready).
STANDINGS = PolymorphicProxySerializer(
    component_name="Standings",
    serializers=lambda: list(STANDINGS_SERIALIZERS.values()),
    resource_type_field_name="kind",
    many=False,
)


class StandingsView(ApiView):
    """The standings: table formats by tournament points and tie-breaks; Swiss and round robin by
    match points and tie-breaks; brackets by the places given as players go out."""

    serializer_class = TableStandingsSerializer

    @extend_schema(
        operation_id="tournaments_standings",
        summary="The standings",
        responses={200: STANDINGS, **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        kind = format_of(tournament)
        serializer = STANDINGS_SERIALIZERS[kind.standings_kind]
        return Response(serializer(kind.standings(tournament)).data)


class FinalRankingView(ApiView):
    """Every player's place in the tournament and what they win."""

    serializer_class = RankingRowSerializer
    pagination_class = None
    queryset = Entry.objects.none()  # for the schema

    @extend_schema(
        operation_id="tournaments_final_ranking",
        summary="The final ranking, with payouts",
        responses={200: RankingRowSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        view = selectors.tournament_view(tournament)
        ledger = money.ledger(tournament, view)
        return Response(
            RankingRowSerializer(
                ledger.ranking,
                many=True,
                context={"paid": ledger.paid, "names": ledger.payees.names},
            ).data
        )


class LedgerView(ApiView):
    """The money: the pot, the payout of each place, what each player (or pair) wins, and the
    format's notice on cash prizes."""

    serializer_class = LedgerSerializer

    @extend_schema(
        operation_id="tournaments_ledger",
        summary="The money: pot, payouts by place, paid by player",
        responses={200: LedgerSerializer, **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        view = selectors.tournament_view(tournament)
        ledger = money.ledger(tournament, view)
        return Response(LedgerSerializer(ledger).data)
