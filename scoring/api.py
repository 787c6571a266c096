"""The scoring API: the stateless preview, and stored matches with their events.

Views are thin: they find the match the user may see (`Match.objects.for_user`: 404 otherwise),
check the role with `clubs.permissions` (403), call one service of `scoring.services` and answer
the match as `scoring.selectors.match_detail` replays it. A refusal of a service (`MatchError`)
answers 400 in the API's one error shape (`config.errors.api_exception_handler`: the event
number, the field and the message, in the request's language), as a malformed body does.
"""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from base.api import ActionView, ApiView, DetailSerializer, ErrorSerializer, require, validated
from base.errors import error_body, error_item
from clubs import permissions
from clubs.api import clubs_for
from clubs.models import Player
from config.parsers import JSONParser
from scoring import services, table_access
from scoring.engine.document import replay_document
from scoring.models import EventKind, Match, MatchEvent, MatchPlayer
from scoring.selectors import match_detail, recorded_event_row
from scoring.serializers import (
    EventCorrectSerializer,
    EventRecordSerializer,
    EventResultSerializer,
    EventSerializer,
    EventVoidSerializer,
    IdempotentSerializer,
    MatchCreateSerializer,
    MatchDetailSerializer,
    MatchDocumentSerializer,
    MatchMovedOnSerializer,
    MatchSerializer,
    MatchStateSerializer,
    PlayerEventSerializer,
)
from scoring.services.confirming import match_confirm
from scoring.services.starting import match_open


class PreviewView(APIView):
    """Replay a match document without storing anything, and answer the whole state."""

    permission_classes = [AllowAny]
    authentication_classes = []  # stateless: no session, so no CSRF token is needed
    parser_classes = [JSONParser]  # a match document is JSON: anything else answers 415

    @extend_schema(
        operation_id="scoring_preview",
        request=MatchDocumentSerializer,
        responses={200: MatchStateSerializer, 400: ErrorSerializer},
        examples=[
            OpenApiExample(
                "Scala 40, one hand",
                request_only=True,
                value={
                    "game": "scala40",
                    "preset": "scala40-club",
                    "players": ["Anna", "Bruno", "Carla"],
                    "events": [
                        {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12}}
                    ],
                },
            )
        ],
    )
    def post(self, request):
        # the engine's refusal (EngineError) answers 400 (config.errors.api_exception_handler)
        return Response(replay_document(request.data))


# Schema pieces -----------------------------------------------------------------------------------

CHANGE_ERRORS = {
    400: ErrorSerializer,
    401: DetailSerializer,
    403: DetailSerializer,
    404: DetailSerializer,
}
IDEMPOTENCY_KEY = OpenApiParameter(
    name="Idempotency-Key",
    type=OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "A key the client makes once per event (at most 64 characters, e.g. a UUID). Sending the "
        "same key again for the same match records nothing and answers 200 with the event first "
        "recorded with it; a new event answers 201."
    ),
)
RECORDED = {
    201: EventResultSerializer,
    200: EventResultSerializer,
    **CHANGE_ERRORS,
    409: MatchMovedOnSerializer,
}


# Helpers -----------------------------------------------------------------------------------------


# What a match's answer shows besides the match row (its club, its winner, who started it).
SHOWN_WITH = ("club", "winner", "started_by")


def visible_match(request, pk: int, related: tuple[str, ...] = SHOWN_WITH) -> Match:
    """The match if the user may see it, or if this phone joined it with its current table code
    (`scoring.table_access.MatchViewer.may_see`); 404 otherwise. The user's role in its club is
    read with it, so the checks that follow (may score, may see who scored) cost no query more;
    `related`, the rows read with it."""
    matches = Match.objects.for_user(request.user).select_related(*related)
    try:
        return permissions.get_with_role_or_404(matches, request.user, pk=pk)
    except Http404:
        match = get_object_or_404(Match.objects.select_related(*related), pk=pk)
        if not table_access.viewer_of(request, match).may_see:
            raise
        return match


def authors_context(request, match: Match) -> dict:
    """Whether the user may see who started the match and recorded its events (the club's
    members only): the serializers' `show_authors`."""
    return {"show_authors": permissions.can_see_authors(request.user, match.club)}


def scorable_match(request, pk: int) -> Match:
    """The match if the user may see it (404) and may score at its club, or its table code lets
    this phone write it now (403). Its club only is read with it: a write answers from the
    state it produced."""
    match = visible_match(request, pk, related=("club",))
    require(table_access.viewer_of(request, match).may_score)
    return match


