"""Who sees what (`for_user` scoping), and the invariants the database itself enforces."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction

from clubs.models import Club, Membership, Player, Role
from scoring import services
from scoring.models import EventVersion, Match, MatchEvent
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, member, start_match

pytestmark = pytest.mark.django_db

ANONYMOUS = AnonymousUser()


@pytest.fixture
def world():
    """A private club with a member, another private club, and a public club.

    Each club has one match in progress and one finished (ended by a time call).
    """
    home = ClubFactory(name="Home", slug="home")
    other = ClubFactory(name="Other", slug="other")
    public = ClubFactory(name="Public", slug="public", is_public=True)
    matches = {}
    for club in (home, other, public):
        running = start_match(club=club, names=(f"{club.slug} A", f"{club.slug} B"))
        finished = start_match(club=club, names=(f"{club.slug} C", f"{club.slug} D"))
        services.match_call_time(match=finished, user=None)
        matches[club.slug] = {"running": running, "finished": finished}
    return {
        "home": home,
        "other": other,
        "public": public,
        "matches": matches,
        "member": member(home, Role.MEMBER),
    }


def ids(queryset) -> set[int]:
    pks = list(queryset.values_list("pk", flat=True))
    assert len(pks) == len(set(pks)), "the queryset repeats rows"
    return set(pks)


def match_ids(world, *wanted: tuple[str, str]) -> set[int]:
    return {world["matches"][slug][state].pk for slug, state in wanted}


# Club --------------------------------------------------------------------------------------------


def test_a_member_sees_their_clubs_and_the_public_ones(world):
    assert ids(Club.objects.for_user(world["member"])) == {world["home"].pk, world["public"].pk}


def test_an_anonymous_visitor_sees_only_public_clubs(world):
    assert ids(Club.objects.for_user(ANONYMOUS)) == {world["public"].pk}


def test_a_member_of_a_public_club_sees_it_once(world):
    user = world["member"]
    MembershipFactory(club=world["public"], user=user, role=Role.SCOREKEEPER)
    member(world["public"], Role.OWNER)  # another member: no extra rows either
    assert ids(Club.objects.for_user(user)) == {world["home"].pk, world["public"].pk}


def test_member_of_lists_only_the_clubs_a_user_belongs_to(world):
    assert ids(Club.objects.member_of(world["member"])) == {world["home"].pk}
    assert ids(Club.objects.member_of(ANONYMOUS)) == set()


# Player ------------------------------------------------------------------------------------------


def test_players_are_scoped_like_their_clubs(world):
    by_club = {
        slug: set(Player.objects.filter(club__slug=slug).values_list("pk", flat=True))
        for slug in ("home", "other", "public")
    }
    assert ids(Player.objects.for_user(world["member"])) == by_club["home"] | by_club["public"]
    assert ids(Player.objects.for_user(ANONYMOUS)) == by_club["public"]


# Match -------------------------------------------------------------------------------------------


def test_a_member_sees_every_match_of_their_club_and_finished_public_ones(world):
    assert ids(Match.objects.for_user(world["member"])) == match_ids(
        world, ("home", "running"), ("home", "finished"), ("public", "finished")
    )


def test_a_member_of_a_public_club_sees_its_matches_in_progress(world):
    user = member(world["public"], Role.SCOREKEEPER)
    assert ids(Match.objects.for_user(user)) == match_ids(
        world, ("public", "running"), ("public", "finished")
    )


def test_an_anonymous_visitor_sees_only_finished_matches_of_public_clubs(world):
    assert ids(Match.objects.for_user(ANONYMOUS)) == match_ids(world, ("public", "finished"))


def test_a_match_of_a_club_with_many_members_is_listed_once(world):
    for role in (Role.OWNER, Role.DIRECTOR, Role.SCOREKEEPER):
        member(world["home"], role)
    assert len(ids(Match.objects.for_user(world["member"]))) == 3


# Constraints -------------------------------------------------------------------------------------


def test_a_player_name_is_unique_per_club_whatever_its_case():
    club = ClubFactory()
    PlayerFactory(club=club, name="Anna Ferri")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="ANNA ferri")
    PlayerFactory(club=ClubFactory(), name="Anna Ferri")  # another club may have one
    assert Player.objects.filter(name__iexact="anna ferri").count() == 2


def test_a_user_has_one_membership_per_club():
    club = ClubFactory()
    user = member(club, Role.MEMBER)
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    MembershipFactory(club=ClubFactory(), user=user)  # another club is fine
    assert Membership.objects.filter(user=user).count() == 2


def test_an_event_has_one_current_version_in_the_database():
    match = start_match()
    event, _ = services.hand_record(
        match=match,
        user=None,
        data={"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}},
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        EventVersion.objects.create(event=event, version=2, data={"type": "hand"}, is_current=True)
    # A superseded version beside the current one is allowed.
    EventVersion.objects.create(event=event, version=2, data={"type": "hand"}, is_current=False)
    assert event.versions.count() == 2


def test_a_void_version_needs_a_reason_in_the_database():
    match = start_match()
    event, _ = services.hand_record(
        match=match,
        user=None,
        data={"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}},
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        EventVersion.objects.create(
            event=event, version=2, data={}, is_current=False, is_void=True, reason=""
        )


def test_event_numbers_and_idempotency_keys_are_unique_per_match():
    match = start_match()
    MatchEvent.objects.create(match=match, number=1, kind="hand", idempotency_key="k")
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchEvent.objects.create(match=match, number=1, kind="hand")
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchEvent.objects.create(match=match, number=2, kind="hand", idempotency_key="k")
    # Events without a key never clash on it.
    MatchEvent.objects.create(match=match, number=2, kind="hand")
    MatchEvent.objects.create(match=match, number=3, kind="hand")
    assert match.events.count() == 3
