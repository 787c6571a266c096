"""How the site answers what goes wrong outside a view's own checks.

- `api_exception_handler` (the API's one EXCEPTION_HANDLER): DRF's, plus a service's refusal
  (`base.errors.ServiceError`, and the engine's `EngineError` of the stateless preview), a body
  too large for DATA_UPLOAD_MAX_MEMORY_SIZE (413) and a query string with too many fields. Every
  400 has the one shape of `base.api.ErrorSerializer`:

      {"detail": "<the first message>",
       "errors": [{"field": "<path>" | null, "event": <int> | null, "document": <int> | null,
                   "message": "<why>"}, ...]}

  DRF's own validation errors (`{"name": ["..."]}`, nested by index or key) become one item per
  message, the field a dotted path (`places.12`; "non_field_errors" is null); a body that is not
  JSON is one item without a field. A refusal with another status answers it with `{"detail": ...}`
  and what the refusal adds (`ServiceError.extra`: a 409's `revision` and `changes`; a 429's
  `Retry-After` header, `ServiceError.retry_after`). A phone of a table code (its session holds a
  join) that asks for what needs a login gets 403, not 401.
- `bad_request` (handler400): Django's 400 page for the site, the 400 shape under /api/.
- `DatabaseBusyMiddleware`: a write that cannot get SQLite's lock within its busy timeout answers
  503 with Retry-After (JSON under /api/, a short page elsewhere), never 500: nothing was written,
  and sending the same request again is safe.
"""

from __future__ import annotations

from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from base.errors import ServiceError, error_body, error_item
from config.parsers import too_large
from scoring import table_access
from scoring.engine.errors import EngineError

API_PREFIX = "/api/"
# Seconds a client is told to wait before sending a write again after a busy database.
BUSY_RETRY_AFTER = 2


# DRF's exceptions that answer 400: a body or query parameter at fault, a body that is not JSON.
BAD_REQUESTS = (exceptions.ValidationError, exceptions.ParseError)


def api_exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = too_large()
    elif isinstance(exc, SuspiciousOperation):
        return _malformed(exc)
    elif isinstance(exc, EngineError):
        exc = ServiceError(exc.translated(_), field=exc.field, event=exc.event)
    if isinstance(exc, ServiceError):
        return refusal_response(exc, context.get("view"))
    if isinstance(exc, exceptions.NotAuthenticated) and _is_table_phone(context):
        # a phone of a table code is known: what phones may not do is forbidden, not "log in"
        exc = exceptions.PermissionDenied(
            _("A phone that joined a table with its code may not do this.")
        )
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, BAD_REQUESTS):
        response.data = error_body(_drf_errors(exc.detail))
    return response


def _is_table_phone(context) -> bool:
    request = context.get("request")
    return request is not None and bool(table_access.join_ids(request))


def refusal_response(error: ServiceError, view=None) -> Response:
    """A service's refusal as the API answers it: 400 in the one shape (the fields named as the
    view's body names them: `view.refusal_field`), or `{"detail": ...}` for another status."""
    if error.status != 400:
        response = Response({"detail": error.message, **error.extra()}, status=error.status)
        if error.status == 429:
            response["Retry-After"] = str(error.retry_after)
        return response
    rename = getattr(view, "refusal_field", None)
    items = []
    for refusal in error.refusals():
        item = refusal.as_dict()
        if rename is not None:
            item["field"] = rename(item["field"])
        items.append(item)
    return Response(error_body(items), status=400)


def _drf_errors(detail, path: tuple[str, ...] = ()) -> list[dict]:
    """DRF's error detail (a message, a list, or a mapping of fields, nested by index or key) as
    a list of items whose field is the dotted path to it."""
    if isinstance(detail, dict):
        items = []
        for key, value in detail.items():
            inner = path if key == api_settings.NON_FIELD_ERRORS_KEY else (*path, str(key))
            items += _drf_errors(value, inner)
        return items
    if isinstance(detail, list):
        items = []
        for index, value in enumerate(detail):
            # a list of messages stays at its field; a list of objects is indexed
            inner = path if not isinstance(value, (dict, list)) else (*path, str(index))
            items += _drf_errors(value, inner)
        return items
    return [error_item(_encodable(detail), field=_encodable(".".join(path)) or None)]


def _encodable(text: str) -> str:
    """A message or a field that can be sent as UTF-8: DRF's messages repeat the value refused
    ('"\\ud800" is not a valid choice.'), and a lone surrogate, valid in JSON, is not encodable
    (it would answer 500); each becomes "?"."""
    return str(text).encode("utf-8", "replace").decode("utf-8")


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    """handler400: a SuspiciousOperation raised outside a DRF view (a body too large for Django's
    own limit, too many fields, a bad host...)."""
    if not request.path.startswith(API_PREFIX):
        return defaults.bad_request(request, exception, template_name)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"detail": str(too_large().detail)}, status=413)
    return _malformed(exception)


def _malformed(exception) -> JsonResponse:
    message = _("The request is malformed: %(reason)s") % {"reason": _reason(exception)}
    return JsonResponse(error_body([error_item(message)]), status=400)


def _reason(exception) -> str:
    if isinstance(exception, TooManyFieldsSent):
        return _("it has too many fields.")
    if isinstance(exception, TooManyFilesSent):
        return _("it has too many files.")
    return _("it cannot be read.")


def is_database_busy(exc: BaseException) -> bool:
    """Whether `exc` is SQLite's "database is locked" (its busy timeout ran out)."""
    return isinstance(exc, OperationalError) and "locked" in str(exc).lower()


class DatabaseBusyMiddleware:
    """Turns a write that found SQLite locked into a retryable 503 with Retry-After."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_database_busy(exception):
            return None
        message = _(
            "The database is busy with other writes: nothing was saved. Try again in a moment."
        )
        response: HttpResponse
        if request.path.startswith(API_PREFIX):
            response = JsonResponse({"detail": message}, status=503)
        else:
            response = render(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = str(BUSY_RETRY_AFTER)
        return response
