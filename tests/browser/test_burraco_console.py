"""A Burraco evening's console in Chromium, on a phone, in Italian: the director pastes 12 pairs
(a bad line first: refused beside the list, nobody entered), seats turno 1 and sees its 6 tables
with the pairs' names; turno 2 is not offered while turno 1 is played, the console says why.
Screenshots are kept in test-artifacts/ to look at."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Role
from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.test_axe_audit import AUDIT, AXE
from tests.factories import ClubFactory, member
from tournaments import services
from tournaments.models import Tournament

PAIRS = [
    "Anna Rossi / Bruno Bianchi",
    "Carla Verdi / Dario Neri",
    "Elena Gallo / Fabio Conti",
    "Giulia Costa / Marco Fontana",
    "Laura Ricci / Luca Moretti",
    "Sara Barbieri / Paolo Lombardi",
    "Chiara Ferrara / Andrea Rinaldi",
    "Francesca Caruso / Stefano Greco",
    "Valentina Mancini / Roberto Marino",
    "Alessandra De Luca / Giovanni Esposito",
    "Maria Pellegrini / Giuseppe Santoro",
    "Federica Mariani / Antonio Colombo",
]


def logged_in_italian(page, live_server, user):
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            },
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": "it", "url": live_server.url},
        ]
    )


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"burraco-console-{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_director_pastes_pairs_and_seats_turno_one_on_a_phone(phone, browser, live_server):
    club = ClubFactory(name="Circolo del Tallone")
    director = member(club, Role.DIRECTOR)
    tournament = services.tournament_create(
        club=club, user=director, name="Burraco del giovedì", preset="burraco",
        format="burraco_pairs",
    )  # fmt: skip
    logged_in_italian(phone, live_server, director)
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(phone.get_by_text("Ancora nessuna coppia iscritta.")).to_be_visible()

    # a line without "/": refused beside the list, which comes back as typed
    phone.get_by_label("Coppie, una per riga").fill("\n".join([*PAIRS[:11], "Federica Mariani"]))
    phone.get_by_label("Sono presenti e hanno pagato").check()
    phone.get_by_role("button", name="Iscrivi le coppie").click()
    expect(phone.get_by_role("alert")).to_contain_text("Federica Mariani")
    expect(phone.get_by_label("Coppie, una per riga")).to_have_value(
        "\n".join([*PAIRS[:11], "Federica Mariani"])
    )
    shot(phone, "refused")
    assert Tournament.objects.get().entries.count() == 0

    phone.get_by_label("Coppie, una per riga").fill("\n".join(PAIRS))
    phone.get_by_label("Sono presenti e hanno pagato").check()
    phone.get_by_role("button", name="Iscrivi le coppie").click()
    expect(phone.get_by_text("12 coppie iscritte.")).to_be_visible()
    expect(phone.get_by_text("Coppie (12)")).to_be_visible()
    shot(phone, "pairs")

    phone.get_by_role("button", name="Assegna i tavoli del turno 1").click()
    expect(phone.get_by_text("Tavoli del turno 1 assegnati.")).to_be_visible()
    tables = phone.locator(".b-tables > li")
    expect(tables).to_have_count(6)
    expect(tables.first).to_contain_text("Anna Rossi / Bruno Bianchi")
    expect(tables.first).to_contain_text("Chiara Ferrara / Andrea Rinaldi")
    shot(phone, "turno-1")

    # turno 2 is not offered while turno 1 is played: the console says why instead
    expect(phone.get_by_role("button", name="Assegna i tavoli del turno 2")).to_have_count(0)
    expect(
        phone.get_by_text("Il turno 2 si assegna quando il turno 1 è finito: tavoli decisi 0 su 6.")
    ).to_be_visible()
    shot(phone, "seat-waits")

    # axe-core finds nothing serious on the console with its tables (as test_axe_audit.py)
    context = browser.new_context(viewport=PHONE, locale="it-IT", bypass_csp=True)
    context.add_cookies(phone.context.cookies())
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(AUDIT) == []
    finally:
        context.close()
