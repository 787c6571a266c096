"""The REST API, version 1: every app's endpoints, the OpenAPI schema and its documentation."""

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import include, path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from clubs.api import LogoutAllView, LogoutView, TokenListView, TokenRevokeView, TokenView
from config import api_views

urlpatterns = [
    path("", api_views.ApiRootView.as_view(), name="api-root"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/tokens/", TokenListView.as_view(), name="api-tokens"),
    path("auth/tokens/<str:token_id>/", TokenRevokeView.as_view(), name="api-token-revoke"),
    path("auth/logout/", LogoutView.as_view(), name="api-logout"),
    path("auth/logoutall/", LogoutAllView.as_view(), name="api-logout-all"),
    path("", include("clubs.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("pairings.api_urls")),
    path("clubs/<slug:slug>/", include("clublife.api_urls")),
    path("clubs/<slug:slug>/", include("pairings.vptables.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view loads Swagger UI's start script as a file, so the page needs no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # ReDoc styles itself with <style> elements it writes at run time and searches in a blob worker;
    # its page alone allows those (its scripts still come from this server only).
    path(
        "redoc/",
        csp_update({"style-src": [UNSAFE_INLINE], "worker-src": ["blob:"]})(
            SpectacularRedocView.as_view(url_name="api-schema")
        ),
        name="api-redoc",
    ),
    # Last: any other address under the API (an id that is not a number, a slug with spaces...)
    # answers a JSON 404 like the views do, not Django's HTML page.
    re_path(r"^", api_views.NotFoundView.as_view(), name="api-not-found"),
]
