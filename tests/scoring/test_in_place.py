"""A hand, a re-entry, a withdrawal or "stays out" sent by the match page's script (issue 18) is
answered in place: one request, whose answer is the page's new parts (messages, scoreboard, the
conflict notice, the entry form, history) and says what happened in X-Tallone-Answer, with no
redirect. Without the script (no HX-Request header) the page posts and redirects as before. The
service worker that opens a match page offline is served under /matches/, with the site's
content security policy for the copies it keeps."""

import json
import re
import uuid

import pytest
from django.urls import reverse

from clubs.models import Role
from scoring import services
from scoring.models import MatchEvent
from tests.clients import log_in
from tests.factories import ClubFactory, member, start_match
from tests.scoring.test_views import board_total, hand_data

IN_PLACE = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(client):
    club = ClubFactory()
    scorer = log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club")
    return match, scorer


def based_on(page: str) -> str:
    return re.search(r'name="based_on" value="(\d+)"', page).group(1)


def send(client, match, data, name="hand"):
    return client.post(reverse(f"scoring:{name}", args=[match.pk]), data, **IN_PLACE)


def words(response) -> str:
    return " ".join(response.content.decode().split())


def ids(response) -> list[str]:
    """The page parts the answer carries, by id, in order."""
    content = response.content.decode()
    return re.findall(r'^<(?:div|section) id="([\w-]+)"', content, re.M)


@pytest.mark.django_db
def test_a_hand_is_answered_with_the_new_scoreboard_history_and_a_fresh_form(client, table):
    match, _scorer = table
    seen = based_on(client.get(match.get_absolute_url()).content.decode())
    response = send(
        client,
        match,
        hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9}, based_on=seen),
    )

    assert response.status_code == 200
    assert response["X-Tallone-Answer"] == "recorded"
    assert ids(response) == ["match-flash", "scoreboard", "form-notice", "entry-area", "history"]
    content = response.content.decode()
    assert "Hand 1 recorded." in words(response)
    assert board_total(content, "Bruno") == 35
    assert ">Hand 2</h2>" in content
    assert based_on(content) == str(match.revision + 1)  # the fresh form is based on the new state
    assert 'name="points_2"' in content and 'value="35"' not in content
    assert "<html" not in content  # a fragment, not the page
    assert MatchEvent.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_the_same_hand_sent_again_after_a_lost_answer_is_answered_as_recorded(client, table):
    match, _scorer = table
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9}, based_on=match.revision)
    assert send(client, match, data).status_code == 200
    again = send(client, match, data)
    assert again.status_code == 200
    assert again["X-Tallone-Answer"] == "recorded"
    assert "Hand 1 recorded (the answer had been lost)." in words(again)
    assert board_total(again.content.decode(), "Bruno") == 35
    assert MatchEvent.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_a_refused_hand_comes_back_with_what_was_typed_and_why(client, table):
    match, _scorer = table
    response = send(
        client, match, hand_data(match, "Anna", {"Bruno": 35, "Carla": 12}, based_on=match.revision)
    )
    assert response.status_code == 422
    assert response["X-Tallone-Answer"] == "refused"
    assert "Enter the points of Dario." in words(response)
    assert 'value="35"' in response.content.decode()
    assert MatchEvent.objects.filter(match=match).count() == 0


@pytest.mark.django_db
def test_a_hand_typed_on_a_view_the_match_left_behind_answers_409_in_place(client, table):
    match, scorer = table
    seen = match.revision
    services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Bruno", "points": {"Anna": 20, "Carla": 12, "Dario": 9}},
    )
    mine = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9}, based_on=seen)
    response = send(client, match, mine)
    assert response.status_code == 409
    assert response["X-Tallone-Answer"] == "conflict"
    text = words(response)
    assert "Another phone changed the match while you were typing." in text
    assert "Record mine as hand 2" in text
    assert 'value="35"' in response.content.decode()
    # the browser posts the notice's button first and the form's empty hidden field after it
    accept = re.search(r'name="accept_revision" value="(\d+)"', response.content.decode()).group(1)
    asked = send(client, match, {**mine, "accept_revision": [accept, ""]})
    assert asked["X-Tallone-Answer"] == "recorded"
    assert "Hand 2 recorded." in words(asked)
    assert MatchEvent.objects.filter(match=match).count() == 2


