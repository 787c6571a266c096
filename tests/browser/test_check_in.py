"""Self check-in and "where do I sit?" in Chromium (issue 19): the director opens the check-in QR
code on a laptop; players on phones (390x844, Italian, no account) open its link, filter the
list and tap their name, a second tap says they were already checked in, a guest types a name;
the director's console shows each arrival and the guest by itself (it refreshes its panel), the
director approves the guest and seats round 1; the players find their table and seat by typing
part of their name, on the page the check-in leads to and on the round's public page.

The phones' pages are in Italian: their assertions read names, numbers and the page's classes,
never words, so they hold in either language."""

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from scoring.printing import qr_code
from tests.browser.conftest import ARTIFACTS, is_csp_violation
from tests.browser.steps import log_in
from tests.factories import ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import EntryStatus, Format, TableSeat
from tournaments.views.checkin import CHECK_IN_POLL_SECONDS, GUEST_POLL_SECONDS

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PANEL_SECONDS = CHECK_IN_POLL_SECONDS  # the console's panel refreshes every 10 s
GUEST_SECONDS = GUEST_POLL_SECONDS  # a waiting guest's phone asks every 3 s
PANEL_WAIT = 20_000  # ms
GUEST_WAIT = 8_000  # ms


def seat_of(tournament, name):
    seat = TableSeat.objects.select_related("table").get(
        table__round__tournament=tournament, entry__player__name=name
    )
    return seat.table.number, seat.seat


