"""Burraco matches through the club's import and export (issue 28): a club that played Burraco
(pairs and 1 v 1, finished and in progress, a corrected hand, a voided one, a withdrawal, a time
call) is archived, the database emptied, and the archive imported back: every page and API answer
is the same; and each match's document exported and imported into another club gives the same
match, which exports the same document.

The hands are B1 of BURRACO.md section 7 (NS 770, 600, 1315; EO 150, 1000, 960 hand by hand).
"""

from __future__ import annotations

import copy
import csv
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clublife import exchange
from clubs.models import Club, Role
from scoring import services as scoring
from scoring import table_codes
from scoring.engine.document import replay_document
from scoring.models import Match, MatchEvent, MatchStatus, TableCode
from tests.clublife.test_exchange import SHEET, history, imported, seats_of
from tests.clublife.test_exchange import snapshot as pages_of
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member
from tests.scoring.engine.burraco_helpers import B1_DOCUMENT_HANDS

FIRST, SECOND, THIRD = B1_DOCUMENT_HANDS
# The second hand as first entered: EO's cards in hand read 30 instead of 20.
SECOND_MISREAD = copy.deepcopy(SECOND)
SECOND_MISREAD["lines"]["EO"]["in_hand"] = 30


class BurracoClub:
    """Circolo Burraco (public), its players, an owner and a scorekeeper, and the matches."""

    def __init__(self, slug: str = "burraco"):
        self.club = ClubFactory(name="Circolo Burraco", slug=slug, is_public=True)
        self.owner = member(self.club, Role.OWNER, username="titolare")
        self.scorekeeper = member(self.club, Role.SCOREKEEPER, username="segnapunti")
        self.players = {
            name: PlayerFactory(club=self.club, name=name)
            for name in ("Anna", "Bruno", "Carla", "Dario")
        }

    def start(self, seats, preset="burraco", **options) -> Match:
        return scoring.match_start(
            club=self.club,
            user=self.scorekeeper,
            preset=preset,
            players=[self.players[name] for name in seats],
            options=options,
        )

    def record(self, match: Match, *events) -> list[MatchEvent]:
        return [
            scoring.event_record(match=match, user=self.scorekeeper, data=event)[0]
            for event in events
        ]

    def play(self) -> dict[str, Match]:
        """Six matches, each of something an archive has to carry."""
        pairs = ("Anna", "Bruno", "Carla", "Dario")  # NS Anna and Carla, EO Bruno and Dario
        matches = {"finished": self.start(pairs, target=1005)}
        _first, misread = self.record(matches["finished"], FIRST, SECOND_MISREAD)
        scoring.hand_correct(
            event=misread,
            user=self.owner,
            data=SECOND,
            expected_version=1,
            reason="EO aveva 20 in mano",
        )
        (twice,) = self.record(matches["finished"], SECOND)  # it ends the match: EO 1850
        scoring.event_void(
            event=twice, user=self.owner, reason="Scritta due volte", expected_version=1
        )
        self.record(matches["finished"], THIRD)
        matches["in progress"] = self.start(pairs)
        self.record(matches["in progress"], FIRST, SECOND)
        # phones at the table: a player of each line joined by the table code
        code = table_codes.code_issue(match=matches["in progress"], user=self.scorekeeper)
        for seat in (1, 2):
            table_codes.table_join(
                code=code.code, name="", seat=seat, session_key=f"phone{seat}", address="10.0.0.1"
            )
        matches["1 v 1"] = self.start(("Anna", "Bruno"), "burraco-1v1", target=1005)
        self.record(matches["1 v 1"], *B1_DOCUMENT_HANDS)
        matches["1 v 1 in progress"] = self.start(("Carla", "Dario"), "burraco-1v1")
        self.record(matches["1 v 1 in progress"], FIRST)
        matches["withdrawal"] = self.start(("Bruno", "Anna", "Dario", "Carla"))
        self.record(matches["withdrawal"], FIRST)
        scoring.player_withdraw(
            match=matches["withdrawal"],
            user=self.scorekeeper,
            seat=matches["withdrawal"].seats.get(name="Anna"),
        )
        matches["time"] = self.start(pairs, "burraco-internazionale")
        self.record(matches["time"], FIRST)
        scoring.match_call_time(match=matches["time"], user=self.scorekeeper)
        for match in matches.values():
            match.refresh_from_db()
        return matches


