"""The PDF views, on the site and in the API: who sees which match, and what they answer."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from rest_framework.test import APIClient

from clubs.models import Role
from scoring import services
from tests.api.conftest import api_token
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf, hand

pytestmark = pytest.mark.django_db

KINDS = ("sheet", "report")


def site_url(match, kind: str) -> str:
    return reverse(f"match-pdf:{kind}", kwargs={"pk": match.pk})


def api_url(match, kind: str) -> str:
    return reverse(f"api-match-{kind}-pdf", kwargs={"pk": match.pk})


@pytest.fixture(autouse=True)
def english_requests(client):
    """Requests ask for English (the site's default language is Italian)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def club():
    return ClubFactory(name="Circolo Aurora")


@pytest.fixture
def public_club():
    return ClubFactory(name="Circolo Piazza", is_public=True)


@pytest.fixture
def live(club):
    match = start_match(club=club, table_label="3")
    hand(match, "Anna", Bruno=35, Carla=12, Dario=44)
    return match


@pytest.fixture
def finished(public_club):
    match = start_match(club=public_club, names=("Anna", "Bruno"))
    hand(match, "Anna", Bruno=101)
    match.refresh_from_db()
    assert match.is_finished
    return match


def test_the_urls_are_under_the_match_on_the_site_and_in_the_api(live):
    assert site_url(live, "sheet") == f"/matches/{live.pk}/sheet.pdf"
    assert site_url(live, "report") == f"/matches/{live.pk}/report.pdf"
    assert api_url(live, "sheet") == f"/api/v1/matches/{live.pk}/sheet.pdf"
    assert api_url(live, "report") == f"/api/v1/matches/{live.pk}/report.pdf"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCOREKEEPER])
def test_a_member_of_the_club_gets_the_pdf(client, club, live, kind, role):
    client.force_login(member(club, role))

    response = client.get(site_url(live, kind))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="tallone-{live.pk}-{kind}.pdf"'
    assert "private" in response["Cache-Control"]
    pdf = Pdf.of(b"".join(response.streaming_content))
    assert "Anna" in pdf.text() and "Dario" in pdf.text()


@pytest.mark.parametrize("kind", KINDS)
def test_another_clubs_member_and_an_anonymous_visitor_get_404(client, live, kind):
    assert client.get(site_url(live, kind)).status_code == 404
    client.force_login(member(ClubFactory(), Role.OWNER))
    assert client.get(site_url(live, kind)).status_code == 404


@pytest.mark.parametrize("kind", KINDS)
def test_anyone_sees_a_public_clubs_finished_match_but_not_one_in_progress(
    client, public_club, finished, kind
):
    response = client.get(site_url(finished, kind))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    in_progress = start_match(club=public_club, names=("Carla", "Dario"))
    assert client.get(site_url(in_progress, kind)).status_code == 404


def test_the_report_of_a_finished_match_has_its_ranking(client, finished):
    response = client.get(site_url(finished, "report"))

    words = Pdf.of(b"".join(response.streaming_content)).words()
    assert "Final ranking" in words
    assert "1 Anna 0 Winner 2 Bruno 101 Out for good" in words


def test_the_pdf_is_in_the_users_language(client, club, live):
    client.force_login(member(club))

    response = client.get(site_url(live, "sheet"), HTTP_ACCEPT_LANGUAGE="it")

    with translation.override("it"):
        date = date_format(timezone.localtime(live.started_at))
    assert date in Pdf.of(b"".join(response.streaming_content)).text()


def test_the_sheets_qr_code_opens_the_match_on_the_host_asked(
    client, club, live, monkeypatch, settings
):
    settings.ALLOWED_HOSTS = ["tallone.example"]
    seen = []
    monkeypatch.setattr("scoring.printing.sheet.qr_code", lambda url: seen.append(url) or "")
    client.force_login(member(club))

    response = client.get(site_url(live, "sheet"), HTTP_HOST="tallone.example")

    assert response.status_code == 200
    assert seen == [f"http://tallone.example/matches/{live.pk}/"]


def test_the_pdf_views_only_read(client, club, live):
    client.force_login(member(club))

    assert client.post(site_url(live, "sheet")).status_code == 405


# The API -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_the_api_answers_the_pdf_to_a_token(club, live, kind):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(member(club, Role.MEMBER))}")

    for accept in ("application/pdf", "*/*", "application/json"):
        response = api.get(api_url(live, kind), HTTP_ACCEPT=accept)
        assert response.status_code == 200, accept
        assert response["Content-Type"] == "application/pdf"
        assert Pdf.of(b"".join(response.streaming_content)).pages == 1


@pytest.mark.parametrize("kind", KINDS)
def test_the_api_answers_404_in_json_to_who_may_not_see_the_match(live, kind):
    api = APIClient()

    response = api.get(api_url(live, kind), HTTP_ACCEPT="application/pdf")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "detail" in response.json()
    outsider = api_token(member(ClubFactory(), Role.OWNER))
    api.credentials(HTTP_AUTHORIZATION=f"Token {outsider}")
    assert api.get(api_url(live, kind)).status_code == 404


def test_the_api_shows_a_public_finished_match_to_anyone(finished):
    response = APIClient().get(api_url(finished, "report"), HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_the_schema_describes_the_pdf_endpoints():
    schema = APIClient().get("/api/v1/schema/", {"format": "json"}).json()

    for kind in KINDS:
        operation = schema["paths"][f"/api/v1/matches/{{id}}/{kind}.pdf"]["get"]
        assert operation["operationId"] == f"matches_{kind}_pdf"
        assert "application/pdf" in operation["responses"]["200"]["content"]
        assert "404" in operation["responses"]


def test_the_report_view_reads_a_fixed_number_of_queries(client, club):
    client.force_login(member(club))
    short, long = (
        start_match(club=club),
        start_match(club=club, names=("Elena", "Franco"), options={"elimination_at": 10000}),
    )
    hand(short, "Anna", Bruno=1, Carla=2, Dario=3)
    for number in range(30):
        closer, other = ("Elena", "Franco") if number % 2 else ("Franco", "Elena")
        hand(long, closer, **{other: number})
    services.match_call_time(match=long, user=None)

    counts = []
    for match in (short, long):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(site_url(match, "report")).status_code == 200
        counts.append(len(queries))

    assert counts[0] == counts[1]
