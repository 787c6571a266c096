"""The services of table tournaments, one rule at a time: who may confirm a result, late
arrivals and drops, swaps, the round clock, reseating, play-offs, and the refusals (with the
field they name)."""

import random
from datetime import timedelta
from decimal import Decimal
from unittest import mock

import pytest
from django.utils import timezone

from clubs.models import Role
from scoring import services as scoring
from scoring.models import MatchStatus
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member
from tournaments import selectors, services
from tournaments.formats import format_of
from tournaments.models import EntryStatus, Format, RoundStatus

from .helpers import (
    Staff,
    enter_players,
    met_pairs,
    play_distinct,
    play_hands,
    play_round,
    seating_of,
)

pytestmark = pytest.mark.django_db
TournamentActionError = services.TournamentActionError


def rounds_tournament(staff, players=8, **settings):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Torneo del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        **settings,
    )
    entries = enter_players(tournament, staff.director, players)
    return tournament, entries


def running_round(staff, players=8, **settings):
    """A tournament whose round 1 is running, hands entered at every table by the scorekeeper
    and time called by the director."""
    tournament, entries = rounds_tournament(staff, players, **settings)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    rng = random.Random(5)
    for table in round.tables.select_related("match"):
        play_distinct(table, scorekeeper=staff.scorekeeper, rng=rng)
    services.round_call_time(round=round, user=staff.scorekeeper)
    round.refresh_from_db()
    return tournament, entries, round


# Confirmation --------------------------------------------------------------------------------


def test_who_entered_the_result_cannot_confirm_it_even_a_director_or_a_player():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    first, second = round.tables.select_related("match").order_by("number")
    player = first.seats.get(seat=1).entry.player
    player.user = UserFactory()
    player.save()
    play_distinct(first, scorekeeper=player.user, rng=random.Random(1))  # from their phone
    play_distinct(second, scorekeeper=staff.director, rng=random.Random(2))
    services.round_call_time(round=round, user=staff.scorekeeper)

    for table, user in ((first, player.user), (second, staff.director)):
        with pytest.raises(TournamentActionError) as error:
            services.table_confirm(table=table, user=user)
        assert error.value.field == "user"
        assert "someone else" in error.value.message
        table.refresh_from_db()
        assert table.confirmed_by is None
        assert not services.table_counts(tournament, table)

    services.table_confirm(table=first, user=staff.director)
    first.refresh_from_db()
    assert first.confirmed_by == staff.director
    assert services.table_counts(tournament, first)


def test_a_player_of_the_table_with_a_login_can_confirm_it():
    staff = Staff()
    tournament, _entries, round = running_round(staff)
    table = round.tables.get(number=1)
    player = table.seats.get(seat=2).entry.player
    player.user = UserFactory()  # not even a member of the club: playing there is enough
    player.save()

    services.table_confirm(table=table, user=player.user)

    table.refresh_from_db()
    assert table.confirmed_by == player.user
    assert table.confirmed_revision == table.match.revision
    assert services.table_counts(tournament, table)


def test_a_member_or_a_player_of_another_table_cannot_confirm():
    staff = Staff()
    tournament, _entries, round = running_round(staff)
    table = round.tables.get(number=1)
    elsewhere = round.tables.get(number=2).seats.get(seat=1).entry.player
    elsewhere.user = UserFactory()
    elsewhere.save()
    for user in (member(staff.club, Role.MEMBER), elsewhere.user, staff.scorekeeper):
        with pytest.raises(TournamentActionError) as error:
            services.table_confirm(table=table, user=user)
        assert error.value.field == "user"
    with pytest.raises(TournamentActionError) as error:
        services.table_confirm(table=table, user=mock.Mock(is_authenticated=False))
    assert error.value.field == "user"
    assert not services.table_counts(tournament, table)


def test_calling_time_is_not_entering_a_result():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    # nothing played: the director only starts the round and calls time, then confirms
    play_round(
        round,
        scorekeeper=staff.scorekeeper,
        director=staff.director,
        rng=random.Random(1),
        idle=(1, 2),
    )
    assert all(services.table_counts(tournament, table) for table in round.tables.all())


