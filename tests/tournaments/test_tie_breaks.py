"""Tie-breaks (spareggi) of a table tournament, end to end: the default order a tournament
created on the page gets (head to head third, as docs/rules.md says), the director's choice and
order on the creation form, and the standings page that states the order and marks which
tie-break set each pair of neighbours on the same points apart.

The evening (issue 25): eight players, two rounds at two tables of four. Anna finished ahead of
Bruno at their only meeting; both end on 8 points (5 + 3 and 3 + 5) with no table won, and Bruno
then sat with stronger players. Head to head third puts Anna 4th and Bruno 5th; strength of
schedule before head to head (the old default) swapped them."""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps
from django.conf import settings
from django.urls import reverse

from scoring import services as scoring
from tests.factories import PlayerFactory
from tournaments import services
from tournaments.models import Entry, Round, Tournament

from .helpers import enter_players
from .test_views import create_data, director, staff

__all__ = ["director", "staff"]  # the fixtures of the tournament pages

pytestmark = pytest.mark.django_db

# Each round's tables, best place first: (round 1, round 2).
EVENING = (
    (
        ("Walter Neri", "Anna Ferri", "Bruno Galli", "Ximena Rossi"),
        ("Paolo Conti", "Quirino Sala", "Rita Bassi", "Sara Pini"),
    ),
    (
        ("Rita Bassi", "Ximena Rossi", "Anna Ferri", "Sara Pini"),
        ("Walter Neri", "Bruno Galli", "Paolo Conti", "Quirino Sala"),
    ),
)
DEFAULT_ORDER = ["points", "wins", "head_to_head", "opponents", "penalty"]
ORDER_IN_ITALIAN = (
    "Spareggi, in ordine: punti torneo, tavoli vinti, scontro diretto, forza degli avversari, "
    "punti di penalità (prima chi ne ha meno)."
)


def italian(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"


def arrange(round: Round, tables: tuple[tuple[str, ...], ...], user) -> None:
    """Swap players until each table of the seated round holds the names of one of `tables`."""
    entries = {
        entry.player.name: entry
        for entry in Entry.objects.filter(tournament=round.tournament_id).select_related("player")
    }
    for names in tables[:-1]:
        wanted = {entries[name].pk for name in names}

        def seated() -> dict[int, int]:
            return dict(round.tables.values_list("seats__entry_id", "number"))

        where = seated()
        number = where[entries[names[0]].pk]
        for entry_id, table in list(where.items()):
            if table != number or entry_id in wanted:
                continue
            where = seated()
            stranger = next(pk for pk in wanted if where[pk] != number)
            services.table_swap(
                round=round,
                user=user,
                first=Entry.objects.get(pk=entry_id),
                second=Entry.objects.get(pk=stranger),
            )


def play(round: Round, tables: tuple[tuple[str, ...], ...], staff) -> None:
    """Start the round; at every table one hand puts the players in the order of `tables`
    (the first closes, the others pay 10, 20, 30), then time is called and the director
    confirms."""
    services.round_start(round=round, user=staff.director)
    for table in round.tables.select_related("match"):
        names = set(table.match.seats.values_list("name", flat=True))
        order = next(order for order in tables if set(order) == names)
        points = {name: 10 * index for index, name in enumerate(order) if index}
        scoring.hand_record(
            match=table.match, user=staff.scorekeeper, data={"closer": order[0], "points": points}
        )
    round.refresh_from_db()
    services.round_call_time(round=round, user=staff.scorekeeper)
    for table in round.tables.all():
        services.table_confirm(table=table, user=staff.director)


def play_evening(tournament: Tournament, staff) -> None:
    for name in sorted({name for table in EVENING[0] for name in table}):
        player = PlayerFactory(club=staff.club, name=name)
        services.entry_register(
            tournament=tournament, user=staff.director, player=player, check_in=True
        )
    for tables in EVENING:
        round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
        arrange(round, tables, staff.director)
        play(round, tables, staff)


def standings_rows(content: str) -> list[tuple[str, str]]:
    """(place, name) of every row of the standings page, top to bottom."""
    return re.findall(
        r'<tr data-player="([^"]+)"[^>]*>\s*<td class="num place">=?(\d+)</td>', content
    )


def created_on_the_page(client, staff, **changes) -> Tournament:
    response = client.post(reverse("tournaments:create"), create_data(staff, **changes))
    assert response.status_code == 302, response.content.decode()
    return Tournament.objects.get()


def test_a_tournament_created_on_the_page_ranks_head_to_head_third(client, staff, director):
    tournament = created_on_the_page(client, staff, final_table_size="0", rounds_planned="2")
    assert tournament.tie_breaks == DEFAULT_ORDER
    play_evening(tournament, staff)
    italian(client)
    content = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    places = {name: int(place) for name, place in standings_rows(content)}
    # Anna finished ahead of Bruno at their only meeting: she is 4th, he is 5th
    assert (places["Anna Ferri"], places["Bruno Galli"]) == (4, 5)
    assert places["Walter Neri"] == 1


def test_the_migration_gives_the_default_only_to_tournaments_not_started(staff):
    migration = importlib.import_module("tournaments.migrations.0009_tie_breaks_default_order")
    old = ["points", "wins", "opponents", "penalty", "head_to_head"]
    chosen = ["points", "penalty", "wins"]

    def make(name: str, tie_breaks: list[str]) -> Tournament:
        tournament = services.tournament_create(
            club=staff.club, user=staff.director, name=name, preset="scala40", format="rounds"
        )
        Tournament.objects.filter(pk=tournament.pk).update(tie_breaks=tie_breaks)
        return tournament

    make("Attesa", old)  # still taking entries, never chosen: the new default
    make("Scelto", chosen)  # chosen: kept
    running = make("In corso", old)  # a round seated: kept
    enter_players(running, staff.director, 8)
    services.round_seat(tournament=running, user=staff.director, seed=1)
    migration.default_order(apps, None)
    stored = dict(Tournament.objects.values_list("name", "tie_breaks"))
    assert stored == {"Attesa": DEFAULT_ORDER, "Scelto": chosen, "In corso": old}
