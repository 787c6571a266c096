"""The tournaments API of keep-apart groups: players a director keeps at different tables in every
seating of the table rounds (`tournaments.services.apart`). Directors only: who must not sit with
whom is the club's business."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from base.api import WRITE_ERRORS, ApiView, validated
from tournaments import services
from tournaments.api.core import directed_tournament
from tournaments.models import Entry, KeepApart
from tournaments.serializers import KeepApartCreateSerializer, KeepApartSerializer


class KeepApartListView(ApiView):
    """The tournament's keep-apart groups; add one."""

    serializer_class = KeepApartSerializer
    queryset = KeepApart.objects.none()  # for the schema
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_keep_apart_list",
        summary="The keep-apart groups of a tournament (owner, director)",
        responses={200: KeepApartSerializer(many=True), **WRITE_ERRORS},
    )
    def get(self, request, pk):
        tournament = directed_tournament(request, pk)
        groups = tournament.apart_groups.prefetch_related("entries")
        return Response(KeepApartSerializer(groups, many=True).data)

    @extend_schema(
        operation_id="tournaments_keep_apart_create",
        summary="Keep players apart from the next seating on (owner, director)",
        request=KeepApartCreateSerializer,
        responses={201: KeepApartSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "A couple, never together",
                request_only=True,
                value={"entries": [12, 15], "hard": True, "name": "Rossi"},
            ),
        ],
    )
    def post(self, request, pk):
        tournament = directed_tournament(request, pk)
        data = validated(KeepApartCreateSerializer, request)
        entries = list(Entry.objects.filter(tournament=tournament, pk__in=data["entries"]))
        missing = sorted(set(data["entries"]) - {entry.pk for entry in entries})
        if missing:
            message = gettext("The tournament has no entry with id %(id)s.") % {"id": missing[0]}
            raise ValidationError({"entries": [message]})
        group = services.apart_group_add(
            tournament=tournament,
            user=request.user,
            entries=entries,
            hard=data["hard"],
            name=data["name"],
        )
        return Response(KeepApartSerializer(group).data, status=status.HTTP_201_CREATED)


class KeepApartDetailView(ApiView):
    """Remove a keep-apart group: it no longer counts from the next seating on."""

    serializer_class = KeepApartSerializer

    @extend_schema(
        operation_id="tournaments_keep_apart_destroy",
        summary="Remove a keep-apart group (owner, director)",
        request=None,
        responses={204: None, **WRITE_ERRORS},
    )
    def delete(self, request, pk, group_id):
        tournament = directed_tournament(request, pk)
        group = get_object_or_404(KeepApart, tournament=tournament, pk=group_id)
        services.apart_group_remove(group=group, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
