"""A Burraco team tournament's teams through the pages and the API (issue 29): the director
pastes the teams, names each team's pairs for the next turno, and sees them; refusals beside the
field (page) or in the API's 400 shape; a club's VP table for team matches entered on its page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pairings.burraco import services as burraco
from pairings.burraco import teams
from pairings.models import Team, TeamLineup, VpTable
from tests.errors import errors_of
from tests.tournaments.helpers import Staff

from .helpers import burraco_tournament, play_table, play_turno, seat
from .test_actions import record_url, text
from .test_printables import fetch
from .test_teams import TEAM_BANDS, TEAM_LINES, name_pairs, stronger_wins, team_table

pytestmark = pytest.mark.django_db


def client_of(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["django_language"] = language
    client.force_login(user)
    return client


def api_of(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def club_teams():
    staff = Staff()
    tournament = burraco_tournament(staff, "burraco_teams")
    return staff, tournament


def page(client, tournament) -> str:
    response = client.get(reverse("pairings:burraco-teams-page", args=[tournament.pk]))
    assert response.status_code == 200
    return response.content.decode()


def lineup_data(team: Team, turno: int, order=(0, 1, 2, 3)) -> dict:
    members = list(team.members.order_by("pk").values_list("entry_id", flat=True))
    prefix = f"team-{team.pk}-"
    data = {prefix + "turno": turno}
    for name, index in zip(("first", "second", "third", "fourth"), order, strict=True):
        data[prefix + name] = members[index]
    return data


def test_the_director_pastes_teams_and_names_their_pairs_on_the_page(club_teams):
    staff, tournament = club_teams
    director = client_of(staff.director)
    assert "No team yet." in page(director, tournament)
    posted = director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]),
        {"teams": "\n".join(TEAM_LINES), "check_in": "on"},
        follow=True,
    )
    assert posted.redirect_chain[-1][0].endswith(f"/tournaments/{tournament.pk}/teams/")
    shown = posted.content.decode()
    assert "4 teams entered." in shown
    assert "1. I Fiori" in shown and "Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri" in shown
    assert "Pairs of I Cuori for turno 1" in shown

    fiori = Team.objects.get(tournament=tournament, name="I Fiori")
    named = director.post(
        reverse("pairings:burraco-lineup", args=[tournament.pk, fiori.pk]),
        lineup_data(fiori, 1, order=(0, 2, 1, 3)),
        follow=True,
    )
    shown = named.content.decode()
    assert "The pairs of I Fiori for turno 1 are named." in shown
    assert "Turno 1: pair 1 Anna Rossi / Carla Verdi, pair 2 Bruno Bianchi / Dario Neri" in shown
    assert "Enter teams" in page(director, tournament)  # until turno 1 is seated
    italian = page(client_of(staff.director, "it"), tournament)
    assert (
        "Turno 1: coppia 1 Anna Rossi / Carla Verdi, coppia 2 Bruno Bianchi / Dario Neri" in italian
    )
    assert "Coppie di I Cuori per il turno 1" in italian


def test_a_refused_paste_and_lineup_are_shown_beside_their_field(club_teams):
    staff, tournament = club_teams
    director = client_of(staff.director)
    refused = director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]),
        {"teams": "I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri\nI Tre: A, B, C"},
    )
    assert refused.status_code == 200
    shown = refused.content.decode()
    assert "Line 2 (&quot;I Tre: A, B, C&quot;) is not a team" in shown
    assert "I Tre: A, B, C</textarea>" in shown  # what was typed is kept
    assert not Team.objects.filter(tournament=tournament).exists()

    director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]), {"teams": "\n".join(TEAM_LINES)}
    )
    fiori, _picche = Team.objects.filter(tournament=tournament).order_by("number")[:2]
    data = lineup_data(fiori, 1)
    data[f"team-{fiori.pk}-fourth"] = data[f"team-{fiori.pk}-first"]  # Anna twice
    twice = director.post(reverse("pairings:burraco-lineup", args=[tournament.pk, fiori.pk]), data)
    assert "A player plays in one pair only." in twice.content.decode()
    assert not TeamLineup.objects.exists()


def test_only_the_director_writes_and_another_tournament_s_team_is_not_found(club_teams):
    staff, tournament = club_teams
    director = client_of(staff.director)
    director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]), {"teams": "\n".join(TEAM_LINES)}
    )
    fiori = Team.objects.get(tournament=tournament, name="I Fiori")
    scorekeeper = client_of(staff.scorekeeper)
    assert "Anna Rossi" in page(scorekeeper, tournament)  # members read
    url = reverse("pairings:burraco-lineup", args=[tournament.pk, fiori.pk])
    assert scorekeeper.post(url, lineup_data(fiori, 1)).status_code == 403
    other = burraco_tournament(staff, "burraco_teams")
    elsewhere = reverse("pairings:burraco-lineup", args=[other.pk, fiori.pk])
    assert director.post(elsewhere, lineup_data(fiori, 1)).status_code == 404
    pairs = burraco_tournament(staff)
    assert director.get(reverse("pairings:burraco-teams-page", args=[pairs.pk])).status_code == 404
    assert not TeamLineup.objects.exists()


def test_the_api_lists_enters_and_names_the_pairs(club_teams):
    staff, tournament = club_teams
    api = api_of(staff.director)
    base = f"/api/v1/tournaments/{tournament.pk}/teams/"
    assert api.get(base).json() == []
    created = api.post(base, {"teams": TEAM_LINES, "check_in": True}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert [(team["number"], team["name"]) for team in body] == [
        (1, "I Fiori"),
        (2, "Le Picche"),
        (3, "I Quadri"),
        (4, "I Cuori"),
    ]
    fiori = body[0]
    assert [member["name"] for member in fiori["members"]][:2] == ["Anna Rossi", "Bruno Bianchi"]
    entries = [member["entry"] for member in fiori["members"]]
    named = api.post(
        f"{base}{fiori['id']}/lineups/",
        {"turno": 1, "pairs": [entries[:2], entries[2:4]]},
        format="json",
    )
    assert named.status_code == 200, named.content
    assert named.json()["lineups"] == [{"turno": 1, "pairs": [entries[:2], entries[2:4]]}]
    picche = body[1]["members"][0]["entry"]
    refused = api.post(
        f"{base}{fiori['id']}/lineups/",
        {"turno": 1, "pairs": [[entries[0], picche], entries[2:4]]},
        format="json",
    )
    (error,) = errors_of(refused)
    assert error == {
        "field": "pairs",
        "event": None,
        "document": None,
        "message": "Choose the pairs among the players of I Fiori.",
    }
    (line,) = errors_of(api.post(base, {"teams": ["I Tre: A, B, C"]}, format="json"))
    assert line["field"] == "teams" and line["message"].startswith('Line 1 ("I Tre: A, B, C")')
    anonymous = api_of()
    assert anonymous.get(base).status_code == 200  # a public tournament's teams
    assert anonymous.post(base, {"teams": TEAM_LINES}, format="json").status_code == 401
    pairs = f"/api/v1/tournaments/{burraco_tournament(staff).pk}/teams/"  # not a team one
    for answer in (api.get(pairs), api.post(pairs, {"teams": TEAM_LINES}, format="json")):
        assert (answer.status_code, answer.json()) == (404, {"detail": "Not found."})


def test_a_turno_seated_closes_the_paste_and_its_pairs(club_teams):
    staff, tournament = club_teams
    director = client_of(staff.director)
    director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]),
        {"teams": "\n".join(TEAM_LINES), "check_in": "on"},
    )
    team_table(staff)
    for team in Team.objects.filter(tournament=tournament):
        director.post(
            reverse("pairings:burraco-lineup", args=[tournament.pk, team.pk]),
            lineup_data(team, 1),
        )
    assert TeamLineup.objects.count() == 4
    seat(tournament, staff)
    shown = page(director, tournament)
    assert "Enter teams" not in shown
    assert "Pairs of I Fiori for turno 2" in shown
    api = api_of(staff.director)
    fiori = Team.objects.get(tournament=tournament, name="I Fiori")
    late = api.post(
        f"/api/v1/tournaments/{tournament.pk}/teams/{fiori.pk}/lineups/",
        {"turno": 1, "pairs": [[1, 2], [3, 4]]},
        format="json",
    )
    assert errors_of(late)[0]["message"] == "Turno 1 is seated: its pairs can no longer change."


def test_the_club_enters_a_vp_table_for_team_matches_on_its_page():
    staff = Staff()
    director = client_of(staff.director)
    data = {"name": "Squadre", "hands": 3, "for_teams": "on"}
    data.update({"band-TOTAL_FORMS": 6, "band-INITIAL_FORMS": 0})
    for index, band in enumerate(TEAM_BANDS):
        for key, value in band.items():
            data[f"band-{index}-{key}"] = "" if value is None else value
    saved = director.post(reverse("vptables:create", args=[staff.club.slug]), data, follow=True)
    assert saved.status_code == 200
    table = VpTable.objects.get(club=staff.club)
    assert table.for_teams and table.hands == 3
    assert "for team matches" in saved.content.decode()
    api = api_of(staff.director)
    listed = api.get(f"/api/v1/clubs/{staff.club.slug}/vp-tables/").json()
    assert [(t["default"], t["for_teams"]) for t in listed] == [
        (True, False),
        (True, False),
        (False, True),
    ]
    assert listed[2]["name"] == "Squadre"


def test_the_standings_page_and_api_rank_the_teams(club_teams):
    """Turno 1 of all'italiana: 1 v 4 and 2 v 3, the lower number by 750 (16-4) each time."""
    staff, tournament = club_teams
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES, check_in=True
    )
    team_table(staff)
    for team in entered:
        name_pairs(team, staff, 1)
    play_turno(seat(tournament, staff), staff, stronger_wins)
    shown = client_of(staff.director).get(
        reverse("pairings:burraco-standings", args=[tournament.pk])
    )
    assert shown.status_code == 200
    html = shown.content.decode()
    assert "I Fiori" in html
    # a team is ranked, and each turno row is a team match
    assert '<th scope="col">Team</th>' in html and '<th scope="col">Pair</th>' not in html
    assert ">NS team</th>" in html and ">EO team</th>" in html and "NS pair" not in html
    italian = (
        client_of(staff.director, "it")
        .get(reverse("pairings:burraco-standings", args=[tournament.pk]))
        .content.decode()
    )
    assert '<th scope="col">Squadra</th>' in italian and ">Squadra NS</th>" in italian
    body = api_of(staff.director).get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert [(row["place"], row["name"], row["vp"], row["mp"]) for row in body["rows"]] == [
        (1, "I Fiori", 16, 750),
        (1, "Le Picche", 16, 750),
        (3, "I Quadri", 4, -750),
        (3, "I Cuori", 4, -750),
    ]
    (turno,) = body["turni"]
    assert [(t["ns"], t["eo"], t["ns_total"], t["eo_total"]) for t in turno["tables"]] == [
        ("I Fiori", "I Cuori", 1500, 750),
        ("Le Picche", "I Quadri", 1500, 750),
    ]


