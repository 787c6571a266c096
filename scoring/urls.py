"""The match pages, under /matches/, and a match's printables, under a match's address.

The site (config/urls.py):
  path("matches/", include("scoring.urls")): the pages, names "scoring:<name>";
  path("matches/<int:pk>/", include((scoring_urls.pdf_urlpatterns, "match-pdf"))):
  /matches/<pk>/sheet.pdf, /matches/<pk>/report.pdf; names "match-pdf:sheet", "match-pdf:report".
The API's printables (/api/v1/matches/<pk>/sheet.pdf and .../report.pdf, names
"api-match-sheet-pdf", "api-match-report-pdf") are in scoring/api_urls.py.
"""

from django.urls import path

from scoring import pdf_views
from scoring.views import codes, events, match, start

app_name = "scoring"

urlpatterns = [
    path("sw.js", match.service_worker, name="service-worker"),
    path("join/", codes.join, name="join"),
    path("join/<str:code>/", codes.join, name="join-code"),
    path("<int:pk>/code/new/", codes.code_new, name="code-new"),
    path(
        "<int:pk>/code/seats/<int:number>/release/",
        codes.seat_release,
        name="seat-release",
    ),
    path("<int:pk>/code/correction/", codes.code_correction, name="code-correction"),
    path("<int:pk>/confirm/", codes.match_confirm, name="confirm"),
    path("new/<slug:slug>/", start.match_start, name="start"),
    path("new/<slug:slug>/rules/", start.rule_options, name="rule-options"),
    path("<int:pk>/", match.match_page, name="match"),
    path("<int:pk>/live/", match.match_live, name="live"),
    path("<int:pk>/history/", match.match_history, name="history"),
    path("<int:pk>/hand/", events.hand_record, name="hand"),
    path("<int:pk>/cards/", match.count_cards, name="count-cards"),
    path("<int:pk>/hand/preview/", match.hand_preview, name="hand-preview"),
    path("<int:pk>/reentry/", events.reentry, name="reentry"),
    path("<int:pk>/withdraw/", events.withdraw, name="withdraw"),
    path("<int:pk>/stays-out/", events.stays_out, name="stays-out"),
    path("<int:pk>/time/", events.time_call, name="time-call"),
    path("<int:pk>/events/<int:number>/correct/", events.event_correct, name="correct"),
    path("<int:pk>/events/<int:number>/void/", events.event_void, name="void"),
]

# Included under "matches/<int:pk>/" in the namespace "match-pdf" (config/urls.py).
pdf_urlpatterns = [
    path("sheet.pdf", pdf_views.sheet, name="sheet"),
    path("report.pdf", pdf_views.report, name="report"),
]
