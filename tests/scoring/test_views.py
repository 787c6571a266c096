"""The match pages through the test client: starting a match, entering hands, re-entries,
withdrawals, time calls, corrections and voids, live polling, permissions and query budgets."""

import re
import uuid
from decimal import Decimal
from html import unescape

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from clubs.models import Player, Role
from scoring import services
from scoring.engine import rules_for
from scoring.engine.document import replay_document
from scoring.forms import RulesForm
from scoring.models import EventVersion, Match, MatchEvent, MatchStatus
from scoring.selectors import match_detail
from tests.clients import english, log_in
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member, start_match

NAMES = ("Anna", "Bruno", "Carla", "Dario")


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone")


@pytest.fixture
def scorer(client, club):
    return log_in(client, member(club, Role.SCOREKEEPER))


@pytest.fixture
def match(club):
    return start_match(club=club, preset="scala40-club")


def seat_of(match):
    return {seat.name: seat.seat for seat in match.seats.all()}


def hand_data(match, closer, points=None, *, not_opened=(), cards=None, key=None, **extra):
    seats = seat_of(match)
    data = {"closer": str(seats[closer]), "idempotency_key": key or uuid.uuid4().hex}
    for name, value in (points or {}).items():
        data[f"points_{seats[name]}"] = str(value)
    for name in not_opened:
        data[f"not_opened_{seats[name]}"] = "on"
    for name, text in (cards or {}).items():
        data[f"cards_{seats[name]}"] = text
    data.update(extra)
    return data


def gin_data(match, result, knocker=None, deadwood=None, *, key=None, **extra):
    seats = seat_of(match)
    data = {"result": result, "idempotency_key": key or uuid.uuid4().hex}
    if knocker:
        data["knocker"] = str(seats[knocker])
    for name, value in (deadwood or {}).items():
        data[f"deadwood_{seats[name]}"] = str(value)
    data.update(extra)
    return data


def post_hand(client, match, data):
    return client.post(reverse("scoring:hand", args=[match.pk]), data)


def totals(match):
    return {seat.name: seat.total for seat in match.seats.order_by("seat")}


def board_total(content, name):
    """The total the scoreboard shows for `name`."""
    found = re.search(
        'data-player="' + re.escape(name) + r'".*?<span class="total"[^>]*>(-?\d+)</span>',
        content,
        re.S,
    )
    assert found, f"no total for {name}"
    return int(found.group(1))


def record(match, user, data):
    event, _created = services.hand_record(match=match, user=user, data=data)
    return event


# Starting a match --------------------------------------------------------------------------------


def start_url(club):
    return reverse("scoring:start", args=[club.slug])


def start_data(players=(), guests=(), preset="scala40-club", dealer=1, **extra):
    data = {"preset": preset, "first_dealer": str(dealer), "table_label": ""}
    seat = 1
    for player in players:
        data[f"seat_{seat}"] = str(player.pk)
        seat += 1
    for guest in guests:
        data[f"guest_{seat}"] = guest
        seat += 1
    data.update(extra)
    return data


@pytest.mark.django_db
def test_start_page_lists_the_club_players_and_the_preset_options_with_their_help(
    client, club, scorer
):
    PlayerFactory(club=club, name="Anna")
    PlayerFactory(name="Outsider")  # another club's player
    response = client.get(start_url(club))
    assert response.status_code == 200
    content = response.content.decode()
    assert ">Anna</option>" in content
    assert "Outsider" not in content
    assert 'name="rules-elimination_at"' in content
    assert "Total at which a player is out (sballato)" in content
    options_url = reverse("scoring:rule-options", args=[club.slug])
    assert f'hx-get="{options_url}"' in content


@pytest.mark.django_db
def test_changing_the_preset_reloads_its_options_at_the_preset_values(client, club, scorer):
    response = client.get(
        reverse("scoring:rule-options", args=[club.slug]), {"preset": "gin-oklahoma"}
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert 'name="rules-target"' in content and 'value="150"' in content
    assert 'name="rules-preset" value="gin-oklahoma"' in content
    assert "rules-elimination_at" not in content
    assert "<html" not in content


@pytest.mark.django_db
def test_starting_a_match_seats_club_players_and_guests_in_the_order_chosen(client, club, scorer):
    bruno = PlayerFactory(club=club, name="Bruno")
    anna = PlayerFactory(club=club, name="Anna")
    response = client.post(
        start_url(club),
        start_data(players=[bruno, anna], guests=["  Zeno  Rossi "], dealer=2, table_label="7"),
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert response.url == match.get_absolute_url()
    assert [seat.name for seat in match.seats.order_by("seat")] == ["Bruno", "Anna", "Zeno Rossi"]
    assert Player.objects.get(club=club, name="Zeno Rossi").is_guest
    assert match.first_dealer_seat == 2
    assert match.table_label == "7"
    assert match.preset == "scala40-club"
    assert match.started_by == scorer


@pytest.mark.django_db
def test_the_start_form_sent_again_lands_on_the_match_it_started(client, club, scorer):
    """Back after "Start the match" shows the filled form; submitting it again starts nothing
    more: the form's idempotency key finds the match, and the page says so."""
    anna, bruno = PlayerFactory(club=club, name="Anna"), PlayerFactory(club=club, name="Bruno")
    page = client.get(start_url(club)).content.decode()
    key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', page)[1]
    data = start_data(players=[anna, bruno], guests=["Carla"], idempotency_key=key)
    first = client.post(start_url(club), data)
    match = Match.objects.get()
    again = client.post(start_url(club), data)
    assert again.status_code == 302
    assert again.url == first.url == match.get_absolute_url()
    assert Match.objects.count() == 1
    assert Player.objects.filter(club=club, name="Carla").count() == 1
    assert (
        "This match had already been started: here it is." in client.get(again.url).content.decode()
    )
    # another form (a new key) starts another match; another club's key is not this one's
    other = client.get(start_url(club)).content.decode()
    assert re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', other)[1] != key
    client.post(start_url(club), start_data(players=[anna, bruno]))
    assert Match.objects.count() == 2


@pytest.mark.django_db
def test_the_start_form_sent_again_changed_says_the_change_was_not_applied_and_offers_a_new_match(
    client, club, scorer
):
    """Back, a seat changed (Giulia -> Luca), submit: the page says which match the form had
    started and that the change was not applied; with no hand there yet it shows the changed form
    with a new key, whose "Start a new match" starts it; the first match stays as it was."""
    elena, franco = PlayerFactory(club=club, name="Elena"), PlayerFactory(club=club, name="Franco")
    giulia, luca = PlayerFactory(club=club, name="Giulia"), PlayerFactory(club=club, name="Luca")
    key = uuid.uuid4().hex
    client.post(start_url(club), start_data(players=[elena, franco, giulia], idempotency_key=key))
    first = Match.objects.get()
    changed = start_data(players=[elena, franco, luca], idempotency_key=key)
    page = client.post(start_url(club), changed)
    content = page.content.decode()
    assert page.status_code == 200
    assert Match.objects.count() == 1
    assert (
        "This match had already been started with Elena, Franco, Giulia: "
        "the change was not applied." in content
    )
    assert "This match had already been started: here it is." not in content
    assert f'href="{first.get_absolute_url()}"' in content
    assert "Start a new match with these choices" in content
    assert f'selected value="{luca.pk}"' in content or f'value="{luca.pk}" selected' in content
    new_key = re.search(r'name="idempotency_key" value="([0-9a-f]{32})"', content)[1]
    assert new_key != key
    started = client.post(start_url(club), {**changed, "idempotency_key": new_key})
    second = Match.objects.exclude(pk=first.pk).get()
    assert started.url == second.get_absolute_url()
    assert [seat.name for seat in second.seats.order_by("seat")] == ["Elena", "Franco", "Luca"]
    assert [seat.name for seat in first.seats.order_by("seat")] == ["Elena", "Franco", "Giulia"]


@pytest.mark.django_db
def test_a_changed_start_form_sent_again_after_hands_lands_on_the_match_and_says_so(
    client, club, scorer
):
    """Hands already recorded there: the match it started, saying the change was not applied
    (another preset, here); the same form sent again still just lands there."""
    anna, bruno = PlayerFactory(club=club, name="Anna"), PlayerFactory(club=club, name="Bruno")
    key = uuid.uuid4().hex
    data = start_data(players=[anna, bruno], idempotency_key=key)
    client.post(start_url(club), data)
    match = Match.objects.get()
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 40}})
    again = client.post(start_url(club), {**data, "preset": "scala40"})
    assert again.url == match.get_absolute_url()
    content = client.get(again.url).content.decode()
    assert (
        "This match had already been started with Anna, Bruno: the change was not applied."
        in content
    )
    same = client.post(start_url(club), data)
    assert same.url == match.get_absolute_url()
    assert "here it is." in client.get(same.url).content.decode()
    assert Match.objects.count() == 1


