"""Everything that changes a tournament, by sub-domain: `core` (the tournament and its entries:
settings, creation, registration, check-in, drops, finishing, reopening) and `tables` (the rounds
of a table tournament: seating, swaps, the clock, time calls, confirming tables, playoff places).
The draw, rounds of pairings and fixes of the Gin formats are `pairings.services`.

The public names are importable from here, where callers and tests have always found them, with
the refusal of every tournaments service (`tournaments.errors`) and whether a table's result
counts (`tournaments.rounds`).
"""

from tournaments.errors import TournamentActionError
from tournaments.rounds import table_counts
from tournaments.services.core import (
    CENT,
    MONEY_MAX_MESSAGE,
    SETTING_DEFAULTS,
    SETTING_RANGE_MESSAGE,
    SETTING_RANGES,
    SIZE_SETTINGS,
    check_settings,
    checked_day,
    checked_name,
    entry_check_in,
    entry_check_in_all,
    entry_drop,
    entry_register,
    money_max_message,
    setting_range_message,
    tournament_create,
    tournament_finish,
    tournament_reopen,
)
from tournaments.services.tables import (
    SwapMakesRepeats,
    history,
    playoff_places,
    result_entered_by,
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
    "MONEY_MAX_MESSAGE",
    "SETTING_DEFAULTS",
    "SETTING_RANGES",
    "SETTING_RANGE_MESSAGE",
    "SIZE_SETTINGS",
    "SwapMakesRepeats",
    "TournamentActionError",
    "check_settings",
    "checked_day",
    "checked_name",
    "entry_check_in",
    "entry_check_in_all",
    "entry_drop",
    "entry_register",
    "history",
    "money_max_message",
    "playoff_places",
    "result_entered_by",
    "round_call_time",
    "round_clock_pause",
    "round_clock_resume",
    "round_reseat",
    "round_seat",
    "round_start",
    "setting_range_message",
    "table_confirm",
    "table_counts",
    "table_dispute",
    "table_swap",
    "tournament_create",
    "tournament_finish",
    "tournament_reopen",
]
