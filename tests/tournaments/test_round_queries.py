"""Query budgets of the director's round-wide actions (issue 27): starting a round, calling time
and confirming a table cost the same number of queries with 3 tables and with 12, for a seated
format (Scala 40 rounds, and knockout by tables) and for the Gin pairings (Swiss, and a bracket's
draw), and the round is what the director sees after each: every table's match, seats, code,
result. A round of 50 tables starts in at most 40 queries, as many as a round of 5.

(Django splits an INSERT of more than 999 values in two on SQLite: from about 45 tables of 4 on,
starting a round costs one query more there; PostgreSQL has no such split. `bench/rounds.py`
measures 5 and 50 tables.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clublife import ratings
from clublife.models import Rating, RatingChange
from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import EventVersion, Match, MatchPlayer, MatchStatus, TableCode
from tournaments import services
from tournaments.models import Format, Round, RoundStatus, Table

from .helpers import Staff, enter_players

pytestmark = pytest.mark.django_db

SIZES = (3, 12)  # tables
START_BUDGET = 40  # issue 27: a round of 50 tables starts in at most 40 queries


def counted(service, /, **arguments) -> tuple[int, Any]:
    """The number of queries of one call of `service`, and its answer."""
    with CaptureQueriesContext(connection) as context:
        answer = service(**arguments)
    return len(context.captured_queries), answer


def seated(tables: int, format: str, **settings) -> tuple[Staff, Round]:
    """A Scala 40 tournament of `format` with `tables` tables of 4 seated for round 1."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa",
        preset="scala40",
        format=format,
        table_size=4,
        **settings,
    )
    enter_players(tournament, staff.director, tables * 4)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=tables)
    assert round.tables.count() == tables
    return staff, round


def hand_at_every_table(round: Round, user, rng: random.Random) -> None:
    """One Scala 40 hand at every table: seat 1 closes, the others pay 1 to 59."""
    for table in round.tables.select_related("match").order_by("number"):
        names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
        points = {name: rng.randrange(1, 60) for name in names[1:]}
        hand = {"closer": names[0], "points": points}
        scoring.hand_record(match=table.match, user=user, data=hand)


def check_started(round: Round) -> None:
    """Every table has its match: the players of its seats in seat order (seat 1 deals first),
    its number as the label, one hand's revision to go, and its own current table code."""
    round.refresh_from_db()
    assert round.status == RoundStatus.RUNNING and round.clock_started_at is not None
    tables = list(round.tables.select_related("match").order_by("number"))
    for table in tables:
        match = table.match
        assert match is not None and match.status == MatchStatus.IN_PROGRESS
        assert match.table_label == str(table.number)
        assert match.revision == 1 and match.hand_count == 0 and match.dealer_seat == 1
        seats = list(table.seats.order_by("seat").values_list("entry__player__name", flat=True))
        names = list(match.seats.order_by("seat").values_list("name", flat=True))
        assert names == seats and len(names) == 4
        assert [seat.total for seat in match.seats.all()] == [0, 0, 0, 0]
    codes = TableCode.objects.filter(match__tournament_table__round=round, is_current=True)
    assert sorted(codes.values_list("match__tournament_table__number", flat=True)) == list(
        range(1, len(tables) + 1)
    )
    assert len({code.code for code in codes}) == len(tables)


def check_time_called(round: Round) -> None:
    """Every match ended by time: its time call is event 2 (revision 3), its players placed 1 to
    4 by their totals, the closer of the one hand first."""
    for table in round.tables.select_related("match"):
        match = table.match
        assert match.status == MatchStatus.FINISHED and match.ended_by == "time"
        assert match.revision == 3 and match.finished_at is not None
        event = EventVersion.objects.get(event__match=match, event__number=2)
        assert event.data == {"type": "time_call"} and event.revision == 3
        places = list(match.seats.order_by("place").values_list("seat", "place"))
        assert [place for _seat, place in places] == [1, 2, 3, 4]
        assert places[0][0] == 1 and match.winner.seat == 1


