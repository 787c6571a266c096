"""Issue 28 in Chromium, on four phones, in Italian: a Burraco table countersigns its result.

The director starts a club night's Burraco match on the start page; its table code is on the
match page. Four phones (four browser contexts) join a seat each by the code: Anna and Carla are
NS (seats 1 and 3), Bruno and Dario EO (seats 2 and 4). Anna enters the whole free-play match to
2005: a closing, a tallone end with a pozzetto not taken, a correction of that hand, and the
closing that wins it; the pozzetto penalty's question shows only while "Fine tempo" is chosen.
The totals are those worked out by hand from BURRACO.md below. Carla's phone (NS) is refused the
confirmation, in words; Bruno's (EO) confirms; every phone then says the result is confirmed.
Screenshots of the walk go to /tmp/shots-countersign/.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.steps import join_at_seat, log_in
from tests.factories import ClubFactory, PlayerFactory, member

SHOTS = Path("/tmp/shots-countersign")
PHONE = {"width": 390, "height": 844}
NAMES = ("Anna", "Bruno", "Carla", "Dario")  # seats 1 to 4: NS = Anna, Carla; EO = Bruno, Dario
NS, EO = "NS (Anna, Carla)", "EO (Bruno, Dario)"

# The match, worked out by hand with the defaults of BURRACO.md section 1 (pulito 200, sporco
# 100, closing 100, pozzetto not taken -100, an unplayed pozzetto off its line's base):
# Hand 1, NS closes (B1 hand 1): NS base 200 + 100 + 100 = 400, carte 385 - 15 = 370: 770;
#   EO base 100 - 110 = -10, carte 240 - 80 = 160: 150.                NS 770, EO 150.
# Hand 2, tallone, as first typed (NS in hand 60 instead of 40): NS base 200 + 100 = 300,
#   carte 455 - 60 = 395: 695; EO (pozzetto not taken) base 100 - 100 = 0, carte 180 - 220
#   = -40: -40.                                                         NS 1465, EO 110.
# Hand 2 corrected (NS in hand 40): NS carte 455 - 40 = 415: 715.      NS 1485, EO 110.
# Hand 3, NS closes again as in hand 1: NS +770, EO +150.              NS 2255, EO 260.
# NS is at 2005 or more and above EO: NS wins (the free play's target, 2005).
HAND_1 = {
    NS: {"Puliti": 1, "Sporchi": 1, "taken": "Sì", "Carte sul tavolo": 385, "Carte in mano": 15},
    EO: {
        "Sporchi": 1,
        "taken": "Sì",
        "Pozzetto non giocato": 110,
        "Carte sul tavolo": 240,
        "Carte in mano": 80,
    },
}
HAND_2_TYPED = {
    NS: {"Puliti": 1, "Sporchi": 1, "taken": "Sì", "Carte sul tavolo": 455, "Carte in mano": 60},
    EO: {"Sporchi": 1, "taken": "No", "Carte sul tavolo": 180, "Carte in mano": 220},
}


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def line_total(page, line: str):
    return page.locator(f'.line-score[data-line="{line}"] .total')


def fill_line(page, legend: str, values: dict) -> None:
    """A line's burraci by their steppers (one tap each), its pozzetto, its card values."""
    line = page.get_by_role("group", name=legend, exact=True)
    for key, value in values.items():
        if key in ("Puliti", "Sporchi"):
            for _tap in range(int(value)):
                line.get_by_role("button", name=f"Uno in più: {key}").click()
        elif key == "taken":
            line.get_by_role("group", name="Pozzetto preso?").get_by_label(value).check()
        else:
            line.get_by_label(key, exact=True).fill(str(value))


def enter_hand(page, number: int, end: str, hand: dict) -> None:
    page.get_by_role("group", name="Come è finita la smazzata?").get_by_label(
        end, exact=True
    ).check()
    for legend, values in hand.items():
        fill_line(page, legend, values)
    page.get_by_role("button", name="Registra la mano").click()
    expect(page.get_by_text(f"Mano {number} registrata.")).to_be_visible()


