"""The REST API, version 1: every app's endpoints, the OpenAPI schema and its documentation."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from config import api_views

urlpatterns = [
    path("", api_views.ApiRootView.as_view(), name="api-root"),
    path("scoring/", include("scoring.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]
