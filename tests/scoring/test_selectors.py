"""Read-side queries: a match's history rows, and query budgets that do not grow with the data."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import selectors, services
from scoring.models import MatchPlayer
from tests.factories import ClubFactory, UserFactory, start_match

pytestmark = pytest.mark.django_db


NAMES = ("Anna", "Bruno", "Carla", "Dario")


def hand(closer, **points):
    return {"closer": closer, "points": points}


def record(match, closer, user=None, **points):
    event, _created = services.hand_record(match=match, user=user, data=hand(closer, **points))
    return event


def long_match(events: int):
    """A match of `events` hands (every fifth one corrected) that nobody busts."""
    match = start_match(names=NAMES, options={"elimination_at": 10000})
    for number in range(1, events + 1):
        closer = NAMES[number % 4]
        points = {name: number % 7 for name in NAMES if name != closer}
        event = record(match, closer, **points)
        if number % 5 == 0:
            services.hand_correct(
                event=event,
                user=None,
                data=hand(closer, **{name: 1 for name in points}),
                expected_version=1,
            )
    return match


def count_queries(function) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as queries:
        result = function()
    return len(queries), result


def test_match_detail_rows_show_versions_void_and_corrected_events():
    scorer = UserFactory(username="scorer")
    match = start_match(names=("Anna", "Bruno", "Carla"))
    first = record(match, "Anna", user=scorer, Bruno=18, Carla=36)
    second = record(match, "Bruno", Anna=5, Carla=5)
    record(match, "Carla", Anna=2, Bruno=3)
    services.hand_correct(
        event=first, user=scorer, data=hand("Anna", Bruno=8, Carla=36), expected_version=1
    )
    services.event_void(event=second, user=scorer, reason="Entered twice", expected_version=1)

    detail = selectors.match_detail(match)

    assert [row.number for row in detail.rows] == [1, 2, 3]
    corrected, void, plain = detail.rows
    assert corrected.is_corrected and not corrected.is_void
    assert [v.version for v in corrected.versions] == [1, 2]
    assert corrected.current.version == 2
    assert corrected.current.created_by == scorer
    assert corrected.versions[0].data["points"] == {"Bruno": 18, "Carla": 36}
    assert corrected.snapshot.totals == {"Anna": 0, "Bruno": 8, "Carla": 36}
    assert corrected.snapshot.charges == {"Anna": 0, "Bruno": 8, "Carla": 36}

    assert void.is_void and void.is_corrected
    assert void.current.reason == "Entered twice"
    assert void.snapshot is None

    assert not plain.is_corrected and not plain.is_void
    assert plain.versions == (plain.current,)
    assert plain.snapshot.totals == {"Anna": 2, "Bruno": 11, "Carla": 36}
    assert detail.state.totals == plain.snapshot.totals
    assert [seat.name for seat in detail.seats] == ["Anna", "Bruno", "Carla"]
    cached = dict(MatchPlayer.objects.filter(match=match).values_list("name", "total"))
    assert cached == detail.state.totals
    assert detail.replay.hand_count == 2


def test_match_detail_of_a_match_without_events():
    match = start_match()
    detail = selectors.match_detail(match)
    assert detail.rows == ()
    assert detail.state.totals == dict.fromkeys(NAMES, 0)


def test_match_detail_uses_the_same_queries_for_5_and_50_events():
    small, large = long_match(5), long_match(50)

    small_count, small_detail = count_queries(lambda: selectors.match_detail(small))
    large_count, large_detail = count_queries(lambda: selectors.match_detail(large))

    assert len(small_detail.rows) == 5
    assert len(large_detail.rows) == 50
    assert sum(row.is_corrected for row in large_detail.rows) == 10
    assert small_count == large_count == 3


def list_page(club):
    """What a list page reads: every match with its seats and its winner."""
    return [
        (match.pk, match.winner.name if match.winner else None, [s.name for s in match.seats.all()])
        for match in selectors.matches_for_club(club)
    ]


def test_matches_for_club_uses_the_same_queries_for_2_and_20_matches():
    small_club, large_club = ClubFactory(), ClubFactory()
    for club, count in ((small_club, 2), (large_club, 20)):
        for index in range(count):
            match = start_match(club=club, names=(f"A{index}", f"B{index}"))
            record(match, f"A{index}", **{f"B{index}": 120})  # finished: A wins

    small_count, small_rows = count_queries(lambda: list_page(small_club))
    large_count, large_rows = count_queries(lambda: list_page(large_club))

    assert len(small_rows) == 2
    assert len(large_rows) == 20
    assert all(winner is not None for _pk, winner, _seats in large_rows)
    assert small_count == large_count == 2


def test_matches_for_club_lists_only_that_club_newest_first():
    club = ClubFactory()
    older = start_match(club=club, names=("A", "B"))
    newer = start_match(club=club, names=("C", "D"))
    start_match(names=("E", "F"))

    assert list(selectors.matches_for_club(club)) == [newer, older]
