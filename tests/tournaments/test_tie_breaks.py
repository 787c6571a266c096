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


# The creation form ------------------------------------------------------------------------------


def chosen_order(content: str) -> list[str]:
    """The tie-break selected in each select of the form's order, top to bottom ("" for none)."""
    order = re.search(r'<ol class="tie-break-order" id="id_tie_breaks">(.*?)</ol>', content, re.S)
    assert order is not None
    selects = re.findall(r"<select [^>]*>(.*?)</select>", order.group(1), re.S)
    return [
        (re.search(r'<option value="([^"]*)" selected>', select) or re.match("()", "")).group(1)
        for select in selects
    ]


def field_errors_of(content: str) -> str:
    errors = re.search(r'<div class="field-errors" id="id_tie_breaks_error">(.*?)</div>', content)
    return errors.group(1) if errors else ""


def test_the_form_offers_the_tie_breaks_in_the_default_order(client, staff, director):
    italian(client)
    content = client.get(reverse("tournaments:create")).content.decode()
    assert '<label for="id_tie_breaks_1">Spareggi, in ordine</label>' in content
    assert chosen_order(content) == DEFAULT_ORDER
    for label in (
        "punti torneo",
        "tavoli vinti",
        "scontro diretto",
        "forza degli avversari",
        "punti di penalità (prima chi ne ha meno)",
    ):
        assert f">{label}</option>" in content
    assert 'aria-label="Spareggio 3"' in content


def test_the_director_chooses_and_reorders_the_tie_breaks(client, staff, director):
    order = ["points", "opponents", "", "head_to_head", ""]
    tournament = created_on_the_page(client, staff, tie_breaks=order)
    assert tournament.tie_breaks == ["points", "opponents", "head_to_head"]


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (
            ["points", "head_to_head", "wins", "head_to_head"],
            "“scontro diretto” è scelto due volte: scegli ogni spareggio una volta sola.",
        ),
        (
            ["points", "fortuna"],
            "“fortuna” non è tra gli spareggi elencati: scegli tra questi.",
        ),
    ],
)
def test_a_repeated_or_unknown_tie_break_is_refused_beside_the_field(
    client, staff, director, order, message
):
    italian(client)
    response = client.post(reverse("tournaments:create"), create_data(staff, tie_breaks=order))
    assert response.status_code == 200
    content = response.content.decode()
    assert message in field_errors_of(content)
    assert chosen_order(content)[: len(order)] == order  # what was chosen stays chosen
    assert not Tournament.objects.exists()


def test_a_gin_tournament_keeps_its_own_tie_breaks(client, staff, director):
    # the table formats' order is hidden for a Swiss but still posted: the Swiss ignores it
    data = create_data(staff, preset="gin", format="swiss", swiss_rounds="0", confirm_results="")
    data["tie_breaks"] = DEFAULT_ORDER
    assert client.post(reverse("tournaments:create"), data).status_code == 302
    assert Tournament.objects.get().tie_breaks == [
        "buchholz",
        "median_buchholz",
        "net",
        "head_to_head",
    ]


# The standings page -----------------------------------------------------------------------------


def row_of(content: str, name: str) -> str:
    row = re.search(rf'<tr data-player="{re.escape(name)}".*?</tr>', content, re.S)
    assert row is not None, name
    return row.group(0)


def test_the_standings_page_states_the_order_and_marks_the_tie_break_that_decided(
    client, staff, director
):
    tournament = created_on_the_page(client, staff, final_table_size="0", rounds_planned="2")
    play_evening(tournament, staff)
    italian(client)
    content = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert ORDER_IN_ITALIAN in content
    # Bruno (5th) below Anna (4th) on 8 points: head to head set them apart
    assert "Spareggio con Anna Ferri: scontro diretto" in row_of(content, "Bruno Galli")
    # Rita below Paolo on 10 points and one table won each: Paolo ahead of her in round 1
    assert "Spareggio con Paolo Conti: scontro diretto" in row_of(content, "Rita Bassi")
    # Walter leads on points, Anna is below Rita on points: no mark
    for name in ("Walter Neri", "Anna Ferri", "Paolo Conti"):
        assert "Spareggio con" not in row_of(content, name)
    assert "decided" not in row_of(content, "Bruno Galli")  # head to head has no column


def test_a_tie_break_shown_as_a_column_is_set_in_bold_in_both_rows(client, staff, director):
    order = ["points", "wins", "opponents", "penalty", "head_to_head"]
    tournament = created_on_the_page(
        client, staff, final_table_size="0", rounds_planned="2", tie_breaks=order
    )
    play_evening(tournament, staff)
    italian(client)
    content = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert (
        "Spareggi, in ordine: punti torneo, tavoli vinti, forza degli avversari, punti di "
        "penalità (prima chi ne ha meno), scontro diretto." in content
    )
    places = {name: int(place) for name, place in standings_rows(content)}
    assert (places["Bruno Galli"], places["Anna Ferri"]) == (4, 5)
    anna, bruno = row_of(content, "Anna Ferri"), row_of(content, "Bruno Galli")
    assert "Spareggio con Bruno Galli: forza degli avversari" in anna
    for row in (anna, bruno):
        assert re.search(r'<td class="num wide-only decided">[\d,]+</td>', row), row
    assert "In grassetto: lo spareggio che ha separato i giocatori a pari punti." in content


def test_the_api_standings_say_which_tie_break_set_each_player_below_the_one_above(
    client, staff, director
):
    tournament = created_on_the_page(client, staff, final_table_size="0", rounds_planned="2")
    play_evening(tournament, staff)
    body = client.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert body["tie_breaks"] == DEFAULT_ORDER
    separated = {row["name"]: row["separated_by"] for row in body["rows"]}
    assert separated["Bruno Galli"] == "head_to_head"
    assert separated["Ximena Rossi"] == "opponents"
    assert separated["Anna Ferri"] is None and separated["Walter Neri"] is None


# A Swiss or a round robin orders the Gin tie-breaks, after match points --------------------------


def gin_order(content: str) -> list[str]:
    order = re.search(
        r'<ol class="tie-break-order" id="id_gin_tie_breaks">(.*?)</ol>', content, re.S
    )
    assert order is not None
    return [
        (re.search(r'<option value="([^"]*)" selected>', select) or re.match("()", "")).group(1)
        for select in re.findall(r"<select [^>]*>(.*?)</select>", order.group(1), re.S)
    ]


def test_a_swiss_orders_the_gin_tie_breaks(client, staff, director):
    italian(client)
    content = client.get(reverse("tournaments:create")).content.decode()
    assert gin_order(content) == ["buchholz", "median_buchholz", "net", "head_to_head"]
    assert '<div class="format-setting" data-formats="round_robin swiss" hidden>' in content
    assert ">punti netti</option>" in content
    label = "Spareggi dopo i punti partita, in ordine"
    assert f'<label for="id_gin_tie_breaks_1">{label}</label>' in content
    data = create_data(staff, preset="gin", format="swiss", swiss_rounds="0", confirm_results="")
    data["gin_tie_breaks"] = ["head_to_head", "", "net", "head_to_head"]
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    errors = re.search(
        r'<div class="field-errors" id="id_gin_tie_breaks_error">(.*?)</div>',
        response.content.decode(),
    )
    assert errors is not None
    assert "“scontro diretto” è scelto due volte" in errors.group(1)
    assert not Tournament.objects.exists()
    data["gin_tie_breaks"] = ["net", "", "buchholz", ""]
    assert client.post(reverse("tournaments:create"), data).status_code == 302
    assert Tournament.objects.get().tie_breaks == ["net", "buchholz"]
