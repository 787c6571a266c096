"""Issue 18 on a phone (390 x 844, touch, Italian): a hand is sent in place and answered in one
request; a hand typed when the network is gone is kept on the phone, shown as waiting, survives a
reload without a network (the service worker opens the page) and is recorded exactly once when
the network is back; a hand whose answer got lost is never recorded twice; two phones typing the
same hand are told, and the second records nothing unless asked.

Screenshots of every state are written to test-artifacts/offline/ (looked at by a person)."""

import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Role
from scoring import services
from scoring.models import MatchEvent
from tests.browser.conftest import ARTIFACTS, PHONE, is_csp_violation
from tests.factories import ClubFactory, member, start_match

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "offline"
POLL_WAIT = 8_000  # ms: the page polls every 3 s


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def phone_context(browser):
    return browser.new_context(
        viewport=PHONE, locale="it-IT", device_scale_factor=2, has_touch=True, is_mobile=True
    )


def watched(page):
    """A page whose content security policy violations are collected (the offline copies too)."""
    page.set_default_timeout(10_000)
    page.csp_violations = []
    page.on(
        "console",
        lambda message: (
            page.csp_violations.append(message.text) if is_csp_violation(message) else None
        ),
    )
    return page


def log_in(context, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


@pytest.fixture
def table(browser, live_server):
    """A Scala 40 match (Anna, Bruno, Carla, Dario) and a scorekeeper's phone on its page."""
    club = ClubFactory()
    scorer = member(club, Role.SCOREKEEPER)
    match = start_match(club=club, preset="scala40-club")
    context = phone_context(browser)
    log_in(context, live_server, scorer)
    page = watched(context.new_page())
    page.goto(live_server.url + match.get_absolute_url())
    wait_for_the_controller(page)
    yield match, page
    context.close()
    assert page.csp_violations == [], "the page broke its content security policy"


def wait_for_the_controller(page):
    """Until the service worker controls the page."""
    page.evaluate(
        """() => new Promise((resolve) => {
            if (navigator.serviceWorker.controller) { resolve(); }
            navigator.serviceWorker.addEventListener("controllerchange", () => resolve());
        })"""
    )


def wait_for_the_copy(page):
    """Until the service worker keeps the page's copy (it is sent when the worker takes control,
    and after every change the page shows): what a reload without a network opens. Only the
    tests that reload offline wait for it (1.5 s each)."""
    page.wait_for_timeout(1_500)


def wait_for_the_worker(page):
    """Until the service worker controls the page and keeps its copy."""
    wait_for_the_controller(page)
    wait_for_the_copy(page)


def type_hand(page, closer, points):
    page.get_by_role("group", name="Chi ha chiuso?").get_by_label(closer, exact=True).check()
    for name, value in points.items():
        page.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill(str(value))


def total(page, name):
    return page.locator(f'.score-row[data-player="{name}"] .total')


def hands(match) -> int:
    return MatchEvent.objects.filter(match=match).count()


def test_a_hand_is_answered_in_place_in_one_request(table):
    match, page = table
    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    page.get_by_role("button", name="Registra la mano").tap()
    expect(page.get_by_text("Mano 1 registrata.")).to_be_visible()
    expect(total(page, "Bruno")).to_have_text("35")
    expect(page.locator("#entry-title")).to_have_text("Mano 2")
    expect(page.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")).to_have_value(
        ""
    )
    shot(page, "1-recorded-in-place")
    sent = [(method, url) for method, url in requests if "/live/" not in url]
    assert [method for method, _url in sent] == ["POST"], sent
    assert hands(match) == 1


def test_a_hand_typed_without_network_waits_survives_a_reload_and_is_recorded_once(table):
    match, page = table
    wait_for_the_copy(page)
    context = page.context
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    context.set_offline(True)
    page.get_by_role("button", name="Registra la mano").tap()

    pending = page.locator("#pending")
    expect(pending).to_contain_text("In attesa di registrazione")
    expect(pending).to_contain_text("in attesa della rete")
    expect(pending).to_contain_text("Mano 1")
    expect(pending).to_contain_text("Bruno 35")
    # beside the button, where the phone is: the hand is kept, not lost (the list is above)
    status = page.locator("#entry-status")
    expect(status).to_contain_text("Mano 1 non è ancora registrata: tenuta su questo telefono")
    page.wait_for_timeout(500)  # the points box typed last scrolls back into view (match.js)
    expect(status).to_be_in_viewport()
    expect(total(page, "Bruno")).to_have_text("0")  # pending, never shown as recorded
    expect(page.locator("#connection")).to_contain_text("Senza rete dalle")
    shot(page, "2-waiting-for-the-network")

    page.reload()  # no network: the service worker opens the page it kept
    expect(page.locator("#pending")).to_contain_text("in attesa della rete")
    expect(page.locator("#pending")).to_contain_text("Bruno 35")
    expect(page.locator("#connection")).to_contain_text("Senza rete dalle")
    expect(page.locator("#entry-title")).to_have_text("Mano 2")
    shot(page, "3-reloaded-offline")
    assert hands(match) == 0

    context.set_offline(False)
    expect(total(page, "Bruno")).to_have_text("35", timeout=POLL_WAIT)
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator("#entry-status")).to_be_hidden()
    expect(page.locator("#connection")).to_be_hidden()
    shot(page, "4-recorded-when-back-online")
    assert hands(match) == 1


