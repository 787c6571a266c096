"""Seasons, under /clubs/<slug>/ (namespace "clublife")."""

from django.urls import path

from tournaments import views_seasons

urlpatterns = [
    path("seasons/", views_seasons.season_list, name="season_list"),
    path("seasons/<int:pk>/", views_seasons.season_detail, name="season_detail"),
    path("seasons/<int:pk>/edit/", views_seasons.season_edit, name="season_edit"),
    path(
        "seasons/<int:pk>/standings.pdf",
        views_seasons.season_standings_pdf,
        name="season_standings_pdf",
    ),
    path(
        "seasons/<int:pk>/standings.csv",
        views_seasons.season_standings_csv,
        name="season_standings_csv",
    ),
]
