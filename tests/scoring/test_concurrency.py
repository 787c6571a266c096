"""Many phones submitting to one match at the same moment (PostgreSQL only).

Each thread has its own database connection and all of them start together at a barrier, so the
services' row lock (`select_for_update` on the match) is what keeps events from being lost,
duplicated or numbered twice. SQLite locks the whole database file and cannot run this.
"""

from __future__ import annotations

import pytest
from django.db import connection

from scoring import services
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer
from scoring.services import MatchError
from tests.concurrency import run_together
from tests.factories import start_match

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: concurrent writers and row locks (SQLite locks the whole file)",
    ),
    pytest.mark.django_db(transaction=True),
]

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")


def six_player_match() -> Match:
    """Nobody busts: with elimination at 10000 every total is the sum of its charges."""
    return start_match(names=NAMES, options={"elimination_at": 10000})


def points_of(index: int) -> dict[str, int]:
    """Thread `index`'s hand: Anna closes, every other player pays a different amount."""
    number = index + 1
    return {"Bruno": number, "Carla": 2 * number, "Dario": 100 - number, "Elena": 0, "Franco": 7}


def totals(match: Match) -> dict[str, int]:
    return dict(MatchPlayer.objects.filter(match=match).values_list("name", "total"))


def test_twenty_different_hands_at_once_are_all_recorded_numbered_1_to_20():
    match = six_player_match()

    def submit(index: int):
        data = {"closer": "Anna", "points": points_of(index)}
        return services.hand_record(match=match, user=None, data=data)

    results = run_together(20, submit)

    errors = [result for result in results if isinstance(result, BaseException)]
    assert errors == []
    events = [event for event, _created in results]
    assert all(created for _event, created in results)
    assert sorted(event.number for event in events) == list(range(1, 21))
    assert list(MatchEvent.objects.filter(match=match).values_list("number", flat=True)) == list(
        range(1, 21)
    )
    # Each thread's answer is its own hand.
    for index, event in enumerate(events):
        version = EventVersion.objects.get(event=event)
        assert version.data["points"] == points_of(index)
    assert totals(match) == {
        "Anna": 0,
        "Bruno": sum(range(1, 21)),
        "Carla": 2 * sum(range(1, 21)),
        "Dario": 2000 - sum(range(1, 21)),
        "Elena": 0,
        "Franco": 140,
    }
    match.refresh_from_db()
    assert (match.hand_count, match.revision) == (20, 21)
    assert match.dealer_seat == 20 % 6 + 1


def test_ten_repeats_of_one_submission_record_one_hand():
    match = six_player_match()
    data = {"closer": "Anna", "points": points_of(0)}

    def submit(_index: int):
        return services.hand_record(match=match, user=None, data=data, idempotency_key="tap-42")

    results = run_together(10, submit)

    errors = [result for result in results if isinstance(result, BaseException)]
    assert errors == []
    assert len({event.pk for event, _created in results}) == 1
    assert sum(created for _event, created in results) == 1
    assert MatchEvent.objects.filter(match=match).count() == 1
    assert EventVersion.objects.filter(event__match=match).count() == 1
    assert totals(match) == {"Anna": 0, **points_of(0)}
    match.refresh_from_db()
    assert (match.hand_count, match.revision) == (1, 2)


def test_ten_corrections_of_one_version_at_once_accept_exactly_one():
    match = six_player_match()
    event, _ = services.hand_record(
        match=match, user=None, data={"closer": "Anna", "points": points_of(0)}
    )

    def correct(index: int):
        data = {"closer": "Anna", "points": points_of(index)}
        return services.hand_correct(event=event, user=None, data=data, expected_version=1)

    results = run_together(10, correct)

    accepted = [result for result in results if isinstance(result, EventVersion)]
    refused = [result for result in results if isinstance(result, MatchError)]
    assert len(accepted) == 1
    assert len(refused) == 9
    assert all(error.field == "version" for error in refused)
    assert list(event.versions.values_list("version", "is_current")) == [(1, False), (2, True)]
    winner = results.index(accepted[0])
    assert totals(match) == {"Anna": 0, **points_of(winner)}


def test_stays_out_and_re_entry_tapped_at_once_on_two_phones_record_exactly_one():
    """After a bust, one phone taps "stays out" while another taps the re-entry: the row lock
    lets one through and the other is refused; the player is out or back in, never both."""
    match = start_match(preset="scala40-club")
    for data in (
        {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}},
        {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 15}},
    ):
        services.hand_record(match=match, user=None, data=data)
    dario = match.seats.get(name="Dario")

    def tap(index: int):
        if index % 2:
            return services.player_stays_out(match=match, user=None, seat=dario)
        return services.player_reenter(match=match, user=None, seat=dario)

    results = run_together(6, tap)

    refused = [result for result in results if isinstance(result, MatchError)]
    assert len(refused) == 5, results
    kinds = list(MatchEvent.objects.filter(match=match).values_list("kind", flat=True))
    assert kinds[:2] == ["hand", "hand"] and len(kinds) == 3
    dario.refresh_from_db()
    assert (kinds[2], dario.status) in (("withdraw", "out"), ("reentry", "in_play"))
