"""A Burraco match through the web pages (issue 28): started on the start page with four players,
B1 of BURRACO.md section 7 entered hand by hand through the hand form (`scoring:hand`), the two
lines' totals read on the match page; a refusal beside its field; the winner a line stores (both
its players placed first, no single `Match.winner`); a correction; the printables."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from clubs.models import Role
from scoring.models import Match, MatchStatus
from tests.clients import log_in
from tests.factories import ClubFactory, PlayerFactory, member
from tests.pdf.conftest import Pdf

from .test_burraco_game import B1_POSTS
from .test_views import rules_post, start_data, start_url

NAMES = ("Anna", "Bruno", "Carla", "Dario")


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone")


@pytest.fixture
def scorer(client, club):
    return log_in(client, member(club, Role.SCOREKEEPER))


def start(client, club, **options) -> Match:
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    data = start_data(players=players, preset="burraco", **rules_post("burraco", **options))
    response = client.post(start_url(club), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get()


def post_hand(client, match, data):
    return client.post(
        reverse("scoring:hand", args=[match.pk]), {**data, "idempotency_key": uuid.uuid4().hex}
    )


def line_totals(content: str) -> dict[str, int]:
    """The two lines' totals the match page shows."""
    found = re.findall(
        r'data-line="(NS|EO)".*?<span class="total"[^>]*>(-?\d+)</span>', content, re.S
    )
    return {line: int(total) for line, total in found}


@pytest.mark.django_db
def test_b1_hand_by_hand_through_the_web_form_and_the_match_page(client, club, scorer):
    match = start(client, club)
    assert match.game == "burraco"
    page = client.get(match.get_absolute_url()).content.decode()
    assert "How did the hand end?" in page
    assert 'name="pozzetto_taken_NS"' in page and "NS (Anna, Carla)" in page
    assert line_totals(page) == {"NS": 0, "EO": 0}
    expected = [{"NS": 770, "EO": 150}, {"NS": 600, "EO": 1000}, {"NS": 1315, "EO": 960}]
    for number, (data, totals) in enumerate(zip(B1_POSTS, expected, strict=True), start=1):
        response = post_hand(client, match, data)
        assert response.status_code == 302, response.content.decode()[:3000]
        page = client.get(response.url).content.decode()
        assert f"Hand {number} recorded." in page
        assert line_totals(page) == totals
    assert "base 600 · carte 715" in page and "base 440 · carte 520" in page
    seats = {seat.name: seat.total for seat in match.seats.all()}
    assert seats == {"Anna": 1315, "Carla": 1315, "Bruno": 960, "Dario": 960}
    history = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert "NS: base 400, carte 370, total 770." in history


@pytest.mark.django_db
def test_a_refusal_stands_beside_who_closed_and_nothing_is_recorded(client, club, scorer):
    match = start(client, club)
    data = dict(B1_POSTS[0], end="EO")  # EO closes with a sporco and its pozzetto: fine
    data.update(sporchi_EO="0")  # ... without a burraco: refused
    response = post_hand(client, match, data)
    assert response.status_code == 200
    content = response.content.decode()
    assert "EO closed without a burraco." in content
    assert 'id="group-end"' in content and "has-error" in content
    assert match.events.count() == 0


@pytest.mark.django_db
def test_the_winning_line_places_both_its_players_first(client, club, scorer):
    match = start(client, club, target="1005")
    for data in B1_POSTS:
        assert post_hand(client, match, data).status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.winner is None  # a line won, not one player
    places = {seat.name: seat.place for seat in match.seats.all()}
    assert places == {"Anna": 1, "Carla": 1, "Bruno": 2, "Dario": 2}
    page = client.get(match.get_absolute_url()).content.decode()
    assert "NS (Anna, Carla) wins" in page
    # the finished match is rated (each player through their pair) and the pages show it
    anna = match.seats.get(name="Anna").player
    for url in (
        reverse("clublife:ratings", args=[club.slug]),
        reverse("clublife:player-profile", args=[club.slug, anna.pk]),
    ):
        assert client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_a_hand_corrected_through_the_form(client, club, scorer):
    match = start(client, club)
    post_hand(client, match, B1_POSTS[0])
    event = match.events.get()
    url = reverse("scoring:correct", args=[match.pk, event.number])
    page = client.get(url).content.decode()
    assert 'name="melded_NS"' in page and 'value="385"' in page
    data = {**B1_POSTS[0], "melded_NS": "395", "expected_version": "1", "reason": "typo"}
    data.pop("idempotency_key")
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    page = client.get(match.get_absolute_url()).content.decode()
    assert line_totals(page) == {"NS": 780, "EO": 150}


@pytest.mark.django_db
def test_the_score_slip_and_the_report_print(client, club, scorer):
    match = start(client, club)
    for data in B1_POSTS:
        post_hand(client, match, data)
    sheet = client.get(reverse("match-pdf:sheet", args=[match.pk]))
    assert sheet.status_code == 200
    words = Pdf.of(b"".join(sheet.streaming_content)).words()
    assert "NS · Anna, Carla" in words and "EO · Bruno, Dario" in words
    report = client.get(reverse("match-pdf:report", args=[match.pk]))
    assert report.status_code == 200
    text = Pdf.of(b"".join(report.streaming_content)).words()
    # each hand's base, carte and total per line, then the totals: every figure of B1
    for figures in (
        "400 370 770 -10 160 150",
        "-100 -70 -170 450 400 850",
        "300 415 715 0 -40 -40",
        "600 715 1315 440 520 960",
    ):
        assert figures in text, figures


@pytest.mark.django_db
def test_the_penalty_question_is_hidden_until_play_is_stopped(client, club, scorer):
    match = start(client, club)
    page = client.get(match.get_absolute_url()).content.decode()
    boxes = re.findall(r'<div class="pozzetto-penalty" data-stops="([^"]+)"( hidden)?>', page)
    assert boxes == [("arbitral stallo time_out", " hidden")] * 2
    # a time call forgotten: the refusal shows the question, beside the line that must answer
    response = post_hand(client, match, dict(B1_POSTS[2], end="time_out"))
    content = response.content.decode()
    assert response.status_code == 200
    boxes = re.findall(r'<div class="pozzetto-penalty" data-stops="([^"]+)"( hidden)?>', content)
    assert boxes == [("arbitral stallo time_out", "")] * 2
    assert 'id="group-pozzetto_penalty_EO"' in content
