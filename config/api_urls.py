"""The REST API, version 1: every app's endpoints, the OpenAPI schema and its documentation."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from clubs.api import TokenView
from config import api_views
from scoring import pdf_urls

urlpatterns = [
    path("", api_views.ApiRootView.as_view(), name="api-root"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("", include("clubs.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("tournaments.api_urls")),
    path("clubs/<slug:slug>/", include("tournaments.club_api_urls")),
    path("matches/<int:pk>/", include(pdf_urls.api_urlpatterns)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]
