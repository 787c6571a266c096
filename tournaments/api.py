"""The tournaments API: tournaments, entries, rounds and their tables, standings and money.

Views are thin: they find the tournament the user may see (`Tournament.objects.for_user`: 404
otherwise), check that the user directs its club (`clubs.permissions.can_direct`: 403), call one
service of `tournaments.services` and answer what `tournaments.selectors` reads. A refusal of a
service (`TournamentActionError`) answers 400 in the API's one error shape
(`config.errors.api_exception_handler`), in the request's language.

Confirming a table is the one write a director does not need: a player of the table may confirm
too, never whoever entered the result. `services.table_confirm` enforces it; its refusal of the
user answers 403 with the reason in `detail`, other refusals (the match is not finished) 400.
"""

from __future__ import annotations

import django_filters
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import OpenApiExample, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response

from clubs import permissions
from clubs.api import READ_ERRORS, WRITE_ERRORS, ApiView, clubs_for, require
from clubs.errors import error_body, error_item
from clubs.models import Player
from tournaments import money, pairing_services, selectors, services
from tournaments.formats import format_of
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.serializers import (
    SETTING_FIELDS,
    BracketSerializer,
    BracketStandingsSerializer,
    CallTimeSerializer,
    CheckedInSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    LedgerSerializer,
    PairingStandingsSerializer,
    PlayoffSerializer,
    RankingRowSerializer,
    ResultFixCreateSerializer,
    ResultFixSerializer,
    RoundSeatSerializer,
    RoundSerializer,
    SwapReportSerializer,
    SwapSerializer,
    TableStandingsSerializer,
    TournamentCreateSerializer,
    TournamentDetailSerializer,
    TournamentSerializer,
    TournamentTableSerializer,
)

# Helpers -----------------------------------------------------------------------------------------

# The fields of POST /tournaments/ a refusal may name; any other field is a rule option.
CREATE_FIELDS = {"club", "name", "starts_on", "preset", "format", *SETTING_FIELDS}


def create_field(field: str | None) -> str | None:
    """A field a refusal of `services.tournament_create` names, as the body of POST
    /tournaments/ names it: a field the body does not have is the rule option
    (`options.elimination_at`)."""
    if field is None or field in CREATE_FIELDS:
        return field
    return f"options.{field}"


def visible_tournament(request, pk: int) -> Tournament:
    """The tournament if the user may see it; 404 otherwise. The user's role in its club is read
    with it: the permission checks that follow cost no query."""
    tournaments = Tournament.objects.for_user(request.user).select_related("club")
    return permissions.get_with_role_or_404(tournaments, request.user, pk=pk)


def directed_tournament(request, pk: int) -> Tournament:
    """The tournament if the user may see it (404) and directs its club (403)."""
    tournament = visible_tournament(request, pk)
    require(permissions.can_direct(request.user, tournament.club))
    return tournament


def tournament_entry(tournament: Tournament, entry_id: int) -> Entry:
    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    entry = get_object_or_404(entries, pk=entry_id)
    entry.tournament = tournament
    return entry


def tournament_round(tournament: Tournament, number: int) -> Round:
    round = get_object_or_404(Round.objects.filter(tournament=tournament), number=number)
    round.tournament = tournament
    return round


def tournament_table(tournament: Tournament, table_id: int) -> Table:
    tables = Table.objects.filter(round__tournament=tournament).select_related("round")
    table = get_object_or_404(tables, pk=table_id)
    table.round.tournament = tournament
    return table


def entries_of_body(tournament: Tournament, data: dict, fields: tuple[str, ...]) -> list[Entry]:
    """The tournament's entries named by id in `fields` of the body; 400 for an unknown id."""
    known = Entry.objects.filter(tournament=tournament).select_related("player")
    known = known.in_bulk([data[field] for field in fields])
    errors = {
        field: [gettext("The tournament has no entry with id %(id)s.") % {"id": data[field]}]
        for field in fields
        if data[field] not in known
    }
    if errors:
        raise ValidationError(errors)
    return [known[data[field]] for field in fields]


def tables_context(request, tournament: Tournament) -> dict:
    """The context of the serializers that show tables and fixes: the request (for links), and
    whether the user may see who confirmed or fixed them (the club's members only)."""
    return {
        "request": request,
        "show_authors": permissions.can_see_authors(request.user, tournament.club),
    }


