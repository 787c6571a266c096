"""The printables of a tournament as PDF: thin views over `tournaments.printing`.

Who sees them: as the tournament's pages, everyone for a public tournament and the members of
its club for the others (`Tournament.objects.for_user`); anything else answers 404, and so does
a printable the format does not have (a bracket of a table tournament, a round that does not
exist). The PDF is in the request's language and never kept by a shared cache. The Gin
formats' printables (the bracket, a round of pairings) are `pairings.pdf_views`, on the same
helpers (`printed_round`, `pdf_response`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from django.http import FileResponse, Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from base.printing import PdfDocument, render_pdf
from clubs.permissions import can_score
from tournaments import lookups, printing
from tournaments.formats import format_of
from tournaments.models import Round, Tournament


def printed_round(tournament: Tournament, number: int) -> Round:
    round = get_object_or_404(Round.objects.filter(tournament=tournament), number=number)
    round.tournament = tournament
    return round


def pdf_response(documents: Sequence[PdfDocument]) -> FileResponse:
    """The documents rendered as one PDF, named after the first."""
    first = documents[0]
    response = FileResponse(
        io.BytesIO(render_pdf(documents, title=first.title)),
        content_type="application/pdf",
        filename=first.filename,
        as_attachment=False,
    )
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_safe
def round_kit(request: HttpRequest, pk: int, number: int) -> FileResponse:
    """The wall list of a table round and a pre-filled score sheet per table (once started)."""
    tournament = lookups.visible_tournament(request, pk)
    if not format_of(tournament).uses_tables:
        raise Http404
    # the tables' codes (which let a phone enter a match) for the club's scorers only: a public
    # tournament's visitors get the sheets without them
    round = printed_round(tournament, number)
    codes = can_score(request.user, tournament.club)
    return pdf_response(printing.round_kit(round, request=request, show_codes=codes))


def wall_options(request: HttpRequest) -> dict:
    """`?wall=1` asks for the wall version (large type), `&paper=a3` for it on A3."""
    return {
        "wall": request.GET.get("wall") == "1",
        "paper": printing.wall_paper(request.GET.get("paper")),
    }


@require_safe
def seating(request: HttpRequest, pk: int, number: int) -> FileResponse:
    """The wall list of a table round alone: seating by table, who sits where; its wall
    version with `?wall=1` (`&paper=a3`)."""
    tournament = lookups.visible_tournament(request, pk)
    if not format_of(tournament).uses_tables:
        raise Http404
    round = printed_round(tournament, number)
    return pdf_response([printing.seating_document(round, **wall_options(request))])


@require_safe
def standings(request: HttpRequest, pk: int) -> FileResponse:
    """The standings; their wall version with `?wall=1` (`&paper=a3`)."""
    tournament = lookups.visible_tournament(request, pk)
    return pdf_response([printing.standings_document(tournament, **wall_options(request))])


@require_safe
def results(request: HttpRequest, pk: int) -> FileResponse:
    return pdf_response([printing.results_document(lookups.visible_tournament(request, pk))])
