"""The countersignature by the other line (issue 28): a Burraco result is confirmed by a player of
the line that did not write it, as the federation codes' paper slip asks. A club night's match
too: the rule (`scoring.countersign`), the service (`services.confirming.match_confirm`), the
match page's button and refusal, the history, the report, the API and who it refuses."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from scoring import countersign, services, table_codes
from scoring.countersign import ConfirmRefused
from scoring.models import Match, TableCode
from scoring.services.confirming import match_confirm
from scoring.table_access import viewer_of
from tests.factories import ClubFactory, PlayerFactory, member, start_match
from tests.pdf.conftest import Pdf

pytestmark = pytest.mark.django_db

# A hand NS closes with four puliti: base 4 x 200 + 100 = 900, carte 900 - 0 = 900: NS 1800.
# EO: no burraco, pozzetto not taken: base -100, carte 0 - 100 = -100: EO -200.
BIG_NS = {
    "end": "NS",
    "puliti_NS": "4",
    "pozzetto_taken_NS": "yes",
    "melded_NS": "900",
    "in_hand_NS": "0",
    "pozzetto_taken_EO": "no",
    "melded_EO": "0",
    "in_hand_EO": "100",
}
# The same hand the other way round: EO 1800, NS -200.
BIG_EO = {
    "end": "EO",
    "puliti_EO": "4",
    "pozzetto_taken_EO": "yes",
    "melded_EO": "900",
    "in_hand_EO": "0",
    "pozzetto_taken_NS": "no",
    "melded_NS": "0",
    "in_hand_NS": "100",
}


def phone(language: str = "en") -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone", table_codes=True)


@pytest.fixture
def match(club) -> Match:
    match = start_match(club=club, preset="burraco")
    table_codes.code_issue(match=match, user=None)
    return match


def seated(match: Match, seat: int, language: str = "en") -> Client:
    """A phone that joined the match's table at `seat` (1 Anna, 2 Bruno, 3 Carla, 4 Dario)."""
    client = phone(language)
    code = TableCode.objects.get(match=match, is_current=True).code
    answer = client.post(reverse("scoring:join"), {"code": code, "name": "", "seat": seat})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return client


def post_hand(client: Client, match: Match, data: dict[str, str]) -> None:
    answer = client.post(
        reverse("scoring:hand", args=[match.pk]), {**data, "idempotency_key": uuid.uuid4().hex}
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]


def the_actor(client: Client, match: Match):
    """Who the phone is at the match, as the services receive it."""
    request = client.get(match.get_absolute_url()).wsgi_request
    return viewer_of(request, Match.objects.get(pk=match.pk)).phone


def finished_by_ns(match: Match) -> tuple[Client, Client, Client]:
    """Anna (NS, seat 1) enters two big hands: NS 3600, EO -400, NS wins at 2005. Answers the
    phones of Anna, Carla (NS, seat 3) and Bruno (EO, seat 2)."""
    anna, bruno, carla = seated(match, 1), seated(match, 2), seated(match, 3)
    post_hand(anna, match, BIG_NS)
    post_hand(anna, match, BIG_NS)
    match.refresh_from_db()
    assert match.is_finished
    return anna, carla, bruno


def test_the_line_that_wrote_the_result_does_not_confirm_it_and_the_other_line_does(match):
    anna, carla, bruno = finished_by_ns(match)
    match.refresh_from_db()
    refusal = countersign.match_confirm_refusal(match, the_actor(carla, match))
    assert refusal is not None and refusal.why == "line"
    assert str(refusal.message) == "Line NS wrote the result: a player of line EO confirms it."
    partner = the_actor(carla, match)  # a request: the page's language is the phone's
    with translation.override("it"):
        words = countersign.match_confirm_refusal(match, partner).message
    assert words == "La linea NS ha scritto il risultato: conferma un giocatore della linea EO."
    writer = countersign.match_confirm_refusal(match, the_actor(anna, match))
    assert writer is not None and writer.why == "wrote"
    assert countersign.match_confirm_refusal(match, the_actor(bruno, match)) is None
    with pytest.raises(ConfirmRefused, match="Line NS wrote the result"):
        match_confirm(match=match, user=the_actor(carla, match))
    match.refresh_from_db()
    assert not match.is_countersigned
    match_confirm(match=match, user=the_actor(bruno, match))
    match.refresh_from_db()
    assert match.is_countersigned and match.confirmed_name == "Bruno"
    assert match.confirmed_join is not None and match.confirmed_by is None


