"""Issue 29's evening in Chromium, in Italian: a director runs 12 pairs at 6 tables over 4 turni
of 3 hands (3 Mitchell, skip 1, then a danese); phones without accounts enter and confirm each
table; one pair abandons in turno 3; after each turno the standings are those reckoned here by
hand, the projector shows them, and the slips and the Mitchell movement card print.

- The director (logged in, a laptop window) creates the tournament on the creation page
  ("Burraco a coppie", the default movements mitchell x3 + danese, skip 1: with 6 tables an EO
  pair meets an NS pair again only after 6 / gcd(6, 1) = 6 turni), pastes the 12 pairs checked
  in, seats each turno from the console and downloads its score slips (pypdf: each table's
  number, both pairs' names and the table's code, which the phones type).
- The phones: every table of every turno is entered by the NS phone and confirmed by an EO
  phone, each a browser context without an account that joined the table by its code, a seat
  each. Table 1 of each turno goes through the real phone pages (the join page, the hand form
  tapped hand by hand, the EO phone's "Conferma il risultato"); the other tables, to keep the
  test fast, post the same forms the pages post (join, hand, confirm) from their anonymous
  contexts' request clients (`context.request`, which shares the context's cookies), each post
  answered by the page's redirect (a refused form would come back as the page). While they
  play, the director's window leaves the console, which asks for its tables every 15 s: the
  test server's in-memory SQLite refuses a write at once (503, "try again") while a read holds
  it; a phone tries again, as the 503 page asks.
- Hands: tallone ends, both pozzetti taken, no burraco: a line's hand total is the value of the
  cards it melded, so each table's D is a sum of the numbers below.
- Turno 3: after one hand at table 6, its EO pair abandons; the director records it on the
  turno's page (asked first, then recorded) with its reason and -355 MP; the table counts though
  its match is not finished: the pair left gets the rest's 14 VP and +355 MP (its one hand gave
  it 10 VP, fewer), the leaving pair 6 VP. The pair has gone home, so the director withdraws it
  from the console before turno 4: 11 pairs, the danese leaves one pair a bye (14 VP, +355 MP);
  without the withdrawal the danese would seat a pair against an empty chair.
- After each turno the standings page's VP and MP of every pair are compared with the reckoning
  of this module (a literal copy of the FIBur 3-hand VP table, BURRACO.md section 2): MP sum to
  0 (the bye's +355 apart); the projector shows the standings' slide with every pair's name.
Screenshots go to test-artifacts/burraco-evening-*.png. About 60 s on 2 cores.
"""

from __future__ import annotations

import re
import time
import uuid
from collections import defaultdict

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubs.models import Role
from pairings.models import Pair
from scoring.models import TableCode
from tests.browser.conftest import ARTIFACTS
from tests.browser.steps import join_at_seat
from tests.browser.test_burraco_console import PAIRS, logged_in_italian
from tests.browser.test_burraco_table import phone_context
from tests.factories import ClubFactory, member
from tests.pairings.burraco.test_printables import card_row
from tests.pdf.conftest import Pdf
from tournaments.models import Round, Tournament

LAPTOP = {"width": 1366, "height": 768}

# The FIBur 3-hand VP table (BURRACO.md section 2), copied: (lowest D, winner's VP).
BANDS = [
    (0, 10),
    (55, 11),
    (155, 12),
    (255, 13),
    (355, 14),
    (505, 15),
    (655, 16),
    (805, 17),
    (1005, 18),
    (1255, 19),
    (1505, 20),
]
BYE = (14, 355)
REST = (14, 355)  # the pair left when its opponents abandon: the bye's
ABANDON_VP, ABANDON_MP = 6, -355

