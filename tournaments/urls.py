"""Tournament pages, in one namespace "tournaments": the pages of table tournaments (Scala 40,
Ramino) and those every tournament has (the list, creating one, the director's console, entries,
standings, seating, tables, results, the ledger) and the printables (tournaments/pdf_views.py).
The Gin formats' pages (bracket, pairings, standings, the director's actions, their printables)
are `pairings.urls`, in the namespace "pairings", under the same /tournaments/.

<pk>/projector/                    projector      standings, seating, clock, bracket on a wall
<pk>/rounds/<number>/kit.pdf       round-kit      wall list + a score sheet per table
<pk>/rounds/<number>/seating.pdf   seating-pdf    wall list alone (?wall=1[&paper=a3]: large type)
<pk>/standings.pdf                 standings-pdf  (?wall=1[&paper=a3]: large type)
<pk>/results.pdf                   results-pdf    final ranking, payouts, pot
<pk>/check-in/qr.pdf               check-in-poster-pdf   the check-in QR code for the door
<pk>/check-in/list.pdf             check-in-list-pdf     who is here, fees paid and due

Self check-in and "where do I sit?" (tournaments/views/checkin.py): the player's pages under
check-in/<key>/ (the tournament's secret check-in key, no account needed), the public
<pk>/where/ and <pk>/rounds/<number>/where/, and the director's <pk>/check-in/.
"""

from django.urls import path

from tournaments import pdf_views, views
from tournaments.views import checkin

app_name = "tournaments"

urlpatterns = [
    # Table tournaments and every tournament's pages.
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="create"),
    path("new/rules/", views.rule_options, name="rule-options"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/entries/", views.entries, name="entries"),
    path("<int:pk>/keep-apart/", views.keep_apart, name="keep-apart"),
    path("<int:pk>/seat/", views.round_seat, name="seat"),
    path("<int:pk>/rounds/<int:number>/reseat/", views.round_reseat, name="reseat"),
    path("<int:pk>/rounds/<int:number>/swap/", views.table_swap, name="swap"),
    path("<int:pk>/rounds/<int:number>/start/", views.round_start, name="start"),
    path("<int:pk>/rounds/<int:number>/clock/", views.round_clock, name="clock"),
    path("<int:pk>/rounds/<int:number>/time/", views.round_call_time, name="call-time"),
    path("<int:pk>/tables/<int:table>/", views.table_page, name="table"),
    path("<int:pk>/tables/<int:table>/confirm/", views.table_confirm, name="confirm"),
    path("<int:pk>/tables/<int:table>/playoff/", views.table_playoff, name="playoff"),
    path("<int:pk>/finish/", views.tournament_finish, name="finish"),
    path("<int:pk>/reopen/", views.tournament_reopen, name="reopen"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/seating/", views.seating, name="seating"),
    path("<int:pk>/projector/", views.projector_page, name="projector"),
    path("<int:pk>/results/", views.results, name="results"),
    path("<int:pk>/ledger/", views.ledger, name="ledger"),
    path("<int:pk>/ledger.csv", views.ledger_csv, name="ledger-csv"),
    # Self check-in and "where do I sit?".
    path("check-in/<str:key>/", checkin.check_in, name="check-in"),
    path("check-in/<str:key>/where/", checkin.check_in_where, name="check-in-where"),
    path("<int:pk>/where/", checkin.where, name="where"),
    path("<int:pk>/rounds/<int:number>/where/", checkin.where, name="round-where"),
    path("<int:pk>/check-in/", checkin.check_in_qr, name="check-in-qr"),
    path("<int:pk>/check-in/key/", checkin.check_in_key, name="check-in-key"),
    path("<int:pk>/guests/<int:guest>/", checkin.guest_decide, name="guest"),
    path("<int:pk>/check-in/qr.pdf", checkin.check_in_poster_pdf, name="check-in-poster-pdf"),
    path("<int:pk>/check-in/list.pdf", checkin.check_in_list_pdf, name="check-in-list-pdf"),
    # The printables.
    path("<int:pk>/rounds/<int:number>/kit.pdf", pdf_views.round_kit, name="round-kit"),
    path("<int:pk>/rounds/<int:number>/seating.pdf", pdf_views.seating, name="seating-pdf"),
    path("<int:pk>/standings.pdf", pdf_views.standings, name="standings-pdf"),
    path("<int:pk>/results.pdf", pdf_views.results, name="results-pdf"),
]
