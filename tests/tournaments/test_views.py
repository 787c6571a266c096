"""The tournament pages through the test client: the list, creating a tournament, entries, the
director's console (seat, swap, start, the clock, confirmations, play-offs, the end), the public
pages (standings and their projector view, seating, a table, results) and the ledger; who may see
and do what."""

import csv
import io
import random
from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse

from clubs.models import Player, Role
from scoring import services as scoring
from scoring.forms import RulesForm
from scoring.models import MatchStatus
from tests.clients import english, log_in
from tests.factories import ClubFactory, PlayerFactory, UserFactory, member
from tournaments import services
from tournaments.models import (
    Entry,
    EntryStatus,
    Format,
    Round,
    RoundKind,
    RoundStatus,
    Tournament,
    TournamentStatus,
)

from .helpers import Staff, enter_players, form_post, play_round

# Who recorded any event of a match may not confirm its result (F4).
RECORDED_PART = (
    "You recorded part of this result (a hand, a correction, a withdrawal, a re-entry or a "
    "time call): someone else must confirm it."
)

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def texts(response):
    return [str(message) for message in response.context["messages"]] if response.context else []


def follow_messages(response):
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))


@pytest.fixture
def director(client, staff):
    return log_in(client, staff.director)


def make(staff, **settings_):
    options = {
        "name": "Coppa di Natale",
        "preset": "scala40",
        "format": Format.ROUNDS,
        "is_public": True,
    }
    options.update(settings_)
    return services.tournament_create(club=staff.club, user=staff.director, **options)


def seated(staff, players=8, **settings_):
    """A tournament with `players` checked in and round 1 seated (not started)."""
    tournament = make(staff, **settings_)
    enter_players(tournament, staff.director, players)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    return tournament, round


def started(staff, players=8, **settings_):
    tournament, round = seated(staff, players, **settings_)
    services.round_start(round=round, user=staff.director)
    round.refresh_from_db()
    return tournament, round


def finish_table(table, user):
    """Play the table's match to its end: time is called after one hand entered by `user`."""
    match = table.match
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    points = {name: 10 * index for index, name in enumerate(names[1:], start=1)}
    scoring.hand_record(match=match, user=user, data={"closer": names[0], "points": points})
    scoring.match_call_time(match=match, user=None)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return names


# The list and creating a tournament --------------------------------------------------------------


def test_the_list_shows_public_tournaments_and_the_users_clubs_but_not_another_clubs_private_ones(
    client, staff, director
):
    mine = make(staff, name="Torneo del circolo", is_public=False)
    other = Staff(ClubFactory(name="Altro circolo"))
    public = make(other, name="Open di Bologna")
    private = make(other, name="Torneo segreto", is_public=False)
    content = client.get(reverse("tournaments:list")).content.decode()
    assert mine.name in content and public.name in content
    assert private.name not in content
    assert "New tournament" in content

    by_club = client.get(reverse("tournaments:list") + "?club=tallone").content.decode()
    assert mine.name in by_club and public.name not in by_club


def test_anonymous_visitors_see_only_public_tournaments(client, staff):
    english(client)
    public = make(staff, name="Open di primavera")
    private = make(staff, name="Riservato ai soci", is_public=False)
    content = client.get(reverse("tournaments:list")).content.decode()
    assert public.name in content and private.name not in content
    assert "New tournament" not in content


