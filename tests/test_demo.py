"""The `demo` command: a demo club with people and matches of every game, loaded once."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clublife.models import Rating, Season
from clublife.seasons import season_standings_view
from clubs.models import Club, Membership, Player, Role
from scoring import selectors
from scoring.models import EventKind, EventVersion, Match, MatchEvent, MatchStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

LOGIN = re.compile(r"^\s+(\S+) / (\S+)\s+\(", re.MULTILINE)
PRESETS = {
    "scala40",
    "scala40-club",
    "ramino",
    "gin-standard",
    "gin-oklahoma",
    "gin-hollywood",
    "burraco",
}


def demo(*args) -> str:
    out = StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def counts() -> dict[str, int]:
    return {
        "users": get_user_model().objects.count(),
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "matches": Match.objects.count(),
        "events": MatchEvent.objects.count(),
        "versions": EventVersion.objects.count(),
    }


def fingerprint() -> list:
    """Everything the demo played, without database ids."""
    return [
        (
            match.preset,
            match.table_label,
            match.status,
            [(seat.name, seat.total, seat.status) for seat in match.seats.order_by("seat")],
            [
                (version.event.number, version.version, version.data, version.reason)
                for version in EventVersion.objects.filter(event__match=match).order_by(
                    "event__number", "version"
                )
            ],
        )
        for match in Match.objects.order_by("table_label", "pk")  # pk: the order they were made
    ]


def test_demo_creates_a_public_club_its_people_and_logins_that_work(client):
    output = demo()

    club = Club.objects.get()
    assert (club.name, club.is_public) == ("Circolo Tallone", True)
    assert club.players.filter(is_guest=False).count() == 12
    # two guests of the club nights, twelve of the Burraco evening's pairs
    assert club.players.filter(is_guest=True).count() == 2 + 12
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert roles == {"demo": Role.OWNER, "direttore": Role.DIRECTOR, "segnapunti": Role.SCOREKEEPER}
    demo_user = get_user_model().objects.get(username="demo")
    assert demo_user.is_superuser and demo_user.is_staff

    logins = dict(LOGIN.findall(output))
    assert logins["demo"] == "tallone-demo"
    assert set(logins) == {"demo", "direttore", "segnapunti"}
    for username, password in logins.items():
        assert client.login(username=username, password=password), username
        client.logout()
    assert not client.login(username="direttore", password="wrong")


def test_demo_plays_every_game_through_the_services():
    demo()

    matches = list(Match.objects.all())
    assert {match.preset for match in matches} == PRESETS
    assert {match.status for match in matches} == {MatchStatus.FINISHED, MatchStatus.IN_PROGRESS}
    assert Match.objects.get(preset="gin-standard").status == MatchStatus.FINISHED
    for match in matches:
        # only the tables of the Burraco evening's turno 2 that just sat down have no hand yet
        assert match.hand_count > 0 or hasattr(match, "tournament_table")
        # The cache the services wrote is what a replay of the stored events gives.
        detail = selectors.match_detail(match)
        assert {seat.name: seat.total for seat in detail.seats} == detail.state.totals
        assert (match.status == MatchStatus.FINISHED) == detail.state.finished

    club_match = Match.objects.get(preset="scala40-club")
    assert club_match.events.filter(kind=EventKind.REENTRY).exists()
    assert club_match.seats.filter(reentries__gt=0).exists()
    corrected = EventVersion.objects.get(event__match=club_match, version=2)
    assert not corrected.is_void and corrected.reason
    assert club_match.pot_total > 0
    assert EventVersion.objects.filter(is_void=True, event__match__preset="ramino").exists()
    assert MatchEvent.objects.filter(kind=EventKind.TIME_CALL).exists()
    assert Match.objects.filter(seats__player__is_guest=True).exists()


def test_demo_plays_burraco_in_pairs_two_finished_and_one_in_progress():
    demo()

    burraco = list(
        Match.objects.filter(preset="burraco", tournament_table__isnull=True).order_by("pk")
    )
    assert [(match.table_label, match.status) for match in burraco] == [
        ("8", MatchStatus.FINISHED),
        ("9", MatchStatus.FINISHED),
        ("10", MatchStatus.IN_PROGRESS),
    ]
    for match in burraco:
        seats = list(match.seats.order_by("seat"))
        assert len(seats) == 4
        # partners share their line's total: NS seats 1 and 3, EO seats 2 and 4
        assert seats[0].total == seats[2].total and seats[1].total == seats[3].total
        if match.status == MatchStatus.FINISHED:
            assert match.winner is None  # a line won: both its players are placed first
            winners = {seat.name for seat in seats if seat.place == 1}
            assert winners in ({seats[0].name, seats[2].name}, {seats[1].name, seats[3].name})
            assert max(seat.total for seat in seats) >= 2005
    corrected = EventVersion.objects.get(event__match=burraco[0], version=2)
    assert not corrected.is_void and corrected.reason.startswith("NS aveva")
    # rated through the pair: the players of the two finished matches
    rated = Rating.objects.filter(game="burraco")
    anna = rated.get(player__name="Anna Ferri")
    # Anna Ferri played both, and a table of each turno of the Burraco evening
    assert anna.matches == 2 + 2


def test_demo_runs_a_burraco_evening_turno_1_confirmed_and_turno_2_half_played(client):
    demo()

    tournament = Tournament.objects.get(name="Burraco del giovedì")
    assert tournament.pairs.count() == 12
    first, second = tournament.rounds.order_by("number")
    assert all(table.confirmed_at for table in first.tables.all())
    states = [
        (table.number, table.match.status, table.match.hand_count, table.confirmed_at is not None)
        for table in second.tables.select_related("match").order_by("number")
    ]
    assert states == [
        (1, MatchStatus.FINISHED, 3, True),
        (2, MatchStatus.FINISHED, 3, True),
        (3, MatchStatus.FINISHED, 3, False),
        (4, MatchStatus.IN_PROGRESS, 1, False),
        (5, MatchStatus.IN_PROGRESS, 0, False),
        (6, MatchStatus.IN_PROGRESS, 0, False),
    ]
    # a club opening Tallone sees the evening in progress on its console, in Italian
    client.login(username="direttore", password="tallone-direttore")
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="it").content
    assert "Turno 2" in page.decode() and "Anna Ferri / Bruno Galli" in page.decode()


def test_demo_is_deterministic():
    demo()
    first = fingerprint()
    Tournament.objects.all().delete()
    Match.objects.all().delete()
    Club.objects.all().delete()
    get_user_model().objects.all().delete()

    demo()

    assert fingerprint() == first


def test_if_empty_loads_once_and_then_does_nothing():
    assert "Demo data loaded" in demo("--if-empty")
    before = counts()

    output = demo("--if-empty")

    assert "demo data not loaded" in output
    assert counts() == before


def test_if_empty_does_nothing_when_there_are_users():
    get_user_model().objects.create_user(username="someone", password="x")
    demo("--if-empty")
    assert counts() == {
        "users": 1,
        "clubs": 0,
        "players": 0,
        "matches": 0,
        "events": 0,
        "versions": 0,
    }


def test_running_demo_again_does_not_duplicate_it():
    demo()
    before = counts()
    assert "already there" in demo()
    assert counts() == before


def test_demo_rates_its_players_and_opens_a_season_that_counts_its_matches():
    demo()

    season = Season.objects.get()
    standings = season_standings_view(season)
    assert season.club.name == "Circolo Tallone"
    assert len(standings.rows) >= 4 and standings.rows[0].points > 0
    assert Rating.objects.filter(game="scala40").count() >= 4
    assert Rating.objects.filter(game="gin").exists()
    # the finished Burraco matches count: their lines' players are in the standings
    counted = {counted.match.preset for counted in standings.matches}
    assert "burraco" in counted


CODE = re.compile(r"type the table code (\w+)$", re.MULTILINE)


def test_demo_prints_a_table_code_that_joins_a_live_match(client):
    output = demo()
    code = CODE.search(output).group(1)
    assert "Join table 3 (Scala 40" in output and "open /matches/join/ and type" in output

    # the join's second step: the phone of seat 1, under the name it gives
    page = client.post(
        "/matches/join/", {"code": code, "name": "Nonna Pina", "seat": "1"}, follow=True
    )
    joined = Match.objects.get(table_codes__code=code)
    assert joined.status == MatchStatus.IN_PROGRESS and joined.table_label == "3"
    assert page.redirect_chain[-1][0] == joined.get_absolute_url()
    assert f"Sei collegato al tavolo {code} come Nonna Pina." in page.content.decode()
    # `make run` loads the demo once (--if-empty) and says the same code every time
    assert CODE.search(demo("--if-empty")).group(1) == code
