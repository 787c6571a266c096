"""Import and export of match documents in the API, under /api/v1/clubs/<slug>/matches/.

POST import/ takes one match document or a list of them (all or nothing; `?played_on=YYYY-MM-DD`
for the day the score sheets were played, from 1900-01-01 to today) and answers 201 with the
matches' ids, or 400 with every refusal:
`{"errors": [{"document": 0, "event": 3, "field": "points", "message": "..."}]}` (`document` is
the position in the list, null for a single document; `event` the index of the event, null for the
match itself). A document imported before (same document, same day) is not imported again: its
id is the match imported then, listed in `already_imported` too; when every document was, the
answer is 200. Caps: `tournaments.exchange` (MAX_BATCH, MAX_BATCH_EVENTS) and
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
from rest_framework import serializers, status
from rest_framework.response import Response

from clubs import permissions
from clubs.api import ApiView, require, visible_club
from clubs.models import Club
from clubs.serializers import DetailSerializer
from scoring.serializers import MatchDocumentSerializer
from tournaments import exchange


class ImportedSerializer(serializers.Serializer):
    matches = serializers.ListField(
        child=serializers.IntegerField(), help_text="The matches' ids, in document order."
    )
    already_imported = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The ids of those matches that were imported before from the same document "
        "and day (sent again: not imported twice).",
    )


class DocumentErrorSerializer(serializers.Serializer):
    document = serializers.IntegerField(
        allow_null=True, help_text="Position of the document in the list (from 0); null: alone."
    )
    event = serializers.IntegerField(
        allow_null=True, help_text="Index of the event at fault (from 0); null: the match itself."
    )
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()


class ImportErrorsSerializer(serializers.Serializer):
    errors = DocumentErrorSerializer(many=True)


IMPORT_BODY = PolymorphicProxySerializer(
    component_name="MatchImport",
    serializers=[
        MatchDocumentSerializer,
        MatchDocumentSerializer(many=True),
    ],
    resource_type_field_name=None,
    many=False,
)


def _refused(errors: list[exchange.DocumentError]) -> Response:
    return Response(
        {"errors": [error.as_dict() for error in errors]}, status=status.HTTP_400_BAD_REQUEST
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
            400: ImportErrorsSerializer,
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
                value={
                    "errors": [
                        {
                            "document": 1,
                            "event": 0,
                            "field": "closer",
                            "message": "Zeno is not a player of this match.",
                        }
                    ]
                },
            ),
        ],
    )
    def post(self, request, slug: str):
        club = visible_club(request, slug)
        require(permissions.can_direct(request.user, club))
        played_on = None
        if request.query_params.get("played_on"):
            try:
                played_on = dt.date.fromisoformat(request.query_params["played_on"].strip())
            except ValueError:
                message = gettext("Write the date as YYYY-MM-DD, e.g. 2024-03-15.")
                return _refused([exchange.DocumentError(message, field="played_on")])
        try:
            imported = exchange.documents_import(
                club=club, user=request.user, data=request.data, played_on=played_on
            )
        except exchange.ImportRefused as refused:
            return _refused(refused.errors)
        return Response(
            {
                "matches": [each.match.pk for each in imported],
                "already_imported": [each.match.pk for each in imported if not each.created],
            },
            status=201 if any(each.created for each in imported) else 200,
        )

    def parse_error_response(self, message: str) -> Response:
        # a body that is not JSON is refused like a document at fault: in the import's shape
        return _refused([exchange.DocumentError(message)])


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
    def get(self, request, slug: str):
        club = visible_club(request, slug)
        require(permissions.is_member(request.user, club))
        return Response(exchange.club_matches_export(club=club))
