from django.conf import settings
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
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
