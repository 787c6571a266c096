"""Finding a Burraco tournament, or 404: the one lookup of the app's pages, API and printables.

A tournament of another format has no Burraco page: it answers 404 (`Http404`, which DRF's
exception handler answers as 404 too, its message as `detail`). The web pages find the
tournament with `tournaments.lookups` (404 outside the club, 403 without the director's role),
the API with `tournaments.api.core`, then ask here.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.utils.translation import gettext

from pairings.burraco.formats import BurracoFormat
from pairings.burraco.selectors import competitor_of, is_individual
from tournaments import lookups
from tournaments.formats import format_of
from tournaments.models import Tournament


def burraco_or_404(tournament: Tournament, *, pairs: bool = False) -> Tournament:
    """The tournament if it is a Burraco one (and, for `pairs`, not an individual event)."""
    if not isinstance(format_of(tournament), BurracoFormat):
        raise Http404(gettext("This is not a Burraco tournament."))
    if pairs and is_individual(tournament):
        raise Http404(gettext("An individual event has no pairs: each player is entered alone."))
    return tournament


def teams_or_404(tournament: Tournament) -> Tournament:
    """The tournament if it is a team one (a Burraco team tournament)."""
    if competitor_of(tournament) != "team":
        raise Http404
    return tournament


def visible_burraco(request: HttpRequest, pk: int, *, pairs: bool = False) -> Tournament:
    """A Burraco tournament the user may follow (public, or of their club), or 404."""
    return burraco_or_404(lookups.visible_tournament(request, pk), pairs=pairs)


def directed_burraco(request: HttpRequest, pk: int) -> Tournament:
    """A Burraco tournament the user directs: 404 outside the club, 403 without the role, 404
    for another format."""
    return burraco_or_404(lookups.directed_tournament(request, pk))


def visible_teams(request: HttpRequest, pk: int) -> Tournament:
    """A team tournament the user may follow, or 404."""
    return teams_or_404(lookups.visible_tournament(request, pk))


def directed_teams(request: HttpRequest, pk: int) -> Tournament:
    """A team tournament the user directs: 404 outside the club or for another format, then 403
    without the role."""
    tournament = visible_teams(request, pk)
    lookups.require_director(request, tournament.club)
    return tournament
