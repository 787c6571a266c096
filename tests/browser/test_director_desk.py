"""Small things a director trips over (issue 25), in Chromium, in Italian, on a laptop
(1366x900): starting a round with a dropped player still seated is refused in view, and the
player is marked at their table with "seat the round again" there, which works; once a round is
seated its panel comes first; a check-in at the desk answers in place, without taking the page
back to the top; the projector's bracket fills a 1366x768 screen, and before any result its
standings say nothing like "after 0 rounds"."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Gender
from pairings import services as pairing_services
from tests.browser.steps import in_view, log_in, window
from tests.pairings.test_services import gin_tournament
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.models import Entry, Format

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 900}
PROJECTOR = {"width": 1366, "height": 768}
# Screenshots to look at: TALLONE_SHOTS=/some/dir
SHOTS = os.environ.get("TALLONE_SHOTS", "")


def shot(page, name, *, full_page=False):
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full_page)


@pytest.fixture
def laptop(browser, request):
    """A laptop-sized window in Italian; any content security policy violation fails the test."""
    with window(browser, request, LAPTOP, "it-IT") as page:
        yield page


def evening(players: int = 12) -> tuple[Staff, object]:
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=2,
        is_public=True,
    )
    enter_players(tournament, staff.director, players)
    return staff, tournament


def test_a_dropped_player_still_seated_is_refused_in_view_marked_and_reseated_at_the_table(
    laptop, live_server
):
    staff, tournament = evening()
    services.round_seat(tournament=tournament, user=staff.director, seed=1)
    carla = Entry.objects.get(tournament=tournament, player__name="Giocatore 07")
    carla.player.gender = Gender.FEMALE
    carla.player.save(update_fields=["gender"])
    table = carla.seats.get().table.number
    services.entry_drop(entry=carla, user=staff.director)
    log_in(laptop, live_server, staff.director.username, language="it")
    laptop.goto(live_server.url + tournament.get_absolute_url())

    # The round is seated: its panel comes first, above the players'.
    round_top = laptop.locator("#round").bounding_box()["y"]
    assert round_top < laptop.locator("#check-in").bounding_box()["y"]
    assert round_top < 400  # under the tournament's title, not ~840 px down
    shot(laptop, "desk-round-first", full_page=True)

    # The start is refused, and the refusal is in view after the page comes back.
    laptop.get_by_role("button", name="Inizia il turno 1").click()
    refusal = laptop.locator("#round .message.error")
    expect(refusal).to_have_text(
        "Ritirati dopo l'assegnazione dei tavoli: Giocatore 07. Riassegna i tavoli del turno."
    )
    assert in_view(laptop, refusal)
    shot(laptop, "desk-start-refused")

    # She is marked at her table, which offers to seat the round again.
    at_table = laptop.locator(f"#table-{table}")
    expect(at_table.locator(".badge.dropped")).to_have_text("ritirata")
    expect(laptop.locator(".t-seats .badge.dropped")).to_have_count(1)
    at_table.get_by_role("button", name="Riassegna i tavoli del turno").click()
    expect(laptop.get_by_role("heading", name="Riassegnare i tavoli del turno 1?")).to_be_visible()
    laptop.get_by_role("button", name="Riassegna i tavoli", exact=True).click()
    done = laptop.locator("#round .message.success")
    expect(done).to_have_text("Tavoli del turno 1 riassegnati.")
    assert in_view(laptop, done)
    expect(laptop.locator(".t-seats .badge.dropped")).to_have_count(0)
    expect(laptop.locator("#round-panel")).not_to_contain_text("Giocatore 07")
    shot(laptop, "desk-reseated")

    # Now the round starts, and says so in view.
    laptop.get_by_role("button", name="Inizia il turno 1").click()
    started = laptop.locator("#round .message.success")
    expect(started).to_have_text("Turno 1 iniziato.")
    assert in_view(laptop, started)
    assert tournament.rounds.get(number=1).status == "running"  # seated anew, then started


def test_before_the_first_round_the_players_panel_comes_first(laptop, live_server):
    staff, tournament = evening(players=4)
    log_in(laptop, live_server, staff.director.username, language="it")
    laptop.goto(live_server.url + tournament.get_absolute_url())
    assert (
        laptop.locator("#check-in").bounding_box()["y"]
        < laptop.locator("#round").bounding_box()["y"]
    )


def test_a_check_in_at_the_desk_answers_in_place_without_going_back_to_the_top(laptop, live_server):
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        rounds_planned=2,
    )
    entries = enter_players(tournament, staff.director, 20)
    for entry in entries:  # registered, not here yet
        Entry.objects.filter(pk=entry.pk).update(status="registered", checked_in_at=None)
    log_in(laptop, live_server, staff.director.username, language="it")
    laptop.goto(live_server.url + f"/tournaments/{tournament.pk}/entries/")
    laptop.evaluate("window.stillThisPage = true")  # gone if the page loads again

    card = laptop.locator('.entry-card[data-player="Giocatore 17"]')
    card.scroll_into_view_if_needed()
    scrolled = laptop.evaluate("window.scrollY")
    assert scrolled > 300
    card.get_by_role("button", name="Segna presente").click()
    expect(card.locator(".entry-state")).to_have_text("Presente")
    expect(card.locator(".message")).to_have_text("Segnato presente: Giocatore 17.")
    assert laptop.evaluate("window.stillThisPage") is True  # answered in place
    assert abs(laptop.evaluate("window.scrollY") - scrolled) < 5
    assert in_view(laptop, card)
    shot(laptop, "desk-check-in-in-place")
    assert Entry.objects.get(pk=entries[16].pk).status == "checked_in"


def test_the_projector_bracket_fills_the_screen(browser, live_server):
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SINGLE_ELIMINATION, 8)
    pairing_services.draw(tournament=tournament, user=staff.director)
    context = browser.new_context(viewport=PROJECTOR, locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/?show=bracket")
        expect(page.locator(".pj-screen.is-shown")).to_have_attribute("data-key", "bracket")
        bracket = page.locator(".pj-screen.is-shown .pj-bracket").bounding_box()
        body = page.locator(".pj-screen.is-shown .pj-body").bounding_box()
        shot(page, "projector-bracket-8")
        assert bracket["width"] >= 0.9 * body["width"]
        assert bracket["height"] >= 0.8 * body["height"]  # not the top half alone
        assert bracket["y"] + bracket["height"] <= PROJECTOR["height"]
    finally:
        context.close()


def test_the_projector_says_no_after_0_rounds_before_any_result(browser, live_server):
    staff, tournament = evening(players=8)
    services.round_seat(tournament=tournament, user=staff.director, seed=1)
    context = browser.new_context(viewport=PROJECTOR, locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/?show=standings")
        screen = page.locator(".pj-screen.is-shown")
        expect(screen).to_have_attribute("data-key", "standings")
        expect(screen.locator(".pj-bar")).to_contain_text("Ancora nessun risultato")
        expect(screen).not_to_contain_text("Dopo 0 turni")
        assert screen.locator(".pj-line:not(.pj-headline) .pj-lead").all_inner_texts() == [""] * 8
        shot(page, "projector-standings-before-results")
    finally:
        context.close()
