"""Import and export of match documents in the API, under /api/v1/clubs/<slug>/."""

from django.urls import path

from tournaments import api_exchange as api

urlpatterns = [
    path("matches/import/", api.MatchImportView.as_view(), name="api-club-matches-import"),
    path("matches/export/", api.MatchExportView.as_view(), name="api-club-matches-export"),
]
