"""Table tournaments through the API: a whole tournament driven by HTTP requests, the refusals
(400 with field errors), who may do what, and the schema of every tournament endpoint.

The world is conftest.py's: clubs "aurora" (private) and "piazza" (public), each with an owner, a
director, a scorekeeper and a plain member, and players Anna, Bruno, Carla and Dario.
"""

from __future__ import annotations

import random

import pytest

from tests.api.conftest import Api, api_token
from tests.errors import field_errors
from tests.tournaments.helpers import play_round
from tournaments import services
from tournaments.models import Tournament

# Who recorded any event of a match may not confirm its result (F4).
RECORDED_PART = (
    "You recorded part of this result (a hand, a correction, a withdrawal, a re-entry or a "
    "time call): someone else must confirm it."
)


BASE = "/api/v1/tournaments/"


def token_client(user) -> Api:
    """A client that authenticates with the user's API token, as a phone app would."""
    client = Api()
    client.client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


def ok(response, code=200):
    assert response.status_code == code, response.content
    return response.json()


def create(client, **body):
    body = {
        "club": "aurora",
        "name": "Coppa d'autunno",
        "preset": "scala40",
        "format": "rounds",
        **body,
    }
    return client.post(BASE, body)


def seated(round_body) -> list[set[str]]:
    return [{seat["name"] for seat in table["seats"]} for table in round_body["tables"]]


def hand(client, table, closer, points):
    """Record a Scala 40 hand at a table's match through the match API."""
    assert table["match_url"].endswith(f"/api/v1/matches/{table['match']}/")
    body = {"type": "hand", "closer": closer, "points": points}
    return ok(client.post(f"/api/v1/matches/{table['match']}/events/", body), 201)


# A whole tournament ------------------------------------------------------------------------------


