"""A club's VP tables in the API: /api/v1/clubs/<slug>/vp-tables/ and one table.

The world (tests/api/conftest.py): aurora (private) and piazza (public), the same staff in both.
Who may do what is in tests/api/test_permissions.py's matrix; here, what the answers say.
"""

from __future__ import annotations

from pairings.models import VpTable
from pairings.vptables import services
from tests.errors import errors_of

TWO_HANDS = [
    {"low": 0, "high": 30, "winner": 10, "loser": 10},
    {"low": 35, "high": 100, "winner": 12, "loser": 8},
    {"low": 105, "high": 250, "winner": 15, "loser": 5},
    {"low": 255, "high": None, "winner": 18, "loser": 2},
]
BODY = {"name": "Due smazzate", "hands": 2, "bands": TWO_HANDS}


def path(club, pk=None) -> str:
    return f"/api/v1/clubs/{club.slug}/vp-tables/" + ("" if pk is None else f"{pk}/")


def test_the_list_has_the_fibur_tables_then_the_club_s_own(api, world):
    services.vp_table_create(club=world.aurora, user=None, **BODY)
    tables = api("member").get(path(world.aurora)).json()
    assert [(t["id"] is None, t["name"], t["hands"], t["default"]) for t in tables] == [
        (True, "FIBur 3 hands", 3, True),
        (True, "FIBur 4 hands", 4, True),
        (False, "Due smazzate", 2, False),
    ]
    three = tables[0]["bands"]
    assert three[7] == {"low": 805, "high": 1000, "winner": 17, "loser": 3}
    assert three[-1] == {"low": 1505, "high": None, "winner": 20, "loser": 0}
    assert tables[2]["bands"] == TWO_HANDS
    italian = api("member", language="it").get(path(world.aurora)).json()
    assert [t["name"] for t in italian[:2]] == ["FIBur 3 smazzate", "FIBur 4 smazzate"]


def test_a_director_creates_changes_and_deletes_a_table(api, world):
    created = api("director").post(path(world.aurora), BODY)
    assert created.status_code == 201, created.content
    table = created.json()
    assert (table["name"], table["hands"], table["bands"], table["default"]) == (
        "Due smazzate",
        2,
        TWO_HANDS,
        False,
    )
    assert api("member").get(path(world.aurora, table["id"])).json() == table
    changed = api("director").patch(path(world.aurora, table["id"]), {"name": "Coppie"})
    assert changed.status_code == 200 and changed.json()["bands"] == TWO_HANDS
    assert VpTable.objects.get().name == "Coppie"
    assert api("director").delete(path(world.aurora, table["id"])).status_code == 204
    assert not VpTable.objects.exists()


def test_the_825_mp_gap_answers_400_naming_band_8(api, world):
    bands = [
        {"low": low, "high": high, "winner": winner, "loser": 20 - winner}
        for low, high, winner in [
            (0, 50, 10),
            (55, 150, 11),
            (155, 250, 12),
            (255, 350, 13),
            (355, 500, 14),
            (505, 650, 15),
            (655, 820, 16),
            (830, 1000, 17),
            (1005, None, 18),
        ]
    ]
    response = api("director").post(
        path(world.aurora), {"name": "2014", "hands": 3, "bands": bands}
    )
    assert errors_of(response) == [
        {
            "field": "bands.8.low",
            "event": None,
            "document": None,
            "message": "Band 8: a difference of 825 MP is missing (the band should start at 825).",
        }
    ]
    italian = api("director", language="it").post(
        path(world.aurora), {"name": "2014", "hands": 3, "bands": bands}
    )
    assert errors_of(italian)[0]["message"] == (
        "Fascia 8: manca la differenza di 825 MP (la fascia dovrebbe iniziare da 825)."
    )
    assert not VpTable.objects.exists()


def test_a_refused_change_names_the_band_and_keeps_the_table(api, world):
    table = services.vp_table_create(club=world.aurora, user=None, **BODY)
    bands = [*TWO_HANDS[:3], {**TWO_HANDS[3], "winner": 14, "loser": 6}]
    response = api("director").patch(path(world.aurora, table.pk), {"bands": bands})
    [error] = errors_of(response)
    assert error["field"] == "bands.4.winner"
    assert error["message"] == "Band 4: 14 VP to the winner, fewer than band 3 (15)."
    table.refresh_from_db()
    assert table.bands == TWO_HANDS


def test_a_band_that_is_not_numbers_is_named_by_its_number_from_1(api, world):
    bands = [*TWO_HANDS[:1], {**TWO_HANDS[1], "high": "tanti"}, *TWO_HANDS[2:]]
    response = api("director").post(path(world.aurora), {**BODY, "bands": bands})
    assert [e["field"] for e in errors_of(response)] == ["bands.2.high"]


def test_another_club_s_table_is_not_found_under_this_club(api, world):
    table = services.vp_table_create(club=world.piazza, user=None, **BODY)
    assert api("owner").get(path(world.aurora, table.pk)).status_code == 404
    assert api("owner").delete(path(world.aurora, table.pk)).status_code == 404
    assert VpTable.objects.filter(pk=table.pk).exists()


def test_more_than_50_bands_are_refused_before_the_engine(api, world):
    bands = [{"low": 5 * i, "high": 5 * i, "winner": 10, "loser": 10} for i in range(51)]
    response = api("director").post(path(world.aurora), {**BODY, "bands": bands})
    assert [e["field"] for e in errors_of(response)] == ["bands"]
    assert not VpTable.objects.exists()
