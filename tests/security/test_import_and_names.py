"""Issue 16, import and names: one validation of names and dates at every way in (F2, F9), an
import that replays a match once (F7), and an import sent twice that makes one match."""

from __future__ import annotations

import io
import json
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from clubs.models import Player, Role
from scoring import services as scoring
from scoring.engine import progress as engine_progress
from scoring.models import Match
from tests.errors import top_fields
from tests.factories import ClubFactory, member

IMPORT = "/api/v1/clubs/{}/matches/import/"

SHEET = {
    "preset": "scala40",
    "players": ["Anna", "Bruno", "Carla"],
    "events": [
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12}},
        {"type": "time_call"},
    ],
}


@pytest.fixture
def club(db):
    return ClubFactory(slug="sala", is_public=True)


@pytest.fixture
def director(club):
    return member(club, Role.DIRECTOR, username="direttore")


def api(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def post_json(client, path, body):
    return client.post(path, json.dumps(body), content_type="application/json")


def long_sheet(hands: int) -> dict:
    """A Scala 40 sheet of `hands` hands that nobody loses points in, then a time call."""
    events = [
        {"type": "hand", "closer": closer, "points": {other: 0}}
        for number in range(hands)
        for closer, other in [("Anna", "Bruno") if number % 2 else ("Bruno", "Anna")]
    ]
    return {
        "preset": "scala40",
        "players": ["Anna", "Bruno"],
        "events": [*events, {"type": "time_call"}],
    }


# F2: a date no database reads back --------------------------------------------------------------


def test_f2_an_import_played_on_year_one_is_refused_and_every_page_still_answers(club, director):
    """F2: ?played_on=0001-01-01 answered 201 and stored a match whose start PostgreSQL could
    not read back (SQLite: 500); the club page, the match lists, exports broke from then on.
    Now it is a 400 naming played_on, nothing is stored, and the pages answer."""
    client = api(director)
    for day, message in [
        ("0001-01-01", "Choose a date from 1900-01-01 on."),
        ("1899-12-31", "Choose a date from 1900-01-01 on."),
        ("9999-12-31", "The date a match was played cannot be in the future."),
    ]:
        response = post_json(client, IMPORT.format("sala") + f"?played_on={day}", SHEET)
        assert response.status_code == 400, (day, response.content)
        assert response.json()["errors"] == [
            {"document": None, "event": None, "field": "played_on", "message": message}
        ]
    assert not Match.objects.exists()
    response = post_json(client, IMPORT.format("sala") + "?played_on=1900-01-01", SHEET)
    assert response.status_code == 201
    for path in (
        "/clubs/sala/",
        "/api/v1/matches/",
        "/api/v1/clubs/sala/matches/export/",
        "/clubs/sala/matches/export.json",
    ):
        assert client.get(path).status_code == 200, path
    assert api().get("/api/v1/matches/").status_code == 200  # the anonymous global list


def test_f2_the_import_page_and_the_command_refuse_a_date_out_of_range(club, director, tmp_path):
    """F2: the import page shows the date's error beside its field; the command refuses it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    response = client.post(
        "/clubs/sala/import/", {"document": json.dumps(SHEET), "played_on": "0001-01-01"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["played_on"] == ["Choose a date from 1900-01-01 on."]
    sheets = tmp_path / "sheets.json"
    sheets.write_text(json.dumps(SHEET))
    with pytest.raises(CommandError, match="Field played_on: Choose a date from 1900-01-01 on"):
        call_command("import_matches", "sala", str(sheets), "--date", "0001-01-01")
    assert not Match.objects.exists()


def test_f2_seasons_and_tournaments_refuse_dates_out_of_range(club, director):
    """F2: the same bound for the other dates a club stores (a season, a tournament)."""
    client = api(director)
    season = {"name": "Inverno", "starts_on": "0001-01-01", "ends_on": "2025-03-01"}
    response = post_json(client, "/api/v1/clubs/sala/seasons/", season)
    assert response.status_code == 400 and "starts_on" in top_fields(response)
    tournament = {
        "club": "sala",
        "name": "Coppa",
        "preset": "scala40",
        "format": "table",
        "starts_on": "0001-01-01",
    }
    response = post_json(client, "/api/v1/tournaments/", tournament)
    assert response.status_code == 400 and "starts_on" in top_fields(response)


# F7: one replay per document ----------------------------------------------------------------------


def test_f7_an_import_of_1500_hands_replays_the_match_once(club, director):
    """F7: every imported event replayed the whole match (1,600 hands: 62 s on PostgreSQL).
    Now the events are replayed once, whatever their number: counted, never timed. (A replay is
    the engine's progress started once and advanced over every event.)"""
    starts: list[int] = []
    advanced: list[int] = []
    real_start, real_advance = engine_progress.start, engine_progress.advance

    def counting_start(*args, **kwargs):
        starts.append(1)
        return real_start(*args, **kwargs)

    def counting_advance(progress, event):
        advanced.append(1)
        return real_advance(progress, event)

    with (
        mock.patch.object(engine_progress, "start", counting_start),
        mock.patch.object(engine_progress, "advance", counting_advance),
    ):
        response = post_json(api(director), IMPORT.format("sala"), long_sheet(1500))
    assert response.status_code == 201, response.content
    # the start of the match (no event) and then the whole match, once
    assert len(advanced) == 1501 and len(starts) <= 2
    match = Match.objects.get()
    assert match.hand_count == 1500 and match.events.count() == 1501 and match.is_finished


def test_f7_caps_on_events_per_document_and_per_batch(club, director):
    """F7: a document of more than 2,000 events, and a batch of more than 20,000 events, are
    refused with a 400 that says the cap, before anything is written."""
    client = api(director)
    response = post_json(client, IMPORT.format("sala"), long_sheet(2000))
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["message"]) == (
        "events",
        "A match document holds at most 2000 events (this one has 2001).",
    )
    response = post_json(client, IMPORT.format("sala"), [long_sheet(1999)] * 11)
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"].startswith("At most 20000 events")
    assert not Match.objects.exists()


def test_a_match_at_the_table_holds_what_an_import_takes_so_its_export_imports_back(club, director):
    """A match entered at the table could pass 2,000 events, which its export then could not
    import. Now a match holds at most 2,000 events wherever they come from, the last kept for
    calling time: the table refuses a 2,000th hand clearly, and the export imports back."""
    players = [scoring.guest_player(club=club, name=name) for name in ("Anna", "Bruno")]
    match = scoring.match_start(club=club, user=director, preset="scala40", players=players)
    hands = long_sheet(1998)["events"][:-1]  # 1,998 hands nobody loses points in
    scoring.events_import(match=match, user=director, events=hands)
    client = api(director)
    hand = {"type": "hand", "closer": "Anna", "points": {"Bruno": 0}}
    assert post_json(client, f"/api/v1/matches/{match.pk}/events/", hand).status_code == 201
    # the 2,000th event: a hand is refused, saying why and what is left
    refused = post_json(client, f"/api/v1/matches/{match.pk}/events/", hand)
    assert refused.status_code == 400
    (error,) = refused.json()["errors"]
    assert error["field"] == "match"
    assert error["message"] == (
        "A match holds at most 2000 events, the last one kept for calling time: nothing was "
        "recorded. Call time to end this match."
    )
    assert match.events.count() == 1999
    # calling time still ends it
    timed = post_json(client, f"/api/v1/matches/{match.pk}/time-call/", {})
    assert timed.status_code in (200, 201), timed.content
    match.refresh_from_db()
    assert match.is_finished and match.events.count() == 2000
    # its export imports back, the same match
    exported = api(director).get("/clubs/sala/matches/export.json")
    (document,) = json.loads(exported.content)
    assert len(document["events"]) == 2000
    imported = post_json(client, IMPORT.format("sala") + "?played_on=2024-01-01", document)
    assert imported.status_code == 201, imported.content
    again = Match.objects.get(pk=imported.json()["matches"][0])
    assert again.hand_count == match.hand_count == 1999 and again.is_finished


def test_an_imported_match_equals_the_same_match_entered_event_by_event(club, director):
    """F7: the one-replay import stores what recording the events one by one stores."""
    sheet = {
        "preset": "scala40-club",
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "first_dealer": "Carla",
        "events": [
            {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12, "Dario": 160}},
            {"type": "reentry", "player": "Dario"},
            {
                "type": "hand",
                "closer": "Carla",
                "in_hand": True,
                "points": {"Anna": 20, "Bruno": 9, "Dario": 4},
            },
            {"type": "withdraw", "player": "Bruno"},
            {"type": "hand", "closer": "Dario", "points": {"Anna": 7, "Carla": 30}},
            {"type": "time_call"},
        ],
    }
    response = post_json(api(director), IMPORT.format("sala"), sheet)
    imported = Match.objects.get(pk=response.json()["matches"][0])
    players = [Player.objects.get(club=club, name=name) for name in sheet["players"]]
    typed = scoring.match_start(
        club=club, user=director, preset="scala40-club", players=players, first_dealer_seat=3
    )
    for event in sheet["events"]:
        scoring.event_record(match=typed, user=director, data=event)
    typed.refresh_from_db()

    def stored(match):
        seats = list(
            match.seats.order_by("seat").values_list(
                "name", "player_id", "total", "status", "reentries", "place", "hands_won"
            )
        )
        events = [
            (version.event.number, version.event.kind, version.version, version.data)
            for version in scoring.current_versions(match)
        ]
        summary = (
            match.status,
            match.winner.name,
            match.ended_by,
            match.dealer_seat,
            match.pot_total,
            match.hand_count,
            match.revision,
            match.first_dealer_seat,
            match.rules,
        )
        return seats, events, summary

    assert stored(imported) == stored(typed)


