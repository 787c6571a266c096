"""The base of every API view of the project: `ApiView`, `ActionView` (a POST that acts on one
thing: find it, read the body, call one service, answer), the schema class every view uses
(`ApiAutoSchema`, DEFAULT_SCHEMA_CLASS), the API's one error shape (`ErrorSerializer`, and
`DetailSerializer` for a refusal without a field) and the error responses the schema shows
(`READ_ERRORS`, `WRITE_ERRORS`, `NOT_LOGGED_IN`); `validated` reads a body, `require` answers 403.

How a refusal becomes the answer is `config.errors.api_exception_handler`'s; who may do what is
each app's permissions' (`clubs.permissions`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import generics, serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

# Error shapes ------------------------------------------------------------------------------------


class ErrorItemSerializer(serializers.Serializer):
    """One thing refused: where, and why."""

    field = serializers.CharField(
        allow_null=True,
        help_text=_(
            "The field at fault, as a path into the body (`name`, `options.elimination_at`, "
            "`places.12`, `rules.stake`); null: the request as a whole."
        ),
    )
    event = serializers.IntegerField(
        allow_null=True,
        help_text=_(
            "The event at fault: its index in a document's `events` (from 0), or its number in "
            "a stored match; null: no event in particular."
        ),
    )
    document = serializers.IntegerField(
        allow_null=True,
        help_text=_(
            "The document at fault in a list of match documents (from 0); null: a single one."
        ),
    )
    message = serializers.CharField(help_text=_("Why, in the request's language."))


class ErrorSerializer(serializers.Serializer):
    """The one shape of every 400 answer of the API: a service's refusal, a field the body gets
    wrong, a body that is not JSON, a query parameter out of range. `detail` is the first
    refusal's message (one line to show); `errors` has every refusal with where it is."""

    detail = serializers.CharField()
    # DRF's metaclass takes the fields off the class, so `Serializer.errors` stays; the stubs
    # cannot say so.
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]


class DetailSerializer(serializers.Serializer):
    """A refusal that concerns no field: not logged in, no permission, not found."""

    detail = serializers.CharField()


# The base of every API view ----------------------------------------------------------------------


class ApiAutoSchema(AutoSchema):
    """The schema of every API view (DEFAULT_SCHEMA_CLASS), plus what writes may answer: 400 in
    the one error shape (`ErrorSerializer`: a body that is not JSON, a refusal) for a write with
    a body, and 429 for any write
    (every view is throttled, config.throttling.ApiWriteThrottle, DRF's `{"detail": "Request was
    throttled..."}`)."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if self.method in ("POST", "PUT", "PATCH") and "400" not in responses:
            responses["400"] = self._get_response_for_code(
                ErrorSerializer, "400", direction=direction
            )
        if self.method not in ("GET", "HEAD", "OPTIONS") and "429" not in responses:
            responses["429"] = self._get_response_for_code(
                DetailSerializer, "429", direction=direction
            )
        return responses


class ApiView(generics.GenericAPIView):
    """The base of the API's views. What they share is `REST_FRAMEWORK` in config/settings.py,
    the one place that says it: token authentication first, so that an anonymous write answers
    401 with `WWW-Authenticate: Token` (DRF answers 403 when the first authentication class names
    no scheme), then sessions; reads for everyone, writes when logged in; JSON bodies
    (config.parsers.JSONParser: bounded in size and depth); the write throttle, the pagination and
    the filters. A view states only what it does differently."""


# Error responses, as the schema shows them.
NOT_LOGGED_IN = {401: DetailSerializer}
READ_ERRORS = {404: DetailSerializer}
WRITE_ERRORS = {
    400: ErrorSerializer,
    401: DetailSerializer,
    403: DetailSerializer,
    404: DetailSerializer,
}


def validated(serializer_class: type[serializers.Serializer], request) -> dict:
    """The request's body as `serializer_class` reads it; 400 in the one error shape otherwise."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class ActionView(ApiView):
    """A POST that acts on one thing, as most of the API's writes do: `target` finds what the
    user may act on (404, 403), `body` reads the request (a serializer; None for no body: 400),
    `act` calls one service and `answer` answers. A service's refusal is not caught here:
    `config.errors.api_exception_handler` answers it.

    `act` calls `service(<target_name>=target, user=the user, **the body)` unless a view says
    otherwise. A concrete view says its schema in attributes, made into its `extend_schema` when
    the class is defined: `operation_id`, `summary`, `body` (the request), `serializer_class`
    (the answer, 201 when `created`, 200 otherwise), `errors` and `examples`; its docstring is
    the operation's description."""

    operation_id = ""
    summary = ""
    body: type[serializers.Serializer] | None = None
    created = False
    errors = WRITE_ERRORS
    examples: tuple[OpenApiExample, ...] = ()
    service: Callable[..., object]
    target_name = ""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "operation_id" in vars(cls):
            schema = extend_schema(
                operation_id=cls.operation_id,
                summary=cls.summary,
                request=cls.body,
                responses={201 if cls.created else 200: cls.serializer_class, **cls.errors},
                examples=list(cls.examples) or None,
            )
            extend_schema_view(post=schema)(cls)

    def target(self, request, *args, **kwargs) -> object:
        raise NotImplementedError

    def act(self, target, data: dict) -> object:
        service = type(self).service  # a function, not a method of the view
        return service(**{self.target_name: target}, user=self.request.user, **data)

    def answer(self, target, result) -> Response:
        raise NotImplementedError

    # No docstring: the schema would take it for every action's description.
    def post(self, request, **kwargs):
        target = self.target(request, **kwargs)
        data = validated(self.body, request) if self.body is not None else {}
        return self.answer(target, self.act(target, data))


def require(allowed: bool) -> None:
    """Answer 403 unless `allowed` (the object itself is visible to the user)."""
    if not allowed:
        raise PermissionDenied()
