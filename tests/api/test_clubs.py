"""Clubs, their players and their members through the API (permissions: test_permissions.py)."""

import pytest

from clubs import services as club_services
from clubs.models import Club, Membership, Role
from tests.api.conftest import Api
from tests.errors import field_errors
from tests.factories import UserFactory


def slugs(response):
    return [club["slug"] for club in response.json()["results"]]


# Clubs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("owner", ["aurora", "piazza"]),
        ("member", ["aurora", "piazza"]),
        ("outsider", ["borgo", "piazza"]),
        ("anonymous", ["piazza"]),
    ],
)
def test_the_club_list_shows_the_users_clubs_and_the_public_ones(world, api, role, expected):
    assert slugs(api(role).get("/api/v1/clubs/")) == expected


def test_the_club_list_tells_the_users_role(world, api):
    clubs = api("director").get("/api/v1/clubs/").json()["results"]
    assert {club["slug"]: club["role"] for club in clubs} == {
        "aurora": "director",
        "piazza": "director",
    }
    assert api("outsider").get("/api/v1/clubs/piazza/").json()["role"] is None


def test_a_club_is_found_by_its_slug(world, api):
    club = api("member").get("/api/v1/clubs/aurora/").json()
    del club["created_at"]
    assert club == {
        "slug": "aurora",
        "name": "Circolo Aurora",
        "city": "",
        "is_public": False,
        "public_live_matches": False,
        "table_codes": False,
        "role": "member",
    }


def test_a_club_that_does_not_exist_answers_404(world, api):
    assert api("owner").get("/api/v1/clubs/nowhere/").status_code == 404


def test_creating_a_club_makes_the_creator_its_owner(world, api):
    response = api("member").post(
        "/api/v1/clubs/", {"name": "Circolo Nuovo", "city": "Torino", "is_public": True}
    )
    assert response.status_code == 201
    assert response.json()["slug"] == "circolo-nuovo"
    assert response.json()["role"] == "owner"
    club = Club.objects.get(slug="circolo-nuovo")
    assert (club.city, club.is_public) == ("Torino", True)
    assert Membership.objects.get(club=club).user == world.users["member"]
    assert Membership.objects.get(club=club).role == Role.OWNER


def test_a_club_without_a_slug_gets_a_free_one_from_its_name(world, api):
    response = api("owner").post("/api/v1/clubs/", {"name": "Circolo Aurora"})
    assert response.json()["slug"] == "circolo-aurora"
    response = api("owner").post("/api/v1/clubs/", {"name": "Circolo Aurora"})
    assert response.json()["slug"] == "circolo-aurora-2"


def test_a_club_named_like_a_page_gets_a_slug_that_is_not_a_page(world, api):
    response = api("owner").post("/api/v1/clubs/", {"name": "New"})
    assert response.status_code == 201
    assert response.json()["slug"] == "new-2"


def test_a_reserved_slug_is_refused_on_its_field(world, api):
    response = api("owner").post("/api/v1/clubs/", {"name": "Circolo", "slug": "new"})
    assert response.status_code == 400
    assert "reserved" in field_errors(response)["slug"][0]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Altro", "slug": "aurora"}, "slug"),
        ({"name": "Altro", "slug": "not a slug"}, "slug"),
        ({"city": "Roma"}, "name"),
        ({"name": "   "}, "name"),
    ],
)
def test_a_bad_club_answers_400_naming_the_field(world, api, body, field):
    response = api("owner").post("/api/v1/clubs/", body)
    assert response.status_code == 400
    assert list(field_errors(response)) == [field]
    assert Club.objects.count() == 3