# A team turno at its physical tables (turno 1 of all'italiana: 1 v 4 at tables 1-2, 2 v 3 at 3-4;
# pair 1 of each team is its first two players, pair 2 its last two) -----------------------------

TURNO_1_TABLES = {
    1: ("I Fiori", "Anna Rossi / Bruno Bianchi", "I Cuori", "Rita Lombardi / Sergio Moretti"),
    2: ("I Cuori", "Tina Barbieri / Ugo Ferri", "I Fiori", "Carla Verdi / Dario Neri"),
    3: ("Le Picche", "Elena Galli / Fabio Conti", "I Quadri", "Marta Bruno / Nino Costa"),
    4: ("I Quadri", "Olga Fontana / Paolo Rizzo", "Le Picche", "Giulia Marino / Luca Greco"),
}


@pytest.fixture
def team_turno(club_teams):
    """Four teams of four, their pairs named, turno 1 seated at four tables."""
    staff, tournament = club_teams
    entered = teams.teams_register(
        tournament=tournament, user=staff.director, lines=TEAM_LINES, check_in=True
    )
    team_table(staff)
    for team in entered:
        name_pairs(team, staff, 1)
    return staff, tournament, seat(tournament, staff)


def console_table(html: str, number: int) -> str:
    found = re.search(rf'<li class="[^"]*" id="turno-table-{number}">(.*?)</li>', html, re.S)
    assert found, f"no table {number} on the console"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_the_console_shows_a_team_turno_at_its_four_tables(team_turno):
    staff, tournament, round = team_turno
    played = round.tables.get(number=1)
    play_table(played, staff.scorekeeper, stronger_wins(played), confirm_by=staff.director)
    director = client_of(staff.director)
    html = director.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "1 of 4 tables decided." in html
    for number, (ns_team, ns, eo_team, eo) in TURNO_1_TABLES.items():
        shown = console_table(html, number)
        assert f"{ns_team}: {ns}" in shown and f"{eo_team}: {eo}" in shown, shown
    first = console_table(html, 1)
    assert "Anna Rossi / Bruno Bianchi 900" in first and "Sergio Moretti 300" in first
    assert "Confirmed" in first and "Playing" in console_table(html, 2)
    match = round.tables.get(number=4).match_id
    assert f'href="/matches/{match}/"' in html or reverse("scoring:match", args=[match]) in html
    api = api_of(staff.director).get(f"/api/v1/tournaments/{tournament.pk}/turni/").json()
    assert [table["number"] for table in api[0]["tables"]] == [1, 2, 3, 4]
    # a team is withdrawn, not a pair; turno 2 waits for the four tables
    assert "Withdraw a team" in html and "Withdraw a pair" not in html
    assert '<label for="withdraw-line">Team</label>' in html
    assert "Turno 2 is seated once turno 1 is over: 1 of 4 tables decided." in html
    assert "Seat turno 2" not in html
    italian = client_of(staff.director, "it")
    html = italian.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Ritira una squadra" in html and "Ritira una coppia" not in html
    assert '<label for="withdraw-line">Squadra</label>' in html
    assert "Il turno 2 si assegna quando il turno 1 è finito: tavoli decisi 1 su 4." in html


