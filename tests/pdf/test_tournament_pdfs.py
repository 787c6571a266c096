"""The printables of a tournament, read back with pypdf: the round kit (the wall list and a score
sheet per table), the standings, the final results with the payouts, the Gin bracket and rounds
of pairings; and who may fetch them."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from pairings import services as pairing_services
from pairings.engine import brackets as engine
from pairings.printing import bracket as bracket_printing
from pairings.selectors.brackets import BracketView
from pairings.selectors.rounds import pairing_rounds
from scoring import services as scoring
from scoring.models import MatchStatus
from tests.factories import ClubFactory, member
from tests.pdf.conftest import A4_LANDSCAPE, A4_PORTRAIT, Pdf
from tests.tournaments.helpers import Staff, enter_players
from tournaments import presenters, services
from tournaments.formats import format_of
from tournaments.models import Format, Table
from tournaments.printing import seating as seating_printing

pytestmark = pytest.mark.django_db

A3_LANDSCAPE = (1191, 842)


def url(name: str, **kwargs) -> str:
    return reverse(name if ":" in name else f"tournaments:{name}", kwargs=kwargs)


def fetch(client, name: str, query: str = "", **kwargs) -> Pdf:
    response = client.get(url(name, **kwargs) + query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "private" in response["Cache-Control"]
    return Pdf.of(b"".join(response.streaming_content))


@pytest.fixture(autouse=True)
def english_requests(client):
    """Requests ask for English (the site's default language is Italian)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Aurora", city="Bologna"))


def table_tournament(staff, players: int, **settings):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa d'autunno",
        preset="scala40",
        format=Format.ROUNDS,
        **{"rounds_planned": 2, "final_table_size": 4, "is_public": True, **settings},
    )
    enter_players(tournament, staff.director, players)
    return tournament


def seated_round(tournament, staff):
    return services.round_seat(tournament=tournament, user=staff.director, seed=1)


def seating_of(round) -> list[list[str]]:
    """The names at each table of `round`, in seat order."""
    return [
        list(table.seats.order_by("seat").values_list("entry__player__name", flat=True))
        for table in round.tables.order_by("number")
    ]


def gin_tournament(staff, players: int, format=Format.DOUBLE_ELIMINATION, **settings):
    """A Gin tournament of `players` (one hand wins a match), drawn."""
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Gin d'inverno",
        preset="gin-standard",
        options={"match_mode": "hands", "hands_to_win": 1},
        format=format,
        **{"is_public": True, **settings},
    )
    enter_players(tournament, staff.director, players, prefix="Gin")
    pairing_services.draw(tournament=tournament, user=staff.director)
    return tournament


def play_open_matches(tournament, user) -> int:
    """Every match in progress now: the first seat wins by gin (the other holds 30 deadwood)."""
    tables = Table.objects.filter(
        round__tournament=tournament, match__status=MatchStatus.IN_PROGRESS
    ).select_related("match")
    played = 0
    for table in tables.order_by("round__number", "number"):
        names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
        scoring.hand_record(
            match=table.match,
            user=user,
            data={"result": "gin", "knocker": names[0], "deadwood": {names[0]: 0, names[1]: 30}},
        )
        played += 1
    return played


# The round kit and the wall list -----------------------------------------------------------------


def test_the_round_kit_of_22_players_is_the_wall_list_then_a_filled_sheet_per_table(client, staff):
    tournament = table_tournament(staff, 22)
    round = seated_round(tournament, staff)
    services.round_start(round=round, user=staff.director)
    client.force_login(staff.director)

    pdf = fetch(client, "round-kit", pk=tournament.pk, number=1)

    tables = seating_of(round)
    assert [len(table) for table in tables] == [4, 4, 4, 4, 3, 3]
    wall = pdf.text(0)
    assert "Seating · Round 1" in wall
    for number, names in enumerate(tables, start=1):
        expected = [f"{seat}. {name}" for seat, name in enumerate(names, start=1)]
        expected[0] += " ★"  # seat 1 deals first
        start = pdf.lines(0).index(f"Table {number}")
        assert pdf.lines(0)[start + 1 : start + 1 + len(names)] == expected
    assert "Who sits where" in pdf.text(1)
    sheets = list(range(2, pdf.pages))
    assert len(sheets) == 6  # one page each: a Scala 40 sheet to 101 fits on one page
    for page, (number, names) in zip(sheets, enumerate(tables, start=1), strict=True):
        words = pdf.words(page)
        assert "Score sheet · Scala 40" in words
        assert "Event: Coppa d'autunno — Round 1" in words
        assert f"Table {number} ·" in words
        players = " · ".join(f"{seat}. {name}" for seat, name in enumerate(names, start=1))
        assert players.replace(f"1. {names[0]}", f"1. {names[0]} ★") in words
    assert [pdf.size(page) for page in range(pdf.pages)] == [A4_PORTRAIT] * 8


