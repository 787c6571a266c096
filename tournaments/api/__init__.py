"""The tournaments API, by sub-domain: `core` (tournaments and entries), `tables` (rounds and their
tables), `results` (standings, ranking, ledger) and `pairings` (Gin's draw, rounds, fixes,
bracket). The views `tournaments.api_urls` routes are importable from here.
"""

from tournaments.api.core import (
    CheckInAllView,
    EntryCheckInView,
    EntryDropView,
    EntryListView,
    TournamentDetailView,
    TournamentFinishView,
    TournamentListView,
    TournamentReopenView,
)
from tournaments.api.pairings import (
    BracketView,
    DrawView,
    NextRoundView,
    TableFixView,
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
    TableConfirmView,
    TablePlayoffView,
)

__all__ = [
    "BracketView",
    "CheckInAllView",
    "DrawView",
    "EntryCheckInView",
    "EntryDropView",
    "EntryListView",
    "FinalRankingView",
    "LedgerView",
    "NextRoundView",
    "RoundCallTimeView",
    "RoundDetailView",
    "RoundListView",
    "RoundPauseView",
    "RoundReseatView",
    "RoundResumeView",
    "RoundStartView",
    "RoundSwapView",
    "StandingsView",
    "TableConfirmView",
    "TableFixView",
    "TablePlayoffView",
    "TournamentDetailView",
    "TournamentFinishView",
    "TournamentListView",
    "TournamentReopenView",
]
