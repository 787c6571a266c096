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

from clubs.actors import Actor, TableActor
from clubs.models import Club
from clubs.permissions import can_direct
from scoring import table_access
from scoring.models import Match, MatchStatus, TableJoin
from tournaments.errors import TournamentActionError
from tournaments.models import Entry, EntryStatus, Table, Tournament


class ConfirmRefused(TournamentActionError):
    """A refused confirmation, with why in a word (`why`) for the pages that say it their way:
    "login", "role", "code", "follower", "disputed", "wrote", "unfinished"."""

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


def disputed() -> ConfirmRefused:
    return ConfirmRefused(_("The result is disputed: the director confirms it."), why="disputed")


def phone_join(match: Match, actor: TableActor, join: TableJoin | None = None) -> TableJoin | None:
    """The phone's join, if its code still opens `match` (`join`: the row already read)."""
    if join is None or join.pk != actor.join_id:
        join = (
            TableJoin.objects.select_related("code", "seat__player")
            .filter(pk=actor.join_id)
            .first()
        )
    if actor.match_id != match.pk or table_access.code_access(join, match) == table_access.NONE:
        return None
    return join


def confirm_refusal(
    table: Table,
    actor: Actor,
    *,
    plays_here: bool | None = None,
    join: TableJoin | None = None,
) -> ConfirmRefused | None:
    """Why `actor` may not confirm the table's result now, or None when they may. Who may: a
    director of the club, a logged-in player of the table, or a phone holding a seat of the
    table through its code; never whoever decided part of the result (`wrote_result`: their
    account, seat, phone or session); a disputed result, a director only (with a reason, which
    the service asks). Who may not hears it (403) before whether there is anything to confirm
    (400). `plays_here` and a phone's `join`, when the caller has read them, save queries."""
    match = table.match
    if match is None:
        return not_finished()
    if isinstance(actor, TableActor):
        refusal = _phone_refusal(table, match, actor, join)
    else:
        refusal = _user_refusal(table, match, actor, plays_here)
    if refusal is None and match.status != MatchStatus.FINISHED:
        return not_finished()
    return refusal


def _phone_refusal(
    table: Table, match: Match, actor: TableActor, known: TableJoin | None
) -> ConfirmRefused | None:
    join = phone_join(match, actor, known)
    if join is None:
        return ConfirmRefused(
            _("This phone's table code does not open this table (any more)."),
            why="code",
            field="code",
        )
    if not join.holds_seat:
        return ConfirmRefused(
            _(
                "This phone follows the match without a seat: a player holding a seat at the "
                "table confirms the result."
            ),
            why="follower",
        )
    if table.disputed_at is not None:
        return disputed()
    wrote = table_access.writing(match, join=join, users=[actor.user_id])
    if wrote == table_access.NOT_WRITTEN:
        return None
    if wrote == table_access.WROTE_LAST:
        return ConfirmRefused(
            _(
                "This phone entered the last hand (or the last change): someone else at the "
                "table must confirm the result."
            ),
            why="wrote",
        )
    return ConfirmRefused(
        _(
            "This seat (or this phone, or your account) entered part of this result: "
            "another player at the table must confirm it."
        ),
        why="wrote",
    )


def _user_refusal(
    table: Table, match: Match, user: Actor, plays_here: bool | None
) -> ConfirmRefused | None:
    if user is None or isinstance(user, TableActor) or not user.is_authenticated:
        return ConfirmRefused(_("Log in to confirm a result."), why="login")
    if plays_here is None:
        plays_here = match.seats.filter(player__user=user).exists()
    director = can_direct(user, Club(pk=match.club_id))  # the role is read by the club's id
    if not (director or plays_here):
        return ConfirmRefused(
            _("Only a director or a player of this table can confirm its result."), why="role"
        )
    if table_access.wrote_result(match, users=[user.pk]):
        return ConfirmRefused(
            _(
                "You recorded part of this result (a hand, a correction, a withdrawal, a "
                "re-entry or a time call): someone else must confirm it."
            ),
            why="wrote",
        )
    if table.disputed_at is not None and not director:
        return disputed()
    return None


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
