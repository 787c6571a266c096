"""Keep-apart groups and the seating report's lower bound of repeat meetings, through the pages:
the director's form (add, remove, refusals), the seating of table rounds that respects the groups,
the report on the tournament's page ("4 repeats, the minimum possible"), swaps."""

import random

import pytest
from django.urls import reverse

from clubs.models import Role
from tests.factories import ClubFactory, member
from tournaments import services
from tournaments.models import Entry, Format, KeepApart, Round

from .helpers import Staff, enter_players, play_round, seating_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))


@pytest.fixture
def director(client, staff):
    client.force_login(staff.director)
    return staff.director


def make(staff, players: int, **settings_):
    options = {"name": "Coppa", "preset": "scala40", "format": Format.ROUNDS, "is_public": True}
    options.update(settings_)
    tournament = services.tournament_create(club=staff.club, user=staff.director, **options)
    return tournament, enter_players(tournament, staff.director, players)


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


def table_of(round: Round) -> dict[int, int]:
    return {entry: number for number, table in enumerate(seating_of(round), 1) for entry in table}


def report_items(response) -> list[str]:
    """The lines of the seating report on the tournament's page, as a reader sees them."""
    page = response.content.decode()
    start = page.index('class="notice seating-report"')
    block = page[start : page.index("</div>", start)]
    return [item.split("</li>")[0] for item in block.split("<li>")[1:]]


def test_the_director_adds_and_removes_a_keep_apart_group(client, staff, director):
    tournament, entries = make(staff, 12)
    page = client.get(url("keep-apart", tournament)).content.decode()
    assert "No group yet" in page and "Giocatore 01" in page
    response = client.post(
        url("keep-apart", tournament),
        {"entries": [entries[0].pk, entries[1].pk, entries[2].pk], "hard": "1", "name": "Rossi"},
        follow=True,
    )
    assert "Kept apart from the next seating on: Rossi." in messages_of(response)
    page = response.content.decode()
    assert "Giocatore 01, Giocatore 02, Giocatore 03" in page
    assert "never at the same table" in page
    group = KeepApart.objects.get(tournament=tournament)
    assert group.hard and set(group.entries.values_list("pk", flat=True)) == {
        e.pk for e in entries[:3]
    }
    # a soft group without a name is named by its players
    response = client.post(
        url("keep-apart", tournament), {"entries": [entries[4].pk, entries[5].pk]}, follow=True
    )
    assert "Kept apart from the next seating on: Giocatore 05, Giocatore 06." in messages_of(
        response
    )
    assert "apart when possible" in response.content.decode()
    # the console links to the page with the number of groups
    assert "Keep players apart (2)" in client.get(tournament.get_absolute_url()).content.decode()
    response = client.post(
        url("keep-apart", tournament), {"action": "remove", "group": group.pk}, follow=True
    )
    assert "Group removed: Rossi." in messages_of(response)
    assert list(KeepApart.objects.values_list("name", flat=True)) == [""]


def test_a_group_of_one_player_is_refused_next_to_the_field(client, staff, director):
    tournament, entries = make(staff, 8)
    response = client.post(url("keep-apart", tournament), {"entries": [entries[0].pk]})
    assert response.status_code == 200
    assert response.context["form"].errors["entries"] == [
        "Choose at least two players to keep apart."
    ]
    _other, other_entries = make(Staff(), 4)
    response = client.post(
        url("keep-apart", tournament), {"entries": [entries[0].pk, other_entries[0].pk]}
    )
    assert response.status_code == 200 and "entries" in response.context["form"].errors
    assert not KeepApart.objects.exists()


def test_only_the_clubs_directors_see_and_change_the_groups(client, staff):
    tournament, entries = make(staff, 4)
    address = url("keep-apart", tournament)
    client.force_login(member(ClubFactory(), Role.DIRECTOR))
    assert client.get(address).status_code == 404
    client.force_login(staff.scorekeeper)
    assert client.get(address).status_code == 403
    assert client.post(address, {"entries": [e.pk for e in entries[:2]]}).status_code == 403
    client.logout()
    assert client.get(address).status_code == 302
    assert not KeepApart.objects.exists()


