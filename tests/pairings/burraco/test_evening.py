"""A Burraco evening of pairs through the services (issue 29): 12 pairs at 6 tables over 4 turni
of 3 hands, 3 Mitchell and 1 danese; the VP of each table from the 3-hand table, MP summing to
0, the standings after each turno, the turno's VP table kept in its report."""

from __future__ import annotations

import pytest

from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_facts, burraco_standings
from pairings.models import Pair
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tests.tournaments.helpers import Staff
from tournaments import services
from tournaments.formats import format_of
from tournaments.models import RoundKind, TableSeat, TournamentStatus
from tournaments.services import TournamentActionError

from .helpers import burraco_tournament, pair_lines, play_turno, seat, tallone

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    staff = Staff()
    tournament = burraco_tournament(staff)
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(12), check_in=True
    )
    return staff, tournament, pairs


def test_a_tournament_of_pairs_is_created_with_the_turno_rules(evening):
    _staff, tournament, pairs = evening
    assert tournament.rules["hands_per_turno"] == 3
    assert tournament.rules["target"] is None
    assert tournament.movements == ["mitchell", "mitchell", "mitchell", "danese"]
    assert tournament.tie_breaks == ["vp", "mp"]
    assert tournament.round_minutes == 35
    assert [pair.name for pair in pairs[:2]] == [
        "Giocatore 01 / Giocatore 02",
        "Giocatore 03 / Giocatore 04",
    ]
    assert [pair.number for pair in pairs] == list(range(1, 13))


def test_the_first_mitchell_turno_seats_ns_pairs_and_the_lines_in_their_seats(evening):
    staff, tournament, _pairs = evening
    round = seat(tournament, staff)
    assert round.kind == RoundKind.TURNO
    assert round.report["movement"] == "mitchell"
    assert round.report["vp_table"]["hands"] == 3
    # the first six pairs sit NS and stay; pair 7 sits EO at table 1
    first_table = round.tables.get(number=1)
    seats = {
        seat.seat: seat.entry.player.name
        for seat in TableSeat.objects.filter(table=first_table).select_related("entry__player")
    }
    assert seats == {
        1: "Giocatore 01",
        3: "Giocatore 02",
        2: "Giocatore 13",
        4: "Giocatore 14",
    }
    assert first_table.match.rules["hands_per_turno"] == 3
    assert round.tables.count() == 6
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING


def test_a_turno_waits_for_every_table_of_the_last(evening):
    staff, tournament, _pairs = evening
    seat(tournament, staff)
    with pytest.raises(TournamentActionError, match="once turno 1 is over: 0 of 6 tables decided"):
        seat(tournament, staff)


def test_four_turni_standings_by_hand(evening):
    staff, tournament, pairs = evening
    by_number = {pair.pk: pair.number for pair in pairs}
    # turno 1: at table t NS makes 3 x 300, EO 3 x (300 - 50 t): D = 150 t
    round = seat(tournament, staff)
    play_turno(round, staff, lambda table: [(300, 300 - 50 * table.number)] * 3)
    standings = burraco_standings(tournament)
    vp = {by_number[row.entry]: row.vp for row in standings.rows}
    mp = {by_number[row.entry]: row.mp for row in standings.rows}
    # D = 150 (11-9), 300 (12-8... 255-350: 13-7), 450 (14-6), 600 (15-5), 750 (16-4), 900 (17-3)
    assert [vp[ns] for ns in range(1, 7)] == [11, 13, 14, 15, 16, 17]
    assert [vp[eo] for eo in range(7, 13)] == [9, 7, 6, 5, 4, 3]
    assert [mp[ns] for ns in range(1, 7)] == [150, 300, 450, 600, 750, 900]
    assert sum(mp.values()) == 0
    assert standings.rows[0].entry == pairs[5].pk  # pair 6: 17 VP
    # turni 2 and 3 (Mitchell, skip 1): EO moves one table; all equal (10-10)
    for _ in (2, 3):
        round = seat(tournament, staff)
        assert round.report["movement"] == "mitchell"
        play_turno(round, staff, lambda table: [(100, 100)] * 3)
    facts = burraco_facts(tournament)
    met = {frozenset((t.ns, t.eo)) for turno in facts.turni for t in turno.seating.tables}
    assert len(met) == 18  # nobody met twice
    # turno 4: danese by standings: pair 6 (37 VP) against pair 5 (35), never met before
    round = seat(tournament, staff)
    assert round.report["movement"] == "danese"
    first = round.report["tables"][0]
    assert {by_number[first[1][0]], by_number[first[2][0]]} == {6, 5}
    play_turno(round, staff, lambda table: [(100, 100)] * 3)
    standings = burraco_standings(tournament)
    assert all(row.played == 4 for row in standings.rows)
    assert sum(row.vp for row in standings.rows) == 20 * 6 * 4
    kind = format_of(tournament)
    assert kind.can_finish(tournament)
    with pytest.raises(TournamentActionError, match="Every turno is seated"):
        seat(tournament, staff)


