"""Table codes: issuing a match's code, making a new one (which revokes the old one and every
phone it let in), a phone joining a match with it, and a director allowing a late correction.

Each service runs in one transaction and locks the match row first (`select_for_update`), as
`scoring.services` does, so a phone joining while the director makes a new code either joins the
old code (revoked with it) or is refused. What a joined phone may do is the rule of
`scoring.table_access`; the events it enters go through `scoring.services` like everyone's, and
their versions name the phone (`EventVersion.table_join`).

Guessing is throttled (`config.throttling.count_attempt`): wrong codes per address, with a budget
sized for a room of phones behind one router, and attempts per code; a right code is never
counted against the address. The arithmetic is in docs/API.md ("Table codes").
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from config.throttling import attempts, count_attempt, window_left
from scoring.models import CODE_ALPHABET, CODE_LENGTH, Match, MatchPlayer, TableCode, TableJoin
from scoring.services import MatchError
from scoring.table_access import GRACE, session_digest

TOO_MANY = 429
JOIN_NAME_LENGTH = 40
# A table has at most a handful of players: more phones than this on one code is not a table.
PHONES_PER_CODE = 12

WRONG_CODE = _(
    "No table has this code. Check it on the score sheet: a code changes when the director "
    "makes a new one."
)


def normalize(code: str) -> str:
    """The code as stored: capitals, without the spaces and dashes a phone may type."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _create(match: Match, user: Actor) -> TableCode:
    author = user if user is not None and user.is_authenticated else None
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return TableCode.objects.create(match=match, code=new_code(), created_by=author)
        except IntegrityError:  # the same code drawn twice (one in 887 million)
            continue
    raise MatchError(_("No free table code was found: try again."), field="code")


@transaction.atomic
def code_issue(*, match: Match, user: Actor) -> TableCode:
    """The match's current code, made now if it has none. Locks the match row."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    current = TableCode.objects.filter(match=locked, is_current=True).first()
    return current or _create(locked, user)


@transaction.atomic
def code_regenerate(*, match: Match, user: Actor) -> TableCode:
    """Revoke the match's code (every phone it let in loses the match at once) and make a new
    one, to print on a new sheet. Locks the match row. The views ask `can_direct` first."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    TableCode.objects.filter(match=locked, is_current=True).update(
        is_current=False, revoked_at=timezone.now()
    )
    return _create(locked, user)


