"""The API of the director's actions on a Burraco turno (BURRACO.md section 2), under
/api/v1/tournaments/{id}/turni/{number}/actions/: the history (in force and undone), recording an
abandonment, a lateness or an adjustment, and undoing one until the next turno is seated.
Directors only (404 outside the club or for a tournament that is not a Burraco one, 403 for
another member, 401 without a login); a refusal answers 400 in the API's one error shape."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from base.api import WRITE_ERRORS, ActionView, ApiView, validated
from base.errors import error_body, error_item
from clubs import permissions
from pairings.burraco import services
from pairings.burraco.action_selectors import (
    MAX_MP,
    MAX_VP,
    SIDES,
    ActionRow,
    TurnoPage,
    action_row,
    turno_page,
)
from pairings.burraco.lookups import burraco_or_404
from pairings.models import ActionKind, TurnoAction
from scoring.serializers import AuthorField, DatabaseIdField, EnumSchema, enum_field
from tournaments.api.core import directed_tournament
from tournaments.models import Tournament


class TurnoActionKindEnum(EnumSchema):
    choices = ActionKind.choices


class TurnoSideEnum(EnumSchema):
    choices = [(side, side) for side in SIDES]


class TurnoActionSerializer(serializers.Serializer):
    """An action of the history (a `pairings.burraco.action_selectors.ActionRow`)."""

    id = serializers.IntegerField(source="action.pk")
    turno = serializers.IntegerField(source="action.round.number")
    kind = enum_field(TurnoActionKindEnum, source="action.kind")
    table = serializers.IntegerField(
        allow_null=True, help_text=_("The table's number (abandonment, lateness); else null.")
    )
    side = serializers.CharField(
        source="action.side", help_text=_('The line at the table: "NS" or "EO"; "" else.')
    )
    line = serializers.IntegerField(
        source="action.line",
        allow_null=True,
        help_text=_(
            "An adjustment's pair id (a player's entry id in an individual event, a team's id "
            "in a team tournament)."
        ),
    )
    minutes = serializers.IntegerField(source="action.minutes")
    vp = serializers.IntegerField(source="action.vp")
    mp = serializers.IntegerField(source="action.mp", allow_null=True)
    reason = serializers.CharField(source="action.reason")
    text = serializers.CharField(help_text=_("The action in words, in the request's language."))
    in_force = serializers.BooleanField(help_text=_("False once undone."))
    created_by = AuthorField(source="action.created_by.username")
    created_at = serializers.DateTimeField(source="action.created_at")
    undone_at = serializers.DateTimeField(source="action.undone_at", allow_null=True)


class TurnoActionCreateSerializer(serializers.Serializer):
    kind = enum_field(TurnoActionKindEnum)
    reason = serializers.CharField(
        max_length=1000, help_text=_("Why: kept in the history, shown on the standings.")
    )
    table = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        help_text=_("Abandonment, lateness: the table's number in the turno."),
    )
    side = enum_field(TurnoSideEnum, required=False, help_text=_("Abandonment, lateness."))
    minutes = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=999, help_text=_("Lateness.")
    )
    line = DatabaseIdField(
        required=False,
        help_text=_(
            "Adjustment: the pair's id (a player's entry id in an individual event, a team's id "
            "in a team tournament)."
        ),
    )
    vp = serializers.IntegerField(
        required=False, default=0, min_value=-MAX_VP, max_value=MAX_VP, help_text=_("Adjustment.")
    )
    mp = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=-MAX_MP,
        max_value=MAX_MP,
        help_text=_(
            "Abandonment: the MP the leaving pair keeps (required); adjustment: the MP added. "
            "In steps of 5."
        ),
    )


def _turno(tournament: Tournament, number: int) -> TurnoPage:
    view = turno_page(tournament, number)
    if view is None:
        raise NotFound(gettext("This turno is not seated."))
    return view


def _context(request, tournament: Tournament) -> dict:
    return {
        "request": request,
        "show_authors": permissions.can_see_authors(request.user, tournament.club),
    }


def _answer(request, tournament: Tournament, row: ActionRow, code: int) -> Response:
    return Response(
        TurnoActionSerializer(row, context=_context(request, tournament)).data, status=code
    )


EXAMPLES = [
    OpenApiExample(
        "An abandonment",
        request_only=True,
        value={"kind": "abandon", "table": 1, "side": "EO", "mp": -100, "reason": "Left at 22:10"},
    ),
    OpenApiExample(
        "Twelve minutes late: a forfeit",
        request_only=True,
        value={"kind": "late", "table": 3, "side": "NS", "minutes": 12, "reason": "Came 20:42"},
    ),
    OpenApiExample(
        "A penalty",
        request_only=True,
        value={"kind": "adjust", "line": 41, "vp": -2, "mp": 0, "reason": "A phone rang"},
    ),
    OpenApiExample(
        "Refused",
        response_only=True,
        status_codes=["400"],
        value=error_body(
            [error_item("The next turno is seated: turno 1 can no longer change.", field="round")]
        ),
    ),
]


class TurnoActionListView(ApiView):
    """The director's actions on a turno, oldest first, undone ones too (with `undone_at`);
    record one: an abandonment (`table`, `side`, `mp`), a lateness (`table`, `side`,
    `minutes`: up to 5 a warning, over 5 the late line's total loses 100, over 10 a forfeit)
    or an adjustment (`line`, `vp`, `mp`), each with its `reason`. Refused once the next turno
    is seated."""

    serializer_class = TurnoActionSerializer
    queryset = TurnoAction.objects.none()  # for the schema; the views find the turno themselves
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_turni_actions_list",
        summary="The director's actions on a Burraco turno (owner, director)",
        responses={200: TurnoActionSerializer(many=True), **WRITE_ERRORS},
    )
    def get(self, request, pk, number):
        tournament = burraco_or_404(directed_tournament(request, pk))
        view = _turno(tournament, number)
        return Response(
            TurnoActionSerializer(
                view.history, many=True, context=_context(request, tournament)
            ).data
        )

    @extend_schema(
        operation_id="tournaments_turni_actions_create",
        summary="Record an action on a Burraco turno (owner, director)",
        request=TurnoActionCreateSerializer,
        responses={201: TurnoActionSerializer, **WRITE_ERRORS},
        examples=EXAMPLES,
    )
    def post(self, request, pk, number):
        tournament = burraco_or_404(directed_tournament(request, pk))
        view = _turno(tournament, number)
        data = dict(validated(TurnoActionCreateSerializer, request))
        if "table" in data:
            data["table"] = view.table(data["table"])
        action = services.turno_action_record(round=view.turno.round, user=request.user, **data)
        row = action_row(view.facts, view.turno, action)
        return _answer(request, tournament, row, status.HTTP_201_CREATED)


class TurnoActionUndoView(ActionView):
    """Undo an action, until the next turno is seated: it no longer counts and stays in the
    history with `undone_at`. Undoing an undone action changes nothing."""

    serializer_class = TurnoActionSerializer
    operation_id = "tournaments_turni_actions_undo"
    summary = "Undo an action on a Burraco turno (owner, director)"
    service = services.turno_action_undo
    target_name = "action"

    def target(self, request, pk, number, action_id):
        tournament = burraco_or_404(directed_tournament(request, pk))
        return get_object_or_404(
            TurnoAction.objects.select_related("round__tournament"),
            pk=action_id,
            round__tournament=tournament,
            round__number=number,
        )

    def answer(self, action, result) -> Response:
        tournament = action.round.tournament
        view = _turno(tournament, action.round.number)
        row = next(row for row in view.history if row.action.pk == action.pk)
        return _answer(self.request, tournament, row, status.HTTP_200_OK)
