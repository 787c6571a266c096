"""Building tournaments in tests: players, entries, and generated match results."""

from __future__ import annotations

import itertools
import random
from collections.abc import Collection
from fractions import Fraction

from clubs.models import Role
from scoring import services as scoring
from scoring.models import MatchPlayer, MatchStatus
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments import services, settings_table
from tournaments.models import Entry, Round, Table

# The default placement points (linear 7 to 1), written out for the sizes the tests seat.
SCALE = {
    2: (Fraction(7), Fraction(1)),
    3: (Fraction(7), Fraction(4), Fraction(1)),
    4: (Fraction(7), Fraction(5), Fraction(3), Fraction(1)),
    5: (Fraction(7), Fraction(11, 2), Fraction(4), Fraction(5, 2), Fraction(1)),
}


def posted(row: settings_table.Setting, value) -> str | None:
    """A setting's value as the creation form posts it (None: not posted, as an unticked box)."""
    if row.kind == settings_table.FLAG:
        return "on" if value else None
    if row.kind == settings_table.FORMAT_FLAG:
        return {True: "yes", False: "no"}.get(value, "")
    if row.kind in (settings_table.PERCENTS, settings_table.CHOICES):
        return ", ".join(value)
    if row.kind == settings_table.TIE_BREAKS:
        return None  # left empty: the format's own order
    return "" if value is None else str(value)


def form_post(**fields) -> dict[str, str]:
    """The creation form's POST body: every setting on the form at its default (from the
    settings table, as the form posts it), then `fields` (the club, the name, the preset and
    format, and any setting changed). A setting given as None is left out."""
    data = {}
    for row in settings_table.SETTINGS:
        if row.on_form:
            data[row.name] = posted(row, row.initial())
    data.update(fields)
    return {name: value for name, value in data.items() if value is not None}


class Staff:
    """A club with a director (runs the tournament, confirms) and a scorekeeper (enters hands)."""

    def __init__(self, club=None):
        self.club = club or ClubFactory()
        self.director = member(self.club, Role.DIRECTOR)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)


def started_round(players: int = 8):
    """A club's rounds tournament of Scala 40 with `players` checked in, its round 1 seated
    (seed 1) and started: (staff, tournament, round)."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=staff.director, name="Coppa", preset="scala40", format="rounds"
    )
    enter_players(tournament, staff.director, players)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    return staff, tournament, round


def enter_players(tournament, user, count: int, prefix: str = "Giocatore"):
    """Register and check in `count` new club players; returns the entries in seed order."""
    entries = []
    for number in range(1, count + 1):
        player = PlayerFactory(club=tournament.club, name=f"{prefix} {number:02d}")
        entries.append(
            services.entry_register(tournament=tournament, user=user, player=player, check_in=True)
        )
    return entries


def play_hands(table: Table, *, scorekeeper, rng: random.Random, hands: int = 2) -> None:
    """Play up to `hands` random hands at the table's running match, entered by `scorekeeper`."""
    match = table.match
    for _hand in range(hands):
        match.refresh_from_db()
        if match.status == MatchStatus.FINISHED:
            return
        in_play = list(
            match.seats.filter(status="in_play").order_by("seat").values_list("name", flat=True)
        )
        closer = rng.choice(in_play)
        points = {name: rng.randrange(0, 60) for name in in_play if name != closer}
        scoring.hand_record(
            match=match, user=scorekeeper, data={"closer": closer, "points": points}
        )


def play_distinct(table: Table, *, scorekeeper, rng: random.Random) -> list[str]:
    """One hand that gives every player of the table a different total (so distinct places);
    returns the names from the best to the worst."""
    match = table.match
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    rng.shuffle(names)
    points = {name: 10 * index for index, name in enumerate(names) if index}
    scoring.hand_record(match=match, user=scorekeeper, data={"closer": names[0], "points": points})
    return names


def play_round(
    round: Round,
    *,
    scorekeeper,
    director,
    rng: random.Random,
    hands: int = 2,
    idle: Collection[int] = (),
    confirm: bool = True,
):
    """Start the round, play `hands` random hands at every table (entered by the scorekeeper)
    but the `idle` table numbers, where nothing is played, call time (the scorekeeper, as the
    director's deputy: whoever calls time decides a result, and may not confirm it), and
    confirm every table as the director."""
    round.refresh_from_db()
    if round.status == "seated":
        services.round_start(round=round, user=director)
    for table in round.tables.select_related("match").order_by("number"):
        if table.number not in idle:
            play_hands(table, scorekeeper=scorekeeper, rng=rng, hands=hands)
    round.refresh_from_db()
    services.round_call_time(round=round, user=scorekeeper)
    if confirm:
        for table in round.tables.all():
            services.table_confirm(table=table, user=director)


def table_results(round: Round) -> list[list[tuple[int, int, int]]]:
    """Every table of the round, read straight from the scoring records: a list of
    (entry id, place, total) in seat order."""
    entry_of = dict(
        Entry.objects.filter(tournament=round.tournament_id).values_list("player_id", "pk")
    )
    tables = []
    for table in round.tables.order_by("number"):
        tables.append(
            [
                (entry_of[player_id], place, total)
                for player_id, place, total in MatchPlayer.objects.filter(match=table.match_id)
                .order_by("seat")
                .values_list("player_id", "place", "total")
            ]
        )
    return tables


def placement_points(table: list[tuple[int, int, int]]) -> dict[int, Fraction]:
    """The points of a table: each place's points, shared places averaging the places covered."""
    scale = SCALE[len(table)]
    places = [place for _entry, place, _total in table]
    points = {}
    for entry, place, _total in table:
        shared = places.count(place)
        points[entry] = sum(scale[place - 1 : place - 1 + shared]) / shared
    return points


def met_pairs(seating: list[list[int]]) -> set[frozenset[int]]:
    """The pairs of players who sit at the same table."""
    return {frozenset(pair) for table in seating for pair in itertools.combinations(table, 2)}


def seating_of(round: Round) -> list[list[int]]:
    """The round's tables as lists of entry ids in seat order."""
    return [
        list(table.seats.order_by("seat").values_list("entry_id", flat=True))
        for table in round.tables.order_by("number")
    ]