@pytest.mark.django_db
def test_empty_seats_between_players_are_skipped_and_the_dealer_follows_his_seat(
    client, club, scorer
):
    anna, bruno = PlayerFactory(club=club, name="Anna"), PlayerFactory(club=club, name="Bruno")
    data = {
        "preset": "scala40",
        "seat_1": str(anna.pk),
        "seat_4": str(bruno.pk),
        "first_dealer": "4",
    }
    client.post(start_url(club), data)
    match = Match.objects.get()
    assert [seat.name for seat in match.seats.order_by("seat")] == ["Anna", "Bruno"]
    assert match.first_dealer_seat == 2


def rules_post(preset, **changes):
    """The options of `preset` as the start form posts them, with `changes` typed over them."""
    data = {"rules-preset": preset}
    for name, value in rules_for(preset).to_dict().items():
        if value is True:
            data[f"rules-{name}"] = "on"
        elif value is not False and value is not None:
            data[f"rules-{name}"] = str(value)
    data.update({f"rules-{name}": value for name, value in changes.items()})
    return data


def test_rules_form_passes_only_the_options_changed_from_the_preset():
    data = rules_post("scala40-club", elimination_at="151", reentry_fee="2,50")
    with translation.override("it"):
        form = RulesForm(data, preset="scala40-club")
        assert form.is_valid(), form.errors
    assert form.overrides() == {"elimination_at": 151, "reentry_fee": Decimal("2.50")}


def test_rules_form_turns_an_option_off_when_its_box_is_cleared():
    data = rules_post("scala40-club")
    del data["rules-reentry_allowed"]
    data["rules-not_opened_penalty"] = ""
    form = RulesForm(data, preset="scala40-club")
    assert form.is_valid(), form.errors
    assert form.overrides() == {"reentry_allowed": False, "not_opened_penalty": None}


@pytest.mark.django_db
def test_adjusted_options_are_stored_with_the_match(client, club, scorer):
    players = [PlayerFactory(club=club, name=name) for name in NAMES[:2]]
    data = start_data(
        players=players,
        preset="scala40",
        **rules_post("scala40", elimination_at="201", reentry_allowed="on"),
    )
    client.post(start_url(club), data)
    match = Match.objects.get()
    expected = rules_for("scala40", {"elimination_at": 201, "reentry_allowed": True})
    assert match.rules == expected.to_dict()


@pytest.mark.django_db
def test_options_posted_for_another_preset_are_not_applied(client, club, scorer):
    players = [PlayerFactory(club=club, name=name) for name in NAMES[:2]]
    data = start_data(players=players, preset="scala40-club", **rules_post("scala40"))
    client.post(start_url(club), data)
    assert Match.objects.get().rules == rules_for("scala40-club").to_dict()


@pytest.mark.django_db
def test_start_without_players_says_so_next_to_the_seats_and_keeps_the_table(client, club, scorer):
    response = client.post(start_url(club), start_data(table_label="Terrazza"))
    assert response.status_code == 200
    content = response.content.decode()
    seats = content[content.index('id="seats"') :]
    assert "Choose the players at the table." in seats[: seats.index("</fieldset>")]
    assert 'value="Terrazza"' in content
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_refused_start_shows_why_and_creates_no_guest(client, club, scorer):
    response = client.post(
        start_url(club), start_data(guests=["Elena", "Fabio", "Gino"], preset="gin-standard")
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "Gin Rummy is played by exactly 2 players." in content
    assert 'value="Gino"' in content
    assert not Player.objects.filter(club=club).exists()
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_bad_option_is_refused_next_to_it_with_the_values_kept(client, club, scorer):
    players = [PlayerFactory(club=club, name=name) for name in NAMES[:2]]
    options = rules_post("scala40", elimination_at="zero", in_hand_bonus="33")
    response = client.post(
        start_url(club), start_data(players=players, preset="scala40", **options)
    )
    content = response.content.decode()
    field = content[content.index('name="rules-elimination_at"') :]
    assert "Enter a whole number." in field[: field.index("</div>")]
    assert 'name="rules-in_hand_bonus" value="33"' in content
    assert '<details class="rule-options" open>' in content
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_refused_combination_of_options_is_shown_next_to_the_option(client, club, scorer):
    options = rules_post("gin-hollywood", match_mode="hands")
    data = start_data(guests=["Elena", "Fabio"], preset="gin-hollywood", **options)
    content = client.post(start_url(club), data).content.decode()
    field = content[content.index('name="rules-match_mode"') :]
    assert "Hollywood is scored on points" in field[: field.index("</div>")]
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_the_same_player_at_two_seats_is_refused_next_to_the_second(client, club, scorer):
    anna = PlayerFactory(club=club, name="Anna")
    response = client.post(start_url(club), start_data(players=[anna, anna]))
    content = response.content.decode()
    assert "Anna already sits at another seat." in content
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_start_form_errors_speak_italian_by_default(client, club):
    client.force_login(member(club, Role.OWNER))
    options = rules_post("scala40", elimination_at="zero")
    data = start_data(guests=["Elena", "Fabio"], preset="scala40", **options)
    content = client.post(start_url(club), data).content.decode()
    assert '<html lang="it">' in content
    assert "Inserisci un numero intero." in content
    assert 'value="Elena"' in content
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "status"),
    [(Role.OWNER, 200), (Role.DIRECTOR, 200), (Role.SCOREKEEPER, 200), (Role.MEMBER, 403)],
)
def test_who_may_open_the_start_page(client, club, role, status):
    log_in(client, member(club, role))
    assert client.get(start_url(club)).status_code == status
    options = reverse("scoring:rule-options", args=[club.slug])
    assert client.get(options).status_code == status