# F9: names the database cannot take, or the page cannot show -------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("A" * 81, "A name can be at most 80 characters long (this one has 81)."),
        (
            "Anna\x00",
            "The name Anna\\u0000 holds a control character (such as NUL or a tab): remove it.",
        ),
        (
            "An\tna",
            "The name An\\u0009na holds a control character (such as NUL or a tab): remove it.",
        ),
        (
            "Anna\u200b",
            "The name Anna\\u200b holds a control character (such as NUL or a tab): remove it.",
        ),
    ],
)
def test_f9_an_imported_name_too_long_or_with_control_characters_is_refused(
    club, director, name, message, tmp_path
):
    """F9: the import path skipped the 80-character and NUL checks (500 on PostgreSQL, stored on
    SQLite). Now it is a 400 naming the document, the event and the field."""
    bad = {
        "preset": "scala40",
        "players": ["Bruno", name],
        "events": [{"type": "hand", "closer": "Bruno", "points": {name: 3}}],
    }
    if "\x00" not in name:  # the API's JSON parser refuses any NUL already (clubs.api)
        response = post_json(api(director), IMPORT.format("sala"), [SHEET, bad])
        assert response.status_code == 400
        assert response.json()["errors"] == [
            {"document": 1, "event": None, "field": "players.1", "message": message}
        ]
    # the import page and the command read JSON themselves: "\u0000" becomes a NUL there
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(director)
    response = page.post("/clubs/sala/import/", {"document": json.dumps([SHEET, bad])})
    assert response.status_code == 400
    assert [error.as_dict() for error in response.context["errors"]] == [
        {"document": 1, "event": None, "field": "players.1", "message": message}
    ]
    sheets = tmp_path / "sheets.json"
    sheets.write_text(json.dumps([SHEET, bad]))
    with pytest.raises(CommandError, match="Document 2, player 2: "):
        call_command("import_matches", "sala", str(sheets))
    assert not Match.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize(
    ("players", "field", "message", "said"),
    [
        (["Anna", "Bruno", ""], "players.2", "Every player needs a name.", "player 3"),
        (["Anna", "B" * 81, "Carla"], "players.1", "A name can be at most 80", "player 2"),
        (["Anna", "Bruno", "Anna"], "players.2", "Anna is already listed as player 1.", "player 3"),
        # the same player of the club, written two ways
        (
            ["Anna", "Bruno", "anna "],
            "players.2",
            "anna and Anna are the same player of the club (Anna): list them once.",
            "player 3",
        ),
    ],
)
def test_an_imported_name_at_fault_is_said_by_its_place_in_the_list(
    club, director, players, field, message, said
):
    """A name refused in an import was said as the field "players", not which of them: now the
    API's field is "players.<index>" (from 0, as events), the page says "player <number>"."""
    bad = {**SHEET, "players": players, "events": []}
    response = post_json(api(director), IMPORT.format("sala"), [SHEET, bad])
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["document"], error["event"], error["field"]) == (1, None, field)
    assert error["message"].startswith(message)
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(director)
    response = page.post("/clubs/sala/import/", {"document": json.dumps([SHEET, bad])})
    assert response.status_code == 400
    assert f"Document 2, {said}: {message}" in response.content.decode().replace("&#x27;", "'")
    assert not Match.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("name", ["A" * 81, "Anna\x00", "Anna\x07", "An\nna", "Anna\u200e"])
