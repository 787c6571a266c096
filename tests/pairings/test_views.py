"""The Gin tournament pages: bracket, pairings, standings, the director's actions; who may see
and do what; a fixed number of queries whatever the size."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from pairings import services as pairing_services
from tests.factories import ClubFactory, member
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.formats import format_of
from tournaments.models import Format, ResultFix

from .test_services import gin_tournament, play, seated

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    if user is not None:
        client.force_login(user)
    return client


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def url(name, tournament, **kwargs):
    return reverse(f"pairings:{name}", kwargs={"pk": tournament.pk, **kwargs})


def test_the_bracket_page_shows_placeholders_then_the_winners_moved_on():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 6)
    client = client_for(staff.director)
    page = text(client.get(url("bracket", tournament)))
    assert "The draw has not been made yet." in page
    assert client.post(url("draw", tournament)).status_code == 302
    page = text(client.get(url("bracket", tournament)))
    # 6 players on a chart of 8: seeds 1 and 2 have a bye, their opponents are placeholders
    assert "Winner of match 1" in page and "Winner of match 2" in page
    assert "Semi-finals" in page and "Final" in page
    view = format_of(tournament).bracket_of(tournament)
    table = view.tables[1]
    winner = seated(table)[1]
    play(table, winner, staff.scorekeeper)
    response = client.get(url("bracket", tournament) + "?fragment=1")
    assert 'hx-trigger="every 10s"' in response.content.decode()
    page = text(response)
    assert "Winner of match 1" not in page and "Winner of match 2" in page
    semi = next(
        m for m in view.bracket.matches if m.slots[1].ref == 1 and m.slots[1].kind == "winner"
    )
    card = re.search(
        rf'id="match-{semi.number}".*?</li>', response.content.decode(), flags=re.S
    ).group(0)
    assert winner.player.name in card and entries[0].player.name in card
    assert "<html" not in response.content.decode()  # the live fragment alone


def test_the_old_projector_addresses_open_the_projector_page():
    """The Gin pages' projector mode (`?projector=1`) is gone: a bookmark of it opens the
    projector page on the same thing (the bracket, who plays where, the standings), which shows
    the whole double-elimination bracket and no director's button; a wall refreshing an old page
    is sent there too."""
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.DOUBLE_ELIMINATION, 5)
    pairing_services.draw(tournament=tournament, user=staff.director)
    director = client_for(staff.director)
    projector = reverse("tournaments:projector", args=[tournament.pk])
    for name, show in (("bracket", "bracket"), ("pairings", "seating"), ("standings", "standings")):
        response = director.get(url(name, tournament) + "?projector=1")
        assert response.status_code == 302 and response.url == f"{projector}?show={show}", name
        refresh = director.get(
            url(name, tournament) + "?fragment=1&projector=1", HTTP_HX_REQUEST="true"
        )
        assert refresh["HX-Redirect"] == f"{projector}?show={show}", name
    content = director.get(f"{projector}?show=bracket").content.decode()
    assert "Losers&#x27; bracket" in content and "Grand final" in content
    assert "Fix the result" not in content and "Make the draw" not in content
    page = director.get(url("bracket", tournament)).content.decode()
    assert 'class="gin"' in page and "Fix the result" in page  # the bracket page, unchanged


def test_pairings_page_shows_the_round_its_results_and_the_bye():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SWISS, 5, rounds_planned=2)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    table = round.tables.order_by("number").first()
    _first, second = seated(table)
    play(table, second, staff.scorekeeper, loser_deadwood=20)
    page = text(client_for().get(url("pairings", tournament)))
    assert "Round 1" in page and "1 of 2 results" in page
    assert f"Bye: {entries[4].player.name} (1 point)" in page
    assert f"{second.player.name} wins · net 28" in page
    assert "Fix the result" not in page  # a visitor
    assert "Make the draw" not in page and "Pair the next round" not in page
    director = text(client_for(staff.director).get(url("pairings", tournament)))
    assert "Pair the next round" in director and "Fix the result" in director


def test_next_round_refused_until_the_round_is_over_then_paired():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SWISS, 4, rounds_planned=2)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    client = client_for(staff.director)
    response = client.post(url("next-round", tournament), follow=True)
    assert "Round 1 is not over" in text(response)
    for table in round.tables.all():
        play(table, seated(table)[0], staff.scorekeeper)
    response = client.post(url("next-round", tournament), follow=True)
    assert "Round 2 is paired." in text(response)
    assert tournament.rounds.count() == 2


def test_standings_page_shows_points_and_buchholz():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.ROUND_ROBIN, 4)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    for table in round.tables.all():
        play(table, min(seated(table), key=lambda e: e.seed), staff.scorekeeper)
    response = client_for().get(url("standings", tournament))
    content = response.content.decode()
    for row in format_of(tournament).standings(tournament).rows:
        line = re.search(rf'data-entry="{row.entry.pk}".*?</tr>', content, flags=re.S).group(0)
        cells = re.findall(r'class="num[^"]*">([^<]*)<', line)
        assert cells[5] == f"{row.standing.points:g}"
        assert cells[6] == f"{row.standing.buchholz:g}"
    assert "Order: match points, then Buchholz, median-Buchholz, net points, head to head." in text(
        response
    )


def test_the_bracket_standings_page_lists_places():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    for number in (1, 2):
        table = format_of(tournament).bracket_of(tournament).tables[number]
        play(table, seated(table)[0], staff.scorekeeper)
    page = text(client_for().get(url("standings", tournament)))
    assert "3-4" in page and "still in" in page


def test_the_director_fixes_a_result_with_a_reason_and_sees_the_history():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    table = format_of(tournament).bracket_of(tournament).tables[1]
    _first, second = seated(table)
    client = client_for(staff.director)
    fix_url = url("result-fix", tournament, table=table.pk)
    response = client.post(fix_url, {"winner": second.pk, "walkover": "on", "reason": ""})
    assert response.status_code == 200 and "This field is required." in text(response)
    assert not ResultFix.objects.exists()
    response = client.post(fix_url, {"winner": second.pk, "walkover": "on", "reason": "No-show"})
    assert response.status_code == 302
    page = text(client.get(fix_url))
    assert f"Winner: {second.player.name} (walkover)" in page and "No-show" in page
    bracket = text(client.get(url("bracket", tournament)))
    assert "Walkover" in bracket


def test_permissions_private_tournament_is_404_and_actions_need_a_director():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4, is_public=False)
    outsider = member(ClubFactory(), Role.DIRECTOR)
    for name in ("bracket", "standings"):
        assert client_for().get(url(name, tournament)).status_code == 404
        assert client_for(outsider).get(url(name, tournament)).status_code == 404
        assert client_for(staff.scorekeeper).get(url(name, tournament)).status_code == 200
    assert client_for(outsider).post(url("draw", tournament)).status_code == 404
    assert client_for(staff.scorekeeper).post(url("draw", tournament)).status_code == 403
    assert not tournament.rounds.exists()
    assert client_for(staff.scorekeeper).get(url("console", tournament)).content == b""
    console = client_for(staff.director).get(url("console", tournament))
    assert "Make the draw" in console.content.decode()
    public, _ = gin_tournament(staff, Format.SINGLE_ELIMINATION, 2, prefix="Ospite")
    assert client_for().get(url("bracket", public)).status_code == 200
    assert client_for().post(url("draw", public)).status_code == 302  # to the login page
    assert not public.rounds.exists()


def test_a_table_tournament_has_no_gin_action_whoever_asks():
    """A tournament seated at tables is not found by the Gin actions before the role is asked:
    404 for its director and for a member without the role alike (`views._directed`)."""
    staff = Staff()
    tables = services.tournament_create(
        club=staff.club, user=staff.director, name="Coppa", preset="scala40", format="rounds"
    )
    enter_players(tables, staff.director, 4)
    for user in (staff.director, staff.scorekeeper):
        for name in ("draw", "next-round"):
            assert client_for(user).post(url(name, tables)).status_code == 404, (user, name)
    assert not tables.rounds.exists()


def _queries(client, path) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(path)
    assert response.status_code == 200
    return len(context)


@pytest.mark.parametrize("name", ["bracket", "standings"])
def test_bracket_pages_cost_the_same_queries_at_two_sizes(name):
    staff = Staff()
    counts = []
    for size in (4, 16):
        tournament, _entries = gin_tournament(
            staff, Format.DOUBLE_ELIMINATION, size, prefix=f"P{size}"
        )
        pairing_services.draw(tournament=tournament, user=staff.director)
        view = format_of(tournament).bracket_of(tournament)
        for number in [m.number for m in view.bracket.ready][:3]:
            table = format_of(tournament).bracket_of(tournament).tables[number]
            play(table, seated(table)[0], staff.scorekeeper)
        pairing_services.result_fix(
            table=format_of(tournament).bracket_of(tournament).tables[1],
            user=staff.director,
            winner=seated(format_of(tournament).bracket_of(tournament).tables[1])[1],
            reason="Checked",
        )
        counts.append(_queries(client_for(staff.director), url(name, tournament)))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("name", ["pairings", "standings"])
def test_swiss_pages_cost_the_same_queries_at_two_sizes(name):
    staff = Staff()
    counts = []
    for size in (4, 14):
        tournament, _entries = gin_tournament(
            staff, Format.SWISS, size, prefix=f"P{size}", rounds_planned=3
        )
        round = pairing_services.draw(tournament=tournament, user=staff.director)
        for table in round.tables.all():
            play(table, seated(table)[0], staff.scorekeeper)
        pairing_services.next_round(tournament=tournament, user=staff.director)
        counts.append(_queries(client_for(staff.director), url(name, tournament)))
    assert counts[0] == counts[1]
