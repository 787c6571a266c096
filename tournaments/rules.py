"""Who may confirm a table's result and whether a dropped player may come back: each rule once,
in the shape of the formats' `finish_refusal` -> `can_finish`. A `*_refusal` function answers
the refusal (a `TournamentActionError` in the user's language) or None; the service raises it
with its rows locked, and the pages (the tournament's console, a table's page, the match page
through `tournaments.match_pages`) only ask it, so a page never offers what the service refuses.

Who decided a result is `scoring.table_access.wrote_result`, and whether a result counts is
`Table.result_counts`; `tests/tournaments/test_one_rule.py` checks that no page decides them.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor
from scoring import countersign
from scoring.models import MatchStatus, TableJoin
from tournaments.errors import TournamentActionError
from tournaments.models import Entry, EntryStatus, Table, Tournament


class ConfirmRefused(TournamentActionError):
    """A refused confirmation, with why in a word (`why`) for the pages that say it their way:
    "login", "role", "code", "follower", "disputed", "wrote", "line", "unfinished"."""

    def __init__(self, message, *, why: str, status: int | None = 403, field: str = "user"):
        self.why = why
        super().__init__(message, field=field, status=status)


def not_finished() -> ConfirmRefused:
    return ConfirmRefused(
        _("The match at this table is not finished yet."),
        why="unfinished",
        field="table",
        status=None,
    )


# The phone's join, if its code still opens the match (the table's service asks it too).
phone_join = countersign.phone_join


def confirm_refusal(
    table: Table,
    actor: Actor,
    *,
    plays_here: bool | None = None,
    join: TableJoin | None = None,
) -> ConfirmRefused | None:
    """Why `actor` may not confirm the table's result now, or None when they may. Who may is
    scoring's rule of who confirms a match (`scoring.countersign.confirmer_refusal`): a
    director of the club, a logged-in player of the table, or a phone holding a seat of the
    table through its code; never whoever decided part of the result (`wrote_result`: their
    account, seat, phone or session), nor, in a game countersigned by lines, a player of the
    only line that wrote it; a disputed result, a director only (with a reason, which the
    service asks). Who may not hears it (403) before whether there is anything to confirm
    (400). `plays_here` and a phone's `join`, when the caller has read them, save queries."""
    match = table.match
    if match is None:
        return not_finished()
    refused = countersign.confirmer_refusal(
        match, actor, plays_here=plays_here, join=join, is_disputed=table.disputed_at is not None
    )
    if refused is None:
        return not_finished() if match.status != MatchStatus.FINISHED else None
    return ConfirmRefused(
        refused.message, why=refused.why, status=refused.status, field=refused.field or "user"
    )


# Reinstating a dropped player ---------------------------------------------------------------------


def rounds_seated(tournament: Tournament) -> list[tuple[int, datetime.datetime]]:
    """Every round of the tournament as (number, when it was seated), in round order: what
    `reinstate_refusal` reads, once for a whole page of entries."""
    return list(tournament.rounds.order_by("number").values_list("number", "created_at"))


def reinstate_refusal(
    entry: Entry, seated: Sequence[tuple[int, datetime.datetime]]
) -> TournamentActionError | None:
    """Why the dropped `entry` may not come back, or None when they may: only a dropped player,
    and only until a round is seated (drawn, paired) without them. `seated` is
    `rounds_seated(tournament)`."""
    if entry.status != EntryStatus.DROPPED:
        return TournamentActionError(
            _("%(name)s has not dropped out.") % {"name": entry.player.name}, field="entry"
        )
    dropped = entry.dropped_at
    since = [number for number, at in seated if dropped is not None and at > dropped]
    if since:
        return TournamentActionError(
            _(
                "Round %(number)s was seated after %(name)s dropped out: a dropped player can "
                "come back only until the next round is seated."
            )
            % {"number": since[0], "name": entry.player.name},
            field="entry",
        )
    return None
