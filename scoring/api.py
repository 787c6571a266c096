from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.engine import EngineError
from scoring.engine.document import replay_document
from scoring.serializers import EngineErrorSerializer, MatchDocumentSerializer, MatchStateSerializer


def engine_error_response(error: EngineError) -> Response:
    """A refusal as a 400 answer: event index, field, and the message in the user's language."""
    return Response(
        {"event": error.event, "field": error.field, "message": error.translated(gettext)},
        status=status.HTTP_400_BAD_REQUEST,
    )


class PreviewView(APIView):
    """Replay a match document without storing anything, and answer the whole state."""

    permission_classes = [AllowAny]
    authentication_classes = []  # stateless: no session, so no CSRF token is needed

    @extend_schema(
        operation_id="scoring_preview",
        request=MatchDocumentSerializer,
        responses={200: MatchStateSerializer, 400: EngineErrorSerializer},
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
        try:
            return Response(replay_document(request.data))
        except EngineError as error:
            return engine_error_response(error)
