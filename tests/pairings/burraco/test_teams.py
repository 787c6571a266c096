"""A Burraco team tournament (issue 29; BURRACO.md section 3): 4 teams of 4 entered by a paste,
each naming its two pairs before each turno, 3 all'italiana turni of 3 hands in which every team
meets every other once, each team match played at two tables and made victory points by the
team VP table the club entered; refused without a team's pairs and without a team table. The
pages and the API are in test_team_pages.py."""

from __future__ import annotations

import pytest

from pairings.burraco import services as burraco
from pairings.burraco import teams
from pairings.burraco.selectors import burraco_facts, burraco_standings
from pairings.models import Team
from pairings.vptables.services import vp_table_create
from tests.tournaments.helpers import Staff
from tournaments.formats import format_of
from tournaments.models import TableSeat
from tournaments.services import TournamentActionError

from .helpers import burraco_tournament, pair_lines, play_table, play_turno, seat

pytestmark = pytest.mark.django_db

TEAM_LINES = [
    "I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri",
    "Le Picche: Elena Galli, Fabio Conti, Giulia Marino, Luca Greco",
    "I Quadri: Marta Bruno, Nino Costa, Olga Fontana, Paolo Rizzo",
    "I Cuori: Rita Lombardi, Sergio Moretti, Tina Barbieri, Ugo Ferri",
]
# The club's team table for 3 hands: a team match adds up two tables, so its bands are wider
TEAM_BANDS = [
    {"low": 0, "high": 100, "winner": 10, "loser": 10},
    {"low": 105, "high": 300, "winner": 12, "loser": 8},
    {"low": 305, "high": 600, "winner": 14, "loser": 6},
    {"low": 605, "high": 1000, "winner": 16, "loser": 4},
    {"low": 1005, "high": 1500, "winner": 18, "loser": 2},
    {"low": 1505, "high": None, "winner": 20, "loser": 0},
]
# Pairs each turno: (1, 2) and (3, 4), then (1, 3) and (2, 4), then (1, 4) and (2, 3)
SPLITS = {1: ((0, 1), (2, 3)), 2: ((0, 2), (1, 3)), 3: ((0, 3), (1, 2))}


def team_table(staff: Staff, hands: int = 3):
    return vp_table_create(
        club=staff.club,
        user=staff.director,
        name=f"Squadre {hands} smazzate",
        hands=hands,
        bands=TEAM_BANDS,
        for_teams=True,
    )


def name_pairs(team: Team, staff: Staff, turno: int):
    members = list(team.members.order_by("pk").values_list("entry_id", flat=True))
    pairs = [[members[a], members[b]] for a, b in SPLITS[turno]]
    return teams.team_lineup_set(team=team, user=staff.director, turno=turno, pairs=pairs)


def team_of(table) -> dict[int, int]:
    """Seat -> the team number of its player."""
    return {
        seat.seat: seat.entry.team_member.team.number
        for seat in TableSeat.objects.filter(table=table).select_related("entry__team_member__team")
    }


def stronger_wins(table) -> list[tuple[int, int]]:
    """The team of lower number wins both its tables: +200 a hand where it sits NS, +50 where
    it sits EO; a match of 3 hands is 600 + 150 = 750 for it (16-4 on the team table)."""
    teams_at = team_of(table)
    if teams_at[1] < teams_at[2]:
        return [(300, 100)] * 3
    return [(150, 200)] * 3


@pytest.fixture
def league():
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_teams")
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES, check_in=True
    )
    return staff, tournament, entered


def test_four_teams_of_four_are_entered_by_a_paste(league):
    _staff, tournament, entered = league
    assert tournament.movements == ["italiana", "italiana", "italiana"]
    assert tournament.hands_per_turno == 3
    assert [(team.number, team.name) for team in entered] == [
        (1, "I Fiori"),
        (2, "Le Picche"),
        (3, "I Quadri"),
        (4, "I Cuori"),
    ]
    fiori = entered[0].members.order_by("pk").select_related("entry__player")
    assert [member.entry.player.name for member in fiori] == [
        "Anna Rossi",
        "Bruno Bianchi",
        "Carla Verdi",
        "Dario Neri",
    ]
    assert tournament.entries.count() == 16