def test_an_unfinished_table_cannot_be_confirmed():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    with pytest.raises(TournamentActionError) as error:
        services.table_confirm(table=round.tables.get(number=1), user=staff.director)
    assert error.value.field == "table"
    services.round_start(round=round, user=staff.director)
    with pytest.raises(TournamentActionError) as error:
        services.table_confirm(table=round.tables.get(number=1), user=staff.director)
    assert error.value.field == "table"


def test_a_second_confirmation_of_the_same_result_keeps_the_first():
    staff = Staff()
    other_director = member(staff.club, Role.DIRECTOR)
    _tournament, _entries, round = running_round(staff)
    table = round.tables.get(number=1)
    services.table_confirm(table=table, user=staff.director)
    table.refresh_from_db()
    first_confirmed_at = table.confirmed_at

    services.table_confirm(table=table, user=other_director)

    table.refresh_from_db()
    assert (table.confirmed_by, table.confirmed_at) == (staff.director, first_confirmed_at)


def test_a_correction_after_confirmation_needs_a_new_confirmation():
    staff = Staff()
    tournament, _entries, round = running_round(staff)
    for table in round.tables.all():
        services.table_confirm(table=table, user=staff.director)
    table = round.tables.select_related("match").get(number=1)
    hand = table.match.events.get(number=1)
    data = hand.versions.get(is_current=True).data
    before = {row.entry_id: row.points for row in selectors.table_standings(tournament).rows}
    seated = set(table.seats.values_list("entry_id", flat=True))

    # the closer of the hand becomes its worst player: places at table 1 change
    closer = data["closer"]
    worst = max(data["points"], key=data["points"].get)
    points = {**data["points"], closer: data["points"][worst] + 5}
    del points[worst]
    scoring.hand_correct(
        event=hand,
        user=staff.scorekeeper,
        data={"closer": worst, "points": points},
        expected_version=1,
        reason="Wrong closer",
    )

    table.refresh_from_db()
    assert not services.table_counts(tournament, table)
    view = selectors.tournament_view(tournament)
    assert not view.rounds[0].complete
    assert view.rounds[0].tables[0].awaiting_confirmation
    standings = {row.entry_id: row for row in selectors.table_standings(tournament).rows}
    assert all(standings[entry].tables == 0 for entry in seated)
    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director)
    assert error.value.field == "round"

    services.table_confirm(table=table, user=staff.director)
    after = {row.entry_id: row.points for row in selectors.table_standings(tournament).rows}
    assert after[standings_entry(table, worst)] == 7
    assert after[standings_entry(table, closer)] < before[standings_entry(table, closer)]
    services.round_seat(tournament=tournament, user=staff.director)


def standings_entry(table, name: str) -> int:
    return table.seats.get(entry__player__name=name).entry_id


# Late arrivals and drops ---------------------------------------------------------------------


def test_a_late_arrival_is_seated_from_the_next_round():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff)
    waiting = services.entry_register(
        tournament=tournament, user=staff.director, player=PlayerFactory(club=staff.club)
    )
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    late = services.entry_register(
        tournament=tournament, user=staff.director, name="Ospite in ritardo", check_in=True
    )
    waiting = services.entry_check_in(entry=waiting, user=staff.director)

    assert (late.first_round, waiting.first_round) == (2, 2)
    assert late.player.is_guest
    seated = {entry for table in seating_of(round) for entry in table}
    assert late.pk not in seated and waiting.pk not in seated
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(2))
    standings = {row.entry_id: row for row in selectors.table_standings(tournament).rows}
    assert standings[late.pk].tables == 0 and standings[late.pk].points == 0

    second = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    seated = {entry for table in seating_of(second) for entry in table}
    assert {late.pk, waiting.pk} <= seated and len(seated) == 10