@pytest.mark.django_db
def test_another_clubs_start_page_is_not_found_even_when_public(client):
    public = ClubFactory(is_public=True)
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert client.get(start_url(public)).status_code == 404
    assert client.post(start_url(public), start_data(guests=["A", "B"])).status_code == 404
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_log_in_to_start_a_match(client, club):
    response = client.get(start_url(club))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


# The match page ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_match_page_shows_totals_statuses_dealer_and_the_entry_form(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}})
    content = client.get(match.get_absolute_url()).content.decode()
    assert board_total(content, "Bruno") == 35
    assert board_total(content, "Dario") == 90
    assert "Bruno deals next" in content
    assert 'inputmode="numeric" pattern="[0-9]*"' in content
    assert "Who closed?" in content
    assert 'name="not_opened_2"' in content  # scala40-club: flat penalty for not opened
    assert re.search(r'name="idempotency_key" value="[0-9a-f]{32}"', content)
    assert f'hx-get="/matches/{match.pk}/live/?revision={match.revision + 1}' in content
    assert 'hx-trigger="every 3s"' in content


@pytest.mark.django_db
def test_every_render_of_the_form_carries_a_fresh_idempotency_key(client, match, scorer):
    key = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')
    first = key.search(client.get(match.get_absolute_url()).content.decode()).group(1)
    second = key.search(client.get(match.get_absolute_url()).content.decode()).group(1)
    assert first != second


@pytest.mark.django_db
def test_recording_a_hand_updates_the_totals_and_says_so(client, match, scorer):
    response = post_hand(
        client,
        match,
        hand_data(match, "Anna", {"Bruno": 35, "Carla": 12}, not_opened=["Dario"]),
    )
    assert response.status_code == 302
    assert totals(match) == {"Anna": 0, "Bruno": 35, "Carla": 12, "Dario": 100}
    event = MatchEvent.objects.get(match=match)
    assert event.created_by == scorer
    assert event.versions.get().data == {
        "type": "hand",
        "closer": "Anna",
        "points": {"Bruno": 35, "Carla": 12},
        "not_opened": ["Dario"],
    }
    content = client.get(response.url).content.decode()
    assert "Hand 1 recorded." in content
    assert board_total(content, "Dario") == 100


@pytest.mark.django_db
def test_a_double_tap_records_one_hand(client, match, scorer):
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 100})
    first = post_hand(client, match, data)
    second = post_hand(client, match, data)
    assert first.status_code == second.status_code == 302
    assert MatchEvent.objects.filter(match=match).count() == 1
    assert totals(match)["Dario"] == 100
    assert "Hand 1 recorded (the answer had been lost)." in client.get(second.url).content.decode()


@pytest.mark.django_db
def test_a_resubmission_after_a_bust_still_records_one_hand(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 1, "Carla": 1, "Dario": 100}})
    data = hand_data(match, "Bruno", {"Anna": 5, "Carla": 5, "Dario": 5})
    post_hand(client, match, data)
    assert totals(match)["Dario"] == 105  # busted: no longer in the form
    response = post_hand(client, match, data)
    assert response.status_code == 302
    assert MatchEvent.objects.filter(match=match).count() == 2


@pytest.mark.django_db
def test_missing_points_are_shown_next_to_the_player_and_typed_values_stay(client, match, scorer):
    data = hand_data(match, "Anna", {"Bruno": 35, "Dario": 8})
    response = post_hand(client, match, data)
    assert response.status_code == 200
    content = response.content.decode()
    carla = content[content.index('id="entry-name-3"') :]
    assert "Enter the points of Carla." in carla[: carla.index('class="player-entry')]
    assert 'name="points_2" value="35"' in content
    assert re.search(r'<input type="radio" name="closer" value="1"[^>]*checked', content)
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_a_hand_without_a_closer_asks_for_one_first(client, match, scorer):
    data = hand_data(match, "Anna", {"Bruno": 1})
    del data["closer"]
    content = post_hand(client, match, data).content.decode()
    group = content[content.index('id="group-closer"') :]
    assert "Choose who closed the hand." in group[: group.index("</fieldset>")]
    assert "Enter the points of" not in content  # who owes points depends on who closed
    assert "Nothing was recorded: check what is marked in red." in content


@pytest.mark.django_db
def test_an_engine_refusal_names_the_hand_and_nothing_is_recorded(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}})
    data = hand_data(match, "Anna", {"Bruno": 250, "Carla": 2, "Dario": 3})
    response = post_hand(client, match, data)
    content = response.content.decode()
    assert "Hand 2: The points of Bruno cannot be more than 200." in content
    assert 'name="points_2" value="250"' in content
    assert MatchEvent.objects.filter(match=match).count() == 1
    assert totals(match)["Bruno"] == 1


@pytest.mark.django_db
def test_non_numeric_points_are_refused_next_to_the_field(client, match, scorer):
    data = hand_data(match, "Anna", {"Bruno": "tre", "Carla": 2, "Dario": 3})
    content = post_hand(client, match, data).content.decode()
    assert "Enter a whole number." in content
    assert 'name="points_2" value="tre"' in content


@pytest.mark.django_db
def test_the_closers_points_are_ignored(client, match, scorer):
    data = hand_data(match, "Anna", {"Anna": 40, "Bruno": 1, "Carla": 2, "Dario": 3})
    post_hand(client, match, data)
    assert totals(match) == {"Anna": 0, "Bruno": 1, "Carla": 2, "Dario": 3}


