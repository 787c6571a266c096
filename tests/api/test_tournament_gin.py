"""Gin tournaments through the API: a bracket drawn, played at the table and fixed by the
director, and a Swiss paired round after round; their standings, rankings and refusals.

The world is conftest.py's (club "aurora" with its staff and players Anna, Bruno, Carla, Dario).
Matches are played to 10 points, so one gin ends a match.
"""

from __future__ import annotations

from tests.api.test_tournaments import BASE, ok, token_client
from tests.errors import field_errors
from tournaments import services


def gin(client, match_id, winner, loser, deadwood=20):
    body = {
        "type": "hand",
        "result": "gin",
        "knocker": winner,
        "deadwood": {winner: 0, loser: deadwood},
    }
    return ok(client.post(f"/api/v1/matches/{match_id}/events/", body), 201)


def make(api, format, **settings):
    body = {
        "club": "aurora",
        "name": "Gin d'inverno",
        "preset": "gin-standard",
        "format": format,
        "options": {"target": 10},
        **settings,
    }
    tournament = ok(api("director").post(BASE, body), 201)
    t = f"{BASE}{tournament['id']}/"
    entries = {}
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        body = {"guest": name, "check_in": True}  # the guest's name finds the club's player
        entries[name] = ok(api("director").post(f"{t}entries/", body), 201)["id"]
    return tournament, t, entries


def by_number(bracket):
    return {match["number"]: match for match in bracket["matches"]}


def test_a_single_elimination_bracket_played_and_fixed(world, api):
    director = api("director")
    scorekeeper = token_client(world.users["scorekeeper"])
    tournament, t, entries = make(api, "single_elimination", third_place=True)
    assert tournament["confirm_results"] is False  # a finished match moves the bracket on
    assert tournament["links"]["bracket"].endswith(f"{t}bracket/")
    assert ok(director.get(f"{t}bracket/")) == {
        "drawn": False,
        "format": "single_elimination",
        "size": None,
        "champion": None,
        "matches": [],
        "conflicts": [],
    }

    round = ok(director.post(f"{t}draw/"), 201)
    assert (round["number"], round["kind"], round["status"]) == (1, "bracket", "running")
    assert len(round["tables"]) == 2
    again = director.post(f"{t}draw/")
    assert (again.status_code, field_errors(again)) == (
        400,
        {"round": ["The draw has already been made."]},
    )

    bracket = ok(director.get(f"{t}bracket/"))
    assert (bracket["drawn"], bracket["size"]) == (True, 4)
    matches = by_number(bracket)
    assert [
        (m["number"], m["section"], m["round"], m["slots"], m["status"]) for m in bracket["matches"]
    ] == [
        (1, "winners", 1, ["seed 1", "seed 4"], "ready"),
        (2, "winners", 1, ["seed 2", "seed 3"], "ready"),
        (3, "third_place", 1, ["loser of 1", "loser of 2"], "waiting"),
        (4, "winners", 2, ["winner of 1", "winner of 2"], "waiting"),
    ]
    assert matches[1]["players"] == [
        {"entry": entries["Anna"], "name": "Anna"},
        {"entry": entries["Dario"], "name": "Dario"},
    ]
    assert matches[4]["players"] == [None, None] and matches[4]["table"] is None

    # Match 1 is played at the table: Anna goes gin.
    gin(scorekeeper, matches[1]["match"], "Anna", "Dario")
    matches = by_number(ok(director.get(f"{t}bracket/")))
    assert matches[1]["status"] == "played"
    assert matches[1]["result"] == {
        "winner": entries["Anna"],
        "loser": entries["Dario"],
        "walkover": False,
    }
    assert matches[4]["players"] == [{"entry": entries["Anna"], "name": "Anna"}, None]

    # Match 2: Bruno has left; the director gives Carla the walkover.
    table2 = matches[2]["table"]
    refusals = [
        (
            {"winner": entries["Dario"], "reason": "x"},
            {"winner": ["Dario does not play this match."]},
        ),
        ({"winner": entries["Carla"]}, {"reason": ["This field is required."]}),
        ({"winner": 999, "reason": "x"}, {"winner": ["The tournament has no entry with id 999."]}),
        ({"winner": None, "reason": "x"}, {"winner": ["This match has no fix to clear."]}),
    ]
    for body, errors in refusals:
        response = director.post(f"{t}tables/{table2}/fix/", body)
        assert (response.status_code, field_errors(response)) == (400, errors), body
    assert api("scorekeeper").post(f"{t}tables/{table2}/fix/", {"winner": None}).status_code == 403
    fix = ok(
        director.post(
            f"{t}tables/{table2}/fix/",
            {"winner": entries["Carla"], "walkover": True, "reason": "Bruno left."},
        ),
        201,
    )
    assert (fix["table"], fix["name"], fix["walkover"], fix["is_current"], fix["created_by"]) == (
        table2,
        "Carla",
        True,
        True,
        "director",
    )
    matches = by_number(ok(director.get(f"{t}bracket/")))
    assert matches[2]["result"]["walkover"] is True
    assert [p["name"] for p in matches[4]["players"]] == ["Anna", "Carla"]
    assert [p["name"] for p in matches[3]["players"]] == ["Dario", "Bruno"]
    assert matches[4]["status"] == "ready" and matches[4]["match"] is not None

    # Not over yet: places 1 to 4 are not known.
    refused = director.post(f"{t}finish/")
    assert refused.status_code == 400

    # The final at the table, the match for third place by walkover.
    gin(scorekeeper, matches[4]["match"], "Carla", "Anna")
    ok(
        director.post(
            f"{t}tables/{matches[3]['table']}/fix/",
            {"winner": entries["Dario"], "walkover": True, "reason": "Bruno left."},
        ),
        201,
    )
    bracket = ok(director.get(f"{t}bracket/"))
    assert bracket["champion"] == {"entry": entries["Carla"], "name": "Carla"}

    standings = ok(director.get(f"{t}standings/"))
    assert standings["kind"] == "bracket"
    rows = sorted(standings["rows"], key=lambda row: row["place"])
    assert [(r["place"], r["name"], r["place_label"], r["seed"]) for r in rows] == [
        (1, "Carla", "1", 3),
        (2, "Anna", "2", 1),
        (3, "Dario", "3", 4),
        (4, "Bruno", "4", 2),
    ]
    finished = ok(director.post(f"{t}finish/"))
    assert finished["status"] == "finished"
    ranking = ok(director.get(f"{t}final-ranking/"))
    assert [(r["place"], r["name"]) for r in ranking] == [
        (1, "Carla"),
        (2, "Anna"),
        (3, "Dario"),
        (4, "Bruno"),
    ]
    assert ranking[0]["stage"] == "Champion"


