"""A club's VP tables in the API, under /api/v1/clubs/<slug>/vp-tables/: the list (the FIBur
tables, read-only, beside the club's own), creating one, changing and deleting one of the club's.

As everywhere in the API: a club the user may not see answers 404, and so does another club's
table; a write needs a director of the club (`clubs.permissions.can_direct`: 403), an anonymous
write answers 401. A refused table answers 400 in the API's one error shape, naming the band:
the field `bands.8.low` is band 8's `low` (bands are numbered from 1, in the message too).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from base.api import READ_ERRORS, WRITE_ERRORS, ApiView, require
from base.errors import error_body, error_item
from clubs import permissions, validators
from clubs.api import visible_club
from pairings.models import VpTable
from pairings.vptables import selectors, services
from pairings.vptables.selectors import ShownVpTable

# Serializers -------------------------------------------------------------------------------------


MAX_BANDS = 50


class BandSerializer(serializers.Serializer):
    low = serializers.IntegerField(help_text=_("MP from (a difference, in steps of 5)."))
    high = serializers.IntegerField(
        allow_null=True, help_text=_("MP to, included; null on the last band (and above).")
    )
    winner = serializers.IntegerField(help_text=_("VP to the line with the higher total."))
    loser = serializers.IntegerField(help_text=_("VP to the other line: 20 - winner."))


class BandsField(serializers.ListField):
    """The bands in order; a band's errors are at `bands.<number>`, numbered from 1."""

    child = BandSerializer()

    def run_child_validation(self, data):
        try:
            return super().run_child_validation(data)
        except ValidationError as error:
            detail = error.detail
            assert isinstance(detail, dict)
            numbered = {str(int(index) + 1): value for index, value in detail.items()}
            raise ValidationError(numbered) from None


class VpTableSerializer(serializers.Serializer):
    id = serializers.SerializerMethodField(help_text=_("Null for a FIBur table (read-only)."))
    name = serializers.CharField()
    hands = serializers.IntegerField(help_text=_("The hands of a turno the table is for."))
    default = serializers.BooleanField(
        source="is_default", help_text=_("A FIBur table Tallone ships: it cannot be changed.")
    )
    for_teams = serializers.BooleanField(
        help_text=_("A team match's table (its two tables added up); pairs never use it.")
    )
    bands = BandSerializer(many=True)

    def get_id(self, table: ShownVpTable) -> int | None:
        return None if table.table is None else table.table.pk


class VpTableWriteSerializer(serializers.Serializer):
    """A table; on PATCH, only what changes (the whole table is checked again)."""

    name = serializers.CharField(
        max_length=services.NAME_LENGTH, validators=[validators.name_validator]
    )
    hands = serializers.IntegerField(min_value=1, max_value=12)
    for_teams = serializers.BooleanField(
        required=False,
        help_text=_("For team matches (default: no): a team tournament's turni use only these."),
    )
    bands = BandsField(
        max_length=MAX_BANDS, help_text=_("The bands in order, the first from 0, the last open.")
    )


EXAMPLE = {
    "name": "Due smazzate",
    "hands": 2,
    "bands": [
        {"low": 0, "high": 30, "winner": 10, "loser": 10},
        {"low": 35, "high": 100, "winner": 12, "loser": 8},
        {"low": 105, "high": None, "winner": 15, "loser": 5},
    ],
}
GAP_EXAMPLE = OpenApiExample(
    "A band that leaves a gap",
    response_only=True,
    status_codes=["400"],
    value=error_body(
        [
            error_item(
                "Band 8: a difference of 825 MP is missing (the band should start at 825).",
                field="bands.8.low",
            )
        ]
    ),
)


# Views -------------------------------------------------------------------------------------------


def _club_table(request: Request, slug: str, pk: int) -> VpTable:
    club = visible_club(request, slug)
    table = get_object_or_404(VpTable.objects.filter(club=club), pk=pk)
    table.club = club
    return table


def _answer(table: VpTable, code: int = status.HTTP_200_OK) -> Response:
    return Response(VpTableSerializer(selectors.shown_table(table)).data, status=code)


class VpTableListView(ApiView):
    """The VP tables a club's tournaments may use: the FIBur tables for 3 and 4 hands (`default`,
    no `id`), then the club's own (a whole list, not pages); create one (owner, director)."""

    serializer_class = VpTableSerializer
    queryset = VpTable.objects.none()  # for the schema; the views scope tables to the club
    pagination_class = None

    @extend_schema(
        operation_id="clubs_vp_tables_list",
        summary="List a club's VP tables",
        responses={200: VpTableSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        tables = selectors.club_vp_tables(visible_club(request, slug))
        return Response(VpTableSerializer(tables, many=True).data)

    @extend_schema(
        operation_id="clubs_vp_tables_create",
        summary="Create a VP table (owner, director)",
        request=VpTableWriteSerializer,
        responses={201: VpTableSerializer, **WRITE_ERRORS},
        examples=[OpenApiExample("Two hands", request_only=True, value=EXAMPLE), GAP_EXAMPLE],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        require(permissions.can_direct(request.user, club))
        serializer = VpTableWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        table = services.vp_table_create(club=club, user=request.user, **serializer.validated_data)
        return _answer(table, status.HTTP_201_CREATED)


class VpTableDetailView(ApiView):
    """One of the club's VP tables; change it or delete it (owner, director)."""

    serializer_class = VpTableSerializer
    queryset = VpTable.objects.none()

    @extend_schema(
        operation_id="clubs_vp_tables_retrieve",
        summary="A club's VP table",
        responses={200: VpTableSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return _answer(_club_table(request, slug, pk))

    @extend_schema(
        operation_id="clubs_vp_tables_partial_update",
        summary="Change a VP table (owner, director)",
        request=VpTableWriteSerializer(partial=True),
        responses={200: VpTableSerializer, **WRITE_ERRORS},
        examples=[GAP_EXAMPLE],
    )
    def patch(self, request: Request, slug: str, pk: int) -> Response:
        table = _club_table(request, slug, pk)
        require(permissions.can_direct(request.user, table.club))
        serializer = VpTableWriteSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        table = services.vp_table_update(
            table=table, user=request.user, **serializer.validated_data
        )
        return _answer(table)

    @extend_schema(
        operation_id="clubs_vp_tables_destroy",
        summary="Delete a VP table (owner, director)",
        responses={204: None, **WRITE_ERRORS},
    )
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        table = _club_table(request, slug, pk)
        require(permissions.can_direct(request.user, table.club))
        services.vp_table_delete(table=table, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
