"""Issue 16, "one validation for every way in", the club archive: an archive's rows are checked as
every other way in checks them before anything is written, so an archive cannot plant a row that
later fails to be read (the poison rows of F2, F3 and F9, and F12's huge id, by the archive door).

Each case takes a real archive of a club with a finished match, breaks one value as a hand-edited
or hostile file would, and imports it into a database without the club: the import is refused
with a message naming the row and the field, nothing is written, and the pages still answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from clublife import exchange
from clublife.exchange import ArchiveError
from clubs.models import Club
from scoring import services as scoring
from scoring.models import Match
from tests.factories import ClubFactory, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def in_english():
    with translation.override("en"):
        yield


def archive_of_a_moved_club() -> dict:
    """The archive of a club with a match, and the club gone from this database (as on the
    server the archive moves to)."""
    club = ClubFactory(slug="trasloco", is_public=True)
    match = start_match(club=club, names=("Anna", "Bruno"), preset="scala40")
    scoring.hand_record(match=match, user=None, data={"closer": "Anna", "points": {"Bruno": 40}})
    data = json.loads(json.dumps(exchange.club_export(club)))  # as a file holds it
    call_command("flush", interactive=False, verbosity=0)
    return data


def row_of(data: dict, model: str) -> dict:
    return next(row for row in data["objects"] if row["model"] == model)


def set_pot(data: dict) -> None:
    row_of(data, "scoring.match")["fields"]["pot_total"] = "99999999999.99"


def set_year_one(data: dict) -> None:
    row_of(data, "scoring.match")["fields"]["started_at"] = "0001-01-01T00:00:00+00:00"


def set_nul_name(data: dict) -> None:
    row_of(data, "clubs.player")["fields"]["name"] = "Anna\x00"


def set_long_name(data: dict) -> None:
    row_of(data, "clubs.player")["fields"]["name"] = "A" * 81


def set_huge_rule(data: dict) -> None:
    row_of(data, "scoring.match")["fields"]["rules"]["elimination_at"] = 10**30


def set_huge_id(data: dict) -> None:
    row_of(data, "clubs.player")["pk"] = 10**30


BREAKS: dict[str, tuple[Callable[[dict], None], str]] = {
    "F3 a pot beyond its column": (set_pot, r"scoring\.match \d+, field pot_total"),
    "F2 a year-1 start": (set_year_one, r"field started_at: the date 0001-01-01"),
    "F9 a NUL in a name": (set_nul_name, r"clubs\.player \d+, field name"),
    "F9 an 81-character name": (set_long_name, r"clubs\.player \d+, field name"),
    "F11 a rule beyond its range": (set_huge_rule, r"match \d+ cannot be replayed"),
    "F12 an id beyond 64 bits": (set_huge_id, r"list of objects cannot be read"),
}


@pytest.mark.parametrize("case", list(BREAKS))
def test_an_archive_row_that_could_not_be_read_back_is_refused(case):
    """F2, F3, F9, F11, F12 through the club archive: refused, named, nothing written."""
    data = archive_of_a_moved_club()
    damage, message = BREAKS[case]
    damage(data)
    with pytest.raises(ArchiveError, match=message):
        exchange.club_import(data)
    assert not Club.objects.filter(slug="trasloco").exists()
    assert not Match.objects.exists()
    assert Client().get("/").status_code == 200
    assert Client().get("/api/v1/matches/").status_code == 200


def test_control_an_unbroken_archive_imports_and_its_pages_answer():
    """The control: the same archive, unbroken, imports and its club page answers, so each
    refusal above comes from the broken value and not from the scene."""
    data = archive_of_a_moved_club()
    imported = exchange.club_import(data)
    assert imported.club.slug == "trasloco"
    assert Client().get(f"/clubs/{imported.club.slug}/").status_code == 200
    assert Match.objects.get().pot_total is not None


def test_control_the_demo_clubs_archive_imports_back():
    """The row checks refuse only what could not be read back: every club of the demo (seasons,
    tournaments, reports, ratings) round-trips through its archive."""
    call_command("demo", verbosity=0)
    archives = [
        json.loads(json.dumps(exchange.club_export(club))) for club in Club.objects.order_by("pk")
    ]
    call_command("flush", interactive=False, verbosity=0)
    for data in archives:
        imported = exchange.club_import(data)
        assert Client().get(f"/clubs/{imported.club.slug}/").status_code in (200, 404)
    assert Club.objects.count() == len(archives) > 0
