"""Failures under load, on PostgreSQL only (issue #10): many phones posting to one match at once,
two directors confirming one table at once, a worker killed in the middle of a hand, and the lock
order between a bracket match's hand and a tournament service.

SQLite locks the whole database file, so it can neither run writers side by side nor show a row
lock held by a dead connection or a deadlock between two lock orders: the whole module is
skipped there.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import OperationalError, connection, transaction
from rest_framework.test import APIClient

from clublife.models import Rating, RatingChange
from clubs.models import Role
from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import EventVersion, Match, MatchEvent, MatchPlayer, MatchStatus
from scoring.services import events as scoring_events
from tests import failure_helpers
from tests.api.conftest import api_token
from tests.concurrency import run_together
from tests.factories import member, start_match
from tests.tournaments.helpers import Staff, enter_players, play_distinct
from tournaments import selectors, services
from tournaments.formats import format_of
from tournaments.models import Entry, EntryStatus, Format, Table

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: concurrent writers, row locks and deadlock detection",
    ),
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")


def totals(match: Match) -> dict[str, int]:
    return dict(MatchPlayer.objects.filter(match=match).values_list("name", "total"))


# 50 phones, one match ----------------------------------------------------------------------------

DIFFERENT = 40  # different hands; the other 10 requests repeat one of them with its key


def charges(hand: int) -> dict[str, int]:
    """Hand `hand` (0-based): Anna closes, everyone else pays an amount that tells hands apart."""
    number = hand + 1
    return {"Bruno": number, "Carla": 2 * number, "Dario": 100 - number, "Elena": 0, "Franco": 7}


def test_fifty_phones_posting_at_once_lose_and_duplicate_nothing(settings):
    settings.API_WRITE_RATE = "1000/min"  # one user sends all 50: the throttle is not tested here
    match = start_match(names=NAMES, options={"elimination_at": 10000})  # nobody busts
    token = api_token(member(match.club, Role.SCOREKEEPER))
    url = f"/api/v1/matches/{match.pk}/events/"
    warm = APIClient()  # a running server has imported its code before the rush
    warm.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert warm.get(url).status_code == 200

    def post(index: int):
        hand = index % DIFFERENT  # requests 40..49 repeat hands 0..9: a retry, a double tap
        client = APIClient()
        client.credentials(
            HTTP_AUTHORIZATION=f"Token {token}", HTTP_IDEMPOTENCY_KEY=f"phone-{hand}"
        )
        body = {"type": "hand", "closer": "Anna", "points": charges(hand)}
        response = client.post(url, body, format="json")
        return hand, response.status_code, response.json()

    results = run_together(50, post)

    errors = [result for result in results if isinstance(result, BaseException)]
    assert errors == []
    assert Counter(code for _hand, code, _body in results) == {201: DIFFERENT, 200: 10}
    numbers: dict[int, set[int]] = {}
    for hand, _code, body in results:
        assert body["event"]["data"]["points"] == charges(hand)
        numbers.setdefault(hand, set()).add(body["event"]["number"])
    # both requests of a repeated key answer the same event; every hand has its own number
    assert all(len(answered) == 1 for answered in numbers.values())
    assert sorted(number for (number,) in numbers.values()) == list(range(1, DIFFERENT + 1))
    stored = MatchEvent.objects.filter(match=match).order_by("number")
    assert list(stored.values_list("number", flat=True)) == list(range(1, DIFFERENT + 1))
    assert EventVersion.objects.filter(event__match=match).count() == DIFFERENT
    for event in stored.prefetch_related("versions"):
        (version,) = event.versions.all()
        assert version.data["points"] == charges(int(event.idempotency_key.split("-")[1]))
        assert numbers[int(event.idempotency_key.split("-")[1])] == {event.number}
    paid = sum(range(1, DIFFERENT + 1))
    assert totals(match) == {
        "Anna": 0,
        "Bruno": paid,
        "Carla": 2 * paid,
        "Dario": 100 * DIFFERENT - paid,
        "Elena": 0,
        "Franco": 7 * DIFFERENT,
    }
    match.refresh_from_db()
    assert (match.hand_count, match.revision) == (DIFFERENT, DIFFERENT + 1)


# Two directors confirm one table at the same instant ---------------------------------------------


def waiting_on_a_lock(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


def confirm_twice_at_once(table: Table, first_user, second_user) -> list[Any]:
    """Both directors confirm `table`; the second one's confirmation arrives while the first's is
    written but not committed (the worst moment), which the test checks: PostgreSQL shows the
    second connection waiting on a lock. Answers both results (or exceptions)."""
    written = threading.Event()
    commit = threading.Event()
    second_pid: list[int] = []

    def work(index: int):
        if index == 0:
            with transaction.atomic():
                result = services.table_confirm(table=table, user=first_user)
                written.set()
                assert commit.wait(timeout=30)
            return result
        assert written.wait(timeout=30)
        connection.ensure_connection()
        second_pid.append(connection.connection.info.backend_pid)
        return services.table_confirm(table=table, user=second_user)

    outcome: list[Any] = []
    runner = threading.Thread(target=lambda: outcome.extend(run_together(2, work)))
    runner.start()
    blocked = False
    for _attempt in range(3000):  # until the second confirmation waits (a few ms), 30 s at most
        if second_pid and waiting_on_a_lock(second_pid[0]):
            blocked = True
            break
        threading.Event().wait(0.01)
    commit.set()
    runner.join(timeout=60)
    assert blocked, "the second confirmation never waited for the first"
    return outcome


def test_two_directors_confirming_one_table_at_once_count_it_once():
    staff = Staff()
    other_director = member(staff.club, Role.DIRECTOR)
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Torneo",
        preset="scala40",
        format=Format.ROUNDS,
        confirm_results=True,
    )
    enter_players(tournament, staff.director, 8)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    rng = random.Random(5)
    for table in round.tables.select_related("match"):
        play_distinct(table, scorekeeper=staff.scorekeeper, rng=rng)
    services.round_call_time(round=round, user=staff.scorekeeper)
    table = round.tables.select_related("match").get(number=1)
    seated = set(table.seats.values_list("entry_id", flat=True))
    assert not RatingChange.objects.exists()  # nothing counts before a confirmation

    directors = (staff.director, other_director)
    results = confirm_twice_at_once(table, *directors)

    # Both succeed; the second finds the same revision already confirmed and keeps the first.
    assert [type(result) for result in results] == [Table, Table], results
    table.refresh_from_db()
    assert table.confirmed_by == staff.director
    assert table.confirmed_revision == table.match.revision
    assert services.table_counts(tournament, table)
    # rated once: one change per player of the table, each player's rating counts one match
    changes = RatingChange.objects.filter(match=table.match)
    assert changes.count() == 4
    assert RatingChange.objects.count() == 4
    assert sorted(Rating.objects.values_list("matches", flat=True)) == [1, 1, 1, 1]
    rows = {row.entry_id: row for row in selectors.table_standings(tournament).rows}
    assert all(rows[entry].tables == 1 for entry in seated)
    assert all(row.tables == 0 for entry, row in rows.items() if entry not in seated)


def test_two_directors_confirming_one_bracket_match_at_once_open_the_final_once():
    staff = Staff()
    other_director = member(staff.club, Role.DIRECTOR)
    tournament, _entries = gin_bracket(staff, prefix="G", confirm_results=True)
    first, second = Table.objects.filter(round__tournament=tournament).order_by("number")
    for table in (first, second):
        winner = Entry.objects.filter(seats__table=table).select_related("player").first()
        knock(Match.objects.get(pk=table.match_id), winner.player.name, staff.scorekeeper)
    services.table_confirm(table=second, user=staff.director)
    assert Table.objects.filter(round__tournament=tournament).count() == 2  # final still waits

    directors = (staff.director, other_director)
    results = confirm_twice_at_once(first, *directors)

    assert [type(result) for result in results] == [Table, Table], results
    tables = Table.objects.filter(round__tournament=tournament)
    assert sorted(tables.values_list("bracket_match", flat=True)) == [1, 2, 3]
    final = tables.get(bracket_match=3)
    view = format_of(tournament).bracket_of(tournament)
    seated = Entry.objects.filter(seats__table=final).order_by("seats__seat")
    assert list(seated.values_list("pk", flat=True)) == list(view.bracket.match(3).players)
    # one match per table: the final's was started once, no orphan
    assert Match.objects.filter(club=staff.club).count() == 3
    assert RatingChange.objects.filter(match=first.match_id).count() == 2


# A worker killed in the middle of a hand ---------------------------------------------------------


def child_database_url() -> str:
    """The test database (pytest-django's), as a URL for another process."""
    db = django_settings.DATABASES["default"]
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


def four_player_hand(number: int) -> dict:
    return {"closer": "Anna", "points": {"Bruno": number, "Carla": 2 * number, "Dario": 0}}


def test_a_worker_killed_in_the_middle_of_a_hand_leaves_nothing_half_written():
    match = start_match()
    for number in range(1, 4):
        scoring.hand_record(match=match, user=None, data=four_player_hand(number))
    match.refresh_from_db()
    before = (totals(match), match.revision, match.hand_count, match.dealer_seat)
    assert before[1:3] == (4, 3)
    env = {**os.environ, "DATABASE_URL": child_database_url(), "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", failure_helpers.__name__, str(match.pk)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, child.kill)  # a child stuck before READY fails the test
    watchdog.start()
    try:
        line = child.stdout.readline()  # blocks until the hand is written, uncommitted
        assert line.strip() == "READY", (line, child.stderr.read() if child.poll() else "")
        # The child really holds the match row right now.
        with pytest.raises(OperationalError), transaction.atomic():
            Match.objects.select_for_update(nowait=True).get(pk=match.pk)
    finally:
        watchdog.cancel()
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL

    # Nothing of the killed hand was kept; the totals and the revision are unchanged.
    assert list(MatchEvent.objects.filter(match=match).values_list("number", flat=True)) == [
        1,
        2,
        3,
    ]
    assert not EventVersion.objects.filter(data__points=failure_helpers.KILLED_HAND["points"])
    match.refresh_from_db()
    assert (totals(match), match.revision, match.hand_count, match.dealer_seat) == before
    # The dead connection's lock is gone: the next hand goes through and is number 4. The lock
    # timeout only turns a lock that was never released into a failure instead of a hang.
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '10s'")
        event, created = scoring.hand_record(match=match, user=None, data=four_player_hand(4))
    assert created and event.number == 4
    match.refresh_from_db()
    assert (match.revision, match.hand_count) == (5, 4)


# Deadlocks: a bracket match's hand against a drop ------------------------------------------------


def gin_bracket(staff: Staff, prefix: str, count: int = 4, **settings):
    """A drawn single elimination of Gin to 10 (one knock ends a match)."""
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name=f"Gin {prefix}",
        preset="gin",
        format=Format.SINGLE_ELIMINATION,
        options={"target": 10},
        **settings,
    )
    entries = enter_players(tournament, staff.director, count, prefix=prefix)
    pairing_services.draw(tournament=tournament, user=staff.director)
    return tournament, entries


