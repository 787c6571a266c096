"""Whole table tournaments played through the services with generated results: a 22-player
`rounds` tournament (3 qualifying rounds and a final table) and a 24-player `knockout`. Every
figure the app shows (standings points, who goes through, the final ranking, the money) is
recomputed here from the scoring records, independently of the selectors."""

import random
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command

from scoring import services as scoring
from tournaments import money, selectors, services
from tournaments.engine import knockout
from tournaments.formats import format_of
from tournaments.models import (
    Format,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    Tournament,
    TournamentStatus,
)

from .helpers import (
    Staff,
    enter_players,
    met_pairs,
    placement_points,
    play_distinct,
    play_hands,
    play_round,
    seating_of,
    table_results,
)

pytestmark = pytest.mark.django_db


def finish_final(round, staff, rng) -> list[int]:
    """Play the final table to distinct places; returns its entry ids from first to last."""
    services.round_start(round=round, user=staff.director)
    table = round.tables.get()
    names = play_distinct(table, scorekeeper=staff.scorekeeper, rng=rng)
    services.round_call_time(round=round, user=staff.scorekeeper)
    services.table_confirm(table=table, user=staff.director)
    entry_of = {seat.entry.player.name: seat.entry_id for seat in table.seats.all()}
    return [entry_of[name] for name in names]


def test_rounds_tournament_of_22_players_with_a_final_table():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa d'autunno",
        preset="scala40",
        options={"reentry_allowed": True, "reentry_fee": "5"},
        format=Format.ROUNDS,
        rounds_planned=3,
        final_table_size=4,
        entry_fee="20",
        house_cut_percent="10",
    )
    entries = enter_players(tournament, staff.director, 22)
    everyone = {entry.pk for entry in entries}
    rng = random.Random(7)
    earlier: set[frozenset[int]] = set()
    points: dict[int, Fraction] = defaultdict(Fraction)
    wins: dict[int, int] = defaultdict(int)

    for number in (1, 2, 3):
        round = services.round_seat(tournament=tournament, user=staff.director, seed=number)
        assert (round.number, round.kind) == (number, RoundKind.QUALIFYING)
        assert round.seating_method == (
            SeatingMethod.RANDOM if number == 1 else SeatingMethod.BALANCED
        )
        seating = seating_of(round)
        assert [len(table) for table in seating] == [4, 4, 4, 4, 3, 3]
        assert sorted(entry for table in seating for entry in table) == sorted(everyone)
        # 22 players meet 9 others in 3 rounds: no meeting needs to repeat, and none does
        pairs = met_pairs(seating)
        assert not pairs & earlier
        assert round.report["repeat_cost"] == 0 and round.report["repeats"] == []
        earlier |= pairs

        if number == 1:
            # a bust and a re-entry at table 1: the re-entry fee goes into the tournament pot
            services.round_start(round=round, user=staff.director)
            match = round.tables.get(number=1).match
            names = list(match.seats.order_by("seat").values_list("name", flat=True))
            scoring.hand_record(
                match=match,
                user=staff.scorekeeper,
                data={"closer": names[0], "points": {names[1]: 110, names[2]: 3, names[3]: 4}},
            )
            scoring.player_reenter(
                match=match, user=staff.scorekeeper, seat=match.seats.get(name=names[1])
            )
        play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
        for table in table_results(round):
            for entry, value in placement_points(table).items():
                points[entry] += value
            winners = [entry for entry, place, _total in table if place == 1]
            if len(winners) == 1:
                wins[winners[0]] += 1

    standings = selectors.table_standings(tournament)
    assert standings.rounds_counted == 3
    assert {row.entry_id: row.points for row in standings.rows} == points
    assert {row.entry_id: row.wins for row in standings.rows} == {
        entry: wins[entry] for entry in everyone
    }
    assert all(row.tables == 3 for row in standings.rows)
    ordered = [row.points for row in standings.rows]
    assert ordered == sorted(ordered, reverse=True)
    # every table hands out all its points, shared places or not: 4 x 16 + 2 x 12 a round
    assert sum(points.values()) == 3 * (4 * 16 + 2 * 12)

    final = services.round_seat(tournament=tournament, user=staff.director, seed=4)
    assert (final.number, final.kind) == (4, RoundKind.FINAL)
    assert tournament.rounds.get(number=3).status == RoundStatus.FINISHED
    top = [row.entry_id for row in standings.rows[:4]]
    assert seating_of(final) == [top]  # the leader deals first
    assert min(points[entry] for entry in top) >= max(
        points[entry] for entry in everyone - set(top)
    )
    finishers = finish_final(final, staff, rng)
    tournament = services.tournament_finish(tournament=tournament, user=staff.director)
    assert tournament.status == TournamentStatus.FINISHED

    ranking = format_of(tournament).final_ranking(tournament)
    assert [row.entry.pk for row in ranking[:4]] == finishers
    assert [row.place for row in ranking[:4]] == [1, 2, 3, 4]
    assert [row.entry.pk for row in ranking[4:]] == [row.entry_id for row in standings.rows[4:]]
    assert ranking[4].place == 5
    assert len(ranking) == 22

    ledger = money.ledger(tournament)
    assert ledger.paying_entries == 22
    assert ledger.pot.entry_fees == Decimal("440.00")
    assert ledger.pot.reentry_fees == Decimal("5.00")
    assert ledger.reentry_fees_by_table == (("1/1", Decimal("5.00")),)
    assert ledger.pot.gross == Decimal("445.00")
    assert ledger.pot.house == Decimal("44.50")
    assert ledger.pot.prizes == Decimal("400.50")
    # 200.25 / 120.15 / 80.10 rounded down to the unit; the 0.50 below one unit goes to first
    assert ledger.amounts == (Decimal("200.50"), Decimal("120"), Decimal("80"))
    assert sum(ledger.amounts) == ledger.pot.prizes
    assert {entry: amount for entry, amount in ledger.paid.items() if amount} == dict(
        zip(finishers[:3], ledger.amounts, strict=True)
    )


