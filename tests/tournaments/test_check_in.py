"""Self check-in and "where do I sit?" through the test client (issue 19): a player checks in by
the tournament's check-in link without an account (twice is once), a guest types a name the
director approves or refuses, the console shows check-ins, the link is a secret that stops
working once the tournament is finished or renewed, the pages are rate limited per address, the
public "where do I sit?" finds a seat from three letters and keeps private tournaments private,
and the printed check-in list says who is here and what is paid and due."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from html import unescape

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import Player
from tests.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Entry, EntryStatus, Format, GuestCheckIn, GuestStatus

from .helpers import Staff

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()
    yield
    cache.clear()


def visitor() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def director_client(staff) -> Client:
    client = visitor()
    client.force_login(staff.director)
    return client


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone", is_public=True))


def make(staff, *, names=("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Nicolò Neri"), **extra):
    options = {
        "name": "Coppa di Natale",
        "preset": "scala40",
        "format": Format.ROUNDS,
        "is_public": True,
        "entry_fee": Decimal("10"),
        **extra,
    }
    tournament = services.tournament_create(club=staff.club, user=staff.director, **options)
    for name in names:
        player = PlayerFactory(club=staff.club, name=name)
        services.entry_register(tournament=tournament, user=staff.director, player=player)
    return tournament


def link(tournament) -> str:
    return reverse("tournaments:check-in", args=[tournament.check_in_key])


def entry(tournament, name) -> Entry:
    return tournament.entries.get(player__name=name)


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def banner(response) -> str:
    """The words of the check-in page's banner ("✓ You are checked in as ...")."""
    found = re.search(r'<p class="check-in-done">(.*?)</p>', response.content.decode(), re.S)
    return " ".join(re.sub(r"<[^>]+>", "", unescape(found.group(1))).split()) if found else ""


def same(html: str) -> str:
    """The page's `<main>`, without what differs between two renderings of one page (the CSRF
    token is masked anew each time) and without the line breaks."""
    main = html[html.index("<main") : html.index("</main>")]
    main = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken"', main)
    return " ".join(main.split())


