"""Issue 16, F1: password hashes leaked through the club archive, and membership needed no
consent.

Any logged-in user could create a club, add any existing username as a member ("There is no user
called X" told which names exist) and download /clubs/<slug>/archive.json, which held each
member's password hash and e-mail, the superuser's included. Now the archive names users by
username only, an import links the usernames that exist and reports the others, and an existing
user becomes a member only by accepting an invitation on their home page; inviting answers the
same whether or not the username exists.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from clublife import exchange
from clubs.models import Club, Membership, Player, Role
from scoring import services as scoring
from scoring.models import Match
from tests.factories import ClubFactory, UserFactory, member, start_match

pytestmark = pytest.mark.django_db

HASH = "pbkdf2_sha256$870000$Tallonesalt$c2VjcmV0LWhhc2gtb2YtdGhlLXN1cGVydXNlcg=="
# Every column of the user model but the username, which must never leave the server.
PRIVATE_KEYS = {
    field.name for field in get_user_model()._meta.concrete_fields if field.name != "username"
}


def person(username: str, **extra):
    """A user with every personal field filled in, so a leak of any of them shows."""
    user = UserFactory(
        username=username,
        first_name=f"Nome{username.capitalize()}",
        last_name=f"Cognome{username.capitalize()}",
        email=f"{username}@private-mail.example",
        **extra,
    )
    user.date_joined = timezone.make_aware(dt.datetime(2001, 2, 3, 4, 5, 6, 789012))
    user.last_login = timezone.make_aware(dt.datetime(2002, 3, 4, 5, 6, 7, 891234))
    user.save()
    return user


def personal_values(user) -> list[str]:
    """What the archive must not hold of `user`: every non-empty value but the username."""
    values = []
    for field in get_user_model()._meta.concrete_fields:
        value = getattr(user, field.attname)
        if field.name == "username" or value in (None, "") or isinstance(value, bool | int):
            continue
        values.append(value.isoformat() if isinstance(value, dt.datetime) else str(value))
    return values


def keys_of(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys_of(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_of(item)}
    return set()


def logged_in(user, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def csrf_token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


# The archive ---------------------------------------------------------------------------------


def test_f1_an_attacker_cannot_pull_the_superusers_hash_into_their_club_archive():
    """F1: create a club, add the superuser's username, download the archive: neither the hash
    nor the e-mail nor anything of the superuser's account is in it (the superuser is not even a
    member: they were only invited)."""
    admin = person("admin", is_superuser=True, is_staff=True)
    admin.password = HASH
    admin.save()
    attacker = UserFactory(username="mallory")
    client = logged_in(attacker)
    response = client.post("/clubs/new/", {"name": "Trappola"})
    club = Club.objects.get(name="Trappola")
    assert response.status_code == 302
    client.post(f"/clubs/{club.slug}/members/", {"username": "admin", "role": "member"})
    response = client.get(f"/clubs/{club.slug}/archive.json")
    assert response.status_code == 200
    text = response.content.decode()
    assert "pbkdf2_" not in text and HASH not in text
    for value in personal_values(admin):
        assert value not in text
    assert not Membership.objects.filter(club=club, user=admin).exists()


def test_f1_the_archive_holds_no_field_of_the_user_model_but_the_username(client):
    """F1: an archive with members, a linked player and hands they recorded names each of them by
    username, and holds nothing else of their accounts: no key of the user model, no value."""
    club = ClubFactory(name="Circolo Riservato", slug="riservato")
    owner = person("olga")
    scorekeeper = person("sara")
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    Membership.objects.create(club=club, user=scorekeeper, role=Role.SCOREKEEPER)
    match = start_match(club=club, names=("Anna", "Bruno"), preset="scala40")
    Player.objects.filter(club=club, name="Anna").update(user=scorekeeper)
    scoring.hand_record(
        match=match, user=scorekeeper, data={"closer": "Anna", "points": {"Bruno": 20}}
    )
    response = logged_in(owner).get("/clubs/riservato/archive.json")
    assert response.status_code == 200
    text = response.content.decode()
    archive = json.loads(text)
    assert archive["version"] == 2
    assert not [row for row in archive["objects"] if row["model"] == "clubs.user"]
    assert keys_of(archive) & PRIVATE_KEYS == set()
    for user in (owner, scorekeeper):
        for value in personal_values(user):
            assert value not in text, value
    assert "md5$" not in text and "pbkdf2_" not in text
    # each user is named by username where a row refers to them
    fields = {row["model"]: row["fields"] for row in archive["objects"]}
    assert fields["clubs.player"]["user"] in ("sara", None)
    memberships = [row for row in archive["objects"] if row["model"] == "clubs.membership"]
    assert {(row["fields"]["user"], row["fields"]["role"]) for row in memberships} == {
        ("olga", "owner"),
        ("sara", "scorekeeper"),
    }
    versions = [row for row in archive["objects"] if row["model"] == "scoring.eventversion"]
    assert [row["fields"]["created_by"] for row in versions] == ["sara"]


def test_f1_an_import_links_the_usernames_here_and_reports_the_others(tmp_path):
    """F1: importing creates no account: a username with an account here is linked, one without
    refers to nobody (and is no member), and import_club says which ones."""
    club = ClubFactory(slug="trasloco")
    anna = member(club, Role.OWNER, username="anna")
    member(club, Role.SCOREKEEPER, username="carlo")
    match = start_match(club=club, names=("Uno", "Due"), preset="scala40")
    scoring.hand_record(
        match=match,
        user=get_user_model().objects.get(username="carlo"),
        data={"closer": "Uno", "points": {"Due": 5}},
    )
    path = tmp_path / "trasloco.json"
    call_command("export_club", "trasloco", "-o", str(path), stderr=io.StringIO())
    Match.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    get_user_model().objects.exclude(pk=anna.pk).delete()
    out = io.StringIO()
    call_command("import_club", str(path), stdout=out)
    assert "These usernames are not on this server" in out.getvalue()
    assert "carlo" in out.getvalue() and "anna" not in out.getvalue().split(":", 2)[-1]
    club = Club.objects.get(slug="trasloco")
    assert list(club.memberships.values_list("user__username", flat=True)) == ["anna"]
    assert not get_user_model().objects.filter(username="carlo").exists()


def test_f1_a_version_1_archive_gives_no_account_and_no_hash():
    """F1: an old archive (version 1, with user rows holding hashes) is read by username; its
    hashes and e-mails are ignored and no account is made from it."""
    club = ClubFactory(slug="vecchio")
    member(club, Role.OWNER, username="anna")
    data = json.loads(json.dumps(exchange.club_export(club)))
    # the same club as version 1 wrote it: user ids in the rows, and a row per user
    ids = {"anna": 501, "carlo": 502}
    for row in data["objects"]:
        if row["model"] == "clubs.membership":
            row["fields"]["user"] = ids[row["fields"]["user"]]
    data["objects"].append(
        {
            "model": "clubs.membership",
            "pk": 9001,
            "fields": {"club": club.pk, "user": 502, "role": "director", "created_at": None},
        }
    )
    data["objects"][:0] = [
        {
            "model": "clubs.user",
            "pk": pk,
            "fields": {"username": name, "password": HASH, "email": f"{name}@mail.example"},
        }
        for name, pk in ids.items()
    ]
    data["version"] = 1
    Club.objects.all().delete()
    imported = exchange.club_import(data)
    assert imported.unknown_usernames == ["carlo"]
    assert not get_user_model().objects.filter(username="carlo").exists()
    assert not get_user_model().objects.filter(password=HASH).exists()
    assert list(imported.club.memberships.values_list("user__username", flat=True)) == ["anna"]


# Consent -------------------------------------------------------------------------------------


def masked(text: str, username: str) -> str:
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
    text = re.sub(r'"X-CSRFToken": "[^"]+"', "", text)
    return text.replace(username, "NAME")


def test_f1_the_members_form_answers_the_same_for_an_existing_and_a_missing_username():
    """F1: inviting a username that exists and one that does not give the same answer and the
    same page (no "There is no user called X")."""
    UserFactory(username="esistente")
    club = ClubFactory(slug="circolo")
    owner = member(club, Role.OWNER, username="olga")
    answers = []
    for username in ("esistente", "inesistente"):
        client = logged_in(owner)
        client.cookies["django_language"] = "en"
        response = client.post(
            "/clubs/circolo/members/", {"username": username, "role": "scorekeeper"}
        )
        page = client.get(response["Location"]).content.decode()
        assert f"If {username} has an account, they will see the invitation" in page
        answers.append((response.status_code, response["Location"], masked(page, username)))
        assert 'id="club-invitations"' in page and username in page.split("club-invitations")[1]
        Membership.objects.filter(club=club).exclude(user=owner).delete()
        club.invitations.all().delete()
    assert answers[0] == answers[1]
    assert answers[0][0] == 302


def test_f1_the_members_api_answers_the_same_for_an_existing_and_a_missing_username():
    """F1: the API answers the same too (201, the pending invitation)."""
    UserFactory(username="esistente")
    club = ClubFactory(slug="circolo")
    owner = member(club, Role.OWNER, username="olga")
    api = APIClient()
    api.force_login(owner)
    answers = []
    for username in ("esistente", "inesistente"):
        response = api.post(
            "/api/v1/clubs/circolo/members/",
            {"username": username, "role": "director"},
            format="json",
        )
        body = response.json()
        body.pop("created_at", None)
        answers.append((response.status_code, json.dumps(body).replace(username, "NAME")))
    assert answers[0] == answers[1]
    assert answers[0][0] == 201
    listed = api.get("/api/v1/clubs/circolo/invitations/").json()["results"]
    assert sorted(row["username"] for row in listed) == ["esistente", "inesistente"]
    assert not Membership.objects.filter(club=club, user__username="esistente").exists()


def test_f1_an_invited_user_is_no_member_until_they_accept_on_their_home_page():
    """F1: the invitation shows on the invited user's home page; until they accept it the
    private club is hidden from them; accepting (a real form, with its CSRF token) makes them a
    member with the invited role."""
    club = ClubFactory(name="Circolo Privato", slug="privato")
    owner = member(club, Role.OWNER, username="olga")
    sara = UserFactory(username="sara")
    logged_in(owner).post("/clubs/privato/members/", {"username": "sara", "role": "director"})
    client = logged_in(sara, csrf=True)
    client.cookies["django_language"] = "en"
    assert client.get("/clubs/privato/").status_code == 404
    assert client.get("/clubs/privato/archive.json").status_code == 404
    home = client.get("/").content.decode()
    assert "Circolo Privato" in home and "olga invites you to join as Tournament director." in home
    assert 'action="/clubs/privato/invitation/"' in home
    response = client.post(
        "/clubs/privato/invitation/", {"action": "accept", "csrfmiddlewaretoken": csrf_token(home)}
    )
    assert response.status_code == 302 and response["Location"] == "/clubs/privato/"
    page = client.get("/clubs/privato/").content.decode()
    assert "Welcome to Circolo Privato: you are Tournament director." in page
    assert Membership.objects.get(club=club, user=sara).role == Role.DIRECTOR
    assert "Circolo Privato" not in client.get("/").content.decode().split("your-clubs")[0]


def test_f1_a_declined_or_withdrawn_invitation_makes_no_member():
    """F1: declining keeps the user out; a withdrawn invitation can no longer be accepted; nobody
    else can answer an invitation that is not theirs."""
    club = ClubFactory(name="Circolo Privato", slug="privato")
    owner = member(club, Role.OWNER, username="olga")
    sara, ugo, eve = (UserFactory(username=name) for name in ("sara", "ugo", "eve"))
    owner_client = logged_in(owner)
    for username in ("sara", "ugo"):
        owner_client.post("/clubs/privato/members/", {"username": username, "role": "owner"})
    # someone else cannot answer sara's invitation
    assert logged_in(eve).post("/clubs/privato/invitation/", {"action": "accept"}).status_code == (
        404
    )
    sara_client = logged_in(sara)
    home = sara_client.get("/").content.decode()
    assert "Circolo Privato" in home
    response = sara_client.post("/clubs/privato/invitation/", {"action": "decline"})
    assert response.status_code == 302
    assert 'action="/clubs/privato/invitation/"' not in sara_client.get("/").content.decode()
    assert sara_client.get("/clubs/privato/").status_code == 404
    # the owner withdraws ugo's invitation: it is gone from ugo's home page, and cannot be accepted
    assert owner_client.post("/clubs/privato/invitations/ugo/withdraw/").status_code == 302
    ugo_client = logged_in(ugo)
    assert 'action="/clubs/privato/invitation/"' not in ugo_client.get("/").content.decode()
    assert ugo_client.post("/clubs/privato/invitation/", {"action": "accept"}).status_code == 404
    api = APIClient()
    api.force_login(ugo)
    assert api.post("/api/v1/invitations/privato/accept/").status_code == 404
    assert set(Membership.objects.filter(club=club).values_list("user__username", flat=True)) == {
        "olga"
    }
