"""Table codes: issuing a match's code, making a new one (which revokes the old one and every
phone it let in), a phone joining a match with it, and a director allowing a late correction.

Each service runs in one transaction and locks the match row first (`select_for_update`), as
`scoring.services` does, so a phone joining while the director makes a new code either joins the
old code (revoked with it) or is refused. What a joined phone may do is the rule of
`scoring.table_access`; the events it enters go through `scoring.services` like everyone's, and
their versions name the phone (`EventVersion.table_join`).

Guessing is throttled (`config.throttling.count_attempt`): wrong codes per address, with a budget
sized for a room of phones behind one router, and attempts per code; a right code is never
counted against the address. A right code still gets in from an address over its budget: the QR
code of the score sheet carries a key (`code_key`) that proves the code was read off the sheet,
and a typed code may come with a player's name as on the sheet (`name_opens_seat`), under a
smaller second budget. The arithmetic is in docs/API.md ("Table codes").
"""

from __future__ import annotations

import secrets
import unicodedata
from base64 import urlsafe_b64encode
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.timesince import timeuntil
from django.utils.translation import gettext_lazy as _

from clubs import validators
from clubs.actors import Actor
from config.throttling import attempts, count_attempt, window_left
from scoring.models import CODE_ALPHABET, CODE_LENGTH, Match, MatchPlayer, TableCode, TableJoin
from scoring.services import MatchError
from scoring.table_access import GRACE, in_tournament, session_digest

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TOO_MANY = 429
JOIN_NAME_LENGTH = 40
# A table has at most a handful of players: more phones than this on one code is not a table.
PHONES_PER_CODE = 12

WRONG_CODE = _(
    "No table has this code. Check it on the score sheet: a code changes when the director "
    "makes a new one."
)
# One answer for a wrong code and a wrong name alike: a guesser learns nothing from which.
WRONG_CODE_OR_NAME = _(
    "The code or the name is not right. Check both on the score sheet: the name of one of the "
    "table's players, as printed."
)
KEY_LENGTH = 16  # 96 bits of an HMAC-SHA256, in url-safe base64: short enough for a QR code


