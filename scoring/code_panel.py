"""What the match page says about the table code: to a director, the code with "new code" and
"allow a correction"; to a phone that joined with it, which seat it holds (or that it only
follows) and, at a tournament table whose match is over, the confirmation at the table. The page
only asks: who may confirm is the tournaments' service's rule, told through the match's place
(`scoring.pages`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clubs.actors import TableActor
from clubs.permissions import can_see_match
from scoring import table_access
from scoring.models import TableCode, TableJoin
from scoring.pages import MatchPlace
from scoring.table_access import MatchViewer


@dataclass(frozen=True)
class CodePanel:
    """The table code as the match page shows it: to a director, the code with "new code" and
    "allow a correction"; to a phone that joined with it, who it is and, at a tournament table
    whose match is over, the confirmation at the table (`confirm_url`, `dispute_url`)."""

    code: str
    is_director: bool
    phone_name: str
    read_only: bool
    correction_until: datetime | None
    confirm_url: str | None
    dispute_url: str | None
    confirmed: bool
    disputed: bool
    wrote_part: bool  # this phone wrote part of the result (any hand, correction, withdrawal,
    # re-entry): the server refuses its confirmation, another phone of the table confirms
    follower: bool = False  # joined without a seat (or released by the director): reads only
    # to whoever may make a new code: the phones holding a seat, each with "release the seat"
    seats: tuple[TableJoin, ...] = ()
    released: str = ""  # the phone's seat was released: who did it and the way back (HTML)
    confirm_refused: str = "unfinished"  # why not, from the place's one rule ("" : may confirm)
    confirm_words: str = ""  # and in words, when the place says them (the other line confirms)
    director_confirm_url: str | None = None  # a club night's: its director confirms here too

    @property
    def may_confirm(self) -> bool:
        """The page offers this phone the confirmation of the result (the button): not once
        another phone or player has confirmed it as it stands."""
        return bool(self.confirm_url) and self.confirm_refused == "" and not self.confirmed


def code_panel(
    viewer: MatchViewer, place: MatchPlace | None, *, finished: bool
) -> CodePanel | None:
    """What the match page says about the table code to `viewer` (None: no code, or nothing to
    say); `place` is the match's place in a tournament (`scoring.pages`), None for a club
    night's."""
    match = viewer.match
    director = viewer.is_director
    phone = viewer.phone if not director else None
    if not director and phone is None and not _plays_here(viewer):
        return None
    code = TableCode.objects.filter(match=match, is_current=True).first()
    if code is None and (place is None or not finished):
        # without a code (a club night's, table codes off) the panel is only the confirmation
        # of a result to confirm, for the director and the match's logged-in players
        return None
    at_table = place is not None and finished and not match.is_closed and not director
    director_here = place is not None and place.director_confirms and finished and director
    join = viewer.join if phone is not None else None
    follower = join is not None and not join.holds_seat
    return CodePanel(
        code=code.code if code is not None else "",
        is_director=director,
        phone_name=phone.name if phone else "",
        read_only=phone is not None and not isinstance(viewer.actor, TableActor),
        correction_until=code.correction_until if code is not None else None,
        confirm_url=place.confirm_url if at_table and place is not None else None,
        dispute_url=place.dispute_url if at_table and place is not None else None,
        confirmed=place is not None and place.confirmed,
        disputed=place is not None and place.disputed,
        wrote_part=at_table and place is not None and place.confirm_refused == "wrote",
        follower=follower,
        seats=_held_seats(code) if director and code is not None else (),
        released=table_access.released_words(join, match)
        if join is not None and viewer.released is not None
        else "",
        confirm_refused=place.confirm_refused if at_table and place is not None else "unfinished",
        confirm_words=place.confirm_words if at_table and place is not None else "",
        director_confirm_url=place.confirm_url
        if director_here and place is not None and place.confirm_refused == ""
        else None,
    )


def _held_seats(code: TableCode) -> tuple[TableJoin, ...]:
    """The seats phones hold through `code`, in seat order (released ones are not held)."""
    return tuple(
        code.joins.filter(seat__isnull=False, released_at=None)
        .select_related("seat")
        .order_by("seat__seat")
    )


def _plays_here(viewer: MatchViewer) -> bool:
    """A logged-in player of the match (their account is linked to a seat's player)."""
    user, match = viewer.user, viewer.match
    return (
        user.is_authenticated
        and can_see_match(user, match.club, finished=True)
        and (match.seats.filter(player__user=user).exists())
    )
