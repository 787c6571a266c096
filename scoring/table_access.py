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
| finished, a club night, less than GRACE ago          | see it, correct            |
| finished and confirmed, or a club night's after GRACE | see it, read-only         |
| any, when a director allowed a correction until T    | enter corrections until T  |
| closed (its tournament is finished)                  | see it, read-only          |

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
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from clubs.actors import Actor, TableActor
from clubs.models import User
from clubs.permissions import can_score
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


def last_writer(match: Match) -> str | None:
    """The session (its digest) of the phone that wrote the match's latest version, if a phone
    did: a phone that joins again under another name is still the same session. That phone may
    not confirm the result (`tournaments.services.table_confirm`)."""
    return (
        EventVersion.objects.filter(event__match=match)
        .order_by("-revision", "-pk")
        .values_list("table_join__session", flat=True)
        .first()
    )


def wrote_result(join: TableJoin, match: Match) -> bool:
    """Whether the phone of `join` decided part of the match's result: a version of any of its
    events (superseded ones too) was written from its seat, from its session, by its account, or
    by the account of its seat's player. Such a phone may not confirm the result."""
    versions = EventVersion.objects.filter(event__match=match)
    wrote = Q(table_join__session=join.session)
    if join.seat_id is not None:
        wrote |= Q(table_join__seat_id=join.seat_id)
    users = {join.user_id, join.seat.player.user_id if join.seat_id is not None else None}
    users.discard(None)
    if users:
        wrote |= Q(created_by__in=users) | Q(table_join__user__in=users)
    return versions.filter(wrote).exists()


# Where a request keeps the joins it has read: {(match id, the session's join ids): join or None}
REQUEST_CACHE = "_tallone_table_joins"


def join_for(request: HttpRequest, match: Match) -> TableJoin | None:
    """The phone's join of `match` through its current code, or None (no join, or revoked).

    Read once per request: a page asks it several times (may the phone see the match, score it,
    what its table code panel says, whether it wrote the last hand), and the answer is kept on
    the request for the same match and the same joins of the session. The services check the
    phone again with the match row locked (`phone_may_write`), never through this."""
    ids = join_ids(request)
    if not ids:
        return None
    key = (match.pk, tuple(ids))
    cache: dict[tuple[int, tuple[int, ...]], TableJoin | None] | None
    cache = getattr(request, REQUEST_CACHE, None)
    if cache is None:
        cache = {}
        setattr(request, REQUEST_CACHE, cache)
    if key not in cache:
        cache[key] = (
            TableJoin.objects.select_related("code", "seat__player")
            .filter(pk__in=ids, code__match_id=match.pk, code__is_current=True)
            .order_by("-pk")
            .first()
        )
    return cache[key]


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


def released_join(request: HttpRequest, match: Match) -> TableJoin | None:
    """The phone's join of `match` if it held a seat that was released since (it only follows
    now), else None: such a phone is told why it may not write, not that it was logged out."""
    join = join_for(request, match)
    if join is None or join.seat_id is None or join.released_at is None:
        return None
    return join


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


def _phone(request: HttpRequest, join: TableJoin, match: Match) -> TableActor:
    user = request.user
    return TableActor(
        join_id=join.pk,
        match_id=match.pk,
        name=join.name,
        code=join.code.code,
        user_id=user.pk if user.is_authenticated else join.user_id,
    )


def phone_of(request: HttpRequest, match: Match) -> TableActor | None:
    """The phone as the actor of `match` while its code holds (read-only or not), or None."""
    join = join_for(request, match)
    if code_access(join, match) == NONE or join is None:
        return None
    return _phone(request, join, match)


def actor_for(request: HttpRequest, match: Match) -> Actor:
    """Who records an event of `match` from this request: the user when they score in the club
    (`can_score`), else the phone when its code lets it write now, else the user (whom the
    checks then refuse)."""
    user: Actor = request.user  # type: ignore[assignment]
    if can_score(user, match.club):
        return user
    join = join_for(request, match)
    if join is not None and code_access(join, match) == WRITE:
        return _phone(request, join, match)
    return user


def may_score(request: HttpRequest, match: Match) -> bool:
    """Whether this request may enter the match's events: a scorer of the club, or a phone whose
    code lets it write now."""
    return can_score(request.user, match.club) or isinstance(actor_for(request, match), TableActor)


def may_see(request: HttpRequest, match: Match) -> bool:
    """Whether the phone's code opens the match (read-only or not)."""
    return code_access(join_for(request, match), match) != NONE


def login_or_code_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """`login_required`, except for a phone that holds a table code: the view then asks
    `actor_for` about the match itself (404 for a match the code does not open)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated or join_ids(request):
            return view(request, *args, **kwargs)
        return redirect_to_login(request.get_full_path())

    return wrapper