def test_an_answer_lost_after_the_hand_was_recorded_never_records_it_twice(table, live_server):
    match, page = table
    club_page = live_server.url + match.club.get_absolute_url()
    page.goto(club_page)
    page.goto(live_server.url + match.get_absolute_url())
    answers_lost = []

    def lose_the_first_answer(route):
        if answers_lost:
            route.continue_()
            return
        route.fetch()  # the server records the hand...
        answers_lost.append(route.request.url)
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    page.context.route("**/hand/", lose_the_first_answer)
    page.clock.install()  # the retry waits until the test says
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    page.get_by_role("button", name="Registra la mano").tap()
    expect(page.locator("#pending")).to_contain_text("in attesa della rete")
    assert answers_lost and hands(match) == 1
    shot(page, "5-answer-lost")

    page.go_back()
    expect(page).to_have_url(club_page)
    page.go_forward()
    expect(total(page, "Bruno")).to_have_text("35")
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.get_by_text("Mano 1 registrata (la risposta si era persa).")).to_be_visible()
    page.reload()
    expect(total(page, "Bruno")).to_have_text("35")
    expect(page.locator("#entry-title")).to_have_text("Mano 2")
    shot(page, "6-answer-lost-then-back-and-reload")
    page.clock.run_for(120_000)
    assert hands(match) == 1