def test_creating_a_tournament_with_its_settings_leads_to_the_entries_page(client, staff, director):
    response = client.get(reverse("tournaments:create") + "?club=tallone")
    assert response.status_code == 200
    form = response.context["form"]
    assert form.initial["is_public"] is False  # the club is private: so is its tournament
    data = {
        name: (", ".join(value) if isinstance(value, list) else value)
        for name, value in form.initial.items()
        if value is not None and not isinstance(value, bool)
    }
    data.update(
        club=staff.club.pk,
        name="Coppa d'inverno",
        starts_on="2026-12-20",
        preset="scala40-club",
        format="knockout",
        advance="2",
        drop="",
        entry_fee="15",
        house_cut_percent="10",
        payout_percents="60, 40",
        confirm_results="yes",
        is_public="on",
    )
    response = client.post(reverse("tournaments:create"), data, follow=True)
    tournament = Tournament.objects.get(name="Coppa d'inverno")
    assert response.redirect_chain[-1][0] == url("entries", tournament)
    assert "Tournament Coppa d'inverno created: register the players." in follow_messages(response)
    assert tournament.format == Format.KNOCKOUT and tournament.advance == 2
    assert tournament.entry_fee == Decimal("15")
    assert [Decimal(p) for p in tournament.payout_percents] == [60, 40]
    assert tournament.rules["reentry_allowed"] is True
    assert str(tournament.starts_on) == "2026-12-20"