@pytest.mark.django_db(transaction=True)
def test_players_check_in_by_qr_and_find_their_seat(browser, live_server, request):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone", is_public=True)
    director = member(club, Role.DIRECTOR, username="dora")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa del giovedì",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee="10",
    )
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Elena Neri"):
        services.entry_register(
            tournament=tournament, user=director, player=PlayerFactory(club=club, name=name)
        )

    laptop_context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    desk = laptop_context.new_page()
    phone_contexts = [
        browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2) for _ in range(3)
    ]
    anna, carla, dario = (context.new_page() for context in phone_contexts)
    pages = {"desk": desk, "anna": anna, "carla": carla, "dario": dario}
    violations = []
    for page in pages.values():
        page.set_default_timeout(10_000)
        page.on("console", lambda m: violations.append(m.text) if is_csp_violation(m) else None)
    # The pages' timers (the console's panel every 10 s, the waiting guest's every 3 s) are run
    # forward below instead of waited for.
    desk.clock.install()
    dario.clock.install()
    try:
        # The director opens the console, then the check-in QR code.
        log_in(desk, live_server, "dora")
        desk.goto(live_server.url + tournament.get_absolute_url())
        expect(desk.locator(".check-in-count")).to_contain_text("0 checked in, 4 registered")
        desk.get_by_role("link", name="Check-in QR code").click()
        link = desk.locator(".poster-url a").get_attribute("href")
        assert link == f"{live_server.url}/tournaments/check-in/{tournament.check_in_key}/"
        # The QR code on the page is the code of that link (what a phone's camera opens).
        assert desk.locator("img.poster-qr").get_attribute("src") == qr_code(link)
        box = desk.locator("img.poster-qr").bounding_box()
        assert box["width"] >= 300  # large enough to scan across a room
        desk.goto(live_server.url + tournament.get_absolute_url())

        # Anna filters the list by typing and taps her name.
        anna.goto(link)
        expect(anna.locator("html")).to_have_attribute("lang", "it")
        anna.locator("#name-filter").fill("ann")
        expect(anna.locator(".name-list li:visible")).to_have_count(1)
        anna.locator('li[data-name="Anna Rossi"] button').click()
        expect(anna.locator(".check-in-done")).to_contain_text("Anna Rossi")
        expect(anna.locator(".messages .message")).to_have_count(0)  # said once, in the banner

        # The console shows her without a reload.
        desk.clock.run_for(PANEL_SECONDS * 1000)
        expect(desk.locator('.latest-check-ins li[data-player="Anna Rossi"]')).to_be_visible(
            timeout=PANEL_WAIT
        )
        expect(desk.locator(".check-in-count")).to_contain_text("1 checked in, 3 registered")

        # Carla checks in, then taps her name again on another phone's list: once only.
        carla.goto(link)
        carla.locator('li[data-name="Carla Verdi"] button').click()
        expect(carla.locator(".check-in-done")).to_contain_text("Carla Verdi")
        dario.goto(link)
        badge = dario.locator('li[data-name="Carla Verdi"] .badge')
        expect(badge).to_be_visible()
        # a green pill, without the match page's yellow mark of a pending hand on its left
        expect(badge).to_have_css("border-left-width", "0px")
        expect(badge).to_have_css("background-color", "rgb(224, 239, 231)")
        dario.locator('li[data-name="Carla Verdi"] button').click()
        expect(dario.locator(".check-in-done")).to_contain_text("Carla Verdi")
        expect(dario.locator(".messages .message")).to_have_count(0)
        assert tournament.entries.filter(status=EntryStatus.CHECKED_IN).count() == 2
        dario.context.clear_cookies()  # the guest's own phone, from here on

        # Dario, a guest, is not on the list: he types his name and waits.
        dario.goto(link)
        dario.locator("#name-filter").fill("dario")
        expect(dario.locator("#no-name")).to_be_visible()
        dario.locator("#id_name").fill("Dario Ospite")
        dario.locator("#id_name").press("Enter")
        expect(dario.locator(".check-in-wait")).to_contain_text("Dario Ospite")
        # While he waits, no list of names to tap (nor the guest form): only the wait.
        expect(dario.locator(".name-list")).to_have_count(0)
        expect(dario.locator("#id_name")).to_have_count(0)

        # The console shows the guest by itself; the director approves him.
        guest = desk.locator('.guest-list li[data-guest="Dario Ospite"]')
        desk.clock.run_for(PANEL_SECONDS * 1000)
        expect(guest).to_be_visible(timeout=PANEL_WAIT)
        guest.get_by_role("button", name="Approve").click()
        expect(desk.get_by_text("Dario Ospite registered and checked in.")).to_be_visible()
        expect(desk.locator(".check-in-count")).to_contain_text("3 checked in, 2 registered")
        # The guest's phone learns it without a reload, within seconds (it asks every 3 s while
        # it waits), and then stops asking.
        dario.clock.run_for(GUEST_SECONDS * 1000)
        expect(dario.locator(".check-in-done")).to_contain_text("Dario Ospite", timeout=GUEST_WAIT)
        expect(dario.locator("#check-in")).not_to_have_attribute("hx-trigger", re.compile("."))
        # The page then is the one a reload shows: one "where do I sit?", no list of names.
        where = dario.locator(f'a[href^="/tournaments/check-in/{tournament.check_in_key}/where/"]')
        expect(where).to_have_count(1)
        expect(dario.locator(".name-list")).to_have_count(0)
        polled = dario.locator("main").inner_text()
        dario.reload()
        expect(dario.locator(".check-in-done")).to_contain_text("Dario Ospite")
        assert dario.locator("main").inner_text() == polled

        # Bruno arrives at the desk; the director seats round 1 (the four present).
        services.entry_check_in(
            entry=tournament.entries.get(player__name="Bruno Bianchi"), user=director
        )
        desk.reload()
        desk.get_by_role("button", name="Seat the next round").click()
        expect(desk.locator(".messages .success")).to_contain_text("Round 1 seated")

        # Anna reloads her check-in page: "where do I sit?" shows her table and seat, large.
        anna.goto(link)
        anna.locator(".check-in-me a.button").click()
        table, seat = seat_of(tournament, "Anna Rossi")
        card = anna.locator('.seat-card[data-player="Anna Rossi"]')
        expect(card.locator(".seat-table")).to_have_text(re.compile(rf"\b{table}$"))
        expect(card.locator(".seat-seat")).to_have_text(re.compile(rf"\b{seat}$"))
        assert (
            float(card.locator(".seat-table").evaluate("e => getComputedStyle(e).fontSize")[:-2])
            >= 32
        )

        # Carla uses the round's public page, typing part of her name: the list filters as she
        # types, and the form finds her seat.
        carla.goto(live_server.url + f"/tournaments/{tournament.pk}/where/")
        carla.locator("#where-q").fill("ver")
        expect(carla.locator("#where-list tbody tr:visible")).to_have_count(1)
        expect(carla.locator('#where-list tr[data-name="Carla Verdi"]')).to_be_visible()
        carla.locator("#where-q").press("Enter")
        table, seat = seat_of(tournament, "Carla Verdi")
        card = carla.locator('.seat-card[data-player="Carla Verdi"]')
        expect(card.locator(".seat-table")).to_have_text(re.compile(rf"\b{table}$"))
        expect(card.locator(".seat-seat")).to_have_text(re.compile(rf"\b{seat}$"))
        # Elena never checked in: she is not seated, and the page says nobody matches.
        carla.locator("#where-q").fill("elena")
        carla.locator("#where-q").press("Enter")
        expect(carla.locator(".seat-card")).to_have_count(0)
        expect(carla.locator(".where-found .notice")).to_contain_text("elena")

        # The console lists everyone present.
        desk.goto(live_server.url + tournament.get_absolute_url())
        expect(desk.locator(".check-in-count")).to_contain_text("4 checked in, 1 registered")
        for name in ("Anna Rossi", "Carla Verdi", "Dario Ospite", "Bruno Bianchi"):
            expect(desk.locator(f'.latest-check-ins li[data-player="{name}"]')).to_be_visible()
        assert violations == [], "a page broke its content security policy"
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        for label, page in pages.items():
            page.screenshot(
                path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True
            )
        raise
    finally:
        laptop_context.close()
        for context in phone_contexts:
            context.close()
