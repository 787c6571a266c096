"""One numbering (issue 18): hands are numbered 1, 2, 3... on the page, in the history, in the
messages, in the API and in the match report; a re-entry, a withdrawal or a time call falls
between hands without a number, and a voided hand keeps its number.

The match: RULES.md S5's totals (A 17, B 30, C 75 after the hand that puts D at 108), so Dario
re-enters at 75; then a hand, Carla withdraws, a hand, hand 3 is voided, and hand 5 is entered on
the page."""

import re

import pytest
from django.urls import reverse

from clubs.models import Role
from scoring import services
from scoring.engine import hand_numbers
from scoring.models import MatchEvent
from tests.clients import log_in
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf
from tests.scoring.test_views import hand_data, post_hand


def test_hands_are_numbered_in_order_and_other_events_are_not():
    kinds = ["hand", "hand", "reentry", "hand", "withdraw", "hand", "time_call"]
    assert hand_numbers(kinds) == (1, 2, None, 3, None, 4, None)
    assert hand_numbers([]) == ()


@pytest.fixture
def played(client):
    """Events 1-6 recorded through the services, hand 3 (event 4) voided."""
    club = ClubFactory()
    scorer = log_in(client, member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club")
    seats = {seat.name: seat for seat in match.seats.all()}

    def hand(closer, **points):
        services.hand_record(match=match, user=scorer, data={"closer": closer, "points": points})

    hand("Bruno", Anna=17, Carla=75, Dario=50)
    hand("Anna", Bruno=30, Carla=0, Dario=58)  # Dario 108: busted
    services.player_reenter(match=match, user=scorer, seat=seats["Dario"])  # back at 75 (S5)
    hand("Anna", Bruno=5, Carla=5, Dario=5)
    services.player_withdraw(match=match, user=scorer, seat=seats["Carla"])
    hand("Anna", Bruno=1, Dario=1)
    third = MatchEvent.objects.get(match=match, number=4)
    services.event_void(event=third, user=scorer, reason="typed twice", expected_version=1)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_every_hand_number_on_the_page_agrees(client, played):
    match = played
    page = client.get(match.get_absolute_url()).content.decode()
    assert re.search(r'<h2 id="entry-title">\s*Hand 5\s*</h2>', page)
    assert "4 hands (1 void)" in " ".join(page.split())

    response = post_hand(client, match, hand_data(match, "Anna", {"Bruno": 2, "Dario": 2}))
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "Hand 5 recorded." in page
    assert re.search(r'<h2 id="entry-title">\s*Hand 6\s*</h2>', page)
    titles = re.findall(r'<span class="event-title">([^<]+)</span>', page)
    # newest first: every hand by its number, the others by what they are; the page shows the
    # latest five, the history page all of them
    assert titles == ["Hand 5", "Hand 4", "Withdrawal", "Hand 3", "Re-entry"]
    history = client.get(reverse("scoring:history", args=[match.pk])).content.decode()
    titles = re.findall(r'<span class="event-title">([^<]+)</span>', history)
    assert titles == ["Hand 5", "Hand 4", "Withdrawal", "Hand 3", "Re-entry", "Hand 2", "Hand 1"]
    assert "5 hands (1 void)" in " ".join(page.split())

    # "Correct" of hand 4 (the match's event 6) opens "Correct hand 4"
    correct = client.get(reverse("scoring:correct", args=[match.pk, 6])).content.decode()
    assert "Correct hand 4" in correct
    void = client.get(reverse("scoring:void", args=[match.pk, 3])).content.decode()
    assert "Void: Re-entry" in void


@pytest.mark.django_db
def test_a_refusal_names_the_hand_by_its_number(client, played):
    match = played
    # Corrected, hand 2 puts Bruno out at 150: hand 4 (the match's event 6) gave him points
    corrected = hand_data(match, "Anna", {"Bruno": 150, "Carla": 0, "Dario": 58})
    response = client.post(
        reverse("scoring:correct", args=[match.pk, 2]), {**corrected, "expected_version": "1"}
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "Hand 4: " in content
    assert "Hand 6" not in content


@pytest.mark.django_db
def test_the_api_and_the_report_count_hands_as_the_page_does(client, played):
    match = played
    services.hand_record(
        match=match, user=None, data={"closer": "Anna", "points": {"Bruno": 2, "Dario": 2}}
    )
    events = client.get(reverse("api-event-list", args=[match.pk])).json()
    assert [(e["number"], e["hand"], e["kind"]) for e in events] == [
        (1, 1, "hand"),
        (2, 2, "hand"),
        (3, None, "reentry"),
        (4, 3, "hand"),
        (5, None, "withdraw"),
        (6, 4, "hand"),
        (7, 5, "hand"),
    ]
    assert events[3]["is_void"] is True

    report = client.get(reverse("match-pdf:report", args=[match.pk]))
    pdf = Pdf.of(b"".join(report.streaming_content))
    numbered = [words[0] for words in (line.split() for line in pdf.lines()) if words]
    for hand in ("1", "2", "3", "4", "5"):
        assert hand in numbered
    assert "6" not in numbered and "7" not in numbered  # no row carries an event's number
    assert "Hand 3" in pdf.words()  # the void's note names the hand


@pytest.mark.django_db
def test_the_hand_picker_shows_a_voided_hand_marked_void_leading_to_its_card(client, played):
    match = played
    page = client.get(match.get_absolute_url()).content.decode()
    picker = page.split('<nav class="hand-numbers"', 1)[1].split("</nav>", 1)[0]
    links = re.findall(r'<a class="button small( void)?" href="([^"]+)"[^>]*>(.*?)</a>', picker)
    shown = [(" ".join(re.sub(r"<[^>]+>", " ", text).split()), url) for _void, url, text in links]
    history = reverse("scoring:history", args=[match.pk])
    assert shown == [
        ("4", reverse("scoring:correct", args=[match.pk, 6])),
        ("3 void", f"{history}#event-4"),  # not skipped: marked void, to its card
        ("2", reverse("scoring:correct", args=[match.pk, 2])),
        ("1", reverse("scoring:correct", args=[match.pk, 1])),
    ]
    assert 'id="event-4"' in client.get(history).content.decode()


@pytest.mark.django_db
def test_a_correction_the_later_re_entry_no_longer_fits_says_to_void_the_re_entry_first(
    client, played
):
    match = played
    # hand 2 put Dario out at 108 and he re-entered; corrected, Dario has 8 and never busted
    corrected = hand_data(match, "Anna", {"Bruno": 30, "Carla": 0, "Dario": 8})
    response = client.post(
        reverse("scoring:correct", args=[match.pk, 2]), {**corrected, "expected_version": "1"}
    )
    assert response.status_code == 200
    text = " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())
    assert "Re-entry: Dario is in play and cannot re-enter." in text
    assert "void the re-entry first (History, Void), then correct the hand." in text
    assert MatchEvent.objects.get(match=match, number=2).versions.count() == 1
