"""Tie-breaks on a phone, in Italian (issue 25): the director creates the evening's tournament
choosing the order of the tie-breaks (a repeated one is refused beside the field, what was
chosen stays), the evening is played, and the public standings state the order and mark, under
the player's name, the tie-break that set two players on the same points apart: readable at
390 px, inside the screen, no sideways scroll."""

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.factories import ClubFactory
from tests.tournaments.helpers import Staff
from tests.tournaments.test_tie_breaks import play_evening
from tournaments.models import Tournament

SHOTS = Path("/work/shots-standings")


def logged_in(page, live_server, user):
    """Give the page's browser context the session of `user`, speaking Italian."""
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
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_director_orders_the_tie_breaks_and_the_standings_mark_them(phone, live_server):
    staff = Staff(ClubFactory(name="Circolo del Tallone", slug="tallone", is_public=True))
    logged_in(phone, live_server, staff.director)
    phone.goto(live_server.url + "/tournaments/new/")
    phone.get_by_label("Nome", exact=True).fill("Serata di novembre")
    phone.get_by_label("Turni", exact=True).fill("2")
    phone.get_by_label("Tavolo finale", exact=True).fill("0")
    order = phone.locator("ol#id_tie_breaks")
    order.scroll_into_view_if_needed()
    expect(phone.get_by_text("Spareggi, in ordine", exact=True)).to_be_visible()
    # head to head second: chosen twice by mistake, it is refused beside the field
    order.get_by_label("Spareggio 2", exact=True).select_option(label="scontro diretto")
    phone.get_by_role("button", name="Crea il torneo").click()
    error = phone.locator("#id_tie_breaks_error")
    expect(error).to_have_text(
        "“scontro diretto” è scelto due volte: scegli ogni spareggio una volta sola."
    )
    expect(order.get_by_label("Spareggio 2", exact=True)).to_have_value("head_to_head")
    error.scroll_into_view_if_needed()
    shot(phone, "1-form-repeated-tie-break")
    order.get_by_label("Spareggio 3", exact=True).select_option(label="tavoli vinti")
    phone.get_by_role("button", name="Crea il torneo").click()
    expect(phone.locator("h1")).to_contain_text("Iscrizioni")  # the entries page
    tournament = Tournament.objects.get()
    assert tournament.tie_breaks == ["points", "head_to_head", "wins", "opponents", "penalty"]

    play_evening(tournament, staff)
    phone.goto(live_server.url + f"/tournaments/{tournament.pk}/standings/")
    expect(phone.locator(".standings-order")).to_have_text(
        "Spareggi, in ordine: punti torneo, scontro diretto, tavoli vinti, forza degli "
        "avversari, punti di penalità (prima chi ne ha meno)."
    )
    bruno = phone.locator('#standings tr[data-player="Bruno Galli"]')
    mark = bruno.locator(".tie-break-mark")
    expect(mark).to_have_text("Spareggio con Anna Ferri: scontro diretto")
    expect(bruno.locator(".place")).to_have_text("5")
    mark.scroll_into_view_if_needed()
    shot(phone, "2-standings-marks")
    box = mark.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    size = mark.evaluate("node => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 12  # readable: .85rem of 16 px
    assert mark.evaluate("node => getComputedStyle(node).display") == "block"
    # Ximena below Quirino on 6 points by strength of schedule: a column hidden on a phone, so
    # the note about bold columns is hidden too; on a wide screen both cells are in bold
    ximena = phone.locator('#standings tr[data-player="Ximena Rossi"]')
    expect(ximena.locator(".tie-break-mark")).to_have_text(
        "Spareggio con Quirino Sala: forza degli avversari"
    )
    note = phone.get_by_text("In grassetto: lo spareggio che ha separato i giocatori a pari punti.")
    expect(note).to_be_hidden()
    phone.set_viewport_size({"width": 1280, "height": 900})
    expect(note).to_be_visible()
    for name in ("Quirino Sala", "Ximena Rossi"):
        cell = phone.locator(f'#standings tr[data-player="{name}"] td.decided')
        expect(cell).to_have_count(1)
        assert cell.evaluate("node => getComputedStyle(node).fontWeight") == "700"
    shot(phone, "3-standings-wide")