def test_the_director_s_turno_page_lists_the_four_tables_and_an_action_at_one(team_turno):
    staff, tournament, round = team_turno
    burraco.turno_action_record(
        round=round,
        user=staff.director,
        kind="late",
        table=round.tables.get(number=4),
        side="EO",
        minutes=8,
        reason="traffico",
    )
    html = (
        client_of(staff.director)
        .get(reverse("pairings:burraco-turno", args=[tournament.pk, 1]))
        .content.decode()
    )
    for number, (ns_team, ns, eo_team, eo) in TURNO_1_TABLES.items():
        row = re.search(rf'<tr id="table-{number}">(.*?)</tr>', html, re.S)
        assert row, number
        assert f"{ns_team}: {ns}" in row.group(1) and f"{eo_team}: {eo}" in row.group(1)
    assert "Table 4, EO (Le Picche: Giulia Marino / Luca Greco): 8 minutes late" in html
    assert "Table 4: I Quadri: Olga Fontana / Paolo Rizzo v Le Picche:" in html  # the form
    # the VP and MP of a team match are its teams': the words say the team (or its pair's team)
    words = html.replace("&#x27;", "'")
    assert (
        "The leaving pair's team gets 6 VP and the MP you set; the other team gets 14 VP" in words
    )
    assert "MP the leaving pair's team keeps" in words
    assert "the late pair's team loses 100 from its turno total" in words
    assert "the present pair's team gets 14 VP and +305 MP, the late pair's team 6 VP" in words
    assert "Adjust a team's VP or MP" in words and "added to the team's in the standings" in words
    assert '<label for="adjust-id_line">Team</label>' in words or ">Team</label>" in words
    assert "Team 1: I Fiori" in words and "Team 4: I Cuori" in words
    for wrong in ("Adjust a pair", "Pair 1: I Fiori", "The leaving pair gets", "the pair left"):
        assert wrong not in words, wrong
    italian = (
        client_of(staff.director, "it")
        .get(reverse("pairings:burraco-turno", args=[tournament.pk, 1]))
        .content.decode()
        .replace("&#x27;", "'")
    )
    assert "La squadra della coppia che se ne va ha 6 VP" in italian
    assert "l'altra squadra ha 14 VP" in italian
    assert "Scarto (MP) che tiene la squadra della coppia che se ne va" in italian
    assert "la squadra della coppia in ritardo perde 100 punti dal totale del turno" in italian
    assert "Rettifica i VP o lo scarto di una squadra" in italian
    assert "Squadra 1: I Fiori" in italian and "Coppia 1: I Fiori" not in italian


