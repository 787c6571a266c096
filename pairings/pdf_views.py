"""The printables of a Gin tournament as PDF: the bracket and a round of pairings; thin views over
`pairings.printing`, on the tournaments' helpers (`tournaments.pdf_views`).

Who sees them: as the tournament's pages, everyone for a public tournament and the members of
its club for the others; anything else answers 404, and so does a printable the format does not
have (a bracket of a Swiss, pairings of a table tournament, a round that does not exist).
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.http import require_safe

from pairings import printing
from tournaments import lookups
from tournaments.formats import format_of
from tournaments.models import RoundKind
from tournaments.pdf_views import pdf_response, printed_round
from tournaments.printing import PAPERS


@require_safe
def bracket(request: HttpRequest, pk: int) -> FileResponse:
    """The bracket on one landscape page: A4, or A3 with `?paper=a3`."""
    tournament = lookups.visible_tournament(request, pk)
    if not format_of(tournament).is_bracket:
        raise Http404
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPERS:
        paper = "a4"
    return pdf_response([printing.bracket_document(tournament, paper=paper)])


@require_safe
def pairings(request: HttpRequest, pk: int, number: int) -> FileResponse:
    """A round of a Swiss or round robin: tables, who deals first, results, the bye."""
    tournament = lookups.visible_tournament(request, pk)
    if not format_of(tournament).pairs_next_round:
        raise Http404
    round = printed_round(tournament, number)
    if round.kind != RoundKind.PAIRING:
        raise Http404
    return pdf_response([printing.pairings_document(round)])
