"""The entry fee is its own fact (`Entry.paid_at`): a player who checks in by phone is here but
has not paid; the director takes the fee at the desk and marks it paid beside the entry (and
undoes a mistaken mark); the desk check-in and "Here and paid" of the registration still mark
paid. The check-in list PDF, the entries page, the console and the ledger's pot follow it; a
dropped player who paid keeps the fee in the pot. Through real HTTP requests and the PDF's text."""

from __future__ import annotations

import datetime
import importlib
import io
from decimal import Decimal

import pytest
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.factories import ClubFactory, PlayerFactory
from tournaments import money, services
from tournaments.models import Entry, EntryStatus, Format, GuestCheckIn

from .helpers import Staff

pytestmark = pytest.mark.django_db

migration = importlib.import_module("tournaments.migrations.0008_entry_paid_at")


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()
    yield
    cache.clear()


def visitor() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone", is_public=True))


@pytest.fixture
def desk(staff) -> Client:
    client = visitor()
    client.force_login(staff.director)
    return client


def make(staff, *, fee="10", names=("Anna Rossi", "Bruno Bianchi", "Carla Verdi")):
    tournament = services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di Natale",
        preset="scala40",
        format=Format.ROUNDS,
        entry_fee=Decimal(fee),
    )
    for name in names:
        player = PlayerFactory(club=staff.club, name=name)
        services.entry_register(tournament=tournament, user=staff.director, player=player)
    return tournament


def entry(tournament, name) -> Entry:
    return tournament.entries.get(player__name=name)


def phone_check_in(tournament, name) -> None:
    link = reverse("tournaments:check-in", args=[tournament.check_in_key])
    response = visitor().post(link, {"entry": entry(tournament, name).pk})
    assert response.status_code == 302
    assert entry(tournament, name).status == EntryStatus.CHECKED_IN


def list_lines(desk, tournament) -> list[str]:
    response = desk.get(reverse("tournaments:check-in-list-pdf", args=[tournament.pk]))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return [" ".join(line.split()) for line in text.splitlines()]


def total(desk, tournament) -> str:
    return next(line for line in list_lines(desk, tournament) if line.startswith("Total"))


def fee_badge(desk, tournament, name) -> str:
    """The fee badge of `name`'s card on the entries page: "paid" or "due"."""
    page = desk.get(reverse("tournaments:entries", args=[tournament.pk])).content.decode()
    card = page.split(f'data-player="{name}"', 1)[1].split("</li>", 1)[0]
    if 'class="badge fee paid">€ 10.00 paid' in card:
        return "paid"
    assert 'class="badge fee due">€ 10.00 due' in card, card
    return "due"


def entry_fees(desk, tournament) -> str:
    page = desk.get(reverse("tournaments:ledger", args=[tournament.pk])).content.decode()
    return page.split('id="entry-fees">', 1)[1].split("<", 1)[0]


def act(desk, tournament, action, name):
    return desk.post(
        reverse("tournaments:entries", args=[tournament.pk]),
        {"action": action, "entry": entry(tournament, name).pk},
        follow=True,
    )


def test_the_phone_tells_the_player_to_pay_at_the_desk(staff, desk):
    tournament = make(staff)
    phone = visitor()
    link = reverse("tournaments:check-in", args=[tournament.check_in_key])
    page = phone.post(link, {"entry": entry(tournament, "Anna Rossi").pk}, follow=True)
    assert "Pay the entry fee of € 10.00 at the desk." in page.content.decode()
    act(desk, tournament, "pay", "Anna Rossi")
    assert "Pay the entry fee" not in phone.get(link).content.decode()


def test_a_phone_check_in_leaves_the_fee_due_until_the_director_marks_it_paid(staff, desk):
    tournament = make(staff)
    phone_check_in(tournament, "Anna Rossi")

    # Here, but nobody took her money: due on the list, the entries page and the ledger.
    assert total(desk, tournament) == "Total 0.00 30.00"
    assert fee_badge(desk, tournament, "Anna Rossi") == "due"
    assert entry_fees(desk, tournament) == "€ 0.00"
    console = desk.get(tournament.get_absolute_url()).content.decode()
    assert "Entry fees: € 0.00 paid, € 30.00 due." in console
    assert "1 player here has not paid yet." in console

    # The director takes the fee at the desk.
    page = act(desk, tournament, "pay", "Anna Rossi")
    assert "Anna Rossi has paid € 10.00." in page.content.decode()
    assert entry(tournament, "Anna Rossi").status == EntryStatus.CHECKED_IN
    assert total(desk, tournament) == "Total 10.00 20.00"
    assert fee_badge(desk, tournament, "Anna Rossi") == "paid"
    assert entry_fees(desk, tournament) == "€ 10.00"
    console = desk.get(tournament.get_absolute_url()).content.decode()
    assert "Entry fees: € 10.00 paid, € 20.00 due." in console
    assert "has not paid yet" not in console

    # Paid twice is paid once.
    act(desk, tournament, "pay", "Anna Rossi")
    assert entry_fees(desk, tournament) == "€ 10.00"

    # A mistake: undone, the fee is due again and leaves the pot; she is still here.
    page = act(desk, tournament, "unpay", "Anna Rossi")
    assert "Anna Rossi: the entry fee of € 10.00 is due again." in page.content.decode()
    assert entry(tournament, "Anna Rossi").status == EntryStatus.CHECKED_IN
    assert total(desk, tournament) == "Total 0.00 30.00"
    assert fee_badge(desk, tournament, "Anna Rossi") == "due"
    assert entry_fees(desk, tournament) == "€ 0.00"


