"""Matches through the API: the list and its filters, starting a match, a match's detail."""

import pytest

from clubs.models import Player
from scoring.models import Match
from tests.api.conftest import NAMES, start
from tests.errors import field_errors, refusal, top_fields


def ids(response):
    return [match["id"] for match in response.json()["results"]]


# The list ----------------------------------------------------------------------------------------


def test_members_see_every_match_of_their_clubs_newest_first(world, api):
    expected = [world.finished.pk, world.live["piazza"].pk, world.live["aurora"].pk]
    assert ids(api("member").get("/api/v1/matches/")) == expected


@pytest.mark.parametrize("role", ["outsider", "anonymous"])
def test_others_see_only_the_finished_matches_of_public_clubs(world, api, role):
    assert ids(api(role).get("/api/v1/matches/")) == [world.finished.pk]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("club=aurora", ["aurora"]),
        ("club=piazza", ["finished", "piazza"]),
        ("club=borgo", []),
        ("status=finished", ["finished"]),
        ("status=in_progress", ["piazza", "aurora"]),
        ("club=piazza&status=in_progress", ["piazza"]),
        ("game=scala40", ["finished", "piazza", "aurora"]),
        ("game=gin", []),
    ],
)
def test_the_list_filters_by_club_status_and_game(world, api, query, expected):
    matches = {"aurora": world.live["aurora"], "piazza": world.live["piazza"]}
    matches["finished"] = world.finished
    response = api("owner").get(f"/api/v1/matches/?{query}")
    assert ids(response) == [matches[name].pk for name in expected]


@pytest.mark.parametrize("query", ["status=won", "game=poker"])
def test_a_bad_filter_answers_400(world, api, query):
    response = api("owner").get(f"/api/v1/matches/?{query}")
    assert response.status_code == 400
    assert list(field_errors(response)) == [query.split("=")[0]]


def test_the_list_is_paginated(world, api):
    response = api("owner").get("/api/v1/matches/?limit=2")
    body = response.json()
    assert body["count"] == 3
    assert len(body["results"]) == 2
    assert body["next"].endswith("limit=2&offset=2")


def test_a_listed_match_shows_its_seats_and_totals(world, api):
    response = api("owner").get("/api/v1/matches/?club=aurora")
    match = response.json()["results"][0]
    assert match["club"] == "aurora"
    assert (match["game"], match["preset"], match["status"]) == (
        "scala40",
        "scala40-club",
        "in_progress",
    )
    assert match["hand_count"] == 1
    assert [(s["seat"], s["name"], s["total"], s["status"]) for s in match["seats"]] == [
        (1, "Anna", 0, "in_play"),
        (2, "Bruno", 10, "in_play"),
        (3, "Carla", 5, "in_play"),
        (4, "Dario", 101, "eliminated"),
    ]


def test_a_finished_match_names_its_winner(world, api):
    match = api("anonymous").get("/api/v1/matches/").json()["results"][0]
    assert (match["winner"], match["ended_by"]) == ("Anna", "last_in_play")


def test_a_match_in_progress_has_no_winner_yet(world, api):
    match = api("owner").get(f"/api/v1/matches/{world.live['aurora'].pk}/").json()
    assert (match["winner"], match["ended_by"], match["status"]) == (None, None, "in_progress")


# Starting a match --------------------------------------------------------------------------------


def create(api, role="scorekeeper", **body):
    body = {"club": "aurora", "preset": "scala40", **body}
    return api(role).post("/api/v1/matches/", body)