def test_the_standings_show_each_match_and_the_reasons_of_its_tables(team_turno):
    staff, tournament, round = team_turno
    for number in (1, 3, 4):
        table = round.tables.get(number=number)
        play_table(table, staff.scorekeeper, stronger_wins(table), confirm_by=staff.director)
    record = {"round": round, "user": staff.director}
    burraco.turno_action_record(
        **record,
        kind="abandon",
        table=round.tables.get(number=2),
        side="NS",
        mp=-100,
        reason="malore",
    )
    burraco.turno_action_record(
        **record,
        kind="late",
        table=round.tables.get(number=4),
        side="EO",
        minutes=8,
        reason="traffico",
    )
    html = (
        client_of(staff.director)
        .get(reverse("pairings:burraco-standings", args=[tournament.pk]))
        .content.decode()
    )
    assert "4 I Cuori abandoned turno 1 (malore)." in html
    assert "2 Le Picche 8 minutes late in turno 1 (traffico)." in html
    cells = [
        " ".join(re.sub(r"<[^>]+>", " ", row).split())
        for row in re.findall(r"<tr>\s*(<td class=\"num\">.*?)</tr>", html, re.S)
    ]
    assert cells[0] == "1-2 1 I Fiori 4 I Cuori 900 300 — 14-6 (EO abandoned)", cells
    # Le Picche 900 at table 3 (NS) + 600 at table 4 (EO) less 100 for the lateness; I Quadri
    # 300 + 450: D 650, 16-4 on the team table
    assert cells[1].startswith("3-4 2 Le Picche 3 I Quadri 1400 750 650 16-4 (over 5"), cells


