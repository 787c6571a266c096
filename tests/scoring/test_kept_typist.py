"""Issue 25: the match page says who types on it (the user, or the phone of a table code), so
the hands the page keeps on the phone carry it, and logging out tells the browser to forget
them."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from scoring import table_codes
from scoring.models import TableCode, TableJoin
from tests.factories import ClubFactory, member, start_match

pytestmark = pytest.mark.django_db


def page_config(client: Client, match) -> dict:
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    found = response.content.decode().split('<script id="match-client" type="application/json">')
    return json.loads(found[1].split("</script>")[0])


def test_the_match_page_says_which_user_types_on_it_and_whether_they_may_record():
    club = ClubFactory()
    match = start_match(club=club)
    anna = member(club, Role.SCOREKEEPER, username="anna")
    carla = member(club, Role.MEMBER, username="carla")
    client = Client()
    client.force_login(anna)
    config = page_config(client, match)
    assert config["who"] == {"id": "user:anna", "name": "anna"}
    assert config["mayRecord"] is True
    client.force_login(carla)
    config = page_config(client, match)
    assert config["who"] == {"id": "user:carla", "name": "carla"}
    assert config["mayRecord"] is False


def test_a_phone_of_a_table_code_types_as_the_seat_it_joined_as():
    club = ClubFactory(table_codes=True)
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    code = TableCode.objects.get(match=match, is_current=True).code
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    client.post(reverse("scoring:join"), {"code": code, "name": "Luca", "seat": 1})
    join = TableJoin.objects.get(code__match=match)
    seat = match.seats.get(seat=1)
    config = page_config(client, match)
    # a phone is a seat of the table (issue 25): "Luca (dal telefono di Anna)"
    assert config["who"] == {"id": f"seat:{seat.pk}", "name": f"Luca (dal telefono di {seat.name})"}
    assert join.seat_id == seat.pk
    assert config["mayRecord"] is True


def test_a_follower_of_a_table_code_types_nothing_it_may_record():
    club = ClubFactory(table_codes=True)
    match = start_match(club=club, preset="scala40-club")
    table_codes.code_issue(match=match, user=None)
    code = TableCode.objects.get(match=match, is_current=True).code
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    client.post(reverse("scoring:join"), {"code": code, "name": "Luca", "seat": "follow"})
    join = TableJoin.objects.get(code__match=match)
    config = page_config(client, match)
    assert config["who"] == {"id": f"phone:{join.pk}", "name": "Luca (telefono 1 al tavolo)"}
    assert config["mayRecord"] is False


def test_logging_out_tells_the_browser_to_forget_what_it_kept():
    client = Client()
    client.force_login(member(ClubFactory(), Role.SCOREKEEPER))
    response = client.post(reverse("logout"))
    assert response["Clear-Site-Data"] == '"storage"'
    assert "_auth_user_id" not in client.session
