"""Club life pages, under /clubs/<slug>/ (namespace "clublife"): ratings and player profiles,
seasons, import and export. Every view takes the club's `slug`."""

from django.urls import path

from clublife.views import exchange as views_exchange
from clublife.views import ratings as views_ratings
from clublife.views import seasons as views_seasons

app_name = "clublife"

urlpatterns = [
    # ratings and player profiles
    path("ratings/", views_ratings.leaderboard, name="ratings"),
    path("ratings/recompute/", views_ratings.recompute, name="ratings-recompute"),
    path("players/<int:pk>/profile/", views_ratings.profile, name="player-profile"),
    # seasons
    path("seasons/", views_seasons.season_list, name="season-list"),
    path("seasons/<int:pk>/", views_seasons.season_detail, name="season-detail"),
    path("seasons/<int:pk>/edit/", views_seasons.season_edit, name="season-edit"),
    path(
        "seasons/<int:pk>/standings.pdf",
        views_seasons.season_standings_pdf,
        name="season-standings-pdf",
    ),
    path(
        "seasons/<int:pk>/standings.csv",
        views_seasons.season_standings_csv,
        name="season-standings-csv",
    ),
    # import and export
    path("import/", views_exchange.match_import, name="import"),
    path("import/done/", views_exchange.import_done, name="import-done"),
    path("matches/export.json", views_exchange.matches_export, name="matches-export"),
    path("statistics.csv", views_exchange.statistics_csv, name="statistics-csv"),
    path("archive.json", views_exchange.archive, name="archive"),
    path(
        "tournaments/<int:pk>/standings.csv",
        views_exchange.standings_csv,
        name="tournament-standings-csv",
    ),
]