def test_f9_players_named_through_the_api_and_the_pages_are_checked_the_same_way(
    club, director, name
):
    """F9: a player's name (the club's list, a guest at a new match) of more than 80 characters
    or with a control character is refused beside its field, in the API and on the pages."""
    owner = member(club, Role.OWNER)
    client = api(owner)
    response = post_json(client, "/api/v1/clubs/sala/players/", {"name": name})
    assert response.status_code == 400
    if "\x00" not in name:  # refused by the API's JSON parser, before any field
        assert "name" in top_fields(response)
    response = post_json(
        client,
        "/api/v1/matches/",
        {"club": "sala", "preset": "scala40", "players": [{"guest": "Bruno"}, {"guest": name}]},
    )
    assert response.status_code == 400, response.content
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(owner)
    response = page.post("/clubs/sala/players/", {"name": name})
    assert response.context["player_form"].errors["name"]
    response = page.post(
        "/matches/new/sala/", {"preset": "scala40", "guest_1": "Bruno", "guest_2": name}
    )
    assert response.status_code in (200, 400) and response.context["form"].errors["guest_2"]
    assert not Player.objects.exists() and not Match.objects.exists()


# The same import twice ----------------------------------------------------------------------------


def test_the_same_import_sent_twice_answers_the_match_already_imported(club, director, tmp_path):
    """Issue 16: the same import sent twice made two matches. Now the second answers 200 with
    the match imported the first time (the page and the command say so too)."""
    client = api(director)
    url = IMPORT.format("sala") + "?played_on=2023-04-05"
    first = post_json(client, url, SHEET)
    assert first.status_code == 201
    (pk,) = first.json()["matches"]
    again = post_json(client, url, SHEET)
    assert again.status_code == 200
    assert again.json() == {"matches": [pk], "already_imported": [pk]}
    # the same sheet, written differently (cards for points, keys in another order): the same
    same = {"events": SHEET["events"], "players": SHEET["players"], "game": "scala40"}
    assert post_json(client, url, same).json()["already_imported"] == [pk]
    # another day is another match; two copies in one batch are two matches, found again after
    assert (
        post_json(client, IMPORT.format("sala") + "?played_on=2023-04-06", SHEET).status_code == 201
    )
    batch = post_json(client, url, [SHEET, SHEET])
    assert batch.status_code == 201
    assert batch.json()["matches"][0] == pk and batch.json()["already_imported"] == [pk]
    assert post_json(client, url, [SHEET, SHEET]).status_code == 200
    assert Match.objects.count() == 3

    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(director)
    response = page.post(
        "/clubs/sala/import/",
        {"document": json.dumps(SHEET), "played_on": "2023-04-05"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/matches/{pk}/"
    assert "1 score sheet was already imported" in response.content.decode()

    sheets = tmp_path / "sheets.json"
    sheets.write_text(json.dumps(SHEET))
    out = io.StringIO()
    call_command("import_matches", "sala", str(sheets), "--date", "2023-04-05", stdout=out)
    assert out.getvalue().strip() == f"Already imported before, not imported again: {pk}."
    assert Match.objects.count() == 3


def test_an_unfinished_sheet_is_recognised_too_and_an_empty_date_means_today(club, director):
    """Issue 16: without ?played_on the sheet is today's; sent twice today, one match."""
    open_sheet = {**SHEET, "events": SHEET["events"][:1]}
    client = api(director)
    first = post_json(client, IMPORT.format("sala"), open_sheet)
    again = post_json(client, IMPORT.format("sala"), open_sheet)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["matches"] == again.json()["matches"]
    assert Match.objects.count() == 1
