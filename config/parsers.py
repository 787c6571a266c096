"""The one parser of the API (DEFAULT_PARSER_CLASSES): JSON, bounded.

Every API view, the anonymous ones included (the token endpoint, the preview), reads its body
through it, so a body is refused with a 400 (or 413) in the view's own error shape, never a 500:

- larger than DATA_UPLOAD_MAX_MEMORY_SIZE bytes: 413 (Django checks that limit only for forms);
- arrays and objects nested deeper than API_JSON_MAX_DEPTH (Python's json module recurses, and a
  few thousand brackets exhaust the interpreter's stack): 400, counted without recursion before
  parsing;
- not JSON, not text in the request's charset, or a string holding a NUL character (PostgreSQL
  cannot store one in text or jsonb): 400.
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import renderers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser, get_encoding
from rest_framework.utils.json import strict_constant

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


class JSONParser(BaseParser):
    """JSON bodies, bounded in size and depth, without NUL characters (see the module)."""

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
        max_depth = settings.API_JSON_MAX_DEPTH
        if nesting_depth(text, max_depth) > max_depth:
            raise ParseError(
                _("JSON parse error - arrays and objects are nested more than %(limit)s deep.")
                % {"limit": max_depth}
            )
        try:
            data = json.loads(text, parse_constant=strict_constant)
        except (ValueError, RecursionError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        if has_nul(data):
            raise ParseError(_("JSON parse error - a string contains a NUL character."))
        return data
