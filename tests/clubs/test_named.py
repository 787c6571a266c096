"""Names are never doubled (issue 20, words): a noun put before a name a user typed ("Tournament
%(name)s") is left out when the name already starts with it, in either language: "Torneo UX"
never reads "Torneo Torneo UX" (`clubs.presenters.named`)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from clubs.presenters import CLUB_NAMED, SEASON_NAMED, TOURNAMENT_NAMED, named
from tests.factories import ClubFactory
from tests.tournaments.helpers import Staff
from tests.tournaments.test_views import create_data


def test_a_name_is_said_with_its_noun_once_in_english():
    with translation.override("en"):
        assert named(TOURNAMENT_NAMED, "Coppa UX") == "Tournament Coppa UX"
        assert named(TOURNAMENT_NAMED, "Tournament of spring") == "Tournament of spring"
        assert named(TOURNAMENT_NAMED, "torneo UX") == "torneo UX"  # the Italian noun too
        assert named(TOURNAMENT_NAMED, "Tournaments") == "Tournament Tournaments"
        assert named(SEASON_NAMED, "Season 2026") == "Season 2026"
        assert named(CLUB_NAMED, "Club Aurora") == "Club Aurora"


def test_a_name_is_said_with_its_noun_once_in_italian():
    with translation.override("it"):
        assert named(TOURNAMENT_NAMED, "Coppa UX") == "Torneo Coppa UX"
        assert named(TOURNAMENT_NAMED, "Torneo UX") == "Torneo UX"
        assert named(SEASON_NAMED, "Stagione 2026") == "Stagione 2026"
        assert named(CLUB_NAMED, "Circolo Aurora") == "Circolo Aurora"
        assert named(CLUB_NAMED, "Aurora") == "Circolo Aurora"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("it", "Torneo UX creato: iscrivi i giocatori."),
        ("en", "Torneo UX created: register the players."),
    ],
)
def test_creating_torneo_ux_says_its_name_once(client, language, message):
    staff = Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))
    client.force_login(staff.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.post(
        reverse("tournaments:create"), create_data(staff, name="Torneo UX"), follow=True
    )
    said = [str(note) for note in response.context["messages"]]
    assert said == [message]


@pytest.mark.django_db
def test_creating_a_club_named_circolo_says_it_once(client, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="owner", password="x" * 12))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.post(
        reverse("clubs:create"), {"name": "Circolo Aurora", "city": "Bologna"}, follow=True
    )
    said = [str(note) for note in response.context["messages"]]
    assert said == ["Circolo Aurora creato: aggiungi i suoi giocatori."]
