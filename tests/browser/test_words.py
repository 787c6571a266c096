"""Words a club reads (issue 20), in Chromium on a phone, in Italian: a match at "Tavolo 2" typed
with its word is said once, and the statuses and the history agree with a woman player.

Italian: this test needs the compiled catalogue (see HELPERS.md)."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from clubs.models import Gender, Role
from scoring import services
from tests.factories import ClubFactory, PlayerFactory, member

SHOTS = os.environ.get("TALLONE_SHOTS")  # a folder to keep the screenshots in, to look at them


def logged_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


@pytest.mark.django_db(transaction=True)
def test_the_italian_match_page_agrees_with_a_woman_player(phone, live_server):
    club = ClubFactory(name="Circolo Aurora", slug="aurora")
    players = [
        PlayerFactory(club=club, name="Anna Ferri", gender=Gender.FEMALE),
        PlayerFactory(club=club, name="Bruno Neri", gender=Gender.MALE),
        PlayerFactory(club=club, name="Carla Conti", gender=Gender.FEMALE),
        PlayerFactory(club=club, name="Dario Rossi"),
    ]
    match = services.match_start(
        club=club, user=None, preset="scala40-club", players=players, table_label="Tavolo 2"
    )
    points = {"Bruno Neri": 30, "Carla Conti": 105, "Dario Rossi": 12}
    services.hand_record(match=match, user=None, data={"closer": "Anna Ferri", "points": points})
    logged_in(phone, live_server, member(club, Role.SCOREKEEPER))

    phone.goto(live_server.url + match.get_absolute_url())
    expect(phone.get_by_role("heading", level=1)).to_have_text("Scala 40 · Tavolo 2")
    carla = phone.locator('.score-row[data-player="Carla Conti"]')
    expect(carla.locator(".badge.status")).to_have_text("Sballata")
    expect(phone.locator("#event-1")).to_contain_text("sballata")
    expect(phone.locator(".rules-line")).to_contain_text("Sballo a 101")
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/match-woman-it.png", full_page=True)

    phone.get_by_text("Carla Conti resta fuori", exact=True).click()  # asks first (issue 25)
    phone.get_by_role("button", name="Conferma: Carla Conti resta fuori").click()
    expect(carla.locator(".badge.status")).to_have_text("Eliminata definitivamente")
    phone.goto(live_server.url + reverse("scoring:history", args=[match.pk]))
    expect(phone.locator("body")).to_contain_text("sballata")
    expect(phone.locator("body")).not_to_contain_text("Tavolo Tavolo")
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/history-woman-it.png", full_page=True)
