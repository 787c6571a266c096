"""Burraco in club life (issue 28): ratings through the pair (OpenSkill's team rating called
directly on the same results), seasons and statistics that count a line's win for both
partners, and a player's profile with their partners, on the pages, the CSV and the API.

The club plays B1 of BURRACO.md section 7 (NS 1315, EO 960) to a target of 1005 twice with
different partners, and a level match (one hand of 280 each, then time): Anna and Carla beat
Bruno and Dario; Anna and Bruno beat Carla and Dario; Anna and Carla level with Bruno and Dario.
A fourth match, in progress, counts for nothing.
"""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest
from django.conf import settings
from django.urls import reverse
from openskill.models import PlackettLuce
from rest_framework.test import APIClient

from clublife import seasons
from clublife.exports import write_statistics
from clublife.models import Rating, RatingChange
from clublife.ratings import ratings_recompute
from clubs.models import Role
from scoring import services as scoring
from scoring.models import Match
from tests.clublife.test_profile import get_page, section, stats
from tests.factories import ClubFactory, PlayerFactory, member
from tests.scoring.engine.burraco_helpers import B1_DOCUMENT_HANDS

pytestmark = pytest.mark.django_db

# One hand both lines end level: a sporco each, 200 melded and 20 in hand (base 100 +
# carte 180 = 280 each).
LEVEL_HAND = {
    "type": "hand",
    "end": "tallone",
    "lines": {
        line: {"sporchi": 1, "pozzetto_taken": True, "melded": 200, "in_hand": 20}
        for line in ("NS", "EO")
    },
}


class Club:
    """Circolo Burraco (public), Anna, Bruno, Carla and Dario, and the matches above."""

    def __init__(self):
        self.club = ClubFactory(name="Circolo Burraco", slug="burraco", is_public=True)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)
        self.players = {
            name: PlayerFactory(club=self.club, name=name)
            for name in ("Anna", "Bruno", "Carla", "Dario")
        }

    def play(self, seats, events, *, preset="burraco", time=False) -> Match:
        match = scoring.match_start(
            club=self.club,
            user=self.scorekeeper,
            preset=preset,
            players=[self.players[name] for name in seats],
            options={"target": 1005},
        )
        for event in events:
            scoring.event_record(match=match, user=self.scorekeeper, data=event)
        if time:
            scoring.match_call_time(match=match, user=self.scorekeeper)
        match.refresh_from_db()
        return match

    def played(self):
        """The three matches that count, and one in progress; NS is seats 1 and 3."""
        first = self.play(("Anna", "Bruno", "Carla", "Dario"), B1_DOCUMENT_HANDS)
        second = self.play(("Anna", "Carla", "Bruno", "Dario"), B1_DOCUMENT_HANDS)
        level = self.play(("Anna", "Bruno", "Carla", "Dario"), [LEVEL_HAND], time=True)
        self.play(("Bruno", "Anna", "Dario", "Carla"), B1_DOCUMENT_HANDS[:1])
        return first, second, level

    def url(self, name, **kwargs):
        return reverse(f"clublife:{name}", kwargs={"slug": self.club.slug, **kwargs})


@pytest.fixture
def club():
    return Club()


def openskill_by_hand(matches):
    """OpenSkill's team rating called directly: each match a list of (team, rank) in order."""
    model = PlackettLuce()
    ratings = {}
    for match in matches:
        teams = [[ratings.get(name) or model.rating() for name in team] for team, _rank in match]
        rated = model.rate(teams, ranks=[rank for _team, rank in match])
        for (team, _rank), after in zip(match, rated, strict=True):
            for name, rating in zip(team, after, strict=True):
                ratings[name] = rating
    return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}


EXPECTED_TEAMS = [
    [(("Anna", "Carla"), 1), (("Bruno", "Dario"), 2)],
    [(("Anna", "Bruno"), 1), (("Carla", "Dario"), 2)],
    [(("Anna", "Carla"), 1), (("Bruno", "Dario"), 1)],
]


def stored(club):
    return {
        rating.player.name: rating
        for rating in Rating.objects.filter(game="burraco").select_related("player")
    }


# Ratings ------------------------------------------------------------------------------------------


