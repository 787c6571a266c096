"""The API of a Burraco tournament, under /api/v1/tournaments/ beside the tournaments' own: its
pairs (pasted one a line, or made of two players entered) and its turni (each with its tables,
pairs and line totals; the next one seated)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.response import Response

from base.api import READ_ERRORS, WRITE_ERRORS, ApiView, validated
from pairings.burraco import services
from pairings.burraco.console import line_views, turni_panels
from pairings.burraco.lookups import burraco_or_404
from pairings.burraco.selectors import burraco_facts
from pairings.burraco.serializers import (
    BurracoPairsCreateSerializer,
    BurracoPairSerializer,
    TurnoSerializer,
)
from pairings.models import Pair
from tournaments.api.core import directed_tournament, entries_of_body, visible_tournament
from tournaments.models import Round, Tournament


def _pairs_response(tournament: Tournament, only: set[int] | None = None, **kwargs) -> Response:
    lines = [
        line for line in line_views(burraco_facts(tournament)) if only is None or line.id in only
    ]
    return Response(BurracoPairSerializer(lines, many=True).data, **kwargs)


class PairListView(ApiView):
    """The pairs of a Burraco tournament of pairs, by number; enter pairs (owner, director)."""

    serializer_class = BurracoPairSerializer
    queryset = Pair.objects.none()  # for the schema; the views find the tournament themselves
    pagination_class = None

    def refusal_field(self, field: str | None) -> str | None:
        """The service's "pairs" (and the names it enters) are this body's "lines"."""
        return "lines" if field in ("pairs", "names") else field

    @extend_schema(
        operation_id="tournaments_pairs_list",
        summary="The pairs of a Burraco tournament, by number",
        responses={200: BurracoPairSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = burraco_or_404(visible_tournament(request, pk), pairs=True)
        return _pairs_response(tournament)

    @extend_schema(
        operation_id="tournaments_pairs_create",
        summary="Enter pairs of a Burraco tournament (owner, director)",
        description=(
            '`lines`: one pair a line, "Anna Rossi / Bruno Bianchi" (a club player\'s name '
            "enters that player, any other name a guest), numbered in this order; all or "
            "nothing. Or `first` and `second`: two players already entered, in no pair yet. "
            "Before the first turno only. Answers the pairs entered."
        ),
        request=BurracoPairsCreateSerializer,
        responses={201: BurracoPairSerializer(many=True), **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Pairs pasted, here and paid",
                request_only=True,
                value={
                    "lines": ["Anna Rossi / Bruno Bianchi", "Carla Verdi / Dario Neri"],
                    "check_in": True,
                },
            ),
            OpenApiExample(
                "Two players entered", request_only=True, value={"first": 12, "second": 15}
            ),
        ],
    )
    def post(self, request, pk):
        tournament = burraco_or_404(directed_tournament(request, pk))
        data = validated(BurracoPairsCreateSerializer, request)
        if "lines" in data:
            pairs = services.pairs_register(
                tournament=tournament,
                user=request.user,
                lines=data["lines"],
                check_in=data["check_in"],
            )
        else:
            first, second = entries_of_body(tournament, data, ("first", "second"))
            pairs = [
                services.pair_register(
                    tournament=tournament, user=request.user, first=first, second=second
                )
            ]
        return _pairs_response(
            tournament, {pair.pk for pair in pairs}, status=status.HTTP_201_CREATED
        )


class TurnoListView(ApiView):
    """Every turno of a Burraco tournament with its tables; seat the next one."""

    serializer_class = TurnoSerializer
    queryset = Round.objects.none()  # for the schema
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_turni_list",
        summary="Every turno of a Burraco tournament, with its tables and line totals",
        responses={200: TurnoSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = burraco_or_404(visible_tournament(request, pk))
        return Response(TurnoSerializer(turni_panels(tournament), many=True).data)

    @extend_schema(
        operation_id="tournaments_turni_create",
        summary="Seat the next turno of a Burraco tournament (owner, director)",
        description=(
            "The turno's movement (Mitchell, danese, all'italiana; the partners of an "
            "individual event; a team tournament's team matches, each team's named pairs at "
            "two tables) over the pairs, players or teams still in, once every table of the "
            "last turno is decided; each table gets its match and its clock starts. Answers "
            "the turno."
        ),
        request=None,
        responses={201: TurnoSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk):
        tournament = burraco_or_404(directed_tournament(request, pk))
        round = services.turno_seat(tournament=tournament, user=request.user)
        turno = next(t for t in turni_panels(tournament) if t.number == round.number)
        return Response(TurnoSerializer(turno).data, status=status.HTTP_201_CREATED)
