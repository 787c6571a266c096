"""The scoring API: the stateless preview under scoring/, stored matches under matches/, and a
match's printables (matches/<pk>/sheet.pdf, matches/<pk>/report.pdf)."""

from django.urls import path

from scoring import api, api_codes, pdf_views

urlpatterns = [
    path("scoring/preview/", api.PreviewView.as_view(), name="scoring-preview"),
    path("tables/join/", api_codes.TableJoinView.as_view(), name="api-table-join"),
    path("matches/", api.MatchListView.as_view(), name="api-match-list"),
    path("matches/<int:pk>/", api.MatchDetailView.as_view(), name="api-match-detail"),
    path("matches/<int:pk>/events/", api.EventListView.as_view(), name="api-event-list"),
    path(
        "matches/<int:pk>/events/<int:number>/correct/",
        api.EventCorrectView.as_view(),
        name="api-event-correct",
    ),
    path(
        "matches/<int:pk>/events/<int:number>/void/",
        api.EventVoidView.as_view(),
        name="api-event-void",
    ),
    path("matches/<int:pk>/reentry/", api.ReentryView.as_view(), name="api-match-reentry"),
    path("matches/<int:pk>/withdraw/", api.WithdrawView.as_view(), name="api-match-withdraw"),
    path("matches/<int:pk>/time-call/", api.TimeCallView.as_view(), name="api-match-time-call"),
    path("matches/<int:pk>/confirm/", api.MatchConfirmView.as_view(), name="api-match-confirm"),
    path(
        "matches/<int:pk>/sheet.pdf",
        pdf_views.SheetPdfView.as_view(),
        name="api-match-sheet-pdf",
    ),
    path(
        "matches/<int:pk>/report.pdf",
        pdf_views.ReportPdfView.as_view(),
        name="api-match-report-pdf",
    ),
]
