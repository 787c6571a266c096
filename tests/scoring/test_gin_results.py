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
from pypdf import PdfReader

from clubs.models import Role
from scoring import presenters, services
from scoring.engine import GinHand, GinScoreParts, TimeCall, Withdraw, replay, rules_for
from scoring.models import Match
from tests.factories import ClubFactory, PlayerFactory, member

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

ANNA, BRUNO = "Anna", "Bruno"


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


# A hand's own points, and a game's end bonuses as their own line (walk of issue 18) -------------


def history_cards(content: str) -> dict[str, str]:
    """Each history card's text (tags dropped, spaces made one), by its title ("Hand 3")."""
    cards = {}
    for card in re.findall(r'<li class="event[^"]*" id="event-\d+">(.*?)</ol>', content, re.S):
        text = " ".join(re.sub(r"<[^>]+>", " ", card).split())
        cards[text.split(" ", 2)[0] + " " + text.split(" ", 2)[1]] = text
    return cards


def test_the_last_hand_shows_its_own_points_and_the_end_bonuses_apart():
    # the walk's match: gin 40 (+65), an undercut (+28), then a big gin worth 20 + 31 = 51
    match = gin_match("gin-standard")
    gin(match, ANNA, 40)
    knock(match, BRUNO, 8, 5)
    gin(match, ANNA, 20, result="big_gin")  # Anna 144: the game ends, Bruno shut out
    cards = history_cards(page(match))

    last = cards["Hand 3"]
    assert "Anna +51 144" not in last  # the running score before the end's bonuses is not shown
    assert "Anna +51 638" in last and "+545" not in last
    assert "Bruno 0 0" in last
    assert "End of the game: Anna +494 (game bonus 100, 3 boxes × 25, shutout × 2)" in last
    # the final score's breakdown says the same
    assert "Anna 638 = (144 + game bonus 100 + 3 boxes × 25) × 2, shutout" in page(match)
    assert "Anna +65 65" in cards["Hand 1"] and "End of" not in cards["Hand 1"]
    assert "Anna +28 93" in cards["Hand 2"]


def test_in_hollywood_the_loser_of_a_hand_gains_nothing_on_it_his_boxes_come_with_the_end():
    match = gin_match("gin-hollywood", target=90)
    hollywood_won_2_1(match)
    cards = history_cards(page(match))

    # hand 4: Anna's 95 settles game 1 (and enters game 2); Bruno's 3 boxes of game 1 are paid
    # at its end, not by the hand he lost
    fourth = cards["Hand 4"]
    assert re.search(r"Bruno 0 \d+", fourth) and "Bruno +" not in fourth.split("End of")[0]
    assert "End of game 1: Anna +125 (game bonus 100, 1 box × 25); Bruno +75 (3 boxes × 25)" in (
        fourth
    )


# Oklahoma: cards as players read them, and the knock limit the upcard sets (walk of issue 18) --


def test_oklahoma_shows_each_upcard_as_a_card_on_the_page_and_in_the_report():
    match = gin_match("gin-oklahoma")
    for upcard in ("Kd", "3s", "10h"):
        data = {"result": "gin", "knocker": ANNA, "deadwood": {ANNA: 0, BRUNO: 5}}
        services.hand_record(match=match, user=None, data={**data, "upcard": upcard})

    content = page(match)
    assert "Upcard K♦." in content and "Upcard 3♠." in content and "Upcard 10♥." in content
    assert "Upcard Kd" not in content and "Upcard 10h" not in content
    # the line under the title: the upcard sets the limit, no number of the options
    rules_line = re.search(r'<p class="muted rules-line">(.*?)</p>', content, re.S).group(1)
    assert "Knock limit: from the upcard" in rules_line
    assert "Knock limit 10" not in rules_line

    services.match_call_time(match=match, user=None)  # the report of a finished match is public
    text = report_text(match)
    assert "K♦" in text and "3♠" in text and "10♥" in text
    assert not re.search(r"\b(Kd|3s|10h)\b", text)


def test_a_standard_gin_match_still_says_its_knock_limit():
    content = page(gin_match("gin-standard"))
    rules_line = re.search(r'<p class="muted rules-line">(.*?)</p>', content, re.S).group(1)
    assert "Knock limit 10" in rules_line


def test_a_card_reads_with_its_suit_symbol():
    assert [presenters.card_label(code) for code in ("Kd", "3s", "10h", "ac", "7H")] == [
        "K♦",
        "3♠",
        "10♥",
        "A♣",
        "7♥",
    ]
    assert presenters.card_label(None) == "" and presenters.card_label("JK") == "JK"


def test_a_game_closed_without_bonuses_adds_no_end_line_and_a_withdrawal_shows_its_bonuses():
    rules = rules_for("gin-standard")
    hands = [GinHand("knock", ANNA, {ANNA: 1, BRUNO: 31})]
    timed = replay(rules, (ANNA, BRUNO), [*hands, TimeCall()]).history[-1]
    assert timed.game_ends and presenters.gin_end_line(timed.game_ends, (ANNA, BRUNO)) == ""
    assert timed.hand_charges == {ANNA: 0, BRUNO: 0}
    # Bruno withdraws: Anna wins the game with its bonuses ((30 + 100 + 25) × 2 = 310, she had 30)
    withdrawn = replay(rules, (ANNA, BRUNO), [*hands, Withdraw(BRUNO)]).history[-1]
    assert presenters.gin_end_line(withdrawn.game_ends, (ANNA, BRUNO)) == (
        "End of the game: Anna +280 (game bonus 100, 1 box × 25, shutout × 2)"
    )
