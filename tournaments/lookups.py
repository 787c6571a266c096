"""Finding what a page asks for, and who may act on it; shared by every web view of the app.

What a user may not see answers 404 (another club's private objects do not exist for them); what
they may see but not change answers 403.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from clubs.actors import Actor
from clubs.models import Club
from clubs.permissions import can_direct, can_see_match, is_member
from scoring import table_access
from tournaments.models import Table, Tournament


def visible_club(request: HttpRequest, slug: str) -> Club:
    """The club if the user may see its club life (a member, or a public club), or 404."""
    return get_object_or_404(Club.objects.for_user(request.user), slug=slug)


def require_member(request: HttpRequest, club: Club) -> None:
    """403 for a visitor of a public club who is not a member."""
    if not is_member(request.user, club):
        raise PermissionDenied


def require_director(request: HttpRequest, club: Club) -> None:
    """404 outside the club, 403 for a member without the director's role."""
    if not is_member(request.user, club):
        raise Http404
    if not can_direct(request.user, club):
        raise PermissionDenied


def visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if the user may follow it (public, or of their club), or 404."""
    return get_object_or_404(
        Tournament.objects.for_user(request.user).select_related("club"), pk=pk
    )


def directed_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if the user directs its club: 404 outside the club, 403 without the role."""
    tournament = visible_tournament(request, pk)
    require_director(request, tournament.club)
    return tournament


def table_at_table(request: HttpRequest, pk: int, table: int) -> tuple[Table, Actor]:
    """A started table of tournament `pk` and who acts at it from its match (the page or the
    API): the phone that joined with the table's code, or else the user; 404 when neither may
    see the match (a phone's code opens its own match only), 403 for a user who neither directs
    the club nor plays at the table (`services.table_confirm` and `table_dispute` check the
    rest)."""
    found = get_object_or_404(
        Table.objects.select_related("match__club", "round__tournament"),
        pk=table,
        round__tournament_id=pk,
        match__isnull=False,
    )
    match = found.match
    assert match is not None
    phone = table_access.viewer_of(request, match).phone
    if phone is not None:
        return found, phone
    user = request.user
    plays_here = user.is_authenticated and match.seats.filter(player__user=user).exists()
    if not plays_here and not can_see_match(user, match.club, finished=match.is_finished):
        raise Http404  # a player of the table sees it, member of the club or not (docs/API.md)
    # a visitor of a public club's match is no one of this table (the service says why too)
    if not (plays_here or (user.is_authenticated and can_direct(user, match.club))):
        raise PermissionDenied
    return found, user
