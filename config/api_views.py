from django.conf import settings
from django.http import HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRootView(APIView):
    """The entry point of the API: its version and where the schema and docs are."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            name="ApiRoot",
            fields={
                "version": serializers.CharField(),
                "schema": serializers.URLField(),
                "docs": serializers.URLField(),
            },
        )
    )
    def get(self, request):
        return Response(
            {
                "version": settings.TALLONE_VERSION,
                "schema": reverse("api-schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )


@extend_schema(exclude=True)
class NotFoundView(APIView):
    """Every address under /api/v1/ that no endpoint matches: `{"detail": "Not found."}`, 404,
    whatever the method."""

    authentication_classes = []  # nothing to see, so no login (nor CSRF token) needed
    permission_classes = [AllowAny]

    def http_method_not_allowed(self, request, *args, **kwargs):
        with_slash = f"{request.path}/"
        if not request.path.endswith("/") and _is_endpoint(with_slash):
            if request.method in ("GET", "HEAD"):
                # What Django's APPEND_SLASH does for pages, which this catch-all would prevent.
                query = request.META.get("QUERY_STRING", "")
                return HttpResponsePermanentRedirect(
                    f"{with_slash}?{query}" if query else with_slash
                )
            raise NotFound(
                _("Not found: the address ends with a slash, %(path)s") % {"path": with_slash}
            )
        raise NotFound()


def _is_endpoint(path: str) -> bool:
    try:
        return resolve(path).url_name != "api-not-found"
    except Resolver404:
        return False