@pytest.mark.django_db
def test_chiusura_in_mano_doubles_the_opponents_points(client, match, scorer):
    post_hand(
        client,
        match,
        hand_data(match, "Carla", {"Bruno": 17, "Anna": 5}, not_opened=["Dario"], in_hand="on"),
    )
    assert totals(match) == {"Anna": 10, "Bruno": 34, "Carla": 0, "Dario": 200}


@pytest.mark.django_db
def test_cards_typed_are_counted_by_the_engine_and_kept_in_the_history(client, match, scorer):
    data = hand_data(match, "Carla", {"Anna": 3}, cards={"Bruno": "8h Kd", "Dario": "Ah JK"})
    post_hand(client, match, data)
    assert totals(match) == {"Anna": 3, "Bruno": 18, "Carla": 0, "Dario": 36}
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Bruno 8h Kd (18)" in content


@pytest.mark.django_db
def test_cards_that_are_not_cards_are_refused_next_to_the_player(client, match, scorer):
    data = hand_data(match, "Carla", {"Anna": 3, "Dario": 4}, cards={"Bruno": "8h Zz"})
    content = post_hand(client, match, data).content.decode()
    bruno = content[content.index('id="entry-name-2"') :]
    assert "Zz is not a card" in bruno[: bruno.index('class="player-entry')]
    assert 'value="8h Zz"' in content
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_points_and_cards_for_the_same_player_are_refused(client, match, scorer):
    data = hand_data(match, "Carla", {"Anna": 3, "Bruno": 4, "Dario": 5}, cards={"Bruno": "8h"})
    content = post_hand(client, match, data).content.decode()
    assert "Give the points or the cards, not both." in content


@pytest.mark.django_db
def test_the_card_counter_answers_the_points_of_the_cards_typed(client, match, scorer):
    url = reverse("scoring:count-cards", args=[match.pk])
    assert "= 36 points" in client.get(url, {"cards_2": "Ah JK"}).content.decode()
    assert "is not a card" in client.get(url, {"cards_2": "Xy"}).content.decode()
    assert client.get(url, {"cards_2": ""}).content.decode().strip() == ""


@pytest.mark.django_db
def test_ramino_asks_the_closing_kind_and_credits_the_closer(client, club, scorer):
    match = start_match(club=club, preset="ramino", names=("Paolo", "Quinto", "Rita", "Sara"))
    record(match, scorer, {"closer": "Quinto", "points": {"Paolo": 0, "Rita": 0, "Sara": 30}})
    content = client.get(match.get_absolute_url()).content.decode()
    assert 'name="closing"' in content and "Pokerissimo" in content
    assert "not_opened_" not in content  # no flat penalty in the ramino preset
    assert 'name="in_hand"' not in content  # closing in hand changes nothing in ramino
    post_hand(
        client,
        match,
        hand_data(match, "Quinto", {"Paolo": 44, "Rita": 60, "Sara": 70}, closing="colore"),
    )
    assert totals(match) == {"Paolo": 44, "Quinto": -35, "Rita": 60, "Sara": 100}


@pytest.mark.django_db
def test_gin_hands_knock_gin_and_dead_to_the_end_of_the_game(client, club, scorer):
    match = start_match(club=club, preset="gin-standard", names=("Elena", "Fabio"))
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Who knocked?" in content and "Big gin" in content
    post_hand(client, match, gin_data(match, "knock", "Elena", {"Elena": 7, "Fabio": 4}))
    assert totals(match) == {"Elena": 0, "Fabio": 28}  # G1: undercut
    post_hand(client, match, gin_data(match, "dead", deadwood={"Elena": 3}))
    post_hand(client, match, gin_data(match, "gin", "Fabio", {"Fabio": "", "Elena": 51}))
    events = [
        {
            "type": "hand",
            "result": "knock",
            "knocker": "Elena",
            "deadwood": {"Elena": 7, "Fabio": 4},
        },
        {"type": "hand", "result": "dead"},
        {
            "type": "hand",
            "result": "gin",
            "knocker": "Fabio",
            "deadwood": {"Fabio": 0, "Elena": 51},
        },
    ]
    state = replay_document(
        {"preset": "gin-standard", "players": ["Elena", "Fabio"], "events": events}
    )
    assert totals(match) == {p["name"]: p["total"] for p in state["players"]}
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Fabio wins" in content
    assert "Finished: Fabio reached the target score." in content


@pytest.mark.django_db
def test_the_card_count_helper_offers_jokers_in_scala_40_but_not_in_gin(client, club, scorer):
    """Gin's "Count the cards" asks for no joker (typing one is refused there); Scala 40 keeps
    its JK, on the match page and on the correction page."""
    gin = start_match(club=club, preset="gin-standard", names=("Elena", "Fabio"))

    def helper(url):  # the first player's "Count the cards" (not the page's CSRF token)
        content = client.get(url).content.decode()
        start = content.index('class="cards-helper"')
        return content[start : content.index("</details>", start)]

    content = helper(gin.get_absolute_url())
    assert "Count the cards" in content
    assert "no jokers in Gin: As 10h Kd 3c" in content
    assert 'placeholder="8h Kd 3c"' in content
    assert "JK" not in content
    post_hand(client, gin, gin_data(gin, "knock", "Elena", {"Elena": 7, "Fabio": 30}))
    correct = helper(reverse("scoring:correct", args=[gin.pk, 1]))
    assert "no jokers in Gin" in correct and "JK" not in correct
    scala = start_match(club=club, preset="scala40-club", names=("Anna", "Bruno"))
    content = helper(scala.get_absolute_url())
    assert "JK for a joker: As 10h Kd JK" in content
    assert 'placeholder="8h Kd JK"' in content
    assert "no jokers in Gin" not in content


@pytest.mark.django_db
def test_a_finished_matchs_scoreboard_follows_the_final_ranking(client, club, scorer):
    """The result card ranks Bruno, Carla, Anna (Anna out first); the scoreboard just below
    lists them in that order too, not in seat order (Anna, Bruno, Carla)."""
    match = start_match(club=club, preset="scala40", names=("Anna", "Bruno", "Carla"))
    record(match, scorer, {"closer": "Bruno", "points": {"Anna": 110, "Carla": 20}})
    content = client.get(match.get_absolute_url()).content.decode()
    board = content[content.index('class="score-list"') :]
    assert board.index('data-player="Anna"') < board.index('data-player="Bruno"')  # in play
    record(match, scorer, {"closer": "Bruno", "points": {"Carla": 90}})
    content = client.get(match.get_absolute_url()).content.decode()
    ranking = re.findall(r'<span class="name">(\w+)</span> <span class="ranking-total">', content)
    board = re.findall(r'data-player="(\w+)"', content[content.index('class="score-list"') :])
    assert ranking == board == ["Bruno", "Carla", "Anna"]


