"""The tournaments API, under /api/v1/tournaments/ (the Gin formats' endpoints there are
`pairings.api_urls`)."""

from django.urls import path

from tournaments import api

T = "tournaments/<int:pk>/"
ROUND = T + "rounds/<int:number>/"
TABLE = T + "tables/<int:table_id>/"
ENTRY = T + "entries/<int:entry_id>/"

urlpatterns = [
    path("tournaments/", api.TournamentListView.as_view(), name="api-tournament-list"),
    path(T, api.TournamentDetailView.as_view(), name="api-tournament-detail"),
    path(T + "finish/", api.TournamentFinishView.as_view(), name="api-tournament-finish"),
    path(T + "reopen/", api.TournamentReopenView.as_view(), name="api-tournament-reopen"),
    path(T + "entries/", api.EntryListView.as_view(), name="api-tournament-entries"),
    path(T + "entries/many/", api.EntriesCreateView.as_view(), name="api-tournament-entries-many"),
    path(
        T + "entries/check-in-all/",
        api.CheckInAllView.as_view(),
        name="api-tournament-check-in-all",
    ),
    path(ENTRY + "check-in/", api.EntryCheckInView.as_view(), name="api-entry-check-in"),
    path(ENTRY + "pay/", api.EntryPayView.as_view(), name="api-entry-pay"),
    path(ENTRY + "unpay/", api.EntryUnpayView.as_view(), name="api-entry-unpay"),
    path(ENTRY + "drop/", api.EntryDropView.as_view(), name="api-entry-drop"),
    path(ENTRY + "reinstate/", api.EntryReinstateView.as_view(), name="api-entry-reinstate"),
    path(T + "keep-apart/", api.KeepApartListView.as_view(), name="api-tournament-keep-apart"),
    path(
        T + "keep-apart/<int:group_id>/",
        api.KeepApartDetailView.as_view(),
        name="api-tournament-keep-apart-group",
    ),
    path(T + "rounds/", api.RoundListView.as_view(), name="api-tournament-rounds"),
    path(ROUND, api.RoundDetailView.as_view(), name="api-round-detail"),
    path(ROUND + "reseat/", api.RoundReseatView.as_view(), name="api-round-reseat"),
    path(ROUND + "swap/", api.RoundSwapView.as_view(), name="api-round-swap"),
    path(ROUND + "start/", api.RoundStartView.as_view(), name="api-round-start"),
    path(ROUND + "pause/", api.RoundPauseView.as_view(), name="api-round-pause"),
    path(ROUND + "resume/", api.RoundResumeView.as_view(), name="api-round-resume"),
    path(ROUND + "call-time/", api.RoundCallTimeView.as_view(), name="api-round-call-time"),
    path(TABLE + "confirm/", api.TableConfirmView.as_view(), name="api-table-confirm"),
    path(
        TABLE + "confirm-at-table/",
        api.TableConfirmAtTableView.as_view(),
        name="api-table-confirm-at-table",
    ),
    path(TABLE + "dispute/", api.TableDisputeView.as_view(), name="api-table-dispute"),
    path(TABLE + "playoff/", api.TablePlayoffView.as_view(), name="api-table-playoff"),
    path(T + "standings/", api.StandingsView.as_view(), name="api-tournament-standings"),
    path(T + "final-ranking/", api.FinalRankingView.as_view(), name="api-tournament-final-ranking"),
    path(T + "ledger/", api.LedgerView.as_view(), name="api-tournament-ledger"),
]
