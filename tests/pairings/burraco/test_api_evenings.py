"""Two Burraco tournaments played through the API from the first request to the last (issue 29):
a danese of 14 pairs, one of which leaves after turno 2 (a bye every turno after), and an
individual event of 16 players over 4 turni. Every hand is entered by the scorekeeper's token,
every table confirmed by the director's; the standings are checked against a reckoning made
here by hand from the API's own seating and the FIBur 3-hand table written out below."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.tournaments.helpers import Staff

from .helpers import tallone
from .test_api import ok, token_client

pytestmark = pytest.mark.django_db

BASE = "/api/v1/tournaments/"
# BURRACO.md section 2, 3 hands: (lowest D, winner's VP)
THREE_HANDS = [
    (0, 10), (55, 11), (155, 12), (255, 13), (355, 14), (505, 15),
    (655, 16), (805, 17), (1005, 18), (1255, 19), (1505, 20),
]  # fmt: skip


def vp_for(difference: int) -> tuple[int, int]:
    """The winner's and the loser's VP for a difference D (by the table above)."""
    winner = max(vp for low, vp in THREE_HANDS if difference >= low)
    return winner, 20 - winner


class Reckoning:
    """VP and MP per line, added up here from each table's totals."""

    def __init__(self) -> None:
        self.vp: dict[int, int] = defaultdict(int)
        self.mp: dict[int, int] = defaultdict(int)

    def table(self, ns: list[int], eo: list[int], ns_total: int, eo_total: int) -> None:
        difference = ns_total - eo_total
        winner, loser = vp_for(abs(difference))
        ns_vp, eo_vp = (winner, loser) if difference >= 0 else (loser, winner)
        for line, vp, mp in ((ns, ns_vp, difference), (eo, eo_vp, -difference)):
            for member in line:
                self.vp[member] += vp
                self.mp[member] += mp

    def bye(self, line: int) -> None:
        self.vp[line] += 14
        self.mp[line] += 355


def play_turno(scorekeeper, director, t: str, turno: dict, hands, reckoning: Reckoning) -> None:
    """Every table of `turno` plays `hands(turno number, table number)` (NS, EO) three times,
    entered through the API and confirmed; the reckoning adds each table up."""
    for table in turno["tables"]:
        ns_hand, eo_hand = hands(turno["number"], table["number"])
        for _ in range(3):
            body = {"type": "hand", **tallone(ns_hand, eo_hand)}
            ok(scorekeeper.post(f"/api/v1/matches/{table['match']}/events/", body), 201)
        ok(director.post(f"{t}tables/{table['id']}/confirm/"))
        reckoning.table(
            [line["id"] for line in table["ns"]],
            [line["id"] for line in table["eo"]],
            3 * ns_hand,
            3 * eo_hand,
        )
    for bye in turno["byes"]:
        reckoning.bye(bye["id"])


def standings_of(director, t: str) -> dict[int, tuple[int, int]]:
    standings = ok(director.get(t + "standings/"))
    assert standings["kind"] == "burraco"
    return {row["line"]: (row["vp"], row["mp"]) for row in standings["rows"]}


def test_a_danese_of_fourteen_pairs_with_a_bye_played_through_the_api():
    staff = Staff()
    director, scorekeeper = token_client(staff.director), token_client(staff.scorekeeper)
    body = {
        "club": staff.club.slug,
        "name": "Danese del giovedì",
        "preset": "burraco",
        "format": "burraco_pairs",
        "movements": ["danese"] * 4,
        "is_public": True,
    }
    tournament = ok(director.post(BASE, body), 201)
    t = f"{BASE}{tournament['id']}/"
    lines = [f"Giocatore {2 * n - 1:02d} / Giocatore {2 * n:02d}" for n in range(1, 15)]
    pairs = ok(director.post(t + "pairs/", {"lines": lines, "check_in": True}), 201)
    reckoning = Reckoning()
    met: set[frozenset[int]] = set()

    def hands(turno: int, table: int) -> tuple[int, int]:
        # NS wins by 50 * (table + turno) a hand: D from 300 (13-7) up
        return 200 + 50 * (table + turno), 200

    for number in (1, 2, 3, 4):
        if number == 3:  # pair 14 leaves: both its players drop out
            for entry in (pairs[13]["first"], pairs[13]["second"]):
                ok(director.post(f"{t}entries/{entry}/drop/"))
        turno = ok(director.post(t + "turni/"), 201)
        assert turno["movement"] == "danese"
        assert len(turno["tables"]) == (7 if number < 3 else 6)
        assert len(turno["byes"]) == (0 if number < 3 else 1)
        for table in turno["tables"]:
            meeting = frozenset((table["ns"][0]["id"], table["eo"][0]["id"]))
            assert meeting not in met  # no pair meets another twice
            met.add(meeting)
        play_turno(scorekeeper, director, t, turno, hands, reckoning)
        by_api = standings_of(director, t)
        assert by_api == {pair["id"]: (reckoning.vp[pair["id"]], reckoning.mp[pair["id"]])
                          for pair in pairs}  # fmt: skip
        # MP sum to 0 at every table: the only MP not balanced are the byes' 355
        assert sum(mp for _vp, mp in by_api.values()) == 355 * max(number - 2, 0)
    standings = ok(director.get(t + "standings/"))
    assert [row["vp"] for row in standings["rows"]] == sorted(
        (row["vp"] for row in standings["rows"]), reverse=True
    )
    finished = ok(director.post(t + "finish/"))
    assert finished["status"] == "finished"


def test_an_individual_event_of_sixteen_players_played_through_the_api():
    staff = Staff()
    director, scorekeeper = token_client(staff.director), token_client(staff.scorekeeper)
    body = {
        "club": staff.club.slug,
        "name": "Individuale d'autunno",
        "preset": "burraco",
        "format": "burraco_individual",
        "rounds_planned": 4,
        "is_public": True,
    }
    tournament = ok(director.post(BASE, body), 201)
    t = f"{BASE}{tournament['id']}/"
    players = [
        ok(director.post(t + "entries/", {"guest": f"Socio {n:02d}", "check_in": True}), 201)["id"]
        for n in range(1, 17)
    ]
    reckoning = Reckoning()
    partners: set[frozenset[int]] = set()

    def hands(turno: int, table: int) -> tuple[int, int]:
        return 150 + 100 * table, 150 + 25 * turno

    for _number in (1, 2, 3, 4):
        turno = ok(director.post(t + "turni/"), 201)
        assert len(turno["tables"]) == 4 and turno["byes"] == []
        for table in turno["tables"]:
            for line in (table["ns"], table["eo"]):
                pair = frozenset(player["id"] for player in line)
                assert len(pair) == 2 and pair not in partners  # a new partner every turno
                partners.add(pair)
        play_turno(scorekeeper, director, t, turno, hands, reckoning)
        assert standings_of(director, t) == {
            player: (reckoning.vp[player], reckoning.mp[player]) for player in players
        }
    refused = director.post(t + "turni/")
    assert refused.status_code == 400
    assert ok(director.post(t + "finish/"))["status"] == "finished"
