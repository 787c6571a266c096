"""A Burraco tournament has none of the Gin formats' pages: each answers 404 to its director (it
answered 500 on the Gin standings, and opened the Gin result form on a Burraco table)."""

import pytest
from django.urls import reverse

from tests.pairings.burraco.test_evening import evening, seat  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

GIN_PAGES = [
    ("get", "pairings:bracket", ()),
    ("get", "pairings:pairings", ()),
    ("get", "pairings:standings", ()),
    ("get", "pairings:console", ()),
    ("post", "pairings:draw", ()),
    ("post", "pairings:next-round", ()),
    ("get", "pairings:result-fix", ("table",)),
    ("get", "pairings:bracket-pdf", ()),
    ("get", "pairings:pairings-pdf", (1,)),
]


@pytest.mark.parametrize(("method", "name", "extra"), GIN_PAGES)
def test_the_gin_pages_of_a_burraco_tournament_are_not_found(
    evening,  # noqa: F811
    client,
    method,
    name,
    extra,
):
    staff, tournament, _pairs = evening
    round = seat(tournament, staff)
    table = round.tables.get(number=1)
    args = [tournament.pk, *(table.pk if part == "table" else part for part in extra)]
    client.force_login(staff.director)
    response = getattr(client, method)(reverse(name, args=args))
    assert response.status_code == 404
