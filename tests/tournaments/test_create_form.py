"""The creation form shows each format's own settings only (the registry's `form_settings`); a
Swiss asks for its rounds in its own field, 0 (automatic) unless changed."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.formats import FORMATS
from tournaments.models import Tournament

from .test_views import create_data, director, staff

__all__ = ["director", "staff"]  # the fixtures of the tournament pages

pytestmark = pytest.mark.django_db


def wrappers(content: str) -> dict[str, tuple[str, bool]]:
    """Each format setting's field name -> (the formats it is shown for, hidden now)."""
    found = {}
    for match in re.finditer(
        r'<div class="format-setting" data-formats="([^"]*)"( hidden)?>.*?name="([a-z_]+)"',
        content,
        flags=re.S,
    ):
        found[match.group(3)] = (match.group(1), bool(match.group(2)))
    return found


def test_each_setting_says_its_formats_and_only_the_chosen_formats_are_shown(client, director):
    content = client.get(reverse("tournaments:create")).content.decode()
    shown = wrappers(content)
    assert shown["rounds_planned"] == ("rounds", False)
    assert shown["swiss_rounds"] == ("swiss", True)
    assert shown["third_place"] == ("single_elimination", True)
    assert shown["cycles"] == ("round_robin", True)
    assert shown["advance"] == ("knockout", True)
    assert set(shown["table_size"][0].split()) == {"rounds", "knockout"}
    for kind in FORMATS.values():  # every format's settings are on the form
        assert set(kind.form_settings) <= set(shown), kind.value


def test_a_swiss_is_created_with_automatic_rounds_from_its_own_field(client, staff, director):
    data = create_data(staff, preset="gin", format="swiss", swiss_rounds="0", confirm_results="")
    assert data["rounds_planned"] == "3"  # the table formats' field, left as it was
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302
    assert Tournament.objects.get().rounds_planned == 0
    data.update(name="Svizzero 2", swiss_rounds="5")
    client.post(reverse("tournaments:create"), data)
    assert Tournament.objects.get(name="Svizzero 2").rounds_planned == 5


def test_a_posted_form_with_an_error_shows_the_chosen_formats_settings(client, staff, director):
    data = create_data(staff, preset="gin", format="round_robin", cycles="3", confirm_results="")
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    shown = wrappers(response.content.decode())
    assert shown["cycles"] == ("round_robin", False)
    assert shown["rounds_planned"][1] is True  # a table format's: hidden


def test_a_swiss_created_without_its_rounds_has_automatic_rounds(staff):
    tournament = services.tournament_create(
        club=staff.club, user=staff.director, name="Svizzero", preset="gin", format="swiss"
    )
    assert tournament.rounds_planned == 0
    rounds = services.tournament_create(
        club=staff.club, user=staff.director, name="Coppa", preset="scala40", format="rounds"
    )
    assert rounds.rounds_planned == 3
