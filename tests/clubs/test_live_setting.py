"""The club setting "matches live to the public" (issue 18): off by default, on the club's
settings form (created and changed by the owner), in the API's club answers and the club archive.
It needs a public club: asking for it in a private club is refused next to the field."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from clublife.exchange.archive import club_export, club_import
from clubs.models import Club, Role
from tests.clients import log_in
from tests.factories import ClubFactory, member

pytestmark = pytest.mark.django_db

LIVE_NEEDS_PUBLIC = "Only a public club can show its matches live"


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone", slug="tallone", city="Bologna", is_public=True)


def settings_url(club):
    return reverse("clubs:settings", args=[club.slug])


def test_a_new_club_does_not_show_its_matches_live(client):
    log_in(client, member(ClubFactory(), Role.OWNER))
    page = client.get(reverse("clubs:create")).content.decode()
    assert "Matches live to the public" in page
    assert 'name="public_live_matches"' in page and "checked" not in page
    client.post(reverse("clubs:create"), {"name": "Circolo Nuovo", "is_public": "on"})
    club = Club.objects.get(name="Circolo Nuovo")
    assert club.is_public and not club.public_live_matches


def test_a_club_created_public_and_live(client):
    log_in(client, member(ClubFactory(), Role.OWNER))
    body = {"name": "Circolo Vivo", "is_public": "on", "public_live_matches": "on"}
    response = client.post(reverse("clubs:create"), body)
    club = Club.objects.get(name="Circolo Vivo")
    assert response.status_code == 302
    assert club.public_live_matches
    assert "matches live to the public" in client.get(club.get_absolute_url()).content.decode()


def test_the_owner_turns_the_live_matches_on_from_the_settings_page(client, club):
    log_in(client, member(club, Role.OWNER))
    detail = client.get(club.get_absolute_url()).content.decode()
    assert f'href="{settings_url(club)}"' in detail
    form = client.get(settings_url(club)).content.decode()
    assert 'value="Circolo Tallone"' in form and 'value="Bologna"' in form
    body = {"name": "Circolo Tallone", "city": "Bologna", "is_public": "on"}
    response = client.post(settings_url(club), {**body, "public_live_matches": "on"}, follow=True)
    assert "The club&#x27;s settings are saved." in response.content.decode()
    club.refresh_from_db()
    assert club.public_live_matches
    client.post(settings_url(club), body)  # unticked: off again
    club.refresh_from_db()
    assert not club.public_live_matches


def test_live_matches_in_a_private_club_are_refused_next_to_the_field(client, club):
    log_in(client, member(club, Role.OWNER))
    body = {"name": "Circolo Tallone", "public_live_matches": "on"}  # not public
    content = client.post(settings_url(club), body).content.decode()
    field = content[content.index('name="public_live_matches"') :]
    assert LIVE_NEEDS_PUBLIC in field[: field.index("</div>")]
    club.refresh_from_db()
    assert club.is_public and not club.public_live_matches  # nothing changed


def test_making_the_club_private_stops_showing_its_matches_live(client, club):
    Club.objects.filter(pk=club.pk).update(public_live_matches=True)
    log_in(client, member(club, Role.OWNER))
    client.post(settings_url(club), {"name": "Circolo Tallone"})
    club.refresh_from_db()
    assert not club.is_public and not club.public_live_matches


@pytest.mark.parametrize(("role", "status"), [(Role.DIRECTOR, 403), (Role.MEMBER, 403)])
def test_only_the_owner_changes_the_settings(client, club, role, status):
    log_in(client, member(club, role))
    assert client.get(settings_url(club)).status_code == status
    assert client.post(settings_url(club), {"name": "X", "is_public": "on"}).status_code == status
    assert "Club settings" not in client.get(club.get_absolute_url()).content.decode()
    club.refresh_from_db()
    assert club.name == "Circolo Tallone"


def test_another_clubs_owner_and_a_visitor_do_not_find_the_settings(client, club):
    assert client.get(settings_url(club)).status_code == 302  # to the login page
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert client.get(settings_url(club)).status_code == 404


def test_the_api_shows_and_changes_the_setting(club):
    owner = member(club, Role.OWNER)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(owner)
    assert api.get(f"/api/v1/clubs/{club.slug}/").json()["public_live_matches"] is False
    changed = api.patch(f"/api/v1/clubs/{club.slug}/", {"public_live_matches": True}, format="json")
    assert changed.status_code == 200 and changed.json()["public_live_matches"] is True
    refused = api.patch(
        f"/api/v1/clubs/{club.slug}/",
        {"is_public": False, "public_live_matches": True},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "public_live_matches"
    assert LIVE_NEEDS_PUBLIC in refused.json()["errors"][0]["message"]
    created = api.post(
        "/api/v1/clubs/",
        {"name": "Circolo Api", "is_public": True, "public_live_matches": True},
        format="json",
    )
    assert created.status_code == 201 and created.json()["public_live_matches"] is True
    visitor = APIClient().get(f"/api/v1/clubs/{club.slug}/").json()
    assert visitor["public_live_matches"] is True


def test_the_club_archive_keeps_the_setting(club):
    Club.objects.filter(pk=club.pk).update(public_live_matches=True)
    club.refresh_from_db()
    archive = club_export(club)
    (row,) = [row for row in archive["objects"] if row["model"] == "clubs.club"]
    assert row["fields"]["public_live_matches"] is True
    # an archive written before the setting existed imports with it off
    del row["fields"]["public_live_matches"]
    Club.objects.all().delete()
    club_import(archive)
    assert Club.objects.get(slug="tallone").public_live_matches is False
