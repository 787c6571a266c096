"""The tournaments API of tournaments and their entries (list, create, detail, finish, reopen,
register, check in, drop), and the lookups and answers the other API modules share.

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
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response

from base.api import READ_ERRORS, WRITE_ERRORS, ActionView, ApiView, require, validated
from base.errors import error_body, error_item
from clubs import permissions
from clubs.api import clubs_for
from clubs.models import Player
from tournaments import selectors, services
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.serializers import (
    SETTING_FIELDS,
    CheckedInSerializer,
    EntriesCreateSerializer,
    EntryCreateSerializer,
    EntrySerializer,
    RoundSerializer,
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
    """The context of the serializers that show tables and fixes: the request (for links), the
    club (whose matches the links may show: `serializers.match_link`), and whether the user may
    see who confirmed or fixed them (the club's members only)."""
    return {
        "request": request,
        "club": tournament.club,
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


# A director's actions (`clubs.api.ActionView`) on a tournament, an entry, a round, a table: the
# target is found in a tournament the user may see (404) and whose club they direct (403).


class TournamentActionView(ActionView):
    """Answers the tournament."""

    serializer_class = TournamentDetailSerializer
    target_name = "tournament"

    def target(self, request, pk):
        return directed_tournament(request, pk)

    def answer(self, tournament, result) -> Response:
        return tournament_response(self.request, tournament)


class EntryActionView(ActionView):
    """Answers the entry the service returns."""

    serializer_class = EntrySerializer
    target_name = "entry"

    def target(self, request, pk, entry_id):
        return tournament_entry(directed_tournament(request, pk), entry_id)

    def answer(self, entry, result) -> Response:
        return entry_response(result)


class RoundActionView(ActionView):
    """Answers the round."""

    serializer_class = RoundSerializer
    target_name = "round"

    def target(self, request, pk, number):
        return tournament_round(directed_tournament(request, pk), number)

    def answer(self, round, result) -> Response:
        return round_response(self.request, round)


class TableActionView(ActionView):
    """Answers the table."""

    serializer_class = TournamentTableSerializer
    target_name = "table"

    def target(self, request, pk, table_id):
        return tournament_table(directed_tournament(request, pk), table_id)

    def answer(self, table, result) -> Response:
        return table_response(self.request, table)


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
        data = dict(validated(TournamentCreateSerializer, request))
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


class TournamentFinishView(TournamentActionView):
    """End the tournament once its last round is over; the ranking and payouts are then fixed."""

    operation_id = "tournaments_finish"
    summary = "Finish the tournament (owner, director)"
    service = services.tournament_finish


class ReopenSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=1000,
        help_text=gettext_lazy("Why the finished tournament is reopened; kept in its history."),
    )


class TournamentReopenView(TournamentActionView):
    """Reopen a finished tournament to fix it, with a reason kept in its history: its matches
    take changes again until it is finished again (and its payouts derived again)."""

    operation_id = "tournaments_reopen"
    summary = "Reopen a finished tournament (owner, director)"
    body = ReopenSerializer
    service = services.tournament_reopen
    examples = (
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
    )


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
        data = validated(EntryCreateSerializer, request)
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


class EntriesCreateView(ApiView):
    """Register many players at once: club players by id, guests by name; all or nothing."""

    serializer_class = EntrySerializer
    queryset = Entry.objects.none()  # for the schema; the view finds the tournament itself
    pagination_class = None  # it answers the new entries, all of them: a plain list

    def refusal_field(self, field: str | None) -> str | None:
        """The service's "names" are this body's "guests"."""
        return "guests" if field == "names" else field

    @extend_schema(
        operation_id="tournaments_entries_create_many",
        summary="Register many players at once (owner, director)",
        request=EntriesCreateSerializer,
        responses={201: EntrySerializer(many=True), **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "A guest list, checked in",
                request_only=True,
                value={"guests": ["Anna Ferri", "Bruno Esposito"], "check_in": True},
            ),
        ],
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        data = validated(EntriesCreateSerializer, request)
        players = {
            player.pk: player
            for player in Player.objects.filter(club=tournament.club, pk__in=data["players"])
        }
        unknown = [str(pk) for pk in data["players"] if pk not in players]
        if unknown:
            message = gettext("The club has no player with id %(id)s.") % {"id": ", ".join(unknown)}
            raise ValidationError({"players": [message]})
        entries = services.entries_register(
            tournament=tournament,
            user=request.user,
            players=[players[pk] for pk in data["players"]],  # listed twice: refused by name
            names=data["guests"],
            check_in=data["check_in"],
        )
        rows = Entry.objects.filter(pk__in=[entry.pk for entry in entries]).select_related("player")
        return Response(
            EntrySerializer(rows.order_by("seed"), many=True).data, status=status.HTTP_201_CREATED
        )


class EntryCheckInView(EntryActionView):
    """The player is here and has paid: seated from the next round."""

    operation_id = "tournaments_entries_check_in"
    summary = "Check a player in (owner, director)"
    service = services.entry_check_in


class EntryDropView(EntryActionView):
    """The player leaves: their results stay; a match in progress is left for good."""

    operation_id = "tournaments_entries_drop"
    summary = "Drop a player (owner, director)"
    service = services.entry_drop


class EntryReinstateView(EntryActionView):
    """A dropped player comes back, until the next round is seated."""

    operation_id = "tournaments_entries_reinstate"
    summary = "Reinstate a dropped player before the next round is seated (owner, director)"
    service = services.entry_reinstate


class EntryPayView(EntryActionView):
    """The director took the entry fee at the desk: the ledger counts it."""

    operation_id = "tournaments_entries_pay"
    summary = "Mark a player's entry fee paid (owner, director)"
    service = services.entry_pay


class EntryUnpayView(EntryActionView):
    """Undo a fee marked paid by mistake: due again, out of the pot."""

    operation_id = "tournaments_entries_unpay"
    summary = "Undo a fee marked paid by mistake (owner, director)"
    service = services.entry_unpay


class CheckInAllView(TournamentActionView):
    """Check in every registered player."""

    serializer_class = CheckedInSerializer
    operation_id = "tournaments_entries_check_in_all"
    summary = "Check in every registered player (owner, director)"
    service = services.entry_check_in_all

    def answer(self, tournament, count) -> Response:
        return Response({"checked_in": count})
