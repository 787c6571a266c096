"""A game of Gin Rummy (gin-standard) on a phone, from the start page to the winner."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Role
from scoring.engine.document import replay_document
from tests.factories import ClubFactory, member


def logged_in(page, live_server, user):
    """Give the page's browser context the session of `user`, speaking English."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            },
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url},
        ]
    )


def enter_hand(page, number, result, knocker=None, deadwood=None):
    page.get_by_role("group", name="Result").get_by_label(result, exact=True).check()
    if knocker:
        page.get_by_role("group", name="Who knocked?").get_by_label(knocker, exact=True).check()
    for name, value in (deadwood or {}).items():
        page.get_by_role("group", name=name, exact=True).get_by_label("Deadwood").fill(str(value))
    page.get_by_role("button", name="Record the hand").click()
    expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()


def total(page, name):
    return page.locator(f'.score-row[data-player="{name}"] .total')


@pytest.mark.django_db(transaction=True)
def test_a_gin_game_played_to_the_end_shows_the_winner_and_final_scores(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    logged_in(phone, live_server, member(club, Role.SCOREKEEPER))

    phone.goto(live_server.url + club.get_absolute_url())
    phone.get_by_role("link", name="Start a match").click()
    phone.get_by_label("Game and rules").select_option("gin-standard")
    expect(phone.locator('input[name="rules-target"]')).to_have_value("100")
    phone.get_by_label("or a guest at seat 1").fill("Elena")
    phone.get_by_label("or a guest at seat 2").fill("Fabio")
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Gin Rummy")

    enter_hand(phone, 1, "Gin", "Elena", {"Fabio": 60})  # Elena's deadwood left empty: 0
    expect(total(phone, "Elena")).to_have_text("85")
    phone.get_by_role("group", name="Result").get_by_label("Dead hand").check()
    expect(phone.get_by_role("group", name="Who knocked?")).to_be_hidden()
    phone.get_by_role("button", name="Record the hand").click()
    expect(phone.get_by_text("Hand 2 recorded.")).to_be_visible()
    enter_hand(phone, 3, "Knock", "Elena", {"Elena": 3, "Fabio": 25})

    events = [
        {
            "type": "hand",
            "result": "gin",
            "knocker": "Elena",
            "deadwood": {"Elena": 0, "Fabio": 60},
        },
        {"type": "hand", "result": "dead"},
        {
            "type": "hand",
            "result": "knock",
            "knocker": "Elena",
            "deadwood": {"Elena": 3, "Fabio": 25},
        },
    ]
    state = replay_document(
        {"preset": "gin-standard", "players": ["Elena", "Fabio"], "events": events}
    )
    assert state["finished"] and state["winner"] == "Elena"
    expect(phone.locator(".result")).to_contain_text("Elena wins")
    expect(phone.locator(".result")).to_contain_text("Finished: Elena reached the target score.")
    ranking = phone.get_by_role("list", name="Ranking").get_by_role("listitem")
    for item, player in zip(
        ranking.all(), sorted(state["players"], key=lambda p: p["place"]), strict=True
    ):
        expect(item).to_contain_text(player["name"])
        expect(item).to_contain_text(str(player["total"]))
    for player in state["players"]:
        expect(total(phone, player["name"])).to_have_text(str(player["total"]))
    assert {p["name"]: p["total"] for p in state["players"]} == {"Elena": 514, "Fabio": 0}
    expect(phone.get_by_role("button", name="Record the hand")).to_have_count(0)