def test_a_swiss_paired_round_after_round(world, api):
    director = api("director")
    scorekeeper = token_client(world.users["scorekeeper"])
    tournament, t, entries = make(api, "swiss", rounds_planned=2)
    assert tournament["tie_breaks"] == ["buchholz", "median_buchholz", "net", "head_to_head"]
    refused = director.post(f"{t}next-round/")
    assert (refused.status_code, field_errors(refused)) == (
        400,
        {"round": ["Make the draw first."]},
    )

    round1 = ok(director.post(f"{t}draw/"), 201)
    assert (round1["kind"], [len(table["seats"]) for table in round1["tables"]]) == (
        "pairing",
        [2, 2],
    )
    # Round 1 pairs the top half of the seeds against the bottom half: 1 v 3, 2 v 4.
    pairs = [[seat["name"] for seat in table["seats"]] for table in round1["tables"]]
    assert sorted(sorted(pair) for pair in pairs) == [["Anna", "Carla"], ["Bruno", "Dario"]]
    refused = director.post(f"{t}next-round/")
    assert refused.status_code == 400 and list(field_errors(refused)) == ["round"]

    first, second = round1["tables"]
    gin(scorekeeper, first["match"], "Anna", "Carla", deadwood=30)
    ok(
        director.post(
            f"{t}tables/{second['id']}/fix/",
            {"winner": entries["Dario"], "walkover": True, "reason": "Bruno was late."},
        ),
        201,
    )
    standings = ok(director.get(f"{t}standings/"))
    assert (standings["kind"], standings["rounds_counted"]) == ("pairing", 1)
    top = {row["name"]: row for row in standings["rows"]}
    match = ok(director.get(f"/api/v1/matches/{first['match']}/"))
    assert match["state"]["winner"] == "Anna" and match["state"]["net_total"] > 55
    # the net of the match (gin 25 + 30 deadwood, then the game's bonuses); a walkover nets 0
    assert (top["Anna"]["points"], top["Anna"]["wins"], top["Anna"]["net"]) == (
        1.0,
        1,
        match["state"]["net_total"],
    )
    assert (top["Dario"]["net"], top["Carla"]["net"]) == (0, -match["state"]["net_total"])
    assert (top["Dario"]["points"], top["Carla"]["points"], top["Bruno"]["losses"]) == (
        1.0,
        0.0,
        1,
    )

    round2 = ok(director.post(f"{t}next-round/"), 201)
    assert round2["number"] == 2
    pairs = [sorted(seat["name"] for seat in table["seats"]) for table in round2["tables"]]
    assert sorted(pairs) == [["Anna", "Dario"], ["Bruno", "Carla"]]
    for table in round2["tables"]:
        names = [seat["name"] for seat in table["seats"]]
        gin(scorekeeper, table["match"], names[0], names[1])
    refused = director.post(f"{t}next-round/")
    assert (refused.status_code, field_errors(refused)) == (
        400,
        {"round": ["Every round has been played: finish the tournament."]},
    )
    ok(director.post(f"{t}finish/"))
    ranking = ok(director.get(f"{t}final-ranking/"))
    assert len(ranking) == 4 and ranking[0]["place"] == 1


def test_only_directors_draw_and_table_tournaments_have_no_bracket(world, api):
    _tournament, t, _entries = make(api, "round_robin")
    for role, code in (("member", 403), ("scorekeeper", 403), ("anonymous", 401)):
        assert api(role).post(f"{t}draw/").status_code == code, role
    ok(api("owner").post(f"{t}draw/"), 201)
    assert api("director").get(f"{t}bracket/").status_code == 404
    table_format = services.tournament_create(
        club=world.aurora, user=None, name="Scala", preset="scala40", format="rounds"
    )
    response = api("director").post(f"{BASE}{table_format.pk}/draw/")
    assert (response.status_code, field_errors(response)) == (
        400,
        {"format": ["This tournament is seated at tables, not paired."]},
    )
    response = api("director").post(f"{t}rounds/", {})
    assert (response.status_code, field_errors(response)) == (
        400,
        {"format": ["This tournament is paired, not seated at tables."]},
    )
