"""The Burraco hand form's helpers at the table (issue 28): the card-counting helper with
Burraco's values (BURRACO.md section 0: jolly 30, pinella 20, ace 15, K to 8 10, 7 to 3 5) for
each line's cards on the table and in hand, and the preview of the hand as it is typed
(`scoring:hand-preview`: base, carte and total per line, refusals in the box beside their field,
nothing stored). Figures: B1 of section 7, hand 1 (NS 400 + 370 = 770, EO -10 + 160 = 150)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import Match
from tests.factories import PlayerFactory

from .test_burraco_game import B1_POSTS
from .test_burraco_pages import club, line_totals, post_hand, scorer, start
from .test_views import start_data, start_url

FIXTURES = (club, scorer)  # the club and its scorekeeper of the Burraco pages' tests
HAND_1 = B1_POSTS[0]


def box(content: str, box_id: str) -> str:
    """The text of the element of `box_id` in an answer (tags dropped, spaces made one)."""
    found = re.search(rf'id="{box_id}"[^>]*>(.*?)</(?:p|div)>', content, re.S)
    assert found, f"no #{box_id} in {content[:3000]}"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def preview(client, match: Match, data: dict[str, str]) -> str:
    response = client.get(reverse("scoring:hand-preview", args=[match.pk]), data)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_card_counter_counts_a_burraco_line_s_cards_with_burraco_values(client, club, scorer):
    match = start(client, club)
    url = reverse("scoring:count-cards", args=[match.pk])
    # BURRACO.md section 0: JK 2c As Kd 7h = 30 + 20 + 15 + 10 + 5
    answer = client.get(url, {"cards_in_hand_EO": "JK 2c As Kd 7h"}).content.decode()
    assert "= 80 points" in answer
    page = client.get(match.get_absolute_url()).content.decode()
    for name in ("cards_melded_NS", "cards_in_hand_NS", "cards_melded_EO", "cards_in_hand_EO"):
        assert f'name="{name}"' in page
    assert "Cards in hand of EO, as cards" in page
    assert 'name="cards_pozzetto_unplayed_NS"' not in page


@pytest.mark.django_db
def test_a_hand_with_cards_in_place_of_values_is_recorded_with_their_points(client, club, scorer):
    match = start(client, club)
    data = {key: value for key, value in HAND_1.items() if key not in ("in_hand_NS", "in_hand_EO")}
    data.update(cards_in_hand_NS="As", cards_in_hand_EO="JK 2c As Kd 7h")  # 15 and 80
    response = post_hand(client, match, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    page = client.get(response.url).content.decode()
    assert line_totals(page) == {"NS": 770, "EO": 150}
    history = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert "EO: base -10, carte 160, total 150." in history


@pytest.mark.django_db
def test_a_value_and_its_cards_both_are_refused_beside_the_cards(client, club, scorer):
    match = start(client, club)
    response = post_hand(client, match, dict(HAND_1, cards_in_hand_NS="As"))
    content = response.content.decode()
    assert response.status_code == 200
    assert box(content, "id_cards_in_hand_NS_error") == "Give the points or the cards, not both."
    response = post_hand(client, match, dict(HAND_1, cards_in_hand_NS="As Xy", in_hand_NS=""))
    assert "Xy is not a card" in box(response.content.decode(), "id_cards_in_hand_NS_error")
    assert match.events.count() == 0


@pytest.mark.django_db
def test_the_preview_gives_each_line_s_base_carte_and_total_and_stores_nothing(
    client, club, scorer
):
    match = start(client, club)
    content = preview(client, match, HAND_1)
    assert box(content, "preview-NS") == "Base 400 · carte 370 · total 770"
    assert box(content, "preview-EO") == "Base -10 · carte 160 · total 150"
    assert box(content, "hand_error") == ""
    cards = dict(HAND_1, in_hand_EO="", cards_in_hand_EO="JK 2c As Kd 7h")
    assert box(preview(client, match, cards), "preview-EO") == "Base -10 · carte 160 · total 150"
    assert match.events.count() == 0
    assert line_totals(client.get(match.get_absolute_url()).content.decode()) == {
        "NS": 0,
        "EO": 0,
    }


@pytest.mark.django_db
def test_the_preview_refuses_what_is_typed_and_waits_for_what_is_not(client, club, scorer):
    match = start(client, club)
    typing = {"idempotency_key": "k" * 32, "end": "NS", "melded_NS": "38x", "puliti_NS": "1"}
    content = preview(client, match, typing)
    assert box(content, "id_melded_NS_error") == "Enter a whole number."
    assert box(content, "id_in_hand_NS_error") == ""  # not typed yet: not asked for yet
    assert box(content, "hand_error") == ""  # the pozzetto not answered yet: no refusal
    assert box(content, "preview-NS") == ""
    # the whole hand typed: the engine's refusal, beside who closed
    content = preview(client, match, dict(HAND_1, end="EO", sporchi_EO="0"))
    assert box(content, "hand_error") == "EO closed without a burraco."
    assert box(content, "preview-NS") == "" and box(content, "preview-EO") == ""


@pytest.mark.django_db
def test_the_preview_in_italian(client, club, scorer):
    match = start(client, club)
    client.cookies["django_language"] = "it"
    content = preview(client, match, dict(HAND_1, end="EO", sporchi_EO="0"))
    assert box(content, "hand_error") == "EO ha chiuso senza burraco."
    content = preview(client, match, HAND_1)
    assert box(content, "preview-NS") == "Base 400 · carte 370 · totale 770"


@pytest.mark.django_db
def test_a_game_without_a_preview_answers_404(client, club, scorer):
    players = [PlayerFactory(club=club, name=name) for name in ("Elena", "Fabio")]
    client.post(start_url(club), start_data(players=players, preset="gin-standard"))
    match = Match.objects.get()
    assert client.get(reverse("scoring:hand-preview", args=[match.pk])).status_code == 404
