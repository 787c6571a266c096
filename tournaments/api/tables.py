"""The tournaments API of rounds and their tables: seating, reseating, swaps, the round clock,
time calls, confirming a table (a director or a player of the table, never whoever entered the
result: its refusal of the user answers 403) and play-off places."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from base.api import READ_ERRORS, WRITE_ERRORS, ActionView, ApiView, validated
from scoring.api import TablePhoneOrAuthenticated
from tournaments import selectors, services
from tournaments.api.core import (
    RoundActionView,
    TableActionView,
    directed_tournament,
    entries_of_body,
    round_response,
    tables_context,
    tournament_round,
    tournament_table,
    visible_tournament,
)
from tournaments.lookups import table_at_table
from tournaments.models import Round, Table
from tournaments.serializers import (
    CallTimeSerializer,
    PlayoffSerializer,
    RoundSeatSerializer,
    RoundSerializer,
    SwapReportSerializer,
    SwapSerializer,
)

# Rounds ------------------------------------------------------------------------------------------


class RoundListView(ApiView):
    """Every round with its tables, seats and live results; seat the next round."""

    serializer_class = RoundSerializer
    queryset = Round.objects.none()  # for the schema
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_rounds_list",
        summary="Every round with its tables and live results",
        responses={200: RoundSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        view = selectors.tournament_view(tournament)
        context = tables_context(request, tournament)
        return Response(RoundSerializer(view.rounds, many=True, context=context).data)

    @extend_schema(
        operation_id="tournaments_rounds_create",
        summary="Seat the next round of a table tournament (owner, director)",
        description=(
            "Rounds format: the qualifying rounds, then the final table. Knockout: the players "
            "going through, until they fit the final table. The round before must be over."
        ),
        request=RoundSeatSerializer,
        responses={201: RoundSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample("Balanced", request_only=True, value={"method": "balanced"}),
            OpenApiExample(
                "Random, seed 7", request_only=True, value={"method": "random", "seed": 7}
            ),
        ],
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        data = validated(RoundSeatSerializer, request)
        round = services.round_seat(tournament=tournament, user=request.user, **data)
        round.tournament = tournament
        return round_response(request, round, created=True)


class RoundDetailView(ApiView):
    """A round: its seating report, clock, tables, seats and live results."""

    serializer_class = RoundSerializer

    @extend_schema(
        operation_id="tournaments_rounds_retrieve",
        summary="A round with its tables and live results",
        responses={200: RoundSerializer, **READ_ERRORS},
    )
    def get(self, request, pk, number):
        round = tournament_round(visible_tournament(request, pk), number)
        return round_response(request, round)


class RoundReseatView(RoundActionView):
    """Seat the last round again (another method or seed) before it starts."""

    operation_id = "tournaments_rounds_reseat"
    summary = "Seat a round again before it starts (owner, director)"
    body = RoundSeatSerializer
    service = services.round_reseat

    def answer(self, round, seated) -> Response:
        seated.tournament = round.tournament  # the round seated again is a new row
        return round_response(self.request, seated)


class RoundSwapView(RoundActionView):
    """Swap two players' seats before the round starts; answers the new seating report."""

    serializer_class = SwapReportSerializer
    operation_id = "tournaments_rounds_swap"
    summary = "Swap two players' seats (owner, director)"
    body = SwapSerializer

    def act(self, round, data):
        first, second = entries_of_body(round.tournament, data, ("first", "second"))
        return services.table_swap(round=round, user=self.request.user, first=first, second=second)

    def answer(self, round, report) -> Response:
        return Response(SwapReportSerializer(report).data)


class RoundStartView(RoundActionView):
    """Start the round: every table gets its scoring match and the round clock starts."""

    operation_id = "tournaments_rounds_start"
    summary = "Start a round: every table's match begins (owner, director)"
    service = services.round_start


class RoundPauseView(RoundActionView):
    """Pause the round clock."""

    operation_id = "tournaments_rounds_pause"
    summary = "Pause the round clock (owner, director)"
    service = services.round_clock_pause


class RoundResumeView(RoundActionView):
    """Resume the round clock."""

    operation_id = "tournaments_rounds_resume"
    summary = "Resume the round clock (owner, director)"
    service = services.round_clock_resume


