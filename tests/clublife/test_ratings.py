"""Club ratings against OpenSkill called directly on the same results: club matches and
tournament tables played through the services, corrections, late confirmations, the command."""

import random
from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone
from openskill.models import PlackettLuce

from clublife.models import Rating, RatingChange
from clublife.ratings import counted_matches, leaderboards
from clubs.models import Role
from scoring import services as scoring
from scoring.models import Match, MatchPlayer
from tests.factories import PlayerFactory, member
from tests.tournaments.helpers import Staff, play_round
from tournaments import services
from tournaments.models import Format

pytestmark = pytest.mark.django_db

NAMES = ("Anna", "Bruno", "Carla", "Dario")


def direct(matches):
    """OpenSkill by hand: each match a dict {player: place}, in order; {player: (mu, sigma, n)}."""
    model = PlackettLuce()
    ratings, counts = {}, {}
    for places in matches:
        ordered = sorted(places.items(), key=lambda pair: (pair[1], str(pair[0])))
        teams = [[ratings.get(player) or model.rating()] for player, _place in ordered]
        rated = model.rate(teams, ranks=[float(place) for _player, place in ordered])
        for (player, _place), team in zip(ordered, rated, strict=True):
            ratings[player] = team[0]
            counts[player] = counts.get(player, 0) + 1
    return {player: (r.mu, r.sigma, counts[player]) for player, r in ratings.items()}


def stored(club, game):
    return {
        rating.player_id: (rating.mu, rating.sigma, rating.matches)
        for rating in Rating.objects.filter(player__club=club, game=game)
    }


def assert_rated_like_openskill(club, game, matches):
    expected = direct([places_of(match) for match in matches])
    ours = stored(club, game)
    assert set(ours) == set(expected)
    for player, (mu, sigma, count) in expected.items():
        assert ours[player][0] == pytest.approx(mu)
        assert ours[player][1] == pytest.approx(sigma)
        assert ours[player][2] == count


def places_of(match):
    """The match's final ranking, read straight from its seats."""
    return dict(MatchPlayer.objects.filter(match=match).values_list("player_id", "place"))


class Club:
    """A club with a director, a scorekeeper and four players."""

    def __init__(self):
        self.staff = Staff()
        self.club = self.staff.club
        self.players = {name: PlayerFactory(club=self.club, name=name) for name in NAMES}

    def scala(self, names, points, closer, end=True):
        """A Scala 40 club match of one hand (`points` to the others), then time called."""
        match = scoring.match_start(
            club=self.club,
            user=self.staff.scorekeeper,
            preset="scala40",
            players=[self.players[name] for name in names],
        )
        scoring.hand_record(
            match=match,
            user=self.staff.scorekeeper,
            data={"closer": closer, "points": points},
        )
        if end:
            scoring.match_call_time(match=match, user=self.staff.scorekeeper)
        match.refresh_from_db()
        return match

    def gin(self, winner, loser):
        match = scoring.match_start(
            club=self.club,
            user=self.staff.scorekeeper,
            preset="gin-standard",
            players=[self.players[loser], self.players[winner]],
        )
        scoring.hand_record(
            match=match,
            user=self.staff.scorekeeper,
            data={"result": "gin", "knocker": winner, "deadwood": {loser: 80}},
        )
        match.refresh_from_db()
        assert match.is_finished
        return match

    def tournament_table(self, seed=1):
        """A one-round Scala 40 tournament of the four players, played and time called but not
        confirmed; returns its only table."""
        tournament = services.tournament_create(
            club=self.club,
            user=self.staff.director,
            name="Torneo",
            preset="scala40",
            format=Format.ROUNDS,
            rounds_planned=1,
        )
        for player in self.players.values():
            services.entry_register(
                tournament=tournament, user=self.staff.director, player=player, check_in=True
            )
        round = services.round_seat(tournament=tournament, user=self.staff.director, seed=seed)
        play_round(
            round,
            scorekeeper=self.staff.scorekeeper,
            director=self.staff.director,
            rng=random.Random(seed),
            confirm=False,
        )
        table = round.tables.select_related("match").get()
        table.match.refresh_from_db()
        assert table.match.is_finished
        return table


