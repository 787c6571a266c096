"""Ratings and player profiles, under /clubs/<slug>/ (namespace "clublife")."""

from django.urls import path

from tournaments import views_ratings

urlpatterns = [
    path("ratings/", views_ratings.leaderboard, name="ratings"),
    path("ratings/recompute/", views_ratings.recompute, name="ratings_recompute"),
    path("players/<int:pk>/profile/", views_ratings.profile, name="player_profile"),
]