def test_before_the_start_the_kit_is_the_wall_list_and_says_the_sheets_come_with_the_start(
    client, staff
):
    tournament = table_tournament(staff, 22)
    seated_round(tournament, staff)
    client.force_login(staff.director)

    pdf = fetch(client, "round-kit", pk=tournament.pk, number=1)

    assert pdf.pages == 2
    assert "The score sheets come with the round kit once the round has started" in pdf.words(0)
    response = client.get(url("round-kit", pk=tournament.pk, number=1))
    assert response["Content-Disposition"] == (
        f'inline; filename="tallone-tournament-{tournament.pk}-round-1-kit.pdf"'
    )
    assert "Score sheet" not in pdf.text()


def test_who_sits_where_is_alphabetical_with_each_players_table_and_seat(client, staff):
    tournament = table_tournament(staff, 22)
    round = seated_round(tournament, staff)
    client.force_login(staff.director)

    pdf = fetch(client, "seating-pdf", pk=tournament.pk, number=1)

    where = {
        name: (table, seat)
        for table, names in enumerate(seating_of(round), start=1)
        for seat, name in enumerate(names, start=1)
    }
    rows = [line.split() for line in pdf.lines(1) if line.startswith("Giocatore")]
    assert [f"{first} {second}" for first, second, *_ in rows] == sorted(where)
    for first, second, table, seat in rows:
        assert where[f"{first} {second}"] == (int(table), int(seat))
    assert pdf.pages == 2 and "Score sheet" not in pdf.text()


def test_a_large_field_runs_the_wall_list_over_several_pages_and_keeps_everyone(client, staff):
    tournament = table_tournament(staff, 90)
    round = seated_round(tournament, staff)
    client.force_login(staff.director)

    pdf = fetch(client, "seating-pdf", pk=tournament.pk, number=1)

    tables = seating_of(round)
    assert len(tables) == 23
    text = pdf.text()
    for number, names in enumerate(tables, start=1):
        assert f"Table {number}\n1. {names[0]} ★" in text
    listed = re.findall(r"^(Giocatore \d\d) +\d+ +\d+$", text, flags=re.M)
    assert sorted(listed) == listed and len(listed) == 90
    assert pdf.pages >= 4
    assert pdf.lines(pdf.pages - 1)[-1] == f"Page {pdf.pages} of {pdf.pages}"


def test_the_wall_list_keeps_the_tables_in_order_down_each_column_and_balances_the_last_page():
    def tables(sizes):
        return [
            seating_printing.SeatingTable(number, tuple(f"{seat}. Player" for seat in range(size)))
            for number, size in enumerate(sizes, start=1)
        ]

    (page,) = seating_printing._wall_pages(tables([4, 4, 4, 4, 3, 3]), first=230, other=250)
    assert [[table.number for table in column] for column in page.columns] == [
        [1, 2, 3],
        [4, 5, 6],
    ]
    pages = seating_printing._wall_pages(tables([4] * 23), first=230, other=250)
    numbers = [[[table.number for table in column] for column in page.columns] for page in pages]
    assert [n for page in numbers for column in page for n in column] == list(range(1, 24))
    assert numbers[-1] == [[19, 20, 21], [22, 23]]
    for page, room in zip(pages, [230, 250, 250], strict=True):
        for column in page.columns:
            assert sum(seating_printing._table_height(table) for table in column) <= room


# Standings and final results ---------------------------------------------------------------------


@pytest.fixture
def one_table(staff):
    """Five players at one table of a one-round tournament, 20 each: Anna closes a hand and time
    is called, so the places follow the totals, 0 to 40."""
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di primavera",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=1,
        final_table_size=0,
        table_size=5,
        entry_fee="20",
        house_cut_percent="10",
    )
    for name in ("Anna", "Bruno", "Carla", "Dario", "Elena"):
        player = staff.club.players.create(name=name)
        services.entry_register(
            tournament=tournament, user=staff.director, player=player, check_in=True
        )
    round = services.round_seat(tournament=tournament, user=staff.director, method="snake")
    services.round_start(round=round, user=staff.director)
    match = round.tables.get().match
    points = {"Bruno": 10, "Carla": 20, "Dario": 30, "Elena": 40}
    scoring.hand_record(
        match=match, user=staff.scorekeeper, data={"closer": "Anna", "points": points}
    )
    services.round_call_time(round=round, user=staff.scorekeeper)
    services.table_confirm(table=round.tables.get(), user=staff.director)
    return tournament