def test_a_rounds_tournament_from_registration_to_payouts(world, api):
    director = api("director")
    scorekeeper = token_client(world.users["scorekeeper"])

    # The director creates it: one qualifying round, a final table of 3, 10 euro each.
    body = ok(
        create(
            director,
            starts_on="2025-10-12",
            rounds_planned=1,
            final_table_size=3,
            entry_fee="10",
            house_cut_percent="10",
            payout_percents=[50, 30, 20],
            options={"elimination_at": 151},
        ),
        201,
    )
    tid = body["id"]
    assert (body["club"], body["game"], body["format"], body["status"]) == (
        "aurora",
        "scala40",
        "rounds",
        "registration",
    )
    assert body["starts_on"] == "2025-10-12"
    assert body["rules"]["elimination_at"] == 151
    assert body["tie_breaks"] == ["points", "wins", "head_to_head", "opponents", "penalty"]
    assert body["entries"] == {"registered": 0, "checked_in": 0, "dropped": 0}
    assert body["links"]["standings"].endswith(f"/api/v1/tournaments/{tid}/standings/")
    t = f"{BASE}{tid}/"

    # Entries: the four club players, and four guests; some check in at once.
    entries = {}
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        player = world.player(world.aurora, name)
        entry = ok(director.post(f"{t}entries/", {"player": player.pk}), 201)
        assert (entry["name"], entry["is_guest"], entry["status"]) == (name, False, "registered")
        entries[name] = entry["id"]
    for name in ("Ugo", "Vera", "Zeno", "Walter"):
        entry = ok(director.post(f"{t}entries/", {"guest": name, "check_in": True}), 201)
        assert (entry["name"], entry["is_guest"], entry["status"]) == (name, True, "checked_in")
        entries[name] = entry["id"]
    assert [e["seed"] for e in ok(director.get(f"{t}entries/"))] == list(range(1, 9))

    checked = ok(director.post(f"{t}entries/{entries['Anna']}/check-in/"))
    assert (checked["status"], checked["has_paid"]) == ("checked_in", True)
    assert ok(director.post(f"{t}entries/check-in-all/")) == {"checked_in": 3}
    # Zeno leaves before the first round: he has paid, and keeps no seat.
    dropped = ok(director.post(f"{t}entries/{entries['Zeno']}/drop/"))
    assert (dropped["status"], dropped["has_paid"]) == ("dropped", True)
    # dropped by mistake: he comes back, checked in as before, and leaves for good after all
    back = ok(director.post(f"{t}entries/{entries['Zeno']}/reinstate/"))
    assert (back["status"], back["dropped_at"]) == ("checked_in", None)
    dropped = ok(director.post(f"{t}entries/{entries['Zeno']}/drop/"))
    assert dropped["status"] == "dropped"

    # Round 1, snake by seed: 7 players at tables of 4 and 3.
    round1 = ok(director.post(f"{t}rounds/", {"method": "snake", "seed": 3}), 201)
    assert (round1["number"], round1["kind"], round1["status"]) == (1, "qualifying", "seated")
    assert seated(round1) == [{"Anna", "Dario", "Ugo", "Walter"}, {"Bruno", "Carla", "Vera"}]
    assert [table["match"] for table in round1["tables"]] == [None, None]

    # A swap and its report, then back.
    swap = ok(
        director.post(f"{t}rounds/1/swap/", {"first": entries["Anna"], "second": entries["Bruno"]})
    )
    assert swap["new_repeats"] == [] and swap["repeats"] == []
    assert seated(ok(director.get(f"{t}rounds/1/")))[0] == {"Bruno", "Dario", "Ugo", "Walter"}
    ok(director.post(f"{t}rounds/1/swap/", {"first": entries["Anna"], "second": entries["Bruno"]}))

    # Start: every table gets its match; the clock runs, pauses and resumes.
    round1 = ok(director.post(f"{t}rounds/1/start/"))
    assert round1["status"] == "running" and round1["clock"]["started_at"]
    assert ok(director.get(t))["status"] == "running"
    assert ok(director.post(f"{t}rounds/1/pause/"))["clock"]["paused_at"] is not None
    assert ok(director.post(f"{t}rounds/1/resume/"))["clock"]["paused_at"] is None
    first, second = round1["tables"]
    assert first["match_page"].endswith(f"/{first['match']}/")

    # The scorekeeper enters table 1's hand with a token, through the match API; the owner (who
    # also directs) enters table 2's with the site's session.
    hand(scorekeeper, first, "Anna", {"Dario": 20, "Ugo": 35, "Walter": 50})
    hand(api("owner"), second, "Bruno", {"Carla": 10, "Vera": 30})
    live = ok(api("member").get(f"{t}rounds/1/"))
    assert [
        (s["seat"], s["name"], s["total"], s["status"]) for s in live["tables"][1]["seats"]
    ] == [
        (1, "Bruno", 0, "in_play"),
        (2, "Carla", 10, "in_play"),
        (3, "Vera", 30, "in_play"),
    ]

    # Time: both matches end, ranked by their totals; nothing counts until confirmed.
    # The owner calls time (whoever calls time decides the results: the director confirms).
    called = ok(api("owner").post(f"{t}rounds/1/call-time/"))
    assert called["ended"] == 2
    assert called["round"]["clock"]["time_called_at"] is not None
    assert [table["finished"] for table in called["round"]["tables"]] == [True, True]
    assert [table["awaiting_confirmation"] for table in called["round"]["tables"]] == [True, True]
    assert [(s["name"], s["place"], s["won"]) for s in called["round"]["tables"][0]["seats"]] == [
        ("Anna", 1, True),
        ("Dario", 2, False),
        ("Ugo", 3, False),
        ("Walter", 4, False),
    ]
    standings = ok(director.get(f"{t}standings/"))
    assert standings["rounds_counted"] == 0
    assert {row["points"] for row in standings["rows"]} == {"0.00"}

    # Who may confirm: a director or a player of the table, never who entered the result.
    refused = scorekeeper.post(f"{t}tables/{first['id']}/confirm/")
    assert refused.status_code == 403
    assert refused.json() == {
        "detail": "Only a director or a player of this table can confirm its result."
    }
    refused = api("owner").post(f"{t}tables/{second['id']}/confirm/")
    assert refused.status_code == 403
    assert refused.json() == {"detail": RECORDED_PART}
    anna = world.player(world.aurora, "Anna")
    anna.user = world.users["member"]  # Anna plays at table 1 with the member's account
    anna.save()
    confirmed = ok(api("member").post(f"{t}tables/{first['id']}/confirm/"))
    assert (confirmed["counts"], confirmed["confirmed_by"]) == (True, "member")
    confirmed = ok(director.post(f"{t}tables/{second['id']}/confirm/"))
    assert (confirmed["counts"], confirmed["confirmed"], confirmed["confirmed_by"]) == (
        True,
        True,
        "director",
    )

    # The standings: 7/5/3/1 at the table of 4, 7/4/1 at the table of 3; Anna is ahead of Bruno
    # on strength of schedule (her table-mates average 3 points, his 2.5).
    standings = ok(director.get(f"{t}standings/"))
    assert standings["rounds_counted"] == 1
    assert [(r["place"], r["name"], r["points"], r["wins"]) for r in standings["rows"]] == [
        (1, "Anna", "7.00", 1),
        (2, "Bruno", "7.00", 1),
        (3, "Dario", "5.00", 0),
        (4, "Carla", "4.00", 0),
        (5, "Ugo", "3.00", 0),
        (6, "Vera", "1.00", 0),
        (7, "Walter", "1.00", 0),
        (8, "Zeno", "0.00", 0),
    ]
    assert standings["rows"][0]["opponents"] == "3.00"
    assert standings["rows"][1]["opponents"] == "2.50"
    assert standings["rows"][7]["status"] == "dropped"

    # The final table: the top three of the standings; Dario wins it.
    final = ok(director.post(f"{t}rounds/", {}), 201)
    assert (final["number"], final["kind"]) == (2, "final")
    assert seated(final) == [{"Anna", "Bruno", "Dario"}]
    final = ok(director.post(f"{t}rounds/2/start/"))
    hand(scorekeeper, final["tables"][0], "Dario", {"Anna": 15, "Bruno": 40})
    ok(api("owner").post(f"{t}rounds/2/call-time/"))  # the director confirms
    refused = director.post(f"{t}finish/")
    assert refused.status_code == 400
    assert list(field_errors(refused)) == ["round"]
    ok(director.post(f"{t}tables/{final['tables'][0]['id']}/confirm/"))
    finished = ok(director.post(f"{t}finish/"))
    assert finished["status"] == "finished" and finished["finished_at"]
    assert [(r["number"], r["kind"], r["status"], r["complete"]) for r in finished["rounds"]] == [
        (1, "qualifying", "finished", True),
        (2, "final", "finished", True),
    ]
    assert finished["rounds"][1]["url"].endswith(f"/api/v1/tournaments/{tid}/rounds/2/")

    # The money: 8 paid (Zeno too), 10% to the house, 72 shared 50/30/20 in whole euros.
    ranking = ok(director.get(f"{t}final-ranking/"))
    assert [(r["place"], r["name"], r["payout"]) for r in ranking] == [
        (1, "Dario", "36.00"),
        (2, "Anna", "22.00"),
        (3, "Bruno", "14.00"),
        (4, "Carla", "0.00"),
        (5, "Ugo", "0.00"),
        (6, "Vera", "0.00"),
        (7, "Walter", "0.00"),
        (8, "Zeno", "0.00"),
    ]
    ledger = ok(director.get(f"{t}ledger/"))
    assert ledger["paying_entries"] == 8
    assert ledger["pot"] == {
        "entry_fees": "80.00",
        "reentry_fees": "0.00",
        "gross": "80.00",
        "house": "8.00",
        "prizes": "72.00",
    }
    assert ledger["amounts"] == [
        {"place": 1, "amount": "36.00"},
        {"place": 2, "amount": "22.00"},
        {"place": 3, "amount": "14.00"},
    ]
    assert ledger["paid"] == [
        {"entry": entries["Dario"], "name": "Dario", "amount": "36.00"},
        {"entry": entries["Anna"], "name": "Anna", "amount": "22.00"},
        {"entry": entries["Bruno"], "name": "Bruno", "amount": "14.00"},
    ]

    # Over: nothing changes any more.
    refused = director.post(f"{t}entries/", {"guest": "Tardo"})
    assert refused.status_code == 400
    assert field_errors(refused) == {
        "non_field_errors": ["The tournament is over; nothing can change now."]
    }
    assert Tournament.objects.get(pk=tid).status == "finished"


