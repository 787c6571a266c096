"""The seasons API, under /api/v1/clubs/<slug>/seasons/: a club's seasons, creating and changing
one, and its standings with the matches counted.

As everywhere in the API: a club the user may not see (not a member of a private club) answers
404, and so does another club's season; a write needs a director of the club
(`clubs.permissions.can_direct`: 403), an anonymous write answers 401. A refusal of a service
(`TournamentActionError`) answers 400 in the API's one error shape, the field "ends_on"...
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from base.api import READ_ERRORS, WRITE_ERRORS, ApiView, require
from base.errors import error_body, error_item
from clublife import seasons
from clublife.models import Season
from clubs import permissions, validators
from clubs.api import visible_club
from scoring.serializers import TABLE_LABEL_HELP, TableNameField
from tournaments.serializers import ExactNumberField, exact, rounded

# Serializers -------------------------------------------------------------------------------------

GAMES_HELP = _("The games counted: scala40, ramino, gin. Empty: every game.")
POINTS_HELP = _(
    'Placement points by table size, best place first, e.g. {"5": [7, 5.5, 4, 2.5, 1]}. '
    "Empty: from 7 for first to 1 for last."
)


class SeasonSerializer(serializers.ModelSerializer):
    placement_points = serializers.DictField(
        child=serializers.ListField(child=ExactNumberField()), help_text=POINTS_HELP
    )
    games = serializers.ListField(child=serializers.CharField(), help_text=GAMES_HELP)
    standings = serializers.SerializerMethodField(help_text=_("The standings in the API."))
    page = serializers.SerializerMethodField(help_text=_("The standings page."))

    class Meta:
        model = Season
        fields = ["id", *seasons.SETTINGS, "created_at", "standings", "page"]
        read_only_fields = fields

    def _address_of(self, season: Season) -> dict:
        return {"slug": self.context["slug"], "pk": season.pk}

    def get_standings(self, season: Season) -> str:
        return reverse(
            "api-club-season-standings",
            kwargs=self._address_of(season),
            request=self.context.get("request"),
        )

    def get_page(self, season: Season) -> str:
        return reverse(
            "clublife:season-detail",
            kwargs=self._address_of(season),
            request=self.context.get("request"),
        )


class SeasonWriteSerializer(serializers.Serializer):
    """The settings of a season; on PATCH, only those to change."""

    name = serializers.CharField(
        max_length=seasons.NAME_LENGTH, validators=[validators.name_validator]
    )
    starts_on = serializers.DateField(
        help_text=_("The first day counted."), validators=[validators.planned_day_validator]
    )
    ends_on = serializers.DateField(
        help_text=_("The last day counted."), validators=[validators.planned_day_validator]
    )
    games = serializers.ListField(
        child=serializers.CharField(), required=False, help_text=GAMES_HELP
    )
    counts_club_matches = serializers.BooleanField(
        required=False, help_text=_("Count club nights (default: yes).")
    )
    counts_tournaments = serializers.BooleanField(
        required=False,
        help_text=_("Count tournament tables once their result counts (default: yes)."),
    )
    placement_points = serializers.DictField(
        child=serializers.ListField(child=ExactNumberField()),
        required=False,
        help_text=POINTS_HELP,
    )
    first_entry_only = serializers.BooleanField(
        required=False,
        help_text=_(
            "A player who re-entered is placed where their first entry ended (default: yes)."
        ),
    )


class SeasonPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class SeasonRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    shared = serializers.BooleanField(help_text=_("Others share this place."))
    player = SeasonPlayerSerializer()
    points = serializers.SerializerMethodField(help_text=_("Season points, to 2 decimals."))
    points_exact = serializers.SerializerMethodField(help_text=_('Exactly, e.g. "23/4".'))
    matches = serializers.IntegerField(help_text=_("Matches counted."))
    wins = serializers.IntegerField(help_text=_("Matches won alone."))
    best_place = serializers.IntegerField(help_text=_("The best season place in a match."))

    def get_points(self, row) -> str:
        return rounded(row.points)

    def get_points_exact(self, row) -> str:
        return exact(row.points)


class SeasonSeatSerializer(serializers.Serializer):
    player = SeasonPlayerSerializer()
    place = serializers.IntegerField(help_text=_("The place in the match."))
    season_place = serializers.IntegerField(help_text=_("The place the season counts."))
    points = serializers.SerializerMethodField(help_text=_("Season points, to 2 decimals."))
    points_exact = serializers.SerializerMethodField()

    def get_points(self, seat) -> str:
        return rounded(seat.points)

    def get_points_exact(self, seat) -> str:
        return exact(seat.points)


class SeasonTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    table = serializers.IntegerField(help_text=_("The table number in its round."))


class SeasonMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="match.pk")
    game = serializers.CharField(source="match.game", help_text=_("scala40, ramino or gin."))
    finished_on = serializers.DateField()
    table_label = serializers.CharField(source="match.table_label", help_text=TABLE_LABEL_HELP)
    table_name = TableNameField(source="match.table_label")
    tournament = serializers.SerializerMethodField(
        help_text=_(
            "The tournament of a tournament table; null for a club night, and for a tournament "
            "the user may not see (private_tournament is then true)."
        )
    )
    private_tournament = serializers.BooleanField(
        help_text=_("A table of a private tournament the user may not see: counted, never named.")
    )
    seats = SeasonSeatSerializer(many=True, help_text=_("By season place."))

    @extend_schema_field(SeasonTournamentSerializer(allow_null=True))
    def get_tournament(self, counted) -> dict | None:
        if counted.tournament is None:
            return None
        return {
            "id": counted.tournament.pk,
            "name": counted.tournament.name,
            "table": counted.table_number,
        }


class SeasonStandingsSerializer(serializers.Serializer):
    season = SeasonSerializer()
    rows = SeasonRowSerializer(many=True)
    matches = SeasonMatchSerializer(many=True, help_text=_("The matches counted, oldest first."))


# Views -------------------------------------------------------------------------------------------


def club_season(request: Request, slug: str, pk: int) -> Season:
    club = visible_club(request, slug)
    season = get_object_or_404(Season.objects.filter(club=club), pk=pk)
    season.club = club
    return season


def season_response(
    request: Request, slug: str, season: Season, code: int = status.HTTP_200_OK
) -> Response:
    context = {"request": request, "slug": slug}
    return Response(SeasonSerializer(season, context=context).data, status=code)


class SeasonListView(ApiView):
    """A club's seasons, newest first (a whole list, not pages); create one (owner, director)."""

    serializer_class = SeasonSerializer
    queryset = Season.objects.none()  # for the schema; the views scope seasons to the club
    pagination_class = None

    @extend_schema(
        operation_id="clubs_seasons_list",
        summary="List a club's seasons",
        responses={200: SeasonSerializer(many=True), **READ_ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        items = Season.objects.filter(club=club).order_by("-starts_on", "-pk")
        context = {"request": request, "slug": slug}
        return Response(SeasonSerializer(items, many=True, context=context).data)

    @extend_schema(
        operation_id="clubs_seasons_create",
        summary="Create a season (owner, director)",
        request=SeasonWriteSerializer,
        responses={201: SeasonSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Scala 40 and Ramino, autumn",
                request_only=True,
                value={
                    "name": "Autunno 2025",
                    "starts_on": "2025-09-01",
                    "ends_on": "2025-12-20",
                    "games": ["scala40", "ramino"],
                    "placement_points": {"4": [10, 6, 3, 1]},
                },
            ),
            OpenApiExample(
                "Dates the wrong way round",
                response_only=True,
                status_codes=["400"],
                value=error_body(
                    [
                        error_item(
                            "The season cannot end (2025-08-01) before it starts (2025-09-01).",
                            field="ends_on",
                        )
                    ]
                ),
            ),
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        require(permissions.can_direct(request.user, club))
        serializer = SeasonWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        season = seasons.season_create(club=club, user=request.user, **serializer.validated_data)
        return season_response(request, slug, season, status.HTTP_201_CREATED)


class SeasonDetailView(ApiView):
    """A season's settings; change some of them (owner, director)."""

    serializer_class = SeasonSerializer
    queryset = Season.objects.none()

    @extend_schema(
        operation_id="clubs_seasons_retrieve",
        summary="A season",
        responses={200: SeasonSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        return season_response(request, slug, club_season(request, slug, pk))

    @extend_schema(
        operation_id="clubs_seasons_partial_update",
        summary="Change a season (owner, director)",
        request=SeasonWriteSerializer(partial=True),
        responses={200: SeasonSerializer, **WRITE_ERRORS},
    )
    def patch(self, request: Request, slug: str, pk: int) -> Response:
        season = club_season(request, slug, pk)
        require(permissions.can_direct(request.user, season.club))
        serializer = SeasonWriteSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        season = seasons.season_update(
            season=season, user=request.user, **serializer.validated_data
        )
        return season_response(request, slug, season)


class SeasonStandingsView(ApiView):
    """The season standings (points exact and to 2 decimals) and the matches counted, each with
    the match place, the season place and the points of every player."""

    serializer_class = SeasonStandingsSerializer
    queryset = Season.objects.none()

    @extend_schema(
        operation_id="clubs_seasons_standings",
        summary="A season's standings and the matches it counted",
        responses={200: SeasonStandingsSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        view = seasons.season_standings_view(club_season(request, slug, pk), user=request.user)
        context = {"request": request, "slug": slug}
        return Response(SeasonStandingsSerializer(view, context=context).data)
