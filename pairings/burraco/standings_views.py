"""The standings page of a Burraco tournament (`pairings:burraco-standings`, the format's
`standings_url_name`; BURRACO.md section 4): places, VP, MP, turni, the chain and each tie it
settled, the notes (adjustments, abandonments; the director's warning when a line gained VP by
leaving), then each turno's tables. Whoever may follow the tournament may read it, as the Gin
standings (`lookups.visible_tournament`: public, or of the user's club; 404 otherwise).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from clubs.permissions import can_direct
from clubs.requests import PageRequest
from pairings.burraco.formats import BurracoFormat
from pairings.burraco.shown import standings_shown
from tournaments import lookups
from tournaments.formats import format_of
from tournaments.models import TournamentStatus
from tournaments.views import old_projector_address

POLL_SECONDS = 10


@require_safe
def standings(request: PageRequest, pk: int) -> HttpResponse:
    tournament = lookups.visible_tournament(request, pk)
    kind = format_of(tournament)
    if not isinstance(kind, BurracoFormat):
        raise Http404
    moved = old_projector_address(request, tournament, "standings")
    if moved is not None:
        return moved
    running = tournament.status == TournamentStatus.RUNNING
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "shown": standings_shown(kind.standings(tournament)),
        "can_direct": can_direct(request.user, tournament.club),
        "poll": running,
        "poll_seconds": POLL_SECONDS,
    }
    template = "pairings/burraco/standings.html"
    if request.GET.get("fragment") == "1":
        template = "pairings/burraco/_standings.html"
    return render(request, template, context)
