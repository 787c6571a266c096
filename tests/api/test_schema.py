"""The OpenAPI schema describes every endpoint of the API, with its bodies and its errors."""

import pytest
from django.core.management import call_command

PATHS = {
    "/api/v1/auth/token/": {"post"},
    "/api/v1/clubs/": {"get", "post"},
    "/api/v1/clubs/{slug}/": {"get", "patch"},
    "/api/v1/clubs/{slug}/players/": {"get", "post"},
    "/api/v1/clubs/{slug}/players/{id}/": {"get", "patch"},
    "/api/v1/clubs/{slug}/members/": {"get", "post"},
    "/api/v1/clubs/{slug}/members/{username}/": {"patch", "delete"},
    "/api/v1/clubs/{slug}/invitations/": {"get"},
    "/api/v1/clubs/{slug}/invitations/{username}/": {"delete"},
    "/api/v1/invitations/": {"get"},
    "/api/v1/invitations/{slug}/accept/": {"post"},
    "/api/v1/invitations/{slug}/decline/": {"post"},
    "/api/v1/matches/": {"get", "post"},
    "/api/v1/matches/{id}/": {"get"},
    "/api/v1/matches/{id}/events/": {"get", "post"},
    "/api/v1/matches/{id}/events/{number}/correct/": {"post"},
    "/api/v1/matches/{id}/events/{number}/void/": {"post"},
    "/api/v1/matches/{id}/reentry/": {"post"},
    "/api/v1/matches/{id}/withdraw/": {"post"},
    "/api/v1/matches/{id}/time-call/": {"post"},
    "/api/v1/scoring/preview/": {"post"},
}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_lists_every_endpoint_with_its_methods(schema):
    for path, methods in PATHS.items():
        assert path in schema["paths"], path
        assert methods <= set(schema["paths"][path]), path


# Without a body: the preview (open to all), and the answers to an invitation (no 403 either: an
# invitation that is not yours is not found).
NO_BODY = {
    "/api/v1/scoring/preview/",
    "/api/v1/invitations/{slug}/accept/",
    "/api/v1/invitations/{slug}/decline/",
}


@pytest.mark.parametrize("path", sorted(set(PATHS) - NO_BODY))
def test_every_write_describes_its_body_and_its_400(schema, path):
    for method, operation in schema["paths"][path].items():
        if method in ("post", "patch"):
            assert "requestBody" in operation, (method, path)
            assert "400" in operation["responses"], (method, path)
        if method != "get" and path != "/api/v1/auth/token/":
            # anyone logged in may create a club: no 403 or 404 there
            expected = {"401"} if path == "/api/v1/clubs/" else {"401", "403", "404"}
            assert expected <= set(operation["responses"]), (method, path)


def test_every_400_of_every_operation_is_the_one_error_shape(schema):
    """Issue 17: one 400 shape for the whole API (it was three: the engine's event error, DRF's
    field errors, the import's list), keeping the event, the field and the message."""
    refs = {
        response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        for operations in schema["paths"].values()
        for operation in operations.values()
        for code, response in operation.get("responses", {}).items()
        if code == "400"
    }
    assert refs == {"Error"}
    error = schema["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"detail", "errors"}
    item = error["properties"]["errors"]["items"]["$ref"].rsplit("/", 1)[1]
    assert set(schema["components"]["schemas"][item]["properties"]) == {
        "field",
        "event",
        "document",
        "message",
    }
    assert not {"EngineError", "FieldErrors", "Refusal", "ImportErrors"} & set(
        schema["components"]["schemas"]
    )


def test_recording_an_event_documents_the_idempotency_key_header(schema):
    for path in ("events/", "reentry/", "withdraw/", "time-call/"):
        operation = schema["paths"][f"/api/v1/matches/{{id}}/{path}"]["post"]
        headers = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert headers == ["Idempotency-Key"], path
        assert {"200", "201"} <= set(operation["responses"])


def test_the_match_list_documents_its_filters_and_pages(schema):
    operation = schema["paths"]["/api/v1/matches/"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {
        "club",
        "status",
        "game",
        "limit",
        "offset",
    }


def test_the_schema_validates_without_a_warning(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))