@pytest.mark.django_db
def test_a_finished_gin_match_says_by_how_many_points_the_winner_wins(client, club, scorer):
    """The net result is the winner's margin: "Fabio wins by N points", not a bare "Net N"."""
    match = start_match(club=club, preset="gin-standard", names=("Elena", "Fabio"))
    post_hand(client, match, gin_data(match, "gin", "Fabio", {"Fabio": "", "Elena": 90}))
    state = match_detail(match).state
    assert state.finished and state.winner == "Fabio"
    margin = state.totals["Fabio"] - state.totals["Elena"]
    content = client.get(match.get_absolute_url()).content.decode()
    result = content[content.index('class="result"') : content.index('class="score-list"')]
    assert f'<span class="gin-margin">Fabio wins by {margin} points</span>' in result
    assert "Net " not in result
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    content = client.get(match.get_absolute_url()).content.decode()
    assert f"Fabio vince di {margin} punti" in content


@pytest.mark.django_db
def test_gin_form_asks_for_the_knocker_and_both_deadwoods(client, club, scorer):
    match = start_match(club=club, preset="gin-standard", names=("Elena", "Fabio"))
    content = post_hand(client, match, gin_data(match, "knock", deadwood={"Elena": 5})).content
    content = content.decode()
    assert "Choose who knocked." in content
    assert "Enter the deadwood of Fabio." in content
    content = post_hand(
        client, match, gin_data(match, "knock", "Elena", {"Elena": 12, "Fabio": 30})
    )
    assert (
        "Hand 1: Elena cannot knock with 12 deadwood: the knock limit is 10."
        in content.content.decode()
    )
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_oklahoma_asks_the_upcard(client, club, scorer):
    match = start_match(club=club, preset="gin-oklahoma", names=("Elena", "Fabio"))
    assert 'name="upcard"' in client.get(match.get_absolute_url()).content.decode()
    content = post_hand(
        client, match, gin_data(match, "knock", "Elena", {"Elena": 3, "Fabio": 12})
    ).content.decode()
    assert "Oklahoma needs the upcard of every hand." in content
    post_hand(
        client, match, gin_data(match, "knock", "Elena", {"Elena": 3, "Fabio": 12}, upcard="6s")
    )
    assert totals(match)["Elena"] == 18  # a spade doubles: (12 - 3) x 2


@pytest.mark.django_db
def test_oklahoma_speaks_of_the_upcard_as_la_vela_everywhere_in_italian(client, club, scorer):
    """One club word for the upcard (GLOSSARY: vela): the rank and suit questions, the refusal
    of a half-tapped upcard and the rules line; never "carta scoperta"."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    match = start_match(club=club, preset="gin-oklahoma", names=("Elena", "Fabio"))
    page = unescape(client.get(match.get_absolute_url()).content.decode())
    assert "Valore della vela" in page and "Seme della vela" in page
    assert "Limite per bussare: dalla vela" in page
    half = gin_data(match, "knock", "Elena", {"Elena": 3, "Fabio": 12}, upcard_rank="6")
    refused = unescape(post_hand(client, match, half).content.decode())
    assert "Scegli il valore e il seme della vela." in refused
    assert "scoperta" not in page + refused


@pytest.mark.django_db
def test_the_oklahoma_upcard_is_tapped_rank_then_suit(client, club, scorer):
    match = start_match(club=club, preset="gin-oklahoma", names=("Elena", "Fabio"))
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'name="upcard_rank" value="10"' in page and 'name="upcard_suit" value="s"' in page
    assert "♠ spades" in page
    # a rank without a suit is refused beside the buttons, nothing recorded
    half = gin_data(match, "knock", "Elena", {"Elena": 3, "Fabio": 12}, upcard_rank="6")
    content = post_hand(client, match, half).content.decode()
    group = content[content.index('id="group-upcard_rank"') :]
    assert "Choose the rank and the suit of the upcard." in group[: group.index("</fieldset>")]
    assert match.events.count() == 0
    # 6 of spades: a spade doubles, (12 - 3) x 2
    tapped = gin_data(
        match, "knock", "Elena", {"Elena": 3, "Fabio": 12}, upcard_rank="6", upcard_suit="s"
    )
    assert post_hand(client, match, tapped).status_code == 302
    assert totals(match)["Elena"] == 18
    assert match.events.get().versions.get().data["upcard"] == "6s"
    # correcting it shows the card tapped
    correct = client.get(reverse("scoring:correct", args=[match.pk, 1])).content.decode()
    assert re.search(r'name="upcard_rank" value="6"[^>]*checked', correct)
    assert re.search(r'name="upcard_suit" value="s"[^>]*checked', correct)


@pytest.mark.django_db
def test_hollywood_shows_the_scores_of_its_three_games(client, club, scorer):
    match = start_match(club=club, preset="gin-hollywood", names=("Elena", "Fabio"))
    for points in (25, 18):
        record(
            match,
            scorer,
            {"result": "knock", "knocker": "Elena", "deadwood": {"Elena": 1, "Fabio": points + 1}},
        )
    content = client.get(match.get_absolute_url()).content.decode()
    rows = re.findall(r"<tr[^>]*>\s*<th scope=\"row\">(\d)[^<]*</th>(.*?)</tr>", content, re.S)
    scores = {number: re.findall(r">(\d+)</td>", cells) for number, cells in rows}
    assert scores == {"1": ["43", "0"], "2": ["18", "0"], "3": ["0", "0"]}


# Re-entry, withdrawal, time call -----------------------------------------------------------------


def bust_dario(match, user):
    record(match, user, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 90}})
    record(match, user, {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 15}})


@pytest.mark.django_db
def test_after_a_bust_the_page_offers_the_reentry_at_the_highest_total_in_play(
    client, club, scorer
):
    match = start_match(club=club, preset="scala40-club", options={"reentry_fee": "5.00"})
    bust_dario(match, scorer)
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Dario is out with 105." in content
    assert "Re-entering, they start again at 42." in content
    assert "Re-entry fee € 5.00." in content
    assert 'name="points_4"' not in content  # Dario has no input while out


@pytest.mark.django_db
def test_the_reentry_button_brings_the_player_back_once(client, match, scorer):
    bust_dario(match, scorer)
    data = {"seat": "4", "idempotency_key": uuid.uuid4().hex}
    url = reverse("scoring:reentry", args=[match.pk])
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    dario = match.seats.get(name="Dario")
    assert (dario.total, dario.reentries, dario.status) == (42, 1, "in_play")
    assert MatchEvent.objects.filter(match=match, kind="reentry").count() == 1
    content = client.get(match.get_absolute_url()).content.decode()
    assert "1 re-entry" in content
    assert 'name="points_4"' in content


@pytest.mark.django_db
def test_a_reentry_no_longer_possible_is_refused_with_a_message(client, match, scorer):
    bust_dario(match, scorer)
    record(match, scorer, {"closer": "Carla", "points": {"Anna": 1, "Bruno": 1}})
    url = reverse("scoring:reentry", args=[match.pk])
    response = client.post(url, {"seat": "4", "idempotency_key": uuid.uuid4().hex}, follow=True)
    assert "This player cannot re-enter now." in response.content.decode()
    assert not MatchEvent.objects.filter(kind="reentry").exists()


@pytest.mark.django_db
def test_a_closer_no_longer_in_play_is_refused_next_to_the_choice(client, match, scorer):
    bust_dario(match, scorer)
    data = hand_data(match, "Dario", {"Anna": 1, "Bruno": 1, "Carla": 1})
    content = post_hand(client, match, data).content.decode()
    group = content[content.index('id="group-closer"') :]
    assert (
        "This player is no longer in play: reload the page." in group[: group.index("</fieldset>")]
    )
    assert MatchEvent.objects.filter(match=match).count() == 2


@pytest.mark.django_db
def test_the_withdrawal_lists_only_the_players_in_play(client, match, scorer):
    """Walk leftover: "A player withdraws" listed Dario, whom a hand had just eliminated; he
    declines the re-entry with the offer's "stays out", and the page lists those in play."""
    bust_dario(match, scorer)
    url = reverse("scoring:withdraw", args=[match.pk])
    page = client.get(url, {"seat": "4"}).content.decode()
    chips = re.findall(r'<input type="radio" name="seat" value="(\d)"', page)
    assert chips == ["1", "2", "3"]  # Anna, Bruno, Carla: not Dario
    assert "Dario" not in page[page.index('id="group-seat"') :]
    # a page opened before the bust posts Dario all the same: refused beside the field
    answer = client.post(url, {"seat": "4", "idempotency_key": uuid.uuid4().hex})
    group = answer.content.decode()[answer.content.decode().index('id="group-seat"') :]
    assert (
        'Dario is waiting for the re-entry: to stay out, tap "Dario stays out" on the match '
        "page. Nothing was recorded." in unescape(group[: group.index("</fieldset>")])
    )
    assert not MatchEvent.objects.filter(kind="withdraw").exists()
    assert match.seats.get(name="Dario").status == "eliminated"
    # in Italian too (the compiled catalogue, see HELPERS.md)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert "Dario resta fuori" in client.get(match.get_absolute_url()).content.decode()
    italian = client.get(url).content.decode()
    assert "Sono elencati solo i giocatori in gioco" in italian


