"""Starting a match as the start page and the API ask it, in one service: the seats in order
(club players, or guests by name, created on the way), the rule set, the table code when the
club's nights use them, and the start key that makes a start sent again land on the match it
started. Not re-exported by `scoring.services`: it issues a table code (`scoring.table_codes`),
which imports that package."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction

from clubs.actors import Actor
from clubs.models import Club, Player
from scoring import table_codes
from scoring.engine.rules import Options
from scoring.models import Match
from scoring.selectors import match_started_with
from scoring.services.matches import guest_player, match_start


def match_open(
    *,
    club: Club,
    user: Actor,
    preset: str,
    seats: Sequence[Player | str],
    options: Options | None = None,
    table_label: str = "",
    first_dealer_seat: int = 1,
    start_key: str = "",
) -> tuple[Match, bool]:
    """Start a match for `seats` (a club's player, or a guest's name) in seat order and issue
    its table code when the club uses them; a refusal creates nothing (no guest either).
    Answers (the match, True), or (the match `start_key` started already, False): a start sent
    again, or two at once (the club's start keys are unique: the second one gets the first's
    match). The callers check the role (`can_score`)."""
    again = match_started_with(club, start_key)
    if again is not None:
        return again, False
    try:
        with transaction.atomic():
            players = [
                seat if isinstance(seat, Player) else guest_player(club=club, name=seat)
                for seat in seats
            ]
            match = match_start(
                club=club,
                user=user,
                preset=preset,
                players=players,
                options=options,
                table_label=table_label,
                first_dealer_seat=first_dealer_seat,
                start_key=start_key,
            )
            if club.table_codes:  # the club's nights use table codes
                table_codes.code_issue(match=match, user=user)
    except IntegrityError:
        again = match_started_with(club, start_key)
        if again is None:
            raise
        return again, False
    return match, True
