"""The pages of the Gin formats, in the namespace "pairings", under /tournaments/ beside the
tournaments' own pages (config/urls.py includes both): the bracket, the pairings, the standings,
the director's actions, and the printables (pairings/pdf_views.py):

<pk>/rounds/<number>/pairings.pdf  pairings-pdf   a Swiss or round robin round
<pk>/bracket.pdf[?paper=a3]        bracket-pdf

and a Burraco turno's page and actions (pairings/burraco/action_views.py).
"""

from django.urls import path

from pairings import pdf_views, views
from pairings.burraco import action_views

app_name = "pairings"

urlpatterns = [
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/pairings/", views.pairings, name="pairings"),
    path("<int:pk>/pairings/standings/", views.standings, name="standings"),
    path("<int:pk>/pairings/console/", views.console, name="console"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/next-round/", views.next_round, name="next-round"),
    path("<int:pk>/tables/<int:table>/fix/", views.result_fix, name="result-fix"),
    # Burraco: the director's page of a turno and the actions on it.
    path("<int:pk>/turni/<int:number>/", action_views.turno, name="burraco-turno"),
    path("<int:pk>/turni/<int:number>/actions/", action_views.action, name="burraco-action"),
    path(
        "<int:pk>/turni/actions/<int:action_id>/undo/",
        action_views.action_undo,
        name="burraco-action-undo",
    ),
    # The printables.
    path("<int:pk>/rounds/<int:number>/pairings.pdf", pdf_views.pairings, name="pairings-pdf"),
    path("<int:pk>/bracket.pdf", pdf_views.bracket, name="bracket-pdf"),
]