def test_the_owner_edits_the_club_but_not_its_slug(world, api):
    response = api("owner").patch(
        "/api/v1/clubs/aurora/", {"name": "Aurora 1923", "is_public": True, "slug": "x"}
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Aurora 1923"
    world.aurora.refresh_from_db()
    assert (world.aurora.name, world.aurora.is_public, world.aurora.slug) == (
        "Aurora 1923",
        True,
        "aurora",
    )


def test_errors_follow_the_request_language(world, api):
    response = api("owner", language="it").post("/api/v1/clubs/", {"city": "Roma"})
    assert field_errors(response) == {"name": ["Campo obbligatorio."]}


# Players -----------------------------------------------------------------------------------------


def test_the_player_list_is_the_clubs_players_in_name_order(world, api):
    response = api("anonymous").get("/api/v1/clubs/piazza/players/")
    assert response.json()["count"] == 4
    assert [p["name"] for p in response.json()["results"]] == ["Anna", "Bruno", "Carla", "Dario"]
    assert set(response.json()["results"][0]) == {"id", "name", "is_guest", "created_at"}


@pytest.mark.parametrize(
    ("role", "shown"),
    [
        ("anonymous", False),
        ("outsider", False),
        ("member", True),
        ("scorekeeper", True),
        ("owner", True),
    ],
)
def test_a_players_gender_is_for_the_clubs_members_only(world, api, role, shown):
    anna = world.player(world.piazza, "Anna")
    club_services.player_update(player=anna, gender="female")
    listed = api(role).get("/api/v1/clubs/piazza/players/").json()["results"]
    one = api(role).get(f"/api/v1/clubs/piazza/players/{anna.pk}/").json()
    for answer in (next(row for row in listed if row["name"] == "Anna"), one):
        assert answer["name"] == "Anna"
        assert ("gender" in answer) is shown
        if shown:
            assert answer["gender"] == "female"
    assert all(("gender" in row) is shown for row in listed)


def test_the_owner_is_answered_the_gender_they_write(world, api):
    response = api("owner").post(
        "/api/v1/clubs/piazza/players/", {"name": "Zelda", "gender": "female"}
    )
    assert response.status_code == 201 and response.json()["gender"] == "female"
    bruno = world.player(world.piazza, "Bruno")
    response = api("owner").patch(f"/api/v1/clubs/piazza/players/{bruno.pk}/", {"gender": "male"})
    assert response.status_code == 200 and response.json()["gender"] == "male"


def test_a_director_sets_a_players_gender_alone_through_the_api(world, api):
    bruno = world.player(world.piazza, "Bruno")
    url = f"/api/v1/clubs/piazza/players/{bruno.pk}/"
    response = api("director").patch(url, {"gender": "male"})
    assert response.status_code == 200 and response.json()["gender"] == "male"
    assert api("director").patch(url, {"name": "Bruno Rossi"}).status_code == 403
    assert api("director").patch(url, {"gender": "female", "is_guest": True}).status_code == 403
    assert api("scorekeeper").patch(url, {"gender": "female"}).status_code == 403
    bruno.refresh_from_db()
    assert (bruno.name, bruno.gender, bruno.is_guest) == ("Bruno", "male", False)


def test_the_owner_adds_a_player(world, api):
    response = api("owner").post("/api/v1/clubs/aurora/players/", {"name": "  Zeno   Rossi "})
    assert response.status_code == 201
    assert response.json()["name"] == "Zeno Rossi"
    assert response.json()["is_guest"] is False
    assert world.aurora.players.filter(name="Zeno Rossi").exists()


@pytest.mark.parametrize("name", ["Anna", "anna", "ANNA", " Anna "])
def test_a_player_name_is_unique_in_a_club_whatever_its_case(world, api, name):
    response = api("owner").post("/api/v1/clubs/aurora/players/", {"name": name})
    assert response.status_code == 400
    assert list(field_errors(response)) == ["name"]
    assert world.aurora.players.count() == 4


def test_another_club_may_have_a_player_of_the_same_name(world, api):
    world.users["owner"].memberships.filter(club=world.piazza).delete()
    response = api("outsider").post("/api/v1/clubs/borgo/players/", {"name": "Zeno"})
    assert response.status_code == 201
    response = api("owner").post("/api/v1/clubs/aurora/players/", {"name": "Zeno"})
    assert response.status_code == 201


def test_the_owner_renames_a_player(world, api):
    bruno = world.player(world.aurora, "Bruno")
    response = api("owner").patch(f"/api/v1/clubs/aurora/players/{bruno.pk}/", {"name": "Bruna"})
    assert response.status_code == 200
    bruno.refresh_from_db()
    assert bruno.name == "Bruna"


def test_a_player_may_be_renamed_to_another_case_of_their_own_name(world, api):
    bruno = world.player(world.aurora, "Bruno")
    response = api("owner").patch(f"/api/v1/clubs/aurora/players/{bruno.pk}/", {"name": "BRUNO"})
    assert response.status_code == 200


def test_renaming_a_player_to_a_taken_name_answers_400(world, api):
    bruno = world.player(world.aurora, "Bruno")
    response = api("owner").patch(f"/api/v1/clubs/aurora/players/{bruno.pk}/", {"name": "carla"})
    assert response.status_code == 400
    assert list(field_errors(response)) == ["name"]


def test_a_player_is_found_only_under_their_own_club(world, api):
    bruno = world.player(world.piazza, "Bruno")
    assert api("owner").get(f"/api/v1/clubs/aurora/players/{bruno.pk}/").status_code == 404
    assert api("owner").get(f"/api/v1/clubs/piazza/players/{bruno.pk}/").status_code == 200


def test_a_renamed_player_keeps_the_name_they_played_under(world, api):
    dario = world.player(world.aurora, "Dario")
    api("owner").patch(f"/api/v1/clubs/aurora/players/{dario.pk}/", {"name": "Dario Bianchi"})
    match = world.live["aurora"]
    seats = api("owner").get(f"/api/v1/matches/{match.pk}/").json()["seats"]
    assert seats[3]["name"] == "Dario"


# Members -----------------------------------------------------------------------------------------


def test_members_see_who_belongs_to_the_club(world, api):
    response = api("member").get("/api/v1/clubs/aurora/members/")
    assert [(m["username"], m["role"]) for m in response.json()["results"]] == [
        ("director", "director"),
        ("member", "member"),
        ("owner", "owner"),
        ("scorekeeper", "scorekeeper"),
    ]


def test_the_owner_invites_an_existing_user_who_becomes_a_member_on_accepting(world, api):
    """Issue 16 (behaviour changed on purpose): POST members/ makes an invitation; the user
    becomes a member with the role when they accept it."""
    newcomer = UserFactory(username="newcomer")
    response = api("owner").post(
        "/api/v1/clubs/aurora/members/", {"username": "newcomer", "role": "scorekeeper"}
    )
    assert response.status_code == 201
    assert response.json()["username"] == "newcomer"
    assert response.json()["status"] == "pending"
    assert not Membership.objects.filter(club=world.aurora, user=newcomer).exists()
    invitations = Api(newcomer).get("/api/v1/invitations/").json()["results"]
    assert [(i["club"], i["role"], i["invited_by"]) for i in invitations] == [
        ("aurora", "scorekeeper", "owner")
    ]
    response = Api(newcomer).post("/api/v1/invitations/aurora/accept/")
    assert response.status_code == 200 and response.json()["role"] == "scorekeeper"
    assert Membership.objects.get(club=world.aurora, user=newcomer).role == Role.SCOREKEEPER


def test_a_new_owner_may_manage_once_they_accept(world, api):
    newcomer = UserFactory(username="newcomer")
    api("owner").post("/api/v1/clubs/aurora/members/", {"username": "newcomer", "role": "owner"})
    assert Api(newcomer).post("/api/v1/clubs/aurora/players/", {"name": "Zeno"}).status_code == 404
    Api(newcomer).post("/api/v1/invitations/aurora/accept/")
    response = Api(newcomer).post("/api/v1/clubs/aurora/players/", {"name": "Zeno"})
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "no body", "role": "member"}, "username"),  # no account can have it
        ({"username": "member", "role": "director"}, "username"),  # already a member
        ({"username": "outsider", "role": "king"}, "role"),
        ({"role": "member"}, "username"),
    ],
)
def test_a_bad_grant_answers_400_naming_the_field(world, api, body, field):
    response = api("owner").post("/api/v1/clubs/aurora/members/", body)
    assert response.status_code == 400
    assert list(field_errors(response)) == [field]


