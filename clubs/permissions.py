"""Who may do what in a club. Every permission check of the project's clubs lives here.

| action                                   | owner | director | scorekeeper | member |
|------------------------------------------|-------|----------|-------------|--------|
| see the club, its players and matches    | yes   | yes      | yes         | yes    |
| start matches, record/correct/void hands | yes   | yes      | yes         | no     |
| add players, grant roles                 | yes   | no       | no          | no     |
| run tournaments                          | yes   | yes      | no          | no     |

Anyone else (another club's member, an anonymous visitor) sees only what a public club shows:
its players and its finished matches, read-only; everything else answers 404.
"""

from __future__ import annotations

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
