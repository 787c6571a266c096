"""The pages of a Burraco tournament, in the namespace "pairings" (pairings/urls.py includes them
beside the Gin formats' pages, under /tournaments/):

the console's actions and its live turno panel (pairings/burraco/views.py)
<pk>/burraco/turno/                burraco-turno-panel    the console's turno, asked again (htmx)
<pk>/burraco/pairs/                burraco-pairs          POST: pairs pasted, one a line
<pk>/burraco/pair/                 burraco-pair           POST: two players entered made a pair
<pk>/burraco/seat/                 burraco-seat           POST: seat the next turno
<pk>/burraco/withdraw/             burraco-withdraw       POST: a pair withdraws (asks first)

the standings (pairings/burraco/standings_views.py)
<pk>/burraco/standings/            burraco-standings

the teams of a team tournament (pairings/burraco/team_views.py)
<pk>/teams/                        burraco-teams-page     the teams, their players and pairs
<pk>/teams/paste/                  burraco-teams          POST: teams pasted, one a line
<pk>/teams/<team_id>/lineup/       burraco-lineup         POST: a team's pairs for a turno

a turno's page and the director's actions on it (pairings/burraco/action_views.py)
<pk>/turni/<number>/               burraco-turno          a turno's tables, actions, history
<pk>/turni/<number>/actions/       burraco-action         POST: record (asks first)
<pk>/turni/actions/<action_id>/undo/  burraco-action-undo  POST: undo (asks first)

the printables (pairings/burraco/pdf_views.py)
<pk>/turni/<number>/slips.pdf      burraco-slips          the score slips, a page per table
<pk>/turni/<number>/seating.pdf    burraco-seating        a turno's seating, large type
<pk>/mitchell.pdf                  burraco-movement-card  the Mitchell movement card
"""

from django.urls import path

from pairings.burraco import action_views, pdf_views, standings_views, team_views, views

urlpatterns = [
    path("<int:pk>/burraco/turno/", views.turno_panel, name="burraco-turno-panel"),
    path("<int:pk>/burraco/pairs/", views.pairs, name="burraco-pairs"),
    path("<int:pk>/burraco/pair/", views.pair, name="burraco-pair"),
    path("<int:pk>/burraco/seat/", views.seat, name="burraco-seat"),
    path("<int:pk>/burraco/withdraw/", views.withdraw, name="burraco-withdraw"),
    path("<int:pk>/burraco/standings/", standings_views.standings, name="burraco-standings"),
    path("<int:pk>/teams/", team_views.teams_page, name="burraco-teams-page"),
    path("<int:pk>/teams/paste/", team_views.teams_paste, name="burraco-teams"),
    path("<int:pk>/teams/<int:team_id>/lineup/", team_views.team_lineup, name="burraco-lineup"),
    path("<int:pk>/turni/<int:number>/", action_views.turno, name="burraco-turno"),
    path("<int:pk>/turni/<int:number>/actions/", action_views.action, name="burraco-action"),
    path(
        "<int:pk>/turni/actions/<int:action_id>/undo/",
        action_views.action_undo,
        name="burraco-action-undo",
    ),
    path("<int:pk>/turni/<int:number>/slips.pdf", pdf_views.slips, name="burraco-slips"),
    path("<int:pk>/turni/<int:number>/seating.pdf", pdf_views.seating, name="burraco-seating"),
    path("<int:pk>/mitchell.pdf", pdf_views.movement_card, name="burraco-movement-card"),
]