# Refusals ----------------------------------------------------------------------------------------


@pytest.fixture
def tournament(world):
    """A rounds tournament of the private club aurora, open to registration, not public."""
    return services.tournament_create(
        club=world.aurora,
        user=world.users["director"],
        name="Torneo sociale",
        preset="scala40",
        format="rounds",
        is_public=False,
    )


def register(world, tournament, *names, check_in=True):
    return {
        name: services.entry_register(
            tournament=tournament,
            user=None,
            player=world.player(tournament.club, name),
            check_in=check_in,
        )
        for name in names
    }


def test_a_fee_is_paid_at_the_desk_not_by_a_phone_check_in(world, api):
    tournament = services.tournament_create(
        club=world.aurora, user=None, name="T", preset="scala40", format="rounds", entry_fee="10"
    )
    entries = register(world, tournament, "Anna", "Bruno", check_in=False)
    services.self_check_in(tournament=tournament, entry_id=entries["Anna"].pk, user=None)
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    anna = next(row for row in ok(director.get(f"{t}entries/")) if row["name"] == "Anna")
    assert (anna["status"], anna["has_paid"], anna["paid_at"]) == ("checked_in", False, None)
    assert ok(director.get(f"{t}ledger/"))["pot"]["entry_fees"] == "0.00"

    paid = ok(director.post(f"{t}entries/{entries['Anna'].pk}/pay/"))
    assert (paid["status"], paid["has_paid"]) == ("checked_in", True)
    assert paid["paid_at"] is not None
    ledger = ok(director.get(f"{t}ledger/"))
    assert (ledger["pot"]["entry_fees"], ledger["paying_entries"]) == ("10.00", 1)

    undone = ok(director.post(f"{t}entries/{entries['Anna'].pk}/unpay/"))
    assert (undone["status"], undone["has_paid"], undone["paid_at"]) == ("checked_in", False, None)
    assert ok(director.get(f"{t}ledger/"))["pot"]["entry_fees"] == "0.00"
    # The desk check-in is "here and paid", as before.
    checked = ok(director.post(f"{t}entries/{entries['Bruno'].pk}/check-in/"))
    assert checked["has_paid"] and checked["paid_at"] == checked["checked_in_at"]


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"name": "", "preset": "poker"},
            {
                "name": ["This field may not be blank."],
                "preset": ['"poker" is not a valid choice.'],
            },
        ),
        ({"format": "ladder"}, {"format": ['"ladder" is not a valid choice.']}),
        ({"name": "   "}, {"name": ["This field may not be blank."]}),
        (
            {"preset": "gin-standard"},
            {
                "preset": [
                    "Table tournaments are played at Scala 40 or Ramino: choose one of their "
                    "presets."
                ]
            },
        ),
        (
            {"format": "swiss"},
            {"preset": ["Brackets, round robin and Swiss are for Gin Rummy: choose a Gin preset."]},
        ),
        (
            {"format": "knockout"},
            {
                "advance": [
                    "Set either how many players go through from each table or how many drop out."
                ]
            },
        ),
        ({"entry_fee": "-5"}, {"entry_fee": ["The entry fee cannot be negative."]}),
        ({"entry_fee": "ten"}, {"entry_fee": ["A valid number is required."]}),
        ({"rounds_planned": 0}, {"rounds_planned": ["Play at least one qualifying round."]}),
        ({"options": {"elimination_at": 0}}, "options.elimination_at"),
        ({"options": {"nope": 1}}, "options.nope"),
        ({"payout_percents": [50, 30]}, "payout_percents"),
        ({"tie_breaks": ["points", "luck"]}, "tie_breaks"),
        ({"placement_points": {"3": [7, 8, 1]}}, "placement_points"),
        ({"table_size": 4, "table_size_min": 5}, "table_size"),
        ({"table_size_min": 5, "table_size_max": 4}, "table_size_min"),
        ({"table_size_max": 7}, "table_size_max"),
        ({"club": "nowhere"}, 404),
    ],
)
def test_a_refused_tournament_names_the_field_at_fault(world, api, body, errors):
    response = create(api("director"), **body)
    if errors == 404:
        assert response.status_code == 404
        return
    assert response.status_code == 400, response.content
    if isinstance(errors, str):
        assert list(field_errors(response)) == [errors]
        assert field_errors(response)[errors][0].endswith(".")
    else:
        assert field_errors(response) == errors
    assert not Tournament.objects.exists()