@pytest.fixture
def club():
    return Club()


def test_club_matches_are_rated_like_openskill_called_directly(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    gin = club.gin("Bruno", "Anna")
    tie = club.scala(("Carla", "Dario", "Anna"), {"Carla": 5, "Anna": 5}, "Dario")
    assert places_of(tie) == {
        club.players["Dario"].pk: 1,
        club.players["Carla"].pk: 2,
        club.players["Anna"].pk: 2,
    }
    assert_rated_like_openskill(club.club, "scala40", [first, tie])
    assert_rated_like_openskill(club.club, "gin", [gin])
    history = list(
        RatingChange.objects.filter(game="scala40").order_by("sequence", "place", "player_id")
    )
    assert [change.sequence for change in history] == [1, 1, 1, 1, 2, 2, 2]
    assert [change.match_id for change in history] == [first.pk] * 4 + [tie.pk] * 3


def test_a_match_in_progress_is_not_rated(club):
    club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna", end=False)
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_an_unconfirmed_tournament_table_is_rated_once_confirmed(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    table = club.tournament_table()
    assert list(counted_matches(club=club.club)) == [first]
    assert_rated_like_openskill(club.club, "scala40", [first])

    services.table_confirm(table=table, user=club.staff.director)
    assert list(counted_matches(club=club.club)) == [first, table.match]
    assert_rated_like_openskill(club.club, "scala40", [first, table.match])


def test_a_table_confirmed_after_later_club_matches_is_rated_in_the_order_matches_finished(club):
    table = club.tournament_table()
    later = club.scala(NAMES, {"Anna": 40, "Carla": 20, "Dario": 30}, "Bruno")
    assert_rated_like_openskill(club.club, "scala40", [later])

    services.table_confirm(table=table, user=club.staff.director)
    assert_rated_like_openskill(club.club, "scala40", [table.match, later])
    sequences = dict(RatingChange.objects.values_list("match_id", "sequence").distinct())
    assert sequences == {table.match_id: 1, later.pk: 2}


def test_a_correction_of_a_rated_match_recomputes_the_ratings(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    second = club.scala(NAMES, {"Anna": 10, "Carla": 20, "Dario": 30}, "Bruno")
    before = stored(club.club, "scala40")
    hand = first.events.get(number=1)
    # Dario closed the first hand, not Anna: the places of the first match change
    scoring.hand_correct(
        event=hand,
        user=club.staff.scorekeeper,
        data={"closer": "Dario", "points": {"Anna": 30, "Bruno": 10, "Carla": 20}},
        expected_version=1,
        reason="Wrong closer",
    )
    first.refresh_from_db()
    assert places_of(first)[club.players["Dario"].pk] == 1
    assert stored(club.club, "scala40") != before
    assert_rated_like_openskill(club.club, "scala40", [first, second])


def test_a_correction_of_a_confirmed_table_takes_it_out_until_confirmed_again(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    table = club.tournament_table()
    services.table_confirm(table=table, user=club.staff.director)
    assert_rated_like_openskill(club.club, "scala40", [first, table.match])

    hand = table.match.events.filter(kind="hand").order_by("number").first()
    version = hand.versions.get(is_current=True)
    scoring.hand_correct(
        event=hand,
        user=club.staff.scorekeeper,
        data={k: v for k, v in version.data.items() if k != "type"},
        expected_version=version.version,
        reason="Checked again",
    )
    assert_rated_like_openskill(club.club, "scala40", [first])
    services.table_confirm(table=table, user=club.staff.director)
    assert_rated_like_openskill(club.club, "scala40", [first, table.match])


def test_a_match_no_longer_finished_leaves_the_ratings(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    second = club.scala(NAMES, {"Anna": 10, "Carla": 20, "Dario": 30}, "Bruno")
    time_call = second.events.get(kind="time_call")
    scoring.event_void(
        event=time_call, user=club.staff.scorekeeper, reason="Called too early", expected_version=1
    )
    second.refresh_from_db()
    assert not second.is_finished
    assert_rated_like_openskill(club.club, "scala40", [first])
    assert not RatingChange.objects.filter(match=second).exists()


def test_the_command_rebuilds_the_ratings_from_the_results(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    gin = club.gin("Bruno", "Anna")
    Rating.objects.update(mu=1.0, sigma=1.0, matches=9)
    RatingChange.objects.filter(match=gin).delete()

    out = StringIO()
    call_command("recompute_ratings", "--club", club.club.slug, "--game", "scala40", stdout=out)
    assert f"{club.club.slug}: 1 matches rated." in out.getvalue()
    assert_rated_like_openskill(club.club, "scala40", [first])
    assert all(mu == 1.0 for mu, _sigma, _n in stored(club.club, "gin").values())

    call_command("recompute_ratings", stdout=StringIO())
    assert_rated_like_openskill(club.club, "gin", [gin])
    assert RatingChange.objects.filter(match=gin).count() == 2


def test_the_command_refuses_an_unknown_club(club):
    with pytest.raises(CommandError, match="nowhere"):
        call_command("recompute_ratings", "--club", "nowhere")


def test_the_leaderboard_orders_players_by_ordinal_with_shared_ranks(club):
    club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    club.scala(("Carla", "Dario"), {"Carla": 10}, "Dario")
    (board,) = leaderboards(club=club.club)
    assert board.game == "scala40"
    ordinals = [row.ordinal for row in board.rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert board.rows[0].player.name in ("Anna", "Dario")
    assert [row.rank for row in board.rows] == [1, 2, 3, 4]
    assert leaderboards(club=club.club, game="gin")[0].rows == ()


def test_the_ratings_page_shows_each_game_with_mu_and_sigma(client, club):
    club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    club.gin("Bruno", "Anna")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(club.staff.scorekeeper)
    address = reverse("clublife:ratings", kwargs={"slug": club.club.slug})
    page = client.get(address).content.decode()
    assert "Scala 40" in page and "Gin Rummy" in page
    anna = Rating.objects.get(player=club.players["Anna"], game="scala40")
    assert f"{anna.mu:.1f} ± {anna.sigma:.1f}" in page
    assert f"{anna.ordinal:.1f}" in page
    profile = reverse(
        "clublife:player-profile", kwargs={"slug": club.club.slug, "pk": club.players["Anna"].pk}
    )
    assert profile in page

    only_gin = client.get(address, {"game": "gin"}).content.decode()
    assert "Gin Rummy" in only_gin and "Scala 40</h2>" not in only_gin
    wrong = client.get(address, {"game": "poker"})
    assert wrong.status_code == 200
    assert "Select a valid choice" in wrong.content.decode()


def test_the_ratings_page_is_for_members_and_everyone_when_the_club_is_public(client, club):
    address = reverse("clublife:ratings", kwargs={"slug": club.club.slug})
    assert client.get(address).status_code == 404
    client.force_login(member(Club().club, Role.OWNER))  # another club's owner
    assert client.get(address).status_code == 404
    club.club.is_public = True
    club.club.save()
    assert client.get(address).status_code == 200


def test_directors_recompute_from_the_page_and_others_may_not(client, club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    Rating.objects.update(mu=1.0)
    address = reverse("clublife:ratings-recompute", kwargs={"slug": club.club.slug})
    client.force_login(club.staff.scorekeeper)
    assert client.post(address).status_code == 403
    client.force_login(member(Club().club, Role.OWNER))
    assert client.post(address).status_code == 404
    client.force_login(club.staff.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post(address, follow=True)
    assert "Ratings recomputed from 1 match." in response.content.decode()
    assert_rated_like_openskill(club.club, "scala40", [first])


def test_counted_matches_bound_the_day_they_finished(club):
    first = club.scala(NAMES, {"Bruno": 10, "Carla": 20, "Dario": 30}, "Anna")
    today = timezone.localdate(first.finished_at)
    assert list(counted_matches(club=club.club, since=today, until=today)) == [first]
    assert not counted_matches(club=club.club, since=today + timedelta(days=1)).exists()
    assert not counted_matches(club=club.club, until=today - timedelta(days=1)).exists()
    assert list(counted_matches(club=club.club, since=first.finished_at)) == [first]
    assert list(counted_matches(club=club.club, game="scala40")) == [first]
    assert not counted_matches(club=club.club, game="gin").exists()
    assert Match.objects.count() == 1