@pytest.mark.django_db
def test_without_the_script_a_hand_still_redirects(client, table):
    match, _scorer = table
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9}, based_on=match.revision)
    response = client.post(reverse("scoring:hand", args=[match.pk]), data)
    assert response.status_code == 302
    assert response.url == match.get_absolute_url() + "#top"
    assert "X-Tallone-Answer" not in response


@pytest.mark.django_db
def test_a_hand_sent_after_the_match_ended_is_refused_in_place(client, table):
    match, scorer = table
    services.match_call_time(match=match, user=scorer)
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    response = send(client, match, data)
    assert response.status_code == 422
    assert response["X-Tallone-Answer"] == "refused"
    assert "The match is over." in words(response)
    assert 'id="entry-form"' not in response.content.decode()


@pytest.fixture
def busted(table):
    match, scorer = table
    for data in (
        {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}},
        {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 15}},
    ):
        services.hand_record(match=match, user=scorer, data=data)
    match.refresh_from_db()
    return match, scorer


@pytest.mark.django_db
def test_a_reentry_is_answered_in_place(client, busted):
    match, _scorer = busted
    dario = match.seats.get(name="Dario").seat
    data = {"seat": dario, "idempotency_key": uuid.uuid4().hex, "based_on": match.revision}
    response = send(client, match, data, "reentry")
    assert response.status_code == 200
    assert response["X-Tallone-Answer"] == "recorded"
    assert "Dario re-entered." in words(response)
    assert board_total(response.content.decode(), "Dario") == 42
    # the same tap again: answered as recorded, nothing more
    assert send(client, match, data, "reentry")["X-Tallone-Answer"] == "recorded"
    assert MatchEvent.objects.filter(match=match, kind="reentry").count() == 1


@pytest.mark.django_db
def test_a_reentry_from_a_scoreboard_left_behind_is_a_conflict_in_place(client, busted):
    match, scorer = busted
    dario = match.seats.get(name="Dario")
    stale = match.revision
    services.player_stays_out(match=match, user=scorer, seat=dario)
    data = {"seat": dario.seat, "idempotency_key": uuid.uuid4().hex, "based_on": stale}
    response = send(client, match, data, "reentry")
    assert response.status_code == 409
    assert response["X-Tallone-Answer"] == "conflict"
    assert MatchEvent.objects.filter(match=match, kind="reentry").count() == 0


@pytest.mark.django_db
def test_stays_out_is_answered_in_place(client, busted):
    match, _scorer = busted
    dario = match.seats.get(name="Dario").seat
    data = {"seat": dario, "idempotency_key": uuid.uuid4().hex, "confirm": "1"}  # issue 25
    response = send(client, match, data, "stays-out")
    assert response["X-Tallone-Answer"] == "recorded"
    assert "Dario stays out." in words(response)


@pytest.mark.django_db
def test_a_withdrawal_is_answered_in_place_or_refused_with_its_reason(client, table):
    match, _scorer = table
    anna = match.seats.get(name="Anna").seat
    data = {"seat": anna, "idempotency_key": uuid.uuid4().hex, "based_on": match.revision}
    response = send(client, match, data, "withdraw")
    assert response["X-Tallone-Answer"] == "recorded"
    assert "Anna is out." in words(response)
    again = {"seat": anna, "idempotency_key": uuid.uuid4().hex, "based_on": match.revision + 1}
    refused = send(client, match, again, "withdraw")
    assert refused.status_code == 422
    assert refused["X-Tallone-Answer"] == "refused"


@pytest.mark.django_db
def test_the_match_page_gives_its_script_the_words_it_shows(client, table):
    match, _scorer = table
    client.cookies["django_language"] = "it"
    page = client.get(match.get_absolute_url()).content.decode()
    found = re.search(r'<script id="match-client" type="application/json">(.*?)</script>', page)
    config = json.loads(found.group(1))
    assert config["match"] == match.pk
    assert config["worker"] == "/matches/sw.js"
    assert config["scope"] == "/matches/"
    assert config["text"]["hand"] == "Mano %(number)s"


@pytest.mark.django_db
def test_the_service_worker_is_served_under_the_match_pages(client):
    response = client.get(reverse("scoring:service-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    config = json.loads(re.match(r"self\.TALLONE = (.*);\n", body).group(1))
    assert config["static"] == "/static/"
    assert "script-src 'self'" in config["policy"]
    assert 'addEventListener("fetch"' in body