# Entries and rounds: refusals ---------------------------------------------------------------------


def test_an_entry_is_a_club_player_or_a_guest(world, api, tournament):
    t = f"{BASE}{tournament.pk}/entries/"
    director = api("director")
    borgo_anna = world.player(world.borgo, "Anna")
    cases = [
        ({}, {"player": ["Give either a player id or a guest's name."]}),
        (
            {"player": world.player(world.aurora, "Anna").pk, "guest": "Ugo"},
            {"player": ["Give either a player id or a guest's name."]},
        ),
        (
            {"player": borgo_anna.pk},
            {"player": [f"The club has no player with id {borgo_anna.pk}."]},
        ),
        ({"player": "Anna"}, {"player": ["A valid integer is required."]}),
        ({"guest": "  "}, {"guest": ["This field may not be blank."]}),
    ]
    for body, errors in cases:
        response = director.post(t, body)
        assert (response.status_code, field_errors(response)) == (400, errors), body
    ok(director.post(t, {"player": world.player(world.aurora, "Anna").pk}), 201)
    again = director.post(t, {"guest": "anna"})  # a guest's name finds the club's player
    assert (again.status_code, field_errors(again)) == (
        400,
        {"player": ["Anna is already entered."]},
    )
    assert [entry["name"] for entry in ok(director.get(t))] == ["Anna"]