def test_a_drop_withdraws_from_the_running_match_keeps_results_and_is_not_seated_again():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    table = round.tables.select_related("match").get(number=1)
    play_hands(table, scorekeeper=staff.scorekeeper, rng=random.Random(4), hands=1)
    leaving = table.seats.get(seat=3).entry

    services.entry_drop(entry=leaving, user=staff.director)

    leaving.refresh_from_db()
    assert leaving.status == EntryStatus.DROPPED and leaving.dropped_at is not None
    seat = table.match.seats.get(player=leaving.player)
    assert seat.status == "withdrawn"
    table.match.refresh_from_db()
    assert table.match.status == MatchStatus.IN_PROGRESS  # the others play on
    # F4: a withdrawal decides a result too: the director who dropped the player (and so
    # withdrew them from table 1) may not confirm that table; another director does
    play_round(
        round,
        scorekeeper=staff.scorekeeper,
        director=staff.director,
        rng=random.Random(4),
        confirm=False,
    )
    with pytest.raises(services.TournamentActionError, match="someone else must confirm"):
        services.table_confirm(table=table, user=staff.director)
    other_director = member(staff.club, Role.DIRECTOR)
    for each in round.tables.all():
        services.table_confirm(table=each, user=other_director)
    standings = {row.entry_id: row for row in selectors.table_standings(tournament).rows}
    assert standings[leaving.pk].tables == 1

    second = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    seated = [entry for table in seating_of(second) for entry in table]
    assert leaving.pk not in seated and len(seated) == 7
    # a second drop changes nothing
    assert services.entry_drop(entry=leaving, user=staff.director).status == EntryStatus.DROPPED


def test_a_drop_of_a_player_waiting_for_the_re_entry_declines_it():
    """The withdrawal takes only players in play now: a player a hand has just eliminated who
    drops out stays out (the declined re-entry), and the others play on."""
    staff = Staff()
    tournament, _entries = rounds_tournament(staff, options={"reentry_allowed": True})
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    table = round.tables.select_related("match").get(number=1)
    names = [seat.name for seat in table.match.seats.order_by("seat")]
    points = {names[1]: 5, names[2]: 120, names[3]: 9}
    scoring.hand_record(match=table.match, user=None, data={"closer": names[0], "points": points})
    busted = table.match.seats.get(name=names[2])
    assert busted.status == "eliminated"
    leaving = table.seats.get(entry__player=busted.player).entry

    services.entry_drop(entry=leaving, user=staff.director)

    busted.refresh_from_db()
    assert busted.status == "out"
    assert table.match.events.filter(kind="withdraw").count() == 1
    table.match.refresh_from_db()
    assert table.match.status == MatchStatus.IN_PROGRESS


def test_a_drop_after_the_seating_asks_for_a_new_seating():
    staff = Staff()
    tournament, entries = rounds_tournament(staff)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.entry_drop(entry=entries[0], user=staff.director)

    with pytest.raises(TournamentActionError) as error:
        services.round_start(round=round, user=staff.director)

    assert error.value.field == "round"
    assert entries[0].player.name in error.value.message
    again = services.round_reseat(round=round, user=staff.director, seed=1)
    assert entries[0].pk not in {entry for table in seating_of(again) for entry in table}
    services.round_start(round=again, user=staff.director)


# Seating by hand and again -------------------------------------------------------------------


def test_a_swap_before_the_start_reports_the_new_repeat_and_is_refused_after():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff, players=16)
    first = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(first, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(6))
    second = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    assert second.report["repeat_cost"] == 0
    met = met_pairs(seating_of(first))
    tables = seating_of(second)
    # a player of table 1 who met someone now at table 2 goes there, in exchange for someone
    mover = next(a for a in tables[0] if any(frozenset((a, b)) in met for b in tables[1]))
    other = next(b for b in tables[1] if frozenset((mover, b)) not in met)
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}

    with pytest.raises(services.SwapMakesRepeats) as asked:
        services.table_swap(
            round=second,
            user=staff.director,
            first=entries[mover],
            second=entries[other],
            allow_repeats=False,
        )
    assert asked.value.repeats and seating_of(second) == tables  # nothing moved
    second.refresh_from_db()
    assert second.report["repeat_cost"] == 0

    report = services.table_swap(
        round=second, user=staff.director, first=entries[mover], second=entries[other]
    )

    assert report["new_repeats"]
    assert all(
        entries[mover].player.name in pair["players"]
        or entries[other].player.name in pair["players"]
        for pair in report["new_repeats"]
    )
    assert report["repeat_cost"] > 0
    second.refresh_from_db()
    assert second.report["repeat_cost"] == report["repeat_cost"]
    assert mover in seating_of(second)[1] and other in seating_of(second)[0]
    with pytest.raises(TournamentActionError) as error:
        services.table_swap(
            round=second, user=staff.director, first=entries[mover], second=entries[mover]
        )
    assert error.value.field == "second"

    services.round_start(round=second, user=staff.director)
    with pytest.raises(TournamentActionError) as error:
        services.table_swap(
            round=second, user=staff.director, first=entries[mover], second=entries[other]
        )
    assert error.value.field == "round"


