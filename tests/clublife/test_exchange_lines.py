"""The whole Burraco evening in the club archive (issue 29): pairs and the director's actions on
a turno (in force and undone) leave with the club and come back with the same ids, authors,
reasons and standings; an archive whose pair or action the app could not have written is
refused, naming the row, before anything is written."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from clublife import exchange
from clublife.exchange import ArchiveError
from clubs.models import Club
from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_standings
from pairings.models import Pair, TurnoAction
from tests.factories import ClubFactory, UserFactory
from tests.pairings.burraco.helpers import burraco_tournament, pair_lines, play_table, seat
from tests.tournaments.helpers import Staff
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # flush empties the database


def standings_of(tournament: Tournament) -> list[tuple]:
    return [
        (row.place, row.entry, row.vp, row.mp, row.played, row.abandoned)
        for row in burraco_standings(tournament).rows
    ]


def evening_archive() -> tuple[dict, Tournament, dict]:
    """A club's Burraco evening (8 pairs, turno 1: a lateness, an abandonment, an adjustment,
    an undone adjustment), archived, and the database emptied: (the archive, the tournament as
    it was, what the pages and standings showed)."""
    staff = Staff(ClubFactory(slug="serata-burraco"))
    tournament = burraco_tournament(staff)
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(8), check_in=True
    )
    round = seat(tournament, staff)
    tables = {table.number: table for table in round.tables.all()}
    play_table(tables[2], staff.scorekeeper, [(300, 250)] * 3, staff.director)
    record = burraco.turno_action_record
    record(round=round, user=staff.director, kind="late", table=tables[2], side="EO",
           minutes=7, reason="Arrived 20:37")  # fmt: skip
    record(round=round, user=staff.director, kind="abandon", table=tables[1], side="EO",
           mp=-100, reason="Left at 22:10")  # fmt: skip
    record(round=round, user=staff.director, kind="adjust", line=pairs[2].pk, vp=-2,
           reason="A phone rang")  # fmt: skip
    undone = record(round=round, user=staff.director, kind="adjust", line=pairs[3].pk, vp=-1,
                    reason="Wrong pair")  # fmt: skip
    burraco.turno_action_undo(action=undone, user=staff.director)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff.director)
    page = reverse("pairings:burraco-turno", args=[tournament.pk, 1])
    shown = {
        "page": page_of(client.get(page)),
        "standings": standings_of(tournament),
        "usernames": list(get_user_model().objects.values_list("username", flat=True)),
        "director": staff.director.username,
    }
    data = json.loads(json.dumps(exchange.club_export(staff.club)))  # as a file holds it
    call_command("flush", interactive=False, verbosity=0)
    return data, tournament, shown


def page_of(response) -> str:
    """The turno's page from its tables down, without the form's CSRF tokens."""
    body = response.content.decode().split('id="turno-tables"')[1]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", body)


def rows(data: dict, model: str) -> list[dict]:
    return [row for row in data["objects"] if row["model"] == model]


def test_pairs_and_turno_actions_leave_and_come_back_with_the_club():
    data, tournament, shown = evening_archive()
    assert len(rows(data, "pairings.pair")) == 8
    actions = rows(data, "pairings.turnoaction")
    assert [row["fields"]["kind"] for row in actions] == ["late", "abandon", "adjust", "adjust"]
    assert {row["fields"]["created_by"] for row in actions} == {shown["director"]}
    assert [row["fields"]["undone_at"] is not None for row in actions] == [0, 0, 0, 1]
    for username in shown["usernames"]:
        UserFactory(username=username)
    club = exchange.club_import(data).club
    assert club.slug == "serata-burraco"
    imported = Tournament.objects.get(pk=tournament.pk)
    assert [pair.name for pair in Pair.objects.filter(tournament=imported)] == pair_lines(8)
    kept = TurnoAction.objects.order_by("pk")
    assert [(a.kind, a.reason, a.created_by.username) for a in kept] == [
        ("late", "Arrived 20:37", shown["director"]),
        ("abandon", "Left at 22:10", shown["director"]),
        ("adjust", "A phone rang", shown["director"]),
        ("adjust", "Wrong pair", shown["director"]),
    ]
    assert standings_of(imported) == shown["standings"]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(get_user_model().objects.get(username=shown["director"]))
    page = client.get(reverse("pairings:burraco-turno", args=[imported.pk, 1]))
    assert page_of(page) == shown["page"]
    assert "Wrong pair" in shown["page"] and "Left at 22:10" in shown["page"]
    # the archive of the imported club is the archive that was imported
    assert json.loads(json.dumps(exchange.club_export(club)))["objects"] == data["objects"]


def _other_tournaments_entry(data: dict, fields: dict) -> int:
    """An entry of the archive that is not of the pair's tournament: a new tournament's."""
    tournament = next(row for row in rows(data, "tournaments.tournament"))
    other = json.loads(json.dumps(tournament))
    other["pk"] += 1000
    data["objects"].insert(data["objects"].index(tournament) + 1, other)
    entry = rows(data, "tournaments.entry")[0]
    stranger = json.loads(json.dumps(entry))
    stranger["pk"] += 1000
    stranger["fields"]["tournament"] = other["pk"]
    data["objects"].insert(data["objects"].index(entry) + 1, stranger)
    fields["second"] = stranger["pk"]
    return stranger["pk"]


def _table_of_another_turno(data: dict, fields: dict) -> None:
    table = rows(data, "tournaments.table")[0]
    other = json.loads(json.dumps(table))
    other["pk"] += 1000
    other["fields"]["number"] = 99
    other["fields"]["match"] = None
    round = rows(data, "tournaments.round")[0]
    new_round = json.loads(json.dumps(round))
    new_round["pk"] += 1000
    new_round["fields"]["number"] = 2
    other["fields"]["round"] = new_round["pk"]
    data["objects"].insert(data["objects"].index(round) + 1, new_round)
    data["objects"].insert(data["objects"].index(table) + 1, other)
    fields["table"] = other["pk"]


FORGED = {
    "a pair with a player of another tournament": (
        "pairings.pair",
        _other_tournaments_entry,
        r"pairings\.pair \d+ of tournament \d+ pairs tournaments\.entry \d+, which is of "
        r"tournament \d+",
    ),
    "a lateness at a table of another turno": (
        "pairings.turnoaction",
        _table_of_another_turno,
        r"pairings\.turnoaction \d+: its table \d+ is not of its turno \d+",
    ),
    "an adjustment of a player, not a pair": (
        "pairings.turnoaction",
        lambda data, fields: fields.update(
            line=rows(data, "tournaments.entry")[0]["pk"] + 500, table=None, side="", kind="adjust"
        ),
        r"pairings\.turnoaction \d+: it adjusts \d+, no pair or player of its tournament",
    ),
    "a side that is no line": (
        "pairings.turnoaction",
        lambda data, fields: fields.update(side="XX"),
        r"pairings\.turnoaction \d+: its line is NS or EO at a table",
    ),
}


@pytest.mark.parametrize("case", list(FORGED))
def test_a_forged_pair_or_action_is_refused_and_nothing_is_written(case):
    data, _tournament, _shown = evening_archive()
    model, forge, message = FORGED[case]
    forge(data, rows(data, model)[0]["fields"])
    with pytest.raises(ArchiveError, match=message):
        exchange.club_import(data)
    assert not Club.objects.exists() and not Pair.objects.exists()
    assert not TurnoAction.objects.exists()
