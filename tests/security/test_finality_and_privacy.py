"""Issue 16, findings F4, F5, F6 and F14: who may confirm a table, a finished tournament that is
final, CSV exports that no spreadsheet runs as formulas, and seasons that never name a public
club's private tournament. Every test goes through real HTTP requests, as a user would."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re

import pytest
from django.test import Client
from django.utils import timezone

from clublife import seasons
from clubs.models import Role
from scoring.models import Match
from tests.errors import field_errors, refusal
from tests.factories import ClubFactory, member
from tests.pdf.conftest import Pdf
from tournaments import services

pytestmark = pytest.mark.django_db

CLOSED = (
    "This match belongs to a finished tournament: the director must reopen the tournament to "
    "change it."
)
RECORDED_PART = (
    "You recorded part of this result (a hand, a correction, a withdrawal, a re-entry or a "
    "time call): someone else must confirm it."
)
NAMES = ("Anna", "Bruno", "Carla", "Dario")


class Scene:
    """A public club with a director, a scorekeeper and a second director; a one-round Scala 40
    tournament of four players (entry fee 10: a pot of 40, shared 50/50), seated and started."""

    def __init__(self, *, names=NAMES, is_public=True, tournament_public=None):
        self.club = ClubFactory(is_public=is_public)
        self.director = member(self.club, Role.DIRECTOR)
        self.scorekeeper = member(self.club, Role.SCOREKEEPER)
        self.other_director = member(self.club, Role.DIRECTOR)
        extra = {} if tournament_public is None else {"is_public": tournament_public}
        self.tournament = services.tournament_create(
            club=self.club,
            user=self.director,
            name="Coppa segreta",
            preset="scala40",
            format="rounds",
            rounds_planned=1,
            entry_fee="10",
            payout_percents=["50", "50"],
            **extra,
        )
        for name in names:
            services.entry_register(
                tournament=self.tournament, user=self.director, name=name, check_in=True
            )
        self.round = services.round_seat(tournament=self.tournament, user=self.director, seed=1)
        services.round_start(round=self.round, user=self.director)
        self.table = self.round.tables.select_related("match").get()
        self.match = self.table.match

    def api(self, user) -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        if user is not None:
            client.force_login(user)
        return client

    def post(self, user, path, body=None):
        return self.api(user).post(
            path, data=json.dumps(body or {}), content_type="application/json"
        )

    def play_and_finish(self) -> None:
        """The scorekeeper records one hand (Anna closes) and calls time at the table; the
        director confirms and finishes: Anna and Bruno share the pot, 20 and 20."""
        seat_names = list(self.match.seats.order_by("seat").values_list("name", flat=True))
        closer, *others = seat_names
        points = {name: 10 * (index + 1) for index, name in enumerate(others)}
        base = f"/api/v1/matches/{self.match.pk}/"
        hand = {"type": "hand", "closer": closer, "points": points}
        assert self.post(self.scorekeeper, base + "events/", hand).status_code == 201
        assert self.post(self.scorekeeper, base + "time-call/").status_code == 201
        t = f"/api/v1/tournaments/{self.tournament.pk}/"
        assert self.post(self.director, f"{t}tables/{self.table.pk}/confirm/").status_code == 200
        assert self.post(self.director, f"{t}finish/").status_code == 200

    def payouts(self) -> list[tuple[str, str]]:
        t = f"/api/v1/tournaments/{self.tournament.pk}/"
        ranking = self.api(self.director).get(f"{t}final-ranking/").json()
        return [(row["name"], row["payout"]) for row in ranking if row["payout"] != "0.00"]


# F5: finished is final ---------------------------------------------------------------------------


def test_f5_no_change_reaches_a_finished_tournaments_match_and_the_payouts_stay():
    """F5: after the tournament finished, voiding (or correcting, or any other event) on a
    table's match through the match API is refused with a clear 400: the payouts stay and the
    table stays confirmed."""
    scene = Scene()
    scene.play_and_finish()
    before = scene.payouts()
    assert [amount for _name, amount in before] == ["20.00", "20.00"]
    base = f"/api/v1/matches/{scene.match.pk}/"

    void = scene.post(scene.scorekeeper, base + "events/1/void/", {"version": 1, "reason": "no"})
    assert void.status_code == 400
    assert refusal(void) == {"event": 1, "field": "match", "message": CLOSED}
    correct = scene.post(
        scene.scorekeeper,
        base + "events/1/correct/",
        {"version": 1, "data": {"closer": "Anna", "points": {"Bruno": 90}}, "reason": "typo"},
    )
    assert correct.status_code == 400 and refusal(correct)["message"] == CLOSED
    for path, body in (
        ("withdraw/", {"player": "Bruno"}),
        ("reentry/", {"player": "Bruno"}),
        ("time-call/", {}),
        ("events/", {"type": "hand", "closer": "Anna", "points": {"Bruno": 5}}),
    ):
        refused = scene.post(scene.director, base + path, body)
        assert refused.status_code == 400, path
        assert refusal(refused)["message"] == CLOSED, path

    assert scene.payouts() == before
    t = f"/api/v1/tournaments/{scene.tournament.pk}/"
    table = scene.api(scene.director).get(f"{t}rounds/1/").json()["tables"][0]
    assert table["counts"] is True
    scene.match.refresh_from_db()
    assert scene.match.revision == 3  # start, hand, time call: nothing since


def test_f5_the_match_page_says_why_it_takes_no_change_and_offers_no_entry():
    """F5: the match page of a finished tournament's table offers no entry, correction or void
    to the scorekeeper, and says why; posting a void anyway changes nothing."""
    scene = Scene()
    scene.play_and_finish()
    client = scene.api(scene.scorekeeper)
    page = client.get(f"/matches/{scene.match.pk}/").content.decode()
    assert CLOSED in page
    assert f"/matches/{scene.match.pk}/events/1/void/" not in page
    assert f"/matches/{scene.match.pk}/events/1/correct/" not in page
    response = client.post(
        f"/matches/{scene.match.pk}/events/1/void/",
        {"expected_version": 1, "reason": "wrong"},
        follow=True,
    )
    assert CLOSED in response.content.decode()
    scene.match.refresh_from_db()
    assert scene.match.revision == 3


def test_f5_a_director_reopens_with_a_reason_fixes_and_finishes_again_with_new_payouts():
    """F5: the way to fix a finished tournament: reopen it with a reason (kept in its history),
    change the match, confirm again, finish again; the payouts follow the fixed results."""
    scene = Scene()
    scene.play_and_finish()
    t = f"/api/v1/tournaments/{scene.tournament.pk}/"

    refused = scene.post(scene.director, f"{t}reopen/", {"reason": "  "})
    assert refused.status_code == 400 and list(field_errors(refused)) == ["reason"]
    assert scene.post(scene.scorekeeper, f"{t}reopen/", {"reason": "x"}).status_code == 403
    reopened = scene.post(scene.director, f"{t}reopen/", {"reason": "Hand 1 was mistyped."})
    assert reopened.status_code == 200, reopened.content
    assert reopened.json()["status"] == "running"
    from tournaments.models import Reopening

    assert list(Reopening.objects.values_list("reason", "created_by")) == [
        ("Hand 1 was mistyped.", scene.director.pk)
    ]
    again = scene.post(scene.director, f"{t}reopen/", {"reason": "twice"})
    assert again.status_code == 400

    base = f"/api/v1/matches/{scene.match.pk}/"
    void = scene.post(scene.scorekeeper, base + "events/1/void/", {"version": 1, "reason": "typo"})
    assert void.status_code == 200, void.content
    refused = scene.post(scene.director, f"{t}finish/")
    assert refused.status_code == 400  # the changed table needs a new confirmation
    assert scene.post(scene.director, f"{t}tables/{scene.table.pk}/confirm/").status_code == 200
    assert scene.post(scene.director, f"{t}finish/").status_code == 200
    # every total is 0 now: the four share first place, and the pot
    assert [amount for _name, amount in scene.payouts()] == ["10.00"] * 4
    assert refusal(scene.post(scene.scorekeeper, base + "time-call/"))["message"] == CLOSED

    # The director's page shows the history of reopenings and, the tournament being finished,
    # the form to reopen it; a reopening without a reason is refused beside its field.
    client = scene.api(scene.director)
    page = client.get(f"/tournaments/{scene.tournament.pk}/").content.decode()
    assert "Hand 1 was mistyped." in page and "Reopen the tournament" in page
    response = client.post(f"/tournaments/{scene.tournament.pk}/reopen/", {"reason": ""})
    assert response.status_code == 400
    assert 'class="field-error"' in response.content.decode()
    response = client.post(
        f"/tournaments/{scene.tournament.pk}/reopen/", {"reason": "Second look"}, follow=True
    )
    assert "The tournament is reopened" in response.content.decode()
    assert Match.objects.get(pk=scene.match.pk).closed_because == ""


# F4: confirmation counts every decision ----------------------------------------------------------


def test_f4_a_seated_scorekeeper_who_withdraws_every_opponent_cannot_confirm_the_table():
    """F4: a scorekeeper seated at the table withdraws the three opponents (so wins) and may not
    confirm the result alone: withdrawals decide a result as much as hands do."""
    scene = Scene()
    anna = scene.match.seats.get(name="Anna").player
    anna.user = scene.scorekeeper
    anna.save(update_fields=["user"])
    base = f"/api/v1/matches/{scene.match.pk}/"
    for name in ("Bruno", "Carla", "Dario"):
        response = scene.post(scene.scorekeeper, base + "withdraw/", {"player": name})
        assert response.status_code == 201, response.content
    scene.match.refresh_from_db()
    assert scene.match.winner.name == "Anna"

    t = f"/api/v1/tournaments/{scene.tournament.pk}/"
    refused = scene.post(scene.scorekeeper, f"{t}tables/{scene.table.pk}/confirm/")
    assert refused.status_code == 403
    assert refused.json() == {"detail": RECORDED_PART}
    page = scene.api(scene.scorekeeper).get(f"/tournaments/{scene.tournament.pk}/")
    assert RECORDED_PART in page.content.decode()
    table = scene.api(scene.director).get(f"{t}rounds/1/").json()["tables"][0]
    assert table["counts"] is False
    # someone who recorded nothing confirms it
    assert scene.post(scene.director, f"{t}tables/{scene.table.pk}/confirm/").status_code == 200


def test_f4_the_director_who_called_time_cannot_confirm_the_tables_it_ended():
    """F4: a time call ends the match where the totals stand, a decision: the director who
    called time on the console may not confirm; another director may."""
    scene = Scene()
    hand = {"type": "hand", "closer": "Anna", "points": {"Bruno": 10, "Carla": 20, "Dario": 30}}
    base = f"/api/v1/matches/{scene.match.pk}/"
    assert scene.post(scene.scorekeeper, base + "events/", hand).status_code == 201
    desk = scene.api(scene.director)
    desk.post(f"/tournaments/{scene.tournament.pk}/rounds/1/time/", {"confirm": "1"})
    scene.match.refresh_from_db()
    assert scene.match.is_finished
    response = desk.post(
        f"/tournaments/{scene.tournament.pk}/tables/{scene.table.pk}/confirm/", follow=True
    )
    assert RECORDED_PART in response.content.decode()
    scene.table.refresh_from_db()
    assert scene.table.confirmed_at is None
    t = f"/api/v1/tournaments/{scene.tournament.pk}/"
    confirmed = scene.post(scene.other_director, f"{t}tables/{scene.table.pk}/confirm/")
    assert confirmed.status_code == 200


# F6: CSV formula injection -----------------------------------------------------------------------

PLAIN_NUMBER = re.compile(r"[+-]?\d+([.,]\d+)?")
FORMULAS = ('=HYPERLINK("http://evil")', "+SUM(A1)", "-2+3*cmd", "@A1")


def _rows(response) -> list[list[str]]:
    assert response.status_code == 200, response.status_code
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_f6_every_csv_export_neutralises_formula_prefixes():
    """F6: guests named like formulas come out of all four CSV exports (tournament standings and
    season standings, both public; the ledger; the club statistics) with a leading quote, so a
    spreadsheet shows them as text; numbers stay numbers."""
    scene = Scene(names=FORMULAS)
    scene.play_and_finish()
    today = timezone.localdate()
    season = seasons.season_create(
        club=scene.club,
        user=scene.director,
        name="Stagione",
        starts_on=today - datetime.timedelta(days=1),
        ends_on=today + datetime.timedelta(days=1),
    )
    slug = scene.club.slug
    anonymous = scene.api(None)
    exports = {
        "standings": _rows(
            anonymous.get(f"/clubs/{slug}/tournaments/{scene.tournament.pk}/standings.csv")
        ),
        "season": _rows(anonymous.get(f"/clubs/{slug}/seasons/{season.pk}/standings.csv")),
        "ledger": _rows(
            scene.api(scene.director).get(f"/tournaments/{scene.tournament.pk}/ledger.csv")
        ),
        "statistics": _rows(scene.api(scene.director).get(f"/clubs/{slug}/statistics.csv")),
    }
    for export, rows in exports.items():
        cells = [cell for row in rows for cell in row]
        named = [name for name in FORMULAS if "'" + name in cells]
        # the ledger names the players paid only (two of them)
        assert len(named) == (2 if export == "ledger" else 4), (export, named)
        dangerous = [
            cell
            for cell in cells
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not PLAIN_NUMBER.fullmatch(cell)
        ]
        assert dangerous == [], (export, dangerous)
    from tournaments.exports import neutralised

    assert neutralised(-5) == -5 and neutralised("-5") == "-5" and neutralised("-1.50") == "-1.50"
    assert neutralised("\t=1+1") == "'\t=1+1"


# F14: a public club's private tournament in the season standings ---------------------------------


def test_f14_public_season_standings_count_a_private_tournament_without_naming_it():
    """F14: a public club's private tournament counts in the season standings, but its name is
    on no public page, API answer or PDF; the club's members still see it."""
    scene = Scene(tournament_public=False)
    scene.play_and_finish()
    today = timezone.localdate()
    season = seasons.season_create(
        club=scene.club,
        user=scene.director,
        name="Stagione",
        starts_on=today - datetime.timedelta(days=1),
        ends_on=today + datetime.timedelta(days=1),
    )
    slug = scene.club.slug
    anonymous = scene.api(None)
    secret = "Coppa segreta"

    page = anonymous.get(f"/clubs/{slug}/seasons/{season.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert secret not in html and f"/tournaments/{scene.tournament.pk}/" not in html
    assert "A private tournament" in html
    assert "1 match counted" in html

    api = anonymous.get(f"/api/v1/clubs/{slug}/seasons/{season.pk}/standings/").json()
    assert secret not in json.dumps(api)
    (counted,) = api["matches"]
    assert counted["tournament"] is None and counted["private_tournament"] is True
    assert len(api["rows"]) == 4 and api["rows"][0]["points"] == "7.00"

    response = anonymous.get(f"/clubs/{slug}/seasons/{season.pk}/standings.pdf")
    pdf = Pdf.of(b"".join(response.streaming_content))
    words = pdf.words()
    assert secret not in words and "A private tournament" in words
    assert "Anna" in words

    member_page = scene.api(scene.director).get(f"/clubs/{slug}/seasons/{season.pk}/")
    assert secret in member_page.content.decode()
    member_api = scene.api(scene.director).get(
        f"/api/v1/clubs/{slug}/seasons/{season.pk}/standings/"
    )
    assert member_api.json()["matches"][0]["tournament"]["name"] == secret
