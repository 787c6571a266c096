"""The bracket shows the score that decides a match: hands won when the Gin is played a mano
(2-0, not the points 69-0), points otherwise; on the page and in the PDF. A played match shows
its result, not "Play match"."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.formats import format_of
from tournaments.models import Format

from .test_services import gin_tournament, play, seated
from .test_views import client_for, text, url

pytestmark = pytest.mark.django_db


def a_mano(staff, count):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Gin a mano",
        preset="gin",
        format=Format.SINGLE_ELIMINATION,
        options={"match_mode": "hands", "hands_to_win": 2},
        is_public=True,
    )
    return tournament, enter_players(tournament, staff.director, count, prefix="Mano")


def win_hands(table, winner, user, hands=2, loser_deadwood=40):
    """The winner knocks `hands` times (2 against `loser_deadwood`)."""
    match = Match.objects.get(pk=table.match_id)
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    loser = next(name for name in names if name != winner.player.name)
    for _hand in range(hands):
        scoring.hand_record(
            match=match,
            user=user,
            data={
                "result": "knock",
                "knocker": winner.player.name,
                "deadwood": {winner.player.name: 2, loser: loser_deadwood},
            },
        )
        match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def card(content: str, number: int) -> str:
    block = re.search(rf'id="match-{number}".*?</li>', content, flags=re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block))


def pdf_text(response) -> str:
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_a_mano_the_bracket_and_its_pdf_show_hands_won_and_the_result():
    staff = Staff()
    tournament, _entries = a_mano(staff, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    table = format_of(tournament).bracket_of(tournament).tables[1]
    winner, loser = seated(table)
    match = win_hands(table, winner, staff.scorekeeper)
    totals = sorted(match.seats.values_list("total", flat=True))
    assert totals[1] > 2  # the points are not what the bracket shows
    client = client_for(staff.director)
    content = client.get(url("bracket", tournament)).content.decode()
    played = card(content, 1)
    assert f"{winner.player.name} 2" in played and f"{loser.player.name} 0" in played
    assert f"{winner.player.name} wins 2\N{EN DASH}0" in played
    assert "Hands of match 1" in played and "Play match 1" not in played
    assert str(totals[1]) not in played
    assert "Play match 2" in card(content, 2)
    assert "Scores: hands won (played a mano)." in text(client.get(url("bracket", tournament)))

    pdf = pdf_text(client.get(url("bracket-pdf", tournament)))
    assert f"{winner.player.name} ({winner.seed}) 2" in pdf
    assert f"{loser.player.name} ({loser.seed}) 0" in pdf
    assert "Scores: hands won (played a mano)." in pdf


def test_in_points_the_bracket_shows_the_points():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    table = format_of(tournament).bracket_of(tournament).tables[1]
    winner, _loser = seated(table)
    match = play(table, winner, staff.scorekeeper, loser_deadwood=30)
    points = match.seats.get(name=winner.player.name).total
    assert points == 30 - 2 + 10  # the deadwood difference and the box
    client = client_for(staff.director)
    played = card(client.get(url("bracket", tournament)).content.decode(), 1)
    assert f"{winner.player.name} wins {points}\N{EN DASH}0" in played
    pdf = pdf_text(client.get(url("bracket-pdf", tournament)))
    assert f"{winner.player.name} ({winner.seed}) {points}" in pdf
    assert "Scores: points." in pdf


@pytest.mark.parametrize(("players", "columns"), [(5, 3), (6, 3), (8, 4), (13, 6)])
def test_the_losers_bracket_is_named_from_round_1_to_its_final(players, columns):
    """With 5 or 6 players byes leave the engine's losers' round 1 empty: the first column
    shown is still "Losers' round 1", and the last is the losers' final."""
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.DOUBLE_ELIMINATION, players)
    pairing_services.draw(tournament=tournament, user=staff.director)
    view = format_of(tournament).bracket_of(tournament)
    (losers,) = [section for section in view.sections if section.key == "losers"]
    expected = [f"Losers' round {n}" for n in range(1, columns)] + ["Losers' final"]
    assert [column.title for column in losers.columns] == expected
    page = text(client_for(staff.director).get(url("bracket", tournament)))
    assert "Losers' round 1" in page.replace("&#x27;", "'")