def test_when_both_lines_wrote_part_only_who_wrote_is_refused(match):
    """Anna (NS) and Bruno (EO) each entered a hand: Carla (NS) and Dario (EO) may confirm."""
    anna, bruno, carla = seated(match, 1), seated(match, 2), seated(match, 3)
    post_hand(anna, match, BIG_NS)  # NS 1800, EO -200
    post_hand(bruno, match, BIG_NS)  # NS 3600: NS wins
    match.refresh_from_db()
    assert match.is_finished
    assert countersign.match_confirm_refusal(match, the_actor(carla, match)) is None
    refusal = countersign.match_confirm_refusal(match, the_actor(bruno, match))
    assert refusal is not None and refusal.why == "wrote"


def test_the_match_page_offers_the_confirmation_to_the_other_line_only(match):
    anna, carla, bruno = finished_by_ns(match)
    page = carla.get(match.get_absolute_url()).content.decode()
    assert "Line NS wrote the result: a player of line EO confirms it." in page
    assert 'id="confirm-at-table"' not in page
    page = bruno.get(match.get_absolute_url()).content.decode()
    assert 'id="confirm-at-table"' in page and "Confirm the result" in page
    assert reverse("scoring:confirm", args=[match.pk]) in page
    assert "This is not right" not in page  # no dispute on a club night: nobody to call
    # Carla's phone posts anyway: refused, nothing stored
    answer = carla.post(reverse("scoring:confirm", args=[match.pk]), follow=True)
    assert "Line NS wrote the result" in answer.content.decode()
    match.refresh_from_db()
    assert match.confirmed_at is None
    answer = bruno.post(reverse("scoring:confirm", args=[match.pk]), follow=True)
    assert "Thank you: the result is confirmed." in answer.content.decode()
    match.refresh_from_db()
    assert match.is_countersigned
    for client in (anna, carla, bruno):
        page = client.get(match.get_absolute_url()).content.decode()
        assert "The result is confirmed." in page
        assert "Result confirmed by Bruno at" in page
    history = bruno.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert "Result confirmed by Bruno at" in history
    # confirmed: the phones read it only (a correction would need a new confirmation)
    refused = anna.post(
        reverse("scoring:hand", args=[match.pk]), {**BIG_EO, "idempotency_key": uuid.uuid4().hex}
    )
    assert refused.status_code == 403


def test_every_phone_of_the_table_sees_the_confirmation_without_reloading(match):
    """A finished result waiting for its confirmation keeps the page asking: the other phones'
    poll says nothing new until the other line confirms, then brings the entry area with it."""
    anna, _carla, bruno = finished_by_ns(match)
    page = anna.get(match.get_absolute_url()).content.decode()
    poll = page.split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert "confirmed=0" in poll  # the page asks while the result waits
    assert anna.get(poll).status_code == 204  # nothing new: not confirmed yet
    assert bruno.post(reverse("scoring:confirm", args=[match.pk])).status_code == 302
    answer = anna.get(poll)
    assert answer.status_code == 200
    body = answer.content.decode()
    assert "The result is confirmed." in body and 'id="entry-area" hx-swap-oob="true"' in body
    # the confirmed page asks no more
    page = anna.get(match.get_absolute_url()).content.decode()
    assert 'id="scoreboard"' in page and "confirmed=0" not in page
    assert 'hx-trigger="every' not in page