def test_a_pair_s_win_rates_both_partners_as_one_openskill_team(club):
    first = club.play(("Anna", "Bruno", "Carla", "Dario"), B1_DOCUMENT_HANDS)
    assert first.is_finished and first.winner is None
    expected = openskill_by_hand(EXPECTED_TEAMS[:1])
    ours = stored(club)
    assert set(ours) == set(expected)
    for name, (mu, sigma) in expected.items():
        assert ours[name].mu == pytest.approx(mu)
        assert ours[name].sigma == pytest.approx(sigma)
    # partners move together, and a team rating is not four players each on their own
    assert ours["Anna"].mu == pytest.approx(ours["Carla"].mu)
    assert ours["Bruno"].mu == pytest.approx(ours["Dario"].mu)
    assert ours["Anna"].mu > 25 > ours["Bruno"].mu
    alone = openskill_by_hand([[(("Anna",), 1), (("Carla",), 1), (("Bruno",), 3), (("Dario",), 3)]])
    assert ours["Anna"].mu != pytest.approx(alone["Anna"][0])


def test_ratings_follow_the_partners_match_by_match_and_a_level_match_is_a_tie(club):
    _first, second, level = club.played()
    expected = openskill_by_hand(EXPECTED_TEAMS)
    for name, (mu, sigma) in expected.items():
        assert stored(club)[name].mu == pytest.approx(mu), name
        assert stored(club)[name].sigma == pytest.approx(sigma), name
        assert stored(club)[name].matches == 3
    places = dict(RatingChange.objects.filter(match=level).values_list("player__name", "place"))
    assert places == {"Anna": 1, "Bruno": 1, "Carla": 1, "Dario": 1}
    assert list(
        RatingChange.objects.filter(match=second)
        .order_by("player__name")
        .values_list("player__name", "place", "sequence")
    ) == [("Anna", 1, 2), ("Bruno", 1, 2), ("Carla", 2, 2), ("Dario", 2, 2)]
    # rebuilt from scratch, the same numbers
    before = {name: (rating.mu, rating.sigma) for name, rating in stored(club).items()}
    assert ratings_recompute(club=club.club, game="burraco") == 3
    after = {name: (rating.mu, rating.sigma) for name, rating in stored(club).items()}
    for name, (mu, sigma) in before.items():
        assert after[name] == (pytest.approx(mu), pytest.approx(sigma))


def test_the_rating_page_shows_the_team_ratings(client, club):
    club.played()
    expected = openskill_by_hand(EXPECTED_TEAMS)
    page = get_page(client, club.url("ratings"))
    board = page[page.index('id="board-burraco"') :]
    for name, (mu, sigma) in expected.items():
        row = re.search(
            rf">{name}</a></th>\s*<td[^>]*>([-\d.]+)</td>\s*<td[^>]*>([^<]+)</td>", board
        )
        assert row is not None, name
        assert row.group(1) == f"{mu - 3 * sigma:.1f}"
        assert row.group(2) == f"{mu:.1f} ± {sigma:.1f}"


def test_the_rating_page_says_a_game_in_pairs_is_rated_through_the_pair(client, club):
    club.played()
    gin = scoring.match_start(
        club=club.club,
        user=None,
        preset="gin",
        players=[club.players["Anna"], club.players["Bruno"]],
        options={"target": 10},
    )
    scoring.hand_record(
        match=gin,
        user=None,
        data={"result": "gin", "knocker": "Anna", "deadwood": {"Anna": 0, "Bruno": 30}},
    )
    english = get_page(client, club.url("ratings"))
    sentence = (
        "Burraco is played in pairs, so each player is rated through their pair: OpenSkill rates "
        "the two lines as two teams (1 v 1: two teams of one), and partners go up and down "
        "together."
    )
    burraco = english[english.index('id="board-burraco"') :]
    assert sentence in burraco
    assert english.count("is played in pairs") == 1  # Gin's board says nothing of pairs
    assert 'id="board-gin"' in english and 'id="teams-gin"' not in english
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    italian = client.get(club.url("ratings")).content.decode()
    assert (
        "Burraco si gioca a coppie, quindi ogni giocatore ha il rating attraverso la sua coppia: "
        "OpenSkill valuta le due linee come due squadre (1 contro 1: due squadre di uno), e i "
        "compagni salgono e scendono insieme."
    ) in italian
    # the board of another game alone says nothing of pairs
    only_gin = get_page(client, club.url("ratings") + "?game=gin")
    assert 'id="board-gin"' in only_gin and "pairs" not in only_gin


