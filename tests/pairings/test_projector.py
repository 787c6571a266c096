"""The projector of the Gin formats (issue 20): a knockout rotates its bracket, places, who plays
where now and the clock; a Swiss its standings and the round's tables, a bye said as such."""

import re

import pytest
from django.urls import reverse

from pairings import services as pairing_services
from tests.tournaments.helpers import Staff
from tournaments.models import Format

from .test_services import gin_tournament
from .test_views import client_for, text

pytestmark = pytest.mark.django_db


def keys(content: str) -> list[str]:
    return re.findall(r'class="pj-screen[^"]*" data-key="(\w+)"', content)


def test_a_knockout_projector_shows_the_bracket_and_who_plays_where():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 8)
    pairing_services.draw(tournament=tournament, user=staff.director)
    address = reverse("tournaments:projector", args=[tournament.pk])
    response = client_for().get(address)
    content = response.content.decode()
    assert keys(content) == ["bracket", "seating", "standings", "clock"]
    page = text(response)
    assert "Quarter-finals" in page and "Semi-finals" in page and "Winner of match 1" in page
    for entry in entries:
        assert entry.player.name in page
    # who plays where: each of the 8 at a table of a quarter-final
    seating = content.split('data-key="seating"', 1)[1].split("</section>", 1)[0]
    assert seating.count('class="pj-name"') == 8 and "Match 1" in seating
    assert "Fix the result" not in page and "Play match" not in page


def test_a_swiss_projector_shows_the_standings_and_the_round_with_its_bye():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SWISS, 5, rounds_planned=2)
    pairing_services.draw(tournament=tournament, user=staff.director)
    response = client_for().get(
        reverse("tournaments:projector", args=[tournament.pk]) + "?show=seating"
    )
    assert keys(response.content.decode()) == ["seating"]
    page = text(response)
    assert "Round 1" in page and "bye" in page
    for entry in entries:
        assert entry.player.name in page


def test_a_knockout_tournament_page_offers_the_bracket_on_the_projector():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.DOUBLE_ELIMINATION, 5)
    content = (
        client_for(staff.director)
        .get(reverse("tournaments:detail", args=[tournament.pk]))
        .content.decode()
    )
    assert re.findall(r'name="show" value="(\w+)" checked', content) == [
        "bracket",
        "seating",
        "standings",
        "clock",
    ]
    bracket_page = client_for().get(reverse("pairings:bracket", args=[tournament.pk]))
    projector = reverse("tournaments:projector", args=[tournament.pk])
    assert f'href="{projector}?show=bracket"' in bracket_page.content.decode()
