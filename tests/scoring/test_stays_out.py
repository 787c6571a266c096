""" "Stays out" after a bust is its own action (issue 18): the re-entry offer's "stays out" (which
asks first since issue 25, and posts confirm=1) records the withdrawal of that eliminated player
only, once, and is refused with a clear message when that player is not eliminated any more. The
general withdrawal page stays for the players in play."""

import re
import uuid

import pytest
from django.conf import settings
from django.urls import reverse

from clubs.models import Role
from scoring import services
from scoring.models import MatchEvent
from scoring.services import MatchError
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone")


@pytest.fixture
def scorer(client, club):
    user = member(club, Role.SCOREKEEPER)
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return user


@pytest.fixture
def busted(club, scorer):
    """Scala 40 (scala40-club, re-entry on): Dario is out with 105 after hand 2 (RULES.md S5:
    re-entering he would start again at 42, the highest total in play)."""
    match = start_match(club=club, preset="scala40-club")
    for data in (
        {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}},
        {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 15}},
    ):
        services.hand_record(match=match, user=scorer, data=data)
    assert match.seats.get(name="Dario").status == "eliminated"
    return match


def stays_out(client, match, seat, key=None):
    url = reverse("scoring:stays-out", args=[match.pk])
    # confirm=1: the answer to the offer's question (issue 25), as the page's form posts it
    data = {"seat": str(seat), "idempotency_key": key or uuid.uuid4().hex, "confirm": "1"}
    return client.post(url, data)


def statuses(match):
    return {seat.name: seat.status for seat in match.seats.order_by("seat")}


def test_the_offer_has_a_one_tap_stays_out_for_that_player(client, busted, scorer):
    content = client.get(busted.get_absolute_url()).content.decode()
    offer = content[content.index('aria-label="Re-entry of Dario"') :]
    offer = offer[: offer.index("</div>\n    </div>")]
    (tag,) = [form for form in offer.split("<form")[1:] if "Dario stays out</button>" in form]
    form = re.search(
        r'action="(?P<action>[^"]+)">.*?name="seat" value="(?P<seat>\d)".*?'
        r'name="idempotency_key" value="(?P<key>[0-9a-f]{32})"',
        tag,
        re.S,
    )
    assert form, offer
    assert form["action"] == reverse("scoring:stays-out", args=[busted.pk])
    assert form["seat"] == "4"
    assert "withdraw" not in offer  # no detour through the general withdrawal page


def test_staying_out_puts_that_player_out_and_nobody_else(client, busted, scorer):
    response = stays_out(client, busted, 4)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Dario stays out." in page
    assert statuses(busted) == {
        "Anna": "in_play",
        "Bruno": "in_play",
        "Carla": "in_play",
        "Dario": "out",
    }
    assert "Dario stays out</button>" not in page  # the offer is gone
    (event,) = MatchEvent.objects.filter(match=busted, kind="withdraw")
    assert event.versions.get().data == {"type": "withdraw", "player": "Dario"}


def test_the_same_tap_sent_twice_records_once(client, busted, scorer):
    key = uuid.uuid4().hex
    stays_out(client, busted, 4, key)
    again = client.get(stays_out(client, busted, 4, key)["Location"]).content.decode()
    assert "Stays out: it had been recorded (the answer had been lost)." in again
    assert MatchEvent.objects.filter(match=busted, kind="withdraw").count() == 1


def test_staying_out_after_the_player_re_entered_on_another_phone_is_refused(
    client, busted, scorer
):
    page = client.get(busted.get_absolute_url()).content.decode()  # the offer is on screen
    assert "Dario stays out</button>" in page
    services.player_reenter(match=busted, user=scorer, seat=busted.seats.get(name="Dario"))
    response = client.post(
        reverse("scoring:stays-out", args=[busted.pk]),
        {"seat": "4", "idempotency_key": uuid.uuid4().hex, "confirm": "1"},
        follow=True,
    )
    content = response.content.decode()
    assert (
        "Dario is not waiting for a re-entry any more (a re-entry or a withdrawal came first): "
        "nothing was recorded." in content
    )
    assert statuses(busted)["Dario"] == "in_play"
    assert board_total(content, "Dario") == 42
    assert not MatchEvent.objects.filter(match=busted, kind="withdraw").exists()


def test_a_stray_tap_naming_a_player_in_play_withdraws_nobody(client, busted, scorer):
    content = client.get(stays_out(client, busted, 1)["Location"]).content.decode()
    assert "Anna is not waiting for a re-entry any more" in content
    assert statuses(busted)["Anna"] == "in_play"
    assert not MatchEvent.objects.filter(match=busted, kind="withdraw").exists()


