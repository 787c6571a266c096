"""Club life in the API, under /api/v1/clubs/<slug>/: ratings and profiles, seasons, import and
export. Every view takes the club's `slug`."""

from django.urls import path

from clublife.api import exchange as api_exchange
from clublife.api import ratings as api_ratings
from clublife.api import seasons as api_seasons

urlpatterns = [
    # ratings and player profiles
    path("ratings/", api_ratings.LeaderboardView.as_view(), name="api-club-ratings"),
    path(
        "players/<int:pk>/profile/",
        api_ratings.PlayerProfileView.as_view(),
        name="api-club-player-profile",
    ),
    # seasons
    path("seasons/", api_seasons.SeasonListView.as_view(), name="api-club-seasons"),
    path("seasons/<int:pk>/", api_seasons.SeasonDetailView.as_view(), name="api-club-season"),
    path(
        "seasons/<int:pk>/standings/",
        api_seasons.SeasonStandingsView.as_view(),
        name="api-club-season-standings",
    ),
    # import and export
    path("matches/import/", api_exchange.MatchImportView.as_view(), name="api-club-matches-import"),
    path("matches/export/", api_exchange.MatchExportView.as_view(), name="api-club-matches-export"),
]
