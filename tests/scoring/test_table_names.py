"""A table is said once (issue 20, words): its label is stored as a number or free text and every
page, printable and API answer says "Table 3" / "Tavolo 3" around a number once, never "Tavolo
Tavolo 3" nor "Table Tavolo 3" (`scoring.presenters.table_name`)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from clubs.models import Role
from scoring.engine.names import table_label
from scoring.models import Match
from scoring.presenters import table_name
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf

migration = importlib.import_module("scoring.migrations.0005_table_labels_as_numbers")

DOUBLED = ("Tavolo Tavolo", "Table Tavolo", "Tavolo Table", "Table Table")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("3", "3"),
        ("Tavolo 3", "3"),
        ("  table   12 ", "12"),
        ("TAV. 4", "4"),
        ("Tav 5", "5"),
        ("Terrace", "Terrace"),
        ("Tavolo verde", "Tavolo verde"),
        ("Sala  2", "Sala 2"),
        ("", ""),
    ],
)
def test_a_typed_table_is_stored_as_its_number_or_as_typed(typed, stored):
    assert table_label(typed) == stored


def test_a_table_is_said_once_in_either_language():
    with translation.override("en"):
        assert table_name("3") == "Table 3"
        assert table_name("Tavolo 3") == "Table 3"  # an old label reads the same
        assert table_name("Terrace") == "Terrace"
        assert table_name("") == ""
    with translation.override("it"):
        assert table_name("3") == "Tavolo 3"
        assert table_name("Table 3") == "Tavolo 3"


@pytest.mark.django_db
def test_a_match_started_at_tavolo_1_is_stored_as_1_and_said_once_on_pages_pdf_and_api(client):
    club = ClubFactory(name="Circolo Aurora")
    match = start_match(club=club, table_label="Tavolo 1")
    assert match.table_label == "1"
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    pages = [
        client.get(match.get_absolute_url()),
        client.get(reverse("scoring:history", args=[match.pk])),
        client.get(club.get_absolute_url()),
    ]
    for page in pages:
        text = page.content.decode()
        assert "Scala 40 · Table 1" in text
        assert not any(doubled in text for doubled in DOUBLED)
    response = client.get(reverse("match-pdf:sheet", args=[match.pk]))
    sheet = Pdf.of(b"".join(response.streaming_content)).words()
    assert "Table 1 ·" in sheet
    assert not any(doubled in sheet for doubled in DOUBLED)
    answer = client.get(f"/api/v1/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert (answer["table_label"], answer["table_name"]) == ("1", "Table 1")


@pytest.mark.django_db
def test_a_table_named_in_free_text_is_shown_as_typed(client):
    club = ClubFactory()
    match = start_match(club=club, table_label="Terrazza")
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    text = client.get(match.get_absolute_url()).content.decode()
    assert "Scala 40 · Terrazza" in text
    assert "Tavolo Terrazza" not in text and "Table Terrazza" not in text


@pytest.mark.django_db
def test_the_migration_makes_old_labels_their_number_and_leaves_names_alone():
    club = ClubFactory()
    labels = {"Tavolo 3": "3", "Table 12": "12", "tavolo  7": "7", "Terrazza": "Terrazza", "": ""}
    matches = {}
    for old in labels:
        match = start_match(club=club, names=("Anna", "Bruno"))
        Match.objects.filter(pk=match.pk).update(table_label=old)
        matches[old] = match.pk
        club = ClubFactory()

    migration.numbers_only(apps, None)

    for old, new in labels.items():
        assert Match.objects.get(pk=matches[old]).table_label == new
