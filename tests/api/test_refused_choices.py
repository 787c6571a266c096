"""A choice refused through the API whose value is a lone surrogate (valid JSON, not encodable as
UTF-8): DRF's message repeats the value, which must not turn the 400 into a 500 (the fuzz net found
it on Burraco's `danese`; a seating method had the same fault)."""

from __future__ import annotations

import json

import pytest

from tests.api.test_tournaments import token_client
from tests.tournaments.helpers import Staff

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("danese", "\ud800"),
        ("movements", ["\ud800"]),
        ("seating", "\ud800"),
        ("grouping", "\ud800"),
    ],
)
def test_a_refused_choice_with_a_lone_surrogate_is_a_400(field, value):
    staff = Staff()
    client = token_client(staff.director)
    body = {"club": staff.club.slug, "name": "T", "preset": "burraco", "format": "burraco_pairs"}
    raw = json.dumps({**body, field: value}).encode("utf-8", "surrogatepass")
    response = client.client.generic(
        "POST", "/api/v1/tournaments/", raw, content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"].startswith(field) and "?" in error["message"]
    # control: a plain unknown choice is said as typed
    typed = "zz" if isinstance(value, str) else ["zz"]
    refused = client.client.generic(
        "POST",
        "/api/v1/tournaments/",
        json.dumps({**body, field: typed}),
        content_type="application/json",
    )
    assert refused.status_code == 400 and "zz" in refused.json()["detail"]
