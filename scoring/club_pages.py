"""The matches on the clubs' pages: the home page's matches in progress and a club page's
matches, registered with `clubs.pages` by `ScoringConfig.ready()` (clubs cannot import scoring).
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest

from clubs.models import Club
from clubs.views import paginate
from scoring.models import Match, MatchPlayer, MatchStatus
from scoring.selectors import matches_for_club

HOME_MATCHES = 20


def home_matches(request: HttpRequest) -> dict[str, object]:
    """The matches in progress of the user's clubs, newest first, with a quick link to each
    (not other clubs' matches live to the public)."""
    if not request.user.is_authenticated:
        return {}
    return {
        "in_progress": list(
            Match.objects.filter(
                club__in=Club.objects.member_of(request.user), status=MatchStatus.IN_PROGRESS
            )
            .select_related("club")
            .prefetch_related(Prefetch("seats", queryset=MatchPlayer.objects.order_by("seat")))
            .order_by("-started_at", "-id")[:HOME_MATCHES]
        )
    }


def club_matches(request: HttpRequest, club: Club, is_member: bool) -> dict[str, object]:
    """The club's matches, one page of them; a visitor sees those they may open
    (`Match.objects.for_user`: the finished ones, and those in progress when they are live)."""
    matches = matches_for_club(club)
    if not is_member:
        matches = matches.for_user(request.user)
    return {"matches": paginate(request, matches, "matches")}
