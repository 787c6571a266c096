"""Issue 25, a club night's seats: whoever may make a new code for a match releases a seat held
on a phone from the match page; a phone refused a taken seat is told whom to ask; a phone whose
seat was released is told so (not "logged out") and still types as that seat."""

from __future__ import annotations

import json
import uuid
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from scoring import table_codes
from scoring.models import Match, TableCode, TableJoin
from tests.factories import ClubFactory, member, start_match

pytestmark = pytest.mark.django_db


def italian() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    return client


@pytest.fixture
def night():
    """A club night's match with a table code, its director, and Elena's phone on seat 1."""
    club = ClubFactory(table_codes=True)
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    director = italian()
    director.force_login(member(club, Role.DIRECTOR))
    elena = italian()
    assert join(elena, match, 1).status_code == 302
    return match, director, elena


def code_of(match: Match) -> str:
    return TableCode.objects.get(match=match, is_current=True).code


def join(client: Client, match: Match, seat: int):
    return client.post(reverse("scoring:join"), {"code": code_of(match), "seat": str(seat)})


def seat_name(match: Match, seat: int) -> str:
    return match.seats.get(seat=seat).name


def hand(client: Client, match: Match, **headers):
    seats = list(match.seats.order_by("seat"))
    data = {"closer": str(seats[0].seat), "idempotency_key": uuid.uuid4().hex}
    for seat in seats[1:]:
        data[f"points_{seat.seat}"] = "20"
    return client.post(reverse("scoring:hand", args=[match.pk]), data, **headers)


def text(response) -> str:
    return unescape(response.content.decode())


def test_the_match_page_lets_its_staff_release_a_club_nights_seat(night):
    match, director, _elena = night
    name = seat_name(match, 1)
    # a third phone is refused the taken seat, told whom to ask (no director at a club night)
    refused = join(italian(), match, 1)
    said = text(refused)
    assert f"Il posto di {name} è già occupato su un altro telefono" in said
    assert "chiedi a chi gestisce la partita di liberarlo" in said
    assert "direttore di gara" not in said
    # the match page shows its staff the seats held by phones, each to release (asked first)
    page = text(director.get(match.get_absolute_url()))
    assert f"Posto 1 ({name}): un telefono" in page
    assert f"Libera il posto di {name}" in page
    assert f"Sì, libera il posto di {name}" in page
    release = reverse("scoring:seat-release", args=[match.pk, 1])
    assert release in page
    answer = director.post(release, follow=True)
    assert f"Il posto di {name} è libero" in text(answer)
    assert f"Libera il posto di {name}" not in text(answer)
    # now the third phone takes it
    assert join(italian(), match, 1).status_code == 302


def test_who_may_not_make_a_new_code_sees_no_seats_to_release(night):
    match, _director, _elena = night
    scorer = italian()
    scorer.force_login(member(match.club, Role.SCOREKEEPER))
    page = text(scorer.get(match.get_absolute_url()))
    assert "Libera il posto" not in page
    assert scorer.post(reverse("scoring:seat-release", args=[match.pk, 1])).status_code == 403
    assert TableJoin.objects.get(code__match=match).released_at is None


def test_a_phone_whose_seat_was_released_is_told_so_and_how_to_sit_again(night):
    match, director, elena = night
    name = seat_name(match, 1)
    director.post(reverse("scoring:seat-release", args=[match.pk, 1]))
    # the page's script sends the hand: refused in place, saying why, not "logged out"
    answer = hand(elena, match, HTTP_HX_REQUEST="true")
    assert answer.status_code == 403
    assert answer["X-Tallone-Answer"] == "refused"
    said = text(answer)
    assert (
        f"Chi gestisce la partita ha liberato il posto di {name}: questo telefono ora segue "
        "soltanto la partita. Per segnare, collegati di nuovo al tuo posto." in said
    )
    assert reverse("scoring:join-code", args=[code_of(match)]) in said
    assert "accedi di nuovo" not in said
    assert 'id="entry-form"' not in said  # the page as a follower sees it: no hand form
    assert not match.events.exists()
    # without the script: back to the match page, which says the same
    page = text(hand(elena, match, follow=True))
    assert f"Chi gestisce la partita ha liberato il posto di {name}" in page
    assert 'id="entry-form"' not in page


def test_a_released_phone_still_types_as_its_seat(night):
    match, director, elena = night
    seat = match.seats.get(seat=1)

    def who() -> dict:
        page = elena.get(match.get_absolute_url()).content.decode()
        found = page.split('<script id="match-client" type="application/json">')[1]
        return json.loads(found.split("</script>")[0])["who"]

    before = who()
    director.post(reverse("scoring:seat-release", args=[match.pk, 1]))
    after = who()
    # the hands she kept on the phone are still hers, not "typed by someone else"
    assert before["id"] == after["id"] == f"seat:{seat.pk}"


def test_the_page_of_a_released_phone_says_why_it_only_follows(night):
    match, director, elena = night
    name = seat_name(match, 1)
    director.post(reverse("scoring:seat-release", args=[match.pk, 1]))
    page = text(elena.get(match.get_absolute_url()))
    assert f"Chi gestisce la partita ha liberato il posto di {name}" in page
    assert reverse("scoring:join-code", args=[code_of(match)]) in page
    assert 'id="entry-form"' not in page


def test_the_poll_of_a_released_phone_turns_its_page_into_a_followers(night):
    match, director, elena = night
    name = seat_name(match, 1)
    live = reverse("scoring:live", args=[match.pk])
    asked = {"revision": str(match.revision), "form": "", "seen": "", "entry": "fresh"}
    assert elena.get(live, asked).status_code == 204  # nothing changed yet
    director.post(reverse("scoring:seat-release", args=[match.pk, 1]))
    answer = elena.get(live, asked)
    assert answer.status_code == 200
    said = text(answer)
    assert f"Chi gestisce la partita ha liberato il posto di {name}" in said
    assert 'id="entry-form"' not in said
    # a page without an entry form (already a follower's) asks without "entry": nothing new
    assert elena.get(live, {**asked, "entry": ""}).status_code == 204


def test_a_phone_holding_a_seat_is_told_whom_to_ask_for_another(night):
    match, _director, elena = night
    refused = text(join(elena, match, 2))
    assert f"Questo telefono è già al tavolo come {seat_name(match, 1)}" in refused
    assert "chiedi prima a chi gestisce la partita di liberare quel posto" in refused
    assert "direttore" not in refused
