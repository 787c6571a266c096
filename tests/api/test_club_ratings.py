"""The ratings and profile endpoints: who sees them, what they answer, how the schema shows them.

Piazza (public) has one finished Scala 40 match, Anna beating Bruno, so both are rated; the
matches in progress count for nothing."""

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from tests.errors import field_errors

RATINGS = "/api/v1/clubs/{slug}/ratings/"
PROFILE = "/api/v1/clubs/{slug}/players/{pk}/profile/"


def test_anyone_reads_a_public_clubs_leaderboard_rated_like_openskill(api):
    response = api("anonymous").get(RATINGS.format(slug="piazza"))
    assert response.status_code == 200
    (board,) = response.json()["games"]
    assert board["game"] == "scala40" and board["label"] == "Scala 40"
    model = PlackettLuce()
    anna, bruno = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    assert [(row["rank"], row["player"]["name"], row["matches"]) for row in board["rows"]] == [
        (1, "Anna", 1),
        (2, "Bruno", 1),
    ]
    first, second = board["rows"]
    assert first["mu"] == pytest.approx(anna[0].mu)
    assert first["sigma"] == pytest.approx(anna[0].sigma)
    assert second["mu"] == pytest.approx(bruno[0].mu)
    assert first["ordinal"] == pytest.approx(anna[0].mu - 3 * anna[0].sigma)


@pytest.mark.parametrize("role", ["outsider", "anonymous"])
def test_a_private_clubs_ratings_and_profiles_answer_404_to_outsiders(api, world, role):
    client = api(role)
    assert client.get(RATINGS.format(slug="aurora")).status_code == 404
    anna = world.player(world.aurora, "Anna")
    assert client.get(PROFILE.format(slug="aurora", pk=anna.pk)).status_code == 404


def test_members_read_their_private_clubs_ratings(api):
    response = api("member").get(RATINGS.format(slug="aurora"))
    assert response.status_code == 200
    assert response.json() == {"games": []}  # only a match in progress: nothing rated


def test_the_game_filter_shows_one_game_and_refuses_an_unknown_one(api):
    client = api("anonymous")
    response = client.get(RATINGS.format(slug="piazza") + "?game=gin")
    assert response.json() == {"games": [{"game": "gin", "label": "Gin Rummy", "rows": []}]}
    refused = client.get(RATINGS.format(slug="piazza") + "?game=poker")
    assert refused.status_code == 400
    assert list(field_errors(refused)) == ["game"]


def test_a_profile_counts_the_finished_match_only(api, world):
    anna = world.player(world.piazza, "Anna")
    response = api("anonymous").get(PROFILE.format(slug="piazza", pk=anna.pk))
    assert response.status_code == 200
    profile = response.json()
    (scala,) = profile["games"]
    assert (scala["matches"], scala["wins"], scala["hands"], scala["closes"]) == (1, 1, 1, 1)
    assert scala["points_taken"] == 0 and scala["average_points"] == 0.0
    assert scala["places"] == [{"place": 1, "matches": 1}, {"place": 2, "matches": 0}]
    assert scala["head_to_head"][0]["opponent"]["name"] == "Bruno"
    assert (scala["head_to_head"][0]["ahead"], scala["head_to_head"][0]["behind"]) == (1, 0)
    assert [row["id"] for row in profile["recent_matches"]] == [world.finished.pk]
    bruno = world.player(world.piazza, "Bruno")
    bruno_scala = api("anonymous").get(PROFILE.format(slug="piazza", pk=bruno.pk)).json()
    assert bruno_scala["games"][0]["points_taken"] == 101
    assert bruno_scala["games"][0]["busts"] == 1


def test_another_clubs_player_answers_404(api, world):
    stranger = world.player(world.borgo, "Anna")
    assert api("owner").get(PROFILE.format(slug="piazza", pk=stranger.pk)).status_code == 404


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_documents_the_ratings_and_the_profile(schema):
    ratings = schema["paths"]["/api/v1/clubs/{slug}/ratings/"]["get"]
    assert {"200", "400", "404"} <= set(ratings["responses"])
    (game,) = [p for p in ratings["parameters"] if p["name"] == "game"]
    assert set(game["schema"]["enum"]) == {"scala40", "ramino", "gin", "burraco"}
    profile = schema["paths"]["/api/v1/clubs/{slug}/players/{id}/profile/"]["get"]
    assert {"200", "404"} <= set(profile["responses"])
    ref = profile["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(body["properties"]) == {"player", "games", "recent_matches"}


def test_the_schema_with_the_ratings_validates_without_a_warning(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))
