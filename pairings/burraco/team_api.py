"""The API of a Burraco team tournament's teams, under /api/v1/tournaments/<id>/teams/: the
teams with their players and the pairs named by turno (GET), a paste of teams (POST, owner or
director), and a team's two pairs for a turno (POST .../teams/<team_id>/lineups/).

As everywhere in the API: a tournament the user may not see answers 404, and so does another
tournament's team or a tournament that is not a team tournament; a write needs a director of the
club (403; anonymous: 401). A refusal answers 400 in the API's one error shape, on the field it
names ("teams", "turno", "pairs").
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from base.api import READ_ERRORS, WRITE_ERRORS, ActionView, ApiView, require, validated
from base.errors import error_body, error_item
from clubs import permissions
from pairings.burraco import teams as services
from pairings.burraco.lookups import teams_or_404
from pairings.burraco.team_selectors import TeamRow, team_roster
from pairings.models import Team, TeamLineup
from tournaments.api.core import directed_tournament, visible_tournament
from tournaments.models import Tournament

MAX_TEAMS = 100

# Serializers -------------------------------------------------------------------------------------


class TeamMemberSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="pk", help_text=_("The player's entry id."))
    name = serializers.CharField(source="player.name")


class LineupSerializer(serializers.Serializer):
    turno = serializers.IntegerField()
    pairs = serializers.SerializerMethodField(
        help_text=_("Entry ids: pair 1 (North-South at the match's first table), then pair 2.")
    )

    @extend_schema_field(
        serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    )
    def get_pairs(self, lineup: TeamLineup) -> list[list[int]]:
        return [[lineup.first_id, lineup.second_id], [lineup.third_id, lineup.fourth_id]]


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="team.pk")
    number = serializers.IntegerField(source="team.number")
    name = serializers.CharField(source="team.name")
    members = TeamMemberSerializer(many=True, help_text=_("Its players, in registration order."))
    lineups = serializers.SerializerMethodField(help_text=_("The pairs it named, by turno."))

    @extend_schema_field(LineupSerializer(many=True))
    def get_lineups(self, row: TeamRow) -> list[dict]:
        lineups = [row.lineups[turno] for turno in sorted(row.lineups)]
        return list(LineupSerializer(lineups, many=True).data)


class TeamsPasteSerializer(serializers.Serializer):
    teams = serializers.ListField(
        child=serializers.CharField(),
        max_length=MAX_TEAMS,
        help_text=_(
            'One team a line: "I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri".'
        ),
    )
    check_in = serializers.BooleanField(
        default=False, help_text=_("They are here and have paid (default: no).")
    )


class LineupWriteSerializer(serializers.Serializer):
    turno = serializers.IntegerField(help_text=_("A turno not seated yet."))
    pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        min_length=2,
        max_length=2,
        help_text=_("Two pairs of two entry ids of the team's players: pair 1 first."),
    )


PASTE_EXAMPLE = {
    "teams": [
        "I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri",
        "Le Picche: Elena Galli, Fabio Conti, Giulia Marino, Luca Greco",
    ],
    "check_in": True,
}
REFUSED_LINE = OpenApiExample(
    "A line that is not a team",
    response_only=True,
    status_codes=["400"],
    value=error_body(
        [
            error_item(
                'Line 2 ("I Tre: A Uno, B Due, C Tre") is not a team: write its name, ":" and 4 '
                "or more players with commas between.",
                field="teams",
            )
        ]
    ),
)


# Views -------------------------------------------------------------------------------------------


def _rows(tournament: Tournament, only: set[int] | None = None) -> list[TeamRow]:
    rows = team_roster(tournament).teams
    return [row for row in rows if only is None or row.team.pk in only]


class TeamListView(ApiView):
    """A team tournament's teams (a whole list, not pages), each with its players and the pairs
    it named by turno; enter teams (owner, director): all or nothing, refused by line."""

    serializer_class = TeamSerializer
    queryset = Team.objects.none()  # for the schema; the views scope teams to the tournament
    pagination_class = None

    @extend_schema(
        operation_id="tournaments_teams_list",
        summary="List a team tournament's teams",
        responses={200: TeamSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = teams_or_404(visible_tournament(request, pk))
        return Response(TeamSerializer(_rows(tournament), many=True).data)

    @extend_schema(
        operation_id="tournaments_teams_create",
        summary="Enter teams (owner, director)",
        request=TeamsPasteSerializer,
        responses={201: TeamSerializer(many=True), **WRITE_ERRORS},
        examples=[
            OpenApiExample("Two teams", request_only=True, value=PASTE_EXAMPLE),
            REFUSED_LINE,
        ],
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = teams_or_404(visible_tournament(request, pk))
        require(permissions.can_direct(request.user, tournament.club))
        data = validated(TeamsPasteSerializer, request)
        entered = services.teams_register(
            tournament=tournament, user=request.user, lines=data["teams"], check_in=data["check_in"]
        )
        rows = _rows(tournament, {team.pk for team in entered})
        return Response(TeamSerializer(rows, many=True).data, status=status.HTTP_201_CREATED)


class TeamLineupView(ActionView):
    """Name a team's two pairs for a turno not seated yet (pair 1 plays North-South at the
    match's first table, pair 2 East-West at its second); named again, they replace the
    earlier pairs. Answers the team."""

    serializer_class = TeamSerializer
    operation_id = "tournaments_teams_lineups_create"
    summary = "Name a team's pairs for a turno (owner, director)"
    body = LineupWriteSerializer
    examples = (
        OpenApiExample(
            "Two pairs", request_only=True, value={"turno": 1, "pairs": [[11, 12], [13, 14]]}
        ),
    )
    service = services.team_lineup_set
    target_name = "team"

    def target(self, request, pk, team_id):
        tournament = teams_or_404(directed_tournament(request, pk))
        return get_object_or_404(Team.objects.filter(tournament=tournament), pk=team_id)

    def answer(self, team, result) -> Response:
        (row,) = _rows(team.tournament, {team.pk})
        return Response(TeamSerializer(row).data)
