"""The API of the Gin formats, under /api/v1/tournaments/ beside the tournaments' own."""

from django.urls import path

from pairings import api
from pairings.burraco import team_api

T = "tournaments/<int:pk>/"
TABLE = T + "tables/<int:table_id>/"

urlpatterns = [
    path(T + "draw/", api.DrawView.as_view(), name="api-tournament-draw"),
    path(T + "next-round/", api.NextRoundView.as_view(), name="api-tournament-next-round"),
    path(T + "bracket/", api.BracketView.as_view(), name="api-tournament-bracket"),
    path(TABLE + "fix/", api.TableFixView.as_view(), name="api-table-fix"),
    path(T + "teams/", team_api.TeamListView.as_view(), name="api-tournament-teams"),
    path(
        T + "teams/<int:team_id>/lineups/",
        team_api.TeamLineupView.as_view(),
        name="api-tournament-team-lineups",
    ),
]
