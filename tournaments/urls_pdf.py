"""The printables of a tournament (tournaments/pdf_views.py), in the namespace "tournaments":

<pk>/rounds/<number>/kit.pdf       round_kit      wall list + a score sheet per table
<pk>/rounds/<number>/seating.pdf   seating_pdf    wall list alone
<pk>/rounds/<number>/pairings.pdf  pairings_pdf   a Swiss or round robin round
<pk>/standings.pdf                 standings_pdf
<pk>/results.pdf                   results_pdf    final ranking, payouts, pot
<pk>/bracket.pdf[?paper=a3]        bracket_pdf
"""

from django.urls import path

from tournaments import pdf_views

urlpatterns = [
    path("<int:pk>/rounds/<int:number>/kit.pdf", pdf_views.round_kit, name="round_kit"),
    path("<int:pk>/rounds/<int:number>/seating.pdf", pdf_views.seating, name="seating_pdf"),
    path("<int:pk>/rounds/<int:number>/pairings.pdf", pdf_views.pairings, name="pairings_pdf"),
    path("<int:pk>/standings.pdf", pdf_views.standings, name="standings_pdf"),
    path("<int:pk>/results.pdf", pdf_views.results, name="results_pdf"),
    path("<int:pk>/bracket.pdf", pdf_views.bracket, name="bracket_pdf"),
]
