"""The API of the Gin formats (rounds of pairings and brackets), under /api/v1/tournaments/ beside
the tournaments' own: the draw, the next round, result fixes and the bracket."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs.api import READ_ERRORS, WRITE_ERRORS, ApiView
from pairings import services
from pairings.formats import bracket_format_of
from pairings.serializers import (
    BracketSerializer,
    ResultFixCreateSerializer,
    ResultFixSerializer,
)
from tournaments.api.core import (
    directed_tournament,
    entries_of_body,
    round_response,
    tables_context,
    tournament_table,
    visible_tournament,
)
from tournaments.serializers import RoundSerializer

# Gin: the draw, rounds of pairings, brackets, fixes ----------------------------------------------


class DrawView(ApiView):
    """Start a Gin tournament from its checked-in players, in seed order: a bracket is drawn
    whole; a round robin fixes its schedule; a Swiss pairs round 1. The answer is round 1."""

    serializer_class = RoundSerializer

    @extend_schema(
        operation_id="tournaments_draw",
        summary="Make the draw of a Gin tournament (owner, director)",
        request=None,
        responses={201: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        round = services.draw(tournament=tournament, user=request.user)
        round.tournament = tournament
        return round_response(request, round, created=True)


class NextRoundView(ApiView):
    """Pair the next round of a Swiss or round robin, once every match of the last one has a
    result (confirmed when asked) or a fix."""

    serializer_class = RoundSerializer

    @extend_schema(
        operation_id="tournaments_next_round",
        summary="Pair the next round of a Swiss or round robin (owner, director)",
        request=None,
        responses={201: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        round = services.next_round(tournament=tournament, user=request.user)
        round.tournament = tournament
        return round_response(request, round, created=True)


class TableFixView(ApiView):
    """The director's word on a Gin match: a walkover, a corrected winner, or (winner null) the
    fix in force cleared. Every fix is kept; a bracket moves its players on at once."""

    serializer_class = ResultFixSerializer

    @extend_schema(
        operation_id="tournaments_tables_fix",
        summary="Fix the result of a Gin match (owner, director)",
        request=ResultFixCreateSerializer,
        responses={201: ResultFixSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "A walkover",
                request_only=True,
                value={"winner": 12, "walkover": True, "reason": "Bruno did not come back."},
            ),
            OpenApiExample(
                "Clear the fix", request_only=True, value={"winner": None, "reason": "Played."}
            ),
        ],
    )
    def post(self, request, pk, table_id):
        tournament = directed_tournament(request, pk)
        table = tournament_table(tournament, table_id)
        serializer = ResultFixCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        winner = None
        if data["winner"] is not None:
            (winner,) = entries_of_body(tournament, data, ("winner",))
        fix = services.result_fix(
            table=table,
            user=request.user,
            winner=winner,
            walkover=data["walkover"],
            reason=data["reason"],
        )
        context = tables_context(request, tournament)
        return Response(
            ResultFixSerializer(fix, context=context).data, status=status.HTTP_201_CREATED
        )


class BracketView(ApiView):
    """The bracket of a single or double elimination, replayed from the results in force: every
    match from the start, each side a seed or "winner of 5" / "loser of 5" until it is known."""

    serializer_class = BracketSerializer

    @extend_schema(
        operation_id="tournaments_bracket",
        summary="The bracket",
        responses={200: BracketSerializer, **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        kind = bracket_format_of(tournament)
        if kind is None:
            raise NotFound(gettext("This tournament has no bracket."))
        view = kind.bracket_of(tournament)
        return Response(BracketSerializer(view, context={"request": request}).data)
