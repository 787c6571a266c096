"""The API of the Gin formats (rounds of pairings and brackets), under /api/v1/tournaments/ beside
the tournaments' own: the draw, the next round, result fixes and the bracket."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from base.api import READ_ERRORS, ApiView
from pairings import services
from pairings.formats import bracket_format_of
from pairings.serializers import (
    BracketSerializer,
    ResultFixCreateSerializer,
    ResultFixSerializer,
)
from tournaments.api.core import (
    TableActionView,
    TournamentActionView,
    entries_of_body,
    round_response,
    tables_context,
    visible_tournament,
)
from tournaments.serializers import RoundSerializer

# Gin: the draw, rounds of pairings, brackets, fixes ----------------------------------------------


class PairingView(TournamentActionView):
    """Answers the round the service pairs."""

    serializer_class = RoundSerializer
    created = True

    def answer(self, tournament, round) -> Response:
        round.tournament = tournament
        return round_response(self.request, round, created=True)


class DrawView(PairingView):
    """Start a Gin tournament from its checked-in players, in seed order: a bracket is drawn
    whole; a round robin fixes its schedule; a Swiss pairs round 1. The answer is round 1."""

    operation_id = "tournaments_draw"
    summary = "Make the draw of a Gin tournament (owner, director)"
    service = services.draw


class NextRoundView(PairingView):
    """Pair the next round of a Swiss or round robin, once every match of the last one has a
    result (confirmed when asked) or a fix."""

    operation_id = "tournaments_next_round"
    summary = "Pair the next round of a Swiss or round robin (owner, director)"
    service = services.next_round


class TableFixView(TableActionView):
    """The director's word on a Gin match: a walkover, a corrected winner, or (winner null) the
    fix in force cleared. Every fix is kept; a bracket moves its players on at once."""

    serializer_class = ResultFixSerializer
    operation_id = "tournaments_tables_fix"
    summary = "Fix the result of a Gin match (owner, director)"
    body = ResultFixCreateSerializer
    created = True
    examples = (
        OpenApiExample(
            "A walkover",
            request_only=True,
            value={"winner": 12, "walkover": True, "reason": "Bruno did not come back."},
        ),
        OpenApiExample(
            "Clear the fix", request_only=True, value={"winner": None, "reason": "Played."}
        ),
    )

    def act(self, table, data):
        winner = None
        if data["winner"] is not None:
            (winner,) = entries_of_body(table.round.tournament, data, ("winner",))
        return services.result_fix(
            table=table,
            user=self.request.user,
            winner=winner,
            walkover=data["walkover"],
            reason=data["reason"],
        )

    def answer(self, table, fix) -> Response:
        context = tables_context(self.request, table.round.tournament)
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
        context = {"request": request, "club": tournament.club}
        return Response(BracketSerializer(view, context=context).data)