def test_two_phones_type_the_same_hand_the_second_records_it_only_when_asked(
    browser, table, live_server
):
    match, phone_b = table
    # Phone B settled as before (its copy kept): without this wait, one run of this file in seven
    # failed here, not understood yet.
    wait_for_the_copy(phone_b)
    context_a = phone_context(browser)
    log_in(context_a, live_server, member(match.club, Role.SCOREKEEPER))
    phone_a = context_a.new_page()
    try:
        phone_a.goto(live_server.url + match.get_absolute_url())
        type_hand(phone_b, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
        type_hand(phone_a, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
        phone_a.get_by_role("button", name="Registra la mano").tap()
        expect(phone_a.get_by_text("Mano 1 registrata.")).to_be_visible()

        # B is told while typing, and again if it sends its hand: nothing of B's is recorded
        notice = phone_b.locator("#form-notice")
        expect(notice).to_contain_text(
            "Un altro telefono ha modificato la partita", timeout=POLL_WAIT
        )
        expect(notice).to_contain_text("Mano 1 registrata da un altro telefono")
        phone_b.get_by_role("button", name="Registra la mano").tap()
        expect(notice).to_contain_text("Un altro telefono ha modificato la partita")
        expect(
            phone_b.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
        ).to_have_value("35")
        shot(phone_b, "7-second-phone-told")
        assert hands(match) == 1

        # what B typed survives a reload, and B is told again
        phone_b.reload()
        expect(
            phone_b.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
        ).to_have_value("35")
        expect(notice).to_contain_text("Mano 1 registrata da un altro telefono", timeout=POLL_WAIT)

        # asked, B records its hand as the next one
        phone_b.get_by_role("button", name="Registra la mia come mano 2").tap()
        expect(phone_b.get_by_text("Mano 2 registrata.")).to_be_visible()
        expect(total(phone_b, "Bruno")).to_have_text("70")
        expect(phone_b.locator("#form-notice")).to_be_empty()
        shot(phone_b, "8-second-phone-recorded-as-hand-2")
        assert hands(match) == 2
    finally:
        context_a.close()


def test_it_was_the_same_hand_discards_mine_in_place_and_the_next_hand_is_recorded(
    browser, table, live_server
):
    """The conflict box shows the hand this phone typed beside the one recorded; "it was the same
    hand: discard mine" empties the form in place (nothing kept on the phone), takes the match as
    it is now and says so; the next hand is then recorded, with no conflict."""
    match, phone_b = table
    # Phone B settled as before (its copy kept): without this wait, one run of this file in seven
    # failed here, not understood yet.
    wait_for_the_copy(phone_b)
    context_a = phone_context(browser)
    log_in(context_a, live_server, member(match.club, Role.SCOREKEEPER))
    phone_a = context_a.new_page()
    try:
        phone_a.goto(live_server.url + match.get_absolute_url())
        type_hand(phone_b, "Anna", {"Bruno": 30, "Carla": 12, "Dario": 9})
        type_hand(phone_a, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
        phone_a.get_by_role("button", name="Registra la mano").tap()
        expect(phone_a.get_by_text("Mano 1 registrata.")).to_be_visible()

        notice = phone_b.locator("#form-notice")
        expect(notice).to_contain_text("Mano 1 registrata da un altro telefono", timeout=POLL_WAIT)
        expect(notice.locator("#conflict-mine")).to_contain_text("Bruno 30")  # as it is typed
        phone_b.get_by_role("button", name="Registra la mano").tap()
        expect(notice).to_contain_text("Un altro telefono ha modificato la partita")
        expect(notice.locator("#conflict-mine")).to_contain_text("Bruno 30, Carla 12, Dario 9")
        shot(phone_b, "9-conflict-shows-mine")

        requests = []
        phone_b.on("request", lambda request: requests.append(request.url))
        notice.get_by_role("link", name="Era la stessa mano: scarta la mia").tap()
        expect(notice).to_be_empty()
        expect(phone_b.get_by_text("La tua mano è stata scartata.")).to_be_visible()
        bruno = phone_b.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
        expect(bruno).to_have_value("")
        expect(phone_b.locator("#entry-title")).to_have_text("Mano 2")
        assert not [url for url in requests if "?mine=" in url]  # in place, no reload
        assert (
            phone_b.evaluate(f"() => localStorage.getItem('tallone.match.{match.pk}.draft')")
            is None
        )
        shot(phone_b, "10-mine-discarded")

        type_hand(phone_b, "Bruno", {"Anna": 5, "Carla": 5, "Dario": 5})
        phone_b.get_by_role("button", name="Registra la mano").tap()
        expect(phone_b.get_by_text("Mano 2 registrata.")).to_be_visible()
        expect(notice).to_be_empty()
        assert hands(match) == 2
    finally:
        context_a.close()


def test_a_hand_sent_in_place_replaces_the_message_of_an_earlier_page(table):
    """Bruno withdraws on the withdrawal page: back on the match page it says so; the next hand,
    sent in place, says "Hand 1 recorded." in its place, not under it."""
    _match, page = table
    page.goto(page.url.split("#")[0] + "withdraw/?seat=2")
    page.get_by_role("button", name="Conferma: il giocatore si ritira").tap()
    messages = page.locator(".messages")
    expect(messages).to_have_text("Bruno è fuori dalla partita.")
    type_hand(page, "Anna", {"Carla": 12, "Dario": 9})
    page.get_by_role("button", name="Registra la mano").tap()
    expect(page.get_by_text("Mano 1 registrata.")).to_be_visible()
    expect(messages).to_have_count(1)
    expect(messages).to_have_text("Mano 1 registrata.")
    shot(page, "11-the-latest-message-alone")


def test_a_kept_hand_refused_when_it_is_finally_sent_stays_with_the_reason(table, live_server):
    match, page = table
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    page.context.set_offline(True)
    page.get_by_role("button", name="Registra la mano").tap()
    pending = page.locator("#pending")
    expect(pending).to_contain_text("in attesa della rete")
    # meanwhile another phone records the hand
    other = member(match.club, Role.SCOREKEEPER)
    data = {"closer": "Bruno", "points": {"Anna": 20, "Carla": 12, "Dario": 9}}
    services.hand_record(match=match, user=other, data=data)

    page.context.set_offline(False)
    expect(pending).to_contain_text("non registrata")
    expect(pending).to_contain_text("Mano 1 registrata da un altro telefono")
    expect(pending).to_contain_text("Anna ha chiuso · Bruno 35")
    # the kept hand is shown once, not again under an empty "Yours, not recorded:"
    expect(pending).not_to_contain_text("La tua, non registrata")
    expect(total(page, "Anna")).to_have_text("20")  # the scores are the server's
    expect(pending.get_by_role("button", name="Scarta")).to_be_visible()
    shot(page, "9-kept-hand-refused-when-sent")
    assert hands(match) == 1

    # edit: back into the form, where the notice offers to record it as the next hand
    pending.get_by_role("button", name="Modifica").tap()
    expect(pending).to_be_hidden()
    bruno = page.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
    expect(bruno).to_have_value("35")
    expect(page.locator("#entry-title")).to_have_text("Mano 2")
    record_mine = page.get_by_role("button", name="Registra la mia come mano 2")
    expect(record_mine).to_be_visible(timeout=POLL_WAIT)
    shot(page, "10-kept-hand-back-in-the-form")
    record_mine.tap()
    expect(page.get_by_text("Mano 2 registrata.")).to_be_visible()
    assert hands(match) == 2


def test_a_kept_hand_the_server_cannot_take_any_more_can_be_discarded(table):
    match, page = table
    wait_for_the_copy(page)
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    page.context.set_offline(True)
    page.get_by_role("button", name="Registra la mano").tap()
    expect(page.locator("#pending")).to_contain_text("in attesa della rete")
    services.match_call_time(match=match, user=None)  # the match ends meanwhile

    page.context.set_offline(False)
    pending = page.locator("#pending")
    expect(pending).to_contain_text("La partita è finita.")
    expect(pending.get_by_role("button", name="Modifica")).to_have_count(0)  # no form to edit in
    shot(page, "11-kept-hand-after-the-end")
    page.once("dialog", lambda dialog: dialog.accept())
    pending.get_by_role("button", name="Scarta").tap()
    expect(pending).to_be_hidden()
    page.reload()
    expect(page.locator("#pending")).to_be_hidden()
    assert hands(match) == 1  # the time call only


def test_what_is_typed_survives_leaving_the_page_and_coming_back(table):
    match, page = table
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12})
    page.get_by_role("group", name="Dario", exact=True).get_by_label("Non aperto").check()
    page.locator(".crumbs a").tap()
    expect(page).not_to_have_url(re.compile(r"/matches/"))
    page.go_back()
    bruno = page.get_by_role("group", name="Bruno", exact=True).get_by_label("Punti")
    expect(bruno).to_have_value("35")
    expect(page.locator('.player-entry[data-seat="1"]')).to_have_class(re.compile("is-closer"))
    expect(page.get_by_role("group", name="Dario", exact=True).get_by_label("Punti")).to_have_value(
        "100"
    )
    page.reload()
    expect(bruno).to_have_value("35")
    expect(page.locator('.player-entry[data-seat="1"]')).to_have_class(re.compile("is-closer"))
    shot(page, "12-typed-hand-after-back-and-reload")
    page.get_by_role("button", name="Registra la mano").tap()
    expect(page.get_by_text("Mano 1 registrata.")).to_be_visible()
    expect(total(page, "Dario")).to_have_text("100")
    assert hands(match) == 1


def test_the_button_says_sending_while_the_hand_is_on_its_way(table, monkeypatch):
    match, page = table
    # slow down what the hand's view calls (`event_record_replayed`: the patch of `hand_record`,
    # which the view never called, left the answer as fast as the machine, and the busy state
    # could come and go between two looks of the test)
    record = services.event_record_replayed

    def slowly(**kwargs):
        time.sleep(1.5)
        return record(**kwargs)

    monkeypatch.setattr(services, "event_record_replayed", slowly)
    type_hand(page, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    button = page.get_by_role("button", name="Registra la mano")
    button.tap()
    sending = page.locator("#entry-form").get_by_role("button", name="Invio…")
    expect(sending).to_be_disabled()
    expect(page.locator("#entry-form")).to_have_attribute("aria-busy", "true")
    page.wait_for_timeout(400)
    shot(page, "13-sending")
    expect(page.get_by_text("Mano 1 registrata.")).to_be_visible()
    assert hands(match) == 1


def advance(page, ms):
    """Let the page's clock run `ms`, a second at a time, the answers arriving in between."""
    for _second in range(ms // 1000):
        page.clock.run_for(1_000)
        page.wait_for_timeout(50)


def test_a_watching_phone_says_when_it_is_offline_or_its_scores_are_old(browser, live_server):
    club = ClubFactory()
    watcher = member(club, Role.MEMBER)
    match = start_match(club=club, preset="scala40-club")
    context = phone_context(browser)
    log_in(context, live_server, watcher)
    page = watched(context.new_page())
    try:
        page.clock.install()
        page.goto(live_server.url + match.get_absolute_url())
        connection = page.locator("#connection")
        expect(connection).to_be_hidden()

        context.set_offline(True)
        advance(page, 4_000)  # the next poll fails
        expect(connection).to_contain_text("Senza rete dalle")
        shot(page, "14-watching-offline")
        context.set_offline(False)
        advance(page, 4_000)
        expect(connection).to_be_hidden()

        # the server answers, but not with the scores: they get old
        page.route("**/live/**", lambda route: route.fulfill(status=503, body="busy"))
        advance(page, 21_000)
        expect(connection).to_contain_text("Ultimo aggiornamento 20 s fa.")
        shot(page, "15-watching-stale")
        page.unroute("**/live/**")
        advance(page, 4_000)
        expect(connection).to_be_hidden()
    finally:
        context.close()
    assert page.csp_violations == []


def test_the_cards_typed_are_counted_and_recorded_in_place(table):
    match, page = table
    page.get_by_role("group", name="Chi ha chiuso?").get_by_label("Anna", exact=True).check()
    bruno = page.get_by_role("group", name="Bruno", exact=True)
    bruno.get_by_text("Conta le carte").tap()
    bruno.get_by_label("Carte").fill("Kd 8h")
    expect(bruno.locator("output")).to_have_text("= 18 punti")
    for name, value in {"Carla": 12, "Dario": 9}.items():
        page.get_by_role("group", name=name, exact=True).get_by_label("Punti").fill(str(value))
    page.get_by_role("button", name="Registra la mano").tap()
    expect(total(page, "Bruno")).to_have_text("18")
    assert hands(match) == 1
