"""Club life in the API: the rating leaderboards and a player's profile, read-only.

Visible to the club's members, and to everyone when the club is public; otherwise 404, as the
club itself. Numbers are those of the pages: ratings are OpenSkill's mu and sigma and the
ordinal mu - 3 sigma; shares are percentages; averages are per hand.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from base.api import READ_ERRORS, ApiView, ErrorSerializer
from clublife import ratings
from clubs.api import visible_club
from clubs.models import Player
from scoring.games import game_choices, game_values
from scoring.serializers import TABLE_LABEL_HELP, TableNameField

# Serializers -------------------------------------------------------------------------------------


class RatedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Players with the same ordinal share a rank.")
    player = RatedPlayerSerializer()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: what the leaderboard orders by.")
    mu = serializers.FloatField(help_text="The skill believed.")
    sigma = serializers.FloatField(help_text="How unsure that belief is.")
    matches = serializers.IntegerField(help_text="Matches rated.")


class LeaderboardSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices())
    # DRF's metaclass takes the field off the class (Field.label stays); the stubs cannot say so.
    label = serializers.CharField()  # type: ignore[assignment]
    rows = LeaderboardRowSerializer(many=True)


class LeaderboardsSerializer(serializers.Serializer):
    games = LeaderboardSerializer(many=True)


class GameQuerySerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices(), required=False)


class RatingSummarySerializer(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    matches = serializers.IntegerField()


class RatingPointSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    finished_at = serializers.DateTimeField()
    place = serializers.IntegerField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()


class PlaceCountSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    matches = serializers.IntegerField()


class HeadToHeadSerializer(serializers.Serializer):
    opponent = RatedPlayerSerializer()
    matches = serializers.IntegerField(help_text="Matches played together.")
    ahead = serializers.IntegerField(help_text="Times finished ahead of the opponent (Gin: won).")
    behind = serializers.IntegerField(help_text="Times finished behind (Gin: lost).")
    level = serializers.IntegerField(help_text="Times finished level (a shared place).")


class PartnerSerializer(serializers.Serializer):
    partner = RatedPlayerSerializer()
    matches = serializers.IntegerField(help_text="Matches played on the same line.")
    wins = serializers.IntegerField(help_text="Matches that line won.")


def _number(value) -> float | None:
    return None if value is None else round(float(value), 4)


class GameProfileSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices())
    # DRF's metaclass takes the field off the class (Field.label stays); the stubs cannot say so.
    label = serializers.CharField()  # type: ignore[assignment]
    rating = RatingSummarySerializer(allow_null=True)
    matches = serializers.IntegerField(source="statistics.matches")
    wins = serializers.IntegerField(source="statistics.wins")
    places = serializers.SerializerMethodField()
    hands = serializers.IntegerField(source="statistics.hands")
    points_taken = serializers.IntegerField(source="statistics.points_taken")
    average_points = serializers.SerializerMethodField(
        help_text="Points taken per hand played (Scala 40, Ramino)."
    )
    closes = serializers.IntegerField(source="statistics.closes")
    in_hand = serializers.IntegerField(
        source="statistics.in_hand", help_text="Chiusure in mano (closing without having opened)."
    )
    busts = serializers.IntegerField(source="statistics.busts")
    reentries = serializers.IntegerField(source="statistics.reentries")
    gins = serializers.IntegerField(source="statistics.gins")
    knocks = serializers.IntegerField(source="statistics.knocks")
    undercuts = serializers.IntegerField(source="statistics.undercuts")
    undercut = serializers.IntegerField(
        source="statistics.undercut", help_text="Undercuts suffered."
    )
    gin_share = serializers.SerializerMethodField(help_text="Percent of the hands played.")
    undercut_share = serializers.SerializerMethodField(
        help_text="Percent of the opponent's knocks undercut."
    )
    average_deadwood = serializers.SerializerMethodField()
    line_points = serializers.IntegerField(
        source="statistics.line_points",
        help_text="The points of the player's line over the hands played (Burraco).",
    )
    average_line_points = serializers.SerializerMethodField(
        help_text="The points of the player's line per hand played (Burraco)."
    )
    head_to_head = HeadToHeadSerializer(many=True)
    partners = PartnerSerializer(
        many=True, help_text="The partners of a game played in pairs (Burraco's lines)."
    )
    rating_history = RatingPointSerializer(many=True, source="history")

    @extend_schema_field(PlaceCountSerializer(many=True))
    def get_places(self, game):
        return PlaceCountSerializer(
            [{"place": place, "matches": count} for place, count in game.places], many=True
        ).data

    def get_average_points(self, game) -> float | None:
        return _number(game.statistics.average_points)

    def get_gin_share(self, game) -> float | None:
        return _number(ratings.share(game.statistics.gin_share))

    def get_undercut_share(self, game) -> float | None:
        return _number(ratings.share(game.statistics.undercut_share))

    def get_average_deadwood(self, game) -> float | None:
        return _number(game.statistics.average_deadwood)

    def get_average_line_points(self, game) -> float | None:
        return _number(game.statistics.average_line_points)


class RecentMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="match.pk")
    game = serializers.ChoiceField(choices=game_choices(), source="match.game")
    table_label = serializers.CharField(source="match.table_label", help_text=TABLE_LABEL_HELP)
    table_name = TableNameField(source="match.table_label")
    finished_at = serializers.DateTimeField(source="match.finished_at")
    place = serializers.IntegerField(source="seat.place", allow_null=True)
    total = serializers.IntegerField(source="seat.total")
    players = serializers.SerializerMethodField(help_text="Players at the table.")

    def get_players(self, row) -> int:
        return len(row.seats)


class PlayerProfileSerializer(serializers.Serializer):
    player = RatedPlayerSerializer()
    games = GameProfileSerializer(many=True)
    recent_matches = RecentMatchSerializer(many=True, source="recent")


# Views -------------------------------------------------------------------------------------------


class LeaderboardView(ApiView):
    """The club's rating leaderboards, one per game with a rated match (or the game asked)."""

    serializer_class = LeaderboardsSerializer

    @extend_schema(
        operation_id="clubs_ratings_retrieve",
        summary="A club's rating leaderboards",
        parameters=[
            OpenApiParameter(
                "game",
                OpenApiTypes.STR,
                enum=game_values(),
                description="Only this game's leaderboard (shown even when empty).",
            )
        ],
        responses={200: LeaderboardsSerializer, 400: ErrorSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = visible_club(request, slug)
        query = GameQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        boards = ratings.leaderboards(club=club, game=query.validated_data.get("game"))
        return Response(LeaderboardsSerializer({"games": boards}).data)


class PlayerProfileView(ApiView):
    """A player's statistics per game, head-to-head records, rating history and recent matches,
    from the matches that count (finished; tournament tables once confirmed)."""

    serializer_class = PlayerProfileSerializer

    @extend_schema(
        operation_id="clubs_players_profile_retrieve",
        summary="A player's profile and statistics",
        responses={200: PlayerProfileSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        club = visible_club(request, slug)
        player = get_object_or_404(Player.objects.filter(club=club), pk=pk)
        player.club = club
        return Response(PlayerProfileSerializer(ratings.player_profile(player)).data)