class TablePhoneOrAuthenticated(BasePermission):
    """Writes when logged in (as everywhere), or from a phone that joined a table with its code
    (its session holds the join: `scoring.table_access`); the view then checks the match. A
    phone's session is checked for its CSRF token, as a logged-in session is."""

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS or request.user.is_authenticated:
            return True
        if not table_access.join_ids(request):
            return False
        SessionAuthentication().enforce_csrf(request)
        return True


def actor(request, match: Match):
    """Who records on `match`: the user, or the phone of its table code."""
    return table_access.viewer_of(request, match).actor


def idempotency_key(request, body_key) -> str | None:
    """The Idempotency-Key header, or else the body's `idempotency_key`."""
    key = request.headers.get("Idempotency-Key") or body_key
    if key is None:
        return None
    if not isinstance(key, str):
        raise ValidationError({"idempotency_key": [gettext("An idempotency key is a string.")]})
    key = key.strip()
    if len(key) > 64:
        raise ValidationError(
            {"idempotency_key": [gettext("An idempotency key has at most 64 characters.")]}
        )
    return key or None


def based_on(value) -> int | None:
    """The body's `based_on` of POST .../events/ (the rest of that body is the event)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValidationError(
            {"based_on": [gettext("based_on is the match's revision: a whole number from 0.")]}
        )
    return value


def record(
    request, match: Match, data: dict, key: str | None, based_on: int | None = None
) -> Response:
    """Record an event through `services.event_record` and answer it with the new state (409
    when the match changed after `based_on`: `services.MatchMovedOn`)."""
    recorded = services.event_record_replayed(  # a race of one key is the service's
        match=match,
        user=actor(request, match),
        data=data,
        idempotency_key=key,
        based_on=based_on,
    )
    if recorded.created:
        # The service has just replayed the match with the new event: answer from that replay
        # instead of reading and replaying the whole match again.
        context = authors_context(request, match)
        row = recorded_event_row(recorded)
        assert recorded.state is not None and recorded.revision is not None  # a new event's
        state = recorded.state
        return event_answer(row, state, recorded.revision, created=True, context=context)
    return event_response(request, match.pk, recorded.event.number)


def event_response(request, match_pk: int, number: int) -> Response:
    match = Match.objects.select_related("club", "winner", "started_by").get(pk=match_pk)
    detail = match_detail(match)
    row = next(row for row in detail.rows if row.number == number)
    context = authors_context(request, match)
    return event_answer(row, detail.state, match.revision, created=False, context=context)


def event_answer(row, state, revision: int, *, created: bool, context: dict) -> Response:
    """The answer to a change: the event as it is now, and the match's new state."""
    event = EventSerializer(row, context=context).data
    written = state.to_dict()
    del written["history"]  # one GET away (the match's state); an answer of constant size
    return Response(
        {"event": event, "state": written, "revision": revision},
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )


def match_response(request, match: Match, *, created: bool = False) -> Response:
    # The state only: the events' history (match_detail) is not part of this answer.
    prefetch_related_objects([match], Prefetch("seats", MatchPlayer.objects.order_by("seat")))
    events = services.current_events(match)
    replayed = services.replay_current(match, list(match.seats.all()), events)
    void_hands = sum(1 for event in events if event.is_void and event.kind == EventKind.HAND)
    context = {"state": replayed.state, "void_hands": void_hands, **authors_context(request, match)}
    serializer = MatchDetailSerializer(match, context=context)
    return Response(
        serializer.data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
    )


# Matches -----------------------------------------------------------------------------------------


class MatchFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", help_text=gettext_lazy("Club slug."))

    class Meta:
        model = Match
        fields = ["club", "status", "game"]


# The fields `services.match_start` names, as the body of POST /matches/ calls them; any other field
# is an option of the rule set ("options.elimination_at").
START_FIELDS = {
    None: None,
    "players": "players",
    "preset": "preset",
    "first_dealer": "first_dealer_seat",
}


