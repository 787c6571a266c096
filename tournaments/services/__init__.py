"""Everything that changes a tournament, by sub-domain: `core` (the tournament and its entries:
settings, creation, registration, check-in, drops and reinstatements, finishing, reopening),
`checkin` (self check-in by the tournament's QR code, guests approved by the director), `tables`
(the rounds of a table tournament: seating, swaps, the clock, time calls, confirming tables,
playoff places) and `apart` (the keep-apart groups every seating respects). The draw, rounds of
pairings and fixes of the Gin formats are `pairings.services`.

The public names are importable from here, where callers and tests have always found them, with
the refusal of every tournaments service (`tournaments.errors`), whether a table's result
counts and why the next round is not seated yet (`tournaments.rounds`: the refusal
`round_seat` raises, which the console asks).
"""

from tournaments.errors import TournamentActionError
from tournaments.rounds import still_playing_refusal, table_counts
from tournaments.services.apart import apart_group_add, apart_group_remove, apart_groups
from tournaments.services.checkin import (
    CheckedIn,
    check_in_key_renew,
    guest_approve,
    guest_ask,
    guest_refuse,
    self_check_in,
)
from tournaments.services.core import (
    CENT,
    MANY_MAX,
    SIZE_SETTINGS,
    check_settings,
    checked_day,
    checked_name,
    entries_register,
    entry_check_in,
    entry_check_in_all,
    entry_drop,
    entry_pay,
    entry_register,
    entry_reinstate,
    entry_unpay,
    tournament_create,
    tournament_finish,
    tournament_reopen,
)
from tournaments.services.tables import (
    SwapMakesRepeats,
    history,
    playoff_places,
    round_call_time,
    round_clock_pause,
    round_clock_resume,
    round_reseat,
    round_seat,
    round_start,
    table_confirm,
    table_dispute,
    table_swap,
)

__all__ = [
    "CENT",
    "MANY_MAX",
    "SIZE_SETTINGS",
    "CheckedIn",
    "SwapMakesRepeats",
    "TournamentActionError",
    "apart_group_add",
    "apart_group_remove",
    "apart_groups",
    "check_in_key_renew",
    "check_settings",
    "checked_day",
    "checked_name",
    "entries_register",
    "entry_check_in",
    "entry_check_in_all",
    "entry_drop",
    "entry_pay",
    "entry_register",
    "entry_reinstate",
    "entry_unpay",
    "guest_approve",
    "guest_ask",
    "guest_refuse",
    "history",
    "playoff_places",
    "round_call_time",
    "round_clock_pause",
    "round_clock_resume",
    "round_reseat",
    "round_seat",
    "round_start",
    "self_check_in",
    "still_playing_refusal",
    "table_confirm",
    "table_counts",
    "table_dispute",
    "table_swap",
    "tournament_create",
    "tournament_finish",
    "tournament_reopen",
]
