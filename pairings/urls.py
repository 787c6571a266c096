"""The pages of the Gin formats, in the namespace "pairings", under /tournaments/ beside the
tournaments' own pages (config/urls.py includes both): the bracket, the pairings, the standings,
the director's actions, and the printables (pairings/pdf_views.py):

<pk>/rounds/<number>/pairings.pdf  pairings-pdf   a Swiss or round robin round
<pk>/bracket.pdf[?paper=a3]        bracket-pdf
"""

from django.urls import path

from pairings import pdf_views, views
from pairings.burraco import views as burraco

app_name = "pairings"

urlpatterns = [
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/pairings/", views.pairings, name="pairings"),
    path("<int:pk>/pairings/standings/", views.standings, name="standings"),
    path("<int:pk>/pairings/console/", views.console, name="console"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/next-round/", views.next_round, name="next-round"),
    path("<int:pk>/tables/<int:table>/fix/", views.result_fix, name="result-fix"),
    # Burraco: the console's actions (pairs pasted, the next turno, a pair withdrawn).
    path("<int:pk>/burraco/turno/", burraco.turno_panel, name="burraco-turno"),
    path("<int:pk>/burraco/pairs/", burraco.pairs, name="burraco-pairs"),
    path("<int:pk>/burraco/seat/", burraco.seat, name="burraco-seat"),
    path("<int:pk>/burraco/withdraw/", burraco.withdraw, name="burraco-withdraw"),
    # The printables.
    path("<int:pk>/rounds/<int:number>/pairings.pdf", pdf_views.pairings, name="pairings-pdf"),
    path("<int:pk>/bracket.pdf", pdf_views.bracket, name="bracket-pdf"),
]