def knock(match: Match, winner: str, user) -> None:
    """The winner knocks with 2 against 30: one hand ends the match."""
    loser = next(name for name in match.seats.values_list("name", flat=True) if name != winner)
    scoring.hand_record(
        match=match,
        user=user,
        data={"result": "knock", "knocker": winner, "deadwood": {winner: 2, loser: 30}},
    )


def hold_the_match_row(monkeypatch, match: Match) -> tuple[Callable[[], None], Callable[..., Any]]:
    """The worst interleaving, made certain: the thread that calls `holder()` first, once its hand
    has locked `match` (its rows written, not committed), waits there until the thread that
    called `other()` is waiting on a lock; `other()` itself waits until the hand holds the row.
    Answers (holder, other), each to be called by its thread before its service. `other(service)`
    also runs the service, and the hand goes on when it has returned without waiting at all."""
    original = scoring_events.version_author
    mine = threading.local()
    holding = threading.Event()
    other_pid: list[int] = []
    other_returned = threading.Event()

    def author(user, locked):
        # asked by every new event once its match row is locked, before anything is written
        if getattr(mine, "holder", False) and locked.pk == match.pk and not holding.is_set():
            holding.set()
            for _attempt in range(3000):  # until the other one waits (a few ms), 30 s at most
                if other_returned.is_set() or (other_pid and waiting_on_a_lock(other_pid[0])):
                    break
                threading.Event().wait(0.01)
            else:
                raise AssertionError("the other service never waited for a lock")
        return original(user, locked)

    monkeypatch.setattr(scoring_events, "version_author", author)

    def holder() -> None:
        mine.holder = True

    def other(service: Callable[[], Any] | None = None) -> Any:
        assert holding.wait(timeout=30)
        connection.ensure_connection()
        other_pid.append(connection.connection.info.backend_pid)
        if service is not None:
            try:
                return service()
            finally:
                other_returned.set()
        return None

    return holder, other