@pytest.mark.parametrize(
    ("format", "cut"), [(Format.ROUNDS, {}), (Format.KNOCKOUT, {"advance": 2})]
)
def test_starting_a_round_costs_the_same_queries_at_3_and_12_tables(format, cut):
    counts = []
    for tables in SIZES:
        staff, round = seated(tables, format, **cut)
        count, _round = counted(services.round_start, round=round, user=staff.director)
        counts.append(count)
        check_started(round)
    assert counts[0] == counts[1] <= START_BUDGET, counts


def test_calling_time_and_confirming_cost_the_same_queries_at_3_and_12_tables():
    calls, confirms = [], []
    for tables in SIZES:
        staff, round = seated(tables, Format.ROUNDS)
        services.round_start(round=round, user=staff.director)
        hand_at_every_table(round, staff.scorekeeper, random.Random(tables))
        round.refresh_from_db()
        count, ended = counted(services.round_call_time, round=round, user=staff.scorekeeper)
        calls.append(count)
        assert ended == tables
        check_time_called(round)
        # results to confirm: nothing is rated before
        assert not RatingChange.objects.filter(match__tournament_table__round=round).exists()
        each = [
            counted(services.table_confirm, table=table, user=staff.director)[0]
            for table in round.tables.order_by("number")
        ]
        confirms.append(max(each))
        assert all(
            table.result_counts(confirm_results=True)
            for table in round.tables.select_related("match")
        )
        # every confirmed table is rated: a change for each of its players
        changes = RatingChange.objects.filter(match__tournament_table__round=round)
        assert changes.count() == tables * 4
    assert calls[0] == calls[1], calls
    assert confirms[0] == confirms[1], confirms


def rating_rows(club) -> list[tuple]:
    return sorted(
        Rating.objects.filter(player__club=club).values_list("player_id", "mu", "sigma", "matches")
    )


def test_calling_time_without_confirmation_rates_every_table_as_a_rebuild_would():
    """No confirmation: calling time rates the round's matches at once (one `matches_changed`),
    in the same number of queries at 3 and 12 tables, to the ratings a rebuild gives."""
    counts = []
    for tables in SIZES:
        staff, round = seated(tables, Format.ROUNDS, confirm_results=False)
        services.round_start(round=round, user=staff.director)
        hand_at_every_table(round, staff.scorekeeper, random.Random(tables))
        round.refresh_from_db()
        count, _ended = counted(services.round_call_time, round=round, user=staff.scorekeeper)
        counts.append(count)
        check_time_called(round)
        changes = RatingChange.objects.filter(match__tournament_table__round=round)
        assert changes.count() == tables * 4
        assert sorted(set(changes.values_list("sequence", flat=True))) == list(range(1, tables + 1))
        rated = rating_rows(staff.club)
        assert len(rated) == tables * 4 and all(row[3] == 1 for row in rated)
        ratings.ratings_recompute(club=staff.club)
        assert rating_rows(staff.club) == rated
    assert counts[0] == counts[1], counts


def test_a_second_round_rated_on_top_matches_a_rebuild():
    """The round after: players rated already are rated on top of their ratings, in bulk."""
    staff, round = seated(3, Format.ROUNDS, confirm_results=False, rounds_planned=3)
    tournament = round.tournament
    for number in (1, 2):
        if number == 2:
            round = services.round_seat(tournament=tournament, user=staff.director, seed=7)
        services.round_start(round=round, user=staff.director)
        hand_at_every_table(round, staff.scorekeeper, random.Random(number))
        round.refresh_from_db()
        services.round_call_time(round=round, user=staff.scorekeeper)
    rated = rating_rows(staff.club)
    assert len(rated) == 12 and all(row[3] == 2 for row in rated)
    assert RatingChange.objects.filter(match__club=staff.club).count() == 24
    ratings.ratings_recompute(club=staff.club)
    assert rating_rows(staff.club) == rated


# Gin: the Swiss pairings -------------------------------------------------------------------------

KNOCK_TO_100 = {"target": 100}  # one knock (2 against 30: 28 and a box of 10) does not end it


def swiss(tables: int, **settings):
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Torneo di Gin",
        preset="gin",
        format=Format.SWISS,
        options=KNOCK_TO_100,
        is_public=True,
        **settings,
    )
    enter_players(tournament, staff.director, tables * 2)
    return staff, tournament