def phone_context(browser):
    context = browser.new_context(
        viewport=PHONE, locale="it-IT", device_scale_factor=2, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


@pytest.mark.django_db(transaction=True)
def test_four_phones_play_a_burraco_match_and_the_other_line_countersigns(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone", table_codes=True)
    member(club, Role.DIRECTOR, username="dora")
    for name in NAMES:
        PlayerFactory(club=club, name=name)
    opened = [phone_context(browser) for _ in range(5)]
    director, anna, bruno, carla, dario = (page for _context, page in opened)
    try:
        # The director starts the match, with a table code for the phones.
        log_in(director, live_server, "dora", language="it")
        director.goto(f"{live_server.url}/matches/new/{club.slug}/")
        director.locator("select[name=preset]").select_option("burraco")
        for seat, name in enumerate(NAMES, start=1):
            director.get_by_label(f"Posto {seat}", exact=True).select_option(label=name)
        director.get_by_role("button", name="Inizia la partita").click()
        code = director.locator("#table-code code.code")
        expect(code).to_be_visible()
        shot(director, "01-director-table-code")
        table_code = code.inner_text().strip()

        # Four phones join a seat each by the code.
        for page, name in ((anna, "Anna"), (bruno, "Bruno"), (carla, "Carla"), (dario, "Dario")):
            join_at_seat(page, live_server, table_code, name)
        expect(line_total(anna, "NS")).to_have_text("0")
        shot(anna, "02-anna-joined-ns")

        # Hand 1: NS closes.
        enter_hand(anna, 1, "Ha chiuso NS", HAND_1)
        expect(line_total(anna, "NS")).to_have_text("770")
        expect(line_total(anna, "EO")).to_have_text("150")

        # Hand 2: the tallone; EO did not take its pozzetto. The penalty's question is asked
        # only while play stopped is chosen ("Fine tempo"), not for the tallone.
        ns = anna.get_by_role("group", name=NS, exact=True)
        question = ns.get_by_role("group", name="Paga la penalità del pozzetto?")
        expect(question).to_be_hidden()
        ends = anna.get_by_role("group", name="Come è finita la smazzata?")
        ends.get_by_label("Fine tempo", exact=True).check()
        expect(question).to_be_visible()
        shot(anna, "03-time-called-asks-the-penalty")
        ends.get_by_label("Tallone (mazzo esaurito)", exact=True).check()
        expect(question).to_be_hidden()
        enter_hand(anna, 2, "Tallone (mazzo esaurito)", HAND_2_TYPED)
        expect(line_total(anna, "NS")).to_have_text("1465")
        expect(line_total(anna, "EO")).to_have_text("110")

        # Anna typed 60 for NS's cards in hand: she corrects hand 2 to 40.
        anna.locator("details.hand-picker summary").click()
        anna.get_by_role("navigation", name="Correggi una mano").get_by_role(
            "link", name="2", exact=True
        ).click()
        in_hand = anna.get_by_role("group", name=NS, exact=True).get_by_label(
            "Carte in mano", exact=True
        )
        expect(in_hand).to_have_value("60")
        in_hand.fill("40")
        anna.get_by_label("Motivo").fill("NS aveva 40 in mano")
        shot(anna, "04-correcting-hand-2")
        anna.get_by_role("button", name="Salva la correzione").click()
        expect(anna.get_by_text("Mano 2 corretta.")).to_be_visible()
        expect(line_total(anna, "NS")).to_have_text("1485")
        expect(line_total(anna, "EO")).to_have_text("110")

        # Hand 3: NS closes again and passes 2005.
        enter_hand(anna, 3, "Ha chiuso NS", HAND_1)
        expect(line_total(anna, "NS")).to_have_text("2255")
        expect(line_total(anna, "EO")).to_have_text("260")
        expect(anna.locator(".result-title")).to_contain_text("NS")
        shot(anna, "05-anna-ns-won")

        # NS wrote the whole result: Carla's phone (NS) is told the other line confirms.
        carla.reload()
        expect(line_total(carla, "NS")).to_have_text("2255")
        expect(carla.locator("#confirm-elsewhere")).to_have_text(
            "La linea NS ha scritto il risultato: conferma un giocatore della linea EO."
        )
        expect(carla.get_by_role("button", name="Conferma il risultato")).to_have_count(0)
        shot(carla, "06-carla-ns-refused")
        expect(anna.get_by_role("button", name="Conferma il risultato")).to_have_count(0)

        # Bruno's phone (EO) checks the totals and confirms.
        bruno.reload()
        expect(line_total(bruno, "NS")).to_have_text("2255")
        expect(line_total(bruno, "EO")).to_have_text("260")
        confirm = bruno.get_by_role("button", name="Conferma il risultato")
        expect(confirm).to_be_visible()
        shot(bruno, "07-bruno-eo-confirms")
        confirm.click()
        expect(bruno.get_by_text("Grazie: il risultato è confermato.")).to_be_visible()
        shot(bruno, "08-bruno-confirmed")

        # Every phone, and the director, says it is confirmed, and by whom.
        for page, name in ((anna, "anna"), (bruno, "bruno"), (carla, "carla"), (dario, "dario")):
            page.reload()
            expect(page.locator("#confirmed-here")).to_have_text("Il risultato è confermato.")
            expect(page.locator("#countersigned")).to_contain_text(
                "Risultato confermato da Bruno alle"
            )
            expect(page.get_by_role("button", name="Conferma il risultato")).to_have_count(0)
            shot(page, f"09-{name}-sees-confirmed")
        director.reload()
        expect(director.locator("#countersigned")).to_contain_text("Risultato confermato da Bruno")
        shot(director, "10-director-sees-confirmed")
    finally:
        for context, _page in opened:
            context.close()
