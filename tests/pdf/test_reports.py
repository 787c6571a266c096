"""The filled report (referto): every hand with its charges and running totals, the marks,
re-entries with their fees, corrections and voids footnoted, the ranking, the pot and the chart."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from base.printing import local_datetime, render_pdf
from scoring import services
from scoring.printing import match_report
from scoring.selectors import match_detail
from tests.factories import ClubFactory, UserFactory, start_match
from tests.pdf.conftest import A4_LANDSCAPE, A4_PORTRAIT, Pdf, gin_hand, hand

pytestmark = pytest.mark.django_db


def report(match) -> Pdf:
    return Pdf.of(render_pdf([match_report(match, show_authors=True)]))


@pytest.fixture
def giulia():
    return UserFactory(username="giulia", first_name="Giulia", last_name="Neri")


@pytest.fixture
def club_match(giulia):
    """A Scala 40 club match: a chiusura in mano, a player who had not opened and busts, his
    re-entry with its fee, a hand corrected and one voided, then a player busts for good."""
    match = start_match(
        club=ClubFactory(name="Circolo Aurora"),
        preset="scala40-club",
        options={"reentry_fee": "5", "stake": "2"},
        table_label="3",
    )
    first = hand(match, "Anna", giulia, Bruno=35, Carla=12, Dario=44)
    hand(match, "Carla", giulia, Anna=20, Bruno=9, Dario=17, in_hand=True)
    hand(match, "Bruno", giulia, Anna=5, Carla=30, Dario=0, not_opened=["Dario"])
    services.player_reenter(match=match, user=giulia, seat=match.seats.get(name="Dario"))
    hand(match, "Dario", giulia, Anna=15, Bruno=22, Carla=8)
    services.hand_correct(
        event=first,
        user=giulia,
        data={"closer": "Anna", "points": {"Bruno": 53, "Carla": 12, "Dario": 44}},
        expected_version=1,
        reason="Bruno counted a joker as 10",
    )
    twice = hand(match, "Anna", giulia, Bruno=3, Carla=3, Dario=3)
    services.event_void(event=twice, user=giulia, reason="Entered twice", expected_version=1)
    hand(match, "Anna", giulia, Bruno=9, Carla=20, Dario=19)
    hand(match, "Carla", giulia, Anna=10, Dario=5)  # Bruno, who did not re-enter, is out
    return match


def test_every_event_is_a_row_with_each_players_charge_total_and_marks(club_match):
    pdf = report(club_match)

    assert pdf.pages == 1
    assert pdf.size() == A4_PORTRAIT
    # "•" dealt, "C" closed, "H" in hand, "N" had not opened, "X" out, "R" re-entered.
    assert pdf.row(1) == ["1", "0", "0", "•C", "+53", "53", "+12", "12", "+44", "44", "[1]"]
    assert pdf.row(2) == [
        *["2", "+40", "40", "+18", "71", "•", "0", "12", "CH", "+34", "78"],
        *["in", "hand"],
    ]
    assert pdf.row(3) == ["3", "+5", "45", "0", "71", "C", "+30", "42", "•", "+100", "178", "NX"]
    # the re-entry falls between hands 3 and 4: its row has no hand number
    assert pdf.row(45) == ["45", "71", "42", "-107", "71", "R", "re-entry", "€", "5.00"]
    assert pdf.row(4) == ["4", "+15", "60", "+22", "93", "+8", "50", "0", "71", "•C"]
    assert pdf.row(5) == ["5", "C", "3", "3", "3", "void", "[2]"]  # struck, as entered
    assert pdf.row(6) == ["6", "0", "60", "•C", "+9", "102", "X", "+20", "70", "+19", "90"]
    assert pdf.row(7) == ["7", "+10", "70", "0", "70", "•C", "+5", "95"]  # Bruno is out
    assert not [line for line in pdf.lines() if line.split()[:1] == ["8"]]
    words = pdf.words()
    assert "Anna Bruno Carla Dario" in words
    assert "# ± Total ± Total ± Total ± Total Notes" in words
    assert "X = out · R = re-entry" in words


def test_the_struck_row_of_a_void_event_is_drawn_struck(club_match):
    html = match_report(club_match, show_authors=True).html

    assert "<s>  5 " in html  # hand 5, the match's event 6


def test_corrections_and_voids_are_footnoted_with_who_what_when_and_why(club_match):
    first, void = (match_detail(club_match).rows[number] for number in (0, 5))

    words = report(club_match).words()

    assert "Corrections and voided events" in words
    assert (
        f"[1] Hand 1: recorded by Giulia Neri on {local_datetime(first.versions[0].created_at)}; "
        f"corrected by Giulia Neri on {local_datetime(first.versions[1].created_at)}: "
        "Bruno 35 → 53 (reason: Bruno counted a joker as 10)."
    ) in words
    assert (
        f"[2] Hand 5: recorded by Giulia Neri on {local_datetime(void.versions[0].created_at)}; "
        f"void by Giulia Neri on {local_datetime(void.versions[1].created_at)} "
        "(reason: Entered twice)."
    ) in words


def test_the_standings_so_far_the_pot_with_stakes_and_fees_and_the_chart(club_match):
    pdf = report(club_match)
    words = pdf.words()

    # the voided hand keeps its number, as on the match page
    assert "In progress: 7 hands so far. 1 of them is void." in words
    assert "Standings so far (match in progress)" in words
    assert "Place Player Total Re-entries Status" in words
    assert "1 Anna 70 0 In play 2 Carla 70 0 In play 3 Dario 95 1 In play" in words
    assert "4 Bruno 102 0 Out for good" in words
    assert (
        "Pot: € 13.00 · Stakes: 4 × € 2.00 · Re-entry fee of Dario (after hand 3): € 5.00" in words
    )
    assert "Totals after each event" in words
    assert "out at 101" in words  # the chart's threshold line


def test_the_final_ranking_once_the_match_is_over(club_match):
    services.match_call_time(match=club_match, user=None)

    words = report(club_match).words()

    # Anna and Carla share the first place: no single winner.
    assert "Finished when time was called, without a single winner." in words
    assert "Final ranking" in words
    assert "1 Anna 70 0 1 Carla 70 0 3 Dario 95 1 4 Bruno 102 0 Out for good" in words
    assert "70 70 95 time call" in words  # between hands: no number
    assert "9 70 70 95 time call" not in words and "8 70 70 95 time call" not in words


def test_a_ramino_report_names_the_closing(giulia):
    match = start_match(preset="ramino")
    hand(match, "Anna", giulia, Bruno=44, Carla=60, Dario=70, closing="colore")

    pdf = report(match)

    assert pdf.row(1) == ["1", "-25", "-25", "•C", "+44", "44", "+60", "60", "+70", "70", "colore"]


def test_a_gin_report_shows_results_knocker_deadwood_points_totals_and_boxes():
    match = start_match(preset="gin-standard", names=("Anna", "Bruno"))
    gin_hand(match, "knock", "Anna", Anna=7, Bruno=4)  # undercut: Bruno 3 + 25
    gin_hand(match, "dead")
    gin_hand(match, "gin", "Bruno", Anna=20, Bruno=0)  # 20 + 25
    gin_hand(match, "knock", "Anna", Anna=2, Bruno=40)  # 38

    pdf = report(match)

    # Anna's knock, her deadwood and total; Bruno's deadwood, the hand's points, total, box.
    assert pdf.row(1) == ["1", "undercut", "K", "7", "0", "4", "+28", "28", "1"]
    assert pdf.row(2) == ["2", "dead", "hand", "0", "28"]
    assert pdf.row(3) == ["3", "gin", "20", "0", "K", "0", "+45", "73", "1"]
    assert pdf.row(4) == ["4", "knock", "K", "2", "+38", "38", "1", "40", "73"]
    words = pdf.words()
    assert "# Result K DW ± Total Box K DW ± Total Box Notes" in words
    assert "Place Player Total Hands won Status 1 Bruno 73 2 In play 2 Anna 38 1 In play" in words
    assert "target 100" in words  # the chart's target line
    assert "Game Anna Bruno Boxes Winner Net 1 38 73 1 / 2 — —" in words


def test_a_gin_hollywood_report_has_each_games_scores_and_settlement():
    match = start_match(preset="gin-hollywood", names=("Anna", "Bruno"), options={"target": 50})
    gin_hand(match, "gin", "Anna", Anna=0, Bruno=30)  # 55: game 1 to Anna
    gin_hand(match, "gin", "Anna", Anna=0, Bruno=30)  # games 1 (settled) and 2
    gin_hand(match, "gin", "Anna", Anna=0, Bruno=30)  # games 2 and 3

    pdf = report(match)

    words = pdf.words()
    assert "Anna Bruno Game 1 Game 2 Game 3" in words
    assert "K DW ± Total K DW ± Total Anna Bruno Anna Bruno Anna Bruno Notes" in words
    # Each gin (30 + 25) settles a game: + 100 game bonus, + 25 box, doubled for the shutout.
    # The hand's own points are its ±; what the game's end added is its note.
    assert pdf.row(1) == [
        *["1", "gin", "K", "0", "+55", "360", "30", "0"],
        *["360", "0", "0", "0", "0", "0", "game", "1:", "Anna", "Anna", "+305", "at", "the", "end"],
    ]
    assert pdf.row(3)[:6] == ["3", "gin", "K", "0", "+55", "1080"]
    assert pdf.row(3)[8:] == [
        *["360", "0", "360", "0", "360", "0", "game", "3:", "Anna"],
        *["Anna", "+305", "at", "the", "end"],
    ]
    assert (
        "Finished: the three games are over, Anna won more of them. Anna wins by 1080 points."
        in words
    )
    assert "Net result" not in words
    assert "1 Anna 1080 3 Winner 2 Bruno 0 0" in words
    assert "Game Anna Bruno Boxes Winner Net 1 360 0 1 / 0 Anna 360 2 360 0" in words


def test_a_long_report_continues_on_a_second_page_with_the_grids_header():
    match = start_match(names=("Anna", "Bruno"), options={"elimination_at": 10000})
    for number in range(1, 49):
        closer, other = ("Anna", "Bruno") if number % 2 else ("Bruno", "Anna")
        hand(match, closer, **{other: number})

    pdf = report(match)

    assert pdf.pages >= 2
    assert "Page 1 of" in pdf.text(0) and "Page 2 of" in pdf.text(1)
    assert pdf.row(1, page=0) == ["1", "0", "0", "•C", "+1", "1"]
    assert pdf.row(48, page=1) == ["48", "+48", "600", "0", "576", "•C"]
    assert "continued" in pdf.text(1)
    assert "# ± Total ± Total Notes" in pdf.words(1)


def test_a_report_of_six_players_is_landscape():
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
    match = start_match(names=names)
    hand(match, "Anna", Bruno=1, Carla=2, Dario=3, Elena=4, Franco=5)

    pdf = report(match)

    assert pdf.size() == A4_LANDSCAPE
    assert pdf.row(1) == [
        *["1", "0", "0", "•C", "+1", "1", "+2", "2", "+3", "3", "+4", "4", "+5", "5"],
    ]


def test_a_report_with_no_hand_yet_says_so():
    words = report(start_match()).words()

    assert "No hands recorded yet." in words
    assert "In progress: 0 hands so far." in words
    assert "Totals after each event" not in words


def test_the_report_reads_the_match_in_the_same_number_of_queries_whatever_its_length():
    short, long = start_match(names=("Anna", "Bruno")), start_match(names=("Carla", "Dario"))
    hand(short, "Anna", Bruno=5)
    for number in range(20):
        hand(long, "Carla" if number % 2 else "Dario", **{"Dario" if number % 2 else "Carla": 1})

    counts = []
    for match in (short, long):
        with CaptureQueriesContext(connection) as queries:
            match_report(match, show_authors=True)
        counts.append(len(queries))

    assert counts[0] == counts[1]


def test_a_withdrawal_is_marked_w_alone_a_bust_x_alone(giulia):
    """A player who withdraws in play never reached the limit: his row says W, not WX (X is a
    bust); a player a hand busts gets X."""
    match = start_match(club=ClubFactory(), preset="scala40-club")
    hand(match, "Anna", giulia, Bruno=55, Carla=12, Dario=20)
    services.player_withdraw(match=match, user=giulia, seat=match.seats.get(name="Bruno"))
    hand(match, "Carla", giulia, Anna=5, Dario=90)  # Dario busts

    lines = report(match).lines()
    withdrawal = next(line.split() for line in lines if line.endswith("withdrawal"))
    assert "W" in withdrawal
    assert "WX" not in withdrawal and "X" not in withdrawal
    assert report(match).row(2)[-1].endswith("X")  # the bust keeps its X
