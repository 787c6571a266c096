"""Club seasons: the services, the standings read from real matches, the pages, the PDF, the CSV,
who may do what, and the standings page's query budget.

The three club nights played here hand by hand are the hand-computed example of
tests/tournaments/engine/test_season.py; the standings must come out the same.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
from fractions import Fraction

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from clublife import seasons
from clublife.models import Season
from clubs.models import Role
from scoring import services as scoring
from scoring.models import Match
from tests import clients
from tests.factories import ClubFactory, PlayerFactory, member
from tests.tournaments.helpers import enter_players, play_distinct
from tournaments import services
from tournaments.models import Format
from tournaments.services import TournamentActionError

# The module's `english` fixture (a client) hides the folder's autouse one: asked here instead.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


# Building the example -----------------------------------------------------------------------------


class Club:
    """A club with its staff and the five players of the example."""

    def __init__(self, *, is_public=False):
        self.club = ClubFactory(is_public=is_public)
        self.owner = member(self.club, Role.OWNER)
        self.director = member(self.club, Role.DIRECTOR)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)
        self.member = member(self.club, Role.MEMBER)
        self.players = {name: PlayerFactory(club=self.club, name=name) for name in NAMES}

    def start(self, names, preset="scala40", table_label="") -> Match:
        return scoring.match_start(
            club=self.club,
            user=self.scorekeeper,
            preset=preset,
            players=[self.players[name] for name in names],
            table_label=table_label,
        )

    def hand(self, match: Match, closer: str, points: dict[str, int]) -> None:
        scoring.hand_record(
            match=match, user=self.scorekeeper, data={"closer": closer, "points": points}
        )

    def season(self, **settings) -> Season:
        today = timezone.localdate()
        values = {
            "name": "Autunno",
            "starts_on": today - datetime.timedelta(days=30),
            "ends_on": today + datetime.timedelta(days=30),
            **settings,
        }
        return seasons.season_create(club=self.club, user=self.director, **values)


def play_the_three_nights(club: Club) -> list[Match]:
    # Night 1, four players: Dario busts at the first hand, Carla at the second, Bruno at the
    # third; Anna wins. Places 1 Anna, 2 Bruno, 3 Carla, 4 Dario.
    first = club.start(["Anna", "Bruno", "Carla", "Dario"], table_label="1")
    club.hand(first, "Anna", {"Bruno": 10, "Carla": 20, "Dario": 101})
    club.hand(first, "Anna", {"Bruno": 20, "Carla": 90})
    club.hand(first, "Anna", {"Bruno": 80})
    # Night 2, three players, re-entry allowed: Elena busts at the first hand and re-enters;
    # Carla busts at the third event (and does not come back), Anna at the fourth: Elena wins.
    second = club.start(["Anna", "Carla", "Elena"], preset="scala40-club", table_label="2")
    club.hand(second, "Anna", {"Carla": 10, "Elena": 101})
    scoring.event_record(
        match=second, user=club.scorekeeper, data={"type": "reentry", "player": "Elena"}
    )
    club.hand(second, "Elena", {"Anna": 50, "Carla": 95})
    club.hand(second, "Elena", {"Anna": 60})
    # Night 3, five players: Carla busts, then time is called: Bruno 0, Dario 25, Elena 25,
    # Anna 70. Places 1 Bruno, 2 Dario, 2 Elena, 4 Anna, 5 Carla.
    third = club.start(["Anna", "Bruno", "Carla", "Dario", "Elena"])
    club.hand(third, "Bruno", {"Anna": 30, "Carla": 101, "Dario": 20, "Elena": 20})
    club.hand(third, "Bruno", {"Anna": 40, "Dario": 5, "Elena": 5})
    scoring.match_call_time(match=third, user=club.scorekeeper)
    matches = [first, second, third]
    for match in matches:
        match.refresh_from_db()
        assert match.status == "finished"
    return matches


def places_of(match: Match) -> dict[str, int]:
    return dict(match.seats.values_list("name", "place"))


def standings(season: Season) -> list[tuple]:
    view = seasons.season_standings_view(season)
    return [
        (row.place, row.shared, row.player.name, row.points, row.matches, row.wins, row.best_place)
        for row in view.rows
    ]


@pytest.fixture
def example():
    club = Club()
    matches = play_the_three_nights(club)
    return club, matches


# The standings -----------------------------------------------------------------------------------


def test_the_three_nights_finish_as_the_example_says(example):
    _club, (first, second, third) = example
    assert places_of(first) == {"Anna": 1, "Bruno": 2, "Carla": 3, "Dario": 4}
    assert places_of(second) == {"Elena": 1, "Anna": 2, "Carla": 3}
    assert second.seats.get(name="Elena").reentries == 1
    assert places_of(third) == {"Bruno": 1, "Dario": 2, "Elena": 2, "Anna": 4, "Carla": 5}


def test_the_season_standings_are_the_hand_computed_ones(example):
    club, _matches = example
    # Anna 7 + 7 + 2.5; Bruno 5 + 7; Carla 3 + 4 + 1; Dario 1 + 4.75; Elena 1 + 4.75
    # (night 2 by first entries: Anna 1st, Carla 2nd, Elena 3rd)
    assert standings(club.season()) == [
        (1, False, "Anna", Fraction(33, 2), 3, 2, 1),
        (2, False, "Bruno", Fraction(12), 2, 1, 1),
        (3, False, "Carla", Fraction(8), 3, 0, 2),
        (4, True, "Dario", Fraction(23, 4), 2, 0, 2),
        (4, True, "Elena", Fraction(23, 4), 2, 0, 2),
    ]


def test_a_finished_match_with_a_seat_without_a_place_is_said_to_be_damaged(example):
    # No way in writes this any more (the archive's import refuses it: test_exchange_results.py);
    # a database that holds it gets an error naming the match, not another season's standings.
    club, (first, _second, _third) = example
    season = club.season()
    first.seats.filter(name="Anna").update(place=None)
    with pytest.raises(ValueError, match=rf"^Match {first.pk} is finished but 'Anna' has no place"):
        seasons.season_standings_view(season)


def test_counting_every_entry_gives_the_re_entered_winner_her_place(example):
    club, _matches = example
    # night 2 by the match places: Elena 7, Anna 4, Carla 1
    # Anna 7 + 4 + 2.5 = 13.5; Bruno 12; Elena 7 + 4.75 = 11.75; Dario 5.75; Carla 3 + 1 + 1 = 5
    rows = standings(club.season(first_entry_only=False))
    assert [(place, name, points) for place, _s, name, points, *_rest in rows] == [
        (1, "Anna", Fraction(27, 2)),
        (2, "Bruno", Fraction(12)),
        (3, "Elena", Fraction(47, 4)),
        (4, "Dario", Fraction(23, 4)),
        (5, "Carla", Fraction(5)),
    ]


def test_a_club_scale_gives_its_own_points(example):
    club, _matches = example
    season = club.season(placement_points={"3": [3, 2, 1], "4": [4, 3, 2, 1]})
    # tables of 5 keep the default 7/5.5/4/2.5/1
    # Anna 4 + 3 + 2.5 = 9.5; Bruno 3 + 7 = 10; Carla 2 + 2 + 1 = 5; Dario 1 + 4.75; Elena 1 + 4.75
    rows = {name: points for _p, _s, name, points, *_rest in standings(season)}
    assert rows == {
        "Bruno": 10,
        "Anna": Fraction(19, 2),
        "Carla": 5,
        "Dario": Fraction(23, 4),
        "Elena": Fraction(23, 4),
    }


def test_the_counted_matches_say_what_each_gave(example):
    club, (first, second, third) = example
    view = seasons.season_standings_view(club.season())
    assert [counted.match.pk for counted in view.matches] == [first.pk, second.pk, third.pk]
    night_2 = view.matches[1]
    assert [(s.player.name, s.place, s.season_place, s.points) for s in night_2.seats] == [
        ("Anna", 2, 1, 7),
        ("Carla", 3, 2, 4),
        ("Elena", 1, 3, 1),
    ]


def test_only_finished_matches_of_the_season_s_days_and_games_count(example):
    club, (first, _second, _third) = example
    live = club.start(["Anna", "Bruno"])
    club.hand(live, "Anna", {"Bruno": 10})
    gin = club.start(["Anna", "Bruno"], preset="gin-standard")
    Match.objects.filter(pk=first.pk).update(
        finished_at=timezone.now() - datetime.timedelta(days=60)
    )
    other = Club()
    play_the_three_nights(other)
    view = seasons.season_standings_view(club.season())
    assert len(view.matches) == 2  # night 1 finished before the season; not the live match
    assert live.pk not in {counted.match.pk for counted in view.matches}
    assert gin.pk not in {counted.match.pk for counted in view.matches}
    assert {row.player.club_id for row in view.rows} == {club.club.pk}
    assert seasons.season_standings_view(club.season(games=["ramino"])).rows == []
    assert len(seasons.season_standings_view(club.season(games=["scala40"])).matches) == 2


def _tournament_table(club: Club, *, confirm_results=True):
    tournament = services.tournament_create(
        club=club.club,
        user=club.director,
        name="Coppa d'autunno",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=1,
        confirm_results=confirm_results,
    )
    enter_players(tournament, club.director, 4, prefix="Torneo")
    round = services.round_seat(tournament=tournament, user=club.director, seed=1)
    services.round_start(round=round, user=club.director)
    table = round.tables.select_related("match").get()
    play_distinct(table, scorekeeper=club.scorekeeper, rng=random.Random(1))
    services.round_call_time(round=round, user=club.scorekeeper)
    return tournament, table


def test_a_tournament_table_counts_once_its_result_counts():
    club = Club()
    _tournament, table = _tournament_table(club)
    season = club.season()
    assert seasons.season_standings_view(season).matches == []  # finished, not confirmed
    services.table_confirm(table=table, user=club.director)
    view = seasons.season_standings_view(season, user=club.director)  # a member sees its name
    assert [counted.match.pk for counted in view.matches] == [table.match_id]
    assert view.matches[0].tournament.name == "Coppa d'autunno"
    assert sorted(row.points for row in view.rows) == [1, 3, 5, 7]


def test_the_season_counts_club_nights_tournament_tables_or_both(example):
    club, _matches = example
    _tournament, table = _tournament_table(club, confirm_results=False)
    both = seasons.season_standings_view(club.season())
    nights = seasons.season_standings_view(club.season(counts_tournaments=False))
    tables = seasons.season_standings_view(club.season(counts_club_matches=False))
    assert len(both.matches) == 4
    assert len(nights.matches) == 3
    assert [counted.match.pk for counted in tables.matches] == [table.match_id]


# The services' refusals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "field", "words"),
    [
        ({"name": "  "}, "name", "needs a name"),
        (
            {"starts_on": datetime.date(2025, 9, 1), "ends_on": datetime.date(2025, 8, 31)},
            "ends_on",
            "cannot end (2025-08-31) before it starts (2025-09-01)",
        ),
        ({"starts_on": "1 settembre"}, "starts_on", "Enter a date"),
        ({"games": ["scala40", "briscola"]}, "games", "briscola is not a game"),
        ({"games": "scala40"}, "games", "are a list"),
        (
            {"counts_club_matches": False, "counts_tournaments": False},
            "counts_club_matches",
            "choose at least one",
        ),
        ({"placement_points": {"4": [10, 6, 3]}}, "placement_points", "needs 4 placement points"),
        ({"placement_points": {"4": [1, 3, 6, 10]}}, "placement_points", "must not grow"),
        ({"placement_points": {"9": [1] * 9}}, "placement_points", "2 to 6 players, not 9"),
        ({"placement_points": {"four": [1]}}, "placement_points", "lists of points"),
        ({"placement_points": [7, 5, 3, 1]}, "placement_points", "lists of points"),
    ],
)
def test_a_season_that_cannot_be_is_refused_naming_the_field(given, field, words):
    club = Club()
    values = {"name": "Inverno", "starts_on": "2025-01-01", "ends_on": "2025-03-31", **given}
    with pytest.raises(TournamentActionError) as refused:
        seasons.season_create(club=club.club, user=club.director, **values)
    assert refused.value.field == field
    assert words in refused.value.message
    assert not Season.objects.exists()


def test_a_season_is_stored_normalised():
    club = Club()
    season = seasons.season_create(
        club=club.club,
        user=club.director,
        name="  Primavera   2026 ",
        starts_on="2026-03-01",
        ends_on=datetime.date(2026, 5, 31),
        games=["gin", "scala40", "gin"],
        placement_points={4: [10, "6.5", 3, 0]},
    )
    season.refresh_from_db()
    assert season.name == "Primavera 2026"
    assert season.starts_on == datetime.date(2026, 3, 1)
    assert season.games == ["scala40", "gin"]
    assert season.placement_points == {"4": [10, "6.5", 3, 0]}


def test_an_update_changes_only_what_it_names_and_checks_the_whole(example):
    club, _matches = example
    season = club.season()
    updated = seasons.season_update(season=season, user=club.director, name="Autunno 2026")
    assert (updated.name, updated.starts_on) == ("Autunno 2026", season.starts_on)
    with pytest.raises(TournamentActionError) as refused:
        seasons.season_update(
            season=season, user=club.director, ends_on=season.starts_on - datetime.timedelta(1)
        )
    assert refused.value.field == "ends_on"
    with pytest.raises(TournamentActionError) as refused:
        seasons.season_update(season=season, user=club.director, club="other")
    assert refused.value.field == "club"
    season.refresh_from_db()
    assert season.name == "Autunno 2026"
    season = seasons.season_update(season=season, user=club.director, first_entry_only=False)
    assert standings(season)[2][2] == "Elena"  # her match place counts now


# Pages --------------------------------------------------------------------------------------------


def url(name, club: Club, season: Season | None = None) -> str:
    kwargs = {"slug": club.club.slug}
    if season is not None:
        kwargs["pk"] = season.pk
    return reverse(f"clublife:{name}", kwargs=kwargs)


@pytest.fixture
def english(client):
    return clients.english(client)


def row_texts(html: str, player: str) -> str:
    start = html.index(f'<tr data-player="{player}">')
    return " ".join(html[start : html.index("</tr>", start)].split())


def test_the_standings_page_shows_points_with_halves_and_the_matches_counted(english, example):
    club, (first, second, _third) = example
    season = club.season()
    english.force_login(club.member)
    response = english.get(url("season-detail", club, season))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<td class="num place">1</td> <th scope="row">Anna</th>' in row_texts(html, "Anna")
    assert "16.5" in row_texts(html, "Anna")
    assert "5.75" in row_texts(html, "Dario")
    assert '<td class="num place">=4</td>' in row_texts(html, "Elena")
    assert "3 matches counted" in html
    assert f'href="{first.get_absolute_url()}"' in html
    assert f'href="{second.get_absolute_url()}"' in html
    assert "(match place 1)" in html  # Elena won night 2, third by her first entry
    assert url("season-edit", club, season) not in html  # a member cannot change it


def test_the_standings_page_links_a_tournament_table_to_its_tournament(english):
    club = Club()
    tournament, table = _tournament_table(club)
    services.table_confirm(table=table, user=club.director)
    season = club.season()
    english.force_login(club.director)
    html = english.get(url("season-detail", club, season)).content.decode()
    assert f'href="{tournament.get_absolute_url()}"' in html
    assert "Coppa d&#x27;autunno</a>, table 1" in html
    assert url("season-edit", club, season) in html


def test_a_director_creates_a_season_from_the_list(english):
    club = Club()
    english.force_login(club.director)
    html = english.get(url("season-list", club)).content.decode()
    assert "New season" in html
    response = english.post(
        url("season-list", club),
        {
            "name": "Inverno",
            "starts_on": "2026-01-01",
            "ends_on": "2026-03-31",
            "games": ["scala40", "ramino"],
            "counts_club_matches": "on",
            "first_entry_only": "on",
            "placement_points": "4: 10, 6, 3, 1\n5: 7; 5,5; 4; 2,5; 1",
        },
    )
    season = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("season-detail", club, season)
    assert season.games == ["scala40", "ramino"]
    assert (season.counts_club_matches, season.counts_tournaments) == (True, False)
    assert season.placement_points == {
        "4": ["10", "6", "3", "1"],
        "5": ["7", "5.5", "4", "2.5", "1"],
    }
    html = english.get(url("season-list", club)).content.decode()
    assert "Inverno" in html and "Scala 40, Ramino · club nights" in html


def test_a_refused_season_comes_back_with_the_error_next_to_the_field(english):
    club = Club()
    english.force_login(club.director)
    response = english.post(
        url("season-list", club),
        {
            "name": "Inverno",
            "starts_on": "2026-03-01",
            "ends_on": "2026-01-31",
            "counts_club_matches": "on",
            "placement_points": "4: 1, 3, 6, 10",
        },
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "cannot end (2026-01-31) before it starts (2026-03-01)" in html
    assert 'value="Inverno"' in html  # nothing typed is lost
    assert not Season.objects.exists()
    response = english.post(
        url("season-list", club),
        {
            "name": "Inverno",
            "starts_on": "2026-01-01",
            "ends_on": "2026-01-31",
            "placement_points": "quattro",
        },
    )
    assert "Write each line as the table size" in response.content.decode()


def test_a_director_changes_a_season(english, example):
    club, _matches = example
    season = club.season(placement_points={"4": [10, 6, 3, 1]})
    english.force_login(club.director)
    html = english.get(url("season-edit", club, season)).content.decode()
    assert "4: 10, 6, 3, 1" in html
    response = english.post(
        url("season-edit", club, season),
        {
            "name": "Autunno lungo",
            "starts_on": season.starts_on.isoformat(),
            "ends_on": season.ends_on.isoformat(),
            "counts_club_matches": "on",
            "counts_tournaments": "on",
            "placement_points": "",
        },
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.placement_points, season.first_entry_only) == (
        "Autunno lungo",
        {},
        False,
    )


@pytest.mark.parametrize(
    ("who", "expected"),
    [("director", 200), ("owner", 200), ("scorekeeper", 403), ("member", 403), ("outsider", 404)],
)
def test_only_directors_open_the_settings(client, who, expected):
    club = Club()
    season = club.season()
    user = member(ClubFactory(), Role.OWNER) if who == "outsider" else getattr(club, who)
    client.force_login(user)
    assert client.get(url("season-edit", club, season)).status_code == expected
    response = client.post(url("season-list", club), {"name": "X"})
    assert response.status_code == expected  # a director sees the form's errors
    assert Season.objects.count() == 1


def test_a_private_club_s_seasons_are_for_its_members(client):
    club = Club()
    season = club.season()
    for name in ("season-list", "season-detail", "season-standings-pdf", "season-standings-csv"):
        address = url(name, club, None if name == "season-list" else season)
        assert client.get(address).status_code == 404, name
        client.force_login(member(ClubFactory(), Role.OWNER))
        assert client.get(address).status_code == 404, name
        client.logout()
    assert client.post(url("season-list", club), {"name": "X"}).status_code == 404
    assert Season.objects.count() == 1


def test_a_public_club_s_seasons_are_for_everyone_to_read(client):
    club = Club(is_public=True)
    season = club.season()
    assert client.get(url("season-list", club)).status_code == 200
    assert "New season" not in client.get(url("season-list", club)).content.decode()
    assert client.get(url("season-detail", club, season)).status_code == 200
    response = client.post(url("season-list", club), {"name": "X"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert client.get(url("season-edit", club, season)).status_code == 302


def test_another_club_s_season_is_not_found_under_this_club(client):
    club, other = Club(is_public=True), Club(is_public=True)
    season = other.season()
    assert client.get(url("season-detail", club, season)).status_code == 404


def test_the_pdf_lists_the_standings_and_the_matches(english, example):
    club, _matches = example
    season = club.season()
    english.force_login(club.member)
    response = english.get(url("season-standings-pdf", club, season))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    text = " ".join(
        "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split()
    )
    assert "Season standings" in text
    assert "1 Anna 16.5 3 2 1" in text
    assert "2 Bruno 12 2 1 1" in text
    assert "4= Dario 5.75 2 0 2" in text
    assert "4= Elena 5.75 2 0 2" in text
    assert "Matches counted (3)" in text
    assert "A player who re-entered is placed where their first entry ended." in text


def test_the_csv_has_a_row_a_player(english, example):
    club, _matches = example
    season = club.season()
    english.force_login(club.member)
    response = english.get(url("season-standings-csv", club, season))
    assert response.status_code == 200
    assert 'filename="autunno-standings.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [
        ["Place", "Player", "Points", "Matches", "Wins", "Best place"],
        ["1", "Anna", "16.5", "3", "2", "1"],
        ["2", "Bruno", "12", "2", "1", "1"],
        ["3", "Carla", "8", "3", "0", "2"],
        ["4=", "Dario", "5.75", "2", "0", "2"],
        ["4=", "Elena", "5.75", "2", "0", "2"],
    ]


# Query budget -------------------------------------------------------------------------------------


def build(nights: int) -> tuple[Club, Season]:
    """A club with `nights` matches of four players, each with a re-entry."""
    club = Club()
    extra = [PlayerFactory(club=club.club, name=f"Ospite {n}") for n in range(nights)]
    for night in range(nights):
        club.players[extra[night].name] = extra[night]
        names = ["Anna", "Bruno", "Carla", extra[night].name]
        match = club.start(names, preset="scala40-club", table_label=str(night + 1))
        club.hand(match, "Anna", {"Bruno": 10, "Carla": 20, names[3]: 101})
        scoring.event_record(
            match=match, user=club.scorekeeper, data={"type": "reentry", "player": names[3]}
        )
        scoring.match_call_time(match=match, user=club.scorekeeper)
    return club, club.season()


def test_the_standings_page_costs_the_same_queries_for_2_and_12_nights(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    counts = []
    for nights in (2, 12):
        club, season = build(nights)
        client.force_login(club.director)
        with CaptureQueriesContext(connection) as context:
            response = client.get(url("season-detail", club, season))
        assert response.status_code == 200
        assert f"{nights} matches counted" in response.content.decode()
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1]
    assert counts[0] <= 12