def test_staying_out_without_a_player_asks_for_one(client, busted, scorer):
    url = reverse("scoring:stays-out", args=[busted.pk])
    response = client.post(url, {"idempotency_key": uuid.uuid4().hex}, follow=True)
    assert "Choose the player." in response.content.decode()
    assert not MatchEvent.objects.filter(match=busted, kind="withdraw").exists()


def test_only_a_scorer_may_tap_stays_out_and_only_by_post(client, busted):
    reader = member(busted.club, Role.MEMBER)
    client.force_login(reader)
    assert stays_out(client, busted, 4).status_code == 403
    assert "Dario stays out" not in client.get(busted.get_absolute_url()).content.decode()
    client.force_login(member(ClubFactory(), Role.OWNER))
    assert stays_out(client, busted, 4).status_code == 404
    client.force_login(member(busted.club, Role.SCOREKEEPER))
    assert client.get(reverse("scoring:stays-out", args=[busted.pk])).status_code == 405
    assert statuses(busted)["Dario"] == "eliminated"


def test_the_general_withdrawal_page_still_serves_the_players_in_play(client, busted, scorer):
    url = reverse("scoring:withdraw", args=[busted.pk])
    client.post(url, {"seat": "2", "idempotency_key": uuid.uuid4().hex})
    assert statuses(busted)["Bruno"] == "withdrawn"


def test_the_service_refuses_a_player_who_is_not_eliminated(busted, scorer):
    anna = busted.seats.get(name="Anna")
    with pytest.raises(MatchError) as refused:
        services.player_stays_out(match=busted, user=scorer, seat=anna, idempotency_key="k1")
    assert refused.value.field == "seat"
    dario = busted.seats.get(name="Dario")
    event, created = services.player_stays_out(
        match=busted, user=scorer, seat=dario, idempotency_key="k2"
    )
    assert created and event.kind == "withdraw"
    # the same key again: the event it recorded, even though Dario is out now
    again, created = services.player_stays_out(
        match=busted, user=scorer, seat=dario, idempotency_key="k2"
    )
    assert (again.pk, created) == (event.pk, False)
    with pytest.raises(MatchError):  # a new key: Dario is not eliminated any more
        services.player_stays_out(match=busted, user=scorer, seat=dario, idempotency_key="k3")


def board_total(content, name):
    found = re.search(
        'data-player="' + re.escape(name) + r'".*?<span class="total"[^>]*>(-?\d+)</span>',
        content,
        re.S,
    )
    assert found, f"no total for {name}"
    return int(found.group(1))


def test_stays_out_is_shown_as_what_it_is_in_the_history_and_the_report(client, busted, scorer):
    """Stored as a withdrawal (the engine tells them apart: a busted player who declines is out
    for good, a player in play who withdraws is withdrawn); shown as "stays out"."""
    stays_out(client, busted, 4)
    services.hand_record(
        match=busted, user=scorer, data={"closer": "Anna", "points": {"Bruno": 5, "Carla": 5}}
    )
    services.player_withdraw(match=busted, user=scorer, seat=busted.seats.get(name="Bruno"))

    def text(url):
        return " ".join(re.sub(r"<[^>]+>", " ", client.get(url).content.decode()).split())

    for page in (busted.get_absolute_url(), reverse("scoring:history", args=[busted.pk])):
        titles = re.findall(
            r'<span class="event-title">([^<]+)</span>', client.get(page).content.decode()
        )
        assert titles[:3] == ["Withdrawal", "Hand 3", "Stays out"]
        assert "Dario stays out after the bust." in text(page)
        assert "Dario withdrew." not in text(page)
        assert "Bruno withdrew." in text(page)  # a withdrawal in play stays a withdrawal

    response = client.get(reverse("match-pdf:report", args=[busted.pk]))
    pdf = Pdf.of(b"".join(response.streaming_content))
    lines = [line.split() for line in pdf.lines()]
    assert [line[-2:] for line in lines if line[-1:] == ["out"] and "stays" in line] == [
        ["stays", "out"]
    ]
    assert any(line[-1] == "withdrawal" and "W" in line for line in lines)
    assert "S = stayed out after the bust" in pdf.words()


def test_stays_out_without_the_answer_to_the_question_records_nothing(client, busted, scorer):
    """Issue 25: the offer asks first and posts confirm=1; a post without it (a page of an older
    version, a stray form) records nothing and says what to do."""
    url = reverse("scoring:stays-out", args=[busted.pk])
    data = {"seat": "4", "idempotency_key": uuid.uuid4().hex}
    content = client.post(url, data, follow=True).content.decode()
    assert "Nothing was recorded: confirm first that Dario stays out." in content
    assert statuses(busted)["Dario"] == "eliminated"
    assert not MatchEvent.objects.filter(match=busted, kind="withdraw").exists()
    offer = content[content.index('aria-label="Re-entry of Dario"') :]
    assert "Dario does not re-enter: out of the match for good, with 105." in offer
    assert '<input type="hidden" name="confirm" value="1">' in offer
