"""Who may do what in a club. Every permission check of the project's clubs lives here.

| action                                   | owner | director | scorekeeper | member |
|------------------------------------------|-------|----------|-------------|--------|
| see the club, its players and matches    | yes   | yes      | yes         | yes    |
| start matches, record/correct/void hands | yes   | yes      | yes         | no     |
| add players, grant roles                 | yes   | no       | no          | no     |
| run tournaments                          | yes   | yes      | no          | no     |
| see who entered or confirmed results     | yes   | yes      | yes         | yes    |

Anyone else (another club's member, an anonymous visitor) sees only what a public club shows:
its players and its finished matches, read-only; everything else answers 404. Where they do see
a club's match or tournament, they never see who entered, started, confirmed or fixed anything
(`can_see_authors`): a username is half of a login.
"""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from clubs.models import Club, Membership, Role

SCORING_ROLES = frozenset({Role.OWNER, Role.DIRECTOR, Role.SCOREKEEPER})
DIRECTING_ROLES = frozenset({Role.OWNER, Role.DIRECTOR})
MANAGING_ROLES = frozenset({Role.OWNER})


def role_in(user, club: Club) -> str | None:
    """The user's role in the club, or None. Cached on the user object for the request."""
    if user is None or not user.is_authenticated:
        return None
    cache = user.__dict__.setdefault("_club_roles", {})
    if club.pk not in cache:
        cache[club.pk] = (
            Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()
        )
    return cache[club.pk]


def with_viewer_role(queryset: QuerySet, user, club_field: str = "club") -> QuerySet:
    """`queryset` with each row's `viewer_role`, the user's role in the row's club (None for a
    non-member), read in the same query; `remember_viewer_role` hands it to `role_in`, so that
    the checks of a page cost no query more. Anonymous users have no role: nothing is added."""
    if user is None or not user.is_authenticated:
        return queryset
    roles = Membership.objects.filter(club=OuterRef(club_field), user=user).values("role")
    return queryset.annotate(viewer_role=Subquery(roles[:1]))


def remember_viewer_role(user, club: Club, row) -> None:
    """Cache for `role_in` the user's role in `club`, read with `row` by `with_viewer_role`.

    Like `role_in`'s own cache, it lives on the user object, which authentication builds anew
    for every request; the membership services clear it when they change a role."""
    if user is not None and user.is_authenticated:
        user.__dict__.setdefault("_club_roles", {})[club.pk] = row.viewer_role


def is_member(user, club: Club) -> bool:
    return role_in(user, club) is not None


def can_score(user, club: Club) -> bool:
    """Start matches and record, correct or void their events."""
    return role_in(user, club) in SCORING_ROLES


def can_direct(user, club: Club) -> bool:
    return role_in(user, club) in DIRECTING_ROLES


def can_manage(user, club: Club) -> bool:
    """Add players, grant roles, edit the club."""
    return role_in(user, club) in MANAGING_ROLES


def can_see_authors(user, club: Club) -> bool:
    """See who entered, started, confirmed or fixed something of the club's matches and
    tournaments (their usernames): the club's members, whatever their role, and nobody else.

    One check per page: the role is cached on the user for the request."""
    return is_member(user, club)