def test_the_standings_show_points_with_halves_wins_strength_of_schedule_penalty_tables(
    client, staff, one_table
):
    client.force_login(staff.director)

    pdf = fetch(client, "standings-pdf", pk=one_table.pk)

    rows = [line.split() for line in pdf.lines() if line[:1].isdigit() and len(line.split()) == 7]
    # placement points of a table of 5: 7, 5.5, 4, 2.5, 1; the average of the others' points
    assert rows == [
        ["1", "Anna", "7", "1", "3.25", "0", "1"],
        ["2", "Bruno", "5.5", "0", "3.63", "10", "1"],
        ["3", "Carla", "4", "0", "4", "20", "1"],
        ["4", "Dario", "2.5", "0", "4.38", "30", "1"],
        ["5", "Elena", "1", "0", "4.75", "40", "1"],
    ]
    words = pdf.words()
    assert "Standings" in words and "Coppa di primavera · Circolo Aurora, Bologna" in words
    assert "Rounds counted: 1." in words
    assert pdf.pages == 1 and pdf.size() == A4_PORTRAIT


def test_the_final_results_give_each_payout_and_the_pot(client, staff, one_table):
    services.tournament_finish(tournament=one_table, user=staff.director)
    client.force_login(staff.director)

    pdf = fetch(client, "results-pdf", pk=one_table.pk)

    lines = pdf.lines()
    # 5 x 20 = 100, 10 % to the house, 90 in prizes: 50 / 30 / 20 %
    ranking = [line.split() for line in lines if re.match(r"^\d +[A-Z]", line)]
    assert ranking == [
        ["1", "Anna", "45.00"],
        ["2", "Bruno", "27.00"],
        ["3", "Carla", "18.00"],
        ["4", "Dario"],
        ["5", "Elena"],
    ]
    words = pdf.words()
    assert "Entry fees (5 × € 20.00) 100.00" in words
    assert "Re-entry fees 0.00 Total collected 100.00" in words
    assert "House cut (10%) -10.00 Prizes 90.00" in words
    assert "Coppa di primavera · Circolo Aurora, Bologna" in words
    assert "provisional" not in words


def test_results_printed_before_the_end_say_they_are_provisional(client, staff, one_table):
    client.force_login(staff.director)

    words = fetch(client, "results-pdf", pk=one_table.pk).words()

    assert "The tournament is not over: this ranking is provisional." in words


def test_grid_numbers_show_halves_and_round_thirds():
    assert presenters.number(Fraction(7)) == "7"
    assert presenters.number(Fraction(11, 2)) == "5.5"
    assert presenters.number(Fraction(19, 3)) == "6.33"
    assert presenters.number(Fraction(29, 8)) == "3.63"
    assert presenters.number(Fraction(-5, 2)) == "-2.5"


# Gin: Swiss pairings and standings ---------------------------------------------------------------


def test_a_swiss_round_prints_its_pairings_results_and_bye(client, staff):
    tournament = gin_tournament(staff, 5, format=Format.SWISS, rounds_planned=3)
    play_open_matches(tournament, staff.scorekeeper)
    client.force_login(staff.director)

    pdf = fetch(client, "pairings:pairings-pdf", pk=tournament.pk, number=1)

    (round,) = pairing_rounds(tournament)
    assert len(round.pairings) == 2 and len(round.byes) == 1
    words = pdf.words()
    for pairing in round.pairings:
        first, second = pairing.first.player.name, pairing.second.player.name
        net = pairing.result.net
        assert net > 0
        totals = f"{pairing.scores[0]} - {pairing.scores[1]}"
        assert f"{pairing.table.number} {first} {second} {totals} {first} +{net}" in words
    assert f"Bye (a point, no match): {round.byes[0].player.name}." in words
    assert "Pairings · Round 1" in words


def test_swiss_standings_count_match_points_and_the_bye(client, staff):
    tournament = gin_tournament(staff, 5, format=Format.SWISS, rounds_planned=3)
    play_open_matches(tournament, staff.scorekeeper)
    client.force_login(staff.director)

    pdf = fetch(client, "standings-pdf", pk=tournament.pk)

    rows = {line.split()[2]: line.split() for line in pdf.lines() if re.match(r"^\d+ +Gin", line)}
    standings = format_of(tournament).standings(tournament)
    assert len(rows) == 5
    for row in standings.rows:
        standing = row.standing
        name = row.entry.player.name.split()[1]
        assert rows[name][:4] == [str(standing.place), "Gin", name, f"{standing.points:g}"]
        record = f"{standing.wins}-{standing.draws}-{standing.losses}"
        assert rows[name][4:6] == [record, str(standing.byes)]
    assert sorted(row.standing.points for row in standings.rows) == [0, 0, 1, 1, 1]


