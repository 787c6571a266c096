"""The Gin tournaments' pages: bracket, pairings, standings and the director's actions."""

from django.urls import path

from tournaments import views_pairings as views

urlpatterns = [
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/pairings/", views.pairings, name="pairings"),
    path("<int:pk>/pairings/standings/", views.standings, name="pairing_standings"),
    path("<int:pk>/pairings/console/", views.console, name="pairing_console"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/next-round/", views.next_round, name="next_round"),
    path("<int:pk>/tables/<int:table>/fix/", views.result_fix, name="result_fix"),
]
