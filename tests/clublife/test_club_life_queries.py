"""Query budgets: the leaderboard and a player's profile cost the same number of queries whatever
the club's size (4 or 20 players rated; 3 or 12 matches on the profile, of two games); importing a
club archive costs one query per row it writes and the same number of queries besides, whatever
the number of matches it holds (2 or 8)."""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from clublife import exchange
from clubs.models import Club, Player, Role
from scoring import services as scoring
from scoring.models import Match
from tests.factories import ClubFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db

BUDGET = 8


def play_scala(club, user, players):
    """A Scala 40 match of one hand (the first player closes) and a time call."""
    match = scoring.match_start(club=club, user=user, preset="scala40", players=players)
    points = {player.name: 10 * index for index, player in enumerate(players) if index}
    scoring.hand_record(match=match, user=user, data={"closer": players[0].name, "points": points})
    scoring.match_call_time(match=match, user=user)


def play_gin(club, user, winner, loser):
    match = scoring.match_start(
        club=club, user=user, preset="gin-standard", players=[loser, winner]
    )
    scoring.hand_record(
        match=match,
        user=user,
        data={"result": "gin", "knocker": winner.name, "deadwood": {loser.name: 80}},
    )


def build(players: int, matches: int):
    """A public club of `players` players, everyone rated at Scala 40, half at Gin; the first
    player plays `matches` matches (two thirds Scala 40 at tables of 4, one third Gin)."""
    club = ClubFactory(is_public=True)
    user = member(club, Role.SCOREKEEPER)
    people = [PlayerFactory(club=club, name=f"Giocatore {n:02d}") for n in range(1, players + 1)]
    for start in range(0, players, 4):
        play_scala(club, user, people[start : start + 4])
        play_gin(club, user, people[start], people[start + 1])
    for number in range(matches - 2):
        if number % 3 == 2:
            play_gin(club, user, people[0], people[1 + number % (players - 1)])
        else:
            table = [people[0], *(people[1 + (number + k) % (players - 1)] for k in range(3))]
            play_scala(club, user, table)
    return club, user, people


def count(client, address):
    with CaptureQueriesContext(connection) as context:
        response = client.get(address)
    assert response.status_code == 200
    return len(context.captured_queries), response.content.decode()


@pytest.mark.parametrize("as_member", [False, True], ids=["visitor", "member"])
def test_the_leaderboard_costs_the_same_queries_for_4_and_20_players(client, as_member):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    counts = []
    for players in (4, 20):
        club, user, _people = build(players, 2)
        if as_member:
            client.force_login(user)
        queries, page = count(client, reverse("clublife:ratings", kwargs={"slug": club.slug}))
        # everyone at Scala 40, half of them at Gin
        assert page.count("Giocatore ") == players + players // 2
        counts.append(queries)
    assert counts[0] == counts[1] <= BUDGET, counts


@pytest.mark.parametrize("as_member", [False, True], ids=["visitor", "member"])
def test_the_profile_costs_the_same_queries_for_3_and_12_matches(client, as_member):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    counts = []
    for matches in (3, 12):
        club, user, people = build(8, matches)
        if as_member:
            client.force_login(user)
        address = reverse("clublife:player-profile", kwargs={"slug": club.slug, "pk": people[0].pk})
        queries, page = count(client, address)
        assert f"{matches} matches counted" in page
        counts.append(queries)
    assert counts[0] == counts[1] <= BUDGET + 2, counts


def test_the_api_costs_the_same_queries_at_both_sizes():
    counts = []
    for players, matches in ((4, 3), (20, 12)):
        club, _user, people = build(players, matches)
        client = APIClient()
        for address in (
            f"/api/v1/clubs/{club.slug}/ratings/",
            f"/api/v1/clubs/{club.slug}/players/{people[0].pk}/profile/",
        ):
            with CaptureQueriesContext(connection) as context:
                assert client.get(address).status_code == 200
            counts.append(len(context.captured_queries))
    assert counts[:2] == counts[2:], counts


def archive_import_queries(matches: int) -> tuple[int, int]:
    """Import the archive of a club with `matches` Gin matches of one hand each into a database
    without the club: the rows written (one INSERT each) and every other query of the import."""
    club = ClubFactory(slug=f"archivio-{matches}")
    anna, bruno = PlayerFactory(club=club, name="Anna"), PlayerFactory(club=club, name="Bruno")
    for _number in range(matches):
        play_gin(club, None, anna, bruno)
    data = exchange.club_export(club)
    Match.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    with CaptureQueriesContext(connection) as context:
        imported = exchange.club_import(data)
    assert imported.club.matches.count() == matches
    sql = [query["sql"] for query in context.captured_queries]
    inserts = sum(statement.startswith("INSERT") for statement in sql)
    assert inserts == len(data["objects"])
    return inserts, len(sql) - inserts


def test_a_club_archive_import_checks_its_matches_in_the_same_queries_for_2_and_8():
    """Every imported match is replayed to check it (`_check_matches_replay`): its events are
    read for all the matches at once, not one query per match."""
    few_rows, few = archive_import_queries(2)
    many_rows, many = archive_import_queries(8)
    assert many_rows > few_rows
    assert few == many, (few, many)