@transaction.atomic
def correction_allow(*, match: Match, user: Actor) -> TableCode:
    """Let the table's phones correct the match for `GRACE` more, though its result is
    finished and confirmed (the director allows it). Locks the match row."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    code = TableCode.objects.filter(match=locked, is_current=True).first()
    if code is None:
        raise MatchError(_("This match has no table code."), field="code")
    code.correction_until = timezone.now() + GRACE
    code.save(update_fields=["correction_until"])
    return code


class TooManyAttempts(MatchError):
    """429 on "code": too many wrong codes from the address, or attempts on the code, in their
    window; `retry_after` is the seconds until the window ends."""

    status = TOO_MANY

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message, field="code")
        self.retry_after = retry_after


def could_be_a_code(code: str) -> bool:
    """Whether `code` (normalized) has a code's length and alphabet: only such a code is a guess
    that could find a table; anything else is a typo that cannot."""
    return len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


def _address_key(address: str) -> str:
    return f"table-code-address-{address}"


def _throttle(address: str, code: str) -> None:
    """Refuse (429) an address over its budget of wrong codes (TABLE_CODE_FAILURES_PER_ADDRESS
    in TABLE_CODE_WINDOW_SECONDS, sized so that a room of phones typing badly behind one router
    never reaches it), or a code tried too often (TABLE_CODE_ATTEMPTS_PER_CODE in
    TABLE_CODE_ATTEMPTS_WINDOW_SECONDS). The budget counts only wrong codes that could be one
    (`could_be_a_code`): a right code, or a typo that cannot find a table, never spends it."""
    key = _address_key(address)
    if attempts(key) >= settings.TABLE_CODE_FAILURES_PER_ADDRESS:
        wait = window_left(key, window=settings.TABLE_CODE_WINDOW_SECONDS)
        now = timezone.now()
        later = now + timedelta(seconds=max(wait, 60))
        raise TooManyAttempts(
            _(
                "Too many wrong codes from this network: try again in %(time)s, or join over "
                "the phone's mobile data."
            )
            % {"time": timeuntil(later, now, depth=2)},
            retry_after=wait,
        )
    window = settings.TABLE_CODE_ATTEMPTS_WINDOW_SECONDS
    per_code = f"table-code-code-{code}"
    if could_be_a_code(code) and count_attempt(per_code, window=window) > (
        settings.TABLE_CODE_ATTEMPTS_PER_CODE
    ):
        raise TooManyAttempts(
            _("This code was tried too often: ask the director for a new one."),
            retry_after=window_left(per_code, window=window),
        )


@dataclass(frozen=True)
class SeatChoice:
    """A seat of the table as the join page offers it: free, or held by another phone."""

    seat: int
    name: str
    taken: bool


def _current_code(code: str, address: str) -> TableCode:
    """The current code typed, throttled (`_throttle`); a wrong one counts against the address."""
    typed = normalize(code)
    _throttle(address, typed)
    found = TableCode.objects.filter(code=typed, is_current=True).first() if typed else None
    if found is None:
        if could_be_a_code(typed):  # a typo that cannot be a code finds nothing: not a guess
            count_attempt(_address_key(address), window=settings.TABLE_CODE_WINDOW_SECONDS)
        raise MatchError(WRONG_CODE, field="code")
    return found


def code_seats(*, code: str, address: str) -> list[SeatChoice]:
    """The seats of the match of `code`, for a phone choosing who it is at the table (counted
    and refused as a join is: a wrong code grants nothing, not even the players' names)."""
    found = _current_code(code, address)
    taken = set(
        found.joins.filter(seat__isnull=False, released_at=None).values_list("seat_id", flat=True)
    )
    return [
        SeatChoice(seat=place.seat, name=place.name, taken=place.pk in taken)
        for place in MatchPlayer.objects.filter(match_id=found.match_id).order_by("seat")
    ]


def _claim(found: TableCode, seat: int, digest: str) -> tuple[MatchPlayer, TableJoin | None]:
    """The seat a phone claims, and its own join of that seat if it holds it already; refused
    when the seat is not at this table, is taken by another phone, or this phone holds another
    seat (one phone is one player: it cannot enter as one and confirm as another)."""
    place = MatchPlayer.objects.filter(match_id=found.match_id, seat=seat).first()
    if place is None:
        raise MatchError(_("Choose a player of this table."), field="seat")
    held = found.joins.filter(seat__isnull=False, released_at=None).select_related("seat")
    mine = held.filter(session=digest).first()
    if mine is not None and mine.seat_id != place.pk:
        raise MatchError(
            _(
                "This phone already sits at the table as %(name)s: ask the director to release "
                "that seat first."
            )
            % {"name": mine.seat.name if mine.seat else ""},
            field="seat",
        )
    if mine is None and held.filter(seat=place).exists():
        raise MatchError(
            _("%(name)s's seat is already taken on another phone: ask the director.")
            % {"name": place.name},
            field="seat",
        )
    return place, mine


@transaction.atomic
def table_join(
    *,
    code: str,
    name: str,
    session_key: str,
    address: str,
    seat: int | None = None,
    user: Actor = None,
) -> TableJoin:
    """A phone joins the match of `code` as the player of `seat` (or, without a seat, as a
    follower who only reads, under `name`). Locks the match row.

    A seat has one phone at a time: a second phone's claim is refused (the director releases
    it, `seat_release`); a phone holds one seat, and joining its own seat again answers its
    join. `user` is the account logged in on the phone, if any: the phone's writes are theirs.
    A wrong or revoked code grants nothing (`MatchError` on "code", counted against the address
    when it could be a code); too many wrong codes from one address, or attempts on one code,
    answer 429 (`TooManyAttempts`, with the seconds to wait). The caller keeps
    the join in the phone's session (`scoring.table_access.remember_join`)."""
    found = _current_code(code, address)
    Match.objects.select_for_update().get(pk=found.match_id)
    # the code may have been revoked while the row was awaited
    found = TableCode.objects.select_related("match").get(pk=found.pk)
    if not found.is_current:
        raise MatchError(WRONG_CODE, field="code")
    digest = session_digest(session_key)
    place = None
    if seat is not None:
        place, mine = _claim(found, seat, digest)
        if mine is not None:
            return mine
    elif found.joins.filter(seat=None).count() >= PHONES_PER_CODE:
        # a table has a phone place per seat; followers, who only read, are capped
        raise MatchError(
            _("Too many phones joined this table: ask the director for a new code."),
            field="code",
            status=TOO_MANY,
        )
    try:
        clean = validators.clean_name(
            name if place is None or str(name or "").strip() else place.name[:JOIN_NAME_LENGTH],
            max_length=JOIN_NAME_LENGTH,
            empty_message=_("Your name, so that the table knows who entered what."),
        )
    except ValidationError as error:
        raise MatchError(validators.first_message(error), field="name") from None
    return TableJoin.objects.create(
        code=found,
        number=found.joins.count() + 1,
        name=clean,
        session=digest,
        seat=place,
        user=user if user is not None and user.is_authenticated else None,
    )


@transaction.atomic
def seat_release(*, match: Match, seat: int, user: Actor) -> TableJoin:
    """Free seat number `seat`, taken by a phone through the match's current code (a lost phone,
    or the wrong person on it): that phone only follows the match from now on, and another phone
    may claim the seat. Locks the match row. The views ask `can_direct` first."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    join = (
        TableJoin.objects.select_related("seat")
        .filter(
            code__match=locked, code__is_current=True, seat__seat=seat, released_at__isnull=True
        )
        .first()
    )
    if join is None:
        raise MatchError(_("No phone holds this seat."), field="seat")
    join.released_at = timezone.now()
    join.save(update_fields=["released_at"])
    return join
