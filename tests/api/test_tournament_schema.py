"""The OpenAPI schema describes every tournament endpoint, with its bodies and its errors."""

import pytest
from django.core.management import call_command

T = "/api/v1/tournaments/{id}/"
PATHS = {
    "/api/v1/tournaments/": {"get", "post"},
    T: {"get"},
    T + "finish/": {"post"},
    T + "reopen/": {"post"},
    T + "entries/": {"get", "post"},
    T + "entries/many/": {"post"},
    T + "entries/check-in-all/": {"post"},
    T + "entries/{entry_id}/check-in/": {"post"},
    T + "entries/{entry_id}/pay/": {"post"},
    T + "entries/{entry_id}/unpay/": {"post"},
    T + "entries/{entry_id}/drop/": {"post"},
    T + "entries/{entry_id}/reinstate/": {"post"},
    T + "keep-apart/": {"get", "post"},
    T + "keep-apart/{group_id}/": {"delete"},
    T + "rounds/": {"get", "post"},
    T + "rounds/{number}/": {"get"},
    T + "rounds/{number}/reseat/": {"post"},
    T + "rounds/{number}/swap/": {"post"},
    T + "rounds/{number}/start/": {"post"},
    T + "rounds/{number}/pause/": {"post"},
    T + "rounds/{number}/resume/": {"post"},
    T + "rounds/{number}/call-time/": {"post"},
    T + "tables/{table_id}/confirm/": {"post"},
    T + "tables/{table_id}/confirm-at-table/": {"post"},
    T + "tables/{table_id}/dispute/": {"post"},
    T + "tables/{table_id}/playoff/": {"post"},
    T + "tables/{table_id}/fix/": {"post"},
    T + "standings/": {"get"},
    T + "final-ranking/": {"get"},
    T + "ledger/": {"get"},
    T + "draw/": {"post"},
    T + "next-round/": {"post"},
    T + "bracket/": {"get"},
    T + "teams/": {"get", "post"},
    T + "teams/{team_id}/lineups/": {"post"},
    T + "pairs/": {"get", "post"},
    T + "turni/": {"get", "post"},
    T + "turni/{number}/actions/": {"get", "post"},
    T + "turni/{number}/actions/{action_id}/undo/": {"post"},
}
# Writes whose body is empty: the path says it all.
NO_BODY = {
    T + "finish/",
    T + "entries/check-in-all/",
    T + "entries/{entry_id}/check-in/",
    T + "entries/{entry_id}/pay/",
    T + "entries/{entry_id}/unpay/",
    T + "entries/{entry_id}/drop/",
    T + "entries/{entry_id}/reinstate/",
    T + "keep-apart/{group_id}/",
    T + "rounds/{number}/start/",
    T + "rounds/{number}/pause/",
    T + "rounds/{number}/resume/",
    T + "rounds/{number}/call-time/",
    T + "tables/{table_id}/confirm/",
    T + "tables/{table_id}/confirm-at-table/",
    T + "draw/",
    T + "next-round/",
    T + "turni/",
    T + "turni/{number}/actions/{action_id}/undo/",
}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_lists_every_tournament_endpoint_with_its_methods(schema):
    tournament_paths = {path for path in schema["paths"] if path.startswith("/api/v1/tournaments/")}
    assert tournament_paths == set(PATHS)
    for path, methods in PATHS.items():
        assert set(schema["paths"][path]) - {"parameters"} == methods, path


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_tournament_write_describes_its_body_and_its_errors(schema, path):
    for method, operation in schema["paths"][path].items():
        responses = set(operation["responses"])
        if method == "get":
            assert "200" in responses
            if path != "/api/v1/tournaments/":
                assert "404" in responses, path
            continue
        assert ("requestBody" in operation) == (path not in NO_BODY), path
        assert {"400", "401", "403", "404"} <= responses, path
        assert responses & ({"204"} if method == "delete" else {"200", "201"}), path


def test_the_standings_are_one_of_four_kinds(schema):
    operation = schema["paths"][T + "standings/"]["get"]
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    standings = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert standings["discriminator"]["propertyName"] == "kind"
    assert set(standings["discriminator"]["mapping"]) == {"table", "pairing", "bracket", "burraco"}


def test_the_tournament_list_documents_its_filters_and_pages(schema):
    operation = schema["paths"]["/api/v1/tournaments/"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {
        "club",
        "status",
        "format",
        "limit",
        "offset",
    }


def test_the_schema_with_the_tournaments_validates_without_a_warning(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))