def test_the_slips_and_the_seating_print_the_four_tables_of_a_team_turno(team_turno):
    staff, tournament, _round = team_turno
    director = client_of(staff.director)
    slips = fetch(director, reverse("pairings:burraco-slips", args=[tournament.pk, 1]))
    assert slips.pages == 4
    for number, (ns_team, ns, eo_team, eo) in TURNO_1_TABLES.items():
        page = slips.words(number - 1)
        assert f"Table {number}" in page
        for words in (ns_team, ns, eo_team, eo):
            assert words in page, (number, words)
    seating = fetch(director, reverse("pairings:burraco-seating", args=[tournament.pk, 1]))
    text = seating.words()
    assert "Table 4" in text and "NS · 3. I Quadri · Olga Fontana / Paolo Rizzo" in text
    assert "EO · 2. Le Picche · Giulia Marino / Luca Greco" in text
    shown = director.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode()
    slide = shown.split('data-key="seating"', 1)[1].split("</section>", 1)[0]
    lines = [
        " ".join(re.sub(r"<[^>]+>", " ", line).split())
        for line in re.findall(r'<li class="pj-line">(.*?)</li>', slide, flags=re.S)
    ]
    assert lines[2:4] == [
        "2 I Cuori: Tina Barbieri / Ugo Ferri NS",
        "2 I Fiori: Carla Verdi / Dario Neri EO",
    ], lines


def test_the_console_enters_the_teams_and_their_pairs_and_names_them_in_its_refusal(club_teams):
    staff, tournament = club_teams
    director = client_of(staff.director)
    detail = reverse("tournaments:detail", args=[tournament.pk])
    html = director.get(detail).content.decode()
    assert "Enter teams" in html and "Enter pairs" not in html
    director.post(
        reverse("pairings:burraco-teams", args=[tournament.pk]),
        {"teams": "\n".join(TEAM_LINES[:1])},
    )
    html = director.get(detail).content.decode()
    assert "Pairs of I Fiori for turno 1" in html
    team_table(staff)
    refused = director.post(reverse("pairings:burraco-seat", args=[tournament.pk]), follow=True)
    assert (
        "At least 2 teams must be checked in to seat a turno (now: 0)." in refused.content.decode()
    )
    italian = client_of(staff.director, "it")
    refused = italian.post(reverse("pairings:burraco-seat", args=[tournament.pk]), follow=True)
    assert "devono essere presenti almeno 2 squadre" in refused.content.decode()


def test_the_turni_api_schema_says_what_a_line_is_in_a_team_match():
    response = api_of().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    components = response.json()["components"]["schemas"]
    line = components["TurnoLine"]["properties"]
    assert "at a team match's table" in line["id"]["description"]
    assert "the team's number at a team match's table" in line["number"]["description"]
    assert "a team's name for its bye" in line["name"]["description"]
    table = components["TurnoTable"]["properties"]
    assert "the pair its team named for the turno" in table["ns"]["description"]
    byes = components["Turno"]["properties"]["byes"]["description"]
    assert byes == "Pairs (players, teams) with a bye."


# A director's action at a team match: its VP and MP are the teams' -------------------------------


def asked(client, tournament, body: dict) -> str:
    """The question an action asks first (nothing recorded yet)."""
    response = client.post(record_url(tournament), body)
    assert response.status_code == 200, text(response)[:2000]
    return text(response)