def test_refusals_come_in_the_language_of_the_request(world, api, tournament):
    response = api("director", language="it").post(f"{BASE}{tournament.pk}/rounds/", {"seed": -1})
    assert field_errors(response) == {
        "seed": ["Assicurati che il valore sia maggiore o uguale a 0."]
    }


def test_a_round_is_refused_with_the_field_at_fault(world, api, tournament):
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    register(world, tournament, "Anna")
    response = director.post(f"{t}rounds/", {})
    assert (response.status_code, field_errors(response)) == (
        400,
        {"entries": ["At least 2 players must be checked in to seat a round (now: 1)."]},
    )
    response = director.post(f"{t}rounds/", {"method": "alphabetical"})
    assert (response.status_code, field_errors(response)) == (
        400,
        {"method": ['"alphabetical" is not a valid choice.']},
    )
    register(world, tournament, "Bruno", "Carla", "Dario")
    ok(director.post(f"{t}rounds/", {"method": "random", "seed": 11}), 201)
    (anna,) = entries_by_name(tournament, "Anna")
    swaps = [
        ({"first": anna, "second": anna}, {"second": ["Choose two different players."]}),
        ({"first": anna, "second": 999}, {"second": ["The tournament has no entry with id 999."]}),
        ({"first": anna}, {"second": ["This field is required."]}),
    ]
    for body, errors in swaps:
        response = director.post(f"{t}rounds/1/swap/", body)
        assert (response.status_code, field_errors(response)) == (400, errors), body
    response = director.post(f"{t}rounds/1/pause/")
    assert (response.status_code, field_errors(response)) == (
        400,
        {"round": ["Round 1 is not being played."]},
    )
    table = ok(director.get(f"{t}rounds/1/"))["tables"][0]
    response = director.post(f"{t}tables/{table['id']}/confirm/")
    assert (response.status_code, field_errors(response)) == (
        400,
        {"table": ["The match at this table is not finished yet."]},
    )
    ok(director.post(f"{t}rounds/1/start/"))
    response = director.post(f"{t}rounds/1/start/")
    assert (response.status_code, field_errors(response)) == (
        400,
        {"round": ["Round 1 has already started."]},
    )
    response = director.post(f"{t}rounds/1/reseat/", {})
    assert (response.status_code, field_errors(response)) == (
        400,
        {"round": ["Round 1 has started; its seating cannot change."]},
    )
    response = director.post(f"{t}rounds/", {})
    assert (response.status_code, field_errors(response)) == (
        400,
        {"round": ["Round 1 is not over: every table must be finished and its result confirmed."]},
    )
    assert tournament.rounds.count() == 1


def entries_by_name(tournament, *names):
    ids = dict(tournament.entries.values_list("player__name", "pk"))
    return [ids[name] for name in names]


def test_a_reseat_draws_the_same_tables_from_the_same_seed(world, api, tournament):
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    register(world, tournament, "Anna", "Bruno", "Carla", "Dario")
    for name in ("Ugo", "Vera", "Zeno"):
        ok(director.post(f"{t}entries/", {"guest": name, "check_in": True}), 201)
    first = ok(director.post(f"{t}rounds/", {"method": "random", "seed": 5}), 201)
    other = ok(director.post(f"{t}rounds/1/reseat/", {"method": "random", "seed": 6}))
    again = ok(director.post(f"{t}rounds/1/reseat/", {"method": "random", "seed": 5}))
    assert (again["seating_method"], again["seed"]) == ("random", 5)
    assert seated(again) == seated(first) != seated(other)
    assert [len(table["seats"]) for table in again["tables"]] == [4, 3]