def test_the_entries_page_offers_mark_paid_and_undo_beside_each_entry(staff, desk):
    tournament = make(staff)
    phone_check_in(tournament, "Anna Rossi")
    act(desk, tournament, "check_in", "Bruno Bianchi")
    page = desk.get(reverse("tournaments:entries", args=[tournament.pk])).content.decode()

    def card(name):
        return page.split(f'data-player="{name}"', 1)[1].split("</li>", 1)[0]

    assert "Mark paid<span" in card("Anna Rossi") and "Undo paid" not in card("Anna Rossi")
    assert "Undo paid<span" in card("Bruno Bianchi") and "Mark paid" not in card("Bruno Bianchi")
    # Not here yet: "Here and paid" is the one button (a desk check-in takes the fee).
    assert "Mark paid" not in card("Carla Verdi") and "Here and paid<span" in card("Carla Verdi")


def test_the_desk_check_in_and_here_and_paid_still_mark_paid(staff, desk):
    tournament = make(staff)
    act(desk, tournament, "check_in", "Anna Rossi")
    desk.post(reverse("tournaments:entries", args=[tournament.pk]), {"action": "check_in_all"})
    desk.post(
        reverse("tournaments:entries", args=[tournament.pk]),
        {"action": "register", "names": "Dario Ospite", "check_in": "on"},
    )
    desk.post(
        reverse("tournaments:entries", args=[tournament.pk]),
        {"action": "register", "names": "Elena Tardi"},
    )
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Ospite"):
        assert fee_badge(desk, tournament, name) == "paid", name
        assert entry(tournament, name).paid_at == entry(tournament, name).checked_in_at
    assert fee_badge(desk, tournament, "Elena Tardi") == "due"
    assert entry_fees(desk, tournament) == "€ 40.00"
    assert total(desk, tournament) == "Total 40.00 10.00"


def test_a_player_here_by_phone_pays_at_the_desk_check_in(staff):
    tournament = make(staff)
    phone_check_in(tournament, "Anna Rossi")
    services.entry_check_in(entry=entry(tournament, "Anna Rossi"), user=staff.director)
    assert entry(tournament, "Anna Rossi").has_paid


def test_a_guest_approved_from_the_phone_still_owes_the_fee(staff, desk):
    tournament = make(staff)
    link = reverse("tournaments:check-in", args=[tournament.check_in_key])
    visitor().post(link, {"name": "Dario Ospite"})
    guest = GuestCheckIn.objects.get(name="Dario Ospite")
    services.guest_approve(guest=guest, user=staff.director)
    dario = entry(tournament, "Dario Ospite")
    assert dario.status == EntryStatus.CHECKED_IN and not dario.has_paid
    assert fee_badge(desk, tournament, "Dario Ospite") == "due"


def test_a_dropped_player_who_paid_keeps_the_fee_in_the_pot(staff, desk):
    tournament = make(staff)
    phone_check_in(tournament, "Anna Rossi")
    phone_check_in(tournament, "Bruno Bianchi")
    act(desk, tournament, "pay", "Anna Rossi")
    services.entry_drop(entry=entry(tournament, "Anna Rossi"), user=staff.director)
    services.entry_drop(entry=entry(tournament, "Bruno Bianchi"), user=staff.director)
    assert entry_fees(desk, tournament) == "€ 10.00"  # Anna's stays, Bruno never paid
    # Bruno dropped owes nothing more; Carla's is still due.
    assert total(desk, tournament) == "Total 10.00 10.00"


def test_without_a_fee_every_player_checked_in_is_an_entrant_of_the_payouts(staff):
    tournament = make(staff, fee="0")
    phone_check_in(tournament, "Anna Rossi")
    phone_check_in(tournament, "Bruno Bianchi")
    assert money.ledger(tournament).paying_entries == 2


def test_a_finished_tournament_takes_no_fee_change(staff):
    tournament = make(staff)
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    with pytest.raises(services.TournamentActionError):
        services.entry_pay(entry=entry(tournament, "Anna Rossi"), user=staff.director)


def test_the_migration_makes_every_entry_checked_in_paid_at_its_check_in():
    staff = Staff()
    tournament = make(staff)
    when = timezone.now() - datetime.timedelta(days=30)
    Entry.objects.filter(pk=entry(tournament, "Anna Rossi").pk).update(
        status=EntryStatus.CHECKED_IN, checked_in_at=when, paid_at=None
    )
    migration.paid_when_checked_in(apps, None)
    assert entry(tournament, "Anna Rossi").paid_at == when
    assert entry(tournament, "Bruno Bianchi").paid_at is None


def test_the_check_in_all_button_says_it_marks_the_fees_paid(staff, desk):
    """Checking everyone in at the desk also takes their fees: with a fee the button says so, so
    the director does not put money in the pot they never took."""
    tournament = make(staff)
    phone_check_in(tournament, "Anna Rossi")
    page = desk.get(reverse("tournaments:entries", args=[tournament.pk])).content.decode()
    assert "Check in and mark paid all 2 players waiting" in page
    free = make(staff, fee="0", names=("Dario Neri",))
    page = desk.get(reverse("tournaments:entries", args=[free.pk])).content.decode()
    assert "Check in the 1 player waiting" in page and "mark paid" not in page


def test_the_ledger_places_and_pays_nobody_before_any_round_is_played(staff, desk):
    tournament = make(staff)
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi"):
        act(desk, tournament, "check_in", name)  # here and paid
    services.round_seat(tournament=tournament, user=staff.director, seed=1)
    page = desk.get(reverse("tournaments:ledger", args=[tournament.pk])).content.decode()
    by_player = page.split('id="by-player"', 1)[1]
    assert "No payouts yet." in by_player
    assert "1. Anna Rossi" not in by_player and "data-player=" not in by_player
    assert money.ledger(tournament).paid == {}
