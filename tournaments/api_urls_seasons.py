"""Seasons in the API, under /api/v1/clubs/<slug>/."""

from django.urls import path

from tournaments import api_seasons

urlpatterns = [
    path("seasons/", api_seasons.SeasonListView.as_view(), name="api-club-seasons"),
    path("seasons/<int:pk>/", api_seasons.SeasonDetailView.as_view(), name="api-club-season"),
    path(
        "seasons/<int:pk>/standings/",
        api_seasons.SeasonStandingsView.as_view(),
        name="api-club-season-standings",
    ),
]
