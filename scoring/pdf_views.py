"""The printables of a match as PDF: the blank score sheet and the filled report.

Two flavours of the same two views, thin: find the match the user may see
(`Match.objects.for_user`: their clubs' matches, a public club's finished ones, and its matches in
progress when it shows them live; anything else answers 404, as the match page does), build the
document with `scoring.printing`, answer `application/pdf`.

- `sheet` and `report` are the site's views (session login, Django's 404 page), at
  /matches/<pk>/sheet.pdf and /matches/<pk>/report.pdf;
- `SheetPdfView` and `ReportPdfView` answer the same at /api/v1/matches/<pk>/sheet.pdf and
  .../report.pdf, with the API's authentication (token or session) and its JSON errors.

The PDF is in the request's language (LocaleMiddleware); it is never cached by a shared cache,
as it shows what the user may see.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from django.http import FileResponse, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from base.api import DetailSerializer
from base.printing import PdfDocument, render_pdf
from clubs.permissions import can_score, can_see_authors
from config.tokens import TokenAuthentication
from scoring.models import Match
from scoring.pages import place_of
from scoring.printing import match_report, score_sheet
from scoring.table_access import viewer_of


def visible_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user may see it, or 404."""
    return get_object_or_404(Match.objects.for_user(request.user).select_related("club"), pk=pk)


def pdf_response(document: PdfDocument) -> FileResponse:
    """The document rendered, shown by the browser (or saved under its file name)."""
    response = FileResponse(
        io.BytesIO(render_pdf([document])),
        content_type="application/pdf",
        filename=document.filename,
        as_attachment=False,
    )
    patch_cache_control(response, private=True, no_cache=True)
    return response


def event_of(request: HttpRequest, match: Match) -> str:
    """The event line of a match's printables: a tournament's table prints its tournament and
    round (from the app that owns it, `scoring.pages`); a club night's match prints none."""
    place = place_of(viewer_of(request, match))
    return place.event if place is not None else ""


def sheet_document(request: HttpRequest, match: Match) -> PdfDocument:
    """The sheet; its table code (which lets a phone enter the match) for the club's scorers
    only: a public club's visitors get the sheet without it."""
    return score_sheet(
        match,
        request=request,
        event=event_of(request, match),
        show_code=can_score(request.user, match.club),
    )


def report_document(request: HttpRequest, match: Match) -> PdfDocument:
    """The report; who recorded and changed its events is printed for the club's members only."""
    return match_report(
        match,
        event=event_of(request, match),
        show_authors=can_see_authors(request.user, match.club),
    )


# The site ----------------------------------------------------------------------------------------


@require_safe
def sheet(request: HttpRequest, pk: int) -> FileResponse:
    """The blank score sheet of a match, to print and fill at the table."""
    return pdf_response(sheet_document(request, visible_match(request, pk)))


@require_safe
def report(request: HttpRequest, pk: int) -> FileResponse:
    """The filled report of a match (referto), in progress or finished."""
    return pdf_response(report_document(request, visible_match(request, pk)))


# The API -----------------------------------------------------------------------------------------


class PdfRenderer(BaseRenderer):
    """Lets a client ask for `Accept: application/pdf` (the views answer PDF whatever it asks)."""

    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


class PdfView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [AllowAny]  # who sees what is `Match.objects.for_user`
    renderer_classes = [JSONRenderer, PdfRenderer]
    build: Callable[[HttpRequest, Match], PdfDocument]

    def get(self, request, pk):
        match = visible_match(request, pk)
        return pdf_response(self.build(request, match))

    def finalize_response(self, request, response, *args, **kwargs):
        if isinstance(response, Response):  # an error: JSON, whatever the client accepts
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)


PDF_RESPONSES = {
    (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="A4 PDF."),
    (404, "application/json"): DetailSerializer,
}


class SheetPdfView(PdfView):
    """The blank score sheet of a match as PDF."""

    build = staticmethod(sheet_document)

    @extend_schema(
        operation_id="matches_sheet_pdf",
        summary="The blank score sheet of a match (PDF)",
        responses=PDF_RESPONSES,
    )
    def get(self, request, pk):
        return super().get(request, pk)


class ReportPdfView(PdfView):
    """The filled report of a match as PDF: every hand, corrections, ranking, pot and chart."""

    build = staticmethod(report_document)

    @extend_schema(
        operation_id="matches_report_pdf",
        summary="The filled report of a match (PDF)",
        responses=PDF_RESPONSES,
    )
    def get(self, request, pk):
        return super().get(request, pk)
