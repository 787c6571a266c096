"""Ratings and player profiles in the API, under /api/v1/clubs/<slug>/."""

from django.urls import path

from tournaments import api_ratings

urlpatterns = [
    path("ratings/", api_ratings.LeaderboardView.as_view(), name="api-club-ratings"),
    path(
        "players/<int:pk>/profile/",
        api_ratings.PlayerProfileView.as_view(),
        name="api-club-player-profile",
    ),
]
