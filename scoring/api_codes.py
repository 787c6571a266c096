"""The table codes in the API: a phone joins a table with its code (no account; its session
keeps the join), then records that match's events with the match's endpoints
(`POST /api/v1/matches/<pk>/events/`, `.../correct/`, `.../void/`, `.../reentry/`,
`.../withdraw/`) in the same session, as `scoring.table_access` allows. Confirming and disputing
a tournament table's result are the tournaments' (`tournaments.api.tables`).

Thin: the service is `scoring.table_codes.table_join` (wrong codes: 400 on "code"; too many
wrong codes from one address, or attempts on one code: 429 with Retry-After; the QR code's
`key` is never throttled; a `player`'s name with the code joins an address over its budget).
Joining is not under the API's anonymous write limit: the service's own limits are sized for a room.
"""

from __future__ import annotations

from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from base.api import ApiView, DetailSerializer, ErrorSerializer, validated
from config.auth import client_address
from scoring import table_access, table_codes
from scoring.views.codes import session_key


class TableJoinSerializer(serializers.Serializer):
    code = serializers.CharField(
        max_length=20, help_text=_("The table code printed beside the QR code of the sheet.")
    )
    name = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text=_(
            "The name the phone gives: the history shows it (with a seat, the seat's player "
            "when empty)."
        ),
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text=_(
            "The seat of the player this phone is at the table (one phone per seat: a seat "
            "taken by another phone answers 400 on seat). Without it the phone only follows "
            "the match, read-only."
        ),
    )

    key = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text=_(
            "The key the sheet's QR code carries (`k` in its address): the code was read off "
            "the sheet, so joining is never throttled. A wrong key is no key."
        ),
    )
    player = serializers.CharField(
        max_length=80,
        required=False,
        allow_blank=True,
        default="",
        help_text=_(
            "The name of one of the table's players as printed on the sheet (whole, or its "
            "first word): the phone joins at that player's seat. An address over its budget of "
            "wrong codes still joins this way; a wrong code or name answers 400 on player."
        ),
    )


class TableJoinedSerializer(serializers.Serializer):
    match = serializers.IntegerField(help_text=_("The match this phone may now see and enter."))
    match_url = serializers.CharField(help_text=_("The match in the API."))
    code = serializers.CharField()
    name = serializers.CharField()
    phone = serializers.IntegerField(help_text=_("Its number among the code's phones."))
    seat = serializers.IntegerField(
        allow_null=True, help_text=_("The seat this phone holds; null: a follower, read-only.")
    )
    can_enter = serializers.BooleanField(
        help_text=_(
            "Whether the phone may enter events now (false: the result is settled, read-only)."
        )
    )


class TableJoinView(ApiView):
    """Join a table with its code: this session may then see that match, and enter its events
    while its code allows (until the result is finished and confirmed, or the director makes a
    new code). Nothing else of the club."""

    serializer_class = TableJoinedSerializer
    permission_classes = [AllowAny]
    # Not the anonymous write limit (20 a minute per address): a room of 60 phones behind one
    # router joins in the same minute. Joining has its own limits (`table_codes.table_join`).
    throttle_classes: list = []

    @extend_schema(
        operation_id="tables_join",
        summary="Join a table with its code (no account)",
        request=TableJoinSerializer,
        responses={201: TableJoinedSerializer, 400: ErrorSerializer, 429: DetailSerializer},
        examples=[
            OpenApiExample(
                "Join as seat 2", request_only=True, value={"code": "K7M2QX", "seat": 2}
            ),
            OpenApiExample("Follow", request_only=True, value={"code": "K7M2QX", "name": "Luca"}),
            OpenApiExample(
                "A wrong code",
                response_only=True,
                status_codes=["400"],
                value={
                    "detail": "No table has this code. Check it on the score sheet: a code "
                    "changes when the director makes a new one.",
                    "errors": [
                        {
                            "field": "code",
                            "event": None,
                            "document": None,
                            "message": "No table has this code. Check it on the score sheet: "
                            "a code changes when the director makes a new one.",
                        }
                    ],
                },
            ),
        ],
    )
    def post(self, request):
        data = validated(TableJoinSerializer, request)
        joined = table_codes.table_join(
            code=data["code"],
            name=data["name"],
            seat=data["seat"],
            session_key=session_key(request),
            address=client_address(request),
            user=request.user,
            key=data["key"],
            player=data["player"],
        )
        table_access.remember_join(request, joined)
        get_token(request)  # the answer sets the CSRF cookie the phone's writes send back
        match = joined.code.match
        body = {
            "match": match.pk,
            "match_url": request.build_absolute_uri(reverse("api-match-detail", args=[match.pk])),
            "code": joined.code.code,
            "name": joined.name,
            "phone": joined.number,
            "seat": joined.seat.seat if joined.holds_seat and joined.seat else None,
            "can_enter": table_access.code_access(joined, match) == table_access.WRITE,
        }
        return Response(TableJoinedSerializer(body).data, status=status.HTTP_201_CREATED)
