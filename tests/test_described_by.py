"""Every `aria-describedby` of a page names elements the page holds, so a screen reader reads a
field's help and errors with it (walk leftover: the guest name field was described by
"id_name_helptext" while its help was "id_name_help"; Django names them {id}_helptext and
{id}_error). A few key pages, blank and with errors: the check-in page, the match page, a new
match, logging in."""

from __future__ import annotations

from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from tests.clients import english
from tests.factories import ClubFactory, PlayerFactory, member, start_match
from tournaments import services
from tournaments.models import Format

pytestmark = pytest.mark.django_db


class Ids(HTMLParser):
    """The ids of a page and, per element described, the ids its aria-describedby names."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.described: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"] or "")
        if "aria-describedby" in found:
            named = (found["aria-describedby"] or "").split()
            self.described.append((f"<{tag} id={found.get('id')!r}>", named))


def dangling(html: str) -> list[str]:
    """Each aria-describedby id the page does not hold, with its element ([] when all hold)."""
    page = Ids()
    page.feed(html)
    return [
        f"{element}: {name}"
        for element, names in page.described
        for name in names or ["(empty)"]
        if name not in page.ids
    ]


def described(html: str) -> list[str]:
    page = Ids()
    page.feed(html)
    return [name for _element, names in page.described for name in names]


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone", slug="tallone", is_public=True)


def test_the_check_in_page_s_guest_field_is_described_by_its_help_and_its_error(club):
    director = member(club, Role.DIRECTOR)
    tournament = services.tournament_create(
        club=club,
        user=director,
        name="Coppa",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee=Decimal("10"),
    )
    services.entry_register(
        tournament=tournament, user=director, player=PlayerFactory(club=club, name="Anna Rossi")
    )
    link = reverse("tournaments:check-in", args=[tournament.check_in_key])
    blank = english(Client()).get(link).content.decode()
    assert "id_name_helptext" in described(blank)
    assert dangling(blank) == []
    refused = english(Client()).post(link, {"name": "anna rossi"})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert {"id_name_helptext", "id_name_error"} <= set(described(html))
    assert dangling(html) == []


def test_the_match_page_s_fields_are_described_by_what_the_page_holds(client, club):
    client.force_login(member(club, Role.SCOREKEEPER))
    english(client)
    for preset in ("gin-standard", "scala40-club"):
        names = ("Gina", "Gino") if preset.startswith("gin") else ("Anna", "Bruno", "Carla")
        match = start_match(club=club, preset=preset, names=names)
        html = client.get(reverse("scoring:match", args=[match.pk])).content.decode()
        assert dangling(html) == [], preset
    # a hand refused, points that are no number: the page again, the errors by the fields
    seat = match.seats.get(name="Anna").seat
    other = match.seats.get(name="Bruno").seat
    hand = {"closer": str(seat), "idempotency_key": "k1", f"points_{other}": "tanti"}
    refused = client.post(reverse("scoring:hand", args=[match.pk]), hand)
    html = refused.content.decode()
    assert f"id_points_{other}_error" in described(html)
    assert dangling(html) == []


def test_the_new_match_page_s_fields_are_described_by_what_the_page_holds(client, club):
    client.force_login(member(club, Role.SCOREKEEPER))
    english(client)
    url = reverse("scoring:start", args=[club.slug])
    blank = client.get(url).content.decode()
    assert described(blank), "the page's fields have help"
    assert dangling(blank) == []
    # errors: no players, a table name too long, and a guest's name too long at seat 1
    sent = {"preset": "scala40-club", "first_dealer": "1", "table_label": "x" * 300}
    refused = client.post(url, {**sent, "guest_1": "y" * 300})
    assert refused.status_code == 200
    html = refused.content.decode()
    assert any(name.endswith("_error") for name in described(html))
    assert dangling(html) == []


def test_the_login_page_s_fields_are_described_by_what_the_page_holds(club):
    visitor = english(Client())
    assert dangling(visitor.get("/accounts/login/").content.decode()) == []
    wrong = visitor.post("/accounts/login/", {"username": "nobody", "password": "wrong"})
    assert dangling(wrong.content.decode()) == []
