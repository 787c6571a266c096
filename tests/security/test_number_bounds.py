"""Issue 16, numbers: every number that comes in is bounded, whichever way it comes in.

F3: a stake whose pot overflows `pot_total` (or 1e30, 1e308) was a 500 at best; on SQLite the match
was committed and every page listing it answered 500 from then on. F10-F12: unbounded integer
options (in_hand_bonus, elimination_at, Ramino bonuses) and a player id of 10**30 answered 500
instead of 400. Each test goes through real HTTP requests, as a client or a browser would.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import rules_for
from scoring.models import Match
from tests.api.conftest import Api, module_world, world  # noqa: F401 (the fixtures)
from tests.errors import errors_of, field_errors, refusal, top_fields
from tests.tournaments.helpers import form_post
from tournaments.models import Tournament

MATCHES = "/api/v1/matches/"
TOURNAMENTS = "/api/v1/tournaments/"
PREVIEW = "/api/v1/scoring/preview/"
IMPORT = "/api/v1/clubs/{}/matches/import/"

# What a member of the club opens every day: none may break because of one bad match.
PAGES = (
    "/",
    "/clubs/aurora/",
    "/api/v1/matches/",
    "/clubs/aurora/matches/export.json",
    "/api/v1/clubs/aurora/matches/export/",
    "/clubs/aurora/archive.json",
)
HUGE_MONEY = [
    ("stake", "99999999.99"),
    ("stake", "1e30"),
    ("stake", 1e308),
    ("reentry_fee", "1e30"),
    ("reentry_fee", "99999999.99"),
]
HUGE_WHOLE = [
    ("scala40", "in_hand_bonus", 10**30),
    ("scala40", "elimination_at", 10**30),
    ("scala40", "reentry_extra_points", 10**30),
    ("scala40-club", "reentry_max", 10**30),
    ("ramino", "normal_bonus", 10**30),
    ("ramino", "colore_bonus", 10**30),
    ("ramino", "figura_bonus", 10**30),
    ("gin-standard", "target", 10**30),
    ("gin-standard", "box_bonus", 10**30),
    ("gin-standard", "hands_to_win", 10**30),
]


@pytest.fixture
def owner(world):  # noqa: F811
    return Api(world.users["owner"])


def _players(world, preset: str):  # noqa: F811
    names = ("Anna", "Bruno") if preset.startswith("gin") else ("Anna", "Bruno", "Carla")
    return [world.player(world.aurora, name).pk for name in names]


def _pages_still_answer(api: Api) -> None:
    for page in PAGES:
        assert api.get(page).status_code == 200, page


def _browser(world) -> Client:  # noqa: F811
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(world.users["owner"])
    return client


def _rules_post(preset: str, **changes) -> dict:
    """The options of `preset` as the start forms post them, with `changes` typed over them."""
    data = {"rules-preset": preset}
    for name, value in rules_for(preset).to_dict().items():
        if value is True:
            data[f"rules-{name}"] = "on"
        elif value is not False and value is not None:
            data[f"rules-{name}"] = str(value)
    data.update({f"rules-{name}": str(value) for name, value in changes.items()})
    return data


# F3: money ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "amount"), HUGE_MONEY)
def test_f3_a_stake_or_fee_too_large_is_refused_and_every_page_still_answers(
    world,  # noqa: F811
    owner,
    option,
    amount,
):
    """F3: stake "99999999.99" (its pot overflows pot_total), "1e30", 1e308: a 400 naming the
    option, nothing stored, and the home page, club page, lists, export and archive answer."""
    before = Match.objects.count()
    body = {
        "club": "aurora",
        "preset": "scala40-club",
        "options": {option: amount},
        "players": _players(world, "scala40"),
    }
    response = owner.post(MATCHES, body)
    assert response.status_code == 400
    assert refusal(response)["field"] == f"options.{option}"
    assert "10000.00" in refusal(response)["message"]
    assert Match.objects.count() == before
    _pages_still_answer(owner)


def test_f3_the_largest_stake_allowed_starts_a_match_that_every_page_shows(world, owner):  # noqa: F811
    """F3: at the bound (10,000.00 stakes and fees, 10 re-entries) a match starts and every page
    shows it (the control of the refusals above; it passes on main too)."""
    body = {
        "club": "aurora",
        "preset": "scala40-club",
        "options": {"stake": "10000.00", "reentry_fee": "10000", "reentry_max": 10},
        "players": _players(world, "scala40"),
    }
    response = owner.post(MATCHES, body)
    assert response.status_code == 201, response.content
    assert response.json()["pot_total"] == "30000.00"
    _pages_still_answer(owner)


def test_f3_the_start_form_shows_the_bound_beside_the_stake(world):  # noqa: F811
    """F3 through the web form: the refusal sits beside the stake field, no match is started."""
    client = _browser(world)
    before = Match.objects.count()
    data = {"preset": "scala40-club", "first_dealer": "1", "table_label": ""}
    for seat, pk in enumerate(_players(world, "scala40"), start=1):
        data[f"seat_{seat}"] = str(pk)
    data.update(_rules_post("scala40-club", stake="20000", reentry_fee="1e30"))
    response = client.post(reverse("scoring:start", args=["aurora"]), data)
    assert response.status_code == 200
    errors = response.context["rules_form"].errors
    assert errors["stake"] == ["Stake must be at most 10000.00."]
    assert errors["reentry_fee"] == ["Re-entry fee must be at most 10000.00."]
    assert "Stake must be at most 10000.00." in response.content.decode()  # in words (issue 20)
    assert Match.objects.count() == before
    _pages_still_answer(Api(world.users["owner"]))


@pytest.mark.parametrize(("option", "amount"), HUGE_MONEY)
def test_f3_a_tournament_refuses_the_same_stakes_and_fees(world, owner, option, amount):  # noqa: F811
    """F3 through a tournament's options: every table's match would have been the poison row."""
    body = {
        "club": "aurora",
        "name": "Coppa",
        "preset": "scala40-club",
        "format": "rounds",
        "options": {option: amount},
    }
    response = owner.post(TOURNAMENTS, body)
    assert response.status_code == 400, response.content
    assert option in str(errors_of(response))
    assert not Tournament.objects.exists()
    _pages_still_answer(owner)


def test_f3_the_tournament_form_shows_the_bound_beside_the_stake(world):  # noqa: F811
    """F3: the tournament's web form puts the engine's refusal beside the rule option."""
    client = _browser(world)
    data = form_post(
        club=world.aurora.pk,
        name="Torneo",
        preset="scala40",
        format="rounds",
        final_table_size="4",
        confirm_results="yes",
        is_public=None,
        **_rules_post("scala40", stake="20000", in_hand_bonus=10**30),
    )
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    errors = response.context["rules_form"].errors
    assert errors["stake"] == ["Stake must be at most 10000.00."]
    assert errors["in_hand_bonus"] == ["Closing in hand bonus must be at most 1000."]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    ("setting", "value"),
    [("entry_fee", "10000.01"), ("payout_unit", "20000"), ("entry_fee", "1e30")],
)
def test_f3_a_tournaments_own_amounts_have_the_same_bound(world, owner, setting, value):  # noqa: F811
    """F3: the entry fee and the payout unit are bounded like every amount (10,000.00). ("1e30"
    was already refused on main by the column's digits; it stays a 400.)"""
    body = {
        "club": "aurora",
        "name": "Coppa",
        "preset": "scala40",
        "format": "rounds",
        setting: value,
    }
    response = owner.post(TOURNAMENTS, body)
    assert response.status_code == 400, response.content
    assert setting in top_fields(response)
    assert not Tournament.objects.exists()


def test_f3_an_imported_document_with_a_huge_stake_is_refused(world, owner):  # noqa: F811
    """F3 through the import: the document's rules go through the same validation."""
    before = Match.objects.count()
    sheet = {
        "preset": "scala40",
        "rules": {"stake": "99999999.99"},
        "players": ["Anna", "Bruno", "Zeno"],
        "events": [{"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Zeno": 12}}],
    }
    response = owner.post(IMPORT.format("aurora"), [sheet])
    assert response.status_code == 400, response.content
    assert "rules.stake" in str(errors_of(response))
    assert Match.objects.count() == before
    _pages_still_answer(owner)


