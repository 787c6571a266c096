"""The permission rule of table codes: what a phone that joined a match with its code may do.

It lives here, beside scoring's models, and not in `clubs/permissions.py` because it reads
scoring's rows (`TableCode`, `TableJoin`, the match's status), which clubs cannot import. The
roles stay there: a member who scores (`can_score`) never needs a code.

A phone joins with the code printed on the score sheet (`scoring.table_codes.table_join`); its
session keeps the joins' ids. A phone joins as one player of the table, its *seat* (one phone per
seat, until the director releases it), or as a follower, who only reads. For THAT match only, and
only while the code is the match's current one (the director's "new code" revokes it), a phone
that holds a seat:

| the match is                                         | the phone may              |
|------------------------------------------------------|----------------------------|
| in progress                                          | see it, enter its events   |
| finished, not confirmed yet (a tournament table)     | see it, correct, confirm   |
| finished, a club night, less than GRACE ago          | see it, correct, confirm*  |
| finished and confirmed, or a club night's after GRACE | see it, read-only         |
| any, when a director allowed a correction until T    | enter corrections until T  |
| closed (its tournament is finished)                  | see it, read-only          |

(*) A club night's match of a game countersigned by lines (`scoring.countersign`), confirmed
by the other line after GRACE too; once confirmed, the phones read it only.

A follower (or a phone whose seat the director released) may only see the match. Nothing else
of the club: no other match, no player list, no tournament page. A code that is wrong, revoked or
of another match grants nothing (the pages answer 404, as for a stranger).

Who wrote what is the seat, the session and the account: a logged-in user who writes through a
join writes as themselves too (the version's `created_by`), and a version written from a seat
is that seat's player's (`wrote_result`), so nobody confirms what they entered through a phone.

Whether a tournament table is confirmed is read through the reverse relation a higher app gives
the match (`match.tournament_table`, with its `is_confirmed_for`), without importing it (the
match page asks the tournaments' place provider instead, `scoring.pages`).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import wraps

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Q, Subquery
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from clubs.actors import Actor, TableActor
from clubs.models import User
from clubs.permissions import DIRECTING_ROLES, SCORING_ROLES, role_in
from config.throttling import TABLE_PHONE_SESSION_KEY
from scoring.models import EventVersion, Match, TableJoin

# After a club night's match ends, its phones may still correct it for this long.
GRACE = datetime.timedelta(minutes=15)
# The session's list of the TableJoin ids this phone holds.
SESSION_KEY = TABLE_PHONE_SESSION_KEY  # the API's write limit counts such a phone on its own

NONE, READ, WRITE = "none", "read", "write"


def session_digest(session_key: str | None) -> str:
    """What the audit keeps of a phone's session: a digest, never the key itself."""
    return hashlib.sha256((session_key or "").encode()).hexdigest()[:16]


def join_ids(request: HttpRequest) -> list[int]:
    ids = request.session.get(SESSION_KEY, []) if hasattr(request, "session") else []
    return [value for value in ids if isinstance(value, int)]


def remember_join(request: HttpRequest, join: TableJoin) -> None:
    """Keep the join in the phone's session (the newest last; at most 20 kept)."""
    ids = [value for value in join_ids(request) if value != join.pk]
    request.session[SESSION_KEY] = [*ids, join.pk][-20:]


NOT_WRITTEN, WROTE_PART, WROTE_LAST = "", "part", "last"


def wrote_result(
    match: Match, *, join: TableJoin | None = None, users: Iterable[int | None] = ()
) -> bool:
    """THE rule of who decided the match's result (who then may not confirm it): whether a
    version of any of its events (hands, corrections, voids, re-entries, withdrawals, time
    calls; superseded versions too: a withdrawal or a time call decides a result as much as a
    hand does) was written by one of `users` (logged in, through a phone, or from the seat of
    their player), or by the phone of `join` (its seat, its session, its account, the account
    of its seat's player)."""
    return writing(match, join=join, users=users) != NOT_WRITTEN


