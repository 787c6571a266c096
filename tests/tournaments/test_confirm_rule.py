"""The pages offer a confirmation exactly when the service accepts it (issue 26, "one rule, asked
everywhere"): they ask `tournaments.rules.confirm_refusal` instead of a partial copy of it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import started_round
from tests.tournaments.test_confirm_at_table import join, phone, win_at_once
from tournaments import rules, services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_the_match_page_offers_no_confirmation_to_a_player_who_entered_the_result():
    """A logged-in player of the table who entered the winning hand: the match page offered them
    "Confirm the result" (it asked only about phones), which the service then refused."""
    staff, tournament, round = started_round()
    table = round.tables.select_related("match").first()
    seat = table.match.seats.order_by("seat").first()
    seat.player.user = staff.scorekeeper
    seat.player.save(update_fields=["user"])
    anna = phone()
    anna.force_login(staff.scorekeeper)
    win_at_once(anna, table)
    table = Table.objects.select_related("match").get(pk=table.pk)
    assert rules.confirm_refusal(table, staff.scorekeeper).why == "wrote"
    page = anna.get(table.match.get_absolute_url()).content.decode()
    assert "Confirm the result" not in page
    anna.post(reverse("tournaments:confirm-at-table", args=[tournament.pk, table.pk]))
    table.refresh_from_db()
    assert table.confirmed_at is None  # the page and the service agree


def test_a_director_who_entered_a_disputed_result_is_not_asked_why_it_stands():
    """The console showed the director's "confirm with a reason" form on a disputed table to a
    director who entered the result (it asked only "is a director"); the service refuses them."""
    staff, tournament, round = started_round()
    table = round.tables.select_related("match").first()
    boss = phone()
    boss.force_login(staff.director)
    win_at_once(boss, table)
    marta = phone()
    join(marta, table, "Marta")
    marta.post(
        reverse("tournaments:dispute", args=[tournament.pk, table.pk]), {"message": "Not right"}
    )
    table = Table.objects.select_related("match").get(pk=table.pk)
    assert table.disputed_at is not None
    console = boss.get(tournament.get_absolute_url()).content.decode()
    assert "Disputed by Marta" in console
    assert "Why the result stands" not in console
    with pytest.raises(rules.ConfirmRefused, match="You recorded part of this result"):
        services.table_confirm(table=table, user=staff.director, reason="I say so")


def test_a_player_at_a_disputed_table_may_not_confirm_and_a_director_may():
    """Disputed means the director only, on every page (the console lacked it)."""
    staff, _tournament, round = started_round()
    table = round.tables.select_related("match").first()
    seat = table.match.seats.order_by("seat").last()
    seat.player.user = staff.scorekeeper
    seat.player.save(update_fields=["user"])
    luca = phone()
    join(luca, table, "Luca", seat=table.match.seats.order_by("seat").first().seat)
    win_at_once(luca, table)
    services.table_dispute(table=table, user=staff.scorekeeper, message="Not right")
    table = Table.objects.select_related("match").get(pk=table.pk)
    refusal = rules.confirm_refusal(table, staff.scorekeeper)
    assert refusal is not None and refusal.why == "disputed"
    assert rules.confirm_refusal(table, staff.director) is None


def test_the_entries_page_and_the_service_agree_on_who_comes_back():
    staff, tournament, _round = started_round()
    entry = tournament.entries.select_related("player").first()
    seated = rules.rounds_seated(tournament)
    assert rules.reinstate_refusal(entry, seated) is not None  # has not dropped out
    services.entry_drop(entry=entry, user=staff.director)
    entry.refresh_from_db()
    assert rules.reinstate_refusal(entry, rules.rounds_seated(tournament)) is None
