"""The API of the Gin formats, under /api/v1/tournaments/ beside the tournaments' own."""

from django.urls import path

from pairings import api
from pairings.burraco import action_api, team_api
from pairings.burraco import api as burraco

T = "tournaments/<int:pk>/"
TABLE = T + "tables/<int:table_id>/"
TURNO = T + "turni/<int:number>/"

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
    # Burraco: the pairs and the turni
    path(T + "pairs/", burraco.PairListView.as_view(), name="api-tournament-pairs"),
    path(T + "turni/", burraco.TurnoListView.as_view(), name="api-tournament-turni"),
    # Burraco: the director's actions on a turno.
    path(
        TURNO + "actions/",
        action_api.TurnoActionListView.as_view(),
        name="api-tournament-turno-actions",
    ),
    path(
        TURNO + "actions/<int:action_id>/undo/",
        action_api.TurnoActionUndoView.as_view(),
        name="api-tournament-turno-action-undo",
    ),
]