@pytest.mark.django_db
def test_nobody_can_withdraw_when_one_player_is_left_in_play(client, club, scorer):
    options = {"reentry_allowed": True, "reentry_min_in_play": 1}
    match = start_match(club=club, preset="scala40", names=("Anna", "Bruno"), options=options)
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 120}})  # Bruno may re-enter
    assert not match_detail(match).state.finished
    page = client.get(reverse("scoring:withdraw", args=[match.pk])).content.decode()
    assert "Nobody can withdraw now: the only player left in play cannot." in page
    assert 'name="seat"' not in page and "Confirm: the player is out" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.get(reverse("scoring:withdraw", args=[match.pk])).content.decode()
    assert "Ora nessuno può ritirarsi" in page


@pytest.mark.django_db
def test_a_player_withdraws_after_confirming(client, match, scorer):
    url = reverse("scoring:withdraw", args=[match.pk])
    content = client.get(url).content.decode()
    assert "Confirm: the player is out" in content
    response = client.post(url, {"seat": "2", "idempotency_key": uuid.uuid4().hex})
    assert response.status_code == 302
    assert match.seats.get(name="Bruno").status == "withdrawn"
    assert 'name="points_2"' not in client.get(match.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_a_withdrawal_without_a_player_asks_for_one(client, match, scorer):
    url = reverse("scoring:withdraw", args=[match.pk])
    content = client.post(url, {"idempotency_key": uuid.uuid4().hex}).content.decode()
    assert "Choose the player." in content
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_calling_time_ends_the_match_and_shows_the_ranking(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 50}})
    url = reverse("scoring:time-call", args=[match.pk])
    assert "Confirm: end the match" in client.get(url).content.decode()
    assert not MatchEvent.objects.filter(kind="time_call").exists()
    client.post(url, {"idempotency_key": uuid.uuid4().hex})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Anna wins" in content
    assert "Finished when time was called." in content
    ranking = re.findall(
        r'<span class="place">(\d)</span> <span class="name">(\w+)</span>', content
    )
    assert ranking == [("1", "Anna"), ("2", "Carla"), ("3", "Bruno"), ("4", "Dario")]
    assert "Record the hand" not in content
    assert 'hx-trigger="every' not in content  # a finished match is not polled


@pytest.mark.django_db
def test_a_match_won_by_the_last_in_play_shows_winner_and_pot(client, club, scorer):
    match = start_match(
        club=club, preset="scala40", names=("Anna", "Bruno"), options={"stake": "2.00"}
    )
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 120}})
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Anna wins" in content
    assert "Finished: Anna is the last one in play." in content
    assert "Pot € 4.00" in content
    assert "score sheet (pdf)" in content.lower()  # the sheet of the finished match is linked


# Corrections and voids ---------------------------------------------------------------------------


def correct_url(match, number):
    return reverse("scoring:correct", args=[match.pk, number])


@pytest.mark.django_db
def test_the_correction_form_shows_the_hand_as_recorded(client, match, scorer):
    record(
        match,
        scorer,
        {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12}, "not_opened": ["Dario"]},
    )
    content = client.get(correct_url(match, 1)).content.decode()
    assert re.search(r'<input type="radio" name="closer" value="1"[^>]*checked', content)
    assert 'name="points_2" value="35"' in content
    assert re.search(r'name="not_opened_4"[^>]*checked', content)
    assert 'name="expected_version" value="1"' in content
    assert "idempotency_key" not in content


