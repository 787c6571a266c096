"""The projector page of a table tournament (issue 20): what rotates is the address's choice, the
slides carry every name in full, the refresh is the slides alone, in a fixed number of queries;
the tournament page offers the choice as a small form."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from .test_query_counts import build

pytestmark = pytest.mark.django_db


def keys(content: str) -> list[str]:
    return re.findall(r'class="pj-screen[^"]*" data-key="(\w+)"', content)


def test_the_address_chooses_what_rotates_and_how_fast(client):
    _staff, tournament = build(8)
    address = reverse("tournaments:projector", args=[tournament.pk])
    every = client.get(address).content.decode()
    assert keys(every) == ["seating", "standings", "clock"]
    assert 'data-seconds="15"' in every
    chosen = client.get(address + "?show=clock&show=seating&seconds=1").content.decode()
    assert keys(chosen) == ["seating", "clock"]  # in the usual order
    assert 'data-seconds="2"' in chosen  # never faster than 2 s
    assert keys(client.get(address + "?show=nonsense").content.decode()) == keys(every)
    # who sits where: every player by name, with table and seat; the standings' names in full
    for number in range(1, 9):
        assert every.count(f'<span class="pj-name">Giocatore {number:02d}</span>') == 2
    assert "Qualifying round 3" in every and "Table" in every and "Seat" in every
    assert "After 2 rounds" in every
    assert "The clock has not started." in every  # round 3 is seated, not started


def test_the_refresh_is_the_slides_alone_in_the_same_queries_for_8_and_40_players(client):
    counts = []
    for players in (8, 40):
        _staff, tournament = build(players)
        address = reverse("tournaments:projector", args=[tournament.pk]) + "?fragment=1"
        with CaptureQueriesContext(connection) as context:
            response = client.get(address)
        content = response.content.decode()
        assert "<html" not in content and content.count("Giocatore ") == 2 * players
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1] <= 10, counts


def test_the_page_keeps_the_choice_in_its_refresh_address(client):
    _staff, tournament = build(8)
    address = reverse("tournaments:projector", args=[tournament.pk])
    content = client.get(address + "?show=standings&seconds=9").content.decode()
    assert f'data-refresh="{address}?show=standings&amp;seconds=9&amp;fragment=1"' in content


def test_the_tournament_page_offers_the_projector_with_what_it_can_show(client):
    staff, tournament = build(8)
    client.force_login(staff.director)
    content = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    form = re.search(r'<form method="get" action="([^"]+)".*?</form>', content, flags=re.S)
    assert form and form.group(1) == reverse("tournaments:projector", args=[tournament.pk])
    assert re.findall(r'name="show" value="(\w+)" checked', form.group(0)) == [
        "seating",
        "standings",
        "clock",
    ]
    assert "Seconds per page" in form.group(0) and "Open the projector" in form.group(0)


def test_a_private_tournament_projector_is_404_to_a_visitor(client):
    _staff, tournament = build(8)
    tournament.is_public = False
    tournament.save(update_fields=["is_public"])
    tournament.club.is_public = False
    tournament.club.save(update_fields=["is_public"])
    response = client.get(reverse("tournaments:projector", args=[tournament.pk]))
    assert response.status_code == 404


def test_the_old_projector_address_of_the_standings_opens_the_projector(client):
    """The standings' projector mode (`?projector=1`) is gone: a bookmark of it opens the
    projector page showing the standings, and a wall still showing the old page, refreshing it,
    is sent there too (htmx follows `HX-Redirect`)."""
    _staff, tournament = build(8)
    old = reverse("tournaments:standings", args=[tournament.pk]) + "?projector=1"
    projector = reverse("tournaments:projector", args=[tournament.pk]) + "?show=standings"
    response = client.get(old)
    assert response.status_code == 302 and response.url == projector
    assert keys(client.get(response.url).content.decode()) == ["standings"]
    refresh = client.get(old, HTTP_HX_REQUEST="true")
    assert refresh.status_code == 200 and refresh["HX-Redirect"] == projector
    assert "Giocatore" not in refresh.content.decode()
    # the standings themselves are unchanged
    plain = client.get(reverse("tournaments:standings", args=[tournament.pk]))
    assert plain.status_code == 200 and "Giocatore 01" in plain.content.decode()


def test_the_old_projector_address_of_a_private_tournament_is_404_to_a_visitor(client):
    _staff, tournament = build(8)
    tournament.is_public = False
    tournament.save(update_fields=["is_public"])
    tournament.club.is_public = False
    tournament.club.save(update_fields=["is_public"])
    old = reverse("tournaments:standings", args=[tournament.pk]) + "?projector=1"
    assert client.get(old).status_code == 404  # not a redirect that tells it exists
