"""Events of a match through the API: recording, idempotency keys, corrections, voids, the
convenience endpoints, and every refusal with its event, field and message."""

import pytest
from django.utils import translation

from scoring.engine import EngineError
from scoring.engine.document import parse_document
from scoring.models import EventVersion, MatchEvent
from tests.errors import field_errors
from tests.errors import refusal as one_refusal

HAND = {"type": "hand", "closer": "Carla", "points": {"Anna": 10, "Bruno": 20}}


@pytest.fixture
def match(world):
    """Aurora's match in progress: Anna closed the first hand, Dario went out with 101."""
    return world.live["aurora"]


@pytest.fixture
def scorer(api):
    return api("scorekeeper")


def events_url(match, tail=""):
    return f"/api/v1/matches/{match.pk}/{tail}"


def totals(state):
    return {player["name"]: player["total"] for player in state["players"]}


def refusal(response):
    body = one_refusal(response)
    assert body["message"]
    return body


# Recording ---------------------------------------------------------------------------------------


def test_recording_a_hand_answers_201_with_the_event_and_the_new_state(match, scorer):
    response = scorer.post(events_url(match, "events/"), HAND)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["event"]["number"] == 2
    assert body["event"]["kind"] == "hand"
    assert body["event"]["version"] == 1
    assert body["event"]["data"] == HAND
    assert body["event"]["created_by"] == "scorekeeper"
    assert body["event"]["snapshot"]["totals"] == {
        "Anna": 10,
        "Bruno": 30,
        "Carla": 5,
        "Dario": 101,
    }
    assert totals(body["state"]) == {"Anna": 10, "Bruno": 30, "Carla": 5, "Dario": 101}
    match.refresh_from_db()
    assert body["revision"] == match.revision == 3
    assert match.hand_count == 2


def test_the_answer_to_a_new_event_is_what_the_event_list_shows_of_it_afterwards(match, scorer):
    """The answer is built from the recording's own replay; the list reads and replays anew."""
    answer = scorer.post(events_url(match, "events/"), HAND, idempotency_key="k-1").json()
    listed = scorer.get(events_url(match, "events/")).json()
    rows = listed["results"] if isinstance(listed, dict) and "results" in listed else listed
    assert answer["event"] == next(row for row in rows if row["number"] == 2)
    repeated = scorer.post(events_url(match, "events/"), HAND, idempotency_key="k-1").json()
    assert repeated == answer


@pytest.mark.parametrize(
    ("event", "number", "field"),
    [
        ({"type": "hand", "closer": "Zed", "points": {"Anna": 1, "Bruno": 2}}, 2, "closer"),
        ({"type": "hand", "closer": "Carla", "points": {"Anna": -1, "Bruno": 2}}, 2, "points"),
        ({"type": "hand", "closer": "Carla", "points": {"Anna": 1, "Zed": 2}}, 2, "points"),
        ({"type": "hand", "closer": "Carla", "points": {"Anna": 1, "Bruno": 2}, "x": 1}, 2, "x"),
        ({"type": "hand", "closer": "Dario", "points": {"Anna": 1, "Bruno": 2}}, 2, "closer"),
        ({"type": "dance"}, None, "type"),
        ({"closer": "Carla"}, None, "type"),
    ],
)
def test_a_bad_event_answers_400_naming_its_event_and_field(match, scorer, event, number, field):
    body = refusal(scorer.post(events_url(match, "events/"), event))
    assert (body["event"], body["field"]) == (number, field)
    assert match.events.count() == 1


def test_a_refused_hand_is_named_by_the_number_it_would_have(match, scorer):
    event = {"type": "hand", "closer": "Zed", "points": {"Anna": 1, "Bruno": 2}}
    body = refusal(scorer.post(events_url(match, "events/"), event))
    assert body == {"event": 2, "field": "closer", "message": body["message"]}


def test_an_event_must_be_a_json_object(match, scorer):
    response = scorer.client.post(
        events_url(match, "events/"), data="[1, 2]", content_type="application/json"
    )
    assert list(field_errors(response)) == ["non_field_errors"]


def test_a_form_body_is_refused_as_unsupported(match, api):
    response = api("scorekeeper").client.post(events_url(match, "events/"), {"type": "time_call"})
    assert response.status_code == 415


def test_a_finished_match_takes_no_more_hands(world, api):
    match = world.finished
    body = refusal(
        api("owner").post(
            events_url(match, "events/"), {"type": "hand", "closer": "Anna", "points": {"Bruno": 1}}
        )
    )
    assert body["event"] == 2


