"""Query budgets: the match list and the club list cost the same at 3 and at 30 rows."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Role
from scoring import services
from tests.api.conftest import Api
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

# A logged-in page: the session, the user, then the count and the page (and the seats of the page's
# matches); with a token instead of a session, one query fewer.
MATCH_LIST_QUERIES = 5
CLUB_LIST_QUERIES = 4
LIST_QUERIES = 4


def queries(client: Api, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, response.content
    return len(captured)


def matches(club, count: int) -> None:
    players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla")]
    for number in range(count):
        match = services.match_start(
            club=club, user=None, preset="scala40-club", players=players, table_label=str(number)
        )
        if number % 2:  # half of them finished, with a winner
            services.event_record(
                match=match,
                user=None,
                data={"type": "hand", "closer": "Anna", "points": {"Bruno": 101, "Carla": 101}},
            )


@pytest.fixture
def user(db):
    return UserFactory(username="counter")


def member_of_clubs(user, count: int) -> None:
    for _number in range(count):
        MembershipFactory(club=ClubFactory(is_public=_number % 2 == 0), user=user, role=Role.OWNER)
    ClubFactory(is_public=True)  # someone else's public club


@pytest.mark.parametrize("size", [3, 30])
def test_the_match_list_has_a_fixed_query_budget(user, size, django_assert_max_num_queries):
    club = ClubFactory()
    MembershipFactory(club=club, user=user, role=Role.MEMBER)
    matches(club, size)
    client = Api(user)
    with django_assert_max_num_queries(MATCH_LIST_QUERIES):
        response = client.get("/api/v1/matches/")
    assert response.json()["count"] == size


def test_the_match_list_costs_the_same_at_3_and_30_matches(user):
    small, large = ClubFactory(slug="small"), ClubFactory(slug="large")
    for club, size in ((small, 3), (large, 30)):
        MembershipFactory(club=club, user=user, role=Role.MEMBER)
        matches(club, size)
    client = Api(user)
    assert queries(client, "/api/v1/matches/?club=small") == queries(
        client, "/api/v1/matches/?club=large"
    )


@pytest.mark.parametrize("role", ["member", "anonymous"])
def test_the_public_match_list_costs_the_same_at_3_and_30_matches(db, role):
    counts = []
    for size in (3, 30):
        club = ClubFactory(is_public=True)
        matches(club, size * 2)  # half finished: `size` public matches
        user = UserFactory()
        if role == "member":
            MembershipFactory(club=club, user=user)
        client = Api(user if role == "member" else None)
        counts.append(queries(client, f"/api/v1/matches/?club={club.slug}&status=finished"))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("size", [3, 30])
def test_the_club_list_has_a_fixed_query_budget(user, size, django_assert_max_num_queries):
    member_of_clubs(user, size)
    client = Api(user)
    with django_assert_max_num_queries(CLUB_LIST_QUERIES):
        response = client.get("/api/v1/clubs/")
    assert response.json()["count"] == size + 1


def test_the_club_list_costs_the_same_at_3_and_30_clubs(db):
    counts = []
    for size in (3, 30):
        user = UserFactory()
        member_of_clubs(user, size)
        counts.append(queries(Api(user), "/api/v1/clubs/"))
    assert counts[0] == counts[1]
    assert queries(Api(None), "/api/v1/clubs/") <= counts[0]


@pytest.mark.parametrize("size", [3, 30])
def test_the_player_and_member_lists_have_a_fixed_query_budget(
    user, size, django_assert_max_num_queries
):
    club = ClubFactory()
    MembershipFactory(club=club, user=user, role=Role.OWNER)
    for number in range(size):
        PlayerFactory(club=club)
        MembershipFactory(club=club, user=UserFactory(username=f"m{size}-{number}"))
    client = Api(user)
    # + the club, with the user's role
    with django_assert_max_num_queries(LIST_QUERIES + 1):
        assert client.get(f"/api/v1/clubs/{club.slug}/players/").json()["count"] == size
    with django_assert_max_num_queries(LIST_QUERIES + 1):
        assert client.get(f"/api/v1/clubs/{club.slug}/members/").json()["count"] == size + 1


def match_with_hands(club, hands: int):
    players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla")]
    match = services.match_start(
        club=club,
        user=None,
        preset="scala40",
        players=players,
        options={"elimination_at": 10_000},  # every hand keeps the match going
    )
    for _number in range(hands):
        services.hand_record(
            match=match, user=None, data={"closer": "Anna", "points": {"Bruno": 5, "Carla": 7}}
        )
    return match


# A hand, the path every table takes: the session, the user, the match with the user's role;
# then, in a savepoint, the locked match, its seats, its events in force, the event and its
# version, the seats whose totals changed and the match.
HAND_QUERIES = 12
# A phone's refresh of the match: the session, the user, the match, its seats, its events in force.
MATCH_QUERIES = 5


@pytest.mark.parametrize("hands", [3, 30])
def test_recording_a_hand_costs_the_same_at_3_and_30_hands(user, hands):
    club = ClubFactory()
    MembershipFactory(club=club, user=user, role=Role.SCOREKEEPER)
    match = match_with_hands(club, hands)
    client = Api(user)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            f"/api/v1/matches/{match.pk}/events/",
            {"type": "hand", "closer": "Bruno", "points": {"Anna": 20, "Carla": 30}},
        )
    assert response.status_code == 201, response.content
    totals = [player["total"] for player in response.json()["state"]["players"]]
    assert totals == [20, hands * 5, hands * 7 + 30]  # Anna, Bruno (who closed), Carla
    assert len(captured) == HAND_QUERIES, [query["sql"] for query in captured]


@pytest.mark.parametrize("hands", [3, 30])
def test_refreshing_a_match_costs_the_same_at_3_and_30_hands(user, hands):
    club = ClubFactory()
    MembershipFactory(club=club, user=user, role=Role.SCOREKEEPER)
    match = match_with_hands(club, hands)
    assert queries(Api(user), f"/api/v1/matches/{match.pk}/") == MATCH_QUERIES