def test_an_abandonment_at_a_team_match_says_what_each_team_gets(team_turno):
    staff, tournament, round = team_turno
    director = client_of(staff.director)
    leaving = {"kind": "abandon", "table": 2, "side": "NS", "mp": -100, "reason": "malore"}
    words = asked(director, tournament, leaving)
    assert (
        "I Cuori: Tina Barbieri / Ugo Ferri leaves turno 1 at table 2: its team, I Cuori, gets "
        "6 VP and -100 MP."
    ) in words
    assert (
        "I Fiori gets 14 VP and +305 MP, or the VP and MP of the hands played at the match's "
        "two tables if they give it more."
    ) in words
    assert "it gets" not in words and "Carla Verdi / Dario Neri gets" not in words
    italian = client_of(staff.director, "it").post(record_url(tournament), leaving)
    assert (
        "I Cuori: Tina Barbieri / Ugo Ferri abbandona il turno 1 al tavolo 2: la sua squadra, "
        "I Cuori, ha 6 VP e -100 MP."
    ) in text(italian)
    burraco.turno_action_record(
        round=round, user=staff.director, **{**leaving, "table": round.tables.get(number=2)}
    )
    # the other pair of the same team leaves too: still one team's abandonment
    same = asked(director, tournament, {**leaving, "table": 1, "side": "EO"})
    assert "its team, I Cuori, gets 6 VP and -100 MP." in same
    # a pair of the other team leaves: both teams have left the match
    both = asked(director, tournament, {**leaving, "table": 1, "side": "NS"})
    assert (
        "Both teams of the match at tables 1 and 2 have left turno 1: 0 VP and 0 MP each." in both
    )


def test_a_lateness_at_a_team_match_costs_the_late_pair_s_team(team_turno):
    staff, tournament, _round = team_turno
    director = client_of(staff.director)
    late = {"kind": "late", "table": 4, "side": "EO", "minutes": 8, "reason": "traffico"}
    words = asked(director, tournament, late)
    assert "Le Picche: Giulia Marino / Luca Greco was 8 minutes late at table 4." in words
    assert "Its team, Le Picche, loses 100 from its turno total" in words
    forfeit = asked(director, tournament, {**late, "minutes": 12})
    assert (
        "A forfeit of the team match: I Quadri gets 14 VP and +305 MP, Le Picche 6 VP and -305 "
        "MP; the hands of its two tables do not count."
    ) in forfeit
    italian = client_of(staff.director, "it").post(record_url(tournament), {**late, "minutes": 12})
    assert "Sconfitta a tavolino nell'incontro a squadre: I Quadri ha 14 VP" in text(italian)


def test_the_api_refuses_an_adjustment_of_no_team_in_the_team_s_words(team_turno):
    staff, tournament, round = team_turno
    api = api_of(staff.director)
    actions = f"/api/v1/tournaments/{tournament.pk}/turni/1/actions/"
    teams_ids = set(Team.objects.filter(tournament=tournament).values_list("pk", flat=True))
    player = next(  # a player's entry id, which no team has
        seat.entry_id
        for seat in round.tables.get(number=1).seats.all()
        if seat.entry_id not in teams_ids
    )
    body = {"kind": "adjust", "line": player, "vp": -2, "reason": "telefono"}
    (error,) = errors_of(api.post(actions, body, format="json"))
    assert error == {
        "field": "line",
        "event": None,
        "document": None,
        "message": "Choose a team of this tournament.",
    }
    italian = APIClient(HTTP_ACCEPT_LANGUAGE="it")
    italian.force_authenticate(staff.director)
    (error,) = errors_of(italian.post(actions, body, format="json"))
    assert error["message"] == "Scegli una squadra di questo torneo."
    fiori = Team.objects.get(tournament=tournament, name="I Fiori")
    done = api.post(actions, {**body, "line": fiori.pk}, format="json")
    assert done.status_code == 201, done.content
    assert done.json()["text"] == "Team 1: I Fiori: -2 VP, 0 MP"


def test_the_turni_api_names_the_team_of_each_pair_at_a_team_match(team_turno):
    staff, tournament, _round = team_turno
    (turno,) = api_of(staff.director).get(f"/api/v1/tournaments/{tournament.pk}/turni/").json()
    for table in turno["tables"]:
        ns_team, ns, eo_team, _eo = TURNO_1_TABLES[table["number"]]
        assert [line["team"] for line in table["ns"]] == [ns_team, ns_team]
        assert [line["team"] for line in table["eo"]] == [eo_team, eo_team]
        assert " / ".join(line["name"] for line in table["ns"]) == ns
    schema = api_of().get("/api/v1/schema/", {"format": "json"}).json()
    team = schema["components"]["schemas"]["TurnoLine"]["properties"]["team"]
    assert "the team whose pair sits here at a team match's table" in team["description"]