def test_one_against_one_rates_two_teams_of_one(club):
    match = club.play(("Anna", "Bruno"), B1_DOCUMENT_HANDS, preset="burraco-1v1")
    assert match.winner.name == "Anna"
    expected = openskill_by_hand([[(("Anna",), 1), (("Bruno",), 2)]])
    for name, (mu, sigma) in expected.items():
        assert stored(club)[name].mu == pytest.approx(mu)
        assert stored(club)[name].sigma == pytest.approx(sigma)


# Seasons -----------------------------------------------------------------------------------------


def test_a_season_counts_a_line_as_a_table_of_two_and_its_win_for_both_partners(client, club):
    first, _second, level = club.played()
    season = seasons.season_create(
        club=club.club,
        user=None,
        name="Inverno",
        starts_on=first.finished_at.date(),
        ends_on=level.finished_at.date(),
    )
    view = seasons.season_standings_view(season)
    rows = [
        (row.place, row.shared, row.player.name, row.points, row.matches, row.wins, row.best_place)
        for row in view.rows
    ]
    # the default scale at a table of two lines: 7 and 1; level lines share (7 + 1) / 2 = 4
    assert rows == [
        (1, False, "Anna", Fraction(18), 3, 2, 1),
        (2, True, "Bruno", Fraction(12), 3, 1, 1),
        (2, True, "Carla", Fraction(12), 3, 1, 1),
        (4, False, "Dario", Fraction(6), 3, 0, 1),  # first, shared, in the level match
    ]
    counted = {seat.player.name: (seat.place, seat.points) for seat in view.matches[0].seats}
    assert counted == {"Anna": (1, 7), "Carla": (1, 7), "Bruno": (2, 1), "Dario": (2, 1)}
    html = get_page(client, club.url("season-detail", pk=season.pk))
    assert "3 matches counted" in html
    assert "18" in html[html.index('<tr data-player="Anna">') :].split("</tr>")[0]


# Statistics and the profile ----------------------------------------------------------------------


def records(html: str, kind: str) -> dict[str, list[str]]:
    rows = re.findall(rf'<tr data-{kind}="([^"]+)">(.*?)</tr>', html, re.S)
    return {name: re.findall(r'<td class="num">(\d+)</td>', cells) for name, cells in rows}


def test_the_profile_counts_the_line_s_wins_and_points_and_shows_the_partners(client, club):
    club.played()
    anna = section(
        get_page(client, club.url("player-profile", pk=club.players["Anna"].pk)), "burraco"
    )
    # 7 hands (3 + 3 + 1); her line's points 1315 + 1315 + 280 = 2910, 415.71 a hand
    assert stats(anna) == {
        "matches": "3",
        "wins": "2",
        "hands": "7",
        "line_points": "2910",
        "average_line_points": "415.71",
    }
    assert "Points taken" not in anna and "Busts" not in anna
    # partners: matches together, wins together; most matches first
    assert list(records(anna, "partner").items()) == [("Carla", ["2", "1"]), ("Bruno", ["1", "1"])]
    assert "Partners" in anna and "Wins together" in anna
    # opponents are the other line's players only: matches, ahead, behind, level
    assert records(anna, "opponent") == {
        "Dario": ["3", "2", "0", "1"],
        "Bruno": ["2", "1", "0", "1"],
        "Carla": ["1", "1", "0", "0"],
    }
    # the places chart counts two lines, and Anna was first in all three (once shared): one bar
    assert anna.count('class="bar"') == 1
    dario = section(
        get_page(client, club.url("player-profile", pk=club.players["Dario"].pk)), "burraco"
    )
    assert stats(dario)["wins"] == "0" and stats(dario)["line_points"] == str(960 + 960 + 280)
    assert records(dario, "partner") == {"Bruno": ["2", "0"], "Carla": ["1", "0"]}