def lines(match: Match) -> dict[str, int]:
    """The lines' totals of the match as the API answers them to a member of its club."""
    api = APIClient()
    api.force_authenticate(match.club.memberships.first().user)
    answer = api.get(f"/api/v1/matches/{match.pk}/")
    assert answer.status_code == 200, answer.content
    return {line["name"]: line["total"] for line in answer.json()["state"]["lines"]}


def control_the_matches_are_what_b1_says(matches: dict[str, Match]) -> None:
    """The club as built: the results B1 gives, so the round trips below carry real ones."""
    finished = matches["finished"]
    assert finished.status == MatchStatus.FINISHED and finished.hand_count == 3
    assert lines(finished) == {"NS": 1315, "EO": 960}
    assert seats_of(finished) == [
        ("Anna", 1315, "winner", 1),
        ("Bruno", 960, "in_play", 2),
        ("Carla", 1315, "winner", 1),
        ("Dario", 960, "in_play", 2),
    ]
    assert lines(matches["in progress"]) == {"NS": 600, "EO": 1000}
    assert matches["in progress"].status == MatchStatus.IN_PROGRESS
    assert matches["1 v 1"].winner.name == "Anna" and lines(matches["1 v 1"]) == {
        "NS": 1315,
        "EO": 960,
    }
    assert matches["1 v 1 in progress"].status == MatchStatus.IN_PROGRESS
    # Anna (EO: seats 2 and 4) withdraws after a hand NS won: her line is out, NS wins
    withdrawal = seats_of(matches["withdrawal"])
    assert [(name, place) for name, _total, _status, place in withdrawal] == [
        ("Bruno", 1),
        ("Anna", 2),
        ("Dario", 1),
        ("Carla", 2),
    ]
    assert withdrawal[1][2] == "withdrawn"
    assert matches["time"].ended_by == "time" and lines(matches["time"]) == {"NS": 770, "EO": 150}


# A form's idempotency key is new at every rendering of a match in progress.
KEY = re.compile(r'(name="idempotency_key" value=")[0-9a-f]+"')


def snapshot(client, paths) -> dict[str, str]:
    return {path: KEY.sub(r'\1"', text) for path, text in pages_of(client, paths).items()}


