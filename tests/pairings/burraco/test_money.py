"""The money of a Burraco tournament (issue 29): a pair is one competitor, paid once under both
names, its two players' fees both in the pot; individual events pay each player. Wherever a
Burraco tournament's prizes are set or shown to the director, BURRACO.md section 5's notice on
cash prizes goes with them (the creation form, the ledger and its API, the results); a Scala 40
tournament's do not have it."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from pairings.burraco import services as burraco
from tests.pdf.conftest import Pdf
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.models import Format

from .helpers import burraco_tournament, pair_lines, play_turno, seat

pytestmark = pytest.mark.django_db

NOTICE = (
    "Card games with cash prizes are forbidden in Italy except in championships run by sports "
    "associations under set procedures and tax limits (Fedibur). Tallone records prizes and does "
    "not judge their legality."
)
AVVISO = (
    "In Italia i giochi di carte con premi in denaro sono vietati, salvo nei campionati "
    "organizzati da associazioni sportive secondo procedure stabilite ed entro limiti fiscali "
    "(Fedibur). Tallone registra i premi e non ne giudica la liceità."
)


def director(staff: Staff, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(staff.director)
    return client


def pairs_evening(staff: Staff, count: int = 12):
    """`count` pairs at 10 € a player, paid at registration; pair 6 is Anna Rossi and Bruno
    Bianchi."""
    tournament = burraco_tournament(staff, entry_fee=Decimal(10))
    lines = pair_lines(count)
    if count >= 6:
        lines[5] = "Anna Rossi / Bruno Bianchi"
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=lines, check_in=True
    )
    return tournament, pairs


@pytest.fixture
def played():
    """12 pairs (240 € in the pot), the first turno played: at table t NS makes 3 x 300 and EO
    3 x (300 - 50 t), so pair 6 (NS at table 6, D = 900) is first with 17 VP, pair 5 second (16),
    pair 4 third (15)."""
    staff = Staff()
    tournament, pairs = pairs_evening(staff)
    round = seat(tournament, staff)
    play_turno(round, staff, lambda table: [(300, 300 - 50 * table.number)] * 3)
    return staff, tournament, pairs


def text(response) -> str:
    assert response.status_code == 200
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_the_ledger_pays_the_first_pair_120_of_240_under_both_names(played):
    staff, tournament, _pairs = played
    page = text(director(staff).get(reverse("tournaments:ledger", args=[tournament.pk])))
    assert "Entry fees (24 × € 10.00) € 240.00" in page
    assert "Prizes € 240.00" in page
    assert "Place 1 € 120.00 Place 2 € 72.00 Place 3 € 48.00" in page
    assert (
        "Payouts by pair 1. Anna Rossi / Bruno Bianchi € 120.00 "
        "2. Giocatore 09 / Giocatore 10 € 72.00 3. Giocatore 07 / Giocatore 08 € 48.00"
    ) in page
    assert "Payouts by player" not in page
    assert NOTICE in page


def test_the_api_pays_each_pair_once_and_gives_the_notice(played):
    staff, tournament, pairs = played
    client = director(staff)
    ledger = client.get(f"/api/v1/tournaments/{tournament.pk}/ledger/").json()
    assert ledger["paying_entries"] == 24
    assert ledger["pot"]["entry_fees"] == ledger["pot"]["prizes"] == "240.00"
    assert [row["amount"] for row in ledger["amounts"]] == ["120.00", "72.00", "48.00"]
    assert ledger["paid"] == [
        {"entry": pairs[5].first_id, "name": "Anna Rossi / Bruno Bianchi", "amount": "120.00"},
        {"entry": pairs[4].first_id, "name": "Giocatore 09 / Giocatore 10", "amount": "72.00"},
        {"entry": pairs[3].first_id, "name": "Giocatore 07 / Giocatore 08", "amount": "48.00"},
    ]
    assert ledger["notice"] == NOTICE
    ranking = client.get(f"/api/v1/tournaments/{tournament.pk}/final-ranking/").json()
    assert len(ranking) == 12
    assert [(row["place"], row["name"], row["payout"]) for row in ranking[:4]] == [
        (1, "Anna Rossi / Bruno Bianchi", "120.00"),
        (2, "Giocatore 09 / Giocatore 10", "72.00"),
        (3, "Giocatore 07 / Giocatore 08", "48.00"),
        (4, "Giocatore 05 / Giocatore 06", "0.00"),
    ]


def test_the_results_page_csv_and_pdf_name_the_pair(played):
    staff, tournament, _pairs = played
    client = director(staff)
    page = text(client.get(reverse("tournaments:results", args=[tournament.pk])))
    assert "Place Pair Payout 1 Anna Rossi / Bruno Bianchi € 120.00" in page
    assert NOTICE in page
    csv = client.get(reverse("tournaments:ledger-csv", args=[tournament.pk])).content.decode()
    assert csv.splitlines()[0].endswith("Item,Detail,Pair,Amount")
    assert "Payout by player,1,Anna Rossi / Bruno Bianchi,120.00" in csv
    response = client.get(reverse("tournaments:results-pdf", args=[tournament.pk]))
    assert response.status_code == 200
    words = Pdf.of(b"".join(response.streaming_content)).words()
    assert "Place Pair Payout (€) 1 Anna Rossi / Bruno Bianchi 120.00" in words
    assert "2 Giocatore 09 / Giocatore 10 72.00" in words
    assert NOTICE in words


def test_fewer_pairs_than_paid_places_share_the_prizes_between_the_pairs():
    """2 pairs, 4 fees: the pot is 40 €, paid to 2 places (62.50/37.50 of 50/30/20), not to the
    3 places 4 players would have (20/12/8, the third paid to nobody)."""
    staff = Staff()
    tournament, _pairs = pairs_evening(staff, count=2)
    ledger = director(staff).get(f"/api/v1/tournaments/{tournament.pk}/ledger/").json()
    assert ledger["paying_entries"] == 4
    assert ledger["pot"]["prizes"] == "40.00"
    assert [row["amount"] for row in ledger["amounts"]] == ["25.00", "15.00"]


def test_an_individual_burraco_event_pays_each_player_with_the_notice():
    staff = Staff()
    tournament = burraco_tournament(staff, format="burraco_individual", entry_fee=Decimal(10))
    enter_players(tournament, staff.director, 8)
    client = director(staff)
    ledger = client.get(f"/api/v1/tournaments/{tournament.pk}/ledger/").json()
    assert ledger["paying_entries"] == 8
    assert [row["amount"] for row in ledger["amounts"]] == ["40.00", "24.00", "16.00"]
    assert ledger["notice"] == NOTICE
    page = text(client.get(reverse("tournaments:ledger", args=[tournament.pk])))
    assert "Payouts by player" in page and NOTICE in page


def test_the_notice_is_italian_first_and_a_scala_40_ledger_has_none():
    staff = Staff()
    tournament, _pairs = pairs_evening(staff, count=4)
    scala = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di Scala 40",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee=Decimal(10),
    )
    enter_players(scala, staff.director, 8, prefix="Scala")
    italian = director(staff, "it")
    page = text(italian.get(reverse("tournaments:ledger", args=[tournament.pk])))
    assert AVVISO in page
    assert "Premi per coppia" in page
    english = director(staff)
    for client in (italian, english):
        control = client.get(reverse("tournaments:ledger", args=[scala.pk]))
        assert 'id="prize-notice"' not in control.content.decode()
        assert "Fedibur" not in text(control)
        api = client.get(f"/api/v1/tournaments/{scala.pk}/ledger/").json()
        assert api["notice"] == ""


def notice_tag(page: str) -> str:
    found = re.findall(r"<p class=\"notice format-setting prize-notice\"[^>]*>[^<]*</p>", page)
    assert len(found) == 1, found
    return found[0]


def test_the_creation_form_shows_the_notice_with_a_burraco_format_only():
    staff = Staff()
    client = director(staff)
    url = reverse("tournaments:create")
    # Scala 40's rounds by default: the notice is there for the script, hidden
    tag = notice_tag(client.get(url).content.decode())
    assert 'data-formats="burraco_pairs burraco_individual burraco_teams"' in tag
    assert " hidden" in tag
    assert NOTICE in tag
    # a Burraco format chosen (the form comes back for its missing name): shown
    posted = client.post(
        url, {"club": staff.club.pk, "preset": "burraco", "format": "burraco_pairs"}
    )
    assert posted.status_code == 200
    tag = notice_tag(posted.content.decode())
    assert " hidden" not in tag
    assert NOTICE in tag
    # in the money fieldset
    fieldset = posted.content.decode().split("<legend>Money</legend>")[1].split("</fieldset>")[0]
    assert NOTICE in fieldset