def test_the_owner_changes_a_members_role(world, api):
    response = api("owner").patch("/api/v1/clubs/aurora/members/member/", {"role": "director"})
    assert response.status_code == 200
    assert response.json()["role"] == "director"
    membership = Membership.objects.get(club=world.aurora, user=world.users["member"])
    assert membership.role == Role.DIRECTOR


def test_the_last_owner_cannot_stop_being_owner(world, api):
    response = api("owner").patch("/api/v1/clubs/aurora/members/owner/", {"role": "member"})
    assert response.status_code == 400
    assert list(field_errors(response)) == ["role"]
    assert Membership.objects.get(club=world.aurora, user=world.users["owner"]).role == Role.OWNER


def test_an_owner_may_step_down_when_another_owner_remains(world, api):
    api("owner").patch("/api/v1/clubs/aurora/members/director/", {"role": "owner"})
    response = api("owner").patch("/api/v1/clubs/aurora/members/owner/", {"role": "member"})
    assert response.status_code == 200
    # and is then refused what only owners do
    response = api("owner").post("/api/v1/clubs/aurora/players/", {"name": "Zeno"})
    assert response.status_code == 403


def test_the_owner_removes_a_member(world, api):
    response = api("owner").delete("/api/v1/clubs/aurora/members/member/")
    assert response.status_code == 204
    assert not Membership.objects.filter(club=world.aurora, user=world.users["member"]).exists()
    assert api("member").get("/api/v1/clubs/aurora/").status_code == 404


def test_the_last_owner_cannot_be_removed(world, api):
    response = api("owner").delete("/api/v1/clubs/aurora/members/owner/")
    assert response.status_code == 400
    assert list(field_errors(response)) == ["non_field_errors"]
    assert Membership.objects.filter(club=world.aurora, user=world.users["owner"]).exists()


def test_an_owner_may_leave_when_another_owner_remains(world, api):
    api("owner").patch("/api/v1/clubs/aurora/members/director/", {"role": "owner"})
    assert api("owner").delete("/api/v1/clubs/aurora/members/owner/").status_code == 204


def test_removing_someone_who_is_not_a_member_answers_404(world, api):
    assert api("owner").delete("/api/v1/clubs/aurora/members/outsider/").status_code == 404
    response = api("owner").patch("/api/v1/clubs/aurora/members/nobody/", {"role": "member"})
    assert response.status_code == 404
