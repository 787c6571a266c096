"""The blank score sheet: what a table needs on paper, on A4, read back from the PDF."""

from __future__ import annotations

import pytest
from django.utils import timezone, translation
from django.utils.formats import date_format

from base.printing import render_pdf
from scoring import table_codes
from scoring.printing import expected_hands, qr_code, score_sheet
from tests.factories import ClubFactory, start_match
from tests.pdf.conftest import A4_LANDSCAPE, A4_PORTRAIT, Pdf

pytestmark = pytest.mark.django_db

SIX = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")


def sheet(match, request) -> Pdf:
    return Pdf.of(render_pdf([score_sheet(match, request=request)]))


def row_numbers(pdf: Pdf, page: int) -> list[int]:
    """The hand numbers printed down the grid of `page`."""
    return [int(line) for line in pdf.lines(page) if line.isdigit()]


def test_a_scala40_sheet_is_one_a4_portrait_page_with_the_table_players_and_rules(sheet_request):
    club = ClubFactory(name="Circolo Aurora", city="Bologna")
    match = start_match(club=club, preset="scala40-club", table_label="3", first_dealer_seat=2)

    pdf = sheet(match, sheet_request)

    assert pdf.pages == 1
    assert pdf.size() == A4_PORTRAIT
    text = pdf.words()
    assert "Score sheet · Scala 40" in text
    assert "Club: Circolo Aurora, Bologna" in text
    assert f"Table 3 · {date_format(timezone.localtime(match.started_at))} · Match {match.pk}" in (
        text
    )
    assert "Players: 1. Anna · 2. Bruno ★ · 3. Carla · 4. Dario" in text  # Bruno deals first
    assert "Scala 40, club rules (not opened 100, re-entry)" in text
    assert "A player is out on reaching 101 points." in text
    assert "Chiusura in mano: the opponents' points of that hand double." in text
    assert "A player who has not opened pays 100 points." in text
    assert "Re-entry (rientro): once per player" in text
    assert "Page 1 of 1" in text
    # The grid: a column group per player in seat order, points and total, boxes to tick.
    assert "Anna Bruno ★ Carla Dario" in pdf.words()
    assert "# Points Total C H N R Points Total C H N R" in pdf.words()
    assert "C = closed the hand · H = chiusura in mano · N = had not opened" in text
    # About 25 rows to fill on page 1, numbered from 1, and the signatures under them.
    assert row_numbers(pdf, 0) == list(range(1, len(row_numbers(pdf, 0)) + 1))
    assert 25 <= len(row_numbers(pdf, 0)) <= 32
    assert pdf.lines()[-3].split() == ["Anna", "Bruno", "Carla", "Dario", "Scorekeeper"]


def test_the_rules_in_words_follow_the_matchs_own_options(sheet_request):
    match = start_match(
        preset="scala40",
        options={
            "elimination_at": 151,
            "elimination_rule": ">",
            "in_hand_scoring": "bonus",
            "reentry_allowed": True,
            "reentry_max": 2,
            "reentry_extra_points": 5,
            "reentry_fee": "2.50",
            "stake": "5",
        },
    )

    text = sheet(match, sheet_request).words()

    assert "A player is out on passing 151 points (151 is still in)." in text
    assert "the closer takes 25 points off their total" in text
    assert "up to 2 times per player, at the highest total in play plus 5" in text
    assert "Re-entry fee: € 2.50." in text
    assert "Stake: € 5.00 a player." in text


def test_a_sheet_for_six_players_is_a4_landscape_with_a_column_group_each(sheet_request):
    match = start_match(preset="scala40", names=SIX, table_label="7")

    pdf = sheet(match, sheet_request)

    assert pdf.size() == A4_LANDSCAPE
    assert "Anna ★ Bruno Carla Dario Elena Franco" in pdf.words()
    assert "# " + " ".join(["Points Total C H"] * 6) in pdf.words()
    assert "No re-entry: a player who is out stays out." in pdf.words()


def test_a_ramino_sheet_has_a_column_for_the_closing(sheet_request):
    pdf = sheet(start_match(preset="ramino"), sheet_request)

    assert "# Close Points Total C R" in pdf.words()
    assert "Close: N normal, C colore, F figura, 2 two cards, SR scala reale" in pdf.words()
    assert "Closing bonus off the closer's total: normal 10, colore 25, figura 50" in pdf.words()


