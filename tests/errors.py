"""Reading the API's one 400 shape in tests (`base.api.ErrorSerializer`):
`{"detail": "...", "errors": [{"field": ..., "event": ..., "document": ..., "message": ...}]}`."""

from __future__ import annotations

from typing import Any

NON_FIELD = "non_field_errors"


def errors_of(response) -> list[dict[str, Any]]:
    """The refusals of a 400 answer, after checking that it has the one shape."""
    assert response.status_code == 400, (response.status_code, response.content)
    body = response.json()
    assert set(body) == {"detail", "errors"}, body
    assert body["errors"], body
    for item in body["errors"]:
        assert set(item) == {"field", "event", "document", "message"}, body
    assert body["detail"] == body["errors"][0]["message"], body
    return body["errors"]


def field_errors(response) -> dict[str, list[str]]:
    """The messages of a 400 answer by field, in order ("non_field_errors" for the request as
    a whole): what DRF's field errors said before the one shape."""
    fields: dict[str, list[str]] = {}
    for item in errors_of(response):
        fields.setdefault(item["field"] or NON_FIELD, []).append(item["message"])
    return fields


def refusal(response) -> dict[str, Any]:
    """The one refusal of a 400 answer: its event, field and message."""
    (item,) = errors_of(response)
    return {"event": item["event"], "field": item["field"], "message": item["message"]}


def top_fields(response) -> list[str]:
    """The body's fields at fault (the first part of each path: "players" for "players.0")."""
    tops: list[str] = []
    for field in field_errors(response):
        top = field.split(".")[0]
        if top not in tops:
            tops.append(top)
    return tops
