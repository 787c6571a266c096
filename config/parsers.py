"""The one parser of the API (DEFAULT_PARSER_CLASSES): JSON, bounded; and `read_json`, the one
way the project reads JSON text (the API's bodies, the import page, the import commands).

Every API view, the anonymous ones included (the token endpoint, the preview), reads its body
through it, so a body is refused with a 400 (or 413) in the view's own error shape, never a 500:

- larger than DATA_UPLOAD_MAX_MEMORY_SIZE bytes: 413 (Django checks that limit only for forms);
- not text in the request's charset, or not JSON: 400;
- what `read_json` refuses, or a string holding a NUL character: 400.

`read_json` refuses JSON that the project could not store or read safely:

- arrays and objects nested deeper than API_JSON_MAX_DEPTH (Python's json module recurses, and a
  few thousand brackets exhaust the interpreter's stack), counted without recursion before
  parsing;
- a number that is not finite: `1e400` overflows to infinity, and `NaN`, `Infinity` are not JSON
  (neither SQLite's nor PostgreSQL's JSON can store them).

The API also refuses a string holding a NUL character (PostgreSQL cannot store one in text or
jsonb); the import page and commands let their name checks refuse it, naming the name.
"""

from __future__ import annotations

import json
import math
import re

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import renderers, status
from rest_framework.exceptions import APIException, ParseError

# DRF 3.18 has `get_encoding`; its stubs lack it.
from rest_framework.parsers import BaseParser, get_encoding  # type: ignore[attr-defined]

# A JSON string (escapes included), or one bracket outside any string.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "request_too_large"


def too_large(limit: int | None = None) -> RequestTooLarge:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE if limit is None else limit
    return RequestTooLarge(_("The request body is larger than %(limit)s bytes.") % {"limit": limit})


def nesting_depth(text: str, stop_above: int) -> int:
    """How deeply arrays and objects nest in `text` (brackets inside strings do not count), or
    the first depth above `stop_above` that is reached. Iterative: any depth is safe."""
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_above:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def has_nul(value) -> bool:
    """Whether any string of a parsed JSON value (keys too) contains a NUL character."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


class JSONRefused(ValueError):
    """JSON text that `read_json` refuses; `reason` says why, in the user's language (a clause
    without a subject, e.g. "the number 1e400 is too large.")."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise JSONRefused(str(_("the number %(number)s is too large.") % {"number": text[:40]}))
    return number


def _no_constant(text: str) -> float:
    raise JSONRefused(str(_("%(constant)s is not a number JSON allows.") % {"constant": text}))


def read_json(text: str) -> object:
    """`text` parsed as JSON, or `JSONRefused` for what the project cannot store or read safely
    (see the module); text that is not JSON raises `json.JSONDecodeError`, for the caller to say
    where. Never recurses deeper than API_JSON_MAX_DEPTH."""
    max_depth = settings.API_JSON_MAX_DEPTH
    if nesting_depth(text, max_depth) > max_depth:
        raise JSONRefused(
            str(_("arrays and objects are nested more than %(limit)s deep.") % {"limit": max_depth})
        )
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (json.JSONDecodeError, JSONRefused):
        raise
    except ValueError as error:  # an integer of more digits than Python converts
        raise JSONRefused(str(error)) from None
    return data


class JSONParser(BaseParser):
    """JSON bodies, bounded in size, read by `read_json` (see the module)."""

    media_type = "application/json"
    renderer_class = renderers.JSONRenderer

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = get_encoding(parser_context or {})  # text encodings only
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise too_large(limit)
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            raise ParseError(
                _("JSON parse error - the body is not %(encoding)s text.") % {"encoding": encoding}
            ) from None
        try:
            data = read_json(text)
        except JSONRefused as refused:
            raise ParseError(
                _("JSON parse error - %(reason)s") % {"reason": refused.reason}
            ) from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        # the import page and commands say which name holds the NUL instead (clubs.validators)
        if has_nul(data):
            raise ParseError(
                _("JSON parse error - %(reason)s")
                % {"reason": _("a string contains a NUL character.")}
            )
        return data