class MatchListView(ApiView):
    """The matches you may see, newest first; start a match (owner, director or scorekeeper)."""

    serializer_class = MatchSerializer
    filterset_class = MatchFilter

    def get_queryset(self):
        return (
            Match.objects.for_user(self.request.user)
            .select_related("club", "winner")
            .prefetch_related(Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat")))
        )

    def refusal_field(self, field: str | None) -> str | None:
        """A field a refusal of `services.match_start` names, as the body names it."""
        return START_FIELDS.get(field, f"options.{field}")

    @extend_schema(
        operation_id="matches_list",
        summary="List the matches you may see",
        responses={200: MatchSerializer(many=True), 400: ErrorSerializer},
    )
    def get(self, request):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(MatchSerializer(page, many=True).data)

    @extend_schema(
        operation_id="matches_create",
        summary="Start a match (owner, director, scorekeeper)",
        request=MatchCreateSerializer,
        responses={201: MatchDetailSerializer, 200: MatchDetailSerializer, **CHANGE_ERRORS},
        examples=[
            OpenApiExample(
                "Scala 40 with a guest",
                request_only=True,
                value={
                    "club": "circolo-aurora",
                    "preset": "scala40-club",
                    "options": {"elimination_at": 151},
                    "players": [12, 15, {"guest": "Dario"}],
                    "table_label": "3",
                    "first_dealer_seat": 1,
                },
            )
        ],
    )
    def post(self, request):
        data = validated(MatchCreateSerializer, request)
        club = get_object_or_404(clubs_for(request.user), slug=data["club"])
        require(permissions.can_score(request.user, club))
        ids = [value for kind, value in data["players"] if kind == "id"]
        known = Player.objects.filter(club=club).in_bulk(ids)
        unknown = [str(pk) for pk in ids if pk not in known]
        if unknown:
            message = gettext("The club has no player with id %(ids)s.") % {
                "ids": ", ".join(unknown)
            }
            raise ValidationError({"players": [message]})
        match, started = match_open(
            club=club,
            user=request.user,
            preset=data["preset"],
            options=data["options"],
            seats=[known[value] if kind == "id" else value for kind, value in data["players"]],
            table_label=data["table_label"],
            first_dealer_seat=data["first_dealer_seat"],
            start_key=data["start_key"],
        )
        # a start key already used: the match it started, not a second one
        return match_response(request, visible_match(request, match.pk), created=started)


class MatchDetailView(ApiView):
    """A match: its rules, seats and the state replayed from its events, with its revision."""

    serializer_class = MatchDetailSerializer

    @extend_schema(
        operation_id="matches_retrieve",
        summary="A match with its replayed state",
        responses={200: MatchDetailSerializer, 404: DetailSerializer},
    )
    def get(self, request, pk):
        return match_response(request, visible_match(request, pk))


# Events ------------------------------------------------------------------------------------------


class EventListView(ApiView):
    """Every event of the match with all its versions; record a new event."""

    serializer_class = EventSerializer
    queryset = Match.objects.none()  # for the schema; the views find the match themselves
    pagination_class = None
    permission_classes = [TablePhoneOrAuthenticated]

    @extend_schema(
        operation_id="matches_events_list",
        summary="Every event of a match, with all its versions",
        responses={200: EventSerializer(many=True), 404: DetailSerializer},
    )
    def get(self, request, pk):
        match = visible_match(request, pk)
        detail = match_detail(match)
        context = authors_context(request, match)
        return Response(EventSerializer(detail.rows, many=True, context=context).data)

    @extend_schema(
        operation_id="matches_events_create",
        summary="Record an event (owner, director, scorekeeper)",
        request=EventRecordSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses=RECORDED,
        examples=[
            OpenApiExample(
                "A Scala 40 hand",
                request_only=True,
                value={"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12}},
            ),
            OpenApiExample(
                "A refused hand",
                response_only=True,
                status_codes=["400"],
                value=error_body(
                    [error_item("The points of Carla are missing.", field="points", event=4)]
                ),
            ),
        ],
    )
    def post(self, request, pk):
        match = scorable_match(request, pk)
        if not isinstance(request.data, dict):
            raise ValidationError(
                {
                    "non_field_errors": [
                        gettext('Send the event as a JSON object, e.g. {"type": ...}.')
                    ]
                }
            )
        data = dict(request.data)
        key = idempotency_key(request, data.pop("idempotency_key", None))
        return record(request, match, data, key, based_on(data.pop("based_on", None)))


class EventChangeView(ActionView):
    """A change of one event of a match the user (or the table's phone) may score; answers the
    event as it is now."""

    serializer_class = EventResultSerializer
    permission_classes = [TablePhoneOrAuthenticated]
    errors = CHANGE_ERRORS

    def target(self, request, pk, number) -> MatchEvent:
        match = scorable_match(request, pk)
        event = get_object_or_404(MatchEvent.objects.filter(match=match), number=number)
        event.match = match
        return event

    def answer(self, event, result) -> Response:
        return event_response(self.request, event.match.pk, event.number)


class EventCorrectView(EventChangeView):
    """Correct a hand: a new version replaces the current one, which is kept in the history."""

    operation_id = "matches_events_correct"
    summary = "Correct a hand (owner, director, scorekeeper)"
    body = EventCorrectSerializer

    def act(self, event, data):
        return services.hand_correct(
            event=event,
            user=actor(self.request, event.match),
            data=data["data"],
            expected_version=data["version"],
            reason=data["reason"],
        )


class EventVoidView(EventChangeView):
    """Void an event: it stops counting but stays in the history with the reason given."""

    operation_id = "matches_events_void"
    summary = "Void an event (owner, director, scorekeeper)"
    body = EventVoidSerializer

    def act(self, event, data):
        return services.event_void(
            event=event,
            user=actor(self.request, event.match),
            reason=data["reason"],
            expected_version=data["version"],
        )


class PlayerEventView(ApiView):
    """Record a re-entry or a withdrawal of the player named in the body."""

    serializer_class = EventResultSerializer
    permission_classes = [TablePhoneOrAuthenticated]
    kind = ""

    def post(self, request, pk):
        match = scorable_match(request, pk)
        body = validated(PlayerEventSerializer, request)
        key = idempotency_key(request, body.get("idempotency_key"))
        data = {"type": self.kind, "player": body["player"]}
        return record(request, match, data, key, body.get("based_on"))


class ReentryView(PlayerEventView):
    """The eliminated player comes back in (rientro), paying the re-entry into the pot."""

    kind = "reentry"

    @extend_schema(
        operation_id="matches_reentry",
        summary="Re-enter a player (owner, director, scorekeeper)",
        request=PlayerEventSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses=RECORDED,
    )
    def post(self, request, pk):
        return super().post(request, pk)


class WithdrawView(PlayerEventView):
    """The player leaves the match for good at their current total."""

    kind = "withdraw"

    @extend_schema(
        operation_id="matches_withdraw",
        summary="Withdraw a player (owner, director, scorekeeper)",
        request=PlayerEventSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses=RECORDED,
    )
    def post(self, request, pk):
        return super().post(request, pk)


class TimeCallView(ApiView):
    """The director ends the match now; players are ranked by their current totals."""

    serializer_class = EventResultSerializer

    @extend_schema(
        operation_id="matches_time_call",
        summary="Call time: end the match now (owner, director, scorekeeper)",
        request=IdempotentSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses=RECORDED,
    )
    def post(self, request, pk):
        match = scorable_match(request, pk)
        require(permissions.can_score(request.user, match.club))  # a director's, never a table's
        body = validated(IdempotentSerializer, request)
        key = idempotency_key(request, body.get("idempotency_key"))
        return record(request, match, {"type": "time_call"}, key)


class MatchConfirmationSerializer(serializers.ModelSerializer):
    """A club night's countersignature as the match stands now (a game countersigned by lines)."""

    confirmed = serializers.BooleanField(
        source="is_countersigned",
        read_only=True,
        help_text=gettext_lazy("The result is confirmed as the match stands now (its revision)."),
    )
    confirmed_by = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "Who confirmed it (the player, or the director's name); null until then."
        )
    )

    class Meta:
        model = Match
        fields = ["id", "revision", "confirmed", "confirmed_by", "confirmed_at"]
        read_only_fields = fields

    def get_confirmed_by(self, match) -> str | None:
        return match.confirmed_name if match.is_countersigned else None