def poll(phone, tournament) -> str:
    """What a waiting guest's phone asks every 3 s (htmx): the page below its title."""
    answer = phone.get(link(tournament), {"part": "me"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return answer.content.decode()


def swapped(phone, tournament) -> str:
    """The check-in page as the phone shows it after the poll's swap: the page as first loaded
    with its `#check-in` part (the poll's element, swapped whole) replaced by the poll's answer."""
    first = phone.get(link(tournament)).content.decode()
    start = first.index('<div id="check-in" ')
    end = first.index("</main>", start)
    return first[:start] + poll(phone, tournament).strip() + first[end:]


# Checking in by the link ------------------------------------------------------------------------


def test_a_player_checks_in_by_the_link_without_an_account_and_twice_is_once(staff):
    tournament = make(staff)
    phone = visitor()
    page = phone.get(link(tournament))
    assert page.status_code == 200
    body = page.content.decode()
    for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Nicolò Neri"):
        assert name in body
    anna = entry(tournament, "Anna Rossi")

    answer = phone.post(link(tournament), {"entry": anna.pk}, follow=True)
    # said once, in the banner: no message above it saying it again
    assert banner(answer) == "✓ Anna Rossi, you are checked in. Welcome!"
    assert answer.content.decode().count("checked in. Welcome!") == 1
    assert '<li class="message' not in answer.content.decode()
    # the banner stays; the welcome was said once
    assert banner(phone.get(link(tournament))) == "✓ You are checked in as Anna Rossi."
    anna.refresh_from_db()
    assert anna.status == EntryStatus.CHECKED_IN
    first_time = anna.checked_in_at
    assert first_time is not None

    # The same phone may check in someone else: "not you?" shows the list again.
    assert "Tap your name" not in phone.get(link(tournament)).content.decode()
    other = phone.get(link(tournament) + "?other=1").content.decode()
    assert "Tap your name" in other and "You are checked in as" not in other

    # Again, from this phone or another: still checked in once, and said so.
    again = visitor().post(link(tournament), {"entry": anna.pk}, follow=True)
    assert banner(again) == "✓ Anna Rossi, you are already checked in."
    assert '<li class="message' not in again.content.decode()
    anna.refresh_from_db()
    assert anna.checked_in_at == first_time
    assert tournament.entries.filter(status=EntryStatus.CHECKED_IN).count() == 1


def test_in_italian_the_check_in_is_said_once(staff):
    """Walk leftover: "presenza registrata" was said by a message and by the banner below it."""
    tournament = make(staff)
    phone = visitor()
    phone.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    anna = {"entry": entry(tournament, "Anna Rossi").pk}
    answer = phone.post(link(tournament), anna, follow=True)
    assert banner(answer) == "✓ Anna Rossi, presenza registrata. Buon gioco!"
    assert answer.content.decode().lower().count("presenza registrata") == 1
    again = phone.post(link(tournament), anna, follow=True)
    assert banner(again) == "✓ Anna Rossi, la tua presenza era già registrata."
    assert again.content.decode().lower().count("registrata") == 1


def test_an_entry_of_another_tournament_or_a_dropped_player_is_refused(staff):
    tournament = make(staff)
    other = make(staff, names=("Zeno Zanetti",), name="Altro torneo")
    zeno = entry(other, "Zeno Zanetti")
    answer = visitor().post(link(tournament), {"entry": zeno.pk}, follow=True)
    assert "Pick your name from the list." in messages_of(answer)
    zeno.refresh_from_db()
    assert zeno.status == EntryStatus.REGISTERED

    bruno = entry(tournament, "Bruno Bianchi")
    services.entry_drop(entry=bruno, user=staff.director)
    answer = visitor().post(link(tournament), {"entry": bruno.pk}, follow=True)
    assert "Bruno Bianchi has dropped out." in messages_of(answer)
    assert "Bruno Bianchi" not in answer.content.decode().split("Tap your name")[1]
    # in Italian, not "si è ritirato" for a player whose gender is not said
    italian = visitor()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    refused = italian.post(link(tournament), {"entry": bruno.pk}, follow=True)
    assert "Bruno Bianchi non è più in gara." in messages_of(refused)
    assert "Bruno Bianchi" not in answer.content.decode().split("Tap your name")[1]

    # A player dropped after checking in is no longer told they are checked in.
    phone = visitor()
    carla = entry(tournament, "Carla Verdi")
    phone.post(link(tournament), {"entry": carla.pk})
    assert banner(phone.get(link(tournament))) == "✓ Carla Verdi, you are checked in. Welcome!"
    services.entry_drop(entry=carla, user=staff.director)
    page = phone.get(link(tournament)).content.decode()
    assert "You are checked in as" not in page and "Tap your name" in page


def test_the_link_is_a_secret_not_the_tournament_id(staff):
    tournament = make(staff)
    assert len(tournament.check_in_key) >= 16
    assert str(tournament.pk) != tournament.check_in_key
    other = make(staff, names=(), name="Altro torneo")
    assert other.check_in_key != tournament.check_in_key
    key = tournament.check_in_key
    almost = key[:-1] + ("y" if key.endswith("x") else "x")  # one character off, never the key
    for guess in (str(tournament.pk), almost, "coppa-di-natale"):
        assert visitor().get(reverse("tournaments:check-in", args=[guess])).status_code == 404


def test_the_link_stops_working_once_the_tournament_is_finished(staff):
    tournament = make(staff)
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    anna = entry(tournament, "Anna Rossi")
    page = visitor().get(link(tournament))
    assert page.status_code == 410
    assert "This tournament is over: check-in is closed." in page.content.decode()
    post = visitor().post(link(tournament), {"entry": anna.pk})
    assert post.status_code == 410
    anna.refresh_from_db()
    assert anna.status == EntryStatus.REGISTERED
    where = visitor().get(reverse("tournaments:check-in-where", args=[tournament.check_in_key]))
    assert where.status_code == 410


def test_a_new_link_revokes_the_old_one(staff):
    tournament = make(staff)
    old = link(tournament)
    desk = director_client(staff)
    answer = desk.post(reverse("tournaments:check-in-key", args=[tournament.pk]), follow=True)
    assert (
        "New check-in link made: the old link and its printed QR code no longer work."
        in messages_of(answer)
    )
    tournament.refresh_from_db()
    assert visitor().get(old).status_code == 404
    assert visitor().get(link(tournament)).status_code == 200
    # Nobody else makes one.
    outsider = visitor()
    assert outsider.post(reverse("tournaments:check-in-key", args=[tournament.pk])).status_code in (
        302,
        404,
    )
    key = tournament.check_in_key
    tournament.refresh_from_db()
    assert tournament.check_in_key == key


def test_check_ins_are_throttled_per_address(staff, settings):
    settings.CHECK_IN_RATE = "3/min"
    tournament = make(staff)
    anna = entry(tournament, "Anna Rossi")
    phone = visitor()
    for _ in range(3):
        assert phone.post(link(tournament), {"entry": anna.pk}).status_code == 302
    refused = visitor().post(link(tournament), {"entry": entry(tournament, "Carla Verdi").pk})
    assert refused.status_code == 429
    assert "Too many requests from this address" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert entry(tournament, "Carla Verdi").status == EntryStatus.REGISTERED
    # Another address is not held back.
    other = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.0.0.9")
    assert other.post(link(tournament), {"entry": anna.pk}).status_code == 302


# Guests -------------------------------------------------------------------------------------------


def test_a_guest_types_a_name_and_the_director_approves_it(staff):
    tournament = make(staff)
    phone = visitor()
    answer = phone.post(link(tournament), {"name": "  Dario   Ospite "}, follow=True)
    body = answer.content.decode()
    assert "<strong>Dario Ospite</strong>: waiting for the director to approve your check-in." in (
        body
    )
    guest = GuestCheckIn.objects.get(tournament=tournament)
    assert guest.name == "Dario Ospite" and guest.status == GuestStatus.PENDING
    assert not tournament.entries.filter(player__name="Dario Ospite").exists()
    # While the guest waits, the phone asks for the answer every 3 s (it was 10 s)
    waiting = '<div id="check-in" class="check-in" hx-get="?part=me" hx-trigger="every 3s"'
    assert waiting in " ".join(body.split())
    part = phone.get(link(tournament), {"part": "me"}, HTTP_HX_REQUEST="true").content.decode()
    assert waiting in " ".join(part.split())

    # The same name again is the same request.
    phone.post(link(tournament), {"name": "dario ospite"})
    assert GuestCheckIn.objects.filter(tournament=tournament).count() == 1

    # The console shows it, with the buttons.
    desk = director_client(staff)
    console = desk.get(tournament.get_absolute_url()).content.decode()
    assert "1 guest waiting for your approval" in console
    assert 'data-guest="Dario Ospite"' in console
    approved = desk.post(
        reverse("tournaments:guest", args=[tournament.pk, guest.pk]),
        {"action": "approve"},
        follow=True,
    )
    assert "Dario Ospite registered and checked in." in messages_of(approved)
    dario = tournament.entries.get(player__name="Dario Ospite")
    assert dario.status == EntryStatus.CHECKED_IN
    assert dario.player.is_guest
    guest.refresh_from_db()
    assert guest.status == GuestStatus.APPROVED and guest.entry == dario

    # The guest's phone now says so, and stops asking.
    part = phone.get(link(tournament), {"part": "me"}, HTTP_HX_REQUEST="true").content.decode()
    assert "You are checked in as <strong>Dario Ospite</strong>." in part
    assert "hx-get" not in part and "hx-trigger" not in part
    assert "You are checked in as <strong>Dario Ospite</strong>." in (
        phone.get(link(tournament)).content.decode()
    )
    # Answered once only.
    again = desk.post(
        reverse("tournaments:guest", args=[tournament.pk, guest.pk]),
        {"action": "refuse"},
        follow=True,
    )
    assert "Dario Ospite has already been answered." in messages_of(again)


def test_a_refused_guest_is_not_registered_and_a_listed_name_is_picked_instead(staff):
    tournament = make(staff)
    phone = visitor()
    listed = phone.post(link(tournament), {"name": "anna rossi"})
    assert listed.status_code == 400
    assert "Anna Rossi is on the list: pick the name there." in listed.content.decode()
    empty = phone.post(link(tournament), {"name": "   "})
    assert empty.status_code == 400
    assert not GuestCheckIn.objects.exists()

    phone.post(link(tournament), {"name": "Scherzo Burlone"})
    guest = GuestCheckIn.objects.get()
    desk = director_client(staff)
    desk.post(reverse("tournaments:guest", args=[tournament.pk, guest.pk]), {"action": "refuse"})
    guest.refresh_from_db()
    assert guest.status == GuestStatus.REFUSED
    assert not Player.objects.filter(name="Scherzo Burlone").exists()
    assert "The director did not approve the check-in of Scherzo Burlone: ask at the desk." in (
        phone.get(link(tournament)).content.decode()
    )
    # decided: the waiting phone stops asking
    part = phone.get(link(tournament), {"part": "me"}, HTTP_HX_REQUEST="true").content.decode()
    assert "did not approve" in part and "hx-trigger" not in part


def test_only_a_director_decides_on_a_guest(staff):
    tournament = make(staff)
    visitor().post(link(tournament), {"name": "Dario Ospite"})
    guest = GuestCheckIn.objects.get()
    path = reverse("tournaments:guest", args=[tournament.pk, guest.pk])
    keeper = visitor()
    keeper.force_login(staff.scorekeeper)
    assert keeper.post(path, {"action": "approve"}).status_code == 403
    assert visitor().post(path, {"action": "approve"}).status_code == 302  # to the login page
    guest.refresh_from_db()
    assert guest.status == GuestStatus.PENDING


# The console --------------------------------------------------------------------------------------


def test_the_console_panel_shows_check_ins_and_refreshes_itself(staff):
    tournament = make(staff)
    desk = director_client(staff)
    console = desk.get(tournament.get_absolute_url()).content.decode()
    assert "0 checked in, 4 registered but not here yet, 0 dropped." in console
    assert "?panel=check-in" in console and 'hx-trigger="every 10s"' in console

    visitor().post(link(tournament), {"entry": entry(tournament, "Carla Verdi").pk})
    panel = desk.get(tournament.get_absolute_url() + "?panel=check-in", HTTP_HX_REQUEST="true")
    body = panel.content.decode()
    assert body.lstrip().startswith('<section id="check-in"')
    assert "1 checked in, 3 registered but not here yet, 0 dropped." in body
    assert 'data-player="Carla Verdi"' in body
    # The panel is the director's: a visitor gets the public page.
    public = visitor().get(
        tournament.get_absolute_url() + "?panel=check-in", HTTP_HX_REQUEST="true"
    )
    assert "registered but not here yet" not in public.content.decode()


def test_the_qr_page_shows_the_link_as_a_qr_code_for_directors_only(staff):
    tournament = make(staff)
    desk = director_client(staff)
    page = desk.get(reverse("tournaments:check-in-qr", args=[tournament.pk]))
    body = page.content.decode()
    assert page.status_code == 200
    assert 'src="data:image/png;base64,' in body
    assert f"http://testserver/tournaments/check-in/{tournament.check_in_key}/" in body
    # Its check-in panel refreshes itself too, and its answers come back to this page.
    assert "?panel=check-in&amp;next=qr" in body
    visitor().post(link(tournament), {"name": "Dario Ospite"})
    panel = desk.get(
        tournament.get_absolute_url() + "?panel=check-in&next=qr", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert '<input type="hidden" name="next" value="qr">' in panel
    assert (
        visitor().get(reverse("tournaments:check-in-qr", args=[tournament.pk])).status_code == 302
    )
    keeper = visitor()
    keeper.force_login(staff.scorekeeper)
    qr_page = keeper.get(reverse("tournaments:check-in-qr", args=[tournament.pk]))
    assert qr_page.status_code == 403


# Where do I sit? ---------------------------------------------------------------------------------


def seated(staff, **extra):
    tournament = make(staff, **extra)
    services.entry_check_in_all(tournament=tournament, user=staff.director)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    return tournament, round


def test_three_letters_find_the_table_and_seat(staff):
    tournament, round = seated(staff)
    seat = round.tables.get().seats.get(entry__player__name="Nicolò Neri")
    where = reverse("tournaments:where", args=[tournament.pk])
    page = visitor().get(where, {"q": "nico"})  # no accent, any case
    body = page.content.decode()
    assert page.status_code == 200
    card = body.split('class="seat-card" data-player="Nicolò Neri"')[1].split("</div>")[0]
    assert '<span class="seat-table">Table 1</span>' in card
    assert f'<span class="seat-seat">Seat {seat.seat}</span>' in card
    assert body.count('class="seat-card"') == 1

    # Two letters are not enough; a name nobody has says so.
    assert "Type at least 3 letters." in visitor().get(where, {"q": "ni"}).content.decode()
    nobody = visitor().get(where, {"q": "xyz"}).content.decode()
    assert "Nobody of this round has “xyz” in their name." in nobody
    # "ar" is in Carla and Anna Rossi? No: "arl" only in Carla.
    assert visitor().get(where, {"q": "ARL"}).content.decode().count('class="seat-card"') == 1


def test_the_wall_list_is_sorted_by_name_and_each_round_has_its_page(staff):
    tournament, _round = seated(staff)
    body = visitor().get(reverse("tournaments:round-where", args=[tournament.pk, 1])).content
    text = body.decode()
    wall = text.split('id="where-list"')[1]
    order = [
        wall.index(f'data-name="{name}"')
        for name in ("Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Nicolò Neri")
    ]
    assert order == sorted(order)
    assert reverse("tournaments:seating-pdf", args=[tournament.pk, 1]) in text
    seating = visitor().get(reverse("tournaments:seating", args=[tournament.pk])).content
    assert reverse("tournaments:round-where", args=[tournament.pk, 1]) in seating.decode()
    assert (
        visitor().get(reverse("tournaments:round-where", args=[tournament.pk, 2])).status_code
        == 404
    )
    # The projector's seating says where to look it up.
    projector = visitor().get(reverse("tournaments:projector", args=[tournament.pk]))
    seating_slide = projector.content.decode().split('data-key="seating"')[1].split("</header>")[0]
    assert f"Where do I sit? testserver/tournaments/{tournament.pk}/where/" in seating_slide
    # Linked from the tournament's page.
    assert reverse("tournaments:where", args=[tournament.pk]) in (
        visitor().get(tournament.get_absolute_url()).content.decode()
    )


def test_a_private_tournament_is_not_found_by_visitors_but_its_link_finds_seats(staff):
    staff.club.is_public = False
    staff.club.save(update_fields=["is_public"])
    tournament, _round = seated(staff, is_public=False)
    assert visitor().get(reverse("tournaments:where", args=[tournament.pk])).status_code == 404
    member = director_client(staff)
    assert member.get(reverse("tournaments:where", args=[tournament.pk])).status_code == 200
    by_link = visitor().get(
        reverse("tournaments:check-in-where", args=[tournament.check_in_key]), {"q": "anna"}
    )
    assert by_link.status_code == 200
    assert 'class="seat-card" data-player="Anna Rossi"' in by_link.content.decode()
    assert "seating.pdf" not in by_link.content.decode()


def test_the_seat_finder_is_throttled_per_address(staff, settings):
    settings.SEAT_FINDER_RATE = "2/min"
    tournament, _round = seated(staff)
    where = reverse("tournaments:where", args=[tournament.pk])
    client = visitor()
    assert client.get(where, {"q": "ann"}).status_code == 200
    assert client.get(where, {"q": "bru"}).status_code == 200
    assert client.get(where, {"q": "car"}).status_code == 429


# The printed check-in list -----------------------------------------------------------------------


def pdf_text(response) -> str:
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_check_in_list_shows_who_is_here_and_the_fees_paid_and_due(staff):
    tournament = make(staff)
    for name in ("Anna Rossi", "Carla Verdi"):
        visitor().post(link(tournament), {"entry": entry(tournament, name).pk})
    services.entry_drop(entry=entry(tournament, "Bruno Bianchi"), user=staff.director)
    visitor().post(link(tournament), {"name": "Dario Ospite"})
    desk = director_client(staff)
    text = pdf_text(desk.get(reverse("tournaments:check-in-list-pdf", args=[tournament.pk])))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "Check-in list" in text
    assert "2 of 3 players checked in. Entry fee: 10.00 €." in lines or any(
        "2 of 3 players checked in." in line for line in lines
    )
    anna = next(line for line in lines if line.startswith("Anna Rossi"))
    assert anna.endswith("10.00") and ":" in anna  # the time of check-in, the fee
    bruno = next(line for line in lines if line.startswith("Bruno Bianchi"))
    assert bruno.endswith("dropped")  # owes nothing more
    nicolo = next(line for line in lines if line.startswith("Nicolò Neri"))
    assert nicolo.endswith("not yet 10.00")  # due
    total = next(line for line in lines if line.startswith("Total"))
    # Checking in by phone is being here, not paying: both fees are still due.
    assert total == "Total 0.00 30.00"
    assert any("Guests waiting for approval: Dario Ospite." in line for line in lines)
    # The director's only.
    assert (
        visitor().get(reverse("tournaments:check-in-list-pdf", args=[tournament.pk])).status_code
        == 302
    )


def test_the_qr_poster_prints_the_link(staff):
    tournament = make(staff)
    desk = director_client(staff)
    text = pdf_text(desk.get(reverse("tournaments:check-in-poster-pdf", args=[tournament.pk])))
    assert "Check in with your phone" in text
    assert tournament.check_in_key in text.replace("\n", "")


def test_the_checked_in_badge_is_not_styled_as_a_pending_hand(staff):
    """Walk leftover: the check-in page's "checked in" pill used the class of the match page's
    line about a hand kept on the phone (`.entry-status`: a yellow mark on its left)."""
    tournament = make(staff)
    phone = visitor()
    phone.post(link(tournament), {"entry": entry(tournament, "Anna Rossi").pk})
    body = visitor().get(link(tournament)).content.decode()
    badge = re.search(r'<li data-name="Anna Rossi">.*?<span class="([^"]*badge[^"]*)">', body, re.S)
    assert badge is not None and "entry-status" not in badge.group(1).split()
    # the match page's class is the match page's only
    templates = settings.BASE_DIR / "templates"
    users = sorted(
        str(path.relative_to(templates))
        for path in templates.rglob("*.html")
        if re.search(r'class="[^"]*\bentry-status\b', path.read_text())
    )
    assert users == ["scoring/_entry.html"]


def test_a_waiting_guest_sees_no_list_and_the_poll_shows_what_a_reload_shows(staff):
    """Walk leftovers: a guest waiting for the director could still tap another player's name
    (the list stayed), and once approved the polled page kept the list and said "Where do I
    sit?" twice, while a reload showed neither: the poll's answer is the reload's page."""
    tournament = make(staff)
    phone = visitor()
    waiting = phone.post(link(tournament), {"name": "Dario Ospite"}, follow=True).content.decode()
    assert "waiting for the director to approve your check-in" in waiting
    for page in (waiting, poll(phone, tournament)):
        assert "Tap your name" not in page and 'name="entry"' not in page
        assert "Anna Rossi" not in page
        assert "A guest?" not in page
    # the page after a poll's swap is the page a reload shows, while waiting...
    assert same(swapped(phone, tournament)) == same(phone.get(link(tournament)).content.decode())

    # ...once approved: checked in, "Where do I sit?" once, no list
    guest = GuestCheckIn.objects.get(tournament=tournament)
    director_client(staff).post(
        reverse("tournaments:guest", args=[tournament.pk, guest.pk]), {"action": "approve"}
    )
    after_poll = swapped(phone, tournament)
    reload = phone.get(link(tournament)).content.decode()
    assert same(after_poll) == same(reload)
    assert "You are checked in as <strong>Dario Ospite</strong>." in reload
    assert reload.count("Where do I sit?") == 1
    assert "Tap your name" not in reload and 'name="entry"' not in reload
    assert "hx-trigger" not in reload


def test_a_refused_guest_s_polled_page_is_the_reloaded_one_with_the_list(staff):
    tournament = make(staff)
    phone = visitor()
    phone.post(link(tournament), {"name": "Scherzo Burlone"})
    guest = GuestCheckIn.objects.get(tournament=tournament)
    director_client(staff).post(
        reverse("tournaments:guest", args=[tournament.pk, guest.pk]), {"action": "refuse"}
    )
    after_poll = swapped(phone, tournament)
    reload = phone.get(link(tournament)).content.decode()
    assert same(after_poll) == same(reload)
    assert "did not approve the check-in of Scherzo Burlone" in reload
    # the list again (the name may be on it after all) and the guest form, once each
    assert (
        reload.count("Tap your name") == 1
        and f'value="{entry(tournament, "Anna Rossi").pk}"' in reload
    )
    assert reload.count("A guest?") == 1
    assert reload.count("Where do I sit?") == 1
