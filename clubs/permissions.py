"""Who may do what in a club. Every permission check of the project's clubs lives here.

| action                                   | owner | director | scorekeeper | member |
|------------------------------------------|-------|----------|-------------|--------|
| see the club, its players and matches    | yes   | yes      | yes         | yes    |
| start matches, record/correct/void hands | yes   | yes      | yes         | no     |
| add players, grant roles                 | yes   | no       | no          | no     |
| rename players                           | yes   | no       | no          | no     |
| set a player's gender                    | yes   | yes      | no          | no     |
| run tournaments                          | yes   | yes      | no          | no     |
| see who entered or confirmed results     | yes   | yes      | yes         | yes    |
| see a player's gender in the API         | yes   | yes      | yes         | yes    |

Anyone else (another club's member, an anonymous visitor) sees only what a public club shows:
its players and its finished matches, read-only, and its matches in progress too when the club
shows them live (`Club.public_live_matches`); everything else answers 404. Which matches is one
rule, here: `can_see_match` for one match, `visible_matches` for a queryset (what
`Match.objects.for_user` filters by). Where they do see a club's match or tournament, they never
see who entered, started, confirmed or fixed anything (`can_see_authors`): a username is half of
a login.

A phone without an account that joined one match with its table code may enter that match only:
that rule reads scoring's rows, so it lives beside scoring's models, in `scoring/table_access.py`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404

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


def get_with_role_or_404(queryset: QuerySet, user, **lookup):
    """The row of `queryset` (whose model has a `club`) matching `lookup`, or Http404, read with
    the user's role in its club in the same query: `role_in` then answers from its cache, so the
    checks of a page (may score, may see who scored) cost no query more.

    Like `role_in`'s own cache, the role lives on the user object, which authentication builds
    anew for every request; the membership services clear it when they change a role."""
    row = first_with_role(queryset, user, **lookup)
    if row is None:
        raise Http404(f"No {queryset.model._meta.object_name} matches the given query.")
    return row


def first_with_role(queryset: QuerySet, user, **lookup):
    """`get_with_role_or_404` answering None instead of Http404."""
    if user is not None and user.is_authenticated:
        roles = Membership.objects.filter(club=OuterRef("club"), user=user).values("role")
        queryset = queryset.annotate(viewer_role=Subquery(roles[:1]))
    row = queryset.filter(**lookup).first()
    if row is not None and user is not None and user.is_authenticated:
        remember_role(user, row.club_id, row.viewer_role)
    return row


def remember_role(user, club_id: int, role: str | None) -> None:
    """Keep the user's role in a club (None: not a member), read with the club in the same
    query, for `role_in` to answer without asking again (a request's user is built anew for
    every request)."""
    if user is not None and user.is_authenticated:
        user.__dict__.setdefault("_club_roles", {})[club_id] = role


def is_member(user, club: Club) -> bool:
    return role_in(user, club) is not None


def can_see_club(user, club: Club) -> bool:
    """Open the club's pages (its players, ratings, seasons, exports for visitors): its members,
    and anyone when the club is public; `Club.objects.for_user` is the same rule as a filter."""
    return club.is_public or is_member(user, club)


def can_export_tournament_standings(user, club: Club, *, public: bool) -> bool:
    """Download a tournament's standings as CSV (`clublife:tournament-standings-csv`, an export
    under the club's address): the club's members; anyone else a public tournament of a public
    club. A private club's public tournament is followed on its pages and PDFs, but the club's
    own addresses stay closed, so its pages offer no CSV to a visitor (`public`: the
    tournament's `is_public`; tournaments are above clubs)."""
    if is_member(user, club):
        return True
    return club.is_public and public


def can_score(user, club: Club) -> bool:
    """Start matches and record, correct or void their events."""
    return role_in(user, club) in SCORING_ROLES


def can_direct(user, club: Club) -> bool:
    return role_in(user, club) in DIRECTING_ROLES


def can_manage(user, club: Club) -> bool:
    """Add players, grant roles, edit the club."""
    return role_in(user, club) in MANAGING_ROLES


def can_set_gender(user, club: Club) -> bool:
    """Say a player's gender (the Italian pages agree with it): the owner, and the directors,
    who meet the players at the desk and read their names on every page of a tournament."""
    return role_in(user, club) in DIRECTING_ROLES


def can_edit_player(user, club: Club, fields: Iterable[str]) -> bool:
    """Change these details of a player (`name`, `is_guest`, `gender`): the owner any of them;
    a director the gender alone (`can_set_gender`)."""
    if can_manage(user, club):
        return True
    return can_set_gender(user, club) and set(fields) <= {"gender"}


def can_see_authors(user, club: Club) -> bool:
    """See who entered, started, confirmed or fixed something of the club's matches and
    tournaments (their usernames): the club's members, whatever their role, and nobody else.

    One check per page: the role is cached on the user for the request."""
    return is_member(user, club)


def can_see_gender(user, club: Club) -> bool:
    """Read the players' `gender` in the API: the club's members, and nobody else (a public
    club's visitors see its players' names, not what the club knows about them)."""
    return is_member(user, club)


def can_see_match(user, club: Club, *, finished: bool) -> bool:
    """Open a match of the club (its page, its live fragment, its PDFs, the API): the club's
    members always; anyone else a public club's finished matches, and its matches in progress
    when the club shows them live. `visible_matches` is the same rule as a filter."""
    if is_member(user, club):
        return True
    return club.is_public and (finished or club.public_live_matches)


def visible_matches(user, *, finished: Q) -> Q:
    """`can_see_match` as a filter of a queryset of matches (with a `club`); `finished` is the
    filter of the finished ones (the status belongs to scoring, which clubs cannot import)."""
    public = Q(club__is_public=True) & (finished | Q(club__public_live_matches=True))
    if user is not None and user.is_authenticated:
        return public | Q(club_id__in=Membership.club_ids_of(user))
    return public
