"""What the director's desk and the public standings say (issue 25's walk): the standings before
any result, the in-place check-in's words for a woman, the "check in all" button's Italian, and
the new tournament form's date."""

from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from clubs.models import Gender
from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Format

from .helpers import Staff, enter_players

pytestmark = pytest.mark.django_db


def in_language(client, user, code):
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code


def tournament_of(staff, **options):
    return services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa di Natale",
        preset="scala40",
        format=Format.ROUNDS,
        is_public=True,
        **options,
    )


def register(tournament, staff, name, gender=Gender.UNSPECIFIED):
    player = PlayerFactory(club=tournament.club, name=name, gender=gender)
    return services.entry_register(
        tournament=tournament, user=staff.director, player=player, check_in=False
    )


def entries_url(tournament):
    return reverse("tournaments:entries", args=[tournament.pk])


def test_the_standings_before_any_result_say_so_and_show_no_places(client):
    staff = Staff()
    tournament = tournament_of(staff)
    enter_players(tournament, staff.director, 8)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    standings_url = reverse("tournaments:standings", args=[tournament.pk])

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.get(standings_url).content.decode()
    assert "Ancora nessun risultato" in page
    assert "Dopo 0 turni" not in page
    assert ">=1<" not in page.replace(" ", "")
    assert 'data-player="Giocatore 01"' in page  # the players are listed all the same

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(standings_url).content.decode()
    assert "No results yet" in page and "After 0 rounds" not in page


def test_the_desk_says_a_woman_is_checked_in_in_her_gender(client):
    staff = Staff()
    tournament = tournament_of(staff)
    giulia = register(tournament, staff, "Giulia Greco", Gender.FEMALE)
    bruno = register(tournament, staff, "Bruno Galli", Gender.MALE)
    sam = register(tournament, staff, "Sam Neri")
    in_language(client, staff.director, "it")

    said = {}
    for entry in (giulia, bruno, sam):
        answer = client.post(
            entries_url(tournament),
            {"action": "check_in", "entry": entry.pk},
            follow=True,
            HTTP_HX_REQUEST="true",
        )
        said[entry.player.name] = answer.content.decode()
    assert "Segnata presente: Giulia Greco." in said["Giulia Greco"]
    assert "Segnato presente: Giulia Greco." not in said["Giulia Greco"]
    assert "Segnato presente: Bruno Galli." in said["Bruno Galli"]
    assert "Segnato presente: Sam Neri." in said["Sam Neri"]  # gender not said: the generic form


def test_check_in_all_reads_well_in_italian_for_any_number(client):
    staff = Staff()
    tournament = tournament_of(staff, entry_fee=Decimal("10"))
    for number in range(8):
        register(tournament, staff, f"Giocatore {number:02d}")
    in_language(client, staff.director, "it")
    page = client.get(entries_url(tournament)).content.decode()
    assert "Segna presenti e pagati tutti i giocatori in attesa (8)" in page
    assert "i 8" not in page

    free = tournament_of(staff)
    for number in range(11):
        register(free, staff, f"Socio {number:02d}")
    page = client.get(entries_url(free)).content.decode()
    assert "Segna presenti tutti i giocatori in attesa (11)" in page
    assert "i 11" not in page


def test_the_new_tournament_form_shows_today_in_the_date_input(client):
    staff = Staff()
    in_language(client, staff.director, "it")
    page = client.get(reverse("tournaments:create")).content.decode()
    today = timezone.localdate().isoformat()
    assert f'type="date" name="starts_on" value="{today}"' in page
