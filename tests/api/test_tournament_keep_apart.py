"""Keep-apart groups through the API: a director adds, lists and removes them, every seating
respects them, and the round's seating report carries the bound of repeat meetings and the
keep-apart pairs seated together. The world is tests/api/conftest.py's."""

from __future__ import annotations

import pytest

from tests.errors import field_errors
from tournaments import services
from tournaments.models import KeepApart

BASE = "/api/v1/tournaments/"


def ok(response, code=200):
    assert response.status_code == code, response.content
    return response.json()


@pytest.fixture
def tournament(world):
    tournament = services.tournament_create(
        club=world.aurora,
        user=world.users["director"],
        name="Interclub",
        preset="scala40",
        format="rounds",
        first_seating="danese",
        is_public=False,
    )
    for number in range(1, 13):
        services.entry_register(
            tournament=tournament, user=None, name=f"Ospite {number:02d}", check_in=True
        )
    return tournament


def test_a_director_keeps_players_apart_through_the_api(world, api, tournament):
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    ids = {entry.player.name: entry.pk for entry in tournament.entries.select_related("player")}
    family = [ids["Ospite 01"], ids["Ospite 02"], ids["Ospite 03"]]
    club = [ids["Ospite 04"], ids["Ospite 05"], ids["Ospite 06"], ids["Ospite 07"]]
    group = ok(
        director.post(f"{t}keep-apart/", {"entries": family, "hard": True, "name": "Rossi"}), 201
    )
    assert group == {"id": group["id"], "name": "Rossi", "hard": True, "entries": sorted(family)}
    soft = ok(director.post(f"{t}keep-apart/", {"entries": club}), 201)
    assert soft["hard"] is False and soft["name"] == ""
    assert [g["id"] for g in ok(director.get(f"{t}keep-apart/"))] == [group["id"], soft["id"]]

    round1 = ok(director.post(f"{t}rounds/", {}), 201)
    table_of = {s["entry"]: n for n, table in enumerate(round1["tables"]) for s in table["seats"]}
    assert len({table_of[entry] for entry in family}) == 3
    report = round1["report"]
    assert report["repeat_bound"] == 0
    (pair,) = report["apart"]
    assert pair["group"] == "Ospite 04, Ospite 05, Ospite 06, Ospite 07" and pair["hard"] is False
    assert (
        "Pairs of players of a keep-apart group at the same table, because no seating found "
        "keeps them all apart: 1." in report["notices"]
    )

    assert director.delete(f"{t}keep-apart/{soft['id']}/").status_code == 204
    assert list(KeepApart.objects.values_list("name", flat=True)) == ["Rossi"]
    assert director.delete(f"{t}keep-apart/{soft['id']}/").status_code == 404


def test_keep_apart_refusals_name_the_field(world, api, tournament):
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    entry = tournament.entries.first()
    assert "entries" in field_errors(director.post(f"{t}keep-apart/", {"entries": [entry.pk]}))
    assert field_errors(director.post(f"{t}keep-apart/", {"entries": [entry.pk, 999999]})) == {
        "entries": ["The tournament has no entry with id 999999."]
    }
    four = list(tournament.entries.values_list("pk", flat=True)[:4])
    ok(director.post(f"{t}keep-apart/", {"entries": four, "hard": True, "name": "Big"}), 201)
    assert field_errors(director.post(f"{t}rounds/", {})) == {
        "apart": [
            "The players of Big who are present (4) cannot sit apart at 3 tables: make the "
            "group soft, or take players out of it."
        ]
    }


def test_only_the_clubs_directors_see_or_change_the_groups(world, api, tournament):
    t = f"{BASE}{tournament.pk}/"
    two = list(tournament.entries.values_list("pk", flat=True)[:2])
    assert api("scorekeeper").get(f"{t}keep-apart/").status_code == 403
    assert api("scorekeeper").post(f"{t}keep-apart/", {"entries": two}).status_code == 403
    assert api("outsider").get(f"{t}keep-apart/").status_code == 404
    assert api("anonymous").get(f"{t}keep-apart/").status_code in (401, 403, 404)
    assert not KeepApart.objects.exists()
