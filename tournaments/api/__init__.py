"""The tournaments API, by sub-domain: `core` (tournaments and entries), `apart` (keep-apart
groups), `tables` (rounds and their tables) and `results` (standings, ranking, ledger). The views
`tournaments.api_urls` routes are importable from here. The Gin formats' API (the draw, rounds,
fixes, the bracket) is `pairings.api`.
"""

from tournaments.api.apart import KeepApartDetailView, KeepApartListView
from tournaments.api.core import (
    CheckInAllView,
    EntriesCreateView,
    EntryCheckInView,
    EntryDropView,
    EntryListView,
    EntryPayView,
    EntryReinstateView,
    EntryUnpayView,
    TournamentDetailView,
    TournamentFinishView,
    TournamentListView,
    TournamentReopenView,
)
from tournaments.api.results import (
    FinalRankingView,
    LedgerView,
    StandingsView,
)
from tournaments.api.tables import (
    RoundCallTimeView,
    RoundDetailView,
    RoundListView,
    RoundPauseView,
    RoundReseatView,
    RoundResumeView,
    RoundStartView,
    RoundSwapView,
    TableConfirmAtTableView,
    TableConfirmView,
    TableDisputeView,
    TablePlayoffView,
)

__all__ = [
    "CheckInAllView",
    "EntriesCreateView",
    "EntryCheckInView",
    "EntryDropView",
    "EntryListView",
    "EntryPayView",
    "EntryReinstateView",
    "EntryUnpayView",
    "FinalRankingView",
    "KeepApartDetailView",
    "KeepApartListView",
    "LedgerView",
    "RoundCallTimeView",
    "RoundDetailView",
    "RoundListView",
    "RoundPauseView",
    "RoundReseatView",
    "RoundResumeView",
    "RoundStartView",
    "RoundSwapView",
    "StandingsView",
    "TableConfirmAtTableView",
    "TableConfirmView",
    "TableDisputeView",
    "TablePlayoffView",
    "TournamentDetailView",
    "TournamentFinishView",
    "TournamentListView",
    "TournamentReopenView",
]
