"""Every Gin format played to the end and finished from the console, in Chromium at 1366x768.

A knockout of 8 players a mano (first to 2 hands): the draw on the bracket page, the quarter- and
semi-finals entered through the services (the quickest real path for the bulk), the final played
on its match page, the tournament finished from the console; the payouts are final and the
bracket page and its PDF show hands won (2-0), not points. Then a Swiss, a round robin and a
double elimination, each played to its last match and finished the same way."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from pairings.engine.brackets import MatchStatus as BracketStatus
from pairings.engine.brackets import Section
from tests.browser.conftest import ARTIFACTS
from tests.browser.steps import window
from tests.factories import ClubFactory
from tests.pairings.test_bracket_scores import win_hands
from tests.pairings.test_services import play, seated
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.formats import format_of
from tournaments.models import Format, Table, TournamentStatus

from .test_match_gin import enter_hand, logged_in

LAPTOP = {"width": 1366, "height": 768}
PROVISIONAL = "this ranking and its payouts are provisional"


@pytest.fixture
def laptop(browser, request):
    """A page in a 1366x768 window; a screenshot is kept when the test fails, and a page that
    breaks the content security policy fails the test."""
    with window(browser, request, LAPTOP, "en-GB") as page:
        # a confirmation the browser asks for (finishing is final) is accepted
        page.on("dialog", lambda dialog: dialog.accept())
        yield page


def screenshot(page, request, label: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True)


def gin(staff, format, count, options, **settings):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Gin della domenica",
        preset="gin",
        format=format,
        options=options,
        **settings,
    )
    enter_players(tournament, staff.director, count, prefix="Giocatore")
    return tournament


def open_bracket_tables(tournament) -> list[Table]:
    """The tables of the bracket's matches ready to play now, in match order."""
    view = format_of(tournament).bracket_of(tournament)
    ready = [m.number for m in view.bracket.matches if m.status is BracketStatus.READY]
    return [view.tables[number] for number in ready]


def finish_from_the_console(page, live_server, tournament) -> None:
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.get_by_role("button", name="Finish the tournament").click()
    # asked first, in words of what will happen
    expect(page.get_by_text("The final ranking and the payouts become final.")).to_be_visible()
    page.locator(".confirm-box").get_by_role("button", name="Finish the tournament").click()
    expect(page.get_by_text("The tournament is over: here are the results.")).to_be_visible()
    expect(page.get_by_text(PROVISIONAL)).to_have_count(0)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def pdf_text(page, url: str) -> str:
    response = page.request.get(url)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.body()))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


