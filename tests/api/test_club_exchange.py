"""Import and export of match documents through the API: who may, what is answered."""

from django.utils.timezone import localtime

from scoring.engine.document import replay_document
from scoring.models import Match

SHEET = {
    "preset": "scala40",
    "players": ["Anna", "Bruno", "Zeno"],
    "events": [
        {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Zeno": 12}},
        {"type": "time_call"},
    ],
}
IMPORT = "/api/v1/clubs/{}/matches/import/"
EXPORT = "/api/v1/clubs/{}/matches/export/"


def test_a_director_imports_a_list_and_gets_the_new_ids(world, api):
    response = api("director").post(IMPORT.format("aurora") + "?played_on=2022-01-08", [SHEET])
    assert response.status_code == 201, response.json()
    (pk,) = response.json()["matches"]
    match = Match.objects.get(pk=pk)
    assert (
        match.club == world.aurora
        and localtime(match.started_at).date().isoformat() == "2022-01-08"
    )
    expected = {p["name"]: p["total"] for p in replay_document(SHEET)["players"]}
    assert dict(match.seats.values_list("name", "total")) == expected
    # Anna and Bruno are the club's players; Zeno is a new guest
    assert match.seats.get(name="Anna").player == world.player(world.aurora, "Anna")
    assert match.seats.get(name="Zeno").player.is_guest


def test_refusals_list_every_document_with_its_event_and_field(world, api):
    bad = {**SHEET, "events": [{"type": "hand", "closer": "Ugo", "points": {}}]}
    before = Match.objects.count()
    response = api("owner").post(IMPORT.format("aurora"), [SHEET, bad, {"players": []}])
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["document"], e["event"], e["field"]) for e in errors] == [
        (1, 0, "closer"),
        (2, None, "game"),
    ]
    assert errors[0]["message"] == "Ugo is not a player of this match."
    assert Match.objects.count() == before
    response = api("owner").post(IMPORT.format("aurora") + "?played_on=yesterday", SHEET)
    assert response.json()["errors"][0]["field"] == "played_on"


def test_who_may_import_and_export(world, api):
    assert api("scorekeeper").post(IMPORT.format("aurora"), SHEET).status_code == 403
    assert api("outsider").post(IMPORT.format("aurora"), SHEET).status_code == 404
    assert api("outsider").post(IMPORT.format("piazza"), SHEET).status_code == 403
    assert api("anonymous").post(IMPORT.format("piazza"), SHEET).status_code == 401
    assert api("outsider").get(EXPORT.format("aurora")).status_code == 404
    assert api("outsider").get(EXPORT.format("piazza")).status_code == 403
    response = api("member").get(EXPORT.format("piazza"))
    assert response.status_code == 200
    documents = response.json()
    assert len(documents) == Match.objects.filter(club=world.piazza).count() == 2
    # what is exported imports back: the finished match, into another club
    finished = next(d for d in documents if d["players"] == ["Anna", "Bruno"])
    response = api("owner").post(IMPORT.format("aurora"), finished)
    assert response.status_code == 201
    copy = Match.objects.get(pk=response.json()["matches"][0])
    assert copy.is_finished and copy.winner.name == "Anna"


def test_a_burraco_document_imports_with_its_lines_totals(world, api):
    """Since the site plays Burraco (issue 28), its match document is stored as the others:
    each player's total is their line's."""
    burraco = {
        "preset": "burraco",
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "events": [
            {
                "type": "hand",
                "end": "tallone",
                "lines": {
                    "NS": {"pozzetto_taken": True, "sporchi": 1, "melded": 100, "in_hand": 0},
                    "EO": {"pozzetto_taken": True, "melded": 40, "in_hand": 10},
                },
            }
        ],
    }
    response = api("director").post(IMPORT.format("aurora"), [SHEET, burraco])
    assert response.status_code == 201, response.content
    stored = Match.objects.get(pk=response.json()["matches"][1])
    assert stored.game == "burraco"
    totals = {seat.name: seat.total for seat in stored.seats.all()}
    assert totals == {"Anna": 200, "Carla": 200, "Bruno": 30, "Dario": 30}  # 100 + 100; 40 - 10
