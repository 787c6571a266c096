"""Issue 19 in Chromium: the players' own phones, without accounts. The director starts round 1
of a 9-player Scala 40 tournament (three tables); at each table a phone joins by the table code
(typed on "Join a table", or opened from the QR code's address) and plays the match to the end,
a second phone of the table confirms it (the phone that entered the last hand is refused), one
table disputes instead; the console shows two tables confirmed at the table and one disputed,
and the standings count the confirmed tables only, until the director confirms the disputed one
with a reason."""

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from scoring.models import TableCode
from tests.browser.conftest import ARTIFACTS
from tests.browser.steps import english, take_seat
from tests.factories import PASSWORD, ClubFactory, PlayerFactory, member
from tournaments import services
from tournaments.models import Format, Table

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Luisa")


# Counts the round panel's refreshes (htmx asks each one with htmx:beforeRequest).
COUNT_ROUND_REFRESHES = """
window.roundRefreshes = 0;
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.elt.id === "round-panel") window.roundRefreshes += 1;
});
"""


def standing(page, name):
    return page.locator(f'#standings tr[data-player="{name}"]')


def join(page, live_server, code: str, name: str, *, by_qr: bool) -> None:
    """Join a table: by the QR code's address (the code is in it), or typed on the page the
    home page links."""
    english(page, live_server)
    if by_qr:
        page.goto(live_server.url + f"/matches/join/{code}/")
        expect(page.get_by_label("Table code")).to_have_value(code)
    else:
        page.goto(live_server.url + "/")
        page.get_by_role("link", name="Join a table").first.click()
        page.get_by_label("Table code").fill(code.lower())
        page.get_by_role("button", name="Choose your seat").click()
    # then who the phone is at the table: the player's seat (issue 25; the QR address opens here)
    take_seat(page, name, language="en")
    expect(page.locator("#joined-as")).to_contain_text(f"This phone joined as {name}.")