@pytest.mark.django_db(transaction=True)
def test_a_knockout_of_8_a_mano_is_played_to_the_end_and_finished_from_the_console(
    laptop, live_server, request
):
    staff = Staff(ClubFactory(name="Circolo del Tallone"))
    tournament = gin(
        staff,
        Format.SINGLE_ELIMINATION,
        8,
        {"match_mode": "hands", "hands_to_win": 2},
        entry_fee=Decimal("10"),
        payout_percents=["70", "30"],
    )
    logged_in(laptop, live_server, staff.director)
    bracket_url = f"{live_server.url}/tournaments/{tournament.pk}/bracket/"
    laptop.goto(bracket_url)
    laptop.get_by_role("button", name="Make the draw").click()
    expect(laptop.get_by_text("The draw is made: the first matches can start.")).to_be_visible()

    # Quarter- and semi-finals: the first seated wins 2 hands to 0.
    for _stage in ("quarter-finals", "semi-finals"):
        for table in open_bracket_tables(tournament):
            win_hands(table, seated(table)[0], staff.scorekeeper)
    (final,) = open_bracket_tables(tournament)
    first, second = (entry.player.name for entry in seated(final))

    # The final, on its match page: the second seated wins 2 hands to 1.
    laptop.goto(bracket_url)
    expect(laptop.get_by_role("button", name="Finish the tournament")).to_have_count(0)
    laptop.get_by_role("link", name=f"Play match {final.bracket_match}").click()
    enter_hand(laptop, 1, "Knock", first, {first: 2, second: 30})
    enter_hand(laptop, 2, "Knock", second, {second: 1, first: 25})
    enter_hand(laptop, 3, "Knock", second, {second: 3, first: 40})
    expect(laptop.locator(".result")).to_contain_text(f"{second} wins")

    # The console offers to finish; the results and payouts are then final.
    laptop.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(laptop.get_by_role("button", name="Finish the tournament")).to_be_visible()
    screenshot(laptop, request, "console")
    finish_from_the_console(laptop, live_server, tournament)
    results = laptop.locator("main")
    expect(results).to_contain_text("€ 56.00")  # 70% of 80
    expect(results).to_contain_text("€ 24.00")
    screenshot(laptop, request, "results")

    # The bracket: hands won on every card, each played match its result, no "Play match".
    laptop.goto(bracket_url)
    expect(laptop.get_by_text(f"Champion: {second}")).to_be_visible()
    card = laptop.locator(f"#match-{final.bracket_match}")
    expect(card.locator(".bm-side.won .score")).to_have_text("2")
    expect(card.locator(".bm-side:not(.won) .score")).to_have_text("1")
    expect(card.locator(".bm-result")).to_have_text(f"{second} wins 2\N{EN DASH}1")
    expect(laptop.locator(".bm-result")).to_have_count(7)
    expect(laptop.get_by_role("link", name="Play match")).to_have_count(0)
    expect(laptop.get_by_text("Scores: hands won (played a mano).")).to_be_visible()
    for number in range(1, 7):
        expect(laptop.locator(f"#match-{number} .bm-side.won .score")).to_have_text("2")
    screenshot(laptop, request, "bracket")

    text = pdf_text(laptop, bracket_url.replace("/bracket/", "/bracket.pdf"))
    assert f"Champion: {second}" in text
    assert "Scores: hands won (played a mano)." in text
    # the final, its sides from the semi-finals; a quarter-final, its sides seeded
    assert f"{final.bracket_match} {first} 1 {second} 2" in text
    quarter = format_of(tournament).bracket_of(tournament).tables[1]
    winner, loser = seated(quarter)
    assert f"{winner.player.name} ({winner.seed}) 2" in text
    assert f"{loser.player.name} ({loser.seed}) 0" in text


SHORT = {"target": 10}  # one knock ends the match


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("format", [Format.SWISS, Format.ROUND_ROBIN])
def test_a_swiss_and_a_round_robin_are_paired_played_to_the_end_and_finished(
    laptop, live_server, format
):
    staff = Staff(ClubFactory(name="Circolo del Tallone"))
    tournament = gin(staff, format, 4, SHORT, rounds_planned=3)
    logged_in(laptop, live_server, staff.director)
    pairings_url = f"{live_server.url}/tournaments/{tournament.pk}/pairings/"
    laptop.goto(pairings_url)
    laptop.get_by_role("button", name="Make the draw").click()
    expect(laptop.get_by_text("The draw is made: the first matches can start.")).to_be_visible()
    for number in (1, 2, 3):
        round = tournament.rounds.get(number=number)
        tables = list(round.tables.order_by("number"))
        for table in tables[:-1]:
            play(table, seated(table)[0], staff.scorekeeper)
        last = tables[-1]
        first, second = (entry.player.name for entry in seated(last))
        laptop.goto(f"{pairings_url}?round={number}")
        expect(laptop.get_by_role("button", name="Finish the tournament")).to_have_count(0)
        # the last match of the round on its match page
        laptop.locator(f'tr[data-table="{last.number}"]').get_by_role("link", name="Scores").click()
        enter_hand(laptop, 1, "Knock", second, {second: 2, first: 30})
        expect(laptop.locator(".result")).to_contain_text(f"{second} wins")
        laptop.goto(pairings_url)
        if number < 3:
            laptop.get_by_role("button", name="Pair the next round").click()
            expect(laptop.get_by_text(f"Round {number + 1} is paired.")).to_be_visible()
    expect(laptop.get_by_role("button", name="Pair the next round")).to_have_count(0)
    finish_from_the_console(laptop, live_server, tournament)
    expect(laptop.locator("main")).to_contain_text("Giocatore")