@pytest.mark.django_db
def test_a_correction_replays_the_match_and_keeps_both_versions(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 9}})
    record(match, scorer, {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 5}})
    data = hand_data(match, "Anna", {"Bruno": 25, "Carla": 12, "Dario": 9})
    data.update(expected_version="1", reason="Bruno counted twice")
    del data["idempotency_key"]
    response = client.post(correct_url(match, 1), data)
    assert response.status_code == 302
    assert totals(match) == {"Anna": 20, "Bruno": 25, "Carla": 42, "Dario": 14}
    versions = EventVersion.objects.filter(event__number=1).order_by("version")
    assert [(v.version, v.is_current) for v in versions] == [(1, False), (2, True)]
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Hand 1 corrected." in content
    assert "Reason: Bruno counted twice" in content
    assert "corrected</span>" in content
    assert "Bruno 35" in content and "Bruno 25" in content  # both versions listed


@pytest.mark.django_db
def test_a_correction_that_breaks_a_later_hand_names_it_and_keeps_the_values(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 9}})
    record(match, scorer, {"closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 5}})
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 150})
    data.update(expected_version="1", reason="")
    response = client.post(correct_url(match, 1), data)
    content = response.content.decode()
    assert response.status_code == 200
    assert "Hand 2: Dario is no longer in play." in content
    assert 'name="points_4" value="150"' in content
    assert totals(match)["Dario"] == 14
    assert EventVersion.objects.filter(event__number=1).count() == 1


@pytest.mark.django_db
def test_a_correction_of_a_hand_changed_meanwhile_is_refused(client, match, scorer):
    event = record(
        match, scorer, {"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}}
    )
    services.hand_correct(
        event=event,
        user=scorer,
        data={"closer": "Anna", "points": {"Bruno": 2, "Carla": 2, "Dario": 3}},
        expected_version=1,
    )
    data = hand_data(match, "Anna", {"Bruno": 9, "Carla": 2, "Dario": 3}, expected_version="1")
    content = client.post(correct_url(match, 1), data).content.decode()
    assert "Someone changed event 1 meanwhile" in content
    assert totals(match)["Bruno"] == 2


@pytest.mark.django_db
def test_the_correction_form_offers_only_the_players_in_play_before_that_hand(
    client, match, scorer
):
    bust_dario(match, scorer)
    record(match, scorer, {"closer": "Carla", "points": {"Anna": 1, "Bruno": 1}})
    assert 'name="points_4"' in client.get(correct_url(match, 2)).content.decode()
    assert 'name="points_4"' not in client.get(correct_url(match, 3)).content.decode()


@pytest.mark.django_db
def test_voiding_needs_a_reason_and_keeps_the_event_in_the_history(client, match, scorer):
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 9}})
    url = reverse("scoring:void", args=[match.pk, 1])
    content = client.post(url, {"expected_version": "1", "reason": ""}).content.decode()
    assert "Say why the event is void." in content
    assert totals(match)["Bruno"] == 35
    response = client.post(url, {"expected_version": "1", "reason": "entered twice"})
    assert response.status_code == 302
    assert totals(match)["Bruno"] == 0
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Hand 1 is void." in content
    assert 'class="event void' in content
    assert "Reason: entered twice" in content


@pytest.mark.django_db
def test_a_reentry_can_be_voided_but_not_corrected(client, match, scorer):
    bust_dario(match, scorer)
    services.player_reenter(match=match, user=scorer, seat=match.seats.get(name="Dario"))
    response = client.get(correct_url(match, 3), follow=True)
    assert "Only hands can be corrected; void this event instead." in response.content.decode()
    client.post(
        reverse("scoring:void", args=[match.pk, 3]), {"expected_version": "1", "reason": "no"}
    )
    assert match.seats.get(name="Dario").reentries == 0


@pytest.mark.django_db
def test_an_unknown_event_number_is_not_found(client, match, scorer):
    assert client.get(correct_url(match, 9)).status_code == 404
    assert client.get(reverse("scoring:void", args=[match.pk, 9])).status_code == 404


# Live polling ------------------------------------------------------------------------------------


def live(client, match, revision, form=""):
    url = reverse("scoring:live", args=[match.pk])
    return client.get(url, {"revision": revision, "form": form}, HTTP_HX_REQUEST="true")


def page_signature(content):
    return re.search(r"&amp;form=([0-9a-f]*)", content).group(1)


@pytest.mark.django_db
def test_polling_answers_204_while_nothing_changed(client, match, scorer):
    match.refresh_from_db()
    response = live(client, match, match.revision)
    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.django_db
def test_polling_answers_the_new_scoreboard_and_history_after_a_change(client, match, scorer):
    content = client.get(match.get_absolute_url()).content.decode()
    match.refresh_from_db()
    seen = match.revision
    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 9}})
    response = live(client, match, seen, page_signature(content))
    assert response.status_code == 200
    fragment = response.content.decode()
    assert board_total(fragment, "Bruno") == 35
    assert '<section id="history" class="history"' in fragment and 'hx-swap-oob="true"' in fragment
    assert f"revision={seen + 1}" in fragment
    assert "Record the hand" not in fragment  # the form being typed is left alone
    assert "the form below no longer fits it" not in fragment


@pytest.mark.django_db
def test_polling_tells_the_page_to_reload_its_form_when_a_player_busted(client, match, scorer):
    content = client.get(match.get_absolute_url()).content.decode()
    match.refresh_from_db()
    seen = match.revision
    bust_dario(match, scorer)
    fragment = live(client, match, seen, page_signature(content)).content.decode()
    assert "the form below no longer fits it" in fragment
    assert "Dario re-enters" in fragment


@pytest.mark.django_db
def test_polling_a_match_the_user_cannot_see_is_not_found(client, match):
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert live(client, match, 0).status_code == 404


