"""Player profiles against a demo club with known numbers: two Scala 40 matches and a Gin match,
played through the services, whose statistics were worked out by hand; the page and the API
show the same numbers."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from clublife.models import Rating
from clubs.models import Role
from scoring import services as scoring
from tests.factories import ClubFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db

RULES = {"elimination_at": 101, "reentry_allowed": True}


class Demo:
    """Circolo Demo (public): Anna, Bruno, Carla, and a fourth player who never played.

    Scala 40, threshold 101, re-entries allowed:
    - match 1 (Anna, Bruno, Carla): Anna closes (Bruno 30, Carla 12); Carla closes in hand
      (Anna 20, Bruno 40, doubled: 40 and 80: Bruno busts at 110); Bruno re-enters at 40; Anna
      closes (Bruno 5, Carla 100: Carla busts at 112); time: Anna 40 first, Bruno 45 second,
      Carla third.
    - match 2 (Anna, Bruno, Carla): Bruno closes (Anna 50, Carla 110: Carla busts); time: Bruno
      first, Anna second, Carla third.
    - match 3, in progress (Anna, Bruno): counts for nothing yet.
    Gin (gin-standard), Anna against Bruno: Anna gins (Bruno 30); Bruno knocks with 7, Anna holds
    4 and undercuts; a dead hand; Anna knocks with 3 (Bruno 9); Anna gins (Bruno 20): Anna wins.
    """

    def __init__(self):
        self.club = ClubFactory(name="Circolo Demo", slug="demo", is_public=True)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)
        self.players = {
            name: PlayerFactory(club=self.club, name=name)
            for name in ("Anna", "Bruno", "Carla", "Elena")
        }
        self.matches = [
            self.play(
                "scala40",
                ("Anna", "Bruno", "Carla"),
                [
                    {"type": "hand", "closer": "Anna", "points": {"Bruno": 30, "Carla": 12}},
                    {
                        "type": "hand",
                        "closer": "Carla",
                        "in_hand": True,
                        "points": {"Anna": 20, "Bruno": 40},
                    },
                    {"type": "reentry", "player": "Bruno"},
                    {"type": "hand", "closer": "Anna", "points": {"Bruno": 5, "Carla": 100}},
                    {"type": "time_call"},
                ],
            ),
            self.play(
                "scala40",
                ("Anna", "Bruno", "Carla"),
                [
                    {"type": "hand", "closer": "Bruno", "points": {"Anna": 50, "Carla": 110}},
                    {"type": "time_call"},
                ],
            ),
            self.play(
                "gin-standard",
                ("Anna", "Bruno"),
                [
                    {"type": "hand", "result": "gin", "knocker": "Anna", "deadwood": {"Bruno": 30}},
                    {
                        "type": "hand",
                        "result": "knock",
                        "knocker": "Bruno",
                        "deadwood": {"Anna": 4, "Bruno": 7},
                    },
                    {"type": "hand", "result": "dead"},
                    {
                        "type": "hand",
                        "result": "knock",
                        "knocker": "Anna",
                        "deadwood": {"Anna": 3, "Bruno": 9},
                    },
                    {"type": "hand", "result": "gin", "knocker": "Anna", "deadwood": {"Bruno": 20}},
                ],
            ),
        ]
        self.live = self.play(
            "scala40",
            ("Anna", "Bruno"),
            [{"type": "hand", "closer": "Bruno", "points": {"Anna": 30}}],
        )
        for match in self.matches:
            match.refresh_from_db()
            assert match.is_finished
        self.live.refresh_from_db()
        assert not self.live.is_finished

    def play(self, preset, names, events):
        match = scoring.match_start(
            club=self.club,
            user=self.scorekeeper,
            preset=preset,
            players=[self.players[name] for name in names],
            options=RULES if preset == "scala40" else None,
        )
        for event in events:
            scoring.event_record(match=match, user=self.scorekeeper, data=event)
        return match

    def profile_url(self, name):
        return reverse(
            "clublife:player-profile", kwargs={"slug": "demo", "pk": self.players[name].pk}
        )

    def api_url(self, name):
        return f"/api/v1/clubs/demo/players/{self.players[name].pk}/profile/"


# Worked out by hand (see `Demo`).
SCALA = {
    "Anna": {
        "matches": "2",
        "wins": "1",
        "hands": "4",
        "points_taken": "90",
        "average_points": "22.50",
        "closes": "2",
        "in_hand": "0",
        "busts": "0",
        "reentries": "0",
    },
    "Bruno": {
        "matches": "2",
        "wins": "1",
        "hands": "4",
        "points_taken": "115",
        "average_points": "28.75",
        "closes": "1",
        "in_hand": "0",
        "busts": "1",
        "reentries": "1",
    },
    "Carla": {
        "matches": "2",
        "wins": "0",
        "hands": "4",
        "points_taken": "222",
        "average_points": "55.50",
        "closes": "1",
        "in_hand": "1",
        "busts": "2",
        "reentries": "0",
    },
}
GIN = {
    "Anna": {
        "matches": "1",
        "wins": "1",
        "hands": "5",
        "gins": "2",
        "knocks": "1",
        "undercuts": "1",
        "undercut": "0",
        "average_deadwood": "1.75",
    },
    "Bruno": {
        "matches": "1",
        "wins": "0",
        "hands": "5",
        "gins": "0",
        "knocks": "1",
        "undercuts": "0",
        "undercut": "1",
        "average_deadwood": "16.50",
    },
}


@pytest.fixture
def demo():
    return Demo()


def section(page: str, game: str) -> str:
    """The part of the profile page about one game."""
    start = page.index(f'id="game-{game}"')
    end = page.find('<section class="cl-', start)
    return page[start : end if end != -1 else len(page)]


def stats(html: str) -> dict[str, str]:
    """The numbers of a game section: {stat: its first word}."""
    return {
        name: re.sub(r"<[^>]+>", " ", value).split()[0]
        for name, value in re.findall(r'<dd data-stat="(\w+)">(.*?)</dd>', html, re.S)
    }


def head_to_head(html: str) -> dict[str, list[str]]:
    rows = re.findall(r'<tr data-opponent="([^"]+)">(.*?)</tr>', html, re.S)
    return {name: re.findall(r'<td class="num">(\d+)</td>', cells) for name, cells in rows}


def get_page(client, address):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(address)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("name", ["Anna", "Bruno", "Carla"])
def test_the_profile_page_shows_the_scala_40_statistics_worked_out_by_hand(client, demo, name):
    page = get_page(client, demo.profile_url(name))
    assert stats(section(page, "scala40")) == SCALA[name]


@pytest.mark.parametrize("name", ["Anna", "Bruno"])
def test_the_profile_page_shows_the_gin_statistics_worked_out_by_hand(client, demo, name):
    gin = section(get_page(client, demo.profile_url(name)), "gin")
    assert stats(gin) == GIN[name]
    # Anna: 2 gins in 5 hands, undercut Bruno's only knock; Bruno never undercut Anna's knock
    shares = {"Anna": ("40.0% of hands", "100.0% of the opponent"), "Bruno": ("0.0% of hands",)}
    for share in shares[name]:
        assert share in gin


def test_the_head_to_head_records_count_places_and_gin_wins(client, demo):
    page = get_page(client, demo.profile_url("Anna"))
    # matches together, ahead, behind, level
    assert head_to_head(section(page, "scala40")) == {
        "Bruno": ["2", "1", "1", "0"],
        "Carla": ["2", "2", "0", "0"],
    }
    # matches together, wins, losses
    assert head_to_head(section(page, "gin")) == {"Bruno": ["1", "1", "0"]}
    carla = get_page(client, demo.profile_url("Carla"))
    assert head_to_head(section(carla, "scala40")) == {
        "Anna": ["2", "0", "2", "0"],
        "Bruno": ["2", "0", "2", "0"],
    }


def test_the_profile_draws_the_places_and_the_rating_over_time(client, demo):
    page = get_page(client, demo.profile_url("Anna"))
    scala = section(page, "scala40")
    assert scala.count("<svg") == 2
    assert "Scala 40: places" in scala and "Scala 40 rating, match by match" in scala
    # first once, second once, never third: two bars
    assert scala.count('class="bar"') == 2
    assert scala.count('class="mu"') == 1 and scala.count('class="band"') == 1
    rating = Rating.objects.get(player=demo.players["Anna"], game="scala40")
    assert rating.matches == 2
    assert f"{rating.ordinal:.1f}" in scala
    assert section(page, "gin").count("<svg") == 2


def test_recent_matches_link_to_the_counted_matches_newest_first(client, demo):
    page = get_page(client, demo.profile_url("Anna"))
    recent = page[page.index('id="recent-matches"') :]
    links = re.findall(r'href="(/matches/\d+/)"', recent)
    assert links == [match.get_absolute_url() for match in reversed(demo.matches)]
    assert demo.live.get_absolute_url() not in page
    assert "Place 1 of 2" in recent and "Place 2 of 3" in recent and "Place 1 of 3" in recent


def test_a_player_who_never_played_has_an_empty_profile(client, demo):
    page = get_page(client, demo.profile_url("Elena"))
    assert "No finished matches yet." in page
    assert "<svg" not in page


def test_another_clubs_player_and_a_private_club_answer_404(client, demo):
    stranger = PlayerFactory(club=ClubFactory(is_public=True))
    address = reverse("clublife:player-profile", kwargs={"slug": "demo", "pk": stranger.pk})
    assert client.get(address).status_code == 404
    demo.club.is_public = False
    demo.club.save()
    assert client.get(demo.profile_url("Anna")).status_code == 404
    client.force_login(member(demo.club, Role.MEMBER))
    assert client.get(demo.profile_url("Anna")).status_code == 200


def api_game(profile, game):
    return next(row for row in profile["games"] if row["game"] == game)


def test_the_api_gives_the_same_numbers(demo):
    response = APIClient().get(demo.api_url("Anna"))
    assert response.status_code == 200
    profile = response.json()
    assert profile["player"] == {"id": demo.players["Anna"].pk, "name": "Anna"}
    scala = api_game(profile, "scala40")
    assert {key: str(scala[key]) for key in SCALA["Anna"] if key != "average_points"} == {
        key: value for key, value in SCALA["Anna"].items() if key != "average_points"
    }
    assert scala["average_points"] == 22.5
    assert scala["places"] == [
        {"place": 1, "matches": 1},
        {"place": 2, "matches": 1},
        {"place": 3, "matches": 0},
    ]
    assert scala["head_to_head"] == [
        {
            "opponent": {"id": demo.players["Bruno"].pk, "name": "Bruno"},
            "matches": 2,
            "ahead": 1,
            "behind": 1,
            "level": 0,
        },
        {
            "opponent": {"id": demo.players["Carla"].pk, "name": "Carla"},
            "matches": 2,
            "ahead": 2,
            "behind": 0,
            "level": 0,
        },
    ]
    rating = Rating.objects.get(player=demo.players["Anna"], game="scala40")
    assert scala["rating"]["mu"] == pytest.approx(rating.mu)
    assert scala["rating"]["ordinal"] == pytest.approx(rating.ordinal)
    assert [point["match"] for point in scala["rating_history"]] == [
        demo.matches[0].pk,
        demo.matches[1].pk,
    ]
    assert scala["rating_history"][-1]["mu"] == pytest.approx(rating.mu)
    gin = api_game(profile, "gin")
    assert (gin["gins"], gin["knocks"], gin["undercuts"], gin["hands"]) == (2, 1, 1, 5)
    assert gin["gin_share"] == 40.0
    assert gin["undercut_share"] == 100.0
    assert gin["average_deadwood"] == 1.75
    assert [row["id"] for row in profile["recent_matches"]] == [
        match.pk for match in reversed(demo.matches)
    ]
    assert profile["recent_matches"][0]["players"] == 2


def test_the_api_answers_404_for_a_private_club_and_another_clubs_player(demo):
    stranger = PlayerFactory(club=ClubFactory(is_public=True))
    client = APIClient()
    assert client.get(f"/api/v1/clubs/demo/players/{stranger.pk}/profile/").status_code == 404
    demo.club.is_public = False
    demo.club.save()
    assert client.get(demo.api_url("Anna")).status_code == 404


def test_the_profile_says_the_rating_in_plain_words_with_a_link_to_what_it_means(client, demo):
    """Issue 20 (words): "stima 25 ± 3", not "mu ± sigma"; no "(deadwood)" jargon."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.get(demo.profile_url("Anna"))
    page = response.content.decode()
    anna = Rating.objects.get(player__name="Anna", game="gin")
    estimate = f"stima {anna.mu:.1f} ± {anna.sigma:.1f}".replace(".", ",")
    assert estimate in page
    meaning = reverse("clublife:ratings", kwargs={"slug": demo.club.slug}) + "#rating-meaning"
    assert f'href="{meaning}"' in page
    assert "Punti rimasti spaiati per mano" in page
    text = re.sub(r"<[^>]+>", " ", page)
    for jargon in ("deadwood", "mu ±", "± sigma", "(mu)", "(sigma)"):
        assert jargon not in text
    explained = client.get(meaning.split("#")[0]).content.decode()
    assert 'id="rating-meaning"' in explained and "25 ± 3" in explained
