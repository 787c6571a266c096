"""Import and export of match documents in the API, under /api/v1/clubs/<slug>/matches/.

POST import/ takes one match document or a list of them (all or nothing; `?played_on=YYYY-MM-DD`
for the day the score sheets were played, from 1900-01-01 to today) and answers 201 with the
matches' ids, or 400 with every refusal in the API's one error shape:
`{"detail": "...", "errors": [{"field": "points", "event": 3, "document": 0, "message": "..."}]}`
(`document` is the position in the list, null for a single document; `event` the index of the
event, null for the match itself). A document imported before (same document, same day) is not
imported again: its id is the match imported then, listed in `already_imported` too; when every
document was, the answer is 200. Caps: `clublife.exchange` (MAX_BATCH, MAX_BATCH_EVENTS) and
`scoring.engine.document.MAX_EVENTS`. Directors and owners only. GET export/ answers every match of
the club as match documents, oldest first, to its members.
"""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from base.api import ApiView, DetailSerializer, ErrorSerializer, require
from base.errors import error_body, error_item
from clublife import exchange
from clubs import permissions
from clubs.api import visible_club
from clubs.models import Club
from scoring.serializers import MatchDocumentSerializer


class ImportedSerializer(serializers.Serializer):
    matches = serializers.ListField(
        child=serializers.IntegerField(), help_text="The matches' ids, in document order."
    )
    already_imported = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The ids of those matches that were imported before from the same document "
        "and day (sent again: not imported twice).",
    )


IMPORT_BODY = PolymorphicProxySerializer(
    component_name="MatchImport",
    serializers=[
        MatchDocumentSerializer,
        MatchDocumentSerializer(many=True),
    ],
    resource_type_field_name=None,
    many=False,
)


class MatchImportView(ApiView):
    """Import old score sheets: one match document, or a list of them (all or nothing)."""

    serializer_class = MatchDocumentSerializer
    queryset = Club.objects.none()  # the schema reads the `slug` path parameter from it
    lookup_field = "slug"

    @extend_schema(
        operation_id="club_matches_import",
        request=IMPORT_BODY,
        parameters=[
            OpenApiParameter(
                "played_on",
                OpenApiTypes.DATE,
                description="The day the matches were played, from 1900-01-01 to today "
                "(default: today).",
            )
        ],
        responses={
            200: ImportedSerializer,
            201: ImportedSerializer,
            400: ErrorSerializer,
            401: DetailSerializer,
            403: DetailSerializer,
            404: DetailSerializer,
        },
        examples=[
            OpenApiExample(
                "One score sheet",
                request_only=True,
                value={
                    "preset": "scala40-club",
                    "players": ["Anna", "Bruno", "Carla"],
                    "events": [
                        {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12}},
                        {"type": "time_call"},
                    ],
                },
            ),
            OpenApiExample(
                "A refusal",
                response_only=True,
                status_codes=["400"],
                value=error_body(
                    [
                        error_item(
                            "Zeno is not a player of this match.",
                            field="closer",
                            event=0,
                            document=1,
                        )
                    ]
                ),
            ),
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        require(permissions.can_direct(request.user, club))
        played_on = None
        if request.query_params.get("played_on"):
            try:
                played_on = dt.date.fromisoformat(request.query_params["played_on"].strip())
            except ValueError:
                message = gettext("Write the date as YYYY-MM-DD, e.g. 2024-03-15.")
                raise ValidationError({"played_on": [message]}) from None
        # a refusal (exchange.ImportRefused) answers 400 with every document error
        imported = exchange.documents_import(
            club=club, user=request.user, data=request.data, played_on=played_on
        )
        return Response(
            {
                "matches": [each.match.pk for each in imported],
                "already_imported": [each.match.pk for each in imported if not each.created],
            },
            status=201 if any(each.created for each in imported) else 200,
        )


class MatchExportView(ApiView):
    """Every match of the club as a match document, oldest first (members only)."""

    serializer_class = MatchDocumentSerializer
    pagination_class = None  # the whole list, to keep or to import elsewhere
    queryset = Club.objects.none()  # the schema reads the `slug` path parameter from it
    lookup_field = "slug"

    @extend_schema(
        operation_id="club_matches_export",
        responses={
            200: MatchDocumentSerializer(many=True),
            403: DetailSerializer,
            404: DetailSerializer,
        },
    )
    def get(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        require(permissions.is_member(request.user, club))
        return Response(exchange.club_matches_export(club=club))
