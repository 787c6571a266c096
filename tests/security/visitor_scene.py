"""The scene of the visitors' link audit (tests/security/test_visitor_links.py).

Three clubs built through the services (each a `tests.isolation_helpers.Side`: an owner, a
director, a scorekeeper, six players, a club match in progress and a finished one, a Scala 40
rounds tournament with round 1 played and confirmed, a Gin single elimination bracket with its
first match played, a season), and more tournaments:

- "live": a public club that shows its matches in progress to the public; its bracket finished,
  also a public knockout by tables (round 1 played) and a public Gin Swiss (round 1 played,
  round 2 in progress);
- "quiet": a public club that does not (its bracket's matches in progress are not for visitors);
  its rounds tournament is private;
- "hidden": a private club; its bracket is public, and so are a Gin Swiss (round 1 played, round
  2 in progress) and a knockout by tables of it, while its rounds tournament stays private.

Each public club also has a match of seven hands in progress (its page links the whole history).
`outsider` is a plain member of "quiet": a logged-in member of another club than "hidden".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from clubs.models import Club, Membership, Role
from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tests.factories import UserFactory
from tests.isolation_helpers import Side, build_side
from tests.tournaments.helpers import play_round
from tournaments import services as tournaments
from tournaments.models import Entry, Format, Table, Tournament


@dataclass
class VisitorScene:
    live: Side
    quiet: Side
    hidden: Side
    outsider: object
    extra: dict[str, Tournament]  # the tournaments added to the sides', by a short name
    long_matches: dict[str, Match]  # a match of seven hands in progress, by side

    @property
    def private_tournaments(self) -> list[Tournament]:
        return list(Tournament.objects.filter(is_public=False))


def _gin_win(match: Match, winner: str, user) -> None:
    """The winner knocks with 2 against 30: a match to 10 is over in one hand."""
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    loser = next(name for name in names if name != winner)
    scoring.hand_record(
        match=match,
        user=user,
        data={"result": "knock", "knocker": winner, "deadwood": {winner: 2, loser: 30}},
    )


def _first_seat(table: Table) -> str:
    assert table.match is not None
    return table.match.seats.order_by("seat").values_list("name", flat=True)[0]


def _swiss(side: Side, name: str) -> Tournament:
    """A public Gin Swiss of the side's six players: round 1 played, round 2 drawn with one
    match in progress."""
    swiss = tournaments.tournament_create(
        club=side.club,
        user=side.director,
        name=name,
        preset="gin",
        format=Format.SWISS,
        options={"target": 10},
        rounds_planned=3,
        is_public=True,
    )
    for player in side.players:
        tournaments.entry_register(
            tournament=swiss, user=side.director, player=player, check_in=True
        )
    round = pairing_services.draw(tournament=swiss, user=side.director)
    for table in round.tables.select_related("match").order_by("number"):
        _gin_win(table.match, _first_seat(table), side.scorekeeper)
    round = pairing_services.next_round(tournament=swiss, user=side.director)
    table = round.tables.select_related("match").order_by("number").first()
    assert table is not None and table.match is not None
    assert table.match.status == MatchStatus.IN_PROGRESS
    return swiss


def _knockout(side: Side, name: str, seed: int) -> Tournament:
    """A public Scala 40 knockout by tables of the side's six players, round 1 played."""
    knockout = tournaments.tournament_create(
        club=side.club,
        user=side.director,
        name=name,
        preset="scala40",
        format=Format.KNOCKOUT,
        advance=2,
        final_table_size=4,
        table_size_max=4,
        is_public=True,
    )
    for player in side.players:
        tournaments.entry_register(
            tournament=knockout, user=side.director, player=player, check_in=True
        )
    round = tournaments.round_seat(tournament=knockout, user=side.director, seed=seed)
    play_round(
        round,
        scorekeeper=side.scorekeeper,
        director=side.director,
        rng=random.Random(seed),
        hands=3,
    )
    return knockout


def _long_match(side: Side) -> Match:
    """A club match in progress with seven hands: its page shows the latest and links the whole
    history."""
    players = side.players[2:6]
    match = scoring.match_start(
        club=side.club, user=side.scorekeeper, preset="scala40-club", players=players
    )
    names = [player.name for player in players]
    for hand in range(7):
        closer = names[hand % 4]
        points = {name: 5 + hand for name in names if name != closer}
        scoring.hand_record(
            match=match, user=side.scorekeeper, data={"closer": closer, "points": points}
        )
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS
    return match


def _finish_bracket(side: Side) -> None:
    """Play the side's Gin bracket to its champion and finish the tournament."""
    gin = side.gin_tournament
    for _step in range(6):
        open_tables = Table.objects.filter(
            round__tournament=gin, match__status=MatchStatus.IN_PROGRESS
        ).select_related("match")
        if not open_tables:
            break
        for table in open_tables:
            _gin_win(table.match, _first_seat(table), side.scorekeeper)
    tournaments.tournament_finish(tournament=gin, user=side.director)


def build_visitor_scene() -> VisitorScene:
    live = build_side(
        name="Circolo Aperto Lvqk", slug="aperto-live", city="Lvqkville", prefix="lvq",
        tag="lvqk", surname="Lvqk", public=True,
    )  # fmt: skip
    Club.objects.filter(pk=live.club.pk).update(public_live_matches=True)
    live.club.refresh_from_db()
    quiet = build_side(
        name="Circolo Aperto Qtwm", slug="aperto-quiet", city="Qtwmtown", prefix="qtw",
        tag="qtwm", surname="Qtwm", public=True,
    )  # fmt: skip
    hidden = build_side(
        name="Circolo Privato Pxyz", slug="privato-p9", city="Pxyzburg", prefix="pxy",
        tag="pxyz", surname="Pxyz",
    )  # fmt: skip
    extra = {
        "live swiss": _swiss(live, "Svizzera Aperta Lvqk"),
        "live knockout": _knockout(live, "Eliminazione Aperta Lvqk", seed=3),
        "hidden swiss": _swiss(hidden, "Svizzera Pubblica Pxyz"),
        "hidden knockout": _knockout(hidden, "Eliminazione Pubblica Pxyz", seed=4),
    }
    Tournament.objects.filter(pk=hidden.gin_tournament.pk).update(is_public=True)
    Tournament.objects.filter(pk=quiet.table_tournament.pk).update(is_public=False)
    _finish_bracket(live)
    outsider = UserFactory(username="outsider-member")
    Membership.objects.create(club=quiet.club, user=outsider, role=Role.MEMBER)

    assert live.club.is_public and live.club.public_live_matches
    assert quiet.club.is_public and not quiet.club.public_live_matches
    assert not hidden.club.is_public
    public_of_hidden = Tournament.objects.filter(club=hidden.club, is_public=True).count()
    assert public_of_hidden == 3
    assert Entry.objects.filter(tournament__in=extra.values()).count() == 24
    long_matches = {"live": _long_match(live), "quiet": _long_match(quiet)}
    return VisitorScene(
        live=live,
        quiet=quiet,
        hidden=hidden,
        outsider=outsider,
        extra=extra,
        long_matches=long_matches,
    )
