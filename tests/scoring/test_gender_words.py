"""Italian agrees with a woman player (issue 20, words): a club player's gender is optional
(unsaid: the generic words), editable where players are edited, and the match page, its history
and its report say "Sballata", "sballata", "Ritirata", "si è ritirata" for her.

Italian: these tests need the compiled catalogue (see HELPERS.md)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from base.printing import render_pdf
from clubs.models import Gender, Player, Role
from scoring import presenters, services
from scoring.printing import match_report
from scoring.selectors import match_detail
from tests.factories import ClubFactory, PlayerFactory, member
from tests.pdf.conftest import Pdf
from tournaments.models import Entry, EntryStatus
from tournaments.presenters import dropped_mark, dropped_out, has_dropped_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Aurora", slug="aurora")


@pytest.fixture
def match(club):
    """Hand 1: Bruno Neri (a man) and Carla Conti (a woman) bust; Carla stays out (and so Bruno,
    whose re-entry was not taken at once); then Anna Ferri (a woman) withdraws."""
    players = [
        PlayerFactory(club=club, name="Anna Ferri", gender=Gender.FEMALE),
        PlayerFactory(club=club, name="Bruno Neri", gender=Gender.MALE),
        PlayerFactory(club=club, name="Carla Conti", gender=Gender.FEMALE),
        PlayerFactory(club=club, name="Dario Rossi"),
        PlayerFactory(club=club, name="Elena Galli"),
    ]
    match = services.match_start(
        club=club, user=None, preset="scala40-club", players=players, table_label="2"
    )
    points = {"Anna Ferri": 5, "Bruno Neri": 102, "Carla Conti": 105, "Elena Galli": 7}
    services.hand_record(match=match, user=None, data={"closer": "Dario Rossi", "points": points})
    services.player_stays_out(match=match, user=None, seat=match.seats.get(name="Carla Conti"))
    services.player_withdraw(match=match, user=None, seat=match.seats.get(name="Anna Ferri"))
    return match


def page(client, club, url, language):
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return " ".join(client.get(url).content.decode().split())


def test_the_match_page_agrees_with_a_woman_player_in_italian(client, club, match):
    text = page(client, club, match.get_absolute_url(), "it")
    assert '<span class="badge status withdrawn">Ritirata</span>' in text  # Anna
    assert '<span class="badge status out">Eliminata definitivamente</span>' in text  # Carla
    assert '<span class="badge status out">Eliminato definitivamente</span>' in text  # Bruno
    assert "Ritirato" not in text


def test_the_history_agrees_with_a_woman_player_in_italian(client, club, match):
    text = page(client, club, reverse("scoring:history", args=[match.pk]), "it")
    row = '<span class="name">%s</span> <span class="charge">+%s</span> <b>%s</b> '
    assert row % ("Carla Conti", 105, 105) + '<span class="badge status">sballata</span>' in text
    assert row % ("Bruno Neri", 102, 102) + '<span class="badge status">sballato</span>' in text


def test_in_english_the_words_are_the_same_for_everyone(client, club, match):
    text = page(client, club, reverse("scoring:history", args=[match.pk]), "en")
    assert text.count('<span class="badge status">busted</span>') == 2


def test_the_report_agrees_with_a_woman_player_in_italian(match):
    with translation.override("it"):
        detail = match_detail(match)
        pdf = Pdf.of(render_pdf([match_report(match, detail=detail, show_authors=False)]))
    words = pdf.words()
    assert "Anna Ferri 5 0 Ritirata" in words
    assert "Bruno Neri 102 0 Eliminato" in words
    assert "Carla Conti 105 0 Eliminata" in words


def test_status_words_agree_only_for_a_woman():
    with translation.override("it"):
        assert presenters.status_label("eliminated", Gender.FEMALE) == "Sballata"
        assert presenters.status_label("eliminated", Gender.MALE) == "Sballato"
        assert presenters.status_label("eliminated", Gender.UNSPECIFIED) == "Sballato"
        assert presenters.status_label("winner", Gender.FEMALE) == "Vincitrice"
        assert presenters.status_label("in_play", Gender.FEMALE) == "In gioco"
        assert presenters.withdrew_note("Anna", Gender.FEMALE) == "Anna si è ritirata"
    with translation.override("en"):
        assert presenters.status_label("eliminated", Gender.FEMALE) == "Eliminated"


def test_the_owner_sets_a_players_gender_on_the_club_page_and_edits_it(client, club):
    owner = member(club, Role.OWNER)
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Gender" in client.get(club.get_absolute_url()).content.decode()
    client.post(
        reverse("clubs:player-add", args=[club.slug]), {"name": "Elena Bianchi", "gender": "female"}
    )
    elena = Player.objects.get(name="Elena Bianchi")
    assert elena.gender == Gender.FEMALE
    client.post(reverse("clubs:player-add", args=[club.slug]), {"name": "Franco Verdi"})
    assert Player.objects.get(name="Franco Verdi").gender == Gender.UNSPECIFIED
    edit = reverse("clubs:player-edit", args=[club.slug, elena.pk])
    assert edit in client.get(club.get_absolute_url()).content.decode()
    response = client.post(edit, {"name": "Elena Bianchi", "gender": "unspecified"}, follow=True)
    assert [str(note) for note in response.context["messages"]] == [
        "Elena Bianchi's details are saved."
    ]
    elena.refresh_from_db()
    assert elena.gender == Gender.UNSPECIFIED


def test_the_api_reads_and_changes_a_players_gender(client, club):
    owner = member(club, Role.OWNER)
    client.force_login(owner)
    player = PlayerFactory(club=club, name="Giulia")
    url = f"/api/v1/clubs/{club.slug}/players/{player.pk}/"
    assert client.get(url).json()["gender"] == "unspecified"
    answer = client.patch(url, {"gender": "female"}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["gender"] == "female"
    refused = client.patch(url, {"gender": "other"}, content_type="application/json")
    assert refused.status_code == 400


def test_a_dropped_woman_is_marked_ritirata_in_the_tournament_standings():
    anna = Entry(status=EntryStatus.DROPPED, player=Player(name="Anna", gender=Gender.FEMALE))
    bruno = Entry(status=EntryStatus.DROPPED, player=Player(name="Bruno", gender=Gender.MALE))
    dario = Entry(status=EntryStatus.DROPPED, player=Player(name="Dario"))  # not said
    with translation.override("it"):
        assert [dropped_mark(e) for e in (anna, bruno, dario)] == [
            "ritirata",
            "ritirato",
            "fuori gara",
        ]
    with translation.override("en"):
        assert dropped_mark(anna) == dropped_mark(bruno) == dropped_mark(dario) == "dropped"


def test_the_message_after_a_drop_agrees_with_the_player_and_is_neutral_when_unsaid():
    anna = Player(name="Anna", gender=Gender.FEMALE)
    bruno = Player(name="Bruno", gender=Gender.MALE)
    dario = Player(name="Dario")
    with translation.override("it"):
        assert dropped_out(anna) == "Anna si è ritirata."
        assert dropped_out(bruno) == "Bruno si è ritirato."
        assert dropped_out(dario) == "Dario non è più in gara."
        assert has_dropped_out(anna) == "Anna si è ritirata."
        assert has_dropped_out(bruno) == "Bruno si è ritirato."
        assert has_dropped_out(dario) == "Dario non è più in gara."
    with translation.override("en"):
        assert dropped_out(anna) == dropped_out(anna) == "Anna dropped out."
        assert has_dropped_out(dario) == "Dario has dropped out."


def test_the_report_notes_and_legend_of_a_withdrawal_are_not_masculine_for_everyone(match):
    """Walk leftover: the legend said "si è ritirato" whoever withdrew, and so did the note of a
    player whose gender is not said."""
    with translation.override("it"):
        assert presenters.withdrew_note("Bruno", Gender.MALE) == "Bruno si è ritirato"
        assert presenters.withdrew_note("Dario", "") == "Dario ha lasciato la partita"
        detail = match_detail(match)
        words = Pdf.of(render_pdf([match_report(match, detail=detail, show_authors=False)]))
    words = words.words()
    # the legend's marks are nouns, for anyone: a withdrawal, a bust
    assert "X = sballo · R = rientro · W = ritiro" in words
    assert "sballato" not in words and "si è ritirato" not in words