def test_a_scorekeeper_starts_a_match_with_players_and_guests(world, api):
    anna, bruno = world.player(world.aurora, "Anna"), world.player(world.aurora, "Bruno")
    response = create(
        api,
        preset="scala40-club",
        options={"elimination_at": 151},
        players=[bruno.pk, {"guest": "Ospite Uno"}, anna.pk],
        table_label="Tavolo 3",
        first_dealer_seat=2,
    )
    assert response.status_code == 201, response.content
    body = response.json()
    match = Match.objects.get(pk=body["id"])
    assert body["revision"] == match.revision == 1
    assert [seat["name"] for seat in body["seats"]] == ["Bruno", "Ospite Uno", "Anna"]
    assert body["table_label"] == "3"  # the number alone: pages say "Table 3" around it once
    assert body["rules"]["elimination_at"] == 151
    assert body["started_by"] == "scorekeeper"
    assert body["state"]["dealer"] == "Ospite Uno"
    assert body["state"]["players"][0] == {
        "name": "Bruno",
        "total": 0,
        "status": "in_play",
        "reentries": 0,
        "place": None,
    }
    guest = Player.objects.get(club=world.aurora, name="Ospite Uno")
    assert guest.is_guest
    assert match.started_by == world.users["scorekeeper"]


def test_a_start_sent_again_with_its_start_key_answers_the_match_it_started(world, api):
    """The API honours the start key as the start page does (it used to start a second match,
    and a second guest): the same key answers the first match, 200; another key starts anew."""
    anna = world.player(world.aurora, "Anna")
    body = {"players": [anna.pk, {"guest": "Ospite Chiave"}], "start_key": "tavolo-3-sera"}
    first = create(api, **body)
    assert first.status_code == 201, first.content
    again = create(api, **body)
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first.json()["id"]
    assert Match.objects.filter(club=world.aurora, start_key="tavolo-3-sera").count() == 1
    assert Player.objects.filter(club=world.aurora, name="Ospite Chiave").count() == 1
    other = create(api, **{**body, "start_key": "tavolo-4-sera"})
    assert other.status_code == 201 and other.json()["id"] != first.json()["id"]
    # without a key, every start starts a match
    keyless = {"players": [anna.pk, {"guest": "Ospite Chiave"}]}
    assert create(api, **keyless).json()["id"] != create(api, **keyless).json()["id"]


def test_a_guest_with_the_name_of_a_player_is_that_player(world, api):
    response = create(api, players=[{"guest": "anna"}, {"guest": "Nuovo"}])
    assert response.status_code == 201
    seats = response.json()["seats"]
    assert seats[0]["player"] == world.player(world.aurora, "Anna").pk
    assert world.aurora.players.count() == len(NAMES) + 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"preset": "poker"}, "preset"),
        ({"players": []}, "players"),
        ({"players": ["Anna"]}, "players"),
        ({"players": [{"guest": ""}]}, "players"),
        ({"players": [{"name": "Anna"}]}, "players"),
        ({"players": [999999]}, "players"),
        ({"first_dealer_seat": 0}, "first_dealer_seat"),
        ({"options": [1]}, "options"),
        ({"club": None}, "club"),
    ],
)
def test_a_malformed_match_answers_400_with_field_errors(world, api, body, field):
    body.setdefault("players", [world.player(world.aurora, "Anna").pk, {"guest": "Zeno"}])
    response = create(api, **body)
    assert response.status_code == 400
    assert top_fields(response) == [field]
    assert Match.objects.count() == 3
    assert not Player.objects.filter(name="Zeno").exists()


def test_a_player_of_another_club_is_refused(world, api):
    other = world.player(world.piazza, "Anna")
    response = create(api, players=[world.player(world.aurora, "Anna").pk, other.pk])
    assert response.status_code == 400
    assert str(other.pk) in field_errors(response)["players"][0]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"options": {"elimination_at": -5}}, "options.elimination_at"),
        ({"options": {"no_such_option": 1}}, "options.no_such_option"),
        ({"first_dealer_seat": 5}, "first_dealer_seat"),
        ({"players": "twice"}, "players"),
    ],
)
def test_a_match_the_services_refuse_answers_400_with_event_field_and_message(
    world, api, body, field
):
    anna = world.player(world.aurora, "Anna").pk
    if body.get("players") == "twice":
        body["players"] = [anna, anna]
    body.setdefault("players", [anna, {"guest": "Zeno"}])
    response = create(api, **body)
    assert response.status_code == 400
    error = refusal(response)
    assert set(error) == {"event", "field", "message"}
    assert (error["event"], error["field"]) == (None, field)
    assert error["message"]
    assert not Player.objects.filter(name="Zeno").exists()  # the guest went with the match


