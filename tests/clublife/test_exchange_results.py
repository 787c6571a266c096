"""A club archive's matches hold the result their events give: the pages, the ratings and the
seasons read a match's stored result instead of replaying it, so an archive whose stored result
differs from its events' (a finished match with a seat without a place) is refused, naming the
row and field, and nothing is written."""

from __future__ import annotations

import copy
import datetime as dt
import json

import pytest
from django.core.management import call_command
from django.utils import timezone, translation

from clublife import exchange, seasons
from clublife.exchange import ArchiveError
from clublife.models import Season
from clubs.models import Club, Role
from scoring.models import Match
from tests.factories import ClubFactory, member

# Two finished matches: Bruno goes out first, then Carla, so Anna wins the first (places Anna 1,
# Carla 2, Bruno 3); Anna goes out first, then Carla, so Bruno wins the second.
FIRST = {
    "preset": "scala40",
    "players": ["Anna", "Bruno", "Carla"],
    "events": [
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 102, "Carla": 40}},
        {"type": "hand", "closer": "Anna", "points": {"Carla": 70}},
    ],
}
SECOND = {
    "preset": "scala40",
    "players": ["Anna", "Bruno", "Carla"],
    "events": [
        {"type": "hand", "closer": "Bruno", "points": {"Anna": 105, "Carla": 30}},
        {"type": "hand", "closer": "Bruno", "points": {"Carla": 80}},
    ],
}


def damaged(data: dict, model: str, name: str | None, field: str, value) -> tuple[dict, int]:
    """A copy of the archive with `field` of the first `model` row (of player `name`) set."""
    data = copy.deepcopy(data)
    row = next(
        row
        for row in data["objects"]
        if row["model"] == model and (name is None or row["fields"]["name"] == name)
    )
    row["fields"][field] = value
    return data, row["pk"]


@pytest.mark.django_db(transaction=True)
def test_an_archive_whose_stored_results_differ_from_their_events_is_refused():
    club = ClubFactory(slug="circolo")
    director = member(club, Role.DIRECTOR)
    for document in (FIRST, SECOND):
        exchange.documents_import(club=club, user=director, data=document)
    today = timezone.localdate()
    seasons.season_create(
        club=club,
        user=director,
        name="Autunno",
        starts_on=today - dt.timedelta(days=1),
        ends_on=today + dt.timedelta(days=1),
    )
    data = json.loads(json.dumps(exchange.club_export(club)))
    winner = next(
        row["fields"]
        for row in data["objects"]
        if row["model"] == "scoring.matchplayer" and row["fields"]["name"] == "Anna"
    )
    assert winner["place"] == 1
    call_command("flush", interactive=False, verbosity=0)

    cases = [
        ("scoring.matchplayer", "Anna", "place", None, "field place: null instead of 1"),
        ("scoring.matchplayer", "Carla", "place", 3, "field place: 3 instead of 2"),
        ("scoring.matchplayer", "Bruno", "total", 0, "field total: 0 instead of 102"),
        (
            "scoring.match",
            None,
            "status",
            "in_progress",
            'field status: "in_progress" instead of "finished"',
        ),
    ]
    with translation.override("en"):
        for model, name, field, value, words in cases:
            archive, pk = damaged(data, model, name, field, value)
            with pytest.raises(ArchiveError) as refused:
                exchange.club_import(archive)
            assert str(refused.value.message) == (
                f"The archive is damaged: {model} {pk}, {words}, the result of its match's events."
            )
            assert not Club.objects.exists() and not Match.objects.exists()

    # the archive as written imports, and its season counts both matches
    exchange.club_import(data)
    view = seasons.season_standings_view(Season.objects.get())
    # each of Anna and Bruno won one match and came last in the other; Carla came second twice:
    # the same points, and the wins break the tie
    assert [(row.place, row.player.name, row.points, row.wins) for row in view.rows] == [
        (1, "Anna", 8, 1),
        (1, "Bruno", 8, 1),
        (3, "Carla", 8, 0),
    ]