# The club archive --------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)  # flush empties the database
def test_a_club_that_played_burraco_comes_back_from_its_archive_with_the_same_pages():
    burraco = BurracoClub()
    matches = burraco.play()
    control_the_matches_are_what_b1_says(matches)
    slug = burraco.club.slug
    paths = [f"/clubs/{slug}/", f"/clubs/{slug}/ratings/"]
    for match in matches.values():
        paths += [
            match.get_absolute_url(),
            f"/api/v1/matches/{match.pk}/",
            f"/api/v1/matches/{match.pk}/events/",
        ]
    for player in burraco.players.values():
        paths += [
            reverse("clublife:player-profile", kwargs={"slug": slug, "pk": player.pk}),
            reverse("api-club-player-profile", kwargs={"slug": slug, "pk": player.pk}),
        ]
    paths += [f"/clubs/{slug}/statistics.csv", f"/clubs/{slug}/matches/export.json"]
    client = Client()
    client.force_login(burraco.owner)
    before = snapshot(client, paths)
    versions = history()
    corrected = [version for version in versions if version["reason"] == "EO aveva 20 in mano"]
    assert len(corrected) == 1 and corrected[0]["data"]["lines"]["EO"]["in_hand"] == 20
    data = json.loads(json.dumps(exchange.club_export(burraco.club)))  # as a file holds it
    joins = [row["fields"] for row in data["objects"] if row["model"] == "scoring.tablejoin"]
    seats = matches["in progress"].seats.filter(seat__in=(1, 2)).values_list("pk", flat=True)
    assert sorted(join["seat"] for join in joins) == sorted(seats)
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists()

    for username in ("titolare", "segnapunti"):
        UserFactory(username=username)
    back = exchange.club_import(data)
    assert back.club.slug == slug and back.unknown_usernames == []
    assert history() == versions  # the corrected hand and the voided one, with who and why
    code = TableCode.objects.get(match=matches["in progress"].pk)
    assert sorted(code.joins.values_list("seat__seat", flat=True)) == [1, 2]
    assert json.loads(json.dumps(exchange.club_export(back.club)))["objects"] == data["objects"]
    client = Client()
    client.force_login(get_user_model().objects.get(username="titolare"))
    after = snapshot(client, paths)
    for path in paths:
        assert after[path] == before[path], path
    for name, match in matches.items():
        again = Match.objects.get(pk=match.pk)
        assert (again.status, again.ended_by, again.hand_count) == (
            match.status,
            match.ended_by,
            match.hand_count,
        ), name
        assert seats_of(again) == seats_of(match), name
        assert lines(again) == lines(match), name


# Match documents ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_burraco_documents_export_and_import_back_to_the_same_matches():
    burraco = BurracoClub()
    matches = burraco.play()
    documents = exchange.club_matches_export(club=burraco.club)
    assert [document["game"] for document in documents] == ["burraco"] * 6
    finished = documents[0]
    # the correction is in, the voided hand is not; the hands as the engine writes them
    assert finished["events"] == B1_DOCUMENT_HANDS
    assert finished["players"] == ["Anna", "Bruno", "Carla", "Dario"]
    assert documents[4]["events"][1] == {"type": "withdraw", "player": "Anna"}
    assert documents[5]["events"][1] == {"type": "time_call"}
    assert replay_document(finished)["lines"][0]["total"] == 1315

    other = ClubFactory(slug="altro")
    director = member(other, Role.DIRECTOR)
    copies = imported(other, documents, user=director)
    for copied, original in zip(copies, matches.values(), strict=True):
        assert copied.game == "burraco" and copied.preset == original.preset
        assert seats_of(copied) == seats_of(original)
        assert (copied.status, copied.ended_by) == (original.status, original.ended_by)
        assert lines(copied) == lines(original)
    assert exchange.club_matches_export(club=other) == documents
    # sent again, the same matches
    assert imported(other, documents, user=director) == copies