def tournament_response(request, tournament: Tournament, *, created: bool = False) -> Response:
    tournament = visible_tournament(request, tournament.pk)
    context = {"request": request, "view": selectors.tournament_view(tournament)}
    return Response(
        TournamentDetailSerializer(tournament, context=context).data,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


def round_response(request, round: Round, *, created: bool = False) -> Response:
    view = selectors.tournament_view(round.tournament)
    round_view = next(r for r in view.rounds if r.round.pk == round.pk)
    return Response(
        RoundSerializer(round_view, context=tables_context(request, round.tournament)).data,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


def table_response(request, table: Table) -> Response:
    view = selectors.tournament_view(table.round.tournament)
    table_view = next(t for r in view.rounds for t in r.tables if t.table.pk == table.pk)
    context = tables_context(request, table.round.tournament)
    return Response(TournamentTableSerializer(table_view, context=context).data)


def entry_response(entry: Entry, *, created: bool = False) -> Response:
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    return Response(
        EntrySerializer(entry).data,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


# Tournaments -------------------------------------------------------------------------------------


class TournamentFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", help_text=gettext_lazy("Club slug."))

    class Meta:
        model = Tournament
        fields = ["club", "status", "format"]


class FormatIsAFilter(DefaultContentNegotiation):
    """Content negotiation that leaves `?format=` to the filter of tournament formats (DRF would
    read it as the renderer to use, and answer 404 for `?format=swiss`). Answers are JSON."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return super().select_renderer(request, renderers, format_suffix or "json")


class TournamentListView(ApiView):
    """The tournaments you may see, newest first; create one (owner, director)."""

    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter
    content_negotiation_class = FormatIsAFilter

    def get_queryset(self):
        return Tournament.objects.for_user(self.request.user).select_related("club")

    def refusal_field(self, field: str | None) -> str | None:
        return create_field(field)

    @extend_schema(
        operation_id="tournaments_list",
        summary="List the tournaments you may see",
        responses={200: TournamentSerializer(many=True), 400: WRITE_ERRORS[400]},
    )
    def get(self, request):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(
            TournamentSerializer(page, many=True, context={"request": request}).data
        )

    @extend_schema(
        operation_id="tournaments_create",
        summary="Create a tournament (owner, director)",
        request=TournamentCreateSerializer,
        responses={201: TournamentDetailSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Scala 40, three rounds and a final table",
                request_only=True,
                value={
                    "club": "circolo-aurora",
                    "name": "Coppa d'autunno",
                    "starts_on": "2025-10-12",
                    "preset": "scala40-club",
                    "format": "rounds",
                    "options": {"elimination_at": 151},
                    "rounds_planned": 3,
                    "final_table_size": 4,
                    "entry_fee": "20.00",
                    "house_cut_percent": "10",
                    "payout_percents": [50, 30, 20],
                },
            ),
            OpenApiExample(
                "A refused setting",
                response_only=True,
                status_codes=["400"],
                value=error_body(
                    [
                        error_item(
                            "The payout percentages add up to 90, not 100.",
                            field="payout_percents",
                        )
                    ]
                ),
            ),
        ],
    )
    def post(self, request):
        serializer = TournamentCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = get_object_or_404(clubs_for(request.user), slug=data.pop("club"))
        require(permissions.can_direct(request.user, club))
        tournament = services.tournament_create(club=club, user=request.user, **data)
        return tournament_response(request, tournament, created=True)


class TournamentDetailView(ApiView):
    """A tournament: its rules, settings, entries by status, and its rounds."""

    serializer_class = TournamentDetailSerializer

    @extend_schema(
        operation_id="tournaments_retrieve",
        summary="A tournament with its settings and rounds",
        responses={200: TournamentDetailSerializer, **READ_ERRORS},
    )
    def get(self, request, pk):
        return tournament_response(request, visible_tournament(request, pk))


class TournamentFinishView(ApiView):
    """End the tournament once its last round is over; the ranking and payouts are then fixed."""

    serializer_class = TournamentDetailSerializer

    @extend_schema(
        operation_id="tournaments_finish",
        summary="Finish the tournament (owner, director)",
        request=None,
        responses={200: TournamentDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        tournament = services.tournament_finish(tournament=tournament, user=request.user)
        return tournament_response(request, tournament)


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=1000,
        help_text=gettext_lazy("Why the finished tournament is reopened; kept in its history."),
    )


class TournamentReopenView(ApiView):
    """Reopen a finished tournament to fix it, with a reason kept in its history: its matches
    take changes again until it is finished again (and its payouts derived again)."""

    serializer_class = TournamentDetailSerializer

    @extend_schema(
        operation_id="tournaments_reopen",
        summary="Reopen a finished tournament (owner, director)",
        request=ReopenSerializer,
        responses={200: TournamentDetailSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "A hand of table 2 was entered wrong",
                request_only=True,
                value={"reason": "Table 2, hand 4: Anna's points were entered as Bruno's."},
            ),
            OpenApiExample(
                "Not finished",
                response_only=True,
                status_codes=["400"],
                value=error_body(
                    [error_item("Only a finished tournament can be reopened.", field="tournament")]
                ),
            ),
        ],
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        body = ReopenSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.tournament_reopen(
            tournament=tournament, user=request.user, reason=body.validated_data["reason"]
        )
        return tournament_response(request, tournament)


# Entries -----------------------------------------------------------------------------------------


class EntryListView(ApiView):
    """Every entry of the tournament, by seed (a whole list, not pages); register a player."""

    serializer_class = EntrySerializer
    queryset = Entry.objects.none()  # for the schema; the views find the tournament themselves
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_entries_list",
        summary="The entries of a tournament, by seed",
        responses={200: EntrySerializer(many=True), **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        entries = tournament.entries.select_related("player").order_by("seed")
        return Response(EntrySerializer(entries, many=True).data)

    @extend_schema(
        operation_id="tournaments_entries_create",
        summary="Register a player or a guest (owner, director)",
        request=EntryCreateSerializer,
        responses={201: EntrySerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample("A club player", request_only=True, value={"player": 12}),
            OpenApiExample(
                "A guest, checked in", request_only=True, value={"guest": "Zeno", "check_in": True}
            ),
        ],
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        serializer = EntryCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        player = None
        if "player" in data:
            player = Player.objects.filter(club=tournament.club, pk=data["player"]).first()
            if player is None:
                message = gettext("The club has no player with id %(id)s.") % {"id": data["player"]}
                raise ValidationError({"player": [message]})
        entry = services.entry_register(
            tournament=tournament,
            user=request.user,
            player=player,
            name=data.get("guest", ""),
            check_in=data["check_in"],
        )
        return entry_response(entry, created=True)


class EntryActionView(ApiView):
    serializer_class = EntrySerializer
    service = None

    def act(self, request, pk, entry_id):
        tournament = directed_tournament(request, pk)
        entry = tournament_entry(tournament, entry_id)
        entry = type(self).service(entry=entry, user=request.user)
        return entry_response(entry)


class EntryCheckInView(EntryActionView):
    """The player is here and has paid: seated from the next round."""

    service = services.entry_check_in

    @extend_schema(
        operation_id="tournaments_entries_check_in",
        summary="Check a player in (owner, director)",
        request=None,
        responses={200: EntrySerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, entry_id):
        return self.act(request, pk, entry_id)


class EntryDropView(EntryActionView):
    """The player leaves: their results stay; a match in progress is left for good."""

    service = services.entry_drop

    @extend_schema(
        operation_id="tournaments_entries_drop",
        summary="Drop a player (owner, director)",
        request=None,
        responses={200: EntrySerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, entry_id):
        return self.act(request, pk, entry_id)


class CheckInAllView(ApiView):
    """Check in every registered player."""

    serializer_class = CheckedInSerializer

    @extend_schema(
        operation_id="tournaments_entries_check_in_all",
        summary="Check in every registered player (owner, director)",
        request=None,
        responses={200: CheckedInSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        count = services.entry_check_in_all(tournament=tournament, user=request.user)
        return Response({"checked_in": count})


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
        serializer = RoundSeatSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round = services.round_seat(
            tournament=tournament, user=request.user, **serializer.validated_data
        )
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


class RoundReseatView(ApiView):
    """Seat the last round again (another method or seed) before it starts."""

    serializer_class = RoundSerializer

    @extend_schema(
        operation_id="tournaments_rounds_reseat",
        summary="Seat a round again before it starts (owner, director)",
        request=RoundSeatSerializer,
        responses={200: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        tournament = directed_tournament(request, pk)
        round = tournament_round(tournament, number)
        serializer = RoundSeatSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round = services.round_reseat(round=round, user=request.user, **serializer.validated_data)
        round.tournament = tournament
        return round_response(request, round)


class RoundSwapView(ApiView):
    """Swap two players' seats before the round starts; answers the new seating report."""

    serializer_class = SwapReportSerializer

    @extend_schema(
        operation_id="tournaments_rounds_swap",
        summary="Swap two players' seats (owner, director)",
        request=SwapSerializer,
        responses={200: SwapReportSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        tournament = directed_tournament(request, pk)
        round = tournament_round(tournament, number)
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        first, second = entries_of_body(tournament, serializer.validated_data, ("first", "second"))
        report = services.table_swap(round=round, user=request.user, first=first, second=second)
        return Response(SwapReportSerializer(report).data)


class RoundActionView(ApiView):
    serializer_class = RoundSerializer
    service = None

    def act(self, request, pk, number):
        tournament = directed_tournament(request, pk)
        round = tournament_round(tournament, number)
        type(self).service(round=round, user=request.user)
        return round_response(request, round)


class RoundStartView(RoundActionView):
    """Start the round: every table gets its scoring match and the round clock starts."""

    service = services.round_start

    @extend_schema(
        operation_id="tournaments_rounds_start",
        summary="Start a round: every table's match begins (owner, director)",
        request=None,
        responses={200: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        return self.act(request, pk, number)


class RoundPauseView(RoundActionView):
    """Pause the round clock."""

    service = services.round_clock_pause

    @extend_schema(
        operation_id="tournaments_rounds_pause",
        summary="Pause the round clock (owner, director)",
        request=None,
        responses={200: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        return self.act(request, pk, number)


class RoundResumeView(RoundActionView):
    """Resume the round clock."""

    service = services.round_clock_resume

    @extend_schema(
        operation_id="tournaments_rounds_resume",
        summary="Resume the round clock (owner, director)",
        request=None,
        responses={200: RoundSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        return self.act(request, pk, number)


class RoundCallTimeView(ApiView):
    """Time: every unfinished match of the round ends now, ranked by its current totals."""

    serializer_class = CallTimeSerializer

    @extend_schema(
        operation_id="tournaments_rounds_call_time",
        summary="Call time: end every match of the round now (owner, director)",
        request=None,
        responses={200: CallTimeSerializer, **WRITE_ERRORS},
    )
    def post(self, request, pk, number):
        tournament = directed_tournament(request, pk)
        round = tournament_round(tournament, number)
        ended = services.round_call_time(round=round, user=request.user)
        round_data = round_response(request, round).data
        return Response({"ended": ended, "round": round_data})


# Tables ------------------------------------------------------------------------------------------


class TableConfirmView(ApiView):
    """Confirm a finished table's result: a director of the club, or a player of the table; never
    whoever entered the result (403 with the reason)."""

    serializer_class = TournamentTableSerializer

    @extend_schema(
        operation_id="tournaments_tables_confirm",
        summary="Confirm a table's result (director, or a player of the table)",
        request=None,
        responses={200: TournamentTableSerializer, **WRITE_ERRORS},
        examples=[
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
        ],
    )
    def post(self, request, pk, table_id):
        tournament = visible_tournament(request, pk)
        table = tournament_table(tournament, table_id)
        # the service refuses who may not confirm with status 403: the API answers 403
        services.table_confirm(table=table, user=request.user)
        return table_response(request, table)


class TablePlayoffView(ApiView):
    """The places of a play-off between players tied across a knockout cut."""

    serializer_class = TournamentTableSerializer

    @extend_schema(
        operation_id="tournaments_tables_playoff",
        summary="Record play-off places at a table (owner, director)",
        request=PlayoffSerializer,
        responses={200: TournamentTableSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample("Two tied", request_only=True, value={"places": {"12": 2, "15": 3}})
        ],
    )
    def post(self, request, pk, table_id):
        tournament = directed_tournament(request, pk)
        table = tournament_table(tournament, table_id)
        serializer = PlayoffSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.playoff_places(
            table=table, user=request.user, places=serializer.validated_data["places"]
        )
        return table_response(request, table)


# Standings, ranking, money -----------------------------------------------------------------------


STANDINGS = PolymorphicProxySerializer(
    component_name="Standings",
    serializers=[TableStandingsSerializer, PairingStandingsSerializer, BracketStandingsSerializer],
    resource_type_field_name="kind",
    many=False,
)
# The serializer of each way of showing standings (`TournamentFormat.standings_kind`).
STANDINGS_SERIALIZERS = {
    "table": TableStandingsSerializer,
    "pairing": PairingStandingsSerializer,
    "bracket": BracketStandingsSerializer,
}


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
        rows = format_of(tournament).final_ranking(tournament, view)
        paid = money.ledger(tournament, view).paid
        return Response(RankingRowSerializer(rows, many=True, context={"paid": paid}).data)


class LedgerView(ApiView):
    """The money: the pot, the payout of each place and what each player wins."""

    serializer_class = LedgerSerializer

    @extend_schema(
        operation_id="tournaments_ledger",
        summary="The money: pot, payouts by place, paid by player",
        responses={200: LedgerSerializer, **READ_ERRORS},
    )
    def get(self, request, pk):
        tournament = visible_tournament(request, pk)
        view = selectors.tournament_view(tournament)
        names = {entry_id: view.name(entry_id) for entry_id in view.entries}
        ledger = money.ledger(tournament, view)
        return Response(LedgerSerializer(ledger, context={"names": names}).data)


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
        round = pairing_services.draw(tournament=tournament, user=request.user)
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
        round = pairing_services.next_round(tournament=tournament, user=request.user)
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
        fix = pairing_services.result_fix(
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
        kind = format_of(tournament)
        if not kind.is_bracket:
            raise NotFound(gettext("This tournament has no bracket."))
        view = kind.bracket_of(tournament)
        return Response(BracketSerializer(view, context={"request": request}).data)
