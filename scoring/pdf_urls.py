"""The printables of a match, under a match's address.

The site (config/urls.py):      path("matches/<int:pk>/", include("scoring.pdf_urls")),
  /matches/<pk>/sheet.pdf, /matches/<pk>/report.pdf; names "match_pdf:sheet", "match_pdf:report".
The API (config/api_urls.py):   path("matches/<int:pk>/", include(pdf_urls.api_urlpatterns)),
  (with `from scoring import pdf_urls`)
  /api/v1/matches/<pk>/sheet.pdf and .../report.pdf; names "api-match-sheet-pdf",
  "api-match-report-pdf".
"""

from django.urls import path

from scoring import pdf_views

app_name = "match_pdf"

urlpatterns = [
    path("sheet.pdf", pdf_views.sheet, name="sheet"),
    path("report.pdf", pdf_views.report, name="report"),
]

api_urlpatterns = [
    path("sheet.pdf", pdf_views.SheetPdfView.as_view(), name="api-match-sheet-pdf"),
    path("report.pdf", pdf_views.ReportPdfView.as_view(), name="api-match-report-pdf"),
]
