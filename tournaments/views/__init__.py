"""The tournament pages, by sub-domain: `core` (the list, creating one, the tournament's page,
entries, finishing and reopening), `apart` (the keep-apart groups), `tables` (rounds, tables and
the public pages) and `money` (the ledger). The pages of the Gin formats (brackets, Swiss, round
robin) are the `pairings` app's (`pairings.views`).

The views and helpers the URL modules and other page modules use are importable from here.
"""

from tournaments.views.apart import keep_apart
from tournaments.views.core import (
    PAGE_SIZE,
    STANDINGS_POLL_SECONDS,
    TableRow,
    back_to,
    entries,
    entry_of,
    round_of,
    rule_options,
    table_of,
    table_rows,
    tournament_create,
    tournament_detail,
    tournament_finish,
    tournament_list,
    tournament_reopen,
)
from tournaments.views.money import (
    LedgerView,
    ledger,
    ledger_csv,
)
from tournaments.views.projector import old_projector_address, projector_page
from tournaments.views.tables import (
    TABLE_POLL_SECONDS,
    results,
    round_call_time,
    round_clock,
    round_reseat,
    round_seat,
    round_start,
    seating,
    standings,
    table_confirm,
    table_confirm_at_table,
    table_dispute,
    table_page,
    table_playoff,
    table_swap,
)

__all__ = [
    "PAGE_SIZE",
    "STANDINGS_POLL_SECONDS",
    "TABLE_POLL_SECONDS",
    "LedgerView",
    "TableRow",
    "back_to",
    "entries",
    "entry_of",
    "keep_apart",
    "ledger",
    "ledger_csv",
    "old_projector_address",
    "projector_page",
    "results",
    "round_call_time",
    "round_clock",
    "round_of",
    "round_reseat",
    "round_seat",
    "round_start",
    "rule_options",
    "seating",
    "standings",
    "table_confirm",
    "table_confirm_at_table",
    "table_dispute",
    "table_of",
    "table_page",
    "table_playoff",
    "table_rows",
    "table_swap",
    "tournament_create",
    "tournament_detail",
    "tournament_finish",
    "tournament_list",
    "tournament_reopen",
]