def test_a_gin_hollywood_sheet_has_the_three_games_side_by_side(sheet_request):
    match = start_match(preset="gin-hollywood", names=("Anna", "Bruno"))

    pdf = sheet(match, sheet_request)

    assert pdf.size() == A4_PORTRAIT
    lines = pdf.words()
    assert "Anna ★ Bruno Game 1 Game 2 Game 3" in lines
    assert "# Result K Deadwood Points K Deadwood Points Anna Bruno Anna Bruno Anna Bruno" in lines
    text = pdf.words()
    assert "Hollywood: three games scored at once, each to 100 points." in text
    assert "Box: 25 points to the winner of each hand, added when the game ends." in text
    assert "Game bonus 100. Shutout (cappotto): the winner's score doubles." in text
    assert "Result: K knock, G gin, BG big gin, U undercut, D dead hand." in text
    # The sums at the end of each game.
    assert "End of the game" in text
    for label in ("Score", "Boxes × 25", "Game bonus", "Shutout", "Final score"):
        assert label in pdf.lines()


def test_a_gin_sheet_has_knocker_deadwood_points_total_and_box_per_player(sheet_request):
    match = start_match(preset="gin-oklahoma", names=("Anna", "Bruno"))

    pdf = sheet(match, sheet_request)

    assert "# Result Upcard K Deadwood Points Total B K Deadwood Points Total B" in pdf.words()
    assert "Oklahoma: the upcard sets the knock limit (ace: gin only)" in pdf.words()
    assert "A game to 150 points." in pdf.words()


def test_a_long_match_sheet_continues_on_more_pages_numbered_on(sheet_request):
    match = start_match(preset="scala40", options={"elimination_at": 501, "reentry_allowed": True})
    assert expected_hands(match.rules, match.game, 4) > 100

    pdf = sheet(match, sheet_request)

    assert pdf.pages == 3  # at most three pages
    first, second, third = (row_numbers(pdf, page) for page in range(3))
    assert first[0] == 1
    assert second == list(range(first[-1] + 1, first[-1] + 1 + len(second)))
    assert third[0] == second[-1] + 1
    assert len(second) > len(first)  # a continuation page has no header: more rows
    assert "Score sheet · Scala 40 · Match" in pdf.text(1)
    assert "continued" in pdf.text(1)
    assert "Page 2 of 3" in pdf.text(1)
    assert "Anna ★ Bruno Carla Dario" in pdf.words(1)  # the grid's header again
    assert "Scorekeeper" in pdf.text(2) and "Scorekeeper" not in pdf.text(0)


def test_the_qr_code_is_the_absolute_address_of_the_match_page(sheet_request):
    match = start_match()

    document = score_sheet(match, request=sheet_request, show_code=True)

    assert match.get_absolute_url() == f"/matches/{match.pk}/"
    assert qr_code(f"http://testserver/matches/{match.pk}/") in document.html
    assert "Scan to open the match and enter the hands." in document.html
    # a reader who may not score: the same page, read-only, and the sheet says so
    document = score_sheet(match, request=sheet_request)
    assert qr_code(f"http://testserver/matches/{match.pk}/") in document.html
    assert "Scan the code to follow the match." in document.html
    assert "enter the hands" not in document.html


def test_the_qr_code_of_a_table_code_carries_the_codes_key(sheet_request):
    """Issue 25: the QR code's address proves the code was read off the sheet (`?k=`), so a
    network over its budget of wrong codes still joins by scanning it; a new code, a new key."""
    match = start_match(club=ClubFactory(table_codes=True), preset="scala40-club")
    code = table_codes.code_issue(match=match, user=None).code
    key = table_codes.code_key(code)

    document = score_sheet(match, request=sheet_request, show_code=True)

    assert len(key) == 16 and key.replace("-", "").replace("_", "").isalnum()
    assert qr_code(f"http://testserver/matches/join/{code}/?k={key}") in document.html
    assert qr_code(f"http://testserver/matches/join/{code}/") not in document.html
    new = table_codes.code_regenerate(match=match, user=None).code
    document = score_sheet(match, request=sheet_request, show_code=True)
    assert qr_code(f"http://testserver/matches/join/{new}/?k={table_codes.code_key(new)}") in (
        document.html
    )
    assert key not in document.html


def test_an_event_title_line_is_printed_when_given(sheet_request):
    document = score_sheet(start_match(), request=sheet_request, event="Torneo di primavera")

    assert "Event: Torneo di primavera" in Pdf.of(render_pdf([document])).text()


def test_the_sheet_is_in_the_users_language(sheet_request):
    match = start_match()
    with translation.override("it"):
        pdf = sheet(match, sheet_request)
        date = date_format(timezone.localtime(match.started_at))

    assert date in pdf.text()  # Italian month names, from Django's own translations
    assert date != date_format(timezone.localtime(match.started_at))  # English now
