"""Gin results explained (issue 18): the final score of a game shows its parts (points, game bonus,
boxes x box value, shutout) as the engine made it; the history names knock, gin, big gin and
undercut; Hollywood's end shows the games won (2-1) and each game's score, and box badges say per
game. On the match page (real HTTP) and in the match report (PDF text).

The numbers are RULES.md section 6's (G1, G3, G4) and its section 3 rules."""

from __future__ import annotations

import io
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from clubs.models import Role
from scoring import presenters, services
from scoring.engine import GinHand, GinScoreParts, replay, rules_for
from scoring.models import Match
from tests.factories import ClubFactory, PlayerFactory, member

pytestmark = pytest.mark.django_db

ANNA, BRUNO = "Anna", "Bruno"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def gin_match(preset: str, **options) -> Match:
    club = ClubFactory(name="Circolo del Gin", is_public=True)
    players = [PlayerFactory(club=club, name=name) for name in (ANNA, BRUNO)]
    return services.match_start(
        club=club, user=None, preset=preset, players=players, options=options
    )


def knock(match, knocker, knocker_deadwood, defender_deadwood):
    defender = BRUNO if knocker == ANNA else ANNA
    data = {
        "result": "knock",
        "knocker": knocker,
        "deadwood": {knocker: knocker_deadwood, defender: defender_deadwood},
    }
    services.hand_record(match=match, user=None, data=data)


def won(match, winner, points):
    """A knock `winner` wins for exactly `points` (1 to 99), as the engine's tests build it."""
    knock(match, winner, 1, points + 1)


def gin(match, knocker, defender_deadwood, result="gin"):
    defender = BRUNO if knocker == ANNA else ANNA
    data = {
        "result": result,
        "knocker": knocker,
        "deadwood": {knocker: 0, defender: defender_deadwood},
    }
    services.hand_record(match=match, user=None, data=data)


def page(match) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(member(match.club, Role.MEMBER))
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def report_text(match) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(reverse("match-pdf:report", args=[match.pk]))
    assert response.status_code == 200
    content = b"".join(response.streaming_content)
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())


# The words, from the engine's parts ---------------------------------------------------------------


def parts_of(preset, wins, **options):
    """The final parts of game 1 after `wins` ((winner, points) knocks), through the engine."""
    events = [GinHand("knock", w, {w: 1, (BRUNO if w == ANNA else ANNA): p + 1}) for w, p in wins]
    state = replay(rules_for(preset, options), (ANNA, BRUNO), events)
    return state.games[0].parts


def test_g4_gin_standard_shutout_reads_as_doubled():
    parts = parts_of("gin-standard", [(ANNA, 50), (ANNA, 50)])
    assert presenters.gin_score_parts(parts[ANNA]) == (
        "500 = (100 + game bonus 100 + 2 boxes × 25) × 2, shutout"
    )
    assert presenters.gin_score_parts(parts[BRUNO]) == "0"


def test_g4_gin_classic_shutout_reads_as_the_shutout_bonus():
    parts = parts_of("gin-classic", [(ANNA, 50), (ANNA, 50)])
    assert presenters.gin_score_parts(parts[ANNA]) == "340 = 100 + shutout bonus 200 + 2 boxes × 20"


def test_a_game_won_without_shutout_reads_points_bonus_and_boxes():
    parts = parts_of("gin-standard", [(ANNA, 60), (BRUNO, 30), (ANNA, 46)])
    assert presenters.gin_score_parts(parts[ANNA]) == "256 = 106 + game bonus 100 + 2 boxes × 25"
    assert presenters.gin_score_parts(parts[BRUNO]) == "55 = 30 + 1 box × 25"


def test_the_words_take_the_engines_numbers_not_their_own():
    made_up = GinScoreParts(points=7, boxes=3, box_value=11, game_bonus=5)
    assert presenters.gin_score_parts(made_up) == "45 = 7 + game bonus 5 + 3 boxes × 11"


def test_the_history_names_the_undercut_g1_and_g3():
    standard = rules_for("gin-standard", {}).to_dict()
    g1 = {"type": "hand", "result": "knock", "knocker": ANNA, "deadwood": {ANNA: 7, BRUNO: 4}}
    assert presenters.describe_event(g1, "gin", standard) == (
        "Knock by Anna, undercut by Bruno. Anna 7, Bruno 4"
    )
    g3 = {**g1, "deadwood": {ANNA: 6, BRUNO: 6}}
    assert presenters.describe_event(g3, "gin", standard).startswith(
        "Knock by Anna, undercut by Bruno."
    )
    no_tie = rules_for("gin-standard", {"undercut_on_tie": False}).to_dict()
    assert presenters.describe_event(g3, "gin", no_tie).startswith("Knock by Anna. ")
    plain = {**g1, "deadwood": {ANNA: 4, BRUNO: 7}}
    assert presenters.describe_event(plain, "gin", standard) == "Knock by Anna. Anna 4, Bruno 7"