def advancing_from(table, through: int) -> tuple[list[int], list[int], list[int]]:
    """The best `through` of a table by place then total: (through, out, tied at the cut)."""
    ordered = sorted(table, key=lambda seat: (seat[1], seat[2]))
    keys = [(place, total) for _entry, place, total in ordered]
    if len(ordered) <= through or keys[through - 1] != keys[through]:
        return [s[0] for s in ordered[:through]], [s[0] for s in ordered[through:]], []
    line = keys[through - 1]
    tied = [entry for (entry, place, total) in ordered if (place, total) == line]
    return (
        [entry for (entry, place, total) in ordered if (place, total) < line],
        [entry for (entry, place, total) in ordered if (place, total) > line],
        tied,
    )


def test_knockout_of_24_players_going_through_two_per_table():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Batterie di primavera",
        preset="ramino",
        format=Format.KNOCKOUT,
        advance=2,
        entry_fee="10",
        payout_unit="5",
    )
    assert tournament.final_table_size == 5  # the largest table, by default
    entries = enter_players(tournament, staff.director, 24)
    plan = knockout.knockout_plan(24, advance=2, final_size=tournament.final_table_size)
    assert [stage.tables for stage in plan] == [(4,) * 6, (4, 4, 4), (3, 3), (4,)]
    rng = random.Random(11)
    field = {entry.pk for entry in entries}
    reached: dict[int, int] = {}

    for stage in plan[:-1]:
        round = services.round_seat(tournament=tournament, user=staff.director, seed=stage.number)
        assert round.kind == RoundKind.KNOCKOUT
        seating = seating_of(round)
        assert tuple(len(table) for table in seating) == stage.tables
        assert {entry for table in seating for entry in table} == field
        for entry in field:
            reached[entry] = stage.number
        # round 1: nothing is played at table 3 before time is called, so its four players
        # tie (place 1, no points) across the cut
        idle = (3,) if stage.number == 1 else ()
        play_round(
            round,
            scorekeeper=staff.scorekeeper,
            director=staff.director,
            rng=rng,
            idle=idle,
        )
        through, tied = [], []
        for table in table_results(round):
            going, _out, tie = advancing_from(table, 2)
            through += going
            tied += tie
        if idle:
            idle_table = round.tables.get(number=3)
            assert sorted(tied) == sorted(seating[2])
            with pytest.raises(services.TournamentActionError) as refused:
                services.round_seat(tournament=tournament, user=staff.director)
            assert refused.value.field == "playoff"
            assert "3" in refused.value.message
            # the play-off: seat order decides here
            services.playoff_places(
                table=idle_table,
                user=staff.director,
                places={entry: place for place, entry in enumerate(seating[2], start=1)},
            )
            through += seating[2][:2]
        else:
            assert tied == []
        assert len(through) == stage.advancing
        advancement = selectors.knockout_advancement(tournament, round)
        assert advancement.settled
        assert set(advancement.advancing) == set(through)
        field = set(through)

    final = services.round_seat(tournament=tournament, user=staff.director, seed=9)
    assert (final.number, final.kind) == (len(plan), RoundKind.FINAL)
    assert set(seating_of(final)[0]) == field and len(field) == 4
    finishers = finish_final(final, staff, rng)
    services.tournament_finish(tournament=tournament, user=staff.director)

    standings = selectors.table_standings(tournament)
    standing_place = {row.entry_id: row.place for row in standings.rows}
    standing_index = {row.entry_id: index for index, row in enumerate(standings.rows)}
    # the finalists sit in standings order (the final table does not count in the standings)
    assert seating_of(final)[0] == sorted(field, key=standing_index.get)
    ranking = format_of(tournament).final_ranking(tournament)
    assert [row.entry.pk for row in ranking[:4]] == finishers
    assert [row.place for row in ranking[:4]] == [1, 2, 3, 4]
    # then the players knocked out, the later the better: 2 in round 3, 6 in round 2, 12 in 1
    rest = [row.entry.pk for row in ranking[4:]]
    assert [reached[entry] for entry in rest] == [3] * 2 + [2] * 6 + [1] * 12
    # and within a round, by the standings
    for group in (rest[:2], rest[2:8], rest[8:]):
        assert group == sorted(group, key=lambda entry: standing_index[entry])
    for row, previous in zip(ranking[5:], ranking[4:], strict=False):
        same_group = reached[row.entry.pk] == reached[previous.entry.pk]
        tied = same_group and standing_place[row.entry.pk] == standing_place[previous.entry.pk]
        assert (row.place == previous.place) == tied

    ledger = money.ledger(tournament)
    assert ledger.pot.gross == ledger.pot.prizes == Decimal("240.00")
    # 120 / 72 / 48 rounded down to 5 is 120 / 70 / 45; the unit left goes to the largest
    # remainder (3, third place)
    assert ledger.amounts == (Decimal("120"), Decimal("70"), Decimal("50"))
    assert {entry: amount for entry, amount in ledger.paid.items() if amount} == dict(
        zip(finishers[:3], ledger.amounts, strict=True)
    )