def hand_and_drop(staff: Staff, prefix: str, monkeypatch=None):
    """A bracket's first table: its winner's hand (the match row, then the bracket's lock) and
    the director dropping the other player (the tournament row, then the withdrawal's match
    row) at once. Answers the results of both, the drop retried once if it was refused."""
    tournament, _entries = gin_bracket(staff, prefix=prefix)
    table = Table.objects.filter(round__tournament=tournament).order_by("number").first()
    match = Match.objects.get(pk=table.match_id)
    first, second = (
        Entry.objects.filter(seats__table=table).select_related("player").order_by("seats__seat")
    )
    holder = other = lambda: None
    if monkeypatch is not None:
        holder, other = hold_the_match_row(monkeypatch, match)

    def work(index: int):
        if index == 0:
            holder()
            return knock(match, first.player.name, staff.scorekeeper)
        other()
        return services.entry_drop(entry=second, user=staff.director)

    hand, drop = run_together(2, work)
    # The hand may come second and be refused cleanly (the withdrawal ended the match). The drop
    # never is: it reads the match again once it holds its row, and a match the hand has just
    # ended needs no withdrawal.
    assert hand is None or isinstance(hand, (scoring.MatchError, OperationalError)), hand
    assert isinstance(drop, (Entry, OperationalError)), drop
    if not isinstance(drop, OperationalError):
        second.refresh_from_db()
        assert second.status == EntryStatus.DROPPED
        match.refresh_from_db()
        assert match.status == MatchStatus.FINISHED
    return hand, drop