def test_a_swiss_round_is_paired_timed_and_confirmed_in_the_same_queries_at_3_and_12_tables():
    draws, calls, confirms = [], [], []
    for tables in SIZES:
        staff, tournament = swiss(tables, confirm_results=True)
        count, round = counted(pairing_services.draw, tournament=tournament, user=staff.director)
        draws.append(count)
        table_rows = list(round.tables.select_related("match").order_by("number"))
        assert len(table_rows) == tables
        for table in table_rows:
            seats = list(table.seats.order_by("seat").values_list("entry__player__name", flat=True))
            assert list(table.match.seats.order_by("seat").values_list("name", flat=True)) == (
                seats
            )
            assert table.match.game == "gin" and table.match.revision == 1
            knocker, other = seats
            scoring.hand_record(
                match=table.match,
                user=staff.scorekeeper,
                data={"result": "knock", "knocker": knocker, "deadwood": {knocker: 2, other: 30}},
            )
        assert TableCode.objects.filter(match__tournament_table__round=round).count() == tables
        round.refresh_from_db()
        count, _ended = counted(services.round_call_time, round=round, user=staff.scorekeeper)
        calls.append(count)
        for table in round.tables.select_related("match"):
            assert table.match.status == MatchStatus.FINISHED and table.match.ended_by == "time"
            # the knocker leads with 38 (28 and the box of 10)
            first = MatchPlayer.objects.get(match=table.match, place=1)
            assert first.seat == 1 and first.total == 38
        confirms.append(
            max(
                counted(services.table_confirm, table=table, user=staff.director)[0]
                for table in Table.objects.filter(round=round).order_by("number")
            )
        )
    assert draws[0] == draws[1], draws
    assert calls[0] == calls[1], calls
    assert confirms[0] == confirms[1], confirms


def test_a_bracket_is_drawn_in_the_same_queries_with_4_and_16_first_matches():
    """Single elimination of 8 and of 32 players (no bye): every first-round match gets its
    table, seats and match at once."""
    counts = []
    for players in (8, 32):
        staff = Staff()
        tournament = services.tournament_create(
            club=staff.club,
            user=staff.director,
            name="Coppa di Gin",
            preset="gin",
            format=Format.SINGLE_ELIMINATION,
            options=KNOCK_TO_100,
            is_public=True,
        )
        entries = enter_players(tournament, staff.director, players)
        count, round = counted(pairing_services.draw, tournament=tournament, user=staff.director)
        counts.append(count)
        tables = list(round.tables.select_related("match").order_by("number"))
        assert [table.bracket_match for table in tables] == list(range(1, players // 2 + 1))
        seated = set()
        for table in tables:
            names = list(table.seats.order_by("seat").values_list("entry__player__name", flat=True))
            assert list(table.match.seats.order_by("seat").values_list("name", flat=True)) == (
                names
            )
            assert table.match.table_label == str(table.number) and table.match.revision == 1
            seated |= set(names)
        assert seated == {entry.player.name for entry in entries}
        assert (
            TableCode.objects.filter(match__tournament_table__round=round).count() == players // 2
        )
    assert counts[0] == counts[1], counts


def inserts(model, rows: int) -> int:
    """How many INSERTs Django makes of `rows` rows of `model` (SQLite: 999 values at most)."""
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    size = connection.ops.bulk_batch_size(fields, [None] * rows) or rows
    return -(-rows // size)


def test_a_round_of_50_tables_starts_in_at_most_40_queries_as_one_of_5():
    """Issue 27's target: a round of 50 tables of 4 starts in at most 40 queries, the queries of
    a round of 5 (but the INSERTs SQLite splits: none on PostgreSQL)."""
    counts = {}
    for tables in (5, 50):
        staff, round = seated(tables, Format.ROUNDS)
        counts[tables], _round = counted(services.round_start, round=round, user=staff.director)
        assert round.tables.filter(match__revision=1).count() == tables
    split = {
        tables: inserts(Match, tables) + inserts(MatchPlayer, tables * 4) for tables in (5, 50)
    }
    assert counts[50] - counts[5] == split[50] - split[5], (counts, split)
    assert counts[50] <= START_BUDGET, counts
