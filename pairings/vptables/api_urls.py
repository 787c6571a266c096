"""A club's VP tables in the API, under /api/v1/clubs/<slug>/vp-tables/."""

from django.urls import path

from pairings.vptables import api

urlpatterns = [
    path("vp-tables/", api.VpTableListView.as_view(), name="api-club-vp-tables"),
    path("vp-tables/<int:pk>/", api.VpTableDetailView.as_view(), name="api-club-vp-table"),
]