class RoundCallTimeView(RoundActionView):
    """Time: every unfinished match of the round ends now, ranked by its current totals."""

    serializer_class = CallTimeSerializer
    operation_id = "tournaments_rounds_call_time"
    summary = "Call time: end every match of the round now (owner, director)"
    service = services.round_call_time

    def answer(self, round, ended) -> Response:
        return Response({"ended": ended, "round": round_response(self.request, round).data})


# Tables ------------------------------------------------------------------------------------------


class TableConfirmView(TableActionView):
    """Confirm a finished table's result: a director of the club, or a player of the table; never
    whoever entered the result (403 with the reason)."""

    operation_id = "tournaments_tables_confirm"
    summary = "Confirm a table's result (director, or a player of the table)"
    examples = (
        OpenApiExample(
            "Who entered the result",
            response_only=True,
            status_codes=["403"],
            value={
                "detail": (
                    "You recorded part of this result (a hand, a correction, a "
                    "withdrawal, a re-entry or a time call): someone else must confirm it."
                )
            },
        ),
    )

    def target(self, request, pk, table_id):
        # not only a director's: the service refuses who may not confirm with status 403
        return tournament_table(visible_tournament(request, pk), table_id)

    def act(self, table, data):
        # a director confirming a disputed result says why ({"reason": ...})
        body = self.request.data
        reason = body.get("reason", "") if isinstance(body, dict) else ""
        return services.table_confirm(table=table, user=self.request.user, reason=str(reason))


class AtTheTableSerializer(serializers.Serializer):
    """A table's confirmation as its phones see it (they see nothing else of the tournament)."""

    table = serializers.IntegerField(source="number")
    confirmed = serializers.SerializerMethodField()
    confirmed_at_table_by = serializers.SerializerMethodField(
        help_text=_("The name of the phone that confirmed it at the table; null otherwise.")
    )
    disputed = serializers.SerializerMethodField()

    def get_confirmed(self, table) -> bool:
        return table.is_confirmed_for(table.match)

    def get_confirmed_at_table_by(self, table) -> str | None:
        return table.confirmed_join.name if table.confirmed_join_id else None

    def get_disputed(self, table) -> bool:
        return table.disputed_at is not None


class DisputeSerializer(serializers.Serializer):
    message = serializers.CharField(
        max_length=500, help_text=_("What is not right: the director's console shows it.")
    )


class AtTheTableView(ActionView):
    """An action of a phone of the table (its table code) or of a logged-in player of it; answers
    the table's confirmation as its phones see it."""

    serializer_class = AtTheTableSerializer
    permission_classes = [TablePhoneOrAuthenticated]

    def target(self, request, pk, table_id):
        return table_at_table(request, pk, table_id)  # the table, and who acts at it

    def act(self, target, data):
        table, actor = target
        return type(self).service(table=table, user=actor, **data)

    def answer(self, target, result) -> Response:
        table = Table.objects.select_related("match", "confirmed_join").get(pk=target[0].pk)
        return Response(AtTheTableSerializer(table).data)


PHONE_REFUSED = OpenApiExample(
    "The phone that entered the last hand",
    response_only=True,
    status_codes=["403"],
    value={
        "detail": (
            "This phone entered the last hand (or the last change): someone else at the table "
            "must confirm the result."
        )
    },
)


class TableConfirmAtTableView(AtTheTableView):
    """Confirm a finished table's result at the table: a phone that joined with the table's code
    (its session) and did not enter the last hand, or a logged-in player of the table. A disputed
    result is the director's (403)."""

    operation_id = "tournaments_tables_confirm_at_table"
    summary = "Confirm a table's result at the table (a phone with the table code)"
    service = services.table_confirm
    examples = (PHONE_REFUSED,)


class TableDisputeView(AtTheTableView):
    """ "This is not right": a phone of the table (or a logged-in player of it) flags the table
    on the director's console with a message; the director then confirms with a reason."""

    operation_id = "tournaments_tables_dispute"
    summary = "Dispute a table's result (a phone with the table code, a player of the table)"
    body = DisputeSerializer
    service = services.table_dispute


class TablePlayoffView(TableActionView):
    """The places of a play-off between players tied across a knockout cut."""

    operation_id = "tournaments_tables_playoff"
    summary = "Record play-off places at a table (owner, director)"
    body = PlayoffSerializer
    service = services.playoff_places
    examples = (
        OpenApiExample("Two tied", request_only=True, value={"places": {"12": 2, "15": 3}}),
    )