def test_reseating_with_the_same_seed_gives_the_same_seating():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff, players=14)
    first = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(first, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(8))
    second = services.round_seat(tournament=tournament, user=staff.director, seed=42)
    seating, report = seating_of(second), second.report

    again = services.round_reseat(round=second, user=staff.director, seed=42)
    assert (again.number, again.seed) == (2, 42)
    assert (seating_of(again), again.report) == (seating, report)
    random_again = services.round_reseat(round=again, user=staff.director, method="random", seed=42)
    assert random_again.seating_method == "random"
    random_seating = seating_of(random_again)
    assert (
        seating_of(
            services.round_reseat(round=random_again, user=staff.director, method="random", seed=42)
        )
        == random_seating
    )

    last = tournament.rounds.get(number=2)
    services.round_start(round=last, user=staff.director)
    with pytest.raises(TournamentActionError) as error:
        services.round_reseat(round=last, user=staff.director, seed=42)
    assert error.value.field == "round"


# The round clock -----------------------------------------------------------------------------


def test_the_clock_pauses_resumes_and_time_ends_every_unfinished_match():
    staff = Staff()
    tournament, _entries = rounds_tournament(staff, players=11, round_minutes=60)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    with pytest.raises(TournamentActionError) as error:
        services.round_clock_pause(round=round, user=staff.director)
    assert error.value.field == "round"
    start = timezone.now()

    def at(minutes):
        return mock.patch(
            "django.utils.timezone.now", return_value=start + timedelta(minutes=minutes)
        )

    with at(0):
        services.round_start(round=round, user=staff.director)
    with at(10):
        services.round_clock_pause(round=round, user=staff.director)
    with at(25):
        round.refresh_from_db()
        assert round.elapsed_seconds() == 600  # stopped while paused
        services.round_clock_resume(round=round, user=staff.director)
    with at(40):
        round.refresh_from_db()
        assert round.clock_paused_seconds == 900
        assert round.elapsed_seconds() == 25 * 60
        assert round.remaining_seconds() == 35 * 60
    # one table ends by itself before time: a hand busts all but one player
    table = round.tables.select_related("match").get(number=1)
    names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
    scoring.hand_record(
        match=table.match,
        user=staff.scorekeeper,
        data={"closer": names[0], "points": {name: 101 for name in names[1:]}},
    )
    table.match.refresh_from_db()
    assert table.match.status == MatchStatus.FINISHED

    with at(50):
        services.round_clock_pause(round=round, user=staff.director)
    with at(55):
        ended = services.round_call_time(round=round, user=staff.scorekeeper)

    assert ended == round.tables.count() - 1 == 2
    round.refresh_from_db()
    assert all(t.match.status == MatchStatus.FINISHED for t in round.tables.select_related("match"))
    assert {t.match.ended_by for t in round.tables.exclude(number=1).select_related("match")} == {
        "time"
    }
    assert round.clock_paused_at is None
    with at(90):
        assert round.elapsed_seconds() == 35 * 60  # 55 minutes, 20 of them paused
        services.round_clock_pause(round=round, user=staff.director)  # nothing left to pause
        round.refresh_from_db()
        assert round.clock_paused_at is None
    assert services.round_call_time(round=round, user=staff.scorekeeper) == 0


# Play-offs -----------------------------------------------------------------------------------