def test_refusals_speak_the_requests_language(match, api):
    event = {"type": "hand", "closer": "Zed", "points": {"Anna": 1, "Bruno": 2}}
    italian = refusal(api("owner", language="it").post(events_url(match, "events/"), event))
    english = refusal(api("owner", language="en").post(events_url(match, "events/"), event))
    document = {"preset": "scala40", "players": ["Anna", "Bruno", "Carla"], "events": [event]}
    with pytest.raises(EngineError) as refused:
        parse_document(document)
    with translation.override("it"):
        assert italian["message"] == refused.value.translated(translation.gettext)
    with translation.override("en"):
        assert english["message"] == refused.value.translated(translation.gettext)


def test_field_errors_speak_the_requests_language(match, api):
    response = api("owner", language="it").post(events_url(match, "events/1/void/"), {})
    assert field_errors(response) == {"version": ["Campo obbligatorio."]}


# Idempotency keys --------------------------------------------------------------------------------


def test_the_same_idempotency_key_records_the_event_once(match, scorer):
    first = scorer.post(events_url(match, "events/"), HAND, **{"Idempotency-Key": "tap-1"})
    again = scorer.post(events_url(match, "events/"), HAND, **{"Idempotency-Key": "tap-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["event"] == first.json()["event"]
    assert again.json()["revision"] == first.json()["revision"]
    assert match.events.count() == 2


def test_the_key_answers_the_first_event_even_with_another_body(match, scorer):
    scorer.post(events_url(match, "events/"), HAND, **{"Idempotency-Key": "tap-1"})
    other = {"type": "hand", "closer": "Anna", "points": {"Bruno": 1, "Carla": 2}}
    again = scorer.post(events_url(match, "events/"), other, **{"Idempotency-Key": "tap-1"})
    assert again.status_code == 200
    assert again.json()["event"]["data"] == HAND
    assert match.events.count() == 2


def test_the_key_may_come_in_the_body(match, scorer):
    body = {**HAND, "idempotency_key": "tap-2"}
    first = scorer.post(events_url(match, "events/"), body)
    again = scorer.post(events_url(match, "events/"), body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["event"]["data"] == HAND  # the key is not part of the event
    assert MatchEvent.objects.get(match=match, number=2).idempotency_key == "tap-2"


def test_the_header_and_the_body_field_are_one_key(match, scorer):
    scorer.post(events_url(match, "events/"), HAND, **{"Idempotency-Key": "tap-3"})
    again = scorer.post(events_url(match, "events/"), {**HAND, "idempotency_key": "tap-3"})
    assert again.status_code == 200


def test_without_a_key_every_post_records_an_event(match, scorer):
    scorer.post(events_url(match, "events/"), HAND)
    scorer.post(events_url(match, "events/"), HAND)
    assert match.events.count() == 3


def test_a_key_belongs_to_one_match(world, scorer):
    aurora, piazza = world.live["aurora"], world.live["piazza"]
    assert (
        scorer.post(events_url(aurora, "events/"), HAND, **{"Idempotency-Key": "k"}).status_code
        == 201
    )
    assert (
        scorer.post(events_url(piazza, "events/"), HAND, **{"Idempotency-Key": "k"}).status_code
        == 201
    )


def test_a_refused_event_does_not_use_up_its_key(match, scorer):
    bad = {"type": "hand", "closer": "Zed", "points": {}}
    assert (
        scorer.post(events_url(match, "events/"), bad, **{"Idempotency-Key": "k"}).status_code
        == 400
    )
    assert (
        scorer.post(events_url(match, "events/"), HAND, **{"Idempotency-Key": "k"}).status_code
        == 201
    )


@pytest.mark.parametrize("key", ["x" * 65, 12])
def test_a_bad_key_answers_400(match, scorer, key):
    response = scorer.post(events_url(match, "events/"), {**HAND, "idempotency_key": key})
    assert response.status_code == 400
    assert list(field_errors(response)) == ["idempotency_key"]


def test_the_convenience_endpoints_take_keys_too(match, scorer):
    url = events_url(match, "reentry/")
    first = scorer.post(url, {"player": "Dario"}, **{"Idempotency-Key": "r1"})
    again = scorer.post(url, {"player": "Dario"}, **{"Idempotency-Key": "r1"})
    assert (first.status_code, again.status_code) == (201, 200)
    url = events_url(match, "time-call/")
    first = scorer.post(url, {"idempotency_key": "t1"})
    again = scorer.post(url, {"idempotency_key": "t1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert match.events.count() == 3


# The event list ----------------------------------------------------------------------------------


def test_the_event_list_has_every_version_with_who_when_and_why(match, scorer, api):
    scorer.post(events_url(match, "events/"), HAND)
    api("director").post(
        events_url(match, "events/2/correct/"),
        {
            "data": {"closer": "Carla", "points": {"Anna": 12, "Bruno": 20}},
            "version": 1,
            "reason": "Anna had 12",
        },
    )
    api("owner").post(events_url(match, "events/2/void/"), {"version": 2, "reason": "Misdeal"})
    events = api("member").get(events_url(match, "events/")).json()
    assert [event["number"] for event in events] == [1, 2]
    first, second = events
    assert (first["is_void"], first["is_corrected"], first["created_by"]) == (False, False, None)
    assert first["snapshot"]["totals"]["Dario"] == 101
    assert (second["is_void"], second["is_corrected"], second["version"]) == (True, True, 3)
    assert second["snapshot"] is None
    assert second["created_by"] == "scorekeeper"
    versions = [
        (v["version"], v["created_by"], v["is_current"], v["is_void"], v["reason"])
        for v in second["versions"]
    ]
    assert versions == [
        (1, "scorekeeper", False, False, ""),
        (2, "director", False, False, "Anna had 12"),
        (3, "owner", True, True, "Misdeal"),
    ]
    assert second["versions"][1]["data"] == {
        "type": "hand",
        "closer": "Carla",
        "points": {"Anna": 12, "Bruno": 20},
    }
    assert all(v["created_at"] for v in second["versions"])


def test_a_match_without_events_has_an_empty_list(world, api):
    from tests.api.conftest import start

    players = [world.player(world.aurora, "Anna"), world.player(world.aurora, "Bruno")]
    match = start(world.aurora, players)
    assert api("member").get(events_url(match, "events/")).json() == []


# Corrections -------------------------------------------------------------------------------------


def correct(client, match, number, data, version, reason="check"):
    return client.post(
        events_url(match, f"events/{number}/correct/"),
        {"data": data, "version": version, "reason": reason},
    )


def test_a_correction_replaces_the_hand_and_replays_the_match(match, scorer):
    data = {"closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 90}}
    response = correct(scorer, match, 1, data, 1, "Dario had 90")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["event"]["version"] == 2
    assert body["event"]["data"] == {"type": "hand", **data}
    assert totals(body["state"])["Dario"] == 90
    assert body["state"]["players"][3]["status"] == "in_play"
    assert EventVersion.objects.filter(event__match=match).count() == 2


def test_a_correction_may_say_its_type(match, scorer):
    data = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 90}}
    assert correct(scorer, match, 1, data, 1).status_code == 200


def test_a_correction_of_a_stale_version_is_refused(match, scorer):
    data = {"closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 90}}
    assert correct(scorer, match, 1, data, 1).status_code == 200
    body = refusal(correct(scorer, match, 1, {**data, "points": {**data["points"], "Bruno": 1}}, 1))
    assert (body["event"], body["field"]) == (1, "version")
    assert "2" in body["message"]


def test_a_correction_making_a_later_event_impossible_is_refused_naming_it(match, scorer):
    assert scorer.post(events_url(match, "reentry/"), {"player": "Dario"}).status_code == 201
    data = {"closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 50}}
    body = refusal(correct(scorer, match, 1, data, 1))
    assert body["event"] == 2  # Dario's re-entry: he is no longer out
    assert EventVersion.objects.filter(event__match=match).count() == 2


def test_a_bad_correction_names_the_field(match, scorer):
    body = refusal(correct(scorer, match, 1, {"closer": "Zed", "points": {}}, 1))
    assert (body["event"], body["field"]) == (1, "closer")


def test_only_hands_are_corrected(match, scorer):
    scorer.post(events_url(match, "reentry/"), {"player": "Dario"})
    body = refusal(correct(scorer, match, 2, {"closer": "Anna", "points": {}}, 1))
    assert body["event"] == 2


def test_a_correction_cannot_turn_a_hand_into_another_event(match, scorer):
    response = correct(scorer, match, 1, {"type": "reentry", "player": "Dario"}, 1)
    assert list(field_errors(response)) == ["data"]


@pytest.mark.parametrize(
    ("body", "field"),
    [({"version": 1}, "data"), ({"data": {}}, "version"), ({"data": [], "version": 1}, "data")],
)
def test_a_malformed_correction_answers_field_errors(match, scorer, body, field):
    response = scorer.post(events_url(match, "events/1/correct/"), body)
    assert list(field_errors(response)) == [field]


def test_an_event_that_does_not_exist_answers_404(match, scorer):
    response = correct(scorer, match, 9, {"closer": "Anna", "points": {}}, 1)
    assert response.status_code == 404


# Voids -------------------------------------------------------------------------------------------


def test_a_void_keeps_the_event_and_stops_counting_it(match, scorer):
    response = scorer.post(events_url(match, "events/1/void/"), {"version": 1, "reason": "Misdeal"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["event"]["is_void"], body["event"]["version"]) == (True, 2)
    assert body["event"]["versions"][-1]["reason"] == "Misdeal"
    assert set(totals(body["state"]).values()) == {0}
    assert match.events.count() == 1


@pytest.mark.parametrize("body", [{"version": 1}, {"version": 1, "reason": "   "}])
def test_a_void_without_a_reason_is_refused(match, scorer, body):
    refused = refusal(scorer.post(events_url(match, "events/1/void/"), body))
    assert (refused["event"], refused["field"]) == (1, "reason")


def test_a_void_of_a_stale_version_is_refused(match, scorer):
    body = refusal(
        scorer.post(events_url(match, "events/1/void/"), {"version": 2, "reason": "Misdeal"})
    )
    assert body["field"] == "version"


def test_a_void_event_cannot_change_again(match, scorer):
    scorer.post(events_url(match, "events/1/void/"), {"version": 1, "reason": "Misdeal"})
    body = refusal(
        scorer.post(events_url(match, "events/1/void/"), {"version": 2, "reason": "Again"})
    )
    assert body["event"] == 1
    data = {"closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 90}}
    assert refusal(correct(scorer, match, 1, data, 2))["event"] == 1


def test_voiding_an_event_a_later_one_needs_is_refused_naming_it(match, scorer):
    scorer.post(events_url(match, "reentry/"), {"player": "Dario"})
    body = refusal(
        scorer.post(events_url(match, "events/1/void/"), {"version": 1, "reason": "Misdeal"})
    )
    assert body["event"] == 2


# Re-entry, withdrawal, time call -----------------------------------------------------------------


def test_a_reentry_brings_the_player_back(match, scorer):
    response = scorer.post(events_url(match, "reentry/"), {"player": "Dario"})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["event"]["kind"] == "reentry"
    assert body["event"]["data"] == {"type": "reentry", "player": "Dario"}
    dario = body["state"]["players"][3]
    assert (dario["status"], dario["reentries"]) == ("in_play", 1)


def test_a_reentry_is_also_an_event_of_the_events_endpoint(match, scorer):
    response = scorer.post(events_url(match, "events/"), {"type": "reentry", "player": "Dario"})
    assert response.status_code == 201


@pytest.mark.parametrize("endpoint", ["reentry/", "withdraw/"])
def test_an_unknown_player_is_refused(match, scorer, endpoint):
    body = refusal(scorer.post(events_url(match, endpoint), {"player": "Zed"}))
    assert (body["event"], body["field"]) == (2, "player")


def test_a_player_still_in_play_cannot_reenter(match, scorer):
    body = refusal(scorer.post(events_url(match, "reentry/"), {"player": "Anna"}))
    assert body["event"] == 2


def test_a_player_event_needs_the_player(match, scorer):
    response = scorer.post(events_url(match, "withdraw/"), {})
    assert list(field_errors(response)) == ["player"]


def test_a_withdrawal_puts_the_player_out_for_good(match, scorer):
    response = scorer.post(events_url(match, "withdraw/"), {"player": "Bruno"})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["event"]["kind"] == "withdraw"
    assert body["state"]["players"][1]["status"] == "withdrawn"


def test_a_time_call_ends_the_match(match, scorer):
    response = scorer.post(events_url(match, "time-call/"))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["event"]["kind"] == "time_call"
    assert (body["state"]["finished"], body["state"]["ended_by"]) == (True, "time")
    match.refresh_from_db()
    assert match.status == "finished"
    assert refusal(scorer.post(events_url(match, "time-call/")))["event"] == 3