@pytest.mark.django_db
def test_the_api_imports_a_burraco_sheet_and_refuses_one_the_rules_refuse():
    club = ClubFactory(slug="circolo")
    director = member(club, Role.DIRECTOR)
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/clubs/{club.slug}/matches/import/"
    sheet = {
        "preset": "burraco",
        "rules": {"target": 1005},
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "events": B1_DOCUMENT_HANDS,
    }
    answer = api.post(url, sheet, format="json")
    assert answer.status_code == 201, answer.content
    (pk,) = answer.json()["matches"]
    state = api.get(f"/api/v1/matches/{pk}/").json()["state"]
    assert state["winning_line"] == "NS"
    assert [line["total"] for line in state["lines"]] == [1315, 960]
    assert state["history"][0]["lines"]["NS"] == {"base": 400, "carte": 370, "total": 770}
    assert state["history"][2]["line_totals"] == {"NS": 1315, "EO": 960}
    listed = api.get("/api/v1/matches/", {"club": club.slug, "game": "burraco"}).json()
    assert [match["id"] for match in listed["results"]] == [pk]
    assert api.get("/api/v1/matches/", {"club": club.slug, "game": "gin"}).json()["count"] == 0
    # EO closes without a burraco: refused, naming the event and the field, nothing written
    closed_bare = copy.deepcopy(FIRST)
    closed_bare["lines"]["NS"]["closed"] = False
    closed_bare["lines"]["EO"]["closed"] = True
    closed_bare["lines"]["EO"]["sporchi"] = 0
    answer = api.post(
        url, {**sheet, "events": [SECOND, closed_bare]}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == 400, answer.content
    (error,) = answer.json()["errors"]
    assert (error["event"], error["field"], error["document"]) == (1, "lines.EO.closed", None)
    assert Match.objects.count() == 1


# The statistics CSV ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_statistics_csv_gives_burraco_its_lines_and_no_scala_40_numbers(client):
    burraco = BurracoClub()
    burraco.play()
    imported(burraco.club, SHEET, user=None)  # Scala 40 at four: places 1 to 4
    client.force_login(burraco.owner)
    response = client.get(f"/clubs/{burraco.club.slug}/statistics.csv", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    rows = {
        (row["Player"], row["Game"]): row
        for row in csv.DictReader(io.StringIO(response.content.decode()))
    }
    # Anna's finished Burraco: with Carla (NS 1315 of 3 hands, won), 1 v 1 against Bruno (1315
    # of 3, won), her line withdrawn (EO 150 of 1, lost), at time (NS 770 of 1, won); the two
    # matches in progress do not count
    anna = rows["Anna", "Burraco"]
    assert (anna["Matches"], anna["Wins"], anna["Hands"]) == ("4", "3", "8")
    assert (anna["Line points"], anna["Line points per hand"]) == ("3550", "443.75")
    assert (anna["Place 1"], anna["Place 2"]) == ("3", "1")
    # two lines have no third or fourth place, and no Scala 40 or Gin number is a Burraco one
    for column in ("Place 3", "Place 4", "Points taken", "Points per hand", "Hands closed"):
        assert anna[column] == "", column
    for column in ("Busts", "Re-entries", "Gins", "Knocks", "Deadwood per hand"):
        assert anna[column] == "", column
    bruno = rows["Bruno", "Burraco"]  # 960 + 960 + 770 (his line's, NS, won) + 150
    assert (bruno["Wins"], bruno["Line points"], bruno["Place 2"]) == ("1", "2840", "3")
    # Scala 40 keeps its places and numbers, and no line points
    scala = rows["Anna", "Scala 40"]
    assert (scala["Place 1"], scala["Place 2"], scala["Place 3"], scala["Place 4"]) == (
        "0",
        "1",
        "0",
        "0",
    )
    assert (scala["Points taken"], scala["Line points"], scala["Line points per hand"]) == (
        "20",
        "",
        "",
    )


@pytest.mark.django_db
def test_the_import_page_takes_a_burraco_sheet_and_says_a_refusal_in_italian(client):
    club = ClubFactory(slug="circolo")
    client.force_login(member(club, Role.DIRECTOR))
    url = f"/clubs/{club.slug}/import/"
    sheet = {
        "preset": "burraco-1v1",
        "rules": {"target": 1005},
        "players": ["Anna", "Bruno"],
        "events": B1_DOCUMENT_HANDS,
    }
    closed_bare = copy.deepcopy(FIRST)
    closed_bare["lines"]["NS"]["sporchi"] = 0
    closed_bare["lines"]["NS"]["puliti"] = 0
    refused = client.post(
        url, {"document": json.dumps({**sheet, "events": [closed_bare]})}, HTTP_ACCEPT_LANGUAGE="it"
    )
    assert refused.status_code == 400
    assert "NS ha chiuso senza burraco." in refused.content.decode()
    assert not Match.objects.exists()
    response = client.post(url, {"document": json.dumps(sheet)})
    match = Match.objects.get()
    assert response["Location"] == match.get_absolute_url()
    assert match.winner.name == "Anna" and lines(match) == {"NS": 1315, "EO": 960}
