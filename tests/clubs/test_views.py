"""The club pages through the test client: home, the list of clubs, creating a club, a club's
page (members, players, matches), the owner's forms, permissions and query budgets."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, Membership, Player, Role
from scoring import services
from tests.clients import log_in
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    member,
    start_match,
)


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Tallone", city="Bologna")


@pytest.fixture
def owner(client, club):
    return log_in(client, member(club, Role.OWNER, username="olga"))


def finish(match):
    """Play the two-player `match` to its end: the first player wins."""
    first, second = [seat.name for seat in match.seats.order_by("seat")]
    services.hand_record(match=match, user=None, data={"closer": first, "points": {second: 150}})
    return match


def section(content, heading_id):
    start = content.index(f'id="{heading_id}"')
    end = content.find("</section>", start)
    return content[start:end]


# Home --------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_home_lists_the_users_clubs_and_links_to_their_matches_in_progress(client, club):
    log_in(client, member(club, Role.SCOREKEEPER, username="sara"))
    match = start_match(club=club, table_label="4")
    finished = finish(start_match(club=club, preset="scala40", names=("Ugo", "Vera")))
    other = start_match(club=ClubFactory(name="Altro circolo"), names=("Zoe", "Yuri"))
    content = client.get("/").content.decode()
    assert "Welcome back, sara." in content
    assert "Circolo Tallone" in content and "Altro circolo" not in content
    playing = section(content, "playing-now")
    assert match.get_absolute_url() in playing
    assert finished.get_absolute_url() not in playing
    assert other.get_absolute_url() not in content
    assert reverse("scoring:start", args=[club.slug]) in content
    assert reverse("clubs:create") in content


@pytest.mark.django_db
def test_home_offers_to_start_a_match_only_where_the_user_may(client, club):
    log_in(client, member(club, Role.MEMBER))
    content = client.get("/").content.decode()
    assert club.get_absolute_url() in content
    assert reverse("scoring:start", args=[club.slug]) not in content


@pytest.mark.django_db
def test_home_for_a_visitor_invites_to_log_in(client):
    content = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Score keeping for rummy clubs" in content
    assert reverse("login") in content
    assert reverse("clubs:create") not in content


# The list of clubs -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_club_list_shows_own_and_public_clubs_only(client, club, owner):
    ClubFactory(name="Circolo Pubblico", is_public=True)
    ClubFactory(name="Circolo Segreto")
    content = client.get(reverse("clubs:list")).content.decode()
    assert "Circolo Tallone" in content and "Owner" in content
    assert "Circolo Pubblico" in content
    assert "Circolo Segreto" not in content


@pytest.mark.django_db
def test_club_list_for_a_visitor_shows_public_clubs(client):
    ClubFactory(name="Circolo Pubblico", is_public=True)
    ClubFactory(name="Circolo Segreto")
    content = client.get(reverse("clubs:list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Circolo Pubblico" in content
    assert "Circolo Segreto" not in content


@pytest.mark.django_db
def test_club_list_is_paginated(client):
    for number in range(23):
        ClubFactory(name=f"Circolo {number:02d}", is_public=True)
    first = client.get(reverse("clubs:list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Circolo 19" in first and "Circolo 20" not in first
    assert 'href="?page=2"' in first
    second = client.get(reverse("clubs:list"), {"page": 2}).content.decode()
    assert "Circolo 22" in second and "Circolo 19" not in second


# Creating a club ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_creating_a_club_makes_the_user_its_owner(client):
    user = log_in(client, UserFactory())
    response = client.post(
        reverse("clubs:create"), {"name": "Circolo  Nuovo", "city": "Lecce", "is_public": "on"}
    )
    club = Club.objects.get()
    assert response.status_code == 302
    assert response.url == club.get_absolute_url()
    assert (club.name, club.city, club.is_public, club.slug) == (
        "Circolo Nuovo",
        "Lecce",
        True,
        "circolo-nuovo",
    )
    assert Membership.objects.get(club=club).user == user
    assert Membership.objects.get(club=club).role == Role.OWNER


@pytest.mark.django_db
def test_a_club_without_a_name_is_refused_next_to_the_field_keeping_the_city(client):
    log_in(client, UserFactory())
    response = client.post(reverse("clubs:create"), {"name": "", "city": "Lecce"})
    content = response.content.decode()
    assert response.status_code == 200
    name_field = content[content.index('for="id_name"') :]
    assert "This field is required." in name_field[: name_field.index("</div>")]
    assert 'value="Lecce"' in content
    assert not Club.objects.exists()


@pytest.mark.django_db
def test_creating_a_club_needs_a_login(client):
    response = client.get(reverse("clubs:create"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


# A club's page -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_member_sees_members_with_roles_players_and_matches(client, club):
    log_in(client, member(club, Role.MEMBER, username="mario"))
    member(club, Role.DIRECTOR, username="dora")
    PlayerFactory(club=club, name="Anna")
    PlayerFactory(club=club, name="Ospite Uno", is_guest=True)
    match = start_match(club=club, names=("Bruno", "Carla"))
    content = client.get(club.get_absolute_url()).content.decode()
    members = section(content, "club-members")
    assert "dora" in members and "Tournament director" in members
    assert "mario" in members
    players = section(content, "club-players")
    assert "Anna" in players and "guest" in players
    assert match.get_absolute_url() in section(content, "club-matches")
    assert reverse("scoring:start", args=[club.slug]) not in content  # a plain member
    assert f'action="{reverse("clubs:player-add", args=[club.slug])}"' not in content


@pytest.mark.django_db
def test_the_owner_sees_the_forms_to_add_players_and_give_roles(client, club, owner):
    content = client.get(club.get_absolute_url()).content.decode()
    assert reverse("clubs:player-add", args=[club.slug]) in content
    assert reverse("clubs:member-invite", args=[club.slug]) in content
    assert reverse("scoring:start", args=[club.slug]) in content


@pytest.mark.django_db
def test_a_public_club_shows_visitors_its_players_and_finished_matches_only(client):
    club = ClubFactory(is_public=True)
    member(club, Role.OWNER, username="olga")
    PlayerFactory(club=club, name="Anna")
    finished = finish(start_match(club=club, preset="scala40", names=("Ugo", "Vera")))
    playing = start_match(club=club, names=("Bruno", "Carla"))
    content = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna" in content
    assert finished.get_absolute_url() in content
    assert playing.get_absolute_url() not in content
    assert "olga" not in content
    assert 'id="club-members"' not in content
    assert "<form" not in content.split('<main class="content"')[1]


@pytest.mark.django_db
def test_a_private_club_is_not_found_for_others(client, club):
    assert client.get(club.get_absolute_url()).status_code == 404
    log_in(client, member(ClubFactory(), Role.OWNER))
    assert client.get(club.get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_the_club_lists_are_paginated_each_on_its_own(client, club, owner):
    for number in range(25):
        PlayerFactory(club=club, name=f"Giocatore {number:02d}")
    content = client.get(club.get_absolute_url(), {"matches": 1}).content.decode()
    players = section(content, "club-players")
    assert "Giocatore 19" in players and "Giocatore 20" not in players
    assert 'href="?matches=1&amp;players=2"' in players
    second = client.get(club.get_absolute_url(), {"players": 2}).content.decode()
    assert "Giocatore 24" in section(second, "club-players")


# The owner's forms -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_owner_adds_a_player(client, club, owner):
    response = client.post(reverse("clubs:player-add", args=[club.slug]), {"name": " Anna  Neri "})
    assert response.status_code == 302
    player = Player.objects.get(club=club)
    assert (player.name, player.is_guest) == ("Anna Neri", False)


@pytest.mark.django_db
def test_a_player_name_taken_is_refused_next_to_the_field_with_the_name_kept(client, club, owner):
    PlayerFactory(club=club, name="Anna")
    response = client.post(reverse("clubs:player-add", args=[club.slug]), {"name": "anna"})
    content = response.content.decode()
    assert response.status_code == 200
    field = content[content.index('for="id_name"') :]
    assert "The club already has a player called anna." in field[: field.index("</div>")]
    assert 'value="anna"' in content
    assert Player.objects.filter(club=club).count() == 1


@pytest.mark.django_db
def test_the_owner_invites_an_existing_user_who_becomes_a_member_on_accepting(client, club, owner):
    """Issue 16 (behaviour changed on purpose): giving a role is an invitation the user
    accepts on their home page, no longer a membership at once."""
    sara = UserFactory(username="sara")
    response = client.post(
        reverse("clubs:member-invite", args=[club.slug]),
        {"username": "sara", "role": Role.SCOREKEEPER},
    )
    assert response.status_code == 302
    assert not Membership.objects.filter(club=club, user=sara).exists()
    page = client.get(response.url).content.decode()
    assert "If sara has an account, they will see the invitation on their home page" in page
    assert "sara" in page[page.index('id="club-invitations"') :]
    log_in(client, sara)
    home = client.get("/").content.decode()
    assert club.name in section(home, "your-invitations")
    client.post(reverse("clubs:invitation-answer", args=[club.slug]), {"action": "accept"})
    assert Membership.objects.get(club=club, user=sara).role == Role.SCOREKEEPER


@pytest.mark.django_db
def test_a_bad_username_is_refused_next_to_the_field_with_the_values_kept(client, club, owner):
    """A username no account could have is refused by its form, never by whether it exists."""
    response = client.post(
        reverse("clubs:member-invite", args=[club.slug]),
        {"username": "no body!", "role": Role.DIRECTOR},
    )
    content = response.content.decode()
    field = content[content.index('for="id_username"') :]
    assert "Enter a valid username." in field[: field.index("</div>")]
    assert 'value="no body!"' in content
    assert '<option value="director" selected>' in content


@pytest.mark.django_db
def test_the_owner_changes_a_role_and_removes_a_member(client, club, owner):
    sara = member(club, Role.MEMBER, username="sara")
    membership = Membership.objects.get(user=sara)
    url = reverse("clubs:member-update", args=[club.slug, membership.pk])
    client.post(url, {f"m{membership.pk}-role": Role.DIRECTOR})
    membership.refresh_from_db()
    assert membership.role == Role.DIRECTOR
    client.post(url, {"action": "remove"})
    assert not Membership.objects.filter(pk=membership.pk).exists()


@pytest.mark.django_db
def test_the_last_owner_can_neither_leave_nor_step_down(client, club, owner):
    membership = Membership.objects.get(user=owner)
    url = reverse("clubs:member-update", args=[club.slug, membership.pk])
    content = client.post(url, {"action": "remove"}).content.decode()
    row = content[content.index(f'id="member-{membership.pk}"') :]
    assert "A club needs an owner: make someone else owner first." in row[: row.index("</li>")]
    content = client.post(url, {f"m{membership.pk}-role": Role.MEMBER}).content.decode()
    row = content[content.index(f'id="member-{membership.pk}"') :]
    assert "A club needs an owner" in row[: row.index("</li>")]
    assert '<option value="member" selected>' in row
    membership.refresh_from_db()
    assert membership.role == Role.OWNER


@pytest.mark.django_db
def test_a_member_of_another_club_cannot_be_changed_from_this_one(client, club, owner):
    elsewhere = MembershipFactory(club=ClubFactory(), role=Role.MEMBER)
    url = reverse("clubs:member-update", args=[club.slug, elsewhere.pk])
    assert client.post(url, {"action": "remove"}).status_code == 404
    assert Membership.objects.filter(pk=elsewhere.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.DIRECTOR, Role.SCOREKEEPER, Role.MEMBER])
def test_only_the_owner_manages_players_and_roles(client, club, role):
    log_in(client, member(club, role))
    UserFactory(username="sara")
    victim = MembershipFactory(club=club, role=Role.MEMBER)
    assert (
        client.post(reverse("clubs:player-add", args=[club.slug]), {"name": "X"}).status_code == 403
    )
    invite = reverse("clubs:member-invite", args=[club.slug])
    assert client.post(invite, {"username": "sara", "role": "owner"}).status_code == 403
    update = reverse("clubs:member-update", args=[club.slug, victim.pk])
    assert client.post(update, {"action": "remove"}).status_code == 403
    assert not Player.objects.exists()
    assert Membership.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_a_director_sets_a_players_gender_but_only_the_owner_renames(client, club):
    dora = member(club, Role.DIRECTOR, username="dora")
    client.force_login(dora)  # Italian, the club's language
    anna = PlayerFactory(club=club, name="Anna Ferri")
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    edit = reverse("clubs:player-edit", args=[club.slug, anna.pk])
    assert f'href="{edit}">modifica</a>' in page  # beside her name, on the club's page
    form = client.get(edit).content.decode()
    assert "Genere" in form and 'name="name"' not in form  # the name stays the owner's
    answer = client.post(edit, {"gender": "female", "name": "Anna Rossi"}, follow=True)
    assert "Dati di Anna Ferri salvati." in answer.content.decode()
    anna.refresh_from_db()
    assert (anna.name, anna.gender) == ("Anna Ferri", "female")


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.SCOREKEEPER, Role.MEMBER])
def test_a_scorekeeper_or_member_cannot_set_a_players_gender(client, club, role):
    log_in(client, member(club, role))
    anna = PlayerFactory(club=club, name="Anna Ferri")
    edit = reverse("clubs:player-edit", args=[club.slug, anna.pk])
    assert client.get(edit).status_code == 403
    assert client.post(edit, {"gender": "female"}).status_code == 403
    assert (
        'href="{edit}"'
        not in client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    )
    anna.refresh_from_db()
    assert anna.gender == "unspecified"


@pytest.mark.django_db
def test_other_clubs_and_visitors_cannot_manage_a_club(client, club):
    public = ClubFactory(is_public=True)
    assert client.post(
        reverse("clubs:player-add", args=[public.slug]), {"name": "X"}
    ).url.startswith(reverse("login"))
    log_in(client, member(club, Role.OWNER))
    assert (
        client.post(reverse("clubs:player-add", args=[public.slug]), {"name": "X"}).status_code
        == 404
    )
    assert not Player.objects.exists()


# Query budgets -----------------------------------------------------------------------------------


def queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def fill_club(club, size):
    """`size` players, members and matches (each with two seats) in `club`."""
    for number in range(size):
        MembershipFactory(club=club, role=Role.SCOREKEEPER)
        names = (f"A{number}", f"B{number}")
        match = start_match(club=club, preset="scala40", names=names)
        if number % 2:
            finish(match)


@pytest.mark.django_db
def test_home_costs_the_same_queries_with_3_and_30_clubs(client):
    counts = []
    for size in (3, 30):
        user = log_in(client, UserFactory())
        for _number in range(size):
            club = ClubFactory()
            MembershipFactory(club=club, user=user, role=Role.SCOREKEEPER)
            start_match(club=club, preset="scala40", names=("Anna", "Bruno"))
        counts.append(queries(client, "/"))
    assert counts[0] == counts[1]


@pytest.mark.django_db
def test_club_list_costs_the_same_queries_with_3_and_30_clubs(client):
    counts = []
    for size in (3, 30):
        user = log_in(client, UserFactory())
        for _number in range(size):
            MembershipFactory(club=ClubFactory(), user=user, role=Role.MEMBER)
            ClubFactory(is_public=True)
        counts.append(queries(client, reverse("clubs:list")))
    assert counts[0] == counts[1]


@pytest.mark.django_db
def test_club_page_costs_the_same_queries_with_3_and_30_players_members_and_matches(client):
    small, big = ClubFactory(is_public=True), ClubFactory(is_public=True)
    fill_club(small, 3)
    fill_club(big, 30)
    boss = UserFactory(username="boss")
    for club in (small, big):
        MembershipFactory(club=club, user=boss, role=Role.OWNER)
    log_in(client, boss)
    assert queries(client, small.get_absolute_url()) == queries(client, big.get_absolute_url())
    client.logout()
    assert queries(client, small.get_absolute_url()) == queries(client, big.get_absolute_url())
