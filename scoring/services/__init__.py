"""first (`select_for_update`), so two phones at one table never lose or duplicate an event.

After every change the whole match is replayed by the engine and its summary cached
(`scoring.cache`); if the engine refuses (a hand impossible now, a correction that makes a later
hand impossible), the transaction is rolled back and `MatchError` says which event and why.
Nothing already recorded is ever lost: events are append-only versions. A submission based on a
view the match has left behind is refused with `MatchMovedOn` (409), saying what changed.

A closed match (`Match.closed_because`: a higher app closes the matches of a finished tournament)
refuses every change, with the reason as the `MatchError`'s message: `refuse_if_closed`, called
by every writer once it holds the match row. A phone that joined with the match's table code
(`clubs.actors.TableActor`) writes like anyone; its versions name it, and it is refused once its
code no longer lets it write (`scoring.table_access.version_author`, with the row locked).

By concern: `replay` (a match's current events and their replay), `matches` (starting a match,
the lock, a closed match's refusal), `events` (recording, correcting, voiding, importing events),
`players` (re-entries, withdrawals, stays-out) and `errors` (`MatchError`, `MatchMovedOn`). The
public names are importable from here.
"""

from scoring.services.errors import (
    CONFLICT,
    MatchChange,
    MatchError,
    MatchMovedOn,
)
from scoring.services.events import (
    Recorded,
    changes_since,
    event_record,
    event_record_replayed,
    event_void,
    events_import,
    hand_correct,
    hand_record,
    match_call_time,
    matches_call_time,
    rebased,
    rebased_over,
)
from scoring.services.matches import (
    guest_player,
    lock_match,
    match_start,
    match_state_rebuild,
    matches_start,
    refuse_if_closed,
)
from scoring.services.players import (
    NOT_IN_PLAY,
    NOT_WAITING,
    WAITS,
    player_reenter,
    player_stays_out,
    player_withdraw,
)
from scoring.services.replay import (
    CURRENT_EVENT_COLUMNS,
    CurrentEvent,
    Replay,
    current_events,
    current_events_by_match,
    current_versions,
    hands_of,
    in_force,
    match_document,
    replay_current,
    replay_events,
    replay_match,
)

__all__ = [
    "CONFLICT",
    "CURRENT_EVENT_COLUMNS",
    "NOT_IN_PLAY",
    "NOT_WAITING",
    "WAITS",
    "CurrentEvent",
    "MatchChange",
    "MatchError",
    "MatchMovedOn",
    "Recorded",
    "Replay",
    "changes_since",
    "current_events",
    "current_events_by_match",
    "current_versions",
    "event_record",
    "event_record_replayed",
    "event_void",
    "events_import",
    "guest_player",
    "hand_correct",
    "hand_record",
    "hands_of",
    "in_force",
    "lock_match",
    "match_call_time",
    "match_document",
    "match_start",
    "match_state_rebuild",
    "matches_call_time",
    "matches_start",
    "player_reenter",
    "player_stays_out",
    "player_withdraw",
    "rebased",
    "rebased_over",
    "refuse_if_closed",
    "replay_current",
    "replay_events",
    "replay_match",
]
