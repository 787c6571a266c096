"""Building tournaments in tests: players, entries, and generated match results."""

from __future__ import annotations

import random

from clubs.models import Role
from scoring import services as scoring
from scoring.models import MatchStatus
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import Round


class Staff:
    """A club with a director (runs the tournament, confirms) and a scorekeeper (enters hands)."""

    def __init__(self, club=None):
        self.club = club or ClubFactory()
        self.director = member(self.club, Role.DIRECTOR)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)


def enter_players(tournament, user, count: int, prefix: str = "Giocatore"):
    """Register and check in `count` new club players; returns the entries in seed order."""
    entries = []
    for number in range(1, count + 1):
        player = PlayerFactory(club=tournament.club, name=f"{prefix} {number:02d}")
        entries.append(
            services.entry_register(tournament=tournament, user=user, player=player, check_in=True)
        )
    return entries


def play_round(round: Round, *, scorekeeper, director, rng: random.Random, hands: int = 2):
    """Start the round, play `hands` random hands at every table (entered by the scorekeeper),
    call time, and confirm every table as the director."""
    if round.status == "seated":
        services.round_start(round=round, user=director)
    for table in round.tables.select_related("match").order_by("number"):
        match = table.match
        names = list(match.seats.order_by("seat").values_list("name", flat=True))
        for _hand in range(hands):
            match.refresh_from_db()
            if match.status == MatchStatus.FINISHED:
                break
            in_play = list(
                match.seats.filter(status="in_play").order_by("seat").values_list("name", flat=True)
            )
            closer = rng.choice(in_play)
            points = {name: rng.randrange(0, 60) for name in in_play if name != closer}
            scoring.hand_record(
                match=match, user=scorekeeper, data={"closer": closer, "points": points}
            )
        assert names
    round.refresh_from_db()
    services.round_call_time(round=round, user=director)
    for table in round.tables.all():
        services.table_confirm(table=table, user=director)
