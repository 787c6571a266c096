"""Gin tournaments through the services: brackets that move on by themselves, walkovers and fixes
with their history, Swiss and round robin rounds, standings and the final ranking."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

import pytest

from pairings import services as pairing_services
from pairings.engine.brackets import MatchStatus as BracketStatus
from pairings.selectors.rounds import pairing_rounds
from scoring import services as scoring
from scoring.models import Match, MatchStatus
from tests.factories import start_match
from tests.tournaments.helpers import Staff, enter_players
from tournaments import money, services
from tournaments.formats import format_of
from tournaments.models import (
    Entry,
    Format,
    ResultFix,
    RoundKind,
    RoundStatus,
    Table,
    TournamentStatus,
)
from tournaments.services import TournamentActionError

pytestmark = pytest.mark.django_db

# A game to 10 with the plain "gin" preset: one knock ends the match, the knocker's deadwood
# difference plus a box of 10 points.
SHORT = {"target": 10}


def gin_tournament(staff, format, count, prefix="Giocatore", **settings):
    settings.setdefault("is_public", True)  # factory clubs are private
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Torneo di Gin",
        preset="gin",
        format=format,
        options=SHORT,
        **settings,
    )
    entries = enter_players(tournament, staff.director, count, prefix=prefix)
    return tournament, entries


def play(table: Table, winner: Entry, user, loser_deadwood: int = 30) -> Match:
    """The winner knocks with 2 against `loser_deadwood`: the match is over in one hand."""
    match = Match.objects.get(pk=table.match_id)
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    loser = next(name for name in names if name != winner.player.name)
    scoring.hand_record(
        match=match,
        user=user,
        data={
            "result": "knock",
            "knocker": winner.player.name,
            "deadwood": {winner.player.name: 2, loser: loser_deadwood},
        },
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def open_tables(tournament):
    """Tables whose match has not started, in table order."""
    return list(
        Table.objects.filter(
            round__tournament=tournament, match__status=MatchStatus.IN_PROGRESS, match__revision=1
        )
        .select_related("match")
        .order_by("round__number", "number")
    )


def seated(table):
    return list(
        Entry.objects.filter(seats__table=table).select_related("player").order_by("seats__seat")
    )


# Brackets ----------------------------------------------------------------------------------------


def test_a_13_player_double_elimination_runs_to_the_end_with_a_walkover_and_a_fix():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.DOUBLE_ELIMINATION, 13)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    assert round.kind == RoundKind.BRACKET and round.status == RoundStatus.RUNNING
    view = format_of(tournament).bracket_of(tournament)
    # 13 players on a chart of 16: seeds 1 to 3 have a bye, 5 first-round matches are ready
    assert view.bracket.byes == tuple(entry.pk for entry in entries[:3])
    ready = [match.number for match in view.bracket.ready]
    assert sorted(view.tables) == ready and len(ready) == 5
    for number in ready:
        table = view.tables[number]
        assert table.number == number and table.match.game == "gin"
        assert [e.pk for e in seated(table)] == list(view.bracket.match(number).players)

    # A no-show: the director gives the first match to seat 2 by walkover, before it starts.
    first = Table.objects.get(round=round, bracket_match=ready[0])
    _absent, present = seated(first)
    fix = pairing_services.result_fix(
        table=first, user=staff.director, winner=present, walkover=True, reason="No-show"
    )
    view = format_of(tournament).bracket_of(tournament)
    assert view.bracket.match(ready[0]).result.winner == present.pk
    assert view.bracket.match(ready[0]).result.walkover
    assert fix.is_current and view.fixes[ready[0]] == [fix]

    # Play the second match, then correct it: its winner's next match, not started, is re-set.
    second = Table.objects.get(round=round, bracket_match=ready[1])
    a, b = seated(second)
    play(second, b, staff.scorekeeper)
    view = format_of(tournament).bracket_of(tournament)
    onward = next(
        match
        for match in view.bracket.matches
        if b.pk in match.players and match.number != ready[1]
    )
    assert onward.players.count(None) == (onward.status is BracketStatus.WAITING)
    pairing_services.result_fix(
        table=second, user=staff.director, winner=a, reason="Wrong knocker entered"
    )
    history = list(ResultFix.objects.filter(table=second).order_by("id"))
    assert [(f.winner_id, f.is_current) for f in history] == [(a.pk, True)]
    view = format_of(tournament).bracket_of(tournament)
    assert view.bracket.match(ready[1]).result.winner == a.pk
    assert a.pk in view.bracket.match(onward.number).players
    assert b.pk not in view.bracket.match(onward.number).players
    # the loser's bracket got the right player too
    assert any(m.section == "losers" and b.pk in m.players for m in view.bracket.matches)
    assert not any(m.section == "losers" and a.pk in m.players for m in view.bracket.matches)
    # clear and fix again: the history keeps all three, one current
    pairing_services.result_fix(table=second, user=staff.director, winner=None, reason="Oops")
    assert (
        format_of(tournament).bracket_of(tournament).bracket.match(ready[1]).result.winner == b.pk
    )
    pairing_services.result_fix(
        table=second, user=staff.director, winner=a, reason="Checked the score sheet"
    )
    history = list(ResultFix.objects.filter(table=second).order_by("id"))
    assert [(f.winner_id, f.is_current) for f in history] == [
        (a.pk, False),
        (None, False),
        (a.pk, True),
    ]

    # Everything else is played at the tables: the better seed wins, except now and then.
    rng = random.Random(13)
    seed = {entry.pk: entry.seed for entry in entries}
    played = 0
    while True:
        tables = open_tables(tournament)
        tables = [t for t in tables if not t.fixes.filter(is_current=True).exists()]
        if not tables:
            break
        for table in tables:
            pair = seated(table)
            better = min(pair, key=lambda entry: seed[entry.pk])
            winner = better if rng.random() < 0.7 else next(e for e in pair if e != better)
            play(table, winner, staff.scorekeeper, loser_deadwood=rng.randrange(12, 60))
            played += 1
    view = format_of(tournament).bracket_of(tournament)
    assert view.bracket.finished and view.bracket.champion is not None
    assert not view.conflicts
    # every match of the bracket has its table, and no match is left unplayed
    assert played == len(view.bracket.results) - 2
    losses = Counter(result.loser for result in view.bracket.results)
    champion = view.bracket.champion
    for entry in entries:
        if entry.pk == champion:
            assert losses[entry.pk] in (0, 1)
        else:
            assert losses[entry.pk] == 2, entry
    round.refresh_from_db()
    assert round.status == RoundStatus.FINISHED

    ranking = format_of(tournament).final_ranking(tournament)
    assert [row.place for row in ranking] == [1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13]
    assert ranking[0].entry.pk == champion
    standings = format_of(tournament).standings(tournament)
    assert [row.place_label for row in standings.rows][:6] == ["1", "2", "3", "4", "5-6", "5-6"]
    assert {row.entry.pk for row in standings.rows} == {entry.pk for entry in entries}
    services.tournament_finish(tournament=tournament, user=staff.director)
    ledger = money.ledger(tournament)
    assert ledger.paying_entries == 13
    # F5: finished is final for a bracket too: every match is closed, a change is refused
    matches = Match.objects.filter(tournament_table__round__tournament=tournament)
    assert matches.exists() and not matches.filter(closed_because="").exists()
    final = matches.filter(status=MatchStatus.FINISHED).order_by("-pk").first()
    with pytest.raises(scoring.MatchError, match="finished tournament"):
        scoring.match_call_time(match=final, user=staff.director)


def test_a_correction_after_the_next_match_started_is_shown_as_a_conflict():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    view = format_of(tournament).bracket_of(tournament)
    first, second = (view.tables[number] for number in (1, 2))
    play(first, seated(first)[0], staff.scorekeeper)
    play(second, seated(second)[0], staff.scorekeeper)
    final = format_of(tournament).bracket_of(tournament).tables[3]
    # a dead hand is an event: the final has started
    scoring.hand_record(match=final.match, user=staff.scorekeeper, data={"result": "dead"})
    loser = seated(first)[1]
    pairing_services.result_fix(
        table=first, user=staff.director, winner=loser, reason="Counted again"
    )
    view = format_of(tournament).bracket_of(tournament)
    assert [conflict.match for conflict in view.conflicts] == [3]
    assert view.tables[3].pk == final.pk and view.tables[3].match_id == final.match_id
    assert loser.pk in view.bracket.match(3).players
    with pytest.raises(TournamentActionError):
        services.tournament_finish(tournament=tournament, user=staff.director)
    # Clearing the fix puts things back: no conflict.
    pairing_services.result_fix(table=first, user=staff.director, winner=None, reason="Wrong")
    assert not format_of(tournament).bracket_of(tournament).conflicts


def test_an_unplayed_next_match_is_set_again_and_its_old_match_deleted():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4, third_place=True)
    pairing_services.draw(tournament=tournament, user=staff.director)
    view = format_of(tournament).bracket_of(tournament)
    first, second = view.tables[1], view.tables[2]
    play(first, seated(first)[0], staff.scorekeeper)
    play(second, seated(second)[0], staff.scorekeeper)
    view = format_of(tournament).bracket_of(tournament)
    final = next(m for m in view.bracket.matches if m.section == "winners" and m.round == 2)
    old_match = view.tables[final.number].match_id
    winner = seated(first)[1]
    pairing_services.result_fix(table=first, user=staff.director, winner=winner, reason="Fixed")
    view = format_of(tournament).bracket_of(tournament)
    table = view.tables[final.number]
    assert winner.pk in [entry.pk for entry in seated(table)]
    assert table.match_id != old_match and not Match.objects.filter(pk=old_match).exists()
    assert not view.conflicts


def test_a_match_set_again_forgets_the_old_matchs_dispute():
    """Every result field is cleared when a table's match is set again (it used to keep the
    dispute of the old match: the console flagged a match nobody disputed)."""
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    view = format_of(tournament).bracket_of(tournament)
    first, second = view.tables[1], view.tables[2]
    play(first, seated(first)[0], staff.scorekeeper)
    play(second, seated(second)[0], staff.scorekeeper)
    final = format_of(tournament).bracket_of(tournament).tables[3]
    services.table_dispute(table=final, user=staff.director, message="Wrong players")
    final.refresh_from_db()
    assert final.disputed_at is not None and final.dispute_message == "Wrong players"
    pairing_services.result_fix(
        table=first, user=staff.director, winner=seated(first)[1], reason="Fixed"
    )
    final = Table.objects.get(pk=final.pk)
    assert final.match_id is not None
    assert final.disputed_at is None
    assert (final.dispute_message, final.dispute_name) == ("", "")
    assert final.confirmed_revision is None and final.confirmed_at is None


def test_draw_refuses_a_second_draw_too_few_players_and_table_formats():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 1)
    with pytest.raises(TournamentActionError, match="At least 2 players"):
        pairing_services.draw(tournament=tournament, user=staff.director)
    enter_players(tournament, staff.director, 1, prefix="Altro")
    pairing_services.draw(tournament=tournament, user=staff.director)
    with pytest.raises(TournamentActionError, match="already"):
        pairing_services.draw(tournament=tournament, user=staff.director)
    table = services.tournament_create(
        club=staff.club, user=staff.director, name="Scala", preset="scala40", format=Format.ROUNDS
    )
    with pytest.raises(TournamentActionError, match="seated at tables"):
        pairing_services.draw(tournament=table, user=staff.director)


def test_a_fix_needs_a_reason_and_a_player_of_the_match():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 4)
    pairing_services.draw(tournament=tournament, user=staff.director)
    table = format_of(tournament).bracket_of(tournament).tables[1]
    players = seated(table)
    with pytest.raises(TournamentActionError, match="Say why") as error:
        pairing_services.result_fix(table=table, user=staff.director, winner=players[0], reason=" ")
    assert error.value.field == "reason"
    stranger = next(entry for entry in entries if entry not in players)
    with pytest.raises(TournamentActionError, match="does not play"):
        pairing_services.result_fix(table=table, user=staff.director, winner=stranger, reason="x")
    with pytest.raises(TournamentActionError, match="no fix to clear"):
        pairing_services.result_fix(table=table, user=staff.director, winner=None, reason="x")
    assert not ResultFix.objects.exists()


# Swiss and round robin ---------------------------------------------------------------------------


def test_a_10_player_swiss_of_4_rounds_runs_to_the_end():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.SWISS, 10, rounds_planned=4)
    seed = {entry.pk: entry.seed for entry in entries}
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    first_round = pairing_rounds(tournament)[0]
    # round 1: top half of the seeds against the bottom half
    assert sorted(
        tuple(sorted((seed[p.first.pk], seed[p.second.pk]))) for p in first_round.pairings
    ) == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]
    rng = random.Random(4)
    margins = {}
    for number in range(1, 5):
        assert round.number == number
        with pytest.raises(TournamentActionError, match="is not over"):
            pairing_services.next_round(tournament=tournament, user=staff.director)
        for table in round.tables.order_by("number"):
            pair = seated(table)
            better = min(pair, key=lambda entry: seed[entry.pk])
            deadwood = rng.randrange(12, 60)
            play(table, better, staff.scorekeeper, loser_deadwood=deadwood)
            margins[table.pk] = deadwood - 2 + 10  # deadwood difference and the box
        if number < 4:
            round = pairing_services.next_round(tournament=tournament, user=staff.director)
    with pytest.raises(TournamentActionError, match="Every round has been played"):
        pairing_services.next_round(tournament=tournament, user=staff.director)

    rounds = pairing_rounds(tournament)
    met = set()
    for pairing_round in rounds:
        assert not pairing_round.byes and pairing_round.complete
        for pairing in pairing_round.pairings:
            pair = frozenset((pairing.first.pk, pairing.second.pk))
            assert pair not in met  # no rematch
            met.add(pair)
            assert pairing.result.net == margins[pairing.table.pk]
    result = format_of(tournament).standings(tournament)
    rows = {row.entry.pk: row.standing for row in result.rows}
    wins = Counter()
    opponents = {entry.pk: [] for entry in entries}
    net = Counter()
    for pairing_round in rounds:
        for pairing in pairing_round.pairings:
            winner, loser = pairing.result.winner, pairing.result.loser
            wins[winner] += 1
            net[winner] += pairing.result.net
            net[loser] -= pairing.result.net
            opponents[winner].append(loser)
            opponents[loser].append(winner)
    for entry in entries:
        row = rows[entry.pk]
        assert row.points == wins[entry.pk]
        assert row.buchholz == sum(wins[o] for o in opponents[entry.pk])
        assert row.net == net[entry.pk]
    assert sum(row.points for row in rows.values()) == 20
    assert result.rows[0].entry.pk == entries[0].pk and result.rows[0].standing.points == 4
    points = [row.standing.points for row in result.rows]
    assert points == sorted(points, reverse=True)
    services.tournament_finish(tournament=tournament, user=staff.director)
    ranking = format_of(tournament).final_ranking(tournament)
    assert [row.entry.pk for row in ranking] == [row.entry.pk for row in result.rows]


def test_a_swiss_round_waits_for_confirmation_and_a_walkover_counts():
    staff = Staff()
    tournament, entries = gin_tournament(
        staff, Format.SWISS, 5, rounds_planned=2, confirm_results=True
    )
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    assert round.report["bye"] == entries[4].pk  # the last seed rests
    tables = list(round.tables.order_by("number"))
    play(tables[0], seated(tables[0])[0], staff.scorekeeper)
    no_show = seated(tables[1])
    pairing_services.result_fix(
        table=tables[1], user=staff.director, winner=no_show[1], walkover=True, reason="Absent"
    )
    with pytest.raises(TournamentActionError, match="is not over"):
        pairing_services.next_round(tournament=tournament, user=staff.director)
    services.table_confirm(table=tables[0], user=staff.director)
    services.entry_drop(entry=no_show[0], user=staff.director)
    second = pairing_services.next_round(tournament=tournament, user=staff.director)
    paired = {entry.pk for table in second.tables.all() for entry in seated(table)}
    assert no_show[0].pk not in paired and len(paired) == 4
    rows = {row.entry.pk: row for row in format_of(tournament).standings(tournament).rows}
    assert rows[no_show[1].pk].standing.points == 1 and rows[no_show[1].pk].standing.net == 0
    assert rows[entries[4].pk].standing.byes == 1


def test_a_round_robin_of_5_gives_everyone_one_bye_and_ends():
    staff = Staff()
    tournament, entries = gin_tournament(staff, Format.ROUND_ROBIN, 5)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    byes = []
    for number in range(1, 6):
        assert round.number == number and round.tables.count() == 2
        byes.append(round.report["bye"])
        for table in round.tables.all():
            play(table, seated(table)[0], staff.scorekeeper)
        if number < 5:
            round = pairing_services.next_round(tournament=tournament, user=staff.director)
    assert sorted(byes) == sorted(entry.pk for entry in entries)
    with pytest.raises(TournamentActionError, match="Every round"):
        pairing_services.next_round(tournament=tournament, user=staff.director)
    rows = format_of(tournament).standings(tournament).rows
    assert sum(row.standing.points for row in rows) == 10 + 5
    assert all(row.standing.played == 4 for row in rows)
    services.tournament_finish(tournament=tournament, user=staff.director)


def test_a_match_outside_a_bracket_changes_nothing(django_assert_num_queries):
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SWISS, 2, rounds_planned=1)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    match = round.tables.get().match
    with django_assert_num_queries(1):
        pairing_services.on_match_changed(sender=Match, match=match)
    scala = start_match(club=staff.club)
    with django_assert_num_queries(0):
        pairing_services.on_match_changed(sender=Match, match=scala)


def test_a_running_bracket_pays_nobody_yet_and_its_results_page_opens(client):
    """Players still in share first place for now: no payout is worked out from that."""
    staff = Staff()
    tournament, _entries = gin_tournament(
        staff, Format.SINGLE_ELIMINATION, 4, entry_fee=Decimal("10")
    )
    assert all(entry.has_paid for entry in tournament.entries.all())  # checked in on entry
    pairing_services.draw(tournament=tournament, user=staff.director)
    first = format_of(tournament).bracket_of(tournament).tables[1]
    play(first, seated(first)[0], staff.scorekeeper)

    ledger = money.ledger(tournament)
    assert ledger.pot.prizes > 0 and ledger.paid == {}
    ranking = format_of(tournament).final_ranking(tournament)
    assert [row.still_playing for row in ranking] == [True, True, True, False]
    client.force_login(staff.director)
    assert client.get(f"/tournaments/{tournament.pk}/results/").status_code == 200
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/final-ranking/").status_code == 200