def create_data(staff, **changes):
    """The creation form's body: a rounds tournament with a final table of 4 whose results
    need confirmation, the other settings at their defaults."""
    return form_post(
        **{
            "club": staff.club.pk,
            "name": "Torneo",
            "preset": "scala40",
            "format": "rounds",
            "final_table_size": "4",
            "confirm_results": "yes",
            **changes,
        }
    )


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"preset": "gin"},
            "preset",
            "Table tournaments are played at Scala 40 or Ramino: choose one of their presets.",
        ),
        (
            {"format": "swiss"},
            "preset",
            "Brackets, round robin and Swiss are for Gin Rummy: choose a Gin preset.",
        ),
        (
            {"format": "knockout"},
            "advance",
            "Set either how many players go through from each table or how many drop out.",
        ),
        ({"rounds_planned": "0"}, "rounds_planned", "Play at least one qualifying round."),
    ],
)
def test_the_services_refusals_show_next_to_their_field(
    client, staff, director, changes, field, message
):
    response = client.post(reverse("tournaments:create"), create_data(staff, **changes))
    assert response.status_code == 200
    assert message in response.context["form"].errors[field]
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_table_size_range_the_engine_refuses_is_a_form_error(client, staff, director):
    response = client.post(
        reverse("tournaments:create"),
        create_data(staff, table_size_min="5", table_size_max="3"),
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Tournament.objects.exists()


def test_only_directors_may_create_and_only_for_their_clubs(client, staff):
    log_in(client, staff.scorekeeper)
    assert client.get(reverse("tournaments:create")).status_code == 403
    log_in(client, UserFactory())
    assert client.get(reverse("tournaments:create")).status_code == 404
    other = ClubFactory()
    log_in(client, staff.director)
    response = client.post(reverse("tournaments:create"), create_data(staff, club=other.pk))
    assert "club" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_a_gin_tournament_is_created_with_its_rule_options_a_mano(client, staff, director):
    page = client.get(reverse("tournaments:create")).content.decode()
    assert 'hx-get="/tournaments/new/rules/"' in page and 'name="rules-elimination_at"' in page
    options = client.get(reverse("tournaments:rule-options"), {"preset": "gin-standard"})
    assert 'name="rules-hands_to_win"' in options.content.decode()

    rules = {"rules-preset": "gin-standard", "rules-match_mode": "hands", "rules-hands_to_win": "3"}
    data = create_data(
        staff, preset="gin-standard", format="single_elimination", confirm_results="", **rules
    )
    rules_form = RulesForm(preset="gin-standard")
    for name, field in rules_form.fields.items():  # every other option as shown
        key = f"rules-{name}"
        if key not in data and field.initial is not None:
            if isinstance(field.initial, bool):
                if field.initial:
                    data[key] = "on"
            else:
                data[key] = str(field.initial)
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302, response.context["rules_form"].errors
    tournament = Tournament.objects.get()
    assert tournament.rules["match_mode"] == "hands"
    assert tournament.rules["hands_to_win"] == 3
    assert tournament.confirm_results is False  # Gin's default: a result moves the bracket on

    data["rules-hands_to_win"] = "0"
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    assert "hands_to_win" in response.context["rules_form"].errors
    assert Tournament.objects.count() == 1


def test_the_club_page_lists_its_tournaments(client, staff, director):
    tournament = make(staff, name="Coppa del circolo")
    content = client.get(staff.club.get_absolute_url()).content.decode()
    assert tournament.name in content
    assert tournament.get_absolute_url() in content


# Entries -----------------------------------------------------------------------------------------


def test_registering_a_club_player_and_a_guest_checking_in_and_dropping(client, staff, director):
    tournament = make(staff)
    anna = PlayerFactory(club=staff.club, name="Anna")
    PlayerFactory(club=ClubFactory(), name="Estranea")
    page = client.get(url("entries", tournament)).content.decode()
    assert f'name="players" value="{anna.pk}"' in page and "Estranea" not in page

    response = client.post(url("entries", tournament), {"players": [anna.pk]}, follow=True)
    assert "1 player registered: Anna." in follow_messages(response)
    response = client.post(
        url("entries", tournament), {"names": "Ospite Ugo", "check_in": "on"}, follow=True
    )
    assert "1 player registered: Ospite Ugo." in follow_messages(response)
    ugo = Entry.objects.get(player__name="Ospite Ugo")
    assert ugo.status == EntryStatus.CHECKED_IN and ugo.player.is_guest
    anna_entry = Entry.objects.get(player=anna)
    assert anna_entry.status == EntryStatus.REGISTERED
    assert '<span class="visually-hidden"> Anna</span>' in response.content.decode()

    response = client.post(
        url("entries", tournament), {"action": "check_in", "entry": anna_entry.pk}, follow=True
    )
    assert "Anna checked in." in follow_messages(response)
    anna_entry.refresh_from_db()
    assert anna_entry.status == EntryStatus.CHECKED_IN

    response = client.post(
        url("entries", tournament), {"action": "drop", "entry": ugo.pk, "confirm": "1"}, follow=True
    )
    assert "Ospite Ugo dropped out." in follow_messages(response)
    ugo.refresh_from_db()
    assert ugo.status == EntryStatus.DROPPED
    page = response.content.decode()
    # no more check-in or drop for Ugo: only the way back
    assert page.count(f'name="entry" value="{ugo.pk}"') == 1
    assert 'Reinstate<span class="visually-hidden"> Ospite Ugo</span>' in page


def test_registering_twice_or_with_nothing_shows_the_error_on_the_form(client, staff, director):
    tournament = make(staff)
    services.entry_register(tournament=tournament, user=staff.director, name="Bruno")
    response = client.post(url("entries", tournament), {"names": "bruno"})
    assert response.status_code == 200
    assert "Already entered: Bruno." in response.content.decode()
    response = client.post(url("entries", tournament), {"names": ""})
    assert "Tick club players or type guests&#x27; names, one per line." in (
        response.content.decode()
    )
    assert Entry.objects.count() == 1


def test_check_in_all_checks_in_everyone_waiting(client, staff, director):
    tournament = make(staff)
    for name in ("Anna", "Bruno", "Carla"):
        services.entry_register(tournament=tournament, user=staff.director, name=name)
    page = client.get(url("entries", tournament)).content.decode()
    assert "Check in all 3 players waiting" in page
    response = client.post(url("entries", tournament), {"action": "check_in_all"}, follow=True)
    assert "3 players checked in." in follow_messages(response)
    assert set(Entry.objects.values_list("status", flat=True)) == {EntryStatus.CHECKED_IN}


def test_a_late_arrival_is_told_which_round_they_play_from(client, staff, director):
    tournament, _round = started(staff, players=8)
    response = client.post(url("entries", tournament), {"names": "Ritardo", "check_in": "on"})
    response = client.get(url("entries", tournament))
    assert (
        "1 player registered: Ritardo. Late arrivals: they play from round 2."
        in follow_messages(response)
    )
    assert "Plays from round 2" in response.content.decode()


# The console: seating and starting a round -------------------------------------------------------


def test_the_director_seats_round_one_starts_it_and_sees_the_tables_and_the_clock(
    client, staff, director
):
    tournament = make(staff)
    enter_players(tournament, staff.director, 8)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "8 checked in, 0 registered but not here yet, 0 dropped." in page
    assert "Seat the next round" in page

    response = client.post(url("seat", tournament), {"method": "snake", "seed": "5"}, follow=True)
    assert "Round 1 seated: check the seating, then start it." in follow_messages(response)
    round = Round.objects.get(tournament=tournament)
    assert round.seating_method == "snake" and round.seed == 5
    page = response.content.decode()
    assert "Start round 1" in page and "Swap two players" in page
    assert "0 of 2 tables done" in page

    response = client.post(url("start", tournament, 1), follow=True)
    assert "Round 1 started." in follow_messages(response)
    round.refresh_from_db()
    assert round.status == RoundStatus.RUNNING
    page = response.content.decode()
    assert "60:00 left" in page or "59:5" in page
    assert "Pause the clock" in page and "Call time at every table" in page
    assert page.count('class="badge state playing"') == 2


def test_refusals_come_back_as_messages(client, staff, director):
    tournament, _round = started(staff, players=8)
    response = client.post(url("start", tournament, 1), follow=True)
    assert "Round 1 has already started." in follow_messages(response)
    response = client.post(url("seat", tournament), follow=True)
    assert (
        "Round 1 is not over: every table must be finished and its result confirmed."
        in follow_messages(response)
    )
    response = client.post(url("finish", tournament), {"confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert follow_messages(response)
    empty = make(staff, name="Vuoto")
    response = client.post(url("seat", empty), follow=True)
    assert "At least 2 players must be checked in to seat a round (now: 0)." in follow_messages(
        response
    )


def test_reseating_with_another_seed_changes_the_stored_seed(client, staff, director):
    tournament, _round = seated(staff, players=8)
    response = client.post(
        url("reseat", tournament, 1),
        {"reseat-method": "random", "reseat-seed": "99", "confirm": "1"},
        follow=True,
    )
    assert "Round 1 seated again." in follow_messages(response)
    assert Round.objects.get(tournament=tournament).seed == 99


def test_a_swap_that_makes_a_repeat_meeting_warns_the_director(client, staff, director):
    tournament = make(staff, first_seating="snake")
    enter_players(tournament, staff.director, 16)
    rng = random.Random(3)
    first = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(first, scorekeeper=staff.scorekeeper, director=staff.director, rng=rng)
    second = services.round_seat(tournament=tournament, user=staff.director, seed=2)
    met = {
        frozenset((a, b))
        for table in first.tables.all()
        for a in table.seats.values_list("entry_id", flat=True)
        for b in table.seats.values_list("entry_id", flat=True)
        if a != b
    }
    tables = [list(t.seats.values_list("entry_id", flat=True)) for t in second.tables.all()]
    assert not any(frozenset((a, b)) in met for t in tables for a in t for b in t if a != b)
    # someone at table 2 who met a player of table 1 in round 1, swapped with another of table 1
    mover, stays = next(
        (y, x)
        for y in tables[1]
        for x in tables[0]
        if any(frozenset((y, other)) in met for other in tables[0] if other != x)
    )
    first_entry, second_entry = Entry.objects.get(pk=mover), Entry.objects.get(pk=stays)
    # first the director is asked, and nothing moves
    response = client.post(url("swap", tournament, 2), {"first": mover, "second": stays})
    page = response.content.decode()
    assert response.status_code == 200
    assert "would seat players together again" in page and "Table 1:" in page
    assert 'name="confirm" value="1"' in page
    assert second.tables.get(number=2).seats.filter(entry_id=mover).exists()
    # then swaps anyway
    response = client.post(
        url("swap", tournament, 2), {"first": mover, "second": stays, "confirm": "1"}, follow=True
    )
    shown = follow_messages(response)
    assert f"{first_entry.player.name} and {second_entry.player.name} swapped seats." in shown
    assert any(text.startswith("Warning: the swap makes a repeat. Table 1:") for text in shown)
    assert second.tables.get(number=1).seats.filter(entry_id=mover).exists()


def test_a_swap_needs_two_players_of_the_round(client, staff, director):
    tournament, round = seated(staff, players=8)
    entry = round.tables.first().seats.first().entry
    response = client.post(
        url("swap", tournament, 1), {"first": entry.pk, "second": entry.pk}, follow=True
    )
    assert "Choose two different players." in follow_messages(response)
    response = client.post(url("swap", tournament, 1), {"first": "x"}, follow=True)
    assert "Choose two players seated in this round." in follow_messages(response)


def test_the_clock_pauses_resumes_and_time_ends_every_match(client, staff, director):
    tournament, round = started(staff, players=8)
    response = client.post(url("clock", tournament, 1), {"action": "pause"}, follow=True)
    assert "The clock is paused." in follow_messages(response)
    assert "Resume the clock" in response.content.decode()
    round.refresh_from_db()
    assert round.clock_paused_at is not None
    response = client.post(url("clock", tournament, 1), {"action": "resume"}, follow=True)
    assert "The clock runs again." in follow_messages(response)
    round.refresh_from_db()
    assert round.clock_paused_at is None
    response = client.post(url("call-time", tournament, 1), {"confirm": "1"}, follow=True)
    assert "Time called: 2 matches ended." in follow_messages(response)
    page = response.content.decode()
    assert "Time called" in page
    # F4: whoever calls time decided the results, and may not confirm them
    assert page.count("Confirm table") == 0
    assert page.count("someone else must confirm it.") == 2


# Confirming results ------------------------------------------------------------------------------


def test_a_result_is_confirmed_by_someone_other_than_who_entered_it(client, staff, director):
    tournament, round = started(staff, players=8)
    table = round.tables.select_related("match").get(number=1)
    names = finish_table(table, staff.scorekeeper)

    log_in(client, staff.scorekeeper)
    page = client.get(url("table", tournament, table.pk)).content.decode()
    assert "Awaiting confirmation" in page
    assert RECORDED_PART in page
    response = client.post(url("confirm", tournament, table.pk), follow=True)
    assert "Only a director or a player of this table can confirm its result." in follow_messages(
        response
    )

    log_in(client, staff.director)
    standings = client.get(url("standings", tournament)).content.decode()
    assert "No results yet" in standings
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Confirm table 1" in page and "Confirm table 2" not in page
    response = client.post(url("confirm", tournament, table.pk), follow=True)
    assert "Table 1 confirmed." in follow_messages(response)
    table.refresh_from_db()
    assert table.confirmed_by == staff.director
    page = response.content.decode()
    assert "1 of 2 tables done" in page
    standings = client.get(url("standings", tournament))
    rows = {row.entry.player.name: row for row, _points in standings.context["rows"]}
    assert rows[names[0]].points == 7 and rows[names[0]].wins == 1
    assert "Round 1: 1 of 2 tables counted" in standings.content.decode()


def test_a_director_who_entered_the_result_cannot_confirm_it(client, staff, director):
    tournament, round = started(staff, players=8)
    table = round.tables.select_related("match").get(number=1)
    finish_table(table, staff.director)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Confirm table 1" not in page
    assert RECORDED_PART in page
    response = client.post(url("confirm", tournament, table.pk), follow=True)
    assert RECORDED_PART in follow_messages(response)


def test_a_player_of_the_table_may_confirm_from_the_table_page(client, staff):
    tournament, round = started(staff, players=8)
    table = round.tables.select_related("match").get(number=1)
    finish_table(table, staff.scorekeeper)
    player_user = member(staff.club, Role.MEMBER)
    player = Player.objects.get(pk=table.seats.first().entry.player_id)
    player.user = player_user
    player.save()
    log_in(client, player_user)
    page = client.get(url("table", tournament, table.pk)).content.decode()
    assert "Confirm table 1" in page
    response = client.post(url("confirm", tournament, table.pk), {"next": "table"}, follow=True)
    assert response.redirect_chain[-1][0] == url("table", tournament, table.pk)
    assert "Confirmed by" in response.content.decode()


# Knockout play-offs and the end ------------------------------------------------------------------


def test_a_tie_across_a_knockout_cut_is_settled_with_play_off_places(client, staff, director):
    tournament, round = started(
        staff, players=8, format=Format.KNOCKOUT, advance=2, final_table_size=4
    )
    tied = None
    for table in round.tables.select_related("match").order_by("number"):
        names = list(table.match.seats.order_by("seat").values_list("name", flat=True))
        # the second and third share second place: a tie across the cut of 2
        points = (
            {names[1]: 10, names[2]: 10, names[3]: 30}
            if table.number == 1
            else {names[1]: 10, names[2]: 20, names[3]: 30}
        )
        scoring.hand_record(
            match=table.match, user=staff.scorekeeper, data={"closer": names[0], "points": points}
        )
        if table.number == 1:
            tied = names[1:3]
    services.round_call_time(round=round, user=staff.scorekeeper)
    for table in round.tables.all():
        services.table_confirm(table=table, user=staff.director)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Table 1: a tie across the cut, 1 goes through" in page
    response = client.post(url("seat", tournament), follow=True)
    assert any("tied across the cut" in text for text in follow_messages(response))

    table = round.tables.get(number=1)
    entries = {e.player.name: e for e in Entry.objects.filter(tournament=tournament)}
    response = client.post(
        url("playoff", tournament, table.pk),
        {f"place_{entries[tied[0]].pk}": "3", f"place_{entries[tied[1]].pk}": "2"},
        follow=True,
    )
    assert "Play-off places of table 1 recorded." in follow_messages(response)
    response = client.post(url("seat", tournament), follow=True)
    final = Round.objects.get(tournament=tournament, number=2)
    assert final.kind == RoundKind.FINAL
    finalists = set(final.tables.get().seats.values_list("entry__player__name", flat=True))
    assert tied[1] in finalists and tied[0] not in finalists


def test_bad_play_off_places_are_refused(client, staff, director):
    tournament, round = started(staff, players=8, format=Format.KNOCKOUT, advance=2)
    table = round.tables.select_related("match").first()
    finish_table(table, staff.scorekeeper)
    entry = table.seats.first().entry
    response = client.post(
        url("playoff", tournament, table.pk), {f"place_{entry.pk}": "x"}, follow=True
    )
    assert "A play-off place is a whole number of at least 1." in follow_messages(response)
    response = client.post(url("playoff", tournament, table.pk), {}, follow=True)
    assert "Enter the play-off places." in follow_messages(response)
    response = client.post(
        url("playoff", tournament, table.pk), {f"place_{entry.pk}": "9"}, follow=True
    )
    assert "A play-off place goes from 1 to 4, the players at this table." in follow_messages(
        response
    )


def test_finishing_the_tournament_shows_the_results_with_payouts(client, staff, director):
    tournament = make(
        staff, rounds_planned=1, final_table_size=0, entry_fee="10", payout_percents=["100"]
    )
    enter_players(tournament, staff.director, 4)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Finish the tournament" in page
    response = client.post(url("finish", tournament), {"confirm": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == url("results", tournament)
    assert "The tournament is over: here are the results." in follow_messages(response)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    rows = response.context["rows"]
    assert rows[0][0].place == 1 and rows[0][1] == Decimal("40")
    assert "€ 40.00" in response.content.decode()
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "The tournament is over." in page and "Seat the next round" not in page


# Public pages ------------------------------------------------------------------------------------


def test_standings_seating_and_tables_are_public_for_a_public_tournament(client, staff):
    tournament, round = started(staff, players=8)
    english(client)
    for name in ("detail", "standings", "seating", "results"):
        assert client.get(url(name, tournament)).status_code == 200, name
    table = round.tables.get(number=1)
    page = client.get(url("table", tournament, table.pk)).content.decode()
    assert "Playing" in page
    assert "Enter the hands of this table" not in page
    detail = client.get(tournament.get_absolute_url()).content.decode()
    assert "Start round" not in detail and "Seat the next round" not in detail


def test_a_private_tournament_is_hidden_from_outsiders_and_shown_to_members(client, staff):
    tournament, round = started(staff, players=8, is_public=False)
    table = round.tables.first()
    pages = [url(n, tournament) for n in ("detail", "standings", "seating", "results")]
    pages.append(url("table", tournament, table.pk))
    for address in pages:
        assert client.get(address).status_code == 404, address
    log_in(client, member(ClubFactory(), Role.DIRECTOR))
    for address in pages:
        assert client.get(address).status_code == 404, address
    log_in(client, member(staff.club, Role.MEMBER))
    for address in pages:
        assert client.get(address).status_code == 200, address


def test_director_actions_answer_404_outside_the_club_403_without_the_role_405_to_get(
    client, staff
):
    tournament, round = seated(staff, players=8)
    table = round.tables.first()
    posts = [
        url("seat", tournament),
        url("reseat", tournament, 1),
        url("swap", tournament, 1),
        url("start", tournament, 1),
        url("clock", tournament, 1),
        url("call-time", tournament, 1),
        url("playoff", tournament, table.pk),
        url("finish", tournament),
    ]
    gets = [url("entries", tournament), url("ledger", tournament), url("ledger-csv", tournament)]
    log_in(client, member(ClubFactory(), Role.DIRECTOR))  # another club's director
    for address in posts + gets:
        method = client.post if address in posts else client.get
        assert method(address).status_code == 404, address
    log_in(client, staff.scorekeeper)
    for address in posts + gets:
        method = client.post if address in posts else client.get
        assert method(address).status_code == 403, address
    log_in(client, staff.director)
    for address in posts:
        assert client.get(address).status_code == 405, address
    assert client.get(url("confirm", tournament, table.pk)).status_code == 405
    round.refresh_from_db()
    assert round.status == RoundStatus.SEATED


def test_anonymous_visitors_are_sent_to_log_in_for_actions(client, staff):
    tournament, round = seated(staff, players=8)
    response = client.post(url("start", tournament, 1))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    round.refresh_from_db()
    assert round.status == RoundStatus.SEATED


def test_another_clubs_tournament_and_a_table_of_another_tournament_answer_404(
    client, staff, director
):
    other = Staff()
    theirs = make(other, is_public=False)
    assert client.get(theirs.get_absolute_url()).status_code == 404
    assert client.post(url("seat", theirs)).status_code == 404
    mine, _round = started(staff, players=8)
    _theirs_public, their_round = started(other, players=8)
    their_table = their_round.tables.first()
    assert client.get(url("table", mine, their_table.pk)).status_code == 404
    assert client.post(url("confirm", mine, their_table.pk)).status_code == 404
    assert client.post(url("start", mine, 7)).status_code == 404


def test_the_standings_refresh_themselves_with_htmx(client, staff):
    tournament, _round = started(staff, players=8)
    english(client)
    response = client.get(url("standings", tournament))
    page = response.content.decode()
    assert 'hx-trigger="every 15s"' in page
    assert f'hx-get="{url("standings", tournament)}"' in page
    partial = client.get(url("standings", tournament), HTTP_HX_REQUEST="true")
    text = partial.content.decode()
    assert text.lstrip().startswith('<div id="standings"') and "<html" not in text
    assert "Giocatore 01" in text


def test_the_seating_page_shows_tables_and_who_sits_where_alphabetically(client, staff):
    tournament, round = seated(staff, players=8)
    english(client)
    response = client.get(url("seating", tournament))
    where = response.context["where"]
    assert [row.name for row in where] == sorted(row.name for row in where)
    assert len(where) == 8
    table = round.tables.get(number=1)
    first = table.seats.get(seat=1).entry.player.name
    assert (first, 1, 1, table.pk) in [(r.name, r.table, r.seat, r.table_id) for r in where]
    page = response.content.decode()
    assert "Who sits where" in page and "deals first" in page


def test_the_table_page_before_the_start_shows_the_seating_and_after_links_to_the_match(
    client, staff
):
    tournament, round = seated(staff, players=8)
    table = round.tables.get(number=1)
    log_in(client, staff.scorekeeper)
    page = client.get(url("table", tournament, table.pk)).content.decode()
    assert "The round has not started yet: this is the seating." in page
    services.round_start(round=round, user=staff.director)
    table.refresh_from_db()
    page = client.get(url("table", tournament, table.pk)).content.decode()
    assert "Enter the hands of this table" in page
    assert table.match.get_absolute_url() in page
    assert 'hx-trigger="every 5s"' in page


# The money ---------------------------------------------------------------------------------------


def test_the_ledger_and_its_csv_add_up(client, staff, director):
    tournament = make(
        staff,
        preset="scala40-club",
        rounds_planned=1,
        final_table_size=0,
        entry_fee="10",
        house_cut_percent="10",
        payout_percents=["100"],
        options={"reentry_fee": "5"},
    )
    enter_players(tournament, staff.director, 4)
    services.entry_register(tournament=tournament, user=staff.director, name="Assente")
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(2))
    response = client.get(url("ledger", tournament))
    page = response.content.decode()
    assert "Entry fees (4 \u00d7 € 10.00)" in page
    assert '<td class="num" id="entry-fees">€ 40.00</td>' in page
    assert '<td class="num" id="house-cut">€ 4.00</td>' in page
    assert '<td class="num" id="prizes">€ 36.00</td>' in page
    winner = response.context["money"].by_player[0]
    assert winner[0] == 1 and winner[2] == Decimal("36")

    response = client.get(url("ledger-csv", tournament))
    assert response["Content-Type"].startswith("text/csv")
    assert "coppa-di-natale-ledger.csv" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Item", "Detail", "Player", "Amount"]
    assert ["Entry fees", "4 × € 10.00", "", "40.00"] in rows  # one sign: ×
    assert ["House cut", "10.00%", "", "4.00"] in rows
    assert ["Prizes", "", "", "36.00"] in rows
    # in Italian too: the page and the CSV write the same sign, ×, never "x"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.get(url("ledger", tournament)).content.decode()
    assert "Quote d&#x27;iscrizione (4 × € 10,00)" in page
    italian = list(
        csv.reader(io.StringIO(client.get(url("ledger-csv", tournament)).content.decode()))
    )
    assert ["Quote d'iscrizione", "4 × € 10,00", "", "40.00"] in italian
    assert ["Payout by place", "1", "", "36"] in rows or [
        "Payout by place",
        "1",
        "",
        "36.00",
    ] in rows
    assert any(row[0] == "Payout by player" and row[2] == winner[1] for row in rows)


# Gin tournaments share the common pages ----------------------------------------------------------


def test_a_gin_tournament_has_the_common_pages_and_the_pairings_console(client, staff, director):
    tournament = make(staff, name="Gin del lunedì", preset="gin", format=Format.SWISS)
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        services.entry_register(
            tournament=tournament, user=staff.director, name=name, check_in=True
        )
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert reverse("pairings:console", args=[tournament.pk]) in page
    assert "Seat the next round" not in page
    assert client.get(url("entries", tournament)).status_code == 200
    assert client.get(url("results", tournament)).status_code == 200
    assert client.get(url("ledger", tournament)).status_code == 200
    for name in ("standings", "seating"):
        assert client.get(url(name, tournament)).status_code == 404
