"""The clubs API: clubs by slug, their players and their members."""

from django.urls import path

from clubs import api

urlpatterns = [
    path("clubs/", api.ClubListView.as_view(), name="api-club-list"),
    path("clubs/<slug:slug>/", api.ClubDetailView.as_view(), name="api-club-detail"),
    path("clubs/<slug:slug>/players/", api.PlayerListView.as_view(), name="api-player-list"),
    path(
        "clubs/<slug:slug>/players/<int:pk>/",
        api.PlayerDetailView.as_view(),
        name="api-player-detail",
    ),
    path("clubs/<slug:slug>/members/", api.MemberListView.as_view(), name="api-member-list"),
    path(
        "clubs/<slug:slug>/members/<str:username>/",
        api.MemberDetailView.as_view(),
        name="api-member-detail",
    ),
]