def writing(
    match: Match, *, join: TableJoin | None = None, users: Iterable[int | None] = ()
) -> str:
    """`wrote_result` in one query, saying too whether the phone of `join` (its session: a
    phone that joins again under another name is still the same one) wrote the match's latest
    version: WROTE_LAST, WROTE_PART or NOT_WRITTEN."""
    accounts = set(users)
    wrote = Q(pk__in=())
    if join is not None:
        wrote |= Q(table_join__session=join.session)
        if join.seat is not None:
            wrote |= Q(table_join__seat_id=join.seat.pk)
            accounts.add(join.seat.player.user_id)
        accounts.add(join.user_id)
    accounts.discard(None)
    if accounts:
        wrote |= (
            Q(created_by__in=accounts)
            | Q(table_join__user__in=accounts)
            | Q(table_join__seat__player__user__in=accounts)
        )
    if join is None and not accounts:
        return NOT_WRITTEN
    versions = EventVersion.objects.filter(event__match=match)
    latest = versions.order_by("-revision", "-pk").values("pk")[:1]
    session = join.session if join is not None else None
    counts = versions.filter(wrote).aggregate(
        part=Count("pk"),
        last=Count("pk", filter=Q(pk=Subquery(latest), table_join__session=session)),
    )
    if counts["last"]:
        return WROTE_LAST
    return WROTE_PART if counts["part"] else NOT_WRITTEN


def _join_of(request: HttpRequest, match: Match) -> TableJoin | None:
    """The phone's join of `match` through its current code, or None (no join, or revoked)."""
    ids = join_ids(request)
    if not ids:
        return None
    return (
        TableJoin.objects.select_related("code", "seat__player")
        .filter(pk__in=ids, code__match_id=match.pk, code__is_current=True)
        .order_by("-pk")
        .first()
    )


def code_access(join: TableJoin | None, match: Match, now: datetime.datetime | None = None) -> str:
    """What `join` allows on `match` now: NONE, READ or WRITE (the table of the docstring)."""
    if join is None or not join.code.is_current or join.code.match_id != match.pk:
        return NONE
    if match.is_closed or not join.holds_seat:  # a follower only reads
        return READ
    if not match.is_finished:
        return WRITE
    now = now or timezone.now()
    if join.code.correction_until is not None and now < join.code.correction_until:
        return WRITE
    table = getattr(match, "tournament_table", None)
    if table is not None:
        return READ if table.is_confirmed_for(match) else WRITE
    if match.is_countersigned:  # a club night's result confirmed by the other line
        return READ
    if match.finished_at is not None and now < match.finished_at + GRACE:
        return WRITE
    return READ


def phone_may_write(join_id: int, match: Match) -> bool:
    """For the services, with the match row locked: does the phone's join still allow writing?
    (The director may have made a new code, or a phone confirmed, since the page was opened.)"""
    join = TableJoin.objects.select_related("code").filter(pk=join_id).first()
    return code_access(join, match) == WRITE


class PhoneRefused(ServiceError):
    """A phone's table code no longer lets it change this match (a new code, a confirmed
    result): nothing was recorded."""

    status = 403


def version_author(user: Actor, match: Match) -> dict[str, User | int | None]:
    """Who wrote a version of `match`, as the version's fields: the user (an authenticated one),
    or the phone of a table code, checked with the match row locked (`PhoneRefused` when its
    code no longer lets it write this match, or it holds no seat); a phone's version is also
    its logged-in user's, if one is (the rules about who entered a result read `created_by`)."""
    if not isinstance(user, TableActor):
        return {"created_by": user if user is not None and user.is_authenticated else None}
    if user.match_id != match.pk or not phone_may_write(user.join_id, match):
        raise PhoneRefused(
            _(
                "This phone's table code no longer lets it change this match (the director "
                "made a new code, or the result was confirmed): nothing was recorded."
            ),
            field="code",
        )
    return {"created_by_id": user.user_id, "table_join_id": user.join_id}


def in_tournament(match: Match) -> bool:
    """Whether `match` is a tournament table's (a director runs it), read through the reverse
    relation the tournaments app gives the match, without importing it."""
    return getattr(match, "tournament_table", None) is not None