# The match page ---------------------------------------------------------------------------------


def test_the_end_of_a_gin_game_shows_each_final_score_in_its_parts():
    match = gin_match("gin-standard")
    won(match, ANNA, 60)
    knock(match, ANNA, 7, 4)  # G1: undercut, Bruno 3 + 25 = 28 ...
    won(match, BRUNO, 2)  # ... and 2: Bruno 30 in two hands won
    gin(match, ANNA, 21)  # 21 + 25 = 46: Anna 106, the game is over
    content = page(match)
    assert "Anna wins" in content
    assert "Anna 256 = 106 + game bonus 100 + 2 boxes × 25 · Bruno 80 = 30 + 2 boxes × 25" in (
        content
    )
    # the history names each hand
    assert "Knock by Anna, undercut by Bruno." in content
    assert "Gin by Anna." in content
    assert "Knock by Bruno." in content


def test_big_gin_and_a_shutout_read_on_the_page():
    match = gin_match("gin-standard")
    gin(match, ANNA, 20, result="big_gin")  # G2: 20 + 31 = 51
    won(match, ANNA, 49)
    content = page(match)
    assert "Big gin by Anna." in content
    assert "Anna 500 = (100 + game bonus 100 + 2 boxes × 25) × 2, shutout · Bruno 0" in content


def hollywood_won_2_1(match):
    """Bruno wins three small hands, Anna two big ones that settle games 1 and 2, Bruno's fourth
    win settles game 3 (target 90): Anna wins the match 2-1 with 2 hands won against 4."""
    for _ in range(3):
        won(match, BRUNO, 10)
    won(match, ANNA, 95)
    won(match, ANNA, 95)
    won(match, BRUNO, 80)


def test_hollywood_shows_the_games_won_and_each_games_score():
    match = gin_match("gin-hollywood", target=90)
    hollywood_won_2_1(match)
    content = page(match)
    assert "Anna wins" in content
    assert "Games won: Anna 2-1 Bruno" in content
    assert "2 hands won" in content and "4 hands won" in content  # fewer hands, yet the winner
    # games 1 and 2: Anna 95 + 100 + 1 box; game 3: Bruno 10 + 80 + 100 + 2 boxes, Anna shut out
    assert (
        "Game 1: Anna 220 = 95 + game bonus 100 + 1 box × 25 · Bruno 105 = 30 + 3 boxes × 25"
        in (content)
    )
    assert "Game 2: Anna 220 = 95 + game bonus 100 + 1 box × 25 · Bruno 70 = 20 + 2 boxes × 25" in (
        content
    )
    assert "Game 3: Anna 0 · Bruno 480 = (90 + game bonus 100 + 2 boxes × 25) × 2, shutout" in (
        content
    )
    # the games table has each game's final score
    table = content[content.index('<table class="games">') : content.index("</table>")]
    rows = [re.findall(r"<td[^>]*>(\d+)</td>", row) for row in table.split("<tr")[2:]]
    assert rows == [["220", "105"], ["220", "70"], ["0", "480"]]
    # a box counts in every game the hand entered: the badge says per game
    assert "boxes per game: 3 · 2 · 2" in content  # Bruno
    assert "boxes per game: 1 · 1 · 0" in content  # Anna


def test_a_running_hollywood_match_shows_a_settled_games_parts_and_no_games_won_yet():
    match = gin_match("gin-hollywood", target=90)
    won(match, ANNA, 95)
    content = page(match)
    assert "Game 1: Anna 440 = (95 + game bonus 100 + 1 box × 25) × 2, shutout · Bruno 0" in (
        content
    )
    assert "Games won" not in content


# The report (PDF) ------------------------------------------------------------------------------


def test_the_report_explains_the_final_score_and_names_the_undercut():
    match = gin_match("gin-standard")
    won(match, ANNA, 60)
    knock(match, ANNA, 7, 4)
    won(match, BRUNO, 2)
    gin(match, ANNA, 21)
    text = report_text(match)
    assert "undercut" in text and "knock" in text and "gin" in text
    assert "Anna 256 = 106 + game bonus 100 + 2 boxes × 25 · Bruno 80 = 30 + 2 boxes × 25" in text


def test_the_hollywood_report_has_the_games_won_and_each_games_parts():
    match = gin_match("gin-hollywood", target=90)
    hollywood_won_2_1(match)
    text = report_text(match)
    assert "Games won: Anna 2-1 Bruno" in text
    assert "Game 3: Anna 0 · Bruno 480 = (90 + game bonus 100 + 2 boxes × 25) × 2, shutout" in text
