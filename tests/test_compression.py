"""Pages and API answers are compressed for a phone on a weak signal (issue 18): a match page is a
fifth of its size gzipped. Static files are compressed by whitenoise at collectstatic."""

import gzip

import pytest
from django.urls import reverse

from clubs.models import Role
from tests.factories import ClubFactory, member, start_match


@pytest.mark.django_db
def test_the_match_page_and_the_api_answer_gzipped_when_asked(client):
    club = ClubFactory()
    client.force_login(member(club, Role.SCOREKEEPER))
    match = start_match(club=club, preset="scala40-club")

    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert page["Content-Encoding"] == "gzip"
    html = gzip.decompress(page.content).decode()
    assert "Anna" in html and 'id="entry-form"' in html
    assert len(page.content) < len(html) / 3

    events = client.get(reverse("api-event-list", args=[match.pk]), HTTP_ACCEPT_ENCODING="gzip")
    assert events.status_code == 200
    plain = client.get(reverse("api-event-list", args=[match.pk]))
    assert "Content-Encoding" not in plain  # a client that does not ask gets it plain