def test_standings_match_the_scoring_records_in_five_queries(django_assert_max_num_queries):
    """The independent recomputation above reads the same scoring records the selectors do; a
    standings read stays within the selectors' fixed query budget whatever the size."""
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=staff.director, name="Serata", preset="scala40", format="rounds"
    )
    enter_players(tournament, staff.director, 9)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    rng = random.Random(3)
    for table in round.tables.select_related("match"):
        play_hands(table, scorekeeper=staff.scorekeeper, rng=rng)
    services.round_call_time(round=round, user=staff.scorekeeper)
    for table in round.tables.all():
        services.table_confirm(table=table, user=staff.director)
    expected = defaultdict(Fraction)
    for table in table_results(round):
        for entry, value in placement_points(table).items():
            expected[entry] += value
    with django_assert_max_num_queries(5):
        standings = selectors.table_standings(tournament)
    assert {row.entry_id: row.points for row in standings.rows} == expected


def test_the_demo_has_a_table_tournament_with_two_rounds_played_and_round_three_seated():
    call_command("demo", stdout=StringIO())

    tournament = Tournament.objects.get(format="rounds")  # beside it, a Burraco evening
    assert (tournament.format, tournament.status) == (Format.ROUNDS, TournamentStatus.RUNNING)
    assert [(round.number, round.status) for round in tournament.rounds.all()] == [
        (1, RoundStatus.FINISHED),
        (2, RoundStatus.FINISHED),
        (3, RoundStatus.SEATED),
    ]
    view = selectors.tournament_view(tournament)
    assert all(round.complete for round in view.rounds[:2])
    assert [len(table.seats) for table in view.rounds[2].tables] == [4, 4, 4]
    assert all(table.match is None for table in view.rounds[2].tables)
    standings = selectors.table_standings(tournament)
    assert standings.rounds_counted == 2
    assert all(row.tables == 2 for row in standings.rows) and len(standings.rows) == 12
    assert money.ledger(tournament).pot.entry_fees == Decimal("120.00")
