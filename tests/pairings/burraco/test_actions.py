"""The director's actions on a Burraco turno through real HTTP (BURRACO.md section 2): a line
abandoned, a line late (7 minutes: -100 on its total; 12: a forfeit), a pair's VP adjusted;
each asks first and records nothing until the director says yes, can be undone until the next
turno is seated, and stays in the history with its reason. The page and the API (/api/v1/)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Role
from pairings.burraco import services as burraco
from pairings.burraco.selectors import burraco_standings
from pairings.models import TurnoAction
from tests.factories import ClubFactory, member
from tests.test_described_by import dangling, described
from tests.tournaments.helpers import Staff

from .helpers import burraco_tournament, pair_lines, play_table, play_turno, seat

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.cookies["django_language"] = "en"
    if user is not None:
        client.force_login(user)
    return client


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.fixture
def evening():
    """8 pairs, 4 tables: turno 1 (Mitchell) seats pairs 1-4 NS at tables 1-4, pairs 5-8 EO."""
    staff = Staff()
    tournament = burraco_tournament(staff)
    pairs = burraco.pairs_register(
        tournament=tournament, user=staff.director, lines=pair_lines(8), check_in=True
    )
    round = seat(tournament, staff)
    return staff, tournament, pairs, round


def page(tournament, number=1) -> str:
    return reverse("pairings:burraco-turno", args=[tournament.pk, number])


def record_url(tournament, number=1) -> str:
    return reverse("pairings:burraco-action", args=[tournament.pk, number])


def undo_url(tournament, action) -> str:
    return reverse("pairings:burraco-action-undo", args=[tournament.pk, action.pk])


def scores(tournament, pairs) -> dict[int, tuple[int, int]]:
    """Pair number -> (VP, MP) in the standings."""
    number = {pair.pk: pair.number for pair in pairs}
    return {number[row.entry]: (row.vp, row.mp) for row in burraco_standings(tournament).rows}


def table_row(response, number: int) -> str:
    match = re.search(rf'<tr id="table-{number}">(.*?)</tr>', response.content.decode(), re.S)
    assert match, f"no row for table {number}"
    row = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", match.group(1))).strip()
    return row.replace("\u2013", "-")  # the page's en dashes between NS and EO


def ask_then_record(client, tournament, body: dict, number=1):
    """Post the action: the question comes back and nothing is recorded; then say yes."""
    before = TurnoAction.objects.count()
    asked = client.post(record_url(tournament, number), body)
    assert asked.status_code == 200, text(asked)[:2000]
    assert TurnoAction.objects.count() == before  # the question records nothing
    done = client.post(record_url(tournament, number), {**body, "confirm": "1"})
    assert done.status_code == 302, text(done)[:2000]
    assert done["Location"] == page(tournament, number) + "#history"
    assert TurnoAction.objects.count() == before + 1
    return text(asked), TurnoAction.objects.latest("pk")


# The page ----------------------------------------------------------------------------------


def test_the_turno_page_shows_its_tables_totals_and_the_rules_in_words(evening):
    staff, tournament, _pairs, round = evening
    play_table(round.tables.get(number=2), staff.scorekeeper, [(300, 250)] * 3)
    play_table(round.tables.get(number=3), staff.scorekeeper, [(100, 50)])
    response = client_for(staff.director).get(page(tournament))
    assert response.status_code == 200
    assert table_row(response, 1).startswith(
        "1 Pair 1: Giocatore 01 / Giocatore 02 Pair 5: Giocatore 09 / Giocatore 10"
    )
    # table 2 finished but not confirmed: no VP yet; table 3 one hand in
    assert table_row(response, 2).endswith("900 - 750 - - not confirmed")
    assert "100 - 50" in table_row(response, 3)
    body = text(response)
    assert (
        "Up to 5 minutes late: a warning, the scores do not change. Over 5: the late line's "
        "turno total loses 100. Over 10: a forfeit: the present pair gets 14 VP and +355 MP, "
        "the late pair 6 VP and -355 MP."
    ) in body
    for title in ("A line abandoned", "A line was late", "Adjust a pair's VP or MP"):
        assert title in body
    assert "No action on this turno." in body


def test_only_the_director_opens_the_page_and_records(evening):
    staff, tournament, _pairs, _round = evening
    body = {"kind": "late", "table": 1, "side": "EO", "minutes": 3, "reason": "x", "confirm": "1"}
    outsider = member(ClubFactory(), Role.DIRECTOR)
    for user, status in ((staff.scorekeeper, 403), (outsider, 404)):
        assert client_for(user).get(page(tournament)).status_code == status
        assert client_for(user).post(record_url(tournament), body).status_code == status
    anonymous = client_for().post(record_url(tournament), body)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert client_for(staff.director).get(page(tournament, 2)).status_code == 404
    assert not TurnoAction.objects.exists()


# Abandonment -------------------------------------------------------------------------------


def test_an_abandonment_asks_first_then_gives_6_and_14_vp_and_is_undone(evening):
    staff, tournament, pairs, _round = evening
    director = client_for(staff.director)
    body = {"kind": "abandon", "table": 1, "side": "EO", "mp": -100, "reason": "Left at 22:10"}
    asked, action = ask_then_record(director, tournament, body)
    assert "Record the abandonment?" in asked
    assert (
        "Pair 5: Giocatore 09 / Giocatore 10 leaves turno 1 at table 1: it gets 6 VP and -100 MP."
    ) in asked
    assert (
        "Pair 1: Giocatore 01 / Giocatore 02 gets 14 VP and +355 MP, or the VP and MP of the "
        "hands played if they give it more."
    ) in asked
    assert (action.kind, action.side, action.mp, action.created_by) == (
        "abandon",
        "EO",
        -100,
        staff.director,
    )
    assert scores(tournament, pairs)[1] == (14, 355)
    assert scores(tournament, pairs)[5] == (6, -100)
    response = director.get(page(tournament))
    assert table_row(response, 1).endswith("14 - 6 355 - -100 decided by the director")
    history = text(response)
    assert (
        "Abandonment · Table 1, EO (Pair 5: Giocatore 09 / Giocatore 10): abandoned, keeps "
        "-100 MP in force — Left at 22:10"
    ) in history
    # undo: asked first, then undone, kept in the history
    asked = director.post(undo_url(tournament, action))
    assert "Undo this action?" in text(asked)
    action.refresh_from_db()
    assert action.undone_at is None
    done = director.post(undo_url(tournament, action), {"confirm": "1"})
    assert done.status_code == 302
    action.refresh_from_db()
    assert action.undone_at is not None
    assert scores(tournament, pairs)[5] == (0, 0)
    response = director.get(page(tournament))
    assert "keeps -100 MP undone — Left at 22:10" in text(response)
    assert "Undo</button>" not in response.content.decode()


def test_the_pair_left_keeps_its_hands_vp_when_they_give_more_than_14(evening):
    staff, tournament, pairs, round = evening
    # two hands in at table 1: NS 1005 ahead (18 VP on the 3-hand table), then EO leaves
    play_table(round.tables.get(number=1), staff.scorekeeper, [(500, 0), (505, 0)])
    body = {"kind": "abandon", "table": 1, "side": "EO", "mp": -1005, "reason": "Ill"}
    ask_then_record(client_for(staff.director), tournament, body)
    assert scores(tournament, pairs)[1] == (18, 1005)
    assert scores(tournament, pairs)[5] == (6, -1005)


def test_a_refusal_is_shown_beside_its_field(evening):
    staff, tournament, _pairs, _round = evening
    director = client_for(staff.director)
    body = {"kind": "abandon", "table": 1, "side": "EO", "mp": 7, "reason": "Left"}
    for extra in ({}, {"confirm": "1"}):
        response = director.post(record_url(tournament), {**body, **extra})
        assert response.status_code == 400
        html = response.content.decode()
        error = re.search(r'id="abandon-mp_error">(.*?)</div>', html, re.S)
        assert error and "MP are a whole number in steps of 5 (given: 7)." in error.group(1)
    response = director.post(record_url(tournament), {**body, "mp": -100, "reason": " "})
    html = response.content.decode()
    assert 'id="abandon-reason_error"' in html
    # a screen reader reads each field with its help and its error: every id named is there
    assert "abandon-reason_error" in described(html) and not dangling(html)
    assert not TurnoAction.objects.exists()


# Lateness ----------------------------------------------------------------------------------


def test_seven_minutes_late_takes_100_off_the_late_lines_total(evening):
    staff, tournament, pairs, round = evening
    # table 2: NS 900, EO 750: D = 150, 11-9; EO 7 minutes late: 650, D = 250, 12-8
    play_table(round.tables.get(number=2), staff.scorekeeper, [(300, 250)] * 3, staff.director)
    assert scores(tournament, pairs)[2] == (11, 150)
    body = {"kind": "late", "table": 2, "side": "EO", "minutes": 7, "reason": "Arrived 20:37"}
    asked, action = ask_then_record(client_for(staff.director), tournament, body)
    assert "Pair 6: Giocatore 11 / Giocatore 12 was 7 minutes late at table 2." in asked
    assert "Its turno total loses 100" in asked
    assert action.minutes == 7 and action.mp is None
    assert scores(tournament, pairs)[2] == (12, 250)
    assert scores(tournament, pairs)[6] == (8, -250)
    response = client_for(staff.director).get(page(tournament))
    assert table_row(response, 2).endswith("900 - 750 12 - 8 250 - -250 confirmed")
    # the standings say it, with its reason
    standings = client_for(staff.director).get(
        reverse("pairings:burraco-standings", args=[tournament.pk])
    )
    assert "Giocatore 11 / Giocatore 12 7 minutes late in turno 1 (Arrived 20:37)." in text(
        standings
    )


def test_late_up_to_5_minutes_is_a_warning_only(evening):
    staff, tournament, pairs, round = evening
    play_table(round.tables.get(number=2), staff.scorekeeper, [(300, 250)] * 3, staff.director)
    body = {"kind": "late", "table": 2, "side": "EO", "minutes": 5, "reason": "Parking"}
    asked, _action = ask_then_record(client_for(staff.director), tournament, body)
    assert "A warning only: the scores do not change." in asked
    assert scores(tournament, pairs)[2] == (11, 150)
    standings = client_for(staff.director).get(
        reverse("pairings:burraco-standings", args=[tournament.pk])
    )
    assert "minutes late" not in text(standings)  # a warning: nothing to say on the standings
    # a second lateness at the table is refused: undo the first to change it
    again = client_for(staff.director).post(
        record_url(tournament), {**body, "minutes": 8, "confirm": "1"}
    )
    assert again.status_code == 400
    assert "A lateness is already recorded at table 2: undo it to change it." in text(again)


def test_twelve_minutes_late_is_a_forfeit_14_and_6_vp_355_mp(evening):
    staff, tournament, pairs, _round = evening
    body = {"kind": "late", "table": 3, "side": "NS", "minutes": 12, "reason": "Came at 20:42"}
    asked, _action = ask_then_record(client_for(staff.director), tournament, body)
    assert (
        "A forfeit: Pair 7: Giocatore 13 / Giocatore 14 gets 14 VP and +355 MP, Pair 3: "
        "Giocatore 05 / Giocatore 06 6 VP and -355 MP"
    ) in asked
    assert scores(tournament, pairs)[7] == (14, 355)
    assert scores(tournament, pairs)[3] == (6, -355)
    response = client_for(staff.director).get(page(tournament))
    assert table_row(response, 3).endswith("6 - 14 -355 - 355 decided by the director")


# Adjustment --------------------------------------------------------------------------------


def test_an_adjustment_of_minus_2_vp_with_its_reason(evening):
    staff, tournament, pairs, round = evening
    play_turno(round, staff, lambda table: [(100, 100)] * 3)  # every table 10-10
    body = {
        "kind": "adjust",
        "line": pairs[0].pk,
        "vp": -2,
        "mp": 0,
        "reason": "A phone rang twice",
    }
    asked, action = ask_then_record(client_for(staff.director), tournament, body)
    assert "Pair 1: Giocatore 01 / Giocatore 02 gets -2 VP and 0 MP in the standings." in asked
    assert "Reason: A phone rang twice" in asked
    assert (action.line, action.vp, action.mp) == (pairs[0].pk, -2, 0)
    assert scores(tournament, pairs)[1] == (8, 0)
    assert scores(tournament, pairs)[2] == (10, 0)
    standings = burraco_standings(tournament)
    assert [(a.line, a.reason) for a in standings.adjustments] == [
        (pairs[0].pk, "A phone rang twice")
    ]
    history = text(client_for(staff.director).get(page(tournament)))
    assert (
        "Adjustment · Pair 1: Giocatore 01 / Giocatore 02: -2 VP, 0 MP in force — A phone rang "
        "twice"
    ) in history
    # nothing to adjust is refused beside the VP
    nothing = client_for(staff.director).post(
        record_url(tournament), {**body, "vp": 0, "confirm": "1"}
    )
    assert nothing.status_code == 400
    assert 'id="adjust-vp_error"' in nothing.content.decode()


# Once the next turno is seated -------------------------------------------------------------


def test_nothing_changes_in_a_turno_once_the_next_is_seated(evening):
    staff, tournament, pairs, round = evening
    director = client_for(staff.director)
    body = {"kind": "adjust", "line": pairs[0].pk, "vp": -2, "reason": "Phone"}
    _asked, action = ask_then_record(director, tournament, body)
    play_turno(round, staff, lambda table: [(100, 100)] * 3)
    seat(tournament, staff)
    response = director.post(record_url(tournament), {**body, "confirm": "1"})
    assert response.status_code == 400
    assert "The next turno is seated: turno 1 can no longer change." in text(response)
    response = director.post(undo_url(tournament, action), {"confirm": "1"}, follow=True)
    assert "The next turno is seated: turno 1 can no longer change." in text(response)
    action.refresh_from_db()
    assert action.undone_at is None
    assert TurnoAction.objects.count() == 1
    body = text(director.get(page(tournament)))
    assert "Turno 1 can no longer change" in body
    assert "A line abandoned" not in body and "Undo" not in body
    # turno 2 takes actions; each turno's page links the others
    second = director.get(page(tournament, 2))
    assert "A line abandoned" in text(second)
    assert f'href="{page(tournament, 1)}"' in second.content.decode()


# The API -----------------------------------------------------------------------------------


def api_for(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_authenticate(user)
    return client


def actions_url(tournament, number=1) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/turni/{number}/actions/"


def test_the_api_records_lists_and_undoes_an_action(evening):
    staff, tournament, pairs, _round = evening
    api = api_for(staff.director)
    body = {"kind": "late", "table": 3, "side": "NS", "minutes": 12, "reason": "Came at 20:42"}
    created = api.post(actions_url(tournament), body, format="json")
    assert created.status_code == 201, created.json()
    data = created.json()
    assert {key: data[key] for key in ("turno", "kind", "table", "side", "minutes", "mp")} == {
        "turno": 1,
        "kind": "late",
        "table": 3,
        "side": "NS",
        "minutes": 12,
        "mp": None,
    }
    assert data["text"] == ("Table 3, NS (Pair 3: Giocatore 05 / Giocatore 06): 12 minutes late")
    assert data["in_force"] and data["created_by"] == staff.director.username
    assert scores(tournament, pairs)[7] == (14, 355)
    listed = api.get(actions_url(tournament)).json()
    assert [row["id"] for row in listed] == [data["id"]]
    undone = api.post(f"{actions_url(tournament)}{data['id']}/undo/")
    assert undone.status_code == 200 and undone.json()["in_force"] is False
    assert undone.json()["undone_at"]
    assert scores(tournament, pairs)[7] == (0, 0)
    assert api.get(actions_url(tournament)).json()[0]["in_force"] is False


def test_the_api_refuses_in_the_error_shape(evening):
    staff, tournament, pairs, round = evening
    api = api_for(staff.director)
    refused = api.post(
        actions_url(tournament),
        {"kind": "abandon", "table": 1, "side": "EO", "reason": "Left"},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json() == {
        "detail": "Set the MP the leaving pair keeps (in steps of 5).",
        "errors": [
            {
                "field": "mp",
                "event": None,
                "document": None,
                "message": "Set the MP the leaving pair keeps (in steps of 5).",
            }
        ],
    }
    wrong_table = api.post(
        actions_url(tournament),
        {"kind": "late", "table": 9, "side": "EO", "minutes": 7, "reason": "Late"},
        format="json",
    )
    assert wrong_table.status_code == 400
    assert wrong_table.json()["errors"][0]["field"] == "table"
    adjust = {"kind": "adjust", "line": pairs[0].pk, "vp": -2, "reason": "Phone"}
    no_pair = api.post(
        actions_url(tournament), {**adjust, "line": pairs[-1].pk + 100}, format="json"
    )
    assert no_pair.status_code == 400
    assert no_pair.json()["errors"] == [
        {
            "field": "line",
            "event": None,
            "document": None,
            "message": "Choose a pair of this tournament.",
        }
    ]
    created = api.post(actions_url(tournament), adjust, format="json").json()
    play_turno(round, staff, lambda table: [(100, 100)] * 3)
    seat(tournament, staff)
    for path, body in (
        (actions_url(tournament), adjust),
        (f"{actions_url(tournament)}{created['id']}/undo/", None),
    ):
        answer = api.post(path, body, format="json")
        assert answer.status_code == 400
        assert answer.json()["errors"][0] == {
            "field": "round",
            "event": None,
            "document": None,
            "message": "The next turno is seated: turno 1 can no longer change.",
        }
    assert TurnoAction.objects.get().undone_at is None


def test_the_api_is_for_the_director_only(evening):
    staff, tournament, _pairs, _round = evening
    body = {"kind": "late", "table": 1, "side": "EO", "minutes": 3, "reason": "x"}
    outsider = member(ClubFactory(), Role.DIRECTOR)
    assert api_for().post(actions_url(tournament), body, format="json").status_code == 401
    # the tournament is public: another club's director sees it, and may not act on it
    for user, code in ((staff.scorekeeper, 403), (outsider, 403)):
        assert api_for(user).get(actions_url(tournament)).status_code == code
        assert api_for(user).post(actions_url(tournament), body, format="json").status_code == code
    assert api_for(staff.director).get(actions_url(tournament, 2)).status_code == 404
    assert not TurnoAction.objects.exists()


def test_the_page_speaks_italian(evening):
    staff, tournament, pairs, _round = evening
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(staff.director)
    body = text(client.get(page(tournament)))
    assert "Una linea era in ritardo" in body
    assert "Coppia 1: Giocatore 01 / Giocatore 02" in body
    assert (
        "Oltre 10: sconfitta a tavolino: la coppia presente ha 14 VP e +355 di scarto (MP), la "
        "coppia in ritardo 6 VP e -355 di scarto."
    ) in body
    asked = client.post(
        record_url(tournament),
        {"kind": "adjust", "line": pairs[0].pk, "vp": -2, "mp": 0, "reason": "Telefono"},
    )
    assert "Registrare la rettifica?" in text(asked)
    assert "Coppia 1: Giocatore 01 / Giocatore 02 ha -2 VP e 0 MP in classifica." in text(asked)


def test_the_page_and_the_history_cost_the_same_queries_whatever_the_actions(evening):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    staff, tournament, pairs, round = evening
    director, api = client_for(staff.director), api_for(staff.director)

    def counted() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as page_queries:
            assert director.get(page(tournament)).status_code == 200
        with CaptureQueriesContext(connection) as api_queries:
            assert api.get(actions_url(tournament)).status_code == 200
        return len(page_queries), len(api_queries)

    adjust = {"kind": "adjust", "vp": -1, "reason": "Phone"}
    burraco.turno_action_record(round=round, user=staff.director, line=pairs[0].pk, **adjust)
    one = counted()
    for pair in pairs[1:5]:
        burraco.turno_action_record(round=round, user=staff.director, line=pair.pk, **adjust)
    assert counted() == one


def test_an_individual_event_adjusts_a_player_and_names_the_lines_by_their_players():
    from tournaments import services

    staff = Staff()
    tournament = burraco_tournament(staff, format="burraco_individual", rounds_planned=2)
    entries = services.entries_register(
        tournament=tournament,
        user=staff.director,
        names=[f"Giocatore {number:02d}" for number in range(1, 9)],
        check_in=True,
    )
    round = seat(tournament, staff)
    director = client_for(staff.director)
    response = director.get(page(tournament))
    assert response.status_code == 200
    assert "Pair " not in table_row(response, 1)
    assert table_row(response, 1).count(" / ") == 2  # two players a line
    assert ">Player</label>" in response.content.decode()
    body = {"kind": "adjust", "line": entries[2].pk, "vp": -2, "reason": "Phone"}
    asked, action = ask_then_record(director, tournament, body)
    assert "Giocatore 03 gets -2 VP and 0 MP in the standings." in asked
    play_turno(round, staff, lambda table: [(100, 100)] * 3)
    rows = {row.entry: row.vp for row in burraco_standings(tournament).rows}
    assert rows[entries[2].pk] == 8 and rows[entries[3].pk] == 10
    assert action.line == entries[2].pk