def test_a_correction_after_the_confirmation_needs_a_new_one(match, club):
    _anna, _carla, bruno = finished_by_ns(match)
    bruno.post(reverse("scoring:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.is_countersigned
    match.revision += 1  # what any change of the match does
    match.save(update_fields=["revision"])
    assert not match.is_countersigned


def test_the_director_confirms_on_the_match_page(match, club, client):
    finished_by_ns(match)
    director = member(club, Role.DIRECTOR)
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="director-confirm"' in page
    client.post(reverse("scoring:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.is_countersigned and match.confirmed_by == director


def test_without_table_codes_the_director_and_the_other_lines_player_confirm_on_the_page():
    """A club night without table codes (the clubs' default): a scorekeeper enters the hands
    on their account; the page still offers the confirmation to the director and to a
    logged-in player of the line that did not write, and refuses the scorekeeper who wrote."""
    club = ClubFactory(name="Circolo senza codici")
    assert not club.table_codes
    bruno_account = member(club, Role.MEMBER, username="bruno")
    players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla", "Dario")]
    players[1].user = bruno_account
    players[1].save()
    match = start_match(club=club, preset="burraco", players=players)
    scorekeeper = Client()
    scorekeeper.force_login(member(club, Role.SCOREKEEPER))
    scorekeeper.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    post_hand(scorekeeper, match, BIG_NS)
    post_hand(scorekeeper, match, BIG_NS)
    match.refresh_from_db()
    assert match.is_finished and not TableCode.objects.filter(match=match).exists()
    page = scorekeeper.get(match.get_absolute_url()).content.decode()
    assert 'id="confirm-at-table"' not in page and 'id="director-confirm"' not in page
    director = Client()
    director.force_login(member(club, Role.DIRECTOR))
    director.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = director.get(match.get_absolute_url()).content.decode()
    assert 'id="director-confirm"' in page and "The result's confirmation" in page
    assert "New code" not in page  # no code to renew: the confirmation only
    bruno = Client()
    bruno.force_login(bruno_account)
    bruno.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = bruno.get(match.get_absolute_url()).content.decode()
    assert 'id="confirm-at-table"' in page and "Confirm the result" in page
    bruno.post(reverse("scoring:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.is_countersigned and match.confirmed_by == bruno_account


def test_no_confirmation_before_the_end_nor_for_a_game_not_countersigned(club, match):
    bruno = seated(match, 2)
    refusal = countersign.match_confirm_refusal(match, the_actor(bruno, match))
    assert refusal is not None and refusal.why == "unfinished"
    page = bruno.get(match.get_absolute_url()).content.decode()
    assert "Confirm the result" not in page
    scala = start_match(club=club, preset="scala40-club", names=("Ada", "Ben", "Cia", "Dan"))
    director = member(club, Role.DIRECTOR)
    refusal = countersign.match_confirm_refusal(scala, director)
    assert refusal is not None and refusal.why == "game"


def test_the_report_prints_who_confirmed(match, club, client):
    _anna, _carla, bruno = finished_by_ns(match)
    bruno.post(reverse("scoring:confirm", args=[match.pk]))
    client.force_login(member(club, Role.DIRECTOR))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = client.get(reverse("match-pdf:report", args=[match.pk]))
    assert answer.status_code == 200
    text = Pdf.of(b"".join(answer.streaming_content)).text()
    assert "Confirmed by Bruno" in text


# The API ------------------------------------------------------------------------------------------


def api_confirm(client: Client, match: Match):
    return client.post(
        reverse("api-match-confirm", args=[match.pk]),
        content_type="application/json",
        data={},
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_the_api_confirms_for_the_other_line_and_refuses_the_writers_line(match):
    anna, carla, bruno = finished_by_ns(match)
    for writer in (anna, carla):
        answer = api_confirm(writer, match)
        assert answer.status_code == 403, answer.content
    assert "Line NS wrote the result" in api_confirm(carla, match).json()["detail"]
    answer = api_confirm(bruno, match)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["confirmed"] is True and body["confirmed_by"] == "Bruno"
    assert body["revision"] == Match.objects.get(pk=match.pk).revision


def test_the_api_refuses_a_stranger_a_visitor_and_an_unfinished_match(match, club):
    visitor = phone()
    assert api_confirm(visitor, match).status_code == 401
    stranger = phone()
    stranger.force_login(member(ClubFactory(), Role.DIRECTOR))
    assert api_confirm(stranger, match).status_code == 404
    bruno = seated(match, 2)
    answer = api_confirm(bruno, match)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "match"
    viewer = phone()
    viewer.force_login(member(club, Role.MEMBER))
    assert api_confirm(viewer, match).status_code == 403


# Who the API lets confirm a club night's Burraco result a scorekeeper entered from their account
# (no seat's player): the permission matrix's columns, in its style.
NS_WINS = {
    "type": "hand",
    "end": "closing",
    "lines": {
        "NS": {"closed": True, "puliti": 4, "pozzetto_taken": True, "melded": 900, "in_hand": 0},
        "EO": {"pozzetto_taken": False, "melded": 0, "in_hand": 100},
    },
}
# fmt: off
#   role          answer
MATRIX = [
    ("owner",       200),  # directs the club
    ("director",    200),
    ("scorekeeper", 403),  # entered the result
    ("member",      403),  # neither a director nor a player of the match
    ("outsider",    404),  # another club's: the match does not exist for them
    ("anonymous",   401),  # no account, no table code: a token is asked for
]
# fmt: on


@pytest.mark.parametrize(("role", "expected"), MATRIX, ids=[row[0] for row in MATRIX])
def test_the_api_s_permissions_on_a_result_a_scorekeeper_entered(club, role, expected):
    match = start_match(club=club, preset="burraco")
    scorekeeper = member(club, Role.SCOREKEEPER)
    services.event_record(match=match, user=scorekeeper, data=NS_WINS)
    services.event_record(match=match, user=scorekeeper, data=NS_WINS)
    match.refresh_from_db()
    assert match.is_finished
    client = phone()
    users = {
        "owner": lambda: member(club, Role.OWNER),
        "director": lambda: member(club, Role.DIRECTOR),
        "scorekeeper": lambda: scorekeeper,
        "member": lambda: member(club, Role.MEMBER),
        "outsider": lambda: member(ClubFactory(), Role.OWNER),
    }
    if role in users:
        client.force_login(users[role]())
    answer = api_confirm(client, match)
    assert answer.status_code == expected, answer.content
    match.refresh_from_db()
    assert match.is_countersigned == (expected == 200)