# Each turno: table -> its three hands (NS, EO). Turno 3's table 6 plays one hand, then EO
# leaves. The D of each table, worked out: turno 1: 255 (13-7), 0 (10-10), -500 (6-14),
# 1555 (20-0), 155 (12-8), 145 (11-9); turno 2: 755 (16-4), -605 (5-15), 50 (10-10),
# 555 (15-5), -455 (6-14), 955 (17-3); turno 3: -455 (6-14), 455 (14-6), 1205 (18-2),
# -155 (8-12), 50 (10-10), table 6 abandoned; turno 4: 300 (13-7), -300 (7-13), 900 (17-3),
# -5 (10-10), 450 (14-6).
HANDS = {
    1: {
        1: [(250, 100), (180, 220), (300, 155)],
        2: [(150, 150), (200, 200), (100, 100)],
        3: [(100, 400), (150, 300), (200, 250)],
        4: [(500, 50), (600, 0), (505, 0)],
        5: [(200, 150), (200, 150), (200, 145)],
        6: [(300, 250), (300, 250), (300, 255)],
    },
    2: {
        1: [(400, 100), (350, 100), (300, 95)],
        2: [(100, 300), (100, 300), (100, 305)],
        3: [(250, 250), (250, 250), (250, 200)],
        4: [(300, 100), (300, 100), (300, 145)],
        5: [(150, 300), (150, 300), (150, 305)],
        6: [(400, 50), (400, 50), (400, 145)],
    },
    3: {
        1: [(200, 350), (200, 350), (200, 355)],
        2: [(350, 200), (350, 200), (350, 195)],
        3: [(500, 100), (500, 100), (500, 95)],
        4: [(200, 250), (200, 250), (200, 255)],
        5: [(300, 300), (300, 300), (300, 250)],
        6: [(200, 150)],
    },
    4: {
        1: [(300, 200), (300, 200), (300, 200)],
        2: [(200, 300), (200, 300), (200, 300)],
        3: [(400, 100), (400, 100), (400, 100)],
        4: [(100, 100), (100, 100), (100, 105)],
        5: [(250, 100), (250, 100), (250, 100)],
    },
}
ABANDON_TURNO, ABANDON_TABLE = 3, 6
UI_TABLE = 1  # the table entered through the phone pages


def vp_for(d: int) -> tuple[int, int]:
    """The winner's and the loser's VP for a difference of `d` (>= 0)."""
    winner = max(vp for low, vp in BANDS if d >= low)
    return winner, 20 - winner


def mitchell(turno: int) -> dict[int, tuple[int, int]]:
    """Table -> (NS pair number, EO pair number): pairs 1-6 sit NS at their tables, pairs 7-12
    start EO at tables 1-6 and move one table up each turno (skip 1)."""
    return {t: (t, 7 + (t - 1 - (turno - 1)) % 6) for t in range(1, 7)}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"burraco-evening-{name}.png"), full_page=True)


class Reckoning:
    """The standings by hand: each pair's VP and MP, turno by turno."""

    def __init__(self) -> None:
        self.vp: dict[int, int] = defaultdict(int)
        self.mp: dict[int, int] = defaultdict(int)
        self.met: list[frozenset[int]] = []
        self.withdrawn: set[int] = set()
        self.byes = 0

    def table(self, turno: int, number: int, ns: int, eo: int) -> None:
        self.met.append(frozenset((ns, eo)))
        hands = HANDS[turno][number]
        d = sum(n for n, _e in hands) - sum(e for _n, e in hands)
        if (turno, number) == (ABANDON_TURNO, ABANDON_TABLE):  # EO left: NS the rest's
            played_vp = vp_for(d)[0] if d >= 0 else vp_for(-d)[1]
            assert played_vp < REST[0]  # the hand played gives NS less than the rest
            self._add(ns, *REST)
            self._add(eo, ABANDON_VP, ABANDON_MP)
            return
        winner, loser = vp_for(abs(d))
        self._add(ns, winner if d >= 0 else loser, d)
        self._add(eo, loser if d >= 0 else winner, -d)

    def bye(self, pair: int) -> None:
        self._add(pair, *BYE)
        self.byes += 1

    def _add(self, pair: int, vp: int, mp: int) -> None:
        self.vp[pair] += vp
        self.mp[pair] += mp

    def leaders(self, count: int) -> list[int]:
        """The first `count` pairs still in, by VP then MP."""
        present = [pair for pair in range(1, 13) if pair not in self.withdrawn]
        return sorted(present, key=lambda pair: (-self.vp[pair], -self.mp[pair]))[:count]

    def rows(self) -> dict[int, tuple[int, int]]:
        return {pair: (self.vp[pair], self.mp[pair]) for pair in range(1, 13)}


