"""The pages of the Gin formats, in the namespace "pairings", under /tournaments/ beside the
tournaments' own pages (config/urls.py includes both): the bracket, the pairings, the standings,
the director's actions, and the printables (pairings/pdf_views.py):

<pk>/rounds/<number>/pairings.pdf  pairings-pdf   a Swiss or round robin round
<pk>/bracket.pdf[?paper=a3]        bracket-pdf

and a Burraco tournament's, in the same namespace: pairings/burraco/urls.py (its table of
addresses there).
"""

from django.urls import include, path

from pairings import pdf_views, views

app_name = "pairings"

urlpatterns = [
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/pairings/", views.pairings, name="pairings"),
    path("<int:pk>/pairings/standings/", views.standings, name="standings"),
    path("<int:pk>/pairings/console/", views.console, name="console"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/next-round/", views.next_round, name="next-round"),
    path("<int:pk>/tables/<int:table>/fix/", views.result_fix, name="result-fix"),
    # The printables.
    path("<int:pk>/rounds/<int:number>/pairings.pdf", pdf_views.pairings, name="pairings-pdf"),
    path("<int:pk>/bracket.pdf", pdf_views.bracket, name="bracket-pdf"),
    # Burraco: the console's actions, the standings, the teams, a turno's page, the printables.
    path("", include("pairings.burraco.urls")),
]
