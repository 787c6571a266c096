"""Usable without a mouse or without sight (issue 25), as the pages are served: one live region
after a hand that says the hand, the new totals and who busted; the page's messages in a status
region around their list, never an empty list; every points box named by its player; the
history with a level-one heading and a heading per event; a skip link before the menu; the
clubs' Italian "Chiusura in mano" marked as Italian on English pages; the API docs' language."""

import re

import pytest
from django.urls import reverse

from clubs.models import Role
from scoring import services
from tests.clients import english, log_in
from tests.factories import ClubFactory, member, start_match
from tests.scoring.test_in_place import IN_PLACE
from tests.scoring.test_views import hand_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    club = ClubFactory()
    scorer = log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club")
    return match, scorer


POINTS_LABEL = r'<label class="visually-hidden" for="id_points_\d">([^<]+)</label>'


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def live_region(content: str) -> str:
    found = re.search(r'<div id="match-flash" role="status">(.*?)</div>', content, re.S)
    assert found, "no live region"
    return found.group(1)


def test_a_hand_sent_in_place_says_the_hand_the_new_totals_and_the_bust(client, table):
    match, scorer = table
    services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Anna", "points": {"Bruno": 20, "Carla": 12, "Dario": 100}},
    )
    match.refresh_from_db()
    data = hand_data(match, "Bruno", {"Anna": 35, "Carla": 4, "Dario": 60})
    response = client.post(reverse("scoring:hand", args=[match.pk]), data, **IN_PLACE)

    said = text(live_region(response.content.decode()))
    assert "Hand 2 recorded." in said
    assert "Closed by Bruno. Anna 35, Carla 4, Dario 60. Totals:" in said
    assert "Totals: Anna 35, Bruno 20, Carla 16, Dario 160 (busted)." in said


def test_the_live_region_says_it_in_italian(client, table):
    match, _scorer = table
    client.cookies["django_language"] = "it"
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    response = client.post(reverse("scoring:hand", args=[match.pk]), data, **IN_PLACE)
    said = text(live_region(response.content.decode()))
    assert "Mano 1 registrata." in said
    assert "Totali: Anna 0, Bruno 35, Carla 12, Dario 9." in said


def test_the_page_messages_are_a_list_inside_a_status_region(client, table):
    match, _scorer = table
    data = hand_data(match, "Anna", {"Bruno": 35, "Carla": 12, "Dario": 9})
    page = client.post(reverse("scoring:hand", args=[match.pk]), data, follow=True)
    content = page.content.decode()
    assert re.search(
        r'<div class="page-messages" role="status">\s*<ul class="messages">\s*'
        r'<li class="message success">Hand 1 recorded.</li>',
        content,
    )
    assert '<ul class="messages" role="status">' not in content


def test_every_points_box_is_named_by_its_player(client, table):
    match, _scorer = table
    content = client.get(match.get_absolute_url()).content.decode()
    labels = re.findall(POINTS_LABEL, content)
    assert labels == ["Points of Anna", "Points of Bruno", "Points of Carla", "Points of Dario"]
    client.cookies["django_language"] = "it"
    content = client.get(match.get_absolute_url()).content.decode()
    labels = re.findall(POINTS_LABEL, content)
    assert labels == ["Punti di Anna", "Punti di Bruno", "Punti di Carla", "Punti di Dario"]


def test_chiusura_in_mano_is_marked_italian_on_an_english_page(client, table):
    match, _scorer = table
    content = client.get(match.get_absolute_url()).content.decode()
    assert '<span lang="it">Chiusura in mano</span>' in content
    client.cookies["django_language"] = "it"
    content = client.get(match.get_absolute_url()).content.decode()
    assert "<span>Chiusura in mano</span>" in content  # the page's own language already


def test_the_history_has_a_title_and_a_heading_per_event(client, table):
    match, scorer = table
    services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Anna", "points": {"Bruno": 20, "Carla": 12, "Dario": 10}},
    )
    content = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    assert re.findall(r"<h1>([^<]+)</h1>", content) == ["History · Scala 40"]
    headings = re.findall(r'<h3 class="event-heading">(.*?)</h3>', content)
    assert [text(heading) for heading in headings] == ["Hand 1"]


def test_a_skip_link_comes_before_the_menu_and_leads_to_the_content(client, table):
    match, _scorer = table
    content = client.get(match.get_absolute_url()).content.decode()
    body = content.split("<body", 1)[1]
    assert body.index('<a class="skip-link" href="#main">Skip to the content</a>') < body.index(
        '<nav class="site-nav"'
    )
    assert '<main class="content" id="main" tabindex="-1">' in content


def test_the_api_docs_say_their_language(client):
    english(client)
    content = client.get(reverse("api-docs")).content.decode()
    assert '<html lang="en">' in content
    content = client.get(reverse("api-redoc")).content.decode()
    assert '<html lang="en">' in content