# The phones ----------------------------------------------------------------------------------


def csrf(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert found, html[:2000]
    return found.group(1)


class HttpPhone:
    """A phone without an account that posts the pages' forms from its own browser context."""

    def __init__(self, browser, live_server) -> None:
        self.context = browser.new_context(locale="it-IT")
        self.request = self.context.request
        self.url = live_server.url

    def get(self, path: str) -> str:
        response = self.request.get(self.url + path)
        assert response.ok, (path, response.status)
        return response.text()

    def post(self, path: str, form: dict, token_from: str = "") -> str:
        """Post a form as its page does; the page answers with a redirect (a refusal would
        come back as the page again, with its error beside the field)."""
        if token_from:
            self.token = csrf(self.get(token_from))
        for _attempt in range(3):
            response = self.request.post(
                self.url + path, form={**form, "csrfmiddlewaretoken": self.token}, max_redirects=0
            )
            if response.status != 503:
                break
            # "The database is busy: nothing was saved, try again in a moment", as a phone
            # does: the test server's in-memory SQLite refuses a write at once while another
            # request holds it, where a club's file database waits for it
            time.sleep(0.5)
        assert response.status == 302, (path, response.status, response.text()[:3000])
        return response.headers["location"]

    def join(self, code: str, seat: int, name: str) -> None:
        went = self.post(
            reverse("scoring:join"),
            {"code": code, "seat": str(seat), "name": name},
            reverse("scoring:join-code", args=[code]),
        )
        assert went.startswith("/matches/"), went

    def close(self) -> None:
        self.context.close()


def tallone_form(ns: int, eo: int) -> dict:
    """The hand form's fields for a tallone with both pozzetti taken (as the phone posts)."""
    return {
        "end": "tallone",
        "pozzetto_taken_NS": "yes",
        "melded_NS": str(ns),
        "in_hand_NS": "0",
        "pozzetto_taken_EO": "yes",
        "melded_EO": str(eo),
        "in_hand_EO": "0",
        "idempotency_key": uuid.uuid4().hex,
    }


def players(pair: str) -> tuple[str, str]:
    first, second = (name.strip() for name in pair.split("/"))
    return first, second


def play_by_http(browser, live_server, table, code, ns: int, eo: int, hands, confirm=True):
    """NS's phone joins seat 1 and enters the hands; EO's joins seat 2 and confirms."""
    ns_phone, eo_phone = HttpPhone(browser, live_server), HttpPhone(browser, live_server)
    try:
        ns_phone.join(code, 1, players(PAIRS[ns - 1])[0])
        for n, e in hands:
            ns_phone.post(reverse("scoring:hand", args=[table.match_id]), tallone_form(n, e))
        if confirm:
            eo_phone.join(code, 2, players(PAIRS[eo - 1])[0])
            tournament = table.round.tournament_id
            eo_phone.post(reverse("tournaments:confirm-at-table", args=[tournament, table.pk]), {})
    finally:
        ns_phone.close()
        eo_phone.close()


def fill_tallone_line(page, line, melded: int) -> None:
    group = page.get_by_role("group", name=re.compile(f"^{line} "))
    group.get_by_role("group", name="Pozzetto preso?").get_by_label("Sì").check()
    group.get_by_label("Carte sul tavolo", exact=True).fill(str(melded))
    group.get_by_label("Carte in mano", exact=True).fill("0")


def play_by_phones(browser, live_server, code, ns: int, eo: int, hands, turno: int):
    """The real pages on two phones: NS's enters the hands, EO's confirms."""
    opened = [phone_context(browser) for _ in range(2)]
    (_c1, ns_page), (_c2, eo_page) = opened
    try:
        join_at_seat(ns_page, live_server, code, players(PAIRS[ns - 1])[0])
        join_at_seat(eo_page, live_server, code, players(PAIRS[eo - 1])[0])
        for number, (n, e) in enumerate(hands, start=1):
            ns_page.get_by_role("group", name="Come è finita la smazzata?").get_by_label(
                "Tallone (mazzo esaurito)", exact=True
            ).check()
            fill_tallone_line(ns_page, "NS", n)
            fill_tallone_line(ns_page, "EO", e)
            if number == 1 and turno == 1:
                shot(ns_page, "phone-ns-hand")
            ns_page.get_by_role("button", name="Registra la mano").click()
            expect(ns_page.get_by_text(f"Mano {number} registrata.")).to_be_visible()
        ns_total, eo_total = sum(n for n, _ in hands), sum(e for _, e in hands)
        eo_page.reload()
        expect(eo_page.locator('.line-score[data-line="NS"] .total')).to_have_text(str(ns_total))
        expect(eo_page.locator('.line-score[data-line="EO"] .total')).to_have_text(str(eo_total))
        if turno == 1:
            shot(eo_page, "phone-eo-confirms")
        eo_page.get_by_role("button", name="Conferma il risultato").click()
        expect(eo_page.get_by_text("Grazie: il risultato è confermato.")).to_be_visible()
    finally:
        for context, _page in opened:
            context.close()


# The director's pages ------------------------------------------------------------------------


def create_tournament(desk, live_server) -> Tournament:
    desk.goto(f"{live_server.url}/tournaments/new/")
    desk.get_by_label("Nome", exact=True).fill("Burraco del giovedì")
    desk.get_by_label("Gioco e regole").select_option("burraco")
    target = desk.locator("#rule-options-body [name=rules-target]")
    expect(target).to_have_count(1)  # a match of the rounds format plays to its target
    desk.get_by_label("Formula").select_option("burraco_pairs")
    expect(target).to_have_count(0)  # a turno ends after its hands: the format sets it
    movements = desk.locator("[name=movements]")
    expect(movements).to_be_visible()
    expect(movements).to_have_value("mitchell, mitchell, mitchell, danese")
    expect(desk.locator("[name=mitchell_skip]")).to_have_value("1")
    expect(desk.locator("[name=hands_per_turno]")).to_have_value("3")
    desk.get_by_label("Pubblico").check()
    shot(desk, "01-create")
    desk.get_by_role("button", name="Crea il torneo").click()
    expect(desk.get_by_role("heading", name="Burraco del giovedì")).to_be_visible()
    tournament = Tournament.objects.get(name="Burraco del giovedì")
    # a table counts once the other line confirms it (the default the page kept)
    assert tournament.confirm_results and tournament.mitchell_skip == 1
    return tournament


def register_pairs(desk) -> dict[int, int]:
    desk.get_by_label("Coppie, una per riga").fill("\n".join(PAIRS))
    desk.get_by_label("Sono presenti e hanno pagato").check()
    desk.get_by_role("button", name="Iscrivi le coppie").click()
    expect(desk.get_by_text("12 coppie iscritte.")).to_be_visible()
    return dict(Pair.objects.values_list("pk", "number"))


def seat_turno(desk, number: int) -> None:
    desk.get_by_role("button", name=f"Assegna i tavoli del turno {number}").click()
    expect(desk.get_by_text(f"Tavoli del turno {number} assegnati.")).to_be_visible()


def seating_of(tournament, number: int, pair_number: dict[int, int]):
    round = Round.objects.get(tournament=tournament, number=number)
    tables = {t: (pair_number[ns[0]], pair_number[eo[0]]) for t, ns, eo in round.report["tables"]}
    byes = [pair_number[bye] for bye in round.report.get("byes", [])]
    return round, tables, byes


def slips(desk, number: int) -> Pdf:
    link = desk.locator(".burraco-printables li", has_text=f"Turno {number}:").get_by_role(
        "link", name="Score, una pagina per tavolo (PDF)"
    )
    response = desk.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.headers["content-type"] == "application/pdf"
    return Pdf.of(response.body())


def check_movement_card(desk) -> None:
    """The console's Mitchell movement card: the three Mitchell turni of every pair."""
    link = desk.get_by_role("link", name="Cartellino dei movimenti Mitchell (PDF)")
    response = desk.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.headers["content-type"] == "application/pdf"
    pdf = Pdf.of(response.body())
    text = pdf.words()
    assert "12 coppie a 6 tavoli; salto 1" in text
    assert "avanzano di 1 tavolo a ogni turno" in text
    for number, pair in enumerate(PAIRS, start=1):
        assert pair in text, pair
        expected = ["NS" if number <= 6 else "EO"] + [
            str(t)
            for turno in (1, 2, 3)
            for t, seated in mitchell(turno).items()
            if number in seated
        ]
        assert card_row(pdf, number) == expected, number


def check_standings(desk, live_server, tournament, reckoning: Reckoning, number: int) -> None:
    desk.goto(live_server.url + reverse("pairings:burraco-standings", args=[tournament.pk]))
    rows = desk.locator("table.burraco-standings tbody tr")
    expect(rows).to_have_count(12)
    shown = {}
    for row in rows.all():
        cells = row.locator("td")
        shown[int(cells.nth(1).inner_text())] = (
            int(row.locator("td.points").inner_text()),
            int(row.locator("td.mp").inner_text().replace("+", "")),
        )
    assert shown == reckoning.rows(), f"turno {number}"
    # MP sum to 0 at every table (the abandonment's -355 meets the rest's +355); a bye's +355
    # is given, not won from anyone
    assert sum(mp for _vp, mp in shown.values()) == BYE[1] * reckoning.byes
    shot(desk, f"standings-{number}")


def check_projector(desk, live_server, tournament, reckoning: Reckoning, number: int) -> None:
    """The projector's standings slide(s): every pair's line with its VP and MP."""
    desk.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/?show=standings")
    lines = desk.locator('.pj-screen[data-key="standings"] li.pj-line:not(.pj-headline)')
    expect(lines).to_have_count(12)
    shown = {}
    for line in lines.all():
        values = line.locator(".pj-value").all_inner_texts()
        name = line.locator(".pj-name").inner_text()
        shown[PAIRS.index(name) + 1] = (int(values[0]), int(values[1].replace("+", "")))
    assert shown == reckoning.rows(), f"projector after turno {number}"
    if number == 4:
        shot(desk, "projector")


def record_abandonment(desk, live_server, tournament, leaving: int) -> None:
    """EO of table 6 leaves after one hand: asked first, then recorded with -355 MP."""
    desk.goto(
        live_server.url + reverse("pairings:burraco-turno", args=[tournament.pk, ABANDON_TURNO])
    )
    form = desk.locator("section", has=desk.locator("#turno-abandon"))
    form.get_by_label("Tavolo").select_option(str(ABANDON_TABLE))
    form.get_by_label("Linea").select_option("EO")
    form.get_by_label("Scarto (MP) che tiene la coppia che se ne va").fill(str(ABANDON_MP))
    form.get_by_label("Motivo").fill("Un malore: la coppia è tornata a casa alle 22:40")
    form.get_by_role("button", name="Registra…").click()
    shot(desk, "abandon-asked")
    expect(desk.get_by_role("heading", name="Registrare l'abbandono?")).to_be_visible()
    expect(desk.get_by_role("main")).to_contain_text(
        f"Coppia {leaving}: {PAIRS[leaving - 1]} abbandona il turno {ABANDON_TURNO} al tavolo "
        f"{ABANDON_TABLE}: ha 6 VP e -355 MP."
    )
    desk.get_by_role("button", name="Registra", exact=True).click()
    row = desk.locator(f"#table-{ABANDON_TABLE}")
    expect(row).to_contain_text("14 \u2013 6")  # VP NS \u2013 EO
    shot(desk, "abandon-recorded")


def withdraw(desk, console: str, leaving: int) -> None:
    desk.goto(console)
    desk.get_by_text("Ritira una coppia").click()
    desk.get_by_label("Coppia", exact=True).select_option(label=f"{leaving}. {PAIRS[leaving - 1]}")
    desk.get_by_role("button", name="Ritira", exact=True).click()
    desk.get_by_role("button", name=f"Ritira {PAIRS[leaving - 1]}").click()
    expect(desk.get_by_text(f"{PAIRS[leaving - 1]}", exact=False).first).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_burraco_evening(browser, live_server):
    club = ClubFactory(name="Circolo del Tallone", table_codes=True)
    director = member(club, Role.DIRECTOR, username="dora")
    context = browser.new_context(viewport=LAPTOP, locale="it-IT")
    desk = context.new_page()
    desk.set_default_timeout(10_000)
    reckoning = Reckoning()
    try:
        logged_in_italian(desk, live_server, director)
        tournament = create_tournament(desk, live_server)
        pair_number = register_pairs(desk)
        console = desk.url
        for number in range(1, 5):
            desk.goto(console)
            seat_turno(desk, number)
            round, tables, byes = seating_of(tournament, number, pair_number)
            if number <= 3:
                assert tables == mitchell(number)
            else:  # the danese: 1st v 2nd by the standings (they never met: both sit NS)
                assert set(tables[1]) == set(reckoning.leaders(2)), (tables, reckoning.rows())
                assert byes == [reckoning.leaders(11)[-1]]  # the last pair present: the bye
            if number == 1:
                check_movement_card(desk)
            shot(desk, f"console-{number}")
            pdf = slips(desk, number)
            codes = dict(
                TableCode.objects.filter(
                    match__tournament_table__round=round, is_current=True
                ).values_list("match__tournament_table__number", "code")
            )
            assert pdf.pages == len(tables)
            for page, (t, (ns, eo)) in enumerate(sorted(tables.items())):
                text = pdf.words(page)
                assert f"Tavolo {t}" in text and codes[t] in text, text
                assert PAIRS[ns - 1] in text and PAIRS[eo - 1] in text
            desk.goto("about:blank")  # the console asks for its tables every 15 s
            for t, (ns, eo) in sorted(tables.items()):
                table = round.tables.get(number=t)
                hands = HANDS[number][t]
                if t == UI_TABLE:
                    play_by_phones(browser, live_server, codes[t], ns, eo, hands, number)
                else:
                    abandoned = (number, t) == (ABANDON_TURNO, ABANDON_TABLE)
                    play_by_http(
                        browser, live_server, table, codes[t], ns, eo, hands, not abandoned
                    )
                reckoning.table(number, t, ns, eo)
            for bye in byes:
                reckoning.bye(bye)
            if number == ABANDON_TURNO:
                leaving = tables[ABANDON_TABLE][1]
                record_abandonment(desk, live_server, tournament, leaving)
                withdraw(desk, console, leaving)
                reckoning.withdrawn.add(leaving)
            if number == 3:
                assert len(set(reckoning.met)) == 18  # three Mitchell turni: nobody met twice
            check_standings(desk, live_server, tournament, reckoning, number)
            check_projector(desk, live_server, tournament, reckoning, number)
    finally:
        context.close()