def test_an_odd_number_of_pairs_gives_a_bye_worth_14_vp(evening):
    staff, tournament, pairs = evening
    burraco.pair_withdraw(tournament=tournament, user=staff.director, line=pairs[-1].pk)
    round = seat(tournament, staff)
    assert len(round.report["byes"]) == 1
    play_turno(round, staff, lambda table: [(100, 100)] * 3)
    standings = burraco_standings(tournament)
    bye = next(row for row in standings.rows if row.byes)
    assert bye.vp == 14 and bye.mp == 355


def test_an_abandonment_counts_and_can_be_undone_until_the_next_turno(evening):
    staff, tournament, pairs = evening
    round = seat(tournament, staff)
    table = round.tables.get(number=1)
    action = burraco.turno_action_record(
        round=round,
        user=staff.director,
        kind="abandon",
        table=table,
        side="EO",
        mp=-100,
        reason="Pair 7 left at 22:10",
    )
    standings = burraco_standings(tournament)
    rows = {row.entry: row for row in standings.rows}
    assert rows[pairs[6].pk].vp == 6 and rows[pairs[6].pk].abandoned == 1
    assert rows[pairs[0].pk].vp == 14
    burraco.turno_action_undo(action=action, user=staff.director)
    rows = {row.entry: row for row in burraco_standings(tournament).rows}
    assert rows[pairs[6].pk].played == 0


def test_pairs_pasted_with_a_bad_line_enter_nobody(evening):
    staff, tournament, _pairs = evening
    with pytest.raises(TournamentActionError, match="Line 2"):
        burraco.pairs_register(
            tournament=tournament,
            user=staff.director,
            lines=["Anna Rossi / Bruno Bianchi", "Carla Verdi"],
        )
    assert Pair.objects.filter(tournament=tournament).count() == 12


def test_the_time_call_leaves_each_table_to_enter_its_hand_in_progress(evening):
    staff, tournament, _pairs = evening
    round = seat(tournament, staff)
    table = round.tables.get(number=1)
    match = Match.objects.get(pk=table.match_id)
    scoring.hand_record(match=match, user=staff.scorekeeper, data=tallone(300, 100))
    assert services.round_call_time(round=round, user=staff.director) == 0
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS  # control: a table format would end it
    stopped = {**tallone(200, 100), "end": "time_out"}
    scoring.hand_record(match=match, user=staff.scorekeeper, data=stopped)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED


def test_a_pair_leaving_mid_mitchell_leaves_its_table_empty_and_its_opponent_a_bye(evening):
    staff, tournament, pairs = evening
    play_turno(seat(tournament, staff), staff, lambda table: [(100, 100)] * 3)
    burraco.pair_withdraw(tournament=tournament, user=staff.director, line=pairs[2].pk)
    round = seat(tournament, staff)  # Mitchell turno 2: pair 3 sat NS at table 3
    assert [number for number, _ns, _eo in round.report["tables"]] == [1, 2, 4, 5, 6]
    assert sorted(round.tables.values_list("number", flat=True)) == [1, 2, 4, 5, 6]
    # EO pair 8 sat at table 2 in turno 1 and moves to table 3, now empty: it has the bye
    assert round.report["byes"] == [pairs[7].pk]


def test_the_clubs_bye_and_rest_scores_are_its_own():
    """BURRACO.md section 2: `bye_mp` and `rest_vp`/`rest_mp` are options (another club gives 12
    VP to a bye): set, they replace the derived ones; an MP not in steps of 5 is refused."""
    staff = Staff()
    with pytest.raises(TournamentActionError, match="steps of 5"):
        burraco_tournament(staff, bye_mp=302)
    tournament = burraco_tournament(staff, bye_vp=12, bye_mp=300, rest_vp=13, rest_mp=320)
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(5), check_in=True
    )
    tournament.movements = ["danese"]
    tournament.save()
    round = seat(tournament, staff)
    table = round.tables.get(number=1)
    burraco.turno_action_record(
        round=round, user=staff.director, kind="abandon", table=table, side="EO", mp=-100,
        reason="Left",
    )  # fmt: skip
    rows = {row.entry: row for row in burraco_standings(tournament).rows}
    bye = next(row for row in rows.values() if row.byes)
    assert (bye.vp, bye.mp) == (12, 300)
    left = rows[round.report["tables"][0][1][0]]
    assert (left.vp, left.mp) == (13, 320)
    assert len(pairs) == 5