def test_a_single_player_is_refused_by_the_engine(world, api):
    response = create(api, players=[world.player(world.aurora, "Anna").pk])
    assert response.status_code == 400
    assert refusal(response)["field"] == "players"


def test_a_club_the_user_cannot_see_answers_404(world, api):
    assert create(api, "outsider", players=[{"guest": "A"}, {"guest": "B"}]).status_code == 404
    assert create(api, club="nowhere", players=[{"guest": "A"}, {"guest": "B"}]).status_code == 404


# One match ---------------------------------------------------------------------------------------


def test_the_detail_has_the_seats_the_replayed_state_and_the_revision(world, api):
    match = world.live["aurora"]
    match.refresh_from_db()
    body = api("member").get(f"/api/v1/matches/{match.pk}/").json()
    assert body["id"] == match.pk
    assert body["revision"] == match.revision == 2
    assert len(body["seats"]) == 4
    state = body["state"]
    assert state["game"] == "scala40"
    assert state["finished"] is False
    assert {p["name"]: p["total"] for p in state["players"]} == {
        "Anna": 0,
        "Bruno": 10,
        "Carla": 5,
        "Dario": 101,
    }
    assert len(state["history"]) == 1
    assert body["rules"]["reentry_allowed"] is True


def test_a_match_that_does_not_exist_answers_404(world, api):
    assert api("owner").get("/api/v1/matches/999999/").status_code == 404


def test_a_gin_match_answers_its_games(world, api):
    players = [world.player(world.aurora, "Anna"), world.player(world.aurora, "Bruno")]
    match = start(world.aurora, players, preset="gin-standard")
    state = api("owner").get(f"/api/v1/matches/{match.pk}/").json()["state"]
    assert state["game"] == "gin"
    assert "games" in state


def test_hand_count_has_one_meaning_the_hands_that_count_and_void_hands_beside_it(world, api):
    """Issue 25: the page says "3 mani (1 annullata)"; the API answers hand_count 2 (the hands
    that count) and void_hands 1 beside it, and the schema says so."""
    from django.test import Client

    match = world.live["aurora"]
    scorer = api("scorekeeper")
    events = f"/api/v1/matches/{match.pk}/events/"
    hand = {"type": "hand", "closer": "Carla", "points": {"Anna": 10, "Bruno": 20}}
    for _ in range(2):
        assert scorer.post(events, hand).status_code == 201
    voided = scorer.post(f"{events}2/void/", {"version": 1, "reason": "Entered twice"})
    assert voided.status_code == 200, voided.content
    body = scorer.get(f"/api/v1/matches/{match.pk}/").json()
    assert (body["hand_count"], body["void_hands"]) == (2, 1)
    listed = scorer.get("/api/v1/matches/?club=aurora&status=in_progress").json()["results"]
    assert [row["hand_count"] for row in listed if row["id"] == match.pk] == [2]
    page = Client(HTTP_ACCEPT_LANGUAGE="it")
    page.force_login(world.users["scorekeeper"])
    text = " ".join(page.get(match.get_absolute_url()).content.decode().split())
    assert "3 mani (1 annullata)" in text
    schema = Client(HTTP_ACCEPT_LANGUAGE="en").get("/api/v1/schema/", {"format": "json"})
    schema = schema.json()["components"]["schemas"]
    assert schema["Match"]["properties"]["hand_count"]["description"].startswith(
        "The hands that count: every hand recorded"
    )
    assert "void_hands" in schema["MatchDetail"]["required"]
