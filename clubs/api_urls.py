"""The clubs API: clubs by slug, their players, members and invitations; your invitations."""

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
    path(
        "clubs/<slug:slug>/invitations/",
        api.ClubInvitationListView.as_view(),
        name="api-club-invitation-list",
    ),
    path(
        "clubs/<slug:slug>/invitations/<str:username>/",
        api.ClubInvitationDetailView.as_view(),
        name="api-club-invitation-detail",
    ),
    path("invitations/", api.MyInvitationListView.as_view(), name="api-invitation-list"),
    path(
        "invitations/<slug:slug>/accept/",
        api.InvitationAcceptView.as_view(),
        name="api-invitation-accept",
    ),
    path(
        "invitations/<slug:slug>/decline/",
        api.InvitationDeclineView.as_view(),
        name="api-invitation-decline",
    ),
]