# Gin: the bracket --------------------------------------------------------------------------------


def test_a_64_player_bracket_is_one_landscape_a4_page_or_a3_on_request(client, staff):
    tournament = gin_tournament(staff, 64, format=Format.SINGLE_ELIMINATION, third_place=True)
    play_open_matches(tournament, staff.scorekeeper)  # round 1: the better seed wins
    client.force_login(staff.director)

    pdf = fetch(client, "pairings:bracket-pdf", pk=tournament.pk)

    assert pdf.pages == 1
    assert pdf.size() == A4_LANDSCAPE
    text = pdf.text()
    assert "Gin 01 (1)" in text and "Gin 64 (64)" in text
    bracket = format_of(tournament).bracket_of(tournament).bracket
    assert len(bracket.results) == 32
    final = max(match.number for match in bracket.matches)
    assert f"Winner of match {final - 2}" in text  # a semi-final, in the final's box
    assert "Third place" in text and "Final" in text
    a3 = fetch(client, "pairings:bracket-pdf", query="?paper=a3", pk=tournament.pk)
    assert a3.pages == 1
    assert a3.size() == A3_LANDSCAPE


def test_a_64_player_double_elimination_fits_one_page_with_the_losers_bracket_below(client, staff):
    tournament = gin_tournament(staff, 64)
    play_open_matches(tournament, staff.scorekeeper)
    client.force_login(staff.director)

    pdf = fetch(client, "pairings:bracket-pdf", pk=tournament.pk)

    assert pdf.pages == 1 and pdf.size() == A4_LANDSCAPE
    words = pdf.words()
    assert "Winners' bracket" in words and "Losers' bracket" in words
    assert "Grand final" in words
    assert words.index("Winners' bracket") < words.index("Losers' bracket")
    # losers' round 1: the losers of winners' round 1, now known (the worse seeds)
    assert "Gin 33" in words.split("Losers' bracket", 1)[1]


def test_a_finished_bracket_names_its_champion_and_the_walkover(client, staff):
    tournament = gin_tournament(staff, 4, format=Format.SINGLE_ELIMINATION)
    view = format_of(tournament).bracket_of(tournament)
    first = view.tables[1]
    entries = {entry.player.name: entry for entry in tournament.entries.select_related("player")}
    pairing_services.result_fix(
        table=first,
        user=staff.director,
        winner=entries["Gin 04"],
        walkover=True,
        reason="Gin 01 did not come",
    )
    while play_open_matches(tournament, staff.scorekeeper):
        pass
    client.force_login(staff.director)

    words = fetch(client, "pairings:bracket-pdf", pk=tournament.pk).words()

    champion = format_of(tournament).bracket_of(tournament).bracket.champion
    assert f"Champion: {view.names[champion]}" in words
    assert "Gin 04 (4) w/o" in words


def bracket_view(players: int, double: bool) -> BracketView:
    ids = list(range(1, players + 1))
    if double:
        bracket = engine.double_elimination(ids)
    else:
        bracket = engine.single_elimination(ids, third_place=True)
    names = {player: f"Player {player}" for player in ids}
    return BracketView(None, bracket, names, {}, {})


def boxes(chart) -> list[tuple[float, float, float]]:
    """left, top, width of each match's text block, in mm."""
    found = []
    for text in chart.texts:
        if text.kind == "match":
            style = dict(part.split(":") for part in text.style.split(";") if part)
            found.append(
                tuple(float(style[key].removesuffix("mm")) for key in ("left", "top", "width"))
            )
    return found


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("players", [2, 3, 5, 8, 13, 16, 33, 64])
def test_the_bracket_chart_fits_its_box_without_two_matches_overlapping(players, double):
    view = bracket_view(players, double)

    chart = bracket_printing.bracket_chart(view, width=275, height=163)

    placed = boxes(chart)
    assert len(placed) == len(view.bracket.matches)
    height = float(re.search(r"height:([\d.]+)mm", chart.style)[1])
    assert height <= 163
    (line,) = {
        float(re.search(r"line-height:([\d.]+)mm", text.style)[1])
        for text in chart.texts
        if text.kind == "match"
    }
    for index, (left, top, width) in enumerate(placed):
        assert left >= 0 and left + width <= 275 + 0.01
        assert top >= 0 and top + 2 * line <= height + 0.01
        for other_left, other_top, _width in placed[index + 1 :]:
            if abs(other_left - left) < 1:
                assert abs(other_top - top) >= 2 * line - 0.01
    assert 3 <= chart.font_size <= bracket_printing.MAX_FONT


