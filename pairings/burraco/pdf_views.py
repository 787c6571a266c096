"""The printables of a Burraco tournament as PDF: thin views over `pairings.burraco.printables`,
on the tournaments' helpers (`tournaments.pdf_views`).

Who sees them: a turno's score slips carry each table's code (whoever holds a slip enters the
table's hands), so they are for the club's directors only (404 outside the club, 403 without
the role: `pairings.burraco.lookups.directed_burraco`); the movement card and the seating are
for whoever may follow the tournament (the players need to know where to go). A printable the
tournament does not have (not a Burraco tournament, no Mitchell turno, a round that is not a
turno) answers 404.
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.http import require_safe

from pairings.burraco import printables
from pairings.burraco.lookups import directed_burraco, visible_burraco
from tournaments.models import Round, RoundKind, Tournament
from tournaments.pdf_views import pdf_response, printed_round


def _turno(tournament: Tournament, number: int) -> Round:
    round = printed_round(tournament, number)
    if round.kind != RoundKind.TURNO:
        raise Http404
    return round


@require_safe
def slips(request: HttpRequest, pk: int, number: int) -> FileResponse:
    """A turno's score slips, a page per table, with each table's QR code and code."""
    round = _turno(directed_burraco(request, pk), number)
    return pdf_response([printables.slips_document(round, request=request)])


@require_safe
def movement_card(request: HttpRequest, pk: int) -> FileResponse:
    """The Mitchell movement card: where each pair sits in each Mitchell turno."""
    tournament = visible_burraco(request, pk, pairs=True)
    if printables.MITCHELL not in (tournament.movements or []):
        raise Http404
    return pdf_response([printables.movement_card_document(tournament)])


@require_safe
def seating(request: HttpRequest, pk: int, number: int) -> FileResponse:
    """A turno's seating in large type: tables, NS and EO lines, byes."""
    round = _turno(visible_burraco(request, pk), number)
    return pdf_response([printables.seating_document(round)])