def test_a_paste_is_all_or_nothing_and_refused_by_line(league):
    staff, tournament, _entered = league
    with pytest.raises(TournamentActionError, match=r'Line 2 \("I Tre: A Uno, B Due, C Tre"\)'):
        teams.teams_register(
            tournament=tournament,
            user=staff.director,
            lines=["I Nuovi: W Uno, X Due, Y Tre, Z Quattro", "I Tre: A Uno, B Due, C Tre"],
        )
    with pytest.raises(TournamentActionError, match="team called I Fiori already"):
        teams.teams_register(
            tournament=tournament,
            user=staff.director,
            lines=["i fiori: W Uno, X Due, Y Tre, Z Quattro"],
        )
    with pytest.raises(TournamentActionError) as refused:  # a player already in a team
        teams.teams_register(
            tournament=tournament,
            user=staff.director,
            lines=["I Nuovi: Anna Rossi, X Due, Y Tre, Z Quattro"],
        )
    assert refused.value.field == "teams"
    assert Team.objects.filter(tournament=tournament).count() == 4
    assert tournament.entries.count() == 16


def test_three_turni_of_italiana_every_team_meets_every_other_with_the_team_vp(league):
    staff, tournament, entered = league
    with pytest.raises(TournamentActionError, match="no team VP table for turni of 3 hands"):
        seat(tournament, staff)
    team_table(staff)
    for team in entered[:3]:
        name_pairs(team, staff, 1)
    with pytest.raises(TournamentActionError, match="Name the pairs of I Cuori for turno 1"):
        seat(tournament, staff)
    name_pairs(entered[3], staff, 1)
    round = seat(tournament, staff)
    assert round.report["team_match"] is True
    assert round.report["vp_table"]["name"] == "Squadre 3 smazzate"
    assert round.tables.count() == 4  # 2 team matches at 2 tables each
    # match 1 at tables 1 and 2: team A's pair 1 NS at table 1, team B's pair 2 NS at table 2
    match = burraco_facts(tournament).turni[0].seating.tables[0]
    a, b = (Team.objects.get(pk=line[0]) for line in (match.ns, match.eo))
    a_pairs, b_pairs = (
        list(team.members.order_by("pk").values_list("entry_id", flat=True)) for team in (a, b)
    )
    first, second = round.tables.get(number=1), round.tables.get(number=2)
    assert {s.seat: s.entry_id for s in TableSeat.objects.filter(table=first)} == {
        1: a_pairs[0],
        3: a_pairs[1],
        2: b_pairs[0],
        4: b_pairs[1],
    }
    assert {s.seat: s.entry_id for s in TableSeat.objects.filter(table=second)} == {
        1: b_pairs[2],
        3: b_pairs[3],
        2: a_pairs[2],
        4: a_pairs[3],
    }
    with pytest.raises(TournamentActionError, match="Turno 1 is seated"):
        name_pairs(entered[0], staff, 1)

    # a team match counts once both its tables count
    play_table(first, staff.scorekeeper, stronger_wins(first), confirm_by=staff.director)
    turno = burraco_facts(tournament).turni[0]
    assert not turno.counts(1)
    assert all(row.played == 0 for row in burraco_standings(tournament).rows)
    play_table(second, staff.scorekeeper, stronger_wins(second), confirm_by=staff.director)
    assert burraco_facts(tournament).turni[0].counts(1)
    for table in round.tables.filter(number__gt=2).order_by("number"):
        play_table(table, staff.scorekeeper, stronger_wins(table), confirm_by=staff.director)

    for number in (2, 3):
        for team in entered:
            name_pairs(team, staff, number)
        play_turno(seat(tournament, staff), staff, stronger_wins)

    facts = burraco_facts(tournament)
    met = [
        frozenset((table.ns[0], table.eo[0]))
        for turno in facts.turni
        for table in turno.seating.tables
    ]
    assert len(met) == len(set(met)) == 6  # every team meets every other once
    standings = burraco_standings(tournament)
    shown = [
        (row.place, facts.name(row.entry), row.vp, row.mp, row.played) for row in standings.rows
    ]
    # every match: the lower number by 750 (1500 v 750), 16-4 on the team table
    assert shown == [
        (1, "I Fiori", 48, 2250, 3),
        (2, "Le Picche", 36, 750, 3),
        (3, "I Quadri", 24, -750, 3),
        (4, "I Cuori", 12, -2250, 3),
    ]
    assert format_of(tournament).can_finish(tournament)


def test_an_odd_number_of_teams_gives_a_bye_of_bye_vp():
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_teams", movements=["italiana"])
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES[:3], check_in=True
    )
    team_table(staff)
    for team in entered:
        name_pairs(team, staff, 1)
    round = seat(tournament, staff)
    assert round.tables.count() == 2  # one team match, at two tables
    (bye,) = round.report["byes"]
    play_turno(round, staff, stronger_wins)
    facts = burraco_facts(tournament)
    rows = {
        facts.name(row.entry): (row.vp, row.mp, row.byes)
        for row in burraco_standings(tournament).rows
    }
    playing = sorted((team for team in entered if team.pk != bye), key=lambda team: team.number)
    # the bye: 14 VP and the lowest difference worth 14 on the team table (305)
    assert rows[facts.name(bye)] == (14, 305, 1)
    assert rows[playing[0].name] == (16, 750, 0)
    assert rows[playing[1].name] == (4, -750, 0)