def test_every_seating_keeps_a_hard_group_apart_and_reports_a_soft_pair(client, staff, director):
    tournament, entries = make(staff, 12, first_seating="danese")
    family = entries[:3]  # danese would put all three at table 1
    club = entries[3:7]  # 4 players at 3 tables: one pair must share a table
    services.apart_group_add(
        tournament=tournament, user=staff.director, entries=family, hard=True, name="Rossi"
    )
    services.apart_group_add(
        tournament=tournament, user=staff.director, entries=club, hard=False, name="Aurora"
    )
    response = client.post(url("seat", tournament), follow=True)
    round = Round.objects.get(tournament=tournament)
    tables = table_of(round)
    assert len({tables[e.pk] for e in family}) == 3
    assert len({tables[e.pk] for e in club}) == 3
    lines = report_items(response)
    assert (
        "Pairs of players of a keep-apart group at the same table, because no seating found "
        "keeps them all apart: 1." in lines
    )
    (pair,) = round.report["apart"]
    names = ", ".join(pair["players"])
    assert f"Table {pair['table']}: {names} sit together (keep apart: Aurora)." in lines
    # reseated with other methods and seeds: still apart
    for method, seed in (("random", 5), ("snake", 6), ("balanced", 7)):
        client.post(
            url("reseat", tournament, 1),
            {"reseat-method": method, "reseat-seed": seed, "confirm": "1"},
        )
        tables = table_of(Round.objects.get(tournament=tournament))
        assert len({tables[e.pk] for e in family}) == 3, method


def test_a_hard_group_larger_than_the_tables_refuses_the_seating_with_its_name(
    client, staff, director
):
    tournament, entries = make(staff, 12)
    services.apart_group_add(
        tournament=tournament, user=staff.director, entries=entries[:4], hard=True, name="Rossi"
    )
    response = client.post(url("seat", tournament), follow=True)
    assert (
        "The players of Rossi who are present (4) cannot sit apart at 3 tables: make the group "
        "soft, or take players out of it." in messages_of(response)
    )
    assert not Round.objects.filter(tournament=tournament).exists()


def test_a_swap_that_seats_a_hard_group_together_is_refused(client, staff, director):
    tournament, entries = make(staff, 8)
    a, b = entries[0], entries[1]
    services.apart_group_add(
        tournament=tournament, user=staff.director, entries=[a, b], hard=True, name="Coppia"
    )
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    tables = seating_of(round)
    table_b = next(t for t in tables if b.pk in t)
    neighbour = next(e for e in table_b if e != b.pk)
    response = client.post(
        url("swap", tournament, 1),
        {"first": a.pk, "second": neighbour, "confirm": "1"},
        follow=True,
    )
    assert (
        "Giocatore 01 and Giocatore 02 are in the keep-apart group Coppia: they cannot sit at "
        "the same table." in messages_of(response)
    )
    assert seating_of(Round.objects.get(pk=round.pk)) == tables


def test_round_2_of_13_players_reports_4_repeats_the_minimum_possible(client, staff, director):
    tournament, _entries = make(staff, 13)
    first = services.round_seat(tournament=tournament, user=staff.director, seed=3)
    assert [len(t) for t in seating_of(first)] == [5, 4, 4]
    play_round(first, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1))
    response = client.post(url("seat", tournament), follow=True)
    second = Round.objects.get(tournament=tournament, number=2)
    assert len(second.report["repeats"]) == 4 and second.report["repeat_bound"] == 4
    lines = report_items(response)
    assert "4 repeats, the minimum possible with these tables." in lines
    assert not any("The search found no seating without repeat meetings" in line for line in lines)
    # a swap that makes more repeats says how many were unavoidable
    tables = seating_of(second)
    met = {frozenset((x, y)) for t in seating_of(first) for x in t for y in t if x != y}
    mover, other = next(
        (x, y)
        for x in tables[0]
        for y in tables[1]
        if sum(frozenset((y, z)) in met for z in tables[0] if z != x)
        + sum(frozenset((x, z)) in met for z in tables[1] if z != y)
        > sum(frozenset((x, z)) in met for z in tables[0] if z != x)
        + sum(frozenset((y, z)) in met for z in tables[1] if z != y)
    )
    client.post(url("swap", tournament, 2), {"first": mover, "second": other, "confirm": "1"})
    page = client.get(tournament.get_absolute_url())
    count = len(Round.objects.get(pk=second.pk).report["repeats"])
    assert count > 4
    assert f"{count} repeats; at least 4 are unavoidable with these tables." in report_items(page)
    assert Entry.objects.filter(tournament=tournament).count() == 13


def test_a_gin_tournament_has_no_keep_apart_groups(client, staff, director):
    tournament, entries = make(staff, 4, preset="gin", format=Format.SINGLE_ELIMINATION)
    assert client.get(url("keep-apart", tournament)).status_code == 404
    assert "Keep players apart" not in client.get(tournament.get_absolute_url()).content.decode()
    with pytest.raises(services.TournamentActionError) as refused:
        services.apart_group_add(
            tournament=tournament, user=staff.director, entries=entries[:2], hard=True
        )
    assert refused.value.field == "format"