def released_words(join: TableJoin, match: Match) -> str:
    """What a phone whose seat was released is told when it tries to write: who released it,
    that it only follows now, and the way back to its seat (the join page, with the code)."""
    name = join.seat.name if join.seat else join.name
    text = (
        _(
            "The director released %(name)s's seat: this phone now only follows the match. "
            "To enter scores, join your seat again."
        )
        if in_tournament(match)
        else _(
            "Whoever runs the match released %(name)s's seat: this phone now only follows the "
            "match. To enter scores, join your seat again."
        )
    )
    return format_html(
        '{} <a href="{}">{}</a>',
        text % {"name": name},
        reverse("scoring:join-code", args=[join.code.code]),
        _("Join the table again"),
    )


def login_or_code_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`login_required`, except for a phone that holds a table code: the view then asks
    `viewer_of` about the match itself (404 for a match the code does not open)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if request.user.is_authenticated or join_ids(request):
            return view(request, *args, **kwargs)
        return redirect_to_login(request.get_full_path())

    return wrapper


@dataclass(frozen=True)
class MatchViewer:
    """Who this request is at `match`, resolved once per request (`viewer_of`): the user, their
    role in the match's club (asked once, through `clubs.permissions.role_in`), and the phone's
    join through the match's current table code, if any (its seat). Views, the match page, its
    code panel and the place providers read it instead of asking again; the services receive
    its `actor` and check a phone again with the match row locked (`version_author`)."""

    match: Match
    user: User | AnonymousUser
    join: TableJoin | None  # the phone's join of the match's current code (read-only or not)
    role: str | None  # the user's role in the match's club, None for no role

    @property
    def access(self) -> str:
        """What the phone's code allows now: NONE, READ or WRITE (`code_access`)."""
        return code_access(self.join, self.match)

    @property
    def may_see(self) -> bool:
        """The phone's code opens the match (read-only or not)."""
        return self.access != NONE

    @property
    def is_scorer(self) -> bool:
        return self.role in SCORING_ROLES

    @property
    def is_director(self) -> bool:
        return self.role in DIRECTING_ROLES

    @property
    def phone(self) -> TableActor | None:
        """The phone as the actor of the match while its code holds (read-only or not)."""
        if self.join is None or not self.may_see:
            return None
        user = self.user
        return TableActor(
            join_id=self.join.pk,
            match_id=self.match.pk,
            name=self.join.name,
            code=self.join.code.code,
            user_id=user.pk if user.is_authenticated else self.join.user_id,
        )

    @property
    def writes_as_phone(self) -> bool:
        """It records as the phone: no scorer of the club, and the code lets it write now."""
        return not self.is_scorer and self.join is not None and self.access == WRITE

    @property
    def actor(self) -> Actor:
        """Who records an event of the match: the user when they score in the club, else the
        phone when its code lets it write now, else the user (whom the checks then refuse)."""
        phone = self.phone if self.writes_as_phone else None
        return phone if phone is not None else self.user

    @property
    def may_score(self) -> bool:
        """May enter the match's events: a scorer of the club, or a phone that may write now."""
        return self.is_scorer or self.writes_as_phone

    @property
    def released(self) -> TableJoin | None:
        """The phone's join if it held a seat that was released since (it only follows now):
        such a phone is told why it may not write, not that it was logged out."""
        join = self.join
        if join is None or join.seat_id is None or join.released_at is None:
            return None
        return join


# Where a request keeps its viewers: {(match id, the session's join ids): viewer}
REQUEST_CACHE = "_tallone_viewers"


def viewer_of(request: HttpRequest, match: Match) -> MatchViewer:
    """Who this request is at `match` (`MatchViewer`), resolved once per request and match: every
    later question (may it see, score, which phone, which actor) reads the same answer."""
    key = (match.pk, tuple(join_ids(request)))
    cache: dict[tuple[int, tuple[int, ...]], MatchViewer] | None
    cache = getattr(request, REQUEST_CACHE, None)
    if cache is None:
        cache = {}
        setattr(request, REQUEST_CACHE, cache)
    viewer = cache.get(key)
    if viewer is None:
        viewer = cache[key] = resolve_viewer(request, match)
    elif viewer.match is not match:
        # the same match read again by the view: its state now, the same person
        viewer = cache[key] = replace(viewer, match=match)
    return viewer


def resolve_viewer(request: HttpRequest, match: Match) -> MatchViewer:
    """The questions `viewer_of` asks once: the user's role in the club, the phone's join."""
    return MatchViewer(
        match=match,
        user=request.user,
        join=_join_of(request, match),
        role=role_in(request.user, match.club),
    )
