"""Issue 25 in Chromium, on phones, in Italian: a phone is a seat of the table. Anna, logged in,
joins her table as Anna and plays the match to the end: neither her phone nor her account may
confirm it. Her private tab cannot take Anna's seat again ("già occupato su un altro telefono"),
and following only it cannot confirm. The director releases Anna's seat on the console; the
private tab then holds Anna's seat, but that seat wrote the result: still no confirmation. Bruno's
phone confirms, and the console says which seat entered and which confirmed."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from scoring.models import TableCode
from tests.browser.steps import log_in
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member
from tournaments import services
from tournaments.models import Format, Table

SHOTS = Path("/work/shots-seats")  # screenshots of the walk, to look at
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
NAMES = ("Anna", "Bruno", "Carla")


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def choose_seat(page, live_server, code: str) -> None:
    """Open the QR code's address: the page asks who you are."""
    page.goto(live_server.url + f"/matches/join/{code}/")
    expect(page.get_by_text("Chi sei a questo tavolo?")).to_be_visible()


def csrf(page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")


@pytest.mark.django_db(transaction=True)
def test_a_logged_in_player_and_a_second_session_cannot_confirm_their_own_table(
    browser, live_server
):
    club = ClubFactory(name="Circolo del Tallone", slug="tallone")
    director = member(club, Role.DIRECTOR, username="dora")
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa dei posti",
        preset="scala40",
        format=Format.ROUNDS,
        table_size=3,
        table_size_min=3,
    )
    anna_user = UserFactory(username="anna")  # a player of the table, not a member of the club
    for name in NAMES:
        player = PlayerFactory(club=club, name=name, user=anna_user if name == "Anna" else None)
        services.entry_register(tournament=tournament, user=director, player=player, check_in=True)
    round = services.round_seat(tournament=tournament, user=director, seed=1)
    services.round_start(round=round, user=director)
    table = Table.objects.select_related("match").get(round=round)
    code = TableCode.objects.get(match=table.match, is_current=True).code
    seats = list(table.match.seats.order_by("seat").values_list("name", flat=True))

    contexts = [
        browser.new_context(viewport=PHONE, locale="it-IT", device_scale_factor=2) for _ in range(3)
    ]
    laptop = browser.new_context(viewport=LAPTOP, locale="it-IT")
    anna, private_tab, bruno = (context.new_page() for context in contexts)
    desk = laptop.new_page()
    try:
        for page in (anna, private_tab, bruno, desk):
            page.set_default_timeout(10_000)

        # Her private tab opens the seats before her own phone takes Anna's (a taken seat is
        # shown disabled: only a seat taken meanwhile is refused).
        choose_seat(private_tab, live_server, code)
        # Anna, logged in, joins her table as Anna and plays the match to the end.
        log_in(anna, live_server, "anna", language="it")
        choose_seat(anna, live_server, code)
        shot(anna, "01-anna-chooses-her-seat")
        anna.get_by_label("Anna", exact=True).check()
        anna.get_by_role("button", name="Collegati al tavolo").click()
        expect(anna.locator("#joined-as")).to_have_text("Questo telefono è collegato come Anna.")
        anna.get_by_role("group", name="Chi ha chiuso?").get_by_label(seats[0], exact=True).check()
        for index, name in enumerate(seats[1:]):
            anna.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill(
                str(150 + 50 * index)
            )
        anna.get_by_role("button", name="Registra la mano").click()
        expect(anna.get_by_text("Mano 1 registrata.")).to_be_visible()
        # her phone is not offered the confirmation, and her account is refused it too
        expect(anna.locator("#confirm-elsewhere")).to_be_visible()
        expect(anna.get_by_role("button", name="Conferma il risultato")).to_have_count(0)
        shot(anna, "02-anna-entered-the-result")
        refused = anna.request.post(
            live_server.url + f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm/",
            headers={"X-CSRFToken": csrf(anna), "Accept-Language": "it"},
        )
        assert refused.status == 403
        assert refused.json()["detail"].startswith("Hai registrato una parte di questo risultato")

        # Her private tab: Anna's seat is taken; following only, it cannot confirm.
        private_tab.get_by_label("Anna", exact=True).check()
        private_tab.get_by_role("button", name="Collegati al tavolo").click()
        expect(
            private_tab.get_by_text(
                "Il posto di Anna è già occupato su un altro telefono: chiedi al direttore di gara."
            )
        ).to_be_visible()
        shot(private_tab, "03-private-tab-seat-taken")
        private_tab.get_by_label("Segui soltanto la partita (sola lettura)").check()
        private_tab.get_by_label("Il tuo nome").fill("Io")
        private_tab.get_by_role("button", name="Collegati al tavolo").click()
        expect(private_tab.locator("#joined-as")).to_have_text(
            "Questo telefono segue la partita come Io, senza un posto: sola lettura."
        )
        expect(private_tab.get_by_role("button", name="Conferma il risultato")).to_have_count(0)
        shot(private_tab, "04-private-tab-follows")

        # The director sees who holds which seat and who entered, and releases Anna's seat.
        log_in(desk, live_server, "dora", language="it")
        desk.goto(live_server.url + tournament.get_absolute_url())
        row = desk.locator("#table-1")
        expect(row.locator(".t-entered-by")).to_have_text("Segnato da Anna (dal suo telefono)")
        number = seats.index("Anna") + 1
        expect(row.locator(".t-phones")).to_contain_text(f"Posto {number} (Anna): un telefono")
        shot(desk, "05-console-seats")
        row.get_by_role("button", name="Libera il posto di Anna").click()
        expect(
            desk.get_by_text(
                "Il posto di Anna è libero: un altro telefono può collegarsi come Anna."
            )
        ).to_be_visible()

        # The private tab now takes Anna's seat: that seat wrote the result, so no confirmation.
        choose_seat(private_tab, live_server, code)
        private_tab.get_by_label("Anna", exact=True).check()
        private_tab.get_by_role("button", name="Collegati al tavolo").click()
        expect(private_tab.locator("#joined-as")).to_have_text(
            "Questo telefono è collegato come Anna."
        )
        expect(private_tab.locator("#confirm-elsewhere")).to_be_visible()
        expect(private_tab.get_by_role("button", name="Conferma il risultato")).to_have_count(0)
        shot(private_tab, "06-private-tab-as-anna-cannot-confirm")
        refused = private_tab.request.post(
            live_server.url
            + f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/confirm-at-table/",
            headers={"X-CSRFToken": csrf(private_tab), "Accept-Language": "it"},
        )
        assert refused.status == 403

        # Bruno's phone confirms; the console says which seat entered and which confirmed.
        choose_seat(bruno, live_server, code)
        bruno.get_by_label("Bruno", exact=True).check()
        bruno.get_by_role("button", name="Collegati al tavolo").click()
        bruno.get_by_role("button", name="Conferma il risultato").click()
        expect(bruno.get_by_text("Grazie: il risultato è confermato.")).to_be_visible()
        shot(bruno, "07-bruno-confirms")
        desk.reload()
        expect(row.locator(".t-confirmed-at-table")).to_have_text(
            "Confermato al tavolo da Bruno (dal suo telefono)"
        )
        expect(row.locator(".t-entered-by")).to_have_text("Segnato da Anna (dal suo telefono)")
        expect(row.locator(".badge.state")).to_have_text(re.compile(r"\S"))
        shot(desk, "08-console-confirmed")
    finally:
        for context in (*contexts, laptop):
            context.close()