@pytest.mark.django_db(transaction=True)
def test_a_double_elimination_is_played_to_its_grand_final_and_finished(laptop, live_server):
    staff = Staff(ClubFactory(name="Circolo del Tallone"))
    tournament = gin(staff, Format.DOUBLE_ELIMINATION, 6, SHORT)
    logged_in(laptop, live_server, staff.director)
    bracket_url = f"{live_server.url}/tournaments/{tournament.pk}/bracket/"
    laptop.goto(bracket_url)
    laptop.get_by_role("button", name="Make the draw").click()
    expect(laptop.get_by_text("The draw is made: the first matches can start.")).to_be_visible()
    expect(laptop.get_by_role("heading", name="Losers' round 1")).to_be_visible()
    expect(laptop.get_by_role("heading", name="Losers' final")).to_be_visible()
    expect(laptop.get_by_role("heading", name="Losers' round 4")).to_have_count(0)
    while True:
        tables = open_bracket_tables(tournament)
        view = format_of(tournament).bracket_of(tournament)
        grand_final = view.bracket.match(tables[0].bracket_match).section is Section.GRAND_FINAL
        if len(tables) == 1 and grand_final:
            break
        for table in tables:
            play(table, seated(table)[0], staff.scorekeeper)
    (grand,) = tables
    first, second = (entry.player.name for entry in seated(grand))
    laptop.goto(bracket_url)
    expect(laptop.get_by_role("button", name="Finish the tournament")).to_have_count(0)
    # the winners' bracket champion (first seated) wins the grand final: no second match
    laptop.get_by_role("link", name=f"Play match {grand.bracket_match}").click()
    enter_hand(laptop, 1, "Knock", first, {first: 2, second: 30})
    expect(laptop.locator(".result")).to_contain_text(f"{first} wins")
    finish_from_the_console(laptop, live_server, tournament)
    laptop.goto(bracket_url)
    expect(laptop.get_by_text(f"Champion: {first}")).to_be_visible()
    expect(laptop.get_by_role("link", name="Play match")).to_have_count(0)


@pytest.mark.django_db(transaction=True)
def test_the_creation_form_shows_only_the_chosen_formats_settings(laptop, live_server, request):
    staff = Staff(ClubFactory(name="Circolo del Tallone"))
    logged_in(laptop, live_server, staff.director)
    laptop.goto(f"{live_server.url}/tournaments/new/")
    rounds = laptop.get_by_label("Rounds", exact=True)
    swiss_rounds = laptop.get_by_label("Swiss rounds")
    expect(rounds).to_be_visible()
    expect(swiss_rounds).to_be_hidden()
    expect(laptop.get_by_label("Round robin cycles")).to_be_hidden()
    laptop.get_by_label("Format").select_option("swiss")
    expect(swiss_rounds).to_be_visible()
    expect(swiss_rounds).to_have_value("0")
    expect(laptop.get_by_text("0: automatic, enough rounds")).to_be_visible()
    expect(rounds).to_be_hidden()
    expect(laptop.get_by_label("Preferred table size")).to_be_hidden()
    expect(laptop.get_by_label("Match for third place")).to_be_hidden()
    screenshot(laptop, request, "swiss")
    laptop.get_by_label("Format").select_option("knockout")
    expect(laptop.get_by_label("Players through per table")).to_be_visible()
    expect(laptop.get_by_label("Preferred table size")).to_be_visible()
    expect(swiss_rounds).to_be_hidden()
    expect(rounds).to_be_hidden()
