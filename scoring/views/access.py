"""Who may open and write a match, asked by every match view: `visible_match` (404 outside the
club, unless this phone joined with the match's table code), `scoring_match` (who records: the
user or the table's phone; 403 without the role), both answering who the request is at the
match (`table_access.MatchViewer`, resolved once per request), `released_phone_told` (a phone
whose seat was released is told so in place) and `match_closed` (a finished tournament's match
takes no change)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from clubs import permissions
from clubs.requests import PageRequest
from scoring import table_access
from scoring.models import Match
from scoring.table_access import MatchViewer
from scoring.views.answers import answer


def visible_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user may see it (`Match.objects.for_user`: their club's, a public club's
    finished one, or one in progress of a public club that shows its matches live), or if this
    phone joined it with its current table code (`MatchViewer.may_see`); else 404. Who the
    request is at the match is resolved here, once (`table_access.viewer_of`)."""
    return visible_viewer(request, pk).match


def visible_viewer(request: HttpRequest, pk: int) -> MatchViewer:
    """`visible_match`, as who the request is at it (`table_access.MatchViewer`)."""
    # the match's state cache comes with it: the page reads its state from it (`selectors`)
    # the user's role in the club comes in the same query (`clubs.permissions`)
    matches = Match.objects.for_user(request.user).select_related("club", "state_cache")
    visible = permissions.first_with_role(matches, request.user, pk=pk)
    if visible is not None:
        return table_access.viewer_of(request, visible)
    match = get_object_or_404(Match.objects.select_related("club", "state_cache"), pk=pk)
    viewer = table_access.viewer_of(request, match)
    if not viewer.may_see:
        raise Http404
    return viewer


def scoring_match(request: HttpRequest, pk: int) -> MatchViewer:
    """Who records on the match if the request may record its events (the user, or the phone
    of a table code: `MatchViewer.actor`): 404 outside the club and without a code of the
    match, 403 without the role or with a code that is read-only now."""
    return may_score(visible_viewer(request, pk))


def may_score(viewer: MatchViewer) -> MatchViewer:
    """`scoring_match` for a viewer already read: the same viewer, or 403 / 404."""
    if viewer.may_score:
        return viewer
    if viewer.may_see:
        raise PermissionDenied  # the phone's code opens the match read-only now
    if viewer.role is None:
        raise Http404
    raise PermissionDenied


def released_phone_told(request: PageRequest, viewer: MatchViewer) -> HttpResponse | None:
    """A phone whose seat was released, sending from the match page, is told so in place (who
    released it, the way back to its seat: `table_access.released_words`), with the page as a
    follower sees it, and 403: not "logged out", which the script says of a bare 403. None for
    everyone else."""
    join, match = viewer.released, viewer.match
    if join is None or viewer.may_score:
        return None
    messages.error(request, table_access.released_words(join, match))
    response = answer(request, match, "refused")
    if request.htmx:
        response.status_code = 403  # the outcome header still says "refused", in place
    return response


def match_closed(request: HttpRequest, match: Match) -> bool:
    """True (and says why) when the match takes no more changes: a finished tournament's."""
    if match.is_closed:
        messages.error(request, match.closed_message)
        return True
    return False
