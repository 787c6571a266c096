"""How the site answers what goes wrong outside a view's own checks.

- `api_exception_handler` (the API's one EXCEPTION_HANDLER): DRF's, plus a body too large for
  DATA_UPLOAD_MAX_MEMORY_SIZE (413) and a query string with too many fields (400), as JSON.
- `bad_request` (handler400): Django's 400 page for the site, `{"detail": ...}` under /api/.
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
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework.views import exception_handler

from config.parsers import too_large

API_PREFIX = "/api/"
# Seconds a client is told to wait before sending a write again after a busy database.
BUSY_RETRY_AFTER = 2


def api_exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = too_large()
    elif isinstance(exc, SuspiciousOperation):
        return _malformed(exc)
    return exception_handler(exc, context)


def bad_request(request, exception, template_name=defaults.ERROR_400_TEMPLATE_NAME):
    """handler400: a SuspiciousOperation raised outside a DRF view (a body too large for Django's
    own limit, too many fields, a bad host...)."""
    if not request.path.startswith(API_PREFIX):
        return defaults.bad_request(request, exception, template_name)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"detail": str(too_large().detail)}, status=413)
    return _malformed(exception)


def _malformed(exception) -> JsonResponse:
    return JsonResponse(
        {"detail": _("The request is malformed: %(reason)s") % {"reason": _reason(exception)}},
        status=400,
    )


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
        if request.path.startswith(API_PREFIX):
            response = JsonResponse({"detail": message}, status=503)
        else:
            response = render(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = str(BUSY_RETRY_AFTER)
        return response