# Who may print -----------------------------------------------------------------------------------


@pytest.fixture
def private(staff):
    tournament = table_tournament(staff, 8, is_public=False)
    seated_round(tournament, staff)
    return tournament


PRINTABLES = [
    ("round-kit", {"number": 1}),
    ("seating-pdf", {"number": 1}),
    ("standings-pdf", {}),
    ("results-pdf", {}),
]


@pytest.mark.parametrize(("name", "kwargs"), PRINTABLES)
def test_a_private_tournament_prints_for_its_club_and_answers_404_to_anyone_else(
    client, staff, private, name, kwargs
):
    address = url(name, pk=private.pk, **kwargs)
    assert client.get(address).status_code == 404
    client.force_login(member(ClubFactory(), Role.OWNER))
    assert client.get(address).status_code == 404
    client.force_login(member(staff.club, Role.MEMBER))
    response = client.get(address)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="tallone-tournament-' in response["Content-Disposition"]


@pytest.mark.parametrize(("name", "kwargs"), PRINTABLES)
def test_a_public_tournament_prints_for_anyone(client, staff, name, kwargs):
    tournament = table_tournament(staff, 8)
    seated_round(tournament, staff)

    response = client.get(url(name, pk=tournament.pk, **kwargs))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_printables_a_format_does_not_have_answer_404(client, staff, private):
    client.force_login(staff.director)
    assert client.get(url("pairings:bracket-pdf", pk=private.pk)).status_code == 404
    assert client.get(url("pairings:pairings-pdf", pk=private.pk, number=1)).status_code == 404
    assert client.get(url("round-kit", pk=private.pk, number=2)).status_code == 404
    bracket = gin_tournament(staff, 4, format=Format.SINGLE_ELIMINATION)
    assert client.get(url("round-kit", pk=bracket.pk, number=1)).status_code == 404
    assert client.get(url("pairings:pairings-pdf", pk=bracket.pk, number=1)).status_code == 404
    assert client.post(url("standings-pdf", pk=private.pk)).status_code == 405


def test_the_urls(staff, private):
    assert url("round-kit", pk=private.pk, number=1) == (
        f"/tournaments/{private.pk}/rounds/1/kit.pdf"
    )
    assert url("pairings:bracket-pdf", pk=private.pk) == f"/tournaments/{private.pk}/bracket.pdf"


def test_a_bracket_before_the_draw_says_when_it_comes(client, staff):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Gin d'estate",
        preset="gin-standard",
        format=Format.SINGLE_ELIMINATION,
        is_public=True,
    )
    enter_players(tournament, staff.director, 8, prefix="Gin")

    pdf = fetch(client, "pairings:bracket-pdf", pk=tournament.pk)

    assert pdf.pages == 1 and pdf.size() == A4_LANDSCAPE
    assert "The bracket is drawn when the tournament starts." in pdf.words()


@pytest.mark.parametrize("name", ["seating-pdf", "standings-pdf", "results-pdf"])
def test_the_lists_read_the_same_number_of_queries_whatever_the_field(client, name):
    counts = []
    for players in (8, 30):
        staff = Staff()
        tournament = table_tournament(staff, players)
        seated_round(tournament, staff)
        address = url(name, pk=tournament.pk, **({"number": 1} if name == "seating-pdf" else {}))
        with CaptureQueriesContext(connection) as queries:
            assert client.get(address).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_tournament_tables_sheet_and_report_print_the_tournament_and_round(client, staff):
    tournament = table_tournament(staff, 8)
    round = seated_round(tournament, staff)
    services.round_start(round=round, user=staff.director)
    match = round.tables.get(number=1).match
    client.force_login(staff.director)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"  # the clubs' language

    for name in ("match-pdf:sheet", "match-pdf:report"):
        words = fetch(client, name, pk=match.pk).words(0)
        assert "Evento: Coppa d'autunno — Turno 1" in words, name
    # through the API too
    response = client.get(f"/api/v1/matches/{match.pk}/report.pdf")
    assert "Evento: Coppa d'autunno — Turno 1" in Pdf.of(
        b"".join(response.streaming_content)
    ).words(0)
