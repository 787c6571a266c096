"""Who may confirm (countersign) a match's result: the rule of who, once, for a tournament's table
(`tournaments.rules.confirm_refusal` asks it, then adds its own table's facts) and for a club
night's match of a game countersigned by lines (`match_confirm_refusal`, Burraco's: "the result
is confirmed by a player of the other line", as the federation codes' paper slip asks).

Who may: a director of the club, a logged-in player of the match, or a phone holding a seat
through the match's table code; never whoever decided part of the result
(`table_access.writing`: their account, seat, phone or session); and, for a game whose kind says
`countersigned_by_lines`, never a player of a line that wrote part of the result while the other
line wrote none ("La linea NS ha scritto il risultato: conferma un giocatore della linea EO").
A rule answers the refusal (`ConfirmRefused`, with why in a word) or None; the service
(`scoring.services.confirming.match_confirm`) raises it with the match row locked, and the pages
(the match page through its place, the API) only ask it.
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.actors import Actor, TableActor
from clubs.models import Club
from clubs.permissions import can_direct
from scoring import table_access
from scoring.games import game_of
from scoring.models import EventVersion, Match, TableJoin
from scoring.pages import MatchPlace
from scoring.services.errors import MatchError
from scoring.table_access import MatchViewer


class ConfirmRefused(MatchError):
    """A refused confirmation, with why in a word (`why`) for the pages that say it their way:
    "login", "role", "code", "follower", "disputed", "wrote", "line", "unfinished", "game",
    "tournament"."""

    def __init__(self, message, *, why: str, status: int | None = 403, field: str = "user"):
        self.why = why
        super().__init__(message, field=field, status=status)


# Why the one asking is not at the table at all (no role, no seat, a code of another table):
# a page answers them 403, where it tells a player at the table why not.
NOT_AT_THE_TABLE = frozenset({"login", "role", "code"})


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


def confirmer_refusal(
    match: Match,
    actor: Actor,
    *,
    plays_here: bool | None = None,
    join: TableJoin | None = None,
    is_disputed: bool = False,
) -> ConfirmRefused | None:
    """Why `actor` may not confirm the result of `match` whatever it stands in (a tournament's
    table or a club night), or None when they may (the module's docstring). A disputed
    result is confirmed by a director only. `plays_here` and a phone's `join`, when the caller
    has read them, save queries."""
    if isinstance(actor, TableActor):
        return _phone_refusal(match, actor, join, is_disputed=is_disputed)
    return _user_refusal(match, actor, plays_here, is_disputed=is_disputed)


def _phone_refusal(
    match: Match, actor: TableActor, known: TableJoin | None, *, is_disputed: bool
) -> ConfirmRefused | None:
    join = phone_join(match, actor, known)
    if join is None:
        return ConfirmRefused(
            _("This phone's table code does not open this table (any more)."),
            why="code",
            field="code",
        )
    if not join.holds_seat or join.seat is None:
        return ConfirmRefused(
            _(
                "This phone follows the match without a seat: a player holding a seat at the "
                "table confirms the result."
            ),
            why="follower",
        )
    if is_disputed:
        return disputed()
    wrote = table_access.writing(match, join=join, users=[actor.user_id])
    if wrote == table_access.WROTE_LAST:
        return ConfirmRefused(
            _(
                "This phone entered the last hand (or the last change): someone else at the "
                "table must confirm the result."
            ),
            why="wrote",
        )
    if wrote != table_access.NOT_WRITTEN:
        return ConfirmRefused(
            _(
                "This seat (or this phone, or your account) entered part of this result: "
                "another player at the table must confirm it."
            ),
            why="wrote",
        )
    return line_refusal(match, join.seat.seat)


def _user_refusal(
    match: Match, user: Actor, plays_here: bool | None, *, is_disputed: bool
) -> ConfirmRefused | None:
    if user is None or isinstance(user, TableActor) or not user.is_authenticated:
        return ConfirmRefused(_("Log in to confirm a result."), why="login")
    seat = None
    if plays_here is None or plays_here:
        seat = match.seats.filter(player__user=user).values_list("seat", flat=True).first()
        plays_here = seat is not None
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
    if is_disputed and not director:
        return disputed()
    return line_refusal(match, seat) if seat is not None else None


def line_refusal(match: Match, seat: int) -> ConfirmRefused | None:
    """For a game countersigned by lines: the refusal of the player of `seat` when their line
    wrote part of the result and the other line wrote none; None otherwise (and for any other
    game)."""
    game = game_of(match)
    if not game.countersigned_by_lines:
        return None
    players = match.seats.count()
    line = game.line_of_seat(seat, players)
    written = lines_written(match, players)
    if line is None or written != {line}:
        return None
    lines = (game.line_of_seat(number, players) for number in range(1, players + 1))
    other = next((name for name in lines if name is not None and name != line), "")
    return ConfirmRefused(
        _("Line %(line)s wrote the result: a player of line %(other)s confirms it.")
        % {"line": line, "other": other},
        why="line",
    )


def lines_written(match: Match, players: int) -> set[str]:
    """The lines whose players wrote any version of the match's events: through a phone's seat,
    or with the account of a seat's player (a director's own writes belong to no line)."""
    game = game_of(match)
    seat_of_user = {
        user: seat
        for seat, user in match.seats.filter(player__user__isnull=False).values_list(
            "seat", "player__user"
        )
    }
    rows = (
        EventVersion.objects.filter(event__match=match)
        .filter(Q(table_join__seat__isnull=False) | Q(created_by__isnull=False))
        .values_list("table_join__seat__seat", "created_by")
        .distinct()
    )
    lines = set()
    for seat, user in rows:
        number = seat if seat is not None else seat_of_user.get(user)
        line = game.line_of_seat(number, players) if number is not None else None
        if line is not None:
            lines.add(line)
    return lines


# A club night's match -----------------------------------------------------------------------------


def match_confirm_refusal(
    match: Match, actor: Actor, *, join: TableJoin | None = None
) -> ConfirmRefused | None:
    """Why `actor` may not countersign the result of the club night's `match` now, or None when
    they may: a game countersigned by lines only, outside a tournament (whose table is
    confirmed through it), once the match is finished and not closed; who, `confirmer_refusal`.
    Who may not hears it (403) before whether there is anything to confirm (400): whoever is
    not at the table at all (`NOT_AT_THE_TABLE`) first."""
    refusal = confirmer_refusal(match, actor, join=join)
    if refusal is not None and refusal.why in NOT_AT_THE_TABLE:
        return refusal
    if table_access.in_tournament(match):
        return ConfirmRefused(
            _("A tournament table's result is confirmed at its table in the tournament."),
            why="tournament",
            field="match",
            status=None,
        )
    if not game_of(match).countersigned_by_lines:
        return ConfirmRefused(
            _("The result of this game is not countersigned."),
            why="game",
            field="match",
            status=None,
        )
    if refusal is None and (not match.is_finished or match.is_closed):
        return ConfirmRefused(
            _("The match is not finished yet."), why="unfinished", field="match", status=None
        )
    return refusal


def club_place(viewer: MatchViewer) -> MatchPlace | None:
    """The confirmation a club night's match of a game countersigned by lines offers its
    phones, players and director (the match page shows it as a tournament table's); None for
    any other match."""
    match = viewer.match
    if table_access.in_tournament(match) or not game_of(match).countersigned_by_lines:
        return None
    refusal = None
    confirmed = match.is_countersigned  # nothing left to confirm (until the match changes)
    if match.is_finished and not match.is_closed and not confirmed:
        actor = viewer.phone or viewer.user
        refusal = match_confirm_refusal(match, actor, join=viewer.join)
    return MatchPlace(
        link=None,
        reopen_url="",
        confirm_url=reverse("scoring:confirm", args=[match.pk]),
        dispute_url="",
        confirmed=confirmed,
        disputed=False,
        confirm_refused="unfinished"
        if not match.is_finished or match.is_closed
        else ("confirmed" if confirmed else "" if refusal is None else refusal.why),
        confirm_words=str(refusal.message) if refusal is not None else "",
        director_confirms=True,
    )
