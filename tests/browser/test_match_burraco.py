"""A Burraco hand on a phone (issue 28): the hand form's chips, steppers and card values, the
pozzetto answered per line; the two lines' totals on the scoreboard are the engine's (B1 of
BURRACO.md section 7, hand 1: NS 770, EO 150); axe-core finds nothing serious on the page."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Role
from tests.factories import ClubFactory, member, start_match

from .conftest import PHONE
from .steps import log_in
from .test_axe_audit import AUDIT, AXE


def line_total(page, line):
    return page.locator(f'.line-score[data-line="{line}"] .total')


@pytest.mark.django_db(transaction=True)
def test_a_burraco_hand_entered_on_a_phone(phone, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    log_in(phone, live_server, "sara")
    phone.goto(live_server.url + match.get_absolute_url())
    expect(line_total(phone, "NS")).to_have_text("0")
    phone.get_by_role("group", name="How did the hand end?").get_by_label(
        "NS closed", exact=True
    ).check()
    ns = phone.get_by_role("group", name="NS (Anna, Carla)")
    eo = phone.get_by_role("group", name="EO (Bruno, Dario)")
    # the steppers: one tap each, and "one fewer" that never goes below 0
    ns.get_by_role("button", name="One more: Puliti").click()
    ns.get_by_role("button", name="One more: Sporchi").click()
    ns.get_by_role("button", name="One more: Sporchi").click()
    ns.get_by_role("button", name="One fewer: Sporchi").click()
    ns.get_by_role("button", name="One fewer: Semipuliti").click()
    expect(ns.get_by_label("Puliti", exact=True)).to_have_value("1")
    expect(ns.get_by_label("Sporchi", exact=True)).to_have_value("1")
    expect(ns.get_by_label("Semipuliti", exact=True)).to_have_value("0")
    ns.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes").check()
    ns.get_by_label("Cards on the table", exact=True).fill("385")
    ns.get_by_label("Cards in hand", exact=True).fill("15")
    eo.get_by_label("Sporchi", exact=True).fill("1")
    eo.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes").check()
    eo.get_by_label("Pozzetto unplayed").fill("110")
    eo.get_by_label("Cards on the table", exact=True).fill("240")
    eo.get_by_label("Cards in hand", exact=True).fill("80")
    phone.get_by_role("button", name="Record the hand").click()
    expect(phone.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(line_total(phone, "NS")).to_have_text("770")
    expect(line_total(phone, "EO")).to_have_text("150")
    expect(phone.locator('.line-score[data-line="EO"] .badge.dealer')).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_axe_finds_nothing_serious_on_a_burraco_match_page(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    # axe-core is put in the page as a script of its own: the policy is bypassed for it
    context = browser.new_context(viewport=PHONE, locale="it-IT", bypass_csp=True)
    try:
        page = context.new_page()
        log_in(page, live_server, "sara", language="it")
        page.goto(live_server.url + match.get_absolute_url())
        expect(line_total(page, "EO")).to_have_text("0")
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(AUDIT) == []
    finally:
        context.close()


SHOTS = Path("/tmp/shots-bform")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


class Taps:
    """Every tap on the screen, counted (digits and the keyboard's "next" are counted apart)."""

    def __init__(self, page):
        self.page = page
        self.screen = 0
        self.next_keys = 0

    def tap(self, locator) -> None:
        self.screen += 1
        locator.click()

    def type(self, digits: str, *, then_next: int = 0) -> None:
        assert digits.isdigit()
        self.page.keyboard.type(digits)
        for _ in range(then_next):
            self.next_keys += 1
            self.page.keyboard.press("Enter")  # the numeric keyboard's "next" (match.js)


@pytest.mark.django_db(transaction=True)
def test_a_typical_hand_takes_six_taps_besides_digits_with_its_preview(phone, live_server):
    """NS closes with one pulito, both pozzetti taken, the values typed: 6 taps on the screen
    (who closed, one pulito, the two pozzetti, the first value's box, "Record the hand"); the
    preview shows each line's base, carte and total before the hand is recorded."""
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    log_in(phone, live_server, "sara")
    phone.goto(live_server.url + match.get_absolute_url())
    ns = phone.get_by_role("group", name="NS (Anna, Carla)")
    eo = phone.get_by_role("group", name="EO (Bruno, Dario)")
    taps = Taps(phone)
    taps.tap(
        phone.get_by_role("group", name="How did the hand end?").get_by_label(
            "NS closed", exact=True
        )
    )
    taps.tap(ns.get_by_role("button", name="One more: Puliti"))
    taps.tap(ns.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes"))
    taps.tap(eo.get_by_role("group", name="Pozzetto taken?").get_by_label("Yes"))
    taps.tap(ns.get_by_label("Cards on the table", exact=True))
    taps.type("250", then_next=1)  # NS's cards on the table, then its cards in hand
    taps.type("0", then_next=2)  # ... past NS's pozzetto unplayed (none) to EO's cards
    taps.type("120", then_next=1)
    taps.type("45")
    # the preview, before anything is recorded: NS 200 + 100 closing, 250 - 0; EO 0, 120 - 45
    expect(phone.locator("#preview-NS")).to_have_text("Base 300 · carte 250 · total 550")
    expect(phone.locator("#preview-EO")).to_have_text("Base 0 · carte 75 · total 75")
    expect(line_total(phone, "NS")).to_have_text("0")
    shot(phone, "1-typical-hand-typed-with-preview")
    taps.tap(phone.get_by_role("button", name="Record the hand"))
    expect(phone.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(line_total(phone, "NS")).to_have_text("550")
    expect(line_total(phone, "EO")).to_have_text("75")
    shot(phone, "2-typical-hand-recorded")
    assert taps.screen == 6
    assert taps.next_keys == 4
    expect(phone.locator("#preview-NS")).to_have_text("")  # the next hand's form: none yet


@pytest.mark.django_db(transaction=True)
def test_refusals_and_cards_counted_as_the_hand_is_typed_in_italian(browser, live_server):
    """The preview in Italian: the engine's refusal beside who closed as soon as the hand says
    so, typing going on; the card-counting helper with Burraco's values fills a line's value;
    offline, no preview and no error."""
    club = ClubFactory(name="Circolo del Tallone")
    member(club, Role.SCOREKEEPER, username="sara")
    match = start_match(club=club, preset="burraco", table_label="5")
    context = browser.new_context(viewport=PHONE, locale="it-IT")
    try:
        page = context.new_page()
        log_in(page, live_server, "sara", language="it")
        page.goto(live_server.url + match.get_absolute_url())
        ns = page.get_by_role("group", name="NS (Anna, Carla)")
        eo = page.get_by_role("group", name="EO (Bruno, Dario)")
        page.get_by_role("group", name="Come è finita la smazzata?").get_by_label(
            "Ha chiuso EO", exact=True
        ).click()
        for line in (ns, eo):
            line.get_by_role("group", name="Pozzetto preso?").get_by_label("Sì").click()
        ns.get_by_label("Carte sul tavolo", exact=True).fill("120")
        ns.get_by_label("Carte in mano", exact=True).fill("190")
        eo.get_by_label("Carte sul tavolo", exact=True).fill("420")
        box = eo.get_by_label("Carte in mano", exact=True)
        box.fill("2")
        # "2": beside the box as it is typed; "20": the next refusal, beside who closed
        expect(page.locator("#id_in_hand_EO_error")).to_have_text(
            "EO: 2 non è un multiplo di 5: ogni carta vale 5, 10, 15, 20 o 30."
        )
        box.press_sequentially("0")  # typing goes on under the refusal
        expect(box).to_have_value("20")
        expect(page.locator("#id_in_hand_EO_error")).to_have_text("")
        refusal = page.locator("#hand_error")
        expect(refusal).to_have_text("EO ha chiuso senza burraco.")
        expect(page.locator("#preview-EO")).to_have_text("")
        shot(page, "3-refusal-beside-who-closed")
        eo.get_by_role("button", name="Uno in più: Puliti").click()
        expect(refusal).to_have_text("")
        expect(page.locator("#preview-EO")).to_have_text("Base 300 · carte 400 · totale 700")
        # NS's cards in hand counted by the helper: JK 2c As Kd 7h = 80
        ns.get_by_label("Carte in mano", exact=True).fill("")
        ns.locator("details.cards-helper").nth(1).locator("summary").click()
        ns.get_by_label("Carte in mano di NS, come carte").fill("JK 2c As Kd 7h")
        expect(ns.locator("output").nth(1)).to_have_text("= 80 punti")
        expect(page.locator("#preview-NS")).to_have_text("Base 0 · carte 40 · totale 40")
        shot(page, "4-cards-counted-with-burraco-values")
        context.set_offline(True)
        eo.get_by_label("Carte sul tavolo", exact=True).fill("425")
        expect(page.locator("#preview-EO")).to_have_text("")
        expect(page.locator("#hand_error")).to_have_text("")
        shot(page, "5-offline-no-preview-no-error")
    finally:
        context.close()
