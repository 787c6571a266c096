"""Import and export pages of a club, under /clubs/<slug>/ (namespace "clublife")."""

from django.urls import path

from tournaments import views_exchange as views

urlpatterns = [
    path("import/", views.match_import, name="import"),
    path("matches/export.json", views.matches_export, name="matches_export"),
    path("statistics.csv", views.statistics_csv, name="statistics_csv"),
    path("archive.json", views.archive, name="archive"),
    path(
        "tournaments/<int:pk>/standings.csv",
        views.standings_csv,
        name="tournament_standings_csv",
    ),
]