def test_a_bracket_hand_and_a_drop_at_the_same_table_never_deadlock(monkeypatch):
    staff = Staff()
    # The worst moment first: the hand holds the match row while the drop holds the tournament.
    held = hand_and_drop(staff, "H", monkeypatch)
    assert [r for r in held if isinstance(r, OperationalError)] == []
    monkeypatch.undo()
    # Then released together, as they come.
    for round in range(8):
        results = hand_and_drop(staff, f"R{round}")
        assert [r for r in results if isinstance(r, OperationalError)] == []


def test_calling_time_on_a_bracket_while_a_hand_is_recorded_does_not_deadlock(monkeypatch):
    staff = Staff()
    tournament, _entries = gin_bracket(staff, prefix="T")
    round = tournament.rounds.get()
    table = Table.objects.filter(round=round).order_by("number").last()  # time ends it last
    match = Match.objects.get(pk=table.match_id)
    winner = Entry.objects.filter(seats__table=table).select_related("player").first()
    holder, other = hold_the_match_row(monkeypatch, match)

    def work(index: int):
        if index == 0:
            holder()
            return knock(match, winner.player.name, staff.scorekeeper)
        other()
        return services.round_call_time(round=round, user=staff.scorekeeper)

    for result in run_together(2, work):
        if isinstance(result, Exception):
            raise result


@pytest.mark.parametrize("change", ["result_fix", "hand_correct"])
def test_changing_a_bracket_result_while_the_next_match_gets_its_first_hand_does_not_deadlock(
    monkeypatch, change
):
    """A first-round winner changes (the director's fix, or a correction of its hand), which sets
    the final again (its match has no hand yet, so it would be deleted and a new one made),
    while the final's first hand is recorded."""
    staff = Staff()
    tournament, _entries = gin_bracket(staff, prefix=change[0].upper())
    round = tournament.rounds.get()
    first, second = Table.objects.filter(round=round).order_by("number")
    for table in (first, second):
        winner = Entry.objects.filter(seats__table=table).order_by("seats__seat").first()
        knock(Match.objects.get(pk=table.match_id), winner.player.name, staff.scorekeeper)
    final = Table.objects.filter(round=round).order_by("number").last()
    assert final.number == 3 and final.match_id is not None
    final_match = Match.objects.get(pk=final.match_id)
    finalist = Entry.objects.filter(seats__table=final).select_related("player").first()
    winner, loser = (
        Entry.objects.filter(seats__table=first).select_related("player").order_by("seats__seat")
    )
    holder, other = hold_the_match_row(monkeypatch, final_match)

    def change_the_first_result():
        if change == "result_fix":
            return pairing_services.result_fix(
                table=first, user=staff.director, winner=loser, reason="Wrong winner entered"
            )
        deadwood = {loser.player.name: 2, winner.player.name: 30}
        return scoring.hand_correct(
            event=MatchEvent.objects.get(match_id=first.match_id, number=1),
            user=staff.director,
            data={"result": "knock", "knocker": loser.player.name, "deadwood": deadwood},
            expected_version=1,
            reason="The other player knocked",
        )

    def work(index: int):
        if index == 0:
            holder()
            return knock(final_match, finalist.player.name, staff.scorekeeper)
        return other(change_the_first_result)

    hand, changed = run_together(2, work)
    assert hand is None, hand
    assert not isinstance(changed, Exception), changed
    # The change did not wait for the final's row: a match whose hand is being recorded counts
    # as played, so the final stays as it is (a conflict for the director to see), never
    # deleted under the hand.
    final_match.refresh_from_db()
    assert final_match.status == MatchStatus.FINISHED
    assert Table.objects.get(pk=final.pk).match_id == final_match.pk