def test_the_profile_in_italian_names_the_partners(client, club):
    club.played()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.get(club.url("player-profile", pk=club.players["Anna"].pk)).content.decode()
    burraco = section(page, "burraco")
    for words in ("Compagni", "Partite insieme", "Vittorie insieme", "Punti della linea"):
        assert words in burraco, words


def test_the_api_profile_gives_partners_and_line_points(club):
    club.played()
    answer = APIClient().get(
        reverse(
            "api-club-player-profile",
            kwargs={"slug": club.club.slug, "pk": club.players["Bruno"].pk},
        )
    )
    assert answer.status_code == 200, answer.content
    game = next(game for game in answer.json()["games"] if game["game"] == "burraco")
    assert (game["wins"], game["hands"], game["line_points"]) == (1, 7, 960 + 1315 + 280)
    assert game["average_line_points"] == round((960 + 1315 + 280) / 7, 4)
    assert [(row["partner"]["name"], row["matches"], row["wins"]) for row in game["partners"]] == [
        ("Dario", 2, 0),
        ("Anna", 1, 1),
    ]


def test_the_statistics_csv_gives_the_line_points_and_leaves_the_penalty_columns_empty(club):
    club.played()
    out = io.StringIO()
    write_statistics(club.club, out)
    rows = {row["Player"]: row for row in csv.DictReader(io.StringIO(out.getvalue()))}
    carla = rows["Carla"]
    assert (carla["Game"], carla["Matches"], carla["Wins"]) == ("Burraco", "3", "1")
    assert (carla["Place 1"], carla["Place 2"]) == ("2", "1")
    assert carla["Line points"] == str(1315 + 960 + 280)
    assert carla["Line points per hand"] == "365.00"
    assert carla["Points taken"] == "" and carla["Hands closed"] == ""


def documented_profile() -> dict:
    """The example of the profile endpoint in docs/API.md."""
    text = (settings.BASE_DIR / "docs" / "API.md").read_text()
    section = text[text.index("## Ratings and player profiles") : text.index("## Seasons")]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def with_ids(value, players):
    """`value` with every player's id (`{"id", "name"}`) the id of that name in `players`."""
    if isinstance(value, dict):
        if set(value) == {"id", "name"}:
            return {"id": players[value["name"]].pk, "name": value["name"]}
        return {key: with_ids(item, players) for key, item in value.items()}
    if isinstance(value, list):
        return [with_ids(item, players) for item in value]
    return value


def shown(answer, example):
    """The part of `answer` the abridged `example` shows: its keys, and lists item by item."""
    if isinstance(example, dict):
        return {key: shown(answer[key], item) for key, item in example.items()}
    if isinstance(example, list) and len(example) == len(answer):
        return [shown(got, item) for got, item in zip(answer, example, strict=True)]
    return answer


def test_the_api_s_documented_profile_example_is_what_the_api_answers(club):
    club.played()
    example = with_ids(documented_profile(), club.players)
    answer = APIClient().get(
        reverse(
            "api-club-player-profile",
            kwargs={"slug": club.club.slug, "pk": club.players["Anna"].pk},
        )
    )
    assert answer.status_code == 200, answer.content
    assert shown(answer.json(), example) == example
    # what the example leaves out is there too, and a game not in pairs has no partners
    game = answer.json()["games"][0]
    assert len(game["rating_history"]) == 3 and len(answer.json()["recent_matches"]) == 3
    scala = scoring.match_start(
        club=club.club, user=None, preset="scala40", players=list(club.players.values())
    )
    scoring.event_record(
        match=scala,
        user=None,
        data={
            "type": "hand",
            "closer": "Anna",
            "points": {"Bruno": 102, "Carla": 102, "Dario": 102},
        },
    )
    answer = APIClient().get(
        reverse(
            "api-club-player-profile",
            kwargs={"slug": club.club.slug, "pk": club.players["Bruno"].pk},
        )
    )
    scala_game = next(game for game in answer.json()["games"] if game["game"] == "scala40")
    assert scala_game["points_taken"] == 102 and scala_game["partners"] == []
    assert (scala_game["line_points"], scala_game["average_line_points"]) == (0, 0.0)