# F11, F12: whole-number options -------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "option", "value"), HUGE_WHOLE)
def test_f11_f12_a_whole_number_option_out_of_range_is_a_400(world, owner, preset, option, value):  # noqa: F811
    """F11/F12: in_hand_bonus, elimination_at, the Ramino bonuses... of 10**30 are refused."""
    before = Match.objects.count()
    body = {
        "club": "aurora",
        "preset": preset,
        "options": {option: value},
        "players": _players(world, preset),
    }
    response = owner.post(MATCHES, body)
    assert response.status_code == 400, response.content
    assert refusal(response)["field"] == f"options.{option}"
    assert "must be at most" in refusal(response)["message"]
    assert Match.objects.count() == before
    _pages_still_answer(owner)


def test_f11_the_start_form_shows_the_range_beside_the_option(world):  # noqa: F811
    """F11 through the web form: the engine's message beside the field, no match started."""
    client = _browser(world)
    data = {"preset": "ramino", "first_dealer": "1", "table_label": ""}
    for seat, pk in enumerate(_players(world, "ramino"), start=1):
        data[f"seat_{seat}"] = str(pk)
    data.update(_rules_post("ramino", figura_bonus=10**30, elimination_at=10**30))
    before = Match.objects.count()
    response = client.post(reverse("scoring:start", args=["aurora"]), data)
    assert response.status_code == 200
    errors = response.context["rules_form"].errors
    assert errors["figura_bonus"] == ["Figura bonus must be at most 1000."]
    assert errors["elimination_at"] == ["Elimination threshold must be at most 10000."]
    assert Match.objects.count() == before