def normalize(code: str) -> str:
    """The code as stored: capitals, without the spaces and dashes a phone may type."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_key(code: str) -> str:
    """The key the QR code of a score sheet carries beside `code`: a keyed MAC (the server's
    SECRET_KEY) of the code, so only who read the sheet has it. A new code has a new key."""
    digest = salted_hmac("scoring.table_codes.code_key", normalize(code), algorithm="sha256")
    return urlsafe_b64encode(digest.digest()).decode()[:KEY_LENGTH]


def key_opens(code: str, key: str) -> bool:
    """Whether `key` is the key of `code` (compared in constant time); a wrong key is no key."""
    return bool(key) and constant_time_compare(code_key(code), str(key))


def _folded(text: str) -> str:
    """`text` without case, accents or extra spaces: "Nicolò  Rossi" -> "nicolo rossi"."""
    plain = unicodedata.normalize("NFKD", str(text))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def name_opens_seat(typed: str, seat_name: str) -> bool:
    """Whether a name typed on a phone names the player of a seat: the seat's whole name or
    its first word, without case or accents ("anna" and "Anna Rossi" for "Anna Rossi")."""
    typed, whole = _folded(typed), _folded(seat_name)
    return bool(typed) and typed in (whole, whole.split(" ")[0])


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
def codes_issue(*, matches: Sequence[Match], user: Actor) -> dict[int, TableCode]:
    """`code_issue` for many matches at once (a round's tables), in a number of queries that
    does not grow with them: each match's current code by its id, made now for those without
    one. Locks the match rows first, in id order."""
    ids = sorted(match.pk for match in matches)
    list(
        Match.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    current = {
        code.match_id: code for code in TableCode.objects.filter(match_id__in=ids, is_current=True)
    }
    missing = [pk for pk in ids if pk not in current]
    if missing:
        current.update(_create_many(missing, user))
    return current


def _create_many(match_ids: Sequence[int], user: Actor) -> dict[int, TableCode]:
    """A new current code for each match, in one INSERT (drawn again, all of them, in the rare
    case one was taken already)."""
    author = user if user is not None and user.is_authenticated else None
    for _attempt in range(10):
        codes: set[str] = set()
        while len(codes) < len(match_ids):
            codes.add(new_code())
        try:
            with transaction.atomic():
                made = TableCode.objects.bulk_create(
                    TableCode(match_id=match_id, code=code, created_by=author)
                    for match_id, code in zip(match_ids, sorted(codes), strict=True)
                )
        except IntegrityError:  # a code drawn that another match holds (one in 887 million)
            continue
        return {code.match_id: code for code in made}
    raise MatchError(_("No free table code was found: try again."), field="code")


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
    """429 on `field`: too many wrong codes from the address (`network`: the join page then asks
    for a player's name with the code), too many wrong codes and names, or attempts on the code,
    in their window; `retry_after` is the seconds until the window ends."""

    status = TOO_MANY

    def __init__(
        self,
        message: StrOrPromise,
        *,
        retry_after: int,
        field: str = "code",
        network: bool = False,
    ) -> None:
        super().__init__(message, field=field)
        self.retry_after = retry_after
        self.network = network


def could_be_a_code(code: str) -> bool:
    """Whether `code` (normalized) has a code's length and alphabet: only such a code is a guess
    that could find a table; anything else is a typo that cannot."""
    return len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


def _address_key(address: str) -> str:
    return f"table-code-address-{address}"


def _name_key(address: str) -> str:
    return f"table-code-name-{address}"


def _wait(key: str, message) -> TooManyAttempts:
    """The 429 of a spent address budget under `key`, saying how long to wait."""
    wait = window_left(key, window=settings.TABLE_CODE_WINDOW_SECONDS)
    now = timezone.now()
    later = now + timedelta(seconds=max(wait, 60))
    return TooManyAttempts(
        message % {"time": timeuntil(later, now, depth=2)}, retry_after=wait, network=True
    )


def _throttle_code(code: str) -> None:
    """Refuse (429) a code tried too often (TABLE_CODE_ATTEMPTS_PER_CODE in
    TABLE_CODE_ATTEMPTS_WINDOW_SECONDS), counting this attempt if it could be a code."""
    window = settings.TABLE_CODE_ATTEMPTS_WINDOW_SECONDS
    per_code = f"table-code-code-{code}"
    if could_be_a_code(code) and count_attempt(per_code, window=window) > (
        settings.TABLE_CODE_ATTEMPTS_PER_CODE
    ):
        raise TooManyAttempts(
            _("This code was tried too often: ask the director for a new one."),
            retry_after=window_left(per_code, window=window),
        )


def _throttle(address: str, code: str) -> None:
    """Refuse (429) an address over its budget of wrong codes (TABLE_CODE_FAILURES_PER_ADDRESS
    in TABLE_CODE_WINDOW_SECONDS, sized so that a room of phones typing badly behind one router
    never reaches it), or a code tried too often (`_throttle_code`). The budget counts only
    wrong codes that could be one (`could_be_a_code`): a right code, or a typo that cannot find
    a table, never spends it."""
    key = _address_key(address)
    if attempts(key) >= settings.TABLE_CODE_FAILURES_PER_ADDRESS:
        raise _wait(
            key,
            _(
                "Too many wrong codes from this network: try again in %(time)s, or join over "
                "the phone's mobile data."
            ),
        )
    _throttle_code(code)


@dataclass(frozen=True)
class SeatChoice:
    """A seat of the table as the join page offers it: free, or held by another phone."""

    seat: int
    name: str
    taken: bool


def _named_seat(found: TableCode, player: str) -> MatchPlayer | None:
    """The seat of `found`'s match whose player `player` names (`name_opens_seat`): a whole
    name first, else a first word that names one seat only."""
    places = list(MatchPlayer.objects.filter(match_id=found.match_id).order_by("seat"))
    typed = _folded(player)
    whole = [place for place in places if _folded(place.name) == typed]
    first = [place for place in places if name_opens_seat(player, place.name)]
    if whole:
        return whole[0]
    return first[0] if len(first) == 1 else None


def _by_name(typed: str, address: str, player: str) -> tuple[TableCode, MatchPlayer]:
    """The current code typed with the name of one of its players: the way in for a typed code
    from an address over its budget of wrong codes. Wrong pairs spend a second, smaller budget
    (TABLE_CODE_NAME_ATTEMPTS_PER_ADDRESS), and a wrong code or a wrong name get one answer."""
    key = _name_key(address)
    if attempts(key) >= settings.TABLE_CODE_NAME_ATTEMPTS_PER_ADDRESS:
        raise _wait(
            key,
            _(
                "Too many wrong codes and names from this network: try again in %(time)s, scan "
                "the QR code of the score sheet, or join over the phone's mobile data."
            ),
        )
    _throttle_code(typed)
    found = TableCode.objects.filter(code=typed, is_current=True).first() if typed else None
    place = _named_seat(found, player) if found is not None else None
    if found is None or place is None:
        count_attempt(key, window=settings.TABLE_CODE_WINDOW_SECONDS)
        raise MatchError(WRONG_CODE_OR_NAME, field="player")
    return found, place


def _current_code(
    code: str, address: str, *, key: str = "", player: str = ""
) -> tuple[TableCode, MatchPlayer | None]:
    """The current code typed, and the seat `player` names if given. With the key of the
    sheet's QR code (`key_opens`) the code was read off the sheet, not guessed: never throttled
    nor counted. With a player's name it is checked by `_by_name`. Otherwise throttled
    (`_throttle`), and a wrong code counts against the address."""
    typed = normalize(code)
    if key_opens(typed, key):
        found = TableCode.objects.filter(code=typed, is_current=True).first()
        if found is None:  # a revoked code's sheet: the director made a new one
            raise MatchError(WRONG_CODE, field="code")
        return found, None
    if str(player or "").strip():
        return _by_name(typed, address, player)
    _throttle(address, typed)
    found = TableCode.objects.filter(code=typed, is_current=True).first() if typed else None
    if found is None:
        if could_be_a_code(typed):  # a typo that cannot be a code finds nothing: not a guess
            count_attempt(_address_key(address), window=settings.TABLE_CODE_WINDOW_SECONDS)
        raise MatchError(WRONG_CODE, field="code")
    return found, None


def code_seats(*, code: str, address: str, key: str = "") -> list[SeatChoice]:
    """The seats of the match of `code`, for a phone choosing who it is at the table (counted
    and refused as a join is, unless `key` is the code's QR key: a wrong code grants nothing,
    not even the players' names)."""
    found, _named = _current_code(code, address, key=key)
    taken = set(
        found.joins.filter(seat__isnull=False, released_at=None).values_list("seat_id", flat=True)
    )
    return [
        SeatChoice(seat=place.seat, name=place.name, taken=place.pk in taken)
        for place in MatchPlayer.objects.filter(match_id=found.match_id).order_by("seat")
    ]


def seat_refused(name: str, match: Match, *, own: bool = False) -> str:
    """The refusal of a seat held on another phone (`own`: of another seat while this phone holds
    `name`'s), naming who releases it: the director at a tournament table, whoever runs the
    match (the staff on its page, who may make a new code) at a club night's."""
    if own:
        text = (
            _(
                "This phone already sits at the table as %(name)s: ask the director to release "
                "that seat first."
            )
            if in_tournament(match)
            else _(
                "This phone already sits at the table as %(name)s: ask whoever runs the match "
                "to release that seat first."
            )
        )
    else:
        text = (
            _("%(name)s's seat is already taken on another phone: ask the director.")
            if in_tournament(match)
            else _(
                "%(name)s's seat is already taken on another phone: ask whoever runs the match "
                "to release it."
            )
        )
    return str(text % {"name": name})


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
        name = mine.seat.name if mine.seat else ""
        raise MatchError(seat_refused(name, found.match, own=True), field="seat")
    if mine is None and held.filter(seat=place).exists():
        raise MatchError(seat_refused(place.name, found.match), field="seat")
    return place, mine


def _join_name(name: str, place: MatchPlayer | None) -> str:
    """The phone's name as checked: the one typed, else its seat's player's."""
    try:
        return validators.clean_name(
            name if place is None or str(name or "").strip() else place.name[:JOIN_NAME_LENGTH],
            max_length=JOIN_NAME_LENGTH,
            empty_message=_("Your name, so that the table knows who entered what."),
        )
    except ValidationError as error:
        raise MatchError(validators.first_message(error), field="name") from None


@transaction.atomic
def table_join(
    *,
    code: str,
    name: str,
    session_key: str,
    address: str,
    seat: int | None = None,
    user: Actor = None,
    key: str = "",
    player: str = "",
) -> TableJoin:
    """A phone joins the match of `code` as the player of `seat` (or, without a seat, as a
    follower who only reads, under `name`). Locks the match row.

    A seat has one phone at a time: a second phone's claim is refused (the director releases
    it, `seat_release`); a phone holds one seat, and joining its own seat again answers its
    join. `user` is the account logged in on the phone, if any: the phone's writes are theirs.
    A wrong or revoked code grants nothing (`MatchError` on "code", counted against the address
    when it could be a code); too many wrong codes from one address, or attempts on one code,
    answer 429 (`TooManyAttempts`, with the seconds to wait). `key`, the code's QR key, joins
    without any of that; `player`, the name of one of the table's players, joins at that
    player's seat (`_by_name`: the way in for a typed code once the address is over its
    budget). The caller keeps the join in the phone's session
    (`scoring.table_access.remember_join`)."""
    found, named = _current_code(code, address, key=key, player=player)
    if named is not None:
        seat = named.seat
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
    return TableJoin.objects.create(
        code=found,
        number=found.joins.count() + 1,
        name=_join_name(name, place),
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
