"""The seasons API: /api/v1/clubs/<slug>/seasons/, a season, and its standings.

The world (tests/api/conftest.py): piazza (public) has a finished match, Anna beat Bruno at a
table of two (7 and 1 points by default), and a match in progress that a season never counts.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from clublife import seasons
from clublife.models import Season
from tests.errors import field_errors

BODY = {"name": "Autunno", "starts_on": "2025-09-01", "ends_on": "2025-12-20"}


def path(club, *parts) -> str:
    return "/".join([f"/api/v1/clubs/{club.slug}/seasons", *map(str, parts)]) + "/"


def this_month(world, club, **settings) -> Season:
    today = timezone.localdate()
    return seasons.season_create(
        club=club,
        user=world.users["director"],
        name="Questo mese",
        starts_on=today - datetime.timedelta(days=15),
        ends_on=today + datetime.timedelta(days=15),
        **settings,
    )


# Reading ------------------------------------------------------------------------------------------


def test_members_list_their_club_s_seasons(api, world):
    this_month(world, world.aurora)
    response = api("member").get(path(world.aurora))
    assert response.status_code == 200
    [season] = response.json()
    assert season["name"] == "Questo mese"
    assert season["games"] == [] and season["first_entry_only"] is True
    assert season["standings"].endswith(path(world.aurora, season["id"], "standings"))
    assert season["page"].endswith(f"/clubs/aurora/seasons/{season['id']}/")


@pytest.mark.parametrize("who", ["outsider", "anonymous"])
def test_a_private_club_s_seasons_are_not_found_by_others(api, world, who):
    season = this_month(world, world.aurora)
    assert api(who).get(path(world.aurora)).status_code == 404
    assert api(who).get(path(world.aurora, season.pk)).status_code == 404
    assert api(who).get(path(world.aurora, season.pk, "standings")).status_code == 404


def test_another_club_s_season_is_not_found_under_this_club(api, world):
    season = this_month(world, world.aurora)
    assert api("owner").get(path(world.piazza, season.pk)).status_code == 404


def test_anyone_reads_the_standings_of_a_public_club(api, world):
    season = this_month(world, world.piazza)
    response = api("anonymous").get(path(world.piazza, season.pk, "standings"))
    assert response.status_code == 200
    body = response.json()
    assert body["season"]["id"] == season.pk
    # Anna beat Bruno at a table of two: 7 and 1; the match in progress does not count
    assert [
        (row["place"], row["player"]["name"], row["points"], row["points_exact"], row["wins"])
        for row in body["rows"]
    ] == [(1, "Anna", "7.00", "7", 1), (2, "Bruno", "1.00", "1", 0)]
    [match] = body["matches"]
    assert match["id"] == world.finished.pk
    assert match["tournament"] is None
    assert [(seat["player"]["name"], seat["season_place"]) for seat in match["seats"]] == [
        ("Anna", 1),
        ("Bruno", 2),
    ]


def test_the_standings_use_the_season_s_placement_points(api, world):
    season = this_month(world, world.piazza, placement_points={"2": ["2.5", 0]})
    body = api("member").get(path(world.piazza, season.pk, "standings")).json()
    assert [(row["points"], row["points_exact"]) for row in body["rows"]] == [
        ("2.50", "5/2"),
        ("0.00", "0"),
    ]
    assert body["season"]["placement_points"] == {"2": ["2.5", 0]}


# Writing ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["owner", "director"])
def test_directors_create_a_season(api, world, who):
    response = api(who).post(
        path(world.aurora),
        {**BODY, "games": ["ramino", "scala40"], "placement_points": {"4": [10, 6, 3, 1]}},
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["games"] == ["scala40", "ramino"]
    assert body["placement_points"] == {"4": [10, 6, 3, 1]}
    assert Season.objects.get(pk=body["id"]).club == world.aurora


@pytest.mark.parametrize(
    ("who", "expected"),
    [("scorekeeper", 403), ("member", 403), ("outsider", 404), ("anonymous", 401)],
)
def test_others_cannot_create_a_season_in_a_private_club(api, world, who, expected):
    assert api(who).post(path(world.aurora), BODY).status_code == expected
    assert not Season.objects.exists()


def test_an_outsider_cannot_create_a_season_in_a_public_club(api, world):
    assert api("outsider").post(path(world.piazza), BODY).status_code == 403


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"ends_on": "2025-08-31"}, "ends_on", "cannot end (2025-08-31) before it starts"),
        ({"starts_on": "settembre"}, "starts_on", "Date has wrong format"),
        ({"games": ["briscola"]}, "games", "briscola is not a game"),
        ({"placement_points": {"4": [10, 6, 3]}}, "placement_points", "needs 4 placement points"),
        ({"placement_points": {"3": [1, 2, 3]}}, "placement_points", "must not grow"),
        ({"placement_points": {"3": ["a", 2, 1]}}, "placement_points", "must be numbers"),
        (
            {"counts_club_matches": False, "counts_tournaments": False},
            "counts_club_matches",
            "choose at least one",
        ),
        ({"name": ""}, "name", "may not be blank"),
    ],
)
def test_a_refused_season_answers_400_naming_the_field(api, world, body, field, words):
    response = api("director").post(path(world.aurora), {**BODY, **body})
    assert response.status_code == 400
    errors = field_errors(response)
    assert list(errors) == [field]
    assert words in errors[field][0]
    assert not Season.objects.exists()


def test_a_director_changes_a_season_and_a_refusal_changes_nothing(api, world):
    season = this_month(world, world.aurora)
    response = api("director").patch(path(world.aurora, season.pk), {"name": "Autunno lungo"})
    assert response.status_code == 200
    assert response.json()["name"] == "Autunno lungo"
    response = api("director").patch(path(world.aurora, season.pk), {"ends_on": "2000-01-01"})
    assert response.status_code == 400
    assert "ends_on" in field_errors(response)
    season.refresh_from_db()
    assert (season.name, season.ends_on > season.starts_on) == ("Autunno lungo", True)


@pytest.mark.parametrize(
    ("who", "expected"),
    [("member", 403), ("scorekeeper", 403), ("outsider", 404), ("anonymous", 401)],
)
def test_only_directors_change_a_season(api, world, who, expected):
    season = this_month(world, world.aurora)
    response = api(who).patch(path(world.aurora, season.pk), {"name": "Altro"})
    assert response.status_code == expected
    season.refresh_from_db()
    assert season.name == "Questo mese"


# The schema ---------------------------------------------------------------------------------------


def test_the_schema_describes_the_season_endpoints_and_validates(tmp_path, api, world):
    schema = api("anonymous").get("/api/v1/schema/?format=json").json()
    base = "/api/v1/clubs/{slug}/seasons/"
    expected = {
        base: {"get", "post"},
        base + "{id}/": {"get", "patch"},
        base + "{id}/standings/": {"get"},
    }
    for address, methods in expected.items():
        operations = schema["paths"][address]
        assert set(operations) - {"parameters"} == methods
        for method, operation in operations.items():
            if method == "parameters":
                continue
            responses = set(operation["responses"])
            assert "404" in responses
            if method != "get":
                assert {"400", "401", "403"} <= responses
                assert "requestBody" in operation
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))
