"""Finding what a page asks for, and who may act on it; shared by every web view of the app.

What a user may not see answers 404 (another club's private objects do not exist for them); what
they may see but not change answers 403.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club
from clubs.permissions import can_direct, is_member
from tournaments.models import Tournament


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
