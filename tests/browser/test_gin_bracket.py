"""A 6-player single elimination Gin tournament in Chromium: the director draws the bracket,
two matches are played on the table pages, and the bracket shows the winners moved on."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments.models import Tournament

from .test_match_gin import enter_hand, logged_in

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


@pytest.mark.django_db(transaction=True)
def test_the_director_draws_a_bracket_and_winners_move_on_after_two_matches(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    director = member(club, Role.DIRECTOR)
    for name in NAMES:
        PlayerFactory(club=club, name=name)
    logged_in(phone, live_server, director)

    # The director creates the tournament: Gin a mano, first to win one hand.
    phone.goto(f"{live_server.url}/tournaments/new/")
    phone.get_by_label("Name", exact=True).fill("Gin d'inverno")
    phone.get_by_label("Game and rules").select_option("gin-standard")
    phone.get_by_label("Format").select_option("single_elimination")
    phone.locator("summary", has_text="Adjust the rules").click()
    # the Gin options replace Scala 40's once htmx has reloaded them
    expect(phone.get_by_label("Hands to win")).to_be_visible()
    phone.get_by_label("Match mode").select_option("hands")
    phone.get_by_label("Hands to win").fill("1")
    phone.get_by_role("button", name="Create the tournament").click()
    expect(phone.get_by_text("Tournament Gin d'inverno created")).to_be_visible()
    for name in NAMES:
        phone.get_by_role("group", name="Club players").get_by_label(name, exact=True).check()
    phone.get_by_role("button", name="Register", exact=True).click()
    expect(phone.get_by_text(f"6 players registered: {', '.join(NAMES)}.")).to_be_visible()
    phone.get_by_role("button", name="Check in all 6 players waiting").click()
    expect(phone.get_by_text("6 players checked in.")).to_be_visible()
    tournament = Tournament.objects.get()
    assert tournament.rules["match_mode"] == "hands" and tournament.rules["hands_to_win"] == 1

    bracket_url = f"{live_server.url}/tournaments/{tournament.pk}/bracket/"
    phone.goto(bracket_url)
    expect(phone.get_by_text("The draw has not been made yet.")).to_be_visible()
    phone.get_by_role("button", name="Make the draw").click()
    expect(phone.get_by_text("The draw is made: the first matches can start.")).to_be_visible()
    # 6 on a chart of 8: Anna and Bruno (seeds 1, 2) wait for the winners of matches 1 and 2
    semi_anna = phone.locator(".bm", has_text="Anna").first
    expect(semi_anna).to_contain_text("Winner of match")

    # Match 1: Dario v Elena (4 v 5); match 2: Carla v Fabio (3 v 6).
    for number, winner, loser in ((1, "Elena", "Dario"), (2, "Carla", "Fabio")):
        card = phone.locator(f"#match-{number}")
        expect(card).to_contain_text(winner)
        expect(card).to_contain_text(loser)
        card.get_by_role("link", name=f"Play match {number}").click()
        expect(phone.get_by_role("heading", level=1)).to_contain_text("Gin Rummy")
        enter_hand(phone, 1, "Knock", winner, {winner: 2, loser: 30})
        expect(phone.locator(".result")).to_contain_text(f"{winner} wins")
        phone.goto(bracket_url)

    expect(phone.locator("#match-1 .bm-side.won .name")).to_have_text("Elena")
    expect(phone.locator("#match-2 .bm-side.won .name")).to_have_text("Carla")
    expect(phone.get_by_text("Winner of match 1")).to_have_count(0)
    expect(phone.get_by_text("Winner of match 2")).to_have_count(0)
    semi_anna = phone.locator(".bm", has_text="Anna")
    semi_bruno = phone.locator(".bm", has_text="Bruno")
    expect(semi_anna).to_contain_text("Elena")
    expect(semi_bruno).to_contain_text("Carla")
    expect(semi_anna.get_by_role("link", name="Play match")).to_be_visible()
    # the final still waits for both semi-finals
    expect(phone.locator(".bm", has_text="Winner of match 3")).to_contain_text("Winner of match 4")
