"""Two phones at one table: the same event sent twice at once is recorded once (PostgreSQL,
where the match row is really locked; SQLite runs one writer at a time anyway)."""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs.models import Role
from scoring.models import MatchEvent
from tests.api.conftest import NAMES, api_token, start
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs row locks across connections"
    ),
]

HAND = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 5, "Dario": 0}}


def post_at_once(url, token, bodies_and_headers):
    barrier = threading.Barrier(len(bodies_and_headers))
    answers = []

    def send(body, headers):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}", **headers)
        barrier.wait()
        try:
            answers.append(client.post(url, body, format="json").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=pair) for pair in bodies_and_headers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(answers)


@pytest.fixture
def scene():
    club = ClubFactory()
    user = UserFactory()
    MembershipFactory(club=club, user=user, role=Role.SCOREKEEPER)
    match = start(club, [PlayerFactory(club=club, name=name) for name in NAMES])
    return match, api_token(user)


def test_the_same_key_sent_twice_at_once_records_one_event(scene):
    match, token = scene
    header = {"HTTP_IDEMPOTENCY_KEY": "same-tap"}
    answers = post_at_once(f"/api/v1/matches/{match.pk}/events/", token, [(HAND, header)] * 2)
    assert answers == [200, 201]
    assert MatchEvent.objects.filter(match=match).count() == 1


def test_two_different_hands_at_once_are_both_recorded_in_order(scene):
    match, token = scene
    pairs = [(HAND, {"HTTP_IDEMPOTENCY_KEY": "a"}), (HAND, {"HTTP_IDEMPOTENCY_KEY": "b"})]
    answers = post_at_once(f"/api/v1/matches/{match.pk}/events/", token, pairs)
    assert answers == [201, 201]
    numbers = MatchEvent.objects.filter(match=match).values_list("number", flat=True)
    assert sorted(numbers) == [1, 2]
