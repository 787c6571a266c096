"""The chart "Totals hand by hand" (walk of issue 18): its x axis labels hands by their number,
as players count them (1, 2, 3...; a re-entry or a withdrawal between hands is no hand and gets
no label), thins its labels only when there are many, and its text is readable on a phone.
On the history page (an SVG in the HTML) and in the match report (the PDF's text)."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from django.urls import reverse
from django.utils import translation

from base.printing import render_pdf
from clubs.models import Role
from scoring import services
from scoring.printing import match_report
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf
from tests.scoring.test_views import log_in

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
PHONE_CHART_PIXELS = 350  # the chart's width on a 390-pixel phone, inside the page's margins


def hand(match, closer, **points):
    services.hand_record(match=match, user=None, data={"closer": closer, "points": points})


@pytest.fixture
def bumpy():
    """Seven hands, with a re-entry after hand 2 and a withdrawal after hand 4."""
    match = start_match(club=ClubFactory(is_public=False), preset="scala40-club")
    seats = {seat.name: seat for seat in match.seats.all()}
    hand(match, "Bruno", Anna=17, Carla=75, Dario=50)
    hand(match, "Anna", Bruno=30, Carla=0, Dario=58)  # Dario busts
    services.player_reenter(match=match, user=None, seat=seats["Dario"])
    hand(match, "Anna", Bruno=5, Carla=5, Dario=5)
    hand(match, "Carla", Anna=1, Bruno=5, Dario=5)
    services.player_withdraw(match=match, user=None, seat=seats["Bruno"])
    for closer in ("Anna", "Carla", "Anna"):
        hand(match, closer, **{n: 1 for n in ("Anna", "Carla", "Dario") if n != closer})
    return match


def history_chart(client, match) -> ElementTree.Element:
    log_in(client, member(match.club, Role.SCOREKEEPER))
    page = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S)
    assert svg, "no chart on the history page"
    return ElementTree.fromstring(svg.group(0))


def axis_labels(svg: ElementTree.Element) -> list[str]:
    return [text.text for text in svg.iter(f"{SVG}text") if text.get("class") == "hand-tick"]


def test_the_history_chart_labels_every_hand_by_its_number_and_nothing_else(client, bumpy):
    svg = history_chart(client, bumpy)

    # 9 events, 7 hands: every hand labelled, by its number; no blank label for the re-entry
    # and the withdrawal, and no "0" before the first hand
    assert axis_labels(svg) == ["1", "2", "3", "4", "5", "6", "7"]
    assert "Hand" in [text.text for text in svg.iter(f"{SVG}text")]  # the axis says what it counts


def test_the_history_chart_thins_its_labels_only_when_there_are_many(client):
    match = start_match(names=("Anna", "Bruno"), options={"elimination_at": 10000})
    for number in range(1, 41):
        hand(match, "Anna" if number % 2 else "Bruno", **{"Bruno" if number % 2 else "Anna": 3})

    labels = axis_labels(history_chart(client, match))

    # 40 hands do not fit side by side on a phone: every 5th, by a round step
    assert labels == ["5", "10", "15", "20", "25", "30", "35", "40"]


def test_the_history_chart_text_is_readable_on_a_phone(client, bumpy):
    svg = history_chart(client, bumpy)

    width = float(svg.get("viewBox").split()[2])
    pixels = float(svg.get("font-size")) * PHONE_CHART_PIXELS / width
    assert pixels >= 11, f"the chart's text is {pixels:.1f} px on a phone"


def test_the_report_chart_labels_the_hands_by_their_number():
    match = start_match(names=("Anna", "Bruno"), preset="scala40-club")
    hand(match, "Anna", Bruno=17)
    hand(match, "Bruno", Anna=30)
    hand(match, "Anna", Bruno=5)
    seats = {seat.name: seat for seat in match.seats.all()}
    with translation.override("en"):
        services.player_withdraw(match=match, user=None, seat=seats["Bruno"])
        pdf = Pdf.of(render_pdf([match_report(match, show_authors=False)]))

    # the chart's labels: the y axis's totals, then the hands 1 2 3 (the withdrawal unlabelled)
    lines = pdf.lines()
    chart = lines[lines.index("Totals after each event") :]
    assert any(re.fullmatch(r"1\s*2\s*3", line) for line in chart), chart
    assert not any(re.search(r"\b4\b", line) for line in chart if re.fullmatch(r"[\d\s]+", line))