class MatchConfirmView(ActionView):
    """Countersign a club night's finished result, for a game whose result the other line
    confirms (Burraco): a phone holding a seat through the table code, a logged-in player of the
    match, or a director of the club; never whoever entered part of the result, nor a player of
    the only line that wrote it (403 with the reason). A tournament's table is confirmed through
    its tournament (400)."""

    serializer_class = MatchConfirmationSerializer
    permission_classes = [TablePhoneOrAuthenticated]
    operation_id = "matches_confirm"
    summary = "Confirm a club night's result (a player of the other line, or a director)"
    examples = (
        OpenApiExample(
            "A phone of the line that wrote the result",
            response_only=True,
            status_codes=["403"],
            value={
                "detail": "Line NS wrote the result: a player of line EO confirms it.",
                "errors": [
                    {
                        "field": "user",
                        "event": None,
                        "document": None,
                        "message": "Line NS wrote the result: a player of line EO confirms it.",
                    }
                ],
            },
        ),
    )

    def target(self, request, pk):
        match = visible_match(request, pk)
        viewer = table_access.viewer_of(request, match)
        return match, viewer.phone or viewer.user

    def act(self, target, data):
        match, who = target
        return match_confirm(match=match, user=who)

    def answer(self, target, result) -> Response:
        return Response(MatchConfirmationSerializer(result).data)