def test_a_tie_across_the_knockout_cut_is_settled_by_play_off_places(world, api):
    tournament = services.tournament_create(
        club=world.aurora,
        user=None,
        name="Batterie",
        preset="scala40",
        format="knockout",
        advance=2,
    )
    register(world, tournament, "Anna", "Bruno", "Carla", "Dario")
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    for name in ("Ugo", "Vera", "Zeno", "Walter"):
        ok(director.post(f"{t}entries/", {"guest": name, "check_in": True}), 201)
    ok(director.post(f"{t}rounds/", {"method": "snake"}), 201)
    table, other = ok(director.post(f"{t}rounds/1/start/"))["tables"]
    names = [seat["name"] for seat in table["seats"]]
    ids = {seat["name"]: seat["entry"] for seat in table["seats"]}
    scorekeeper = api("scorekeeper")
    # The second and third at table 1 are equal on penalty points: tied across the cut of 2.
    hand(scorekeeper, table, names[0], {names[1]: 10, names[2]: 10, names[3]: 30})
    closer = other["seats"][0]["name"]
    hand(scorekeeper, other, closer, {s["name"]: 5 * s["seat"] for s in other["seats"][1:]})
    ok(api("owner").post(f"{t}rounds/1/call-time/"))  # the director confirms
    for each in (table, other):
        ok(director.post(f"{t}tables/{each['id']}/confirm/"))
    response = director.post(f"{t}rounds/", {})
    assert response.status_code == 400
    assert list(field_errors(response)) == ["playoff"]
    assert f"{names[1]}, {names[2]}" in field_errors(response)["playoff"][0]

    stranger = other["seats"][0]["entry"]
    cases = [
        ({"places": {str(stranger): 1}}, "Only players of this table can have a play-off place."),
        ({"places": {str(ids[names[1]]): 0}}, "Ensure this value is greater than or equal to 1."),
        ({"places": {"Anna": 1}}, "Name the players by entry id."),
        (
            {"places": {str(ids[names[1]]): 9}},
            "A play-off place goes from 1 to 4, the players at this table.",
        ),
    ]
    for body, message in cases:
        response = director.post(f"{t}tables/{table['id']}/playoff/", body)
        assert response.status_code == 400, body
        places = {f: m for f, m in field_errors(response).items() if f.split(".")[0] == "places"}
        assert message in str(places), response.json()
    places = {str(ids[names[0]]): 1, str(ids[names[1]]): 3, str(ids[names[2]]): 2}
    places[str(ids[names[3]])] = 4
    answer = ok(director.post(f"{t}tables/{table['id']}/playoff/", {"places": places}))
    assert [seat["playoff_place"] for seat in answer["seats"]] == [1, 3, 2, 4]
    final = ok(director.post(f"{t}rounds/", {}), 201)
    assert final["kind"] == "final"
    finalists = seated(final)[0]
    assert {names[0], names[2]} <= finalists and names[1] not in finalists
    assert len(finalists) == 4


# Who may do what ---------------------------------------------------------------------------------


def test_directors_create_tournaments_and_others_may_not(world, api):
    codes = {role: create(api(role), name=role).status_code for role in world.users}
    codes["anonymous"] = create(api("anonymous")).status_code
    assert codes == {
        "owner": 201,
        "director": 201,
        "scorekeeper": 403,
        "member": 403,
        "outsider": 404,  # aurora is private
        "anonymous": 401,
    }
    response = create(api("outsider"), club="piazza")
    assert response.status_code == 403  # piazza is public: seen, not directed
    assert list(Tournament.objects.values_list("name", flat=True).order_by("name")) == [
        "director",
        "owner",
    ]


WRITES = [
    ("post", "entries/", {"guest": "Zeno"}, 201),
    ("post", "entries/check-in-all/", None, 200),
    ("post", "entries/{entry}/check-in/", None, 200),
    ("post", "entries/{entry}/pay/", None, 200),
    ("post", "entries/{entry}/unpay/", None, 200),
    ("post", "entries/{entry}/drop/", None, 200),
    ("post", "entries/{entry}/reinstate/", None, 400),  # allowed, but not dropped
    ("post", "rounds/", {"seed": 1}, 201),
    ("post", "finish/", None, 400),  # allowed, but no round has been played
]
READS = ["", "entries/", "rounds/", "standings/", "final-ranking/", "ledger/"]


@pytest.mark.parametrize(("method", "path", "body", "success"), WRITES)
@pytest.mark.parametrize(
    ("role", "public", "expected"),
    [
        ("owner", False, None),
        ("director", False, None),
        ("scorekeeper", False, 403),
        ("member", False, 403),
        ("outsider", False, 404),
        ("anonymous", False, 401),
        ("outsider", True, 403),
        ("anonymous", True, 401),
    ],
)
def test_only_directors_change_a_tournament(
    world, api, role, public, expected, method, path, body, success
):
    tournament = services.tournament_create(
        club=world.aurora, user=None, name="T", preset="scala40", format="rounds", is_public=public
    )
    entries = register(world, tournament, "Anna", "Bruno", check_in=False)
    url = f"{BASE}{tournament.pk}/" + path.format(entry=entries["Anna"].pk)
    client = api(role)
    if path == "rounds/":
        services.entry_check_in_all(tournament=tournament, user=None)
    response = client.post(url, body)
    assert response.status_code == (expected or success), response.content