def test_teams_play_no_mitchell():
    staff = Staff()
    with pytest.raises(TournamentActionError, match="danese or italiana") as refused:
        burraco_tournament(staff, "burraco_teams", movements=["mitchell", "danese"])
    assert refused.value.field == "movements"


def test_pairs_still_play_on_the_fibur_table_beside_a_team_table():
    """Control: a club's team table for 3 hands is not a pairs' table."""
    staff = Staff()
    team_table(staff)
    tournament = burraco_tournament(staff, movements=["mitchell"])
    burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(4), check_in=True
    )
    round = seat(tournament, staff)
    assert round.report["vp_table"]["name"] != "Squadre 3 smazzate"
    assert "team_match" not in round.report
    play_turno(round, staff, lambda table: [(300, 100)] * 3)  # +600: 15-5 on FIBur's 3 hands
    vp = sorted(row.vp for row in burraco_standings(tournament).rows)
    assert vp == [5, 5, 15, 15]


def test_a_clubs_teams_and_their_pairs_come_back_from_its_archive(league):
    """The club archive carries the teams, their players and the pairs they named."""
    import json

    from clublife import exchange

    staff, tournament, entered = league
    lineup = name_pairs(entered[0], staff, 1)
    data = json.loads(json.dumps(exchange.club_export(staff.club)))
    models = [row["model"] for row in data["objects"]]
    assert (models.count("pairings.team"), models.count("pairings.teammember")) == (4, 16)
    assert models.count("pairings.teamlineup") == 1
    tournament.delete()  # then the club: its players and tournaments are protected
    staff.club.players.all().delete()
    staff.club.delete()
    assert not Team.objects.exists()
    exchange.club_import(data)
    fiori = Team.objects.get(pk=entered[0].pk)
    assert (fiori.name, fiori.members.count()) == ("I Fiori", 4)
    back = fiori.lineups.get(turno=1)
    assert [entry.player.name for pair in back.pairs for entry in pair] == [
        entry.player.name for pair in lineup.pairs for entry in pair
    ]


def test_a_danese_seats_the_teams_by_their_standings():
    """Turno 2 of a danese: the two teams that won turno 1 (16 VP each) meet at match 1."""
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_teams", movements=["danese"] * 3)
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES, check_in=True
    )
    team_table(staff)
    for team in entered:
        name_pairs(team, staff, 1)
    play_turno(seat(tournament, staff), staff, stronger_wins)
    first = burraco_facts(tournament).turni[0].seating.tables
    winners = {min(table.ns[0], table.eo[0], key=lambda pk: Team.objects.get(pk=pk).number)
               for table in first}  # fmt: skip
    for team in entered:
        name_pairs(team, staff, 2)
    round = seat(tournament, staff)
    assert round.report["movement"] == "danese"
    match = burraco_facts(tournament).turni[1].seating.tables[0]
    assert {match.ns[0], match.eo[0]} == winners
    vp = {row.entry: row.vp for row in burraco_standings(tournament).rows}
    assert sorted(vp[team] for team in winners) == [16, 16]


def test_a_pair_that_abandons_at_its_table_abandons_for_its_team():
    """Team B's pair 2 sits North-South at a match's second table: team A's pair 2, East-West
    there, leaving is team A leaving (6 VP, the MP the director sets); team B gets the rest
    (14 VP, 305 MP on the team table), though A led at the first table."""
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_teams", movements=["italiana"])
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES[:2], check_in=True
    )
    team_table(staff)
    for team in entered:
        name_pairs(team, staff, 1)
    round = seat(tournament, staff)
    match = burraco_facts(tournament).turni[0].seating.tables[0]
    a, b = match.ns[0], match.eo[0]
    first, second = round.tables.get(number=1), round.tables.get(number=2)
    play_table(first, staff.scorekeeper, [(300, 100)] * 3, confirm_by=staff.director)
    burraco.turno_action_record(
        round=round,
        user=staff.director,
        kind="abandon",
        reason="Malore",
        table=second,
        side="EO",
        mp=-305,
    )
    facts = burraco_facts(tournament)
    assert facts.turni[0].complete
    rows = {row.entry: (row.vp, row.mp) for row in burraco_standings(tournament).rows}
    assert rows == {a: (6, -305), b: (14, 305)}
