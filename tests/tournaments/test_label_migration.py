"""tournaments 0004: a table's match started before the fix read "Tavolo Tavolo 3"; its label
becomes the number, and a match whose label is something else is left as it is."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from scoring.models import Match
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services

migration = importlib.import_module("tournaments.migrations.0004_table_match_labels")


@pytest.mark.django_db
def test_old_table_labels_become_the_table_number():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=staff.director, name="Coppa", preset="scala40", format="rounds"
    )
    enter_players(tournament, staff.director, 8)
    round_ = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round_, user=staff.director)
    first, second = round_.tables.order_by("number")[:2]
    for table in (first, second):
        table.refresh_from_db()
        assert table.match.table_label == str(table.number)
    Match.objects.filter(pk=first.match_id).update(table_label=f"Tavolo {first.number}")
    Match.objects.filter(pk=second.match_id).update(table_label="Sala verde")

    migration.number_only(apps, None)

    assert Match.objects.get(pk=first.match_id).table_label == str(first.number)
    assert Match.objects.get(pk=second.match_id).table_label == "Sala verde"
