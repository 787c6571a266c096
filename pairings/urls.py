"""The pages of the Gin formats, in the namespace "pairings", under /tournaments/ beside the
tournaments' own pages (config/urls.py includes both): the bracket, the pairings, the standings,
the director's actions, and the printables (pairings/pdf_views.py):

<pk>/rounds/<number>/pairings.pdf  pairings-pdf   a Swiss or round robin round
<pk>/bracket.pdf[?paper=a3]        bracket-pdf

and a Burraco tournament's: the console's actions (pairings/burraco/views.py), a turno's page
and the director's actions on it (pairings/burraco/action_views.py), the standings
(pairings/burraco/standings_views.py) and the printables (pairings/burraco/pdf_views.py):

<pk>/burraco/standings/            burraco-standings
<pk>/turni/<number>/               burraco-turno          a turno's tables, actions, history
<pk>/turni/<number>/slips.pdf      burraco-slips          the score slips, a page per table
<pk>/turni/<number>/seating.pdf    burraco-seating        a turno's seating, large type
<pk>/mitchell.pdf                  burraco-movement-card  the Mitchell movement card
"""

from django.urls import path

from pairings import pdf_views, views
from pairings.burraco import action_views, team_views
from pairings.burraco import pdf_views as burraco_pdf_views
from pairings.burraco import standings_views as burraco_standings
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
    # Burraco: the console's actions (pairs pasted, the next turno, a pair withdrawn), its live
    # turno panel, and the standings.
    path("<int:pk>/burraco/turno/", burraco.turno_panel, name="burraco-turno-panel"),
    path("<int:pk>/burraco/pairs/", burraco.pairs, name="burraco-pairs"),
    path("<int:pk>/burraco/pair/", burraco.pair, name="burraco-pair"),
    path("<int:pk>/burraco/seat/", burraco.seat, name="burraco-seat"),
    path("<int:pk>/burraco/withdraw/", burraco.withdraw, name="burraco-withdraw"),
    path(
        "<int:pk>/burraco/standings/",
        burraco_standings.standings,
        name="burraco-standings",
    ),
    # Burraco teams (pairings/burraco/team_views.py).
    path("<int:pk>/teams/", team_views.teams_page, name="burraco-teams-page"),
    path("<int:pk>/teams/paste/", team_views.teams_paste, name="burraco-teams"),
    path("<int:pk>/teams/<int:team_id>/lineup/", team_views.team_lineup, name="burraco-lineup"),
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
    path(
        "<int:pk>/turni/<int:number>/slips.pdf",
        burraco_pdf_views.slips,
        name="burraco-slips",
    ),
    path(
        "<int:pk>/turni/<int:number>/seating.pdf",
        burraco_pdf_views.seating,
        name="burraco-seating",
    ),
    path(
        "<int:pk>/mitchell.pdf",
        burraco_pdf_views.movement_card,
        name="burraco-movement-card",
    ),
]
