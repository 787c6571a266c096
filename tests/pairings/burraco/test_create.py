"""Creating a Burraco tournament on the creation page (issue 29): the format's own settings from
the settings table (movements, hands per turno, the Mitchell skip, the danese, the bye's VP, the
tie-breaks), the turno rules set by the format, and each refusal beside its field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.clients import log_in
from tests.factories import ClubFactory
from tests.tournaments.helpers import Staff
from tests.tournaments.test_views import create_data
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    staff = Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))
    log_in(client, staff.director)
    return staff


def burraco_data(staff, **changes):
    return create_data(staff, **{"preset": "burraco", "format": "burraco_pairs", **changes})


def test_a_burraco_evening_is_created_with_its_movements(client, staff):
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'data-formats="burraco_pairs"' in page and 'name="movements"' in page
    assert 'value="mitchell, mitchell, mitchell, danese"' in page
    data = burraco_data(
        staff,
        movements="Mitchell, mitchell, danese",
        hands_per_turno="4",
        mitchell_skip="1",
        danese="puro",
        burraco_tie_breaks=["vp", "mp", "lot"],
    )
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert tournament.movements == ["mitchell", "mitchell", "danese"]
    assert tournament.hands_per_turno == 4 and tournament.danese == "puro"
    assert tournament.rules["hands_per_turno"] == 4 and tournament.rules["target"] is None
    assert tournament.tie_breaks == ["vp", "mp", "lot"]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"movements": "mitchell, swiss"}, "movements", "swiss is not one of: mitchell, danese"),
        ({"hands_per_turno": "5"}, "hands_per_turno", "Enter a whole number from 2 to 4."),
        ({"bye_vp": "21"}, "bye_vp", "Enter a whole number from 0 to 20."),
        ({"preset": "scala40"}, "preset", "Burraco tournaments are played at Burraco"),
    ],
)
def test_a_refusal_stands_beside_its_field(client, staff, changes, field, message):
    response = client.post(reverse("tournaments:create"), burraco_data(staff, **changes))
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not Tournament.objects.exists()


def test_a_scala_40_preset_refused_for_burraco_and_burraco_for_tables(client, staff):
    response = client.post(
        reverse("tournaments:create"), create_data(staff, preset="burraco", format="rounds")
    )
    assert "Table tournaments are played at Scala 40 or Ramino" in " ".join(
        response.context["form"].errors["preset"]
    )


def test_the_rules_the_format_sets_are_not_asked(client, staff):
    """A Burraco tournament's turno has no target and its hands are the format's setting: the
    rules' panel leaves them out; for a club night's rules (a table format) it asks the target
    (control)."""
    url = reverse("tournaments:rule-options")
    burraco = client.get(url, {"preset": "burraco", "format": "burraco_pairs"}).content.decode()
    assert 'name="rules-bonus_pulito"' in burraco
    assert 'name="rules-target"' not in burraco and 'name="rules-hands_per_turno"' not in burraco
    free = client.get(url, {"preset": "burraco", "format": "rounds"}).content.decode()
    assert 'name="rules-target"' in free
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'hx-include="#id_format"' in page  # the preset's reload says the format


def test_a_team_tournament_is_created_with_its_own_movements(client, staff):
    """Teams play danese or all'italiana: their own field, all'italiana three times by default;
    a Mitchell is refused beside it."""
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'name="team_movements"' in page and 'value="italiana, italiana, italiana"' in page
    refused = client.post(
        reverse("tournaments:create"),
        burraco_data(staff, format="burraco_teams", team_movements="mitchell, danese"),
    )
    assert refused.status_code == 200
    errors = refused.context["form"].errors
    assert set(errors) == {"team_movements"}, errors
    assert "teams play no Mitchell" in errors["team_movements"][0]
    data = burraco_data(staff, format="burraco_teams", team_movements="danese, italiana")
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert response["Location"] == f"{tournament.get_absolute_url()}#teams"  # paste them there
    assert (tournament.format, tournament.movements) == ("burraco_teams", ["danese", "italiana"])


def test_a_tournament_of_pairs_goes_on_to_its_pairs_not_the_players_entries(client, staff):
    """The creation page sent a Burraco tournament of pairs to the entries page, which
    registers lone players ("register the players"): the pairs are pasted on the console. A
    table tournament still goes to its entries (control)."""
    response = client.post(reverse("tournaments:create"), burraco_data(staff), follow=True)
    tournament = Tournament.objects.get()
    assert response.redirect_chain[-1][0] == f"{tournament.get_absolute_url()}#pairs"
    page = response.content.decode()
    assert "created: enter the pairs." in page and 'name="pairs"' in page
    tables = client.post(reverse("tournaments:create"), create_data(staff, name="Scala"))
    scala = Tournament.objects.get(name="Scala")
    assert tables["Location"] == reverse("tournaments:entries", args=[scala.pk])