def test_a_playoff_among_the_tied_players_settles_the_cut():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Batterie",
        preset="scala40",
        format=Format.KNOCKOUT,
        advance=2,
    )
    enter_players(tournament, staff.director, 8)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    first, second = round.tables.select_related("match").order_by("number")
    names = list(first.match.seats.order_by("seat").values_list("name", flat=True))
    # places 1, 2, 2, 4 with equal totals: the two seconds tie across the cut of 2
    scoring.hand_record(
        match=first.match,
        user=staff.scorekeeper,
        data={"closer": names[0], "points": {names[1]: 10, names[2]: 10, names[3]: 30}},
    )
    top_second = play_distinct(second, scorekeeper=staff.scorekeeper, rng=random.Random(1))[:2]
    services.round_call_time(round=round, user=staff.scorekeeper)
    for table in (first, second):
        services.table_confirm(table=table, user=staff.director)
    entry = {seat.entry.player.name: seat.entry for seat in first.seats.select_related("entry")}
    entry.update({s.entry.player.name: s.entry for s in second.seats.select_related("entry")})

    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director)
    assert error.value.field == "playoff"
    assert names[1] in error.value.message and names[2] in error.value.message
    for places in (
        {entry[names[1]].pk: 0},
        {entry[names[1]].pk: 5},
        {entry[top_second[0]].pk: 1},
    ):
        with pytest.raises(TournamentActionError) as error:
            services.playoff_places(table=first, user=staff.director, places=places)
        assert error.value.field == "places"

    # the play-off is entered for the two tied players only; it never overturns the match
    services.playoff_places(
        table=first,
        user=staff.director,
        places={entry[names[2]].pk: 1, entry[names[1]].pk: 2},
    )

    final = services.round_seat(tournament=tournament, user=staff.director)
    assert set(seating_of(final)[0]) == {
        entry[name].pk for name in (names[0], names[2], *top_second)
    }
    with pytest.raises(TournamentActionError) as error:
        services.playoff_places(table=first, user=staff.director, places={entry[names[1]].pk: 1})
    assert error.value.field == "table"


# Refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"name": " "}, "name"),
        ({"preset": "gin-standard"}, "preset"),
        ({"format": "ladder"}, "format"),
        ({"final_table_size": 7}, "final_table_size"),
        ({"rounds_planned": 0}, "rounds_planned"),
        ({"entry_fee": "-5"}, "entry_fee"),
        ({"entry_fee": "dieci"}, "entry_fee"),
        ({"house_cut_percent": "120"}, "house_cut_percent"),
        ({"payout_unit": "0"}, "payout_unit"),
        ({"payout_percents": ["60", "30"]}, "payout_percents"),
        ({"table_size_min": 5, "table_size_max": 4}, None),
        ({"placement_points": {"4": ["1", "3", "5", "7"]}}, "placement_points"),
        ({"tie_breaks": ["points", "luck"]}, None),
        ({"colour": "red"}, "colour"),
        ({"format": Format.KNOCKOUT}, "advance"),
        ({"format": Format.KNOCKOUT, "advance": 2, "drop": 1}, "advance"),
    ],
)
def test_tournament_create_refuses_bad_settings_naming_the_field(options, field):
    staff = Staff()
    arguments = {"name": "Coppa", "preset": "scala40", "format": Format.ROUNDS, **options}
    with pytest.raises(TournamentActionError) as error:
        services.tournament_create(club=staff.club, user=staff.director, **arguments)
    if field is not None:
        assert error.value.field == field
    else:
        assert error.value.field
    assert error.value.message


