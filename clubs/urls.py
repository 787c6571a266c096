"""The club pages, under /clubs/."""

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("new/", views.club_create, name="create"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/settings/", views.club_settings, name="settings"),
    path("<slug:slug>/players/", views.player_add, name="player-add"),
    path("<slug:slug>/players/<int:pk>/", views.player_edit, name="player-edit"),
    path("<slug:slug>/members/", views.member_invite, name="member-invite"),
    path("<slug:slug>/members/<int:pk>/", views.member_update, name="member-update"),
    path(
        "<slug:slug>/invitations/<str:username>/withdraw/",
        views.invitation_withdraw,
        name="invitation-withdraw",
    ),
    path("<slug:slug>/invitation/", views.invitation_answer, name="invitation-answer"),
]