# Permissions -------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "may_score"),
    [(Role.OWNER, True), (Role.DIRECTOR, True), (Role.SCOREKEEPER, True), (Role.MEMBER, False)],
)
def test_who_may_see_record_and_correct(client, match, role, may_score):
    user = log_in(client, member(match.club, role))
    page = client.get(match.get_absolute_url())
    assert page.status_code == 200
    assert ("Record the hand" in page.content.decode()) is may_score
    data = hand_data(match, "Anna", {"Bruno": 1, "Carla": 2, "Dario": 3})
    expected = 302 if may_score else 403
    assert post_hand(client, match, data).status_code == expected
    event = MatchEvent.objects.filter(match=match).first() or record(
        match, user, {"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}}
    )
    assert client.get(correct_url(match, event.number)).status_code == (200 if may_score else 403)
    void = reverse("scoring:void", args=[match.pk, event.number])
    assert client.get(void).status_code == (200 if may_score else 403)
    for name in ("withdraw", "time-call"):
        assert client.get(reverse(f"scoring:{name}", args=[match.pk])).status_code == (
            200 if may_score else 403
        )
    assert ("Correct</a>" in client.get(match.get_absolute_url()).content.decode()) is may_score


@pytest.mark.django_db
def test_another_clubs_match_is_not_found(client, match):
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert client.get(match.get_absolute_url()).status_code == 404
    data = hand_data(match, "Anna", {"Bruno": 1, "Carla": 2, "Dario": 3})
    assert post_hand(client, match, data).status_code == 404
    assert client.get(correct_url(match, 1)).status_code == 404
    assert client.get(reverse("scoring:withdraw", args=[match.pk])).status_code == 404
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_anonymous_visitors_cannot_record(client, match):
    data = hand_data(match, "Anna", {"Bruno": 1, "Carla": 2, "Dario": 3})
    response = post_hand(client, match, data)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert client.get(match.get_absolute_url()).status_code == 404  # in progress, private
    assert not MatchEvent.objects.exists()


@pytest.mark.django_db
def test_a_public_clubs_finished_match_is_read_only_for_everyone_else(client):
    club = ClubFactory(is_public=True)
    match = start_match(club=club, preset="scala40", names=("Anna", "Bruno"))
    record(match, None, {"closer": "Anna", "points": {"Bruno": 120}})
    english(client)
    content = client.get(match.get_absolute_url()).content.decode()
    assert "Anna wins" in content
    assert "Correct</a>" not in content and "Void</a>" not in content
    assert client.get(correct_url(match, 1)).status_code == 302  # to the login page
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert client.get(match.get_absolute_url()).status_code == 200
    assert client.get(correct_url(match, 1)).status_code == 404


@pytest.mark.django_db
def test_a_public_clubs_match_in_progress_is_not_shown_to_visitors(client):
    match = start_match(club=ClubFactory(is_public=True))
    assert client.get(match.get_absolute_url()).status_code == 404


# Query budgets -----------------------------------------------------------------------------------


def queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def play(match, user, hands):
    names = [seat.name for seat in match.seats.order_by("seat")]
    for number in range(hands):
        closer = names[number % len(names)]
        record(match, user, {"closer": closer, "points": {n: 0 for n in names if n != closer}})


@pytest.mark.django_db
def test_the_match_page_and_its_history_cost_the_same_queries_at_3_and_30_hands(
    client, club, scorer
):
    short = start_match(club=club)
    long = start_match(club=club, names=("Elena", "Fabio", "Gino", "Ivo"))
    play(short, scorer, 3)
    play(long, scorer, 30)
    event = long.events.get(number=5)
    services.hand_correct(
        event=event, user=scorer, data=event.versions.get().data, expected_version=1
    )
    assert queries(client, short.get_absolute_url()) == queries(client, long.get_absolute_url())
    live_short = reverse("scoring:live", args=[short.pk]) + "?revision=0"
    live_long = reverse("scoring:live", args=[long.pk]) + "?revision=0"
    assert queries(client, live_short) == queries(client, live_long)


@pytest.mark.django_db
def test_recording_a_hand_counts_no_rows_and_costs_the_same_at_hand_3_and_hand_30(
    client, club, scorer
):
    """The page's "Hand N recorded." takes N from the service, which read the events anyway: no
    COUNT of the match's hands, and a budget that does not grow with the match."""

    def cost(match) -> tuple[int, list[str]]:
        closer, *others = [seat.name for seat in match.seats.order_by("seat")]
        hand = hand_data(match, closer, {name: 1 for name in others})
        with CaptureQueriesContext(connection) as context:
            response = post_hand(client, match, hand)
        assert response.status_code == 302
        said = [str(m) for m in response.wsgi_request._messages][-1]  # the newest message
        sql = [query["sql"] for query in context.captured_queries]
        return len(sql), [said, *(query for query in sql if "COUNT(" in query.upper())]

    short = start_match(club=club, preset="scala40-club")
    long = start_match(club=club, preset="scala40-club", names=("Elena", "Fabio", "Gino", "Ivo"))
    play(short, scorer, 2)
    play(long, scorer, 29)
    short_queries, short_said = cost(short)
    long_queries, long_said = cost(long)
    assert short_said == ["Hand 3 recorded."]  # and no COUNT query
    assert long_said == ["Hand 30 recorded."]
    assert short_queries == long_queries


@pytest.mark.django_db
def test_the_engine_and_the_page_agree_on_every_total(client, match, scorer):
    events = [
        {
            "type": "hand",
            "closer": "Anna",
            "points": {"Bruno": 35, "Carla": 12},
            "not_opened": ["Dario"],
        },
        {"type": "hand", "closer": "Bruno", "points": {"Anna": 20, "Carla": 30, "Dario": 5}},
    ]
    for event in events:
        post_hand(
            client,
            match,
            hand_data(
                match, event["closer"], event["points"], not_opened=event.get("not_opened", ())
            ),
        )
    state = replay_document({"preset": "scala40-club", "players": list(NAMES), "events": events})
    content = client.get(match.get_absolute_url()).content.decode()
    for player in state["players"]:
        assert board_total(content, player["name"]) == player["total"]


@pytest.mark.django_db
def test_a_user_without_a_role_in_the_club_never_sees_the_entry_form(client, match):
    user = UserFactory()
    log_in(client, user)
    assert client.get(match.get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_the_match_page_links_to_its_score_sheet_and_report(client, scorer, match):
    content = client.get(match.get_absolute_url()).content.decode()
    sheet = reverse("match-pdf:sheet", kwargs={"pk": match.pk})
    report = reverse("match-pdf:report", kwargs={"pk": match.pk})
    assert f'href="{sheet}"' in content
    assert f'href="{report}"' in content
    response = client.get(sheet)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(client.get(report).streaming_content).startswith(b"%PDF")


@pytest.mark.django_db
def test_the_match_page_charts_each_players_total_hand_by_hand(client, match, scorer):
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'class="totals-chart"' not in page  # nothing to draw before the first hand

    record(match, scorer, {"closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 60}})
    record(match, scorer, {"closer": "Bruno", "points": {"Anna": 20, "Carla": 9, "Dario": 50}})
    # the chart grows with the match: it is on the whole history's page, linked from the match
    assert 'class="totals-chart"' not in client.get(match.get_absolute_url()).content.decode()
    page = client.get(reverse("scoring:history", args=[match.pk])).content.decode()

    chart = page[page.index('class="totals-chart"') :]
    chart = chart[: chart.index("</figure>")]
    assert "Totals hand by hand" in chart
    assert "out at 101" in chart  # scala40-club eliminates at 101
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        assert f">{name}</text>" in chart
    assert "<script" not in chart