def test_entries_and_rounds_refuse_with_the_field_at_fault():
    staff = Staff()
    tournament, entries = rounds_tournament(staff, players=1)
    for player, field in (
        (entries[0].player, "player"),
        (PlayerFactory(club=ClubFactory()), "player"),
    ):
        with pytest.raises(TournamentActionError) as error:
            services.entry_register(tournament=tournament, user=staff.director, player=player)
        assert error.value.field == field
    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director)
    assert error.value.field == "entries"
    with pytest.raises(TournamentActionError) as error:
        services.tournament_finish(tournament=tournament, user=staff.director)
    assert error.value.field == "round"

    enter_players(tournament, staff.director, 5, prefix="Altro")
    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director, method="alphabetic")
    assert error.value.field == "method"
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director)
    assert error.value.field == "round"  # seated, not started
    services.round_start(round=round, user=staff.director)
    with pytest.raises(TournamentActionError) as error:
        services.round_start(round=round, user=staff.director)
    assert error.value.field == "round"
    with pytest.raises(TournamentActionError) as error:
        services.round_seat(tournament=tournament, user=staff.director)
    assert error.value.field == "round"  # not over
    with pytest.raises(TournamentActionError) as error:
        services.tournament_finish(tournament=tournament, user=staff.director)
    assert error.value.field == "round"


def test_a_knockout_takes_no_late_arrival_and_a_finished_tournament_changes_no_more():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Batterie",
        preset="ramino",
        format=Format.KNOCKOUT,
        drop=1,
        final_table_size=3,
        entry_fee=Decimal("5"),
    )
    enter_players(tournament, staff.director, 4)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    assert round.status == RoundStatus.SEATED
    with pytest.raises(TournamentActionError) as error:
        services.entry_register(tournament=tournament, user=staff.director, name="Tardi")
    assert error.value.field == "player"
    services.round_start(round=round, user=staff.director)
    table = round.tables.get()
    order = play_distinct(table, scorekeeper=staff.scorekeeper, rng=random.Random(3))
    services.round_call_time(round=round, user=staff.scorekeeper)
    services.table_confirm(table=table, user=staff.director)
    # 4 players, the worst one out: the other 3 fit the final table
    final = services.round_seat(tournament=tournament, user=staff.director)
    names = [entry.player.name for entry in tournament.entries.filter(pk__in=seating_of(final)[0])]
    assert (final.kind, sorted(names)) == ("final", sorted(order[:3]))
    services.round_start(round=final, user=staff.director)
    finishers = play_distinct(
        final.tables.get(), scorekeeper=staff.scorekeeper, rng=random.Random(4)
    )
    services.round_call_time(round=final, user=staff.scorekeeper)
    services.table_confirm(table=final.tables.get(), user=staff.director)
    services.tournament_finish(tournament=tournament, user=staff.director)
    ranking = [row.entry.player.name for row in format_of(tournament).final_ranking(tournament)]
    assert ranking == [*finishers, order[3]]

    for action in (
        lambda: services.entry_register(tournament=tournament, user=staff.director, name="Tardi"),
        lambda: services.round_seat(tournament=tournament, user=staff.director),
        lambda: services.tournament_finish(tournament=tournament, user=staff.director),
        lambda: services.table_confirm(table=table, user=staff.director),
    ):
        with pytest.raises(TournamentActionError) as error:
            action()
        assert "over" in error.value.message


@pytest.mark.parametrize("club_is_public", [True, False])
def test_a_tournament_is_public_like_its_club_unless_the_director_says_otherwise(club_is_public):
    staff = Staff(ClubFactory(is_public=club_is_public))
    default = services.tournament_create(
        club=staff.club, user=staff.director, name="A", preset="scala40", format=Format.ROUNDS
    )
    opened = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="B",
        preset="scala40",
        format=Format.ROUNDS,
        is_public=True,
    )
    assert default.is_public is club_is_public
    assert opened.is_public is True


@pytest.mark.parametrize(
    ("sizes", "field"),
    [
        ({"table_size": 7}, "table_size"),
        ({"table_size_min": 1}, "table_size_min"),
        ({"table_size_max": 9}, "table_size_max"),
        ({"table_size_min": 5, "table_size_max": 4, "table_size": 4}, "table_size_min"),
        ({"table_size": 6}, "table_size"),
    ],
)
def test_a_bad_table_size_names_the_setting(sizes, field):
    staff = Staff()
    with pytest.raises(TournamentActionError) as refused:
        services.tournament_create(
            club=staff.club,
            user=staff.director,
            name="A",
            preset="scala40",
            format=Format.ROUNDS,
            **sizes,
        )
    assert refused.value.field == field
