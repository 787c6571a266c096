"""When a tournament can be finished: the format registry says it (`can_finish`), the console
offers "Finish the tournament" then and only then, for the Gin formats and the table formats
alike, and a finished tournament's results and payouts are final."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.urls import reverse

from pairings import services as pairing_services
from tests.tournaments.helpers import Staff, enter_players, play_round
from tournaments import selectors, services
from tournaments.formats import format_of
from tournaments.models import Format, RoundKind, TournamentStatus

from .test_services import gin_tournament, play, seated
from .test_views import client_for, text, url

pytestmark = pytest.mark.django_db

FINISH = "Finish the tournament"
PROVISIONAL = "this ranking and its payouts are provisional"


def console(client, tournament) -> str:
    """The director's Gin buttons, as the tournament page loads them."""
    return text(client.get(url("console", tournament)))


def test_a_bracket_offers_finish_only_once_the_champion_is_known_then_pays_for_good():
    staff = Staff()
    tournament, _entries = gin_tournament(
        staff,
        Format.SINGLE_ELIMINATION,
        4,
        entry_fee=Decimal("10"),
        payout_percents=["70", "30"],
    )
    client = client_for(staff.director)
    pairing_services.draw(tournament=tournament, user=staff.director)
    kind = format_of(tournament)
    for number in (1, 2):
        assert not kind.can_finish(tournament)
        assert FINISH not in console(client, tournament)
        assert FINISH not in text(client.get(url("bracket", tournament)))
        table = kind.bracket_of(tournament).tables[number]
        play(table, seated(table)[0], staff.scorekeeper)
    results = text(client.get(reverse("tournaments:results", args=[tournament.pk])))
    assert PROVISIONAL in results
    final = kind.bracket_of(tournament).tables[3]
    play(final, seated(final)[1], staff.scorekeeper)
    assert kind.can_finish(tournament)
    assert FINISH in console(client, tournament)
    assert FINISH in text(client.get(url("bracket", tournament)))
    # asked first, in words; nothing is finished until the director says yes
    asked = text(client.post(reverse("tournaments:finish", args=[tournament.pk])))
    assert "The final ranking and the payouts become final." in asked
    tournament.refresh_from_db()
    assert tournament.status != TournamentStatus.FINISHED
    response = client.post(
        reverse("tournaments:finish", args=[tournament.pk]), {"confirm": "1"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("tournaments:results", args=[tournament.pk])
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    page = text(response)
    assert PROVISIONAL not in page
    assert "€ 28.00" in page and "€ 12.00" in page  # 70% and 30% of 40
    assert FINISH not in console(client, tournament)
    assert not kind.can_finish(tournament)


def test_a_swiss_offers_the_next_round_then_finish_after_its_last_round():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.SWISS, 4, rounds_planned=2)
    client = client_for(staff.director)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    for number in (1, 2):
        page = console(client, tournament)
        # the last round paired: nothing to pair, nothing to finish until its results are in
        assert FINISH not in page and ("Pair the next round" in page) is (number == 1)
        for table in round.tables.all():
            play(table, seated(table)[0], staff.scorekeeper)
        if number == 1:
            page = console(client, tournament)
            assert FINISH not in page and "Pair the next round" in page
            round = pairing_services.next_round(tournament=tournament, user=staff.director)
    page = console(client, tournament)
    assert FINISH in page and "Pair the next round" not in page
    client.post(reverse("tournaments:finish", args=[tournament.pk]), {"confirm": "1"})
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_a_round_robin_offers_finish_after_the_whole_schedule():
    staff = Staff()
    tournament, _entries = gin_tournament(staff, Format.ROUND_ROBIN, 4)
    client = client_for(staff.director)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    for number in (1, 2, 3):
        for table in round.tables.all():
            play(table, seated(table)[0], staff.scorekeeper)
        if number < 3:
            assert FINISH not in console(client, tournament)
            round = pairing_services.next_round(tournament=tournament, user=staff.director)
    assert FINISH in console(client, tournament)


# The table formats ask the same registry ---------------------------------------------------------


def table_tournament(staff, **settings):
    return services.tournament_create(
        club=staff.club,
        user=staff.director,
        name="Coppa",
        preset="scala40",
        is_public=True,
        **settings,
    )


def test_a_table_tournament_of_two_rounds_offers_finish_only_after_round_two():
    staff = Staff()
    tournament = table_tournament(staff, format=Format.ROUNDS, rounds_planned=2)
    enter_players(tournament, staff.director, 8)
    client = client_for(staff.director)
    rng = random.Random(2)
    for number in (1, 2):
        round = services.round_seat(tournament=tournament, user=staff.director, seed=number)
        assert FINISH not in text(client.get(tournament.get_absolute_url()))
        play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
        page = text(client.get(tournament.get_absolute_url()))
        assert (FINISH in page) is (number == 2), number
    assert format_of(tournament).can_finish(tournament)


def test_a_knockout_offers_finish_only_once_its_final_table_is_played():
    staff = Staff()
    tournament = table_tournament(
        staff, format=Format.KNOCKOUT, advance=2, final_table_size=4, table_size_max=4
    )
    enter_players(tournament, staff.director, 8)
    client = client_for(staff.director)
    rng = random.Random(5)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    assert round.kind == RoundKind.KNOCKOUT
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng, hands=3)
    assert not format_of(tournament).cut_ties(tournament, selectors.tournament_view(tournament))
    page = text(client.get(tournament.get_absolute_url()))
    assert FINISH not in page and "Seat the next round" in page
    final = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    assert final.kind == RoundKind.FINAL
    play_round(final, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
    assert FINISH in text(client.get(tournament.get_absolute_url()))