@pytest.mark.parametrize(
    "rules",
    [
        {"stake": "1e30"},
        {"stake": 1e308},
        {"reentry_fee": "99999999.99"},
        {"in_hand_bonus": 10**30},
        {"elimination_at": 10**30},
    ],
)
def test_f11_the_anonymous_preview_refuses_huge_numbers(world, rules):  # noqa: F811
    """F3/F11 through the stateless preview (anyone may call it): a 400, not a 500."""
    document = {
        "preset": "scala40",
        "rules": rules,
        "players": ["Anna", "Bruno"],
        "events": [{"type": "hand", "closer": "Anna", "in_hand": True, "points": {"Bruno": 5}}],
    }
    response = Api().post(PREVIEW, document)
    assert response.status_code == 400, response.content
    assert refusal(response)["field"] == f"rules.{next(iter(rules))}"


# F12: ids -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [10**30, 2**63, -(2**63) - 1])
def test_f12_a_player_id_beyond_the_database_is_a_400(world, owner, player):  # noqa: F811
    """F12: a player id of 10**30 in the body crashed the query on SQLite (OverflowError)."""
    body = {"club": "aurora", "preset": "scala40", "players": [player, _players(world, "x")[0]]}
    response = owner.post(MATCHES, body)
    assert response.status_code == 400, response.content
    assert "players" in top_fields(response)


def test_f12_an_entry_id_beyond_the_database_is_a_400(world, owner):  # noqa: F811
    """F12: the tournament bodies that name players or entries by id refuse them too (on main
    this one lookup was already safe, an exact match; it now goes through the same field)."""
    tournament = owner.post(
        TOURNAMENTS, {"club": "aurora", "name": "Coppa", "preset": "scala40", "format": "rounds"}
    ).json()
    response = owner.post(f"{TOURNAMENTS}{tournament['id']}/entries/", {"player": 10**30})
    assert response.status_code == 400, response.content
    assert "player" in top_fields(response)


# Points and percentages kept as exact fractions --------------------------------------------------


@pytest.mark.parametrize("points", [["1e1000000", "0"], ["1001", "0"]])
def test_f11_placement_points_are_bounded_for_tournaments_and_seasons(world, owner, points):  # noqa: F811
    """F11: placement points are exact fractions: "1e1000000" became a number of a million digits
    (and "1e10000000" took ten seconds to read); a place is worth at most 1000 points."""
    body = {
        "club": "aurora",
        "name": "Coppa",
        "preset": "scala40",
        "format": "rounds",
        "placement_points": {"2": points},
    }
    response = owner.post(TOURNAMENTS, body)
    assert response.status_code == 400, response.content
    assert "placement_points" in top_fields(response)
    season = {"name": "Autunno", "starts_on": "2025-09-01", "ends_on": "2025-12-20"}
    response = owner.post(
        "/api/v1/clubs/aurora/seasons/", {**season, "placement_points": {"2": points}}
    )
    assert response.status_code == 400, response.content
    assert "placement_points" in top_fields(response)


def test_f11_a_payout_percentage_of_a_million_digits_is_refused_at_once(world, owner):  # noqa: F811
    """F11: "1e1000000" as a payout percentage is refused as not a percentage, before it is
    expanded to an exact number of a million digits (seconds of CPU for larger ones), which the
    refusal then printed in full."""
    body = {
        "club": "aurora",
        "name": "Coppa",
        "preset": "scala40",
        "format": "rounds",
        "payout_percents": ["1e1000000"],
    }
    response = owner.post(TOURNAMENTS, body)
    assert response.status_code == 400
    assert len(response.content) < 1000
    assert field_errors(response)["payout_percents"] == [
        "The payout percentages must be numbers, such as 50 or 33.33."
    ]
