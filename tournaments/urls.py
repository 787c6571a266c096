"""Tournament pages, in one namespace "tournaments": the pages of table tournaments (Scala 40,
Ramino) and those every tournament has (the list, creating one, the director's console, entries,
standings, seating, tables, results, the ledger) and the printables (tournaments/pdf_views.py).
The Gin formats' pages (bracket, pairings, standings, the director's actions, their printables)
are `pairings.urls`, in the namespace "pairings", under the same /tournaments/.

<pk>/rounds/<number>/kit.pdf       round-kit      wall list + a score sheet per table
<pk>/rounds/<number>/seating.pdf   seating-pdf    wall list alone
<pk>/standings.pdf                 standings-pdf
<pk>/results.pdf                   results-pdf    final ranking, payouts, pot
"""

from django.urls import path

from tournaments import pdf_views, views

app_name = "tournaments"

urlpatterns = [
    # Table tournaments and every tournament's pages.
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="create"),
    path("new/rules/", views.rule_options, name="rule-options"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/entries/", views.entries, name="entries"),
    path("<int:pk>/seat/", views.round_seat, name="seat"),
    path("<int:pk>/rounds/<int:number>/reseat/", views.round_reseat, name="reseat"),
    path("<int:pk>/rounds/<int:number>/swap/", views.table_swap, name="swap"),
    path("<int:pk>/rounds/<int:number>/start/", views.round_start, name="start"),
    path("<int:pk>/rounds/<int:number>/clock/", views.round_clock, name="clock"),
    path("<int:pk>/rounds/<int:number>/time/", views.round_call_time, name="call-time"),
    path("<int:pk>/tables/<int:table>/", views.table_page, name="table"),
    path("<int:pk>/tables/<int:table>/confirm/", views.table_confirm, name="confirm"),
    path(
        "<int:pk>/tables/<int:table>/confirm-at-table/",
        views.table_confirm_at_table,
        name="confirm-at-table",
    ),
    path("<int:pk>/tables/<int:table>/dispute/", views.table_dispute, name="dispute"),
    path("<int:pk>/tables/<int:table>/playoff/", views.table_playoff, name="playoff"),
    path("<int:pk>/finish/", views.tournament_finish, name="finish"),
    path("<int:pk>/reopen/", views.tournament_reopen, name="reopen"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/seating/", views.seating, name="seating"),
    path("<int:pk>/results/", views.results, name="results"),
    path("<int:pk>/ledger/", views.ledger, name="ledger"),
    path("<int:pk>/ledger.csv", views.ledger_csv, name="ledger-csv"),
    # The printables.
    path("<int:pk>/rounds/<int:number>/kit.pdf", pdf_views.round_kit, name="round-kit"),
    path("<int:pk>/rounds/<int:number>/seating.pdf", pdf_views.seating, name="seating-pdf"),
    path("<int:pk>/standings.pdf", pdf_views.standings, name="standings-pdf"),
    path("<int:pk>/results.pdf", pdf_views.results, name="results-pdf"),
]