@pytest.mark.parametrize("path", READS)
@pytest.mark.parametrize(
    ("role", "public", "expected"),
    [
        ("member", False, 200),
        ("scorekeeper", False, 200),
        ("outsider", False, 404),
        ("anonymous", False, 404),
        ("outsider", True, 200),
        ("anonymous", True, 200),
    ],
)
def test_a_tournament_is_read_by_its_club_or_by_anyone_when_public(
    world, api, role, public, expected, path
):
    tournament = services.tournament_create(
        club=world.aurora, user=None, name="T", preset="scala40", format="rounds", is_public=public
    )
    register(world, tournament, "Anna", "Bruno")
    response = api(role).get(f"{BASE}{tournament.pk}/{path}")
    assert response.status_code == expected, response.content


def test_an_anonymous_visitor_follows_a_public_tournament_read_only(world, api):
    tournament = services.tournament_create(
        club=world.piazza, user=None, name="Open", preset="scala40", format="rounds"
    )
    register(world, tournament, "Anna", "Bruno", "Carla")
    services.round_seat(tournament=tournament, user=None, seed=1)
    visitor = api("anonymous")
    t = f"{BASE}{tournament.pk}/"
    body = ok(visitor.get(t))
    assert (body["name"], body["entries"]["checked_in"], len(body["rounds"])) == ("Open", 3, 1)
    assert sorted(seated(ok(visitor.get(f"{t}rounds/1/")))[0]) == ["Anna", "Bruno", "Carla"]
    for path in ("rounds/1/start/", "entries/check-in-all/", "finish/"):
        response = visitor.post(f"{t}{path}")
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Token"
    assert tournament.rounds.get().status == "seated"


def test_objects_of_another_tournament_answer_404(world, api, tournament):
    other = services.tournament_create(
        club=world.aurora, user=None, name="Altro", preset="scala40", format="rounds"
    )
    foreign = register(world, other, "Anna", "Bruno")
    services.round_seat(tournament=other, user=None, seed=1)
    table = other.rounds.get().tables.get()
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    for path in (
        f"entries/{foreign['Anna'].pk}/check-in/",
        f"entries/{foreign['Anna'].pk}/drop/",
        f"entries/{foreign['Anna'].pk}/pay/",
        f"tables/{table.pk}/confirm/",
        f"tables/{table.pk}/playoff/",
        "rounds/1/start/",
    ):
        assert director.post(f"{t}{path}", {"places": {}}).status_code == 404, path
    assert director.get(f"{t}rounds/1/").status_code == 404


def test_the_list_shows_what_the_user_may_see_and_filters_it(world, api):
    def make(club, name, **kwargs):
        return services.tournament_create(
            club=club, user=None, name=name, preset="scala40", format="rounds", **kwargs
        )

    make(world.aurora, "Privato", is_public=False)
    make(world.aurora, "Aperto", is_public=True)
    make(world.piazza, "Piazza", rounds_planned=2)
    make(world.borgo, "Borgo", is_public=False)
    knockout = services.tournament_create(
        club=world.piazza, user=None, name="Batterie", preset="ramino", format="knockout", drop=1
    )

    def names(role, query=""):
        response = ok(api(role).get(f"{BASE}?{query}"))
        return sorted(item["name"] for item in response["results"])

    assert names("member") == ["Aperto", "Batterie", "Piazza", "Privato"]
    assert names("outsider") == ["Aperto", "Batterie", "Borgo", "Piazza"]
    assert names("anonymous") == ["Aperto", "Batterie", "Piazza"]
    assert names("member", "club=aurora") == ["Aperto", "Privato"]
    assert names("member", "format=knockout") == ["Batterie"]
    assert names("member", "status=running") == []
    assert names("member", "club=piazza&format=rounds") == ["Piazza"]
    item = ok(api("member").get(f"{BASE}?format=knockout"))["results"][0]
    assert (item["id"], item["club"], item["game"], item["status"]) == (
        knockout.pk,
        "piazza",
        "ramino",
        "registration",
    )
    response = api("member").get(f"{BASE}?format=ladder")
    assert response.status_code == 400 and list(field_errors(response)) == ["format"]


