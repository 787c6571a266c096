"""A Burraco tournament's pairs and turni through the API: 12 pairs pasted, turno 1 seated at 6
tables, the turni listed with their pairs and line totals as the tables play; the refusals in
the one 400 shape, and who may do what."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api, api_token
from tests.errors import field_errors
from tests.factories import member
from tests.tournaments.helpers import Staff, enter_players
from tournaments import services
from tournaments.models import Round

from .helpers import burraco_tournament, pair_lines, play_table

pytestmark = pytest.mark.django_db


def ok(response, code=200):
    assert response.status_code == code, response.content
    return response.json()


def token_client(user) -> Api:
    client = Api()
    client.client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


@pytest.fixture
def evening():
    staff = Staff()
    tournament = burraco_tournament(staff)
    return staff, tournament, f"/api/v1/tournaments/{tournament.pk}/", token_client(staff.director)


def test_twelve_pairs_pasted_then_turno_one_seated_and_listed(evening):
    staff, tournament, t, director = evening
    lines = ["Anna Rossi / Bruno Bianchi", *pair_lines(11)]
    pairs = ok(director.post(t + "pairs/", {"lines": lines, "check_in": True}), 201)
    assert len(pairs) == 12
    assert pairs[0] == {
        "id": pairs[0]["id"],
        "number": 1,
        "name": "Anna Rossi / Bruno Bianchi",
        "first": pairs[0]["first"],
        "second": pairs[0]["second"],
        "checked_in": True,
        "dropped": False,
    }
    assert [pair["number"] for pair in pairs] == list(range(1, 13))
    assert ok(director.get(t + "pairs/")) == pairs
    entries = {entry["id"]: entry["name"] for entry in ok(director.get(t + "entries/"))}
    assert (entries[pairs[0]["first"]], entries[pairs[0]["second"]]) == (
        "Anna Rossi",
        "Bruno Bianchi",
    )
    assert ok(director.get(t + "turni/")) == []

    turno = ok(director.post(t + "turni/"), 201)
    assert turno["number"] == 1
    assert turno["movement"] == "mitchell"
    assert turno["vp_table"]["hands"] == 3
    assert turno["complete"] is False
    assert turno["byes"] == []
    assert len(turno["tables"]) == 6
    first = turno["tables"][0]
    assert first["number"] == 1
    assert first["ns"] == [
        {"id": pairs[0]["id"], "number": 1, "name": "Anna Rossi / Bruno Bianchi", "team": ""}
    ]
    assert first["eo"] == [
        {"id": pairs[6]["id"], "number": 7, "name": "Giocatore 11 / Giocatore 12", "team": ""}
    ]
    assert (first["ns_total"], first["eo_total"]) == (0, 0)
    assert (first["state"], first["counts"]) == ("playing", False)
    assert [table["ns"][0]["number"] for table in turno["tables"]] == [1, 2, 3, 4, 5, 6]
    assert [table["eo"][0]["number"] for table in turno["tables"]] == [7, 8, 9, 10, 11, 12]

    # table 1 plays its 3 hands and is confirmed: its line totals and state follow
    round = Round.objects.get(tournament=tournament, number=1)
    table = round.tables.get(number=1)
    assert first["id"] == table.pk and first["match"] == table.match_id
    play_table(table, staff.scorekeeper, [(300, 150), (200, 100), (150, 250)])
    (listed,) = ok(director.get(t + "turni/"))
    assert listed["tables"][0]["ns_total"] == 650
    assert listed["tables"][0]["eo_total"] == 500
    assert listed["tables"][0]["state"] == "awaiting"
    services.table_confirm(table=table, user=staff.director)
    (listed,) = ok(director.get(t + "turni/"))
    assert (listed["tables"][0]["state"], listed["tables"][0]["counts"]) == ("done", True)
    assert listed["tables"][1]["state"] == "playing"


def test_a_bad_line_is_a_400_on_lines_and_nobody_is_entered(evening):
    _staff, tournament, t, director = evening
    response = director.post(t + "pairs/", {"lines": [*pair_lines(2), "Carla Verdi"]})
    assert response.status_code == 400
    body = response.json()
    message = 'Line 3 ("Carla Verdi") is not a pair: write two names with "/" between.'
    assert body == {
        "detail": message,
        "errors": [{"field": "lines", "event": None, "document": None, "message": message}],
    }
    assert tournament.entries.count() == 0
    # a name listed twice, refused on "lines" too
    response = director.post(
        t + "pairs/", {"lines": ["Anna Rossi / Bruno Bianchi", "Anna Rossi / Carla Verdi"]}
    )
    assert response.status_code == 400
    assert list(field_errors(response)) == ["lines"]
    assert "Anna Rossi" in response.json()["detail"]
    assert ok(director.get(t + "pairs/")) == []


def test_a_pair_of_two_players_entered(evening):
    staff, tournament, t, director = evening
    entries = enter_players(tournament, staff.director, 3)
    body = {"first": entries[0].pk, "second": entries[1].pk}
    (pair,) = ok(director.post(t + "pairs/", body), 201)
    assert (pair["number"], pair["name"]) == (1, "Giocatore 01 / Giocatore 02")
    again = director.post(t + "pairs/", {"first": entries[1].pk, "second": entries[2].pk})
    assert again.status_code == 400
    assert field_errors(again) == {"first": ["Giocatore 02 is already in a pair."]}
    unknown = director.post(t + "pairs/", {"first": entries[2].pk, "second": 999999})
    assert field_errors(unknown) == {"second": ["The tournament has no entry with id 999999."]}
    both = director.post(t + "pairs/", {"lines": pair_lines(1), "first": entries[2].pk})
    assert both.status_code == 400
    assert ok(director.get(t + "pairs/")) == [pair]


def test_seating_turno_two_before_turno_one_is_decided_is_refused(evening):
    _staff, _tournament, t, director = evening
    ok(director.post(t + "pairs/", {"lines": pair_lines(12), "check_in": True}), 201)
    ok(director.post(t + "turni/"), 201)
    response = director.post(t + "turni/")
    assert response.status_code == 400
    assert field_errors(response) == {
        "round": ["Turno 2 is seated once turno 1 is over: 0 of 6 tables decided."]
    }
    assert len(ok(director.get(t + "turni/"))) == 1
    late = director.post(t + "pairs/", {"lines": ["Zeno Gialli / Ugo Blu"]})
    assert field_errors(late) == {
        "lines": ["The first turno is seated: a pair can no longer join."]
    }


def test_who_may_do_what(evening):
    staff, _tournament, t, director = evening
    ok(director.post(t + "pairs/", {"lines": pair_lines(2), "check_in": True}), 201)
    scorekeeper = token_client(staff.scorekeeper)
    outsider = token_client(member(Staff().club, "director"))
    anonymous = Api()
    for path in ("pairs/", "turni/"):
        assert scorekeeper.post(t + path, {"lines": pair_lines(1)}).status_code == 403
        # the tournament is public: seen, not directed
        assert outsider.post(t + path, {"lines": pair_lines(1)}).status_code == 403
        assert anonymous.post(t + path, {"lines": pair_lines(1)}).status_code == 401
        assert scorekeeper.get(t + path).status_code == 200
        assert anonymous.get(t + path).status_code == 200  # a public tournament
    assert len(ok(director.get(t + "pairs/"))) == 2
    assert ok(director.get(t + "turni/")) == []


def test_an_individual_event_has_turni_but_no_pairs():
    staff = Staff()
    tournament = burraco_tournament(staff, format="burraco_individual", rounds_planned=2)
    enter_players(tournament, staff.director, 8)
    director = token_client(staff.director)
    t = f"/api/v1/tournaments/{tournament.pk}/"
    assert ok(director.get(t + "pairs/"), 404) == {
        "detail": "An individual event has no pairs: each player is entered alone."
    }
    turno = ok(director.post(t + "turni/"), 201)
    assert turno["movement"] == "individual"
    assert len(turno["tables"]) == 2
    assert all(len(table["ns"]) == 2 and len(table["eo"]) == 2 for table in turno["tables"])


def test_another_format_answers_404():
    staff = Staff()
    tournament = services.tournament_create(
        club=staff.club, user=staff.director, name="Coppa", preset="scala40", format="rounds"
    )
    director = token_client(staff.director)
    t = f"/api/v1/tournaments/{tournament.pk}/"
    not_burraco = {"detail": "This is not a Burraco tournament."}
    assert ok(director.get(t + "turni/"), 404) == not_burraco
    assert ok(director.post(t + "turni/"), 404) == not_burraco
    assert ok(director.post(t + "pairs/", {"lines": pair_lines(1)}), 404) == not_burraco
    assert ok(director.get(t + "turni/1/actions/"), 404) == not_burraco