def play_to_the_end(page, names: list[str]) -> None:
    """One hand: the first closes, the others take big points (150, 200...) and go out."""
    page.get_by_role("group", name="Who closed?").get_by_label(names[0], exact=True).check()
    for index, name in enumerate(names[1:]):
        page.get_by_role("group", name=name, exact=True).get_by_label("Points").fill(
            str(150 + 50 * index)
        )
    page.get_by_role("button", name="Record the hand").click()
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_phones_join_by_code_play_confirm_and_dispute_and_the_console_shows_it(
    browser, live_server, request
):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    director = member(club, Role.DIRECTOR, username="dora")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa dei telefoni",
        preset="scala40",
        format=Format.ROUNDS,
        table_size=3,
        table_size_min=3,
    )
    for name in NAMES:
        player = PlayerFactory(club=club, name=name)
        services.entry_register(tournament=tournament, user=director, player=player, check_in=True)

    laptop = browser.new_context(viewport=LAPTOP, locale="en-GB")
    desk = laptop.new_page()
    phones = []
    pages = [("desk", desk)]
    try:
        desk.set_default_timeout(10_000)
        english(desk, live_server)
        desk.goto(live_server.url + "/accounts/login/")
        desk.get_by_label("Username").fill("dora")
        desk.get_by_label("Password").fill(PASSWORD)
        desk.get_by_role("main").get_by_role("button", name="Log in").click()
        desk.goto(live_server.url + tournament.get_absolute_url())
        desk.get_by_role("button", name="Seat the next round").click()
        desk.get_by_role("button", name="Start round 1").click()
        expect(desk.get_by_text("Round 1 started.")).to_be_visible()
        tables = list(
            Table.objects.filter(round__tournament=tournament)
            .select_related("match")
            .order_by("number")
        )
        assert [table.match.seats.count() for table in tables] == [3, 3, 3]
        # the director sees each table's code on the console (as printed on its sheet)
        codes = [TableCode.objects.get(match=table.match, is_current=True).code for table in tables]
        for table, code in zip(tables, codes, strict=True):
            expect(desk.locator(f"#table-{table.number} .t-code")).to_contain_text(code)

        winners = {}
        for table, code in zip(tables, codes, strict=True):
            names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
            winners[table.number] = names
            context = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=1)
            phones.append(context)
            scorer, checker = context.new_page(), None
            scorer.set_default_timeout(10_000)
            pages.append((f"table{table.number}-scorer", scorer))
            join(scorer, live_server, code, names[0], by_qr=table.number == 1)
            play_to_the_end(scorer, names)

            # the phone that entered the last hand is not offered the confirmation: another is
            expect(scorer.locator("#confirm-elsewhere")).to_be_visible()
            expect(scorer.get_by_role("button", name="Confirm the result")).to_have_count(0)

            other = browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=1)
            phones.append(other)
            checker = other.new_page()
            checker.set_default_timeout(10_000)
            pages.append((f"table{table.number}-checker", checker))
            join(checker, live_server, code, names[1], by_qr=table.number != 1)
            if table.number < 3:
                checker.get_by_role("button", name="Confirm the result").click()
                expect(checker.get_by_text("Thank you: the result is confirmed.")).to_be_visible()
                expect(checker.get_by_text("the match is read-only now")).to_be_visible()
            else:
                checker.get_by_text("This is not right").click()
                checker.get_by_label("What is not right?").fill("Carla had 15, not 150")
                checker.get_by_role("button", name="Call the director").click()
                expect(checker.get_by_text("The director has been told.")).to_be_visible()

        desk.reload()
        for number in (1, 2):
            expect(desk.locator(f"#table-{number} .t-confirmed-at-table")).to_have_text(
                f"Confirmed at the table by {winners[number][1]}'s phone"  # the seat (issue 25)
            )
            expect(desk.locator(f"#table-{number} .badge.state")).to_have_text("Done")
        expect(desk.locator("#table-3 .t-disputed")).to_contain_text(f"Disputed by {winners[3][1]}")
        expect(desk.locator("#table-3 .t-disputed")).to_contain_text("Carla had 15, not 150")
        expect(desk.locator(".t-confirmed-at-table")).to_have_count(2)
        expect(desk.locator(".t-disputed")).to_have_count(1)

        # Standings: the two confirmed tables count (7, 4, 1 by place), the disputed one not yet.
        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/standings/")
        for number in (1, 2):
            first, second, third = winners[number]
            expect(standing(desk, first).locator(".points")).to_have_text("7")
            expect(standing(desk, second).locator(".points")).to_have_text("4")
            expect(standing(desk, third).locator(".points")).to_have_text("1")
        for name in winners[3]:
            expect(standing(desk, name).locator(".points")).to_have_text("0")

        # The director checks the sheet and confirms the disputed table with a reason.
        desk.clock.install()  # the page's timers, run forward below instead of waited for
        desk.goto(live_server.url + tournament.get_absolute_url())
        desk.evaluate(COUNT_ROUND_REFRESHES)
        desk.locator("#table-3").get_by_label("Why the result stands").fill("Sheet checked: 150")
        # The console refreshes its round panel every 15 s: what the director typed survives it.
        desk.clock.run_for(16_000)
        assert desk.evaluate("window.roundRefreshes") >= 1  # the refresh came, and waited
        expect(desk.locator("#table-3").get_by_label("Why the result stands")).to_have_value(
            "Sheet checked: 150"
        )
        desk.locator("#table-3").get_by_role("button", name="Confirm table 3").click()
        expect(desk.get_by_text("Table 3 confirmed.")).to_be_visible()
        desk.goto(live_server.url + f"/tournaments/{tournament.pk}/standings/")
        expect(standing(desk, winners[3][0]).locator(".points")).to_have_text("7")
        expect(standing(desk, winners[3][2]).locator(".points")).to_have_text("1")
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        for label, page in pages:
            page.screenshot(
                path=str(ARTIFACTS / f"{request.node.name}-{label}.png"), full_page=True
            )
        raise
    finally:
        laptop.close()
        for context in phones:
            context.close()
