"""The standings page of a Burraco tournament (`pairings:burraco-standings`, the format's
`standings_url_name`; BURRACO.md section 4): places, VP, MP, turni, the chain and each tie it
settled, the notes (adjustments, abandonments; the director's warning when a line gained VP by
leaving), then each turno's tables. Whoever may follow the tournament may read it, as the Gin
standings (`pairings.burraco.lookups.visible_burraco`: public, or of the user's club, and a
Burraco one; 404 otherwise).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from clubs.permissions import can_direct
from clubs.requests import PageRequest
from pairings.burraco.formats import burraco_format_of
from pairings.burraco.lookups import visible_burraco
from pairings.burraco.shown import standings_shown
from tournaments.models import TournamentStatus
from tournaments.views import old_projector_address

POLL_SECONDS = 10


@require_safe
def standings(request: PageRequest, pk: int) -> HttpResponse:
    tournament = visible_burraco(request, pk)
    kind = burraco_format_of(tournament)
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