def test_a_correction_after_confirmation_needs_a_new_confirmation(world, api, tournament):
    director, scorekeeper = api("director"), api("scorekeeper")
    t = f"{BASE}{tournament.pk}/"
    register(world, tournament, "Anna", "Bruno")
    ok(director.post(f"{t}rounds/", {"seed": 1}), 201)
    (table,) = ok(director.post(f"{t}rounds/1/start/"))["tables"]
    hand(scorekeeper, table, "Anna", {"Bruno": 40})
    ok(api("owner").post(f"{t}rounds/1/call-time/"))  # the director confirms
    ok(director.post(f"{t}tables/{table['id']}/confirm/"))
    leader = ok(director.get(f"{t}standings/"))["rows"][0]
    assert (leader["name"], leader["points"]) == ("Anna", "7.00")

    events = ok(scorekeeper.get(f"/api/v1/matches/{table['match']}/events/"))
    number = next(event["number"] for event in events if event["kind"] == "hand")
    correction = {
        "data": {"closer": "Bruno", "points": {"Anna": 40}},
        "version": 1,
        "reason": "Bruno closed",
    }
    ok(scorekeeper.post(f"/api/v1/matches/{table['match']}/events/{number}/correct/", correction))
    (table,) = ok(director.get(f"{t}rounds/1/"))["tables"]
    assert (table["confirmed"], table["counts"], table["awaiting_confirmation"]) == (
        False,
        False,
        True,
    )
    assert {row["points"] for row in ok(director.get(f"{t}standings/"))["rows"]} == {"0.00"}
    ok(director.post(f"{t}tables/{table['id']}/confirm/"))
    leader = ok(director.get(f"{t}standings/"))["rows"][0]
    assert (leader["name"], leader["points"]) == ("Bruno", "7.00")


def test_a_swap_reports_the_repeat_meetings_it_creates(world, api, tournament):
    director = api("director")
    t = f"{BASE}{tournament.pk}/"
    register(world, tournament, "Anna", "Bruno", "Carla", "Dario")
    for number in range(1, 13):  # 16 players: four tables of 4, where nobody need meet again
        ok(director.post(f"{t}entries/", {"guest": f"Ospite {number}", "check_in": True}), 201)
    round1 = services.round_seat(tournament=tournament, user=None, seed=1)
    play_round(
        round1,
        scorekeeper=world.users["scorekeeper"],
        director=world.users["director"],
        rng=random.Random(3),
    )
    met = [
        {seat["name"] for seat in table["seats"]}
        for table in ok(director.get(f"{t}rounds/1/"))["tables"]
    ]
    round2 = ok(director.post(f"{t}rounds/", {"method": "balanced", "seed": 4}), 201)
    assert round2["report"]["repeats"] == []
    assert round2["report"]["repeat_cost"] == 0
    ids = {s["name"]: s["entry"] for table in round2["tables"] for s in table["seats"]}
    here, there = ([seat["name"] for seat in table["seats"]] for table in round2["tables"][:2])
    # Move someone from the second table next to a player they met in round 1.
    mover = there[0]
    mates = next(group for group in met if mover in group) - {mover}
    partner = next(name for name in here if name in mates)
    leaving = next(name for name in here if name != partner)
    swap = ok(director.post(f"{t}rounds/2/swap/", {"first": ids[leaving], "second": ids[mover]}))
    new = [sorted(repeat["players"]) for repeat in swap["new_repeats"]]
    assert sorted([mover, partner]) in new
    assert all(repeat["before"] == 1 for repeat in swap["new_repeats"])
    assert swap["repeat_cost"] >= 2
    assert f"Pairs of players who meet again: {len(swap['repeats'])}." in swap["notices"]
    assert ok(director.get(f"{t}rounds/2/"))["report"]["repeats"] == swap["repeats"]


# Tie-breaks (issue 25): the default, the choice, the refusals, the schema -------------------------


def test_the_tie_breaks_default_to_head_to_head_third_and_take_the_order_given(world, api):
    director = api("director")
    body = ok(create(director), 201)
    assert body["tie_breaks"] == ["points", "wins", "head_to_head", "opponents", "penalty"]
    body = ok(create(director, name="Scelto", tie_breaks=["points", "opponents", "wins"]), 201)
    assert body["tie_breaks"] == ["points", "opponents", "wins"]


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["points", "wins", "points"], "The tie-break points is listed twice."),
        (
            ["points", "luck"],
            "luck is not a tie-break; choose among: points, wins, head_to_head, opponents, "
            "penalty.",
        ),
        ([], "Choose at least one tie-break."),
    ],
)
def test_a_repeated_unknown_or_empty_order_is_refused(world, api, order, message):
    response = create(api("director"), tie_breaks=order)
    assert response.status_code == 400, response.content
    assert field_errors(response) == {"tie_breaks": [message]}
    assert not Tournament.objects.exists()


def test_the_schema_documents_the_tie_breaks_and_their_default(world, api):
    schema = ok(api("anonymous").get("/api/v1/schema/?format=json"))
    described = schema["components"]["schemas"]["TournamentCreateRequest"]["properties"][
        "tie_breaks"
    ]
    assert described["type"] == "array"
    text = described["description"]
    assert "points, wins, head_to_head, opponents, penalty" in text
    assert "not given: points, wins, head_to_head, opponents, penalty." in text
    assert "repeated one is refused" in text
