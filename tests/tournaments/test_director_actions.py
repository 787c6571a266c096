"""The director's actions that ask first and can be undone, through the test client: a drop, a
reinstatement, calling time, reseating and finishing ask in words what will happen; a dropped
player comes back until the next round is seated; a round whose every table counts shows as
complete, with no clock and no time to call."""

import random

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Gender, Player
from pairings import services as pairing_services
from scoring import services as scoring
from scoring.models import EventVersion
from tests.factories import ClubFactory, PlayerFactory
from tests.pairings.test_services import gin_tournament, play, seated
from tournaments import projector, services
from tournaments.models import Entry, EntryStatus, Format, Round, RoundStatus, TournamentStatus

from .helpers import Staff, enter_players, play_round

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def shown(response):
    return [str(message) for message in response.context["messages"]]


@pytest.fixture
def staff():
    return Staff(ClubFactory(name="Circolo Tallone", slug="tallone"))


@pytest.fixture
def director(client, staff):
    client.force_login(staff.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return staff.director


def make(staff, **settings_):
    options = {"name": "Coppa", "preset": "scala40", "format": Format.ROUNDS, "is_public": True}
    options.update(settings_)
    return services.tournament_create(club=staff.club, user=staff.director, **options)


def started(staff, players=8, **settings_):
    tournament = make(staff, **settings_)
    enter_players(tournament, staff.director, players)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    round.refresh_from_db()
    return tournament, round


# A complete round ------------------------------------------------------------------------------


def test_a_round_whose_every_table_is_confirmed_shows_complete_with_no_clock(
    client, staff, director
):
    tournament, round = started(staff, players=8, rounds_planned=2)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Call time at every table" in page and " left</strong>" in page
    assert '?panel=round" hx-trigger="every' in page

    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(2))
    round.refresh_from_db()
    assert round.status == RoundStatus.RUNNING  # in the records, until the next is seated
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert '<span class="badge t-round complete">Complete</span>' in page
    assert "2 of 2 tables done" in page
    assert "The round is complete: every table's result counts." in page
    assert "Call time at every table" not in page
    assert " left</strong>" not in page and "Time called" not in page
    assert "Pause the clock" not in page
    assert '?panel=round" hx-trigger="every' not in page  # the round: nothing left to follow
    assert "Seat the next round" in page


def test_the_polled_panel_reloads_the_page_once_the_round_is_complete(client, staff, director):
    tournament, round = started(staff, players=8)
    panel = client.get(
        tournament.get_absolute_url() + "?panel=round", headers={"HX-Request": "true"}
    )
    assert "HX-Refresh" not in panel
    assert "Call time at every table" in panel.content.decode()
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(4))
    panel = client.get(
        tournament.get_absolute_url() + "?panel=round", headers={"HX-Request": "true"}
    )
    assert panel["HX-Refresh"] == "true"
    assert "Complete" in panel.content.decode()


def test_while_round_one_plays_the_console_says_why_and_offers_no_seat_button(
    client, staff, director
):
    tournament, round = started(staff, players=8, rounds_planned=2)
    why = "Round 1 is not over: every table must be finished and its result confirmed."
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert why in page and "Seat the next round" not in page
    # one table of two confirmed: still played
    play_round(
        round,
        scorekeeper=staff.scorekeeper,
        director=staff.director,
        rng=random.Random(3),
        confirm=False,
    )
    services.table_confirm(table=round.tables.get(number=1), user=staff.director)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "1 of 2 tables done" in page
    assert why in page and "Seat the next round" not in page
    assert page.index('id="round-panel"') < page.index(why)  # where the seat form would be
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    italian = client.get(tournament.get_absolute_url()).content.decode()
    assert "Il turno 1 non è finito: ogni tavolo deve essere concluso" in italian
    assert "Assegna i tavoli del prossimo turno" not in italian
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    # a tap from a page left open before is refused by the same rule
    refused = client.post(url("seat", tournament), follow=True)
    assert why in shown(refused)
    assert tournament.rounds.count() == 1
    # a player who is no director sees neither
    client.force_login(staff.scorekeeper)
    assert why not in client.get(tournament.get_absolute_url()).content.decode()


def test_once_every_table_is_done_the_seat_button_is_there_and_round_2_waits_to_start(
    client, staff, director
):
    tournament, round = started(staff, players=8, rounds_planned=3)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(5))
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "2 of 2 tables done" in page
    assert "Seat the next round" in page and "is not over" not in page
    response = client.post(url("seat", tournament), follow=True)
    assert "Round 2 seated: check the seating, then start it." in shown(response)
    page = response.content.decode()
    assert "Round 2 is seated but not started yet." in page and "Seat the next round" not in page
    services.round_start(round=tournament.rounds.get(number=2), user=staff.director)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Round 2 is not over: every table must be finished" in page


def test_the_last_round_planned_plays_with_no_round_to_wait_for(client, staff, director):
    tournament, _round = started(staff, players=8, rounds_planned=1)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Seat the next round" not in page and "is not over" not in page


# Dropping asks first; a dropped player comes back ----------------------------------------------


def test_a_drop_asks_first_saying_what_happens_and_the_player_is_reinstated(
    client, staff, director
):
    tournament, round = started(staff, players=8)
    seat = round.tables.get(number=2).seats.order_by("seat").first()
    entry = seat.entry
    name = entry.player.name
    response = client.post(url("entries", tournament), {"action": "drop", "entry": entry.pk})
    page = response.content.decode()
    assert response.status_code == 200
    assert f'<h1 id="confirm-title">Drop {name}?</h1>' in page
    assert f"{name} will not be seated in the next rounds; the results so far stay." in page
    assert (
        f"{name} is playing at table 2 of round 1: that match is left for good, at the current "
        "total." in page
    )
    assert f"Until the next round is seated, you can reinstate {name} on the entries page." in page
    assert 'name="confirm" value="1"' in page and f"Drop {name}</button>" in page
    assert "No, go back" in page
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN  # nothing happened yet

    response = client.post(
        url("entries", tournament),
        {"action": "drop", "entry": entry.pk, "confirm": "1"},
        follow=True,
    )
    assert f"{name} dropped out." in shown(response)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.DROPPED
    assert f'Reinstate<span class="visually-hidden"> {name}</span>' in response.content.decode()

    response = client.post(
        url("entries", tournament), {"action": "reinstate", "entry": entry.pk}, follow=True
    )
    assert f"{name} is back in the tournament and is seated from the next round." in shown(response)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CHECKED_IN and entry.dropped_at is None
    page = response.content.decode()
    assert f'Drop<span class="visually-hidden"> {name}</span>' in page
    # the match left stays left: the seat at table 2 withdrew
    assert round.tables.get(number=2).match.seats.get(player=entry.player).status == "withdrawn"


def test_a_player_dropped_from_a_seated_round_comes_back_and_the_round_starts(
    client, staff, director
):
    tournament = make(staff)
    entries = enter_players(tournament, staff.director, 8)
    services.round_seat(tournament=tournament, user=staff.director, seed=1)
    entry = entries[0]
    table = Entry.objects.get(pk=entry.pk).seats.get().table.number
    page = client.post(
        url("entries", tournament), {"action": "drop", "entry": entry.pk}
    ).content.decode()
    assert (
        f"{entry.player.name} is seated at table {table} of round 1, not started yet: seat that "
        "round again before starting it." in page
    )
    services.entry_drop(entry=entry, user=staff.director)
    response = client.post(url("start", tournament, 1), follow=True)
    assert any("dropped out after the seating" in text for text in shown(response))
    client.post(url("entries", tournament), {"action": "reinstate", "entry": entry.pk})
    response = client.post(url("start", tournament, 1), follow=True)
    assert "Round 1 started." in shown(response)


def test_a_dropped_player_cannot_come_back_once_the_next_round_is_seated(client, staff, director):
    tournament, round = started(staff, players=9)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(5))
    entry = Entry.objects.filter(tournament=tournament).order_by("seed").first()
    services.entry_drop(entry=entry, user=staff.director)
    services.round_seat(tournament=tournament, user=staff.director, seed=2)
    page = client.get(url("entries", tournament)).content.decode()
    assert "A round has been seated since: no way back." in page
    assert f'Reinstate<span class="visually-hidden"> {entry.player.name}</span>' not in page
    response = client.post(
        url("entries", tournament), {"action": "reinstate", "entry": entry.pk}, follow=True
    )
    assert (
        f"Round 2 was seated after {entry.player.name} dropped out: a dropped player can come "
        "back only until the next round is seated." in shown(response)
    )
    entry.refresh_from_db()
    assert entry.status == EntryStatus.DROPPED


def test_only_a_dropped_player_is_reinstated(staff):
    tournament = make(staff)
    entry = enter_players(tournament, staff.director, 1)[0]
    with pytest.raises(services.TournamentActionError, match="has not dropped out"):
        services.entry_reinstate(entry=entry, user=staff.director)
    registered = services.entry_register(tournament=tournament, user=staff.director, name="Ugo")
    services.entry_drop(entry=registered, user=staff.director)
    back = services.entry_reinstate(entry=registered, user=staff.director)
    assert back.status == EntryStatus.REGISTERED  # never checked in: registered again


# Finishing, calling time and reseating ask first -------------------------------------------------


def test_finishing_the_tournament_asks_first(client, staff, director):
    tournament = make(staff, rounds_planned=1, final_table_size=0)
    enter_players(tournament, staff.director, 4)
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(1))
    response = client.post(url("finish", tournament))
    page = response.content.decode()
    assert "Finish Coppa?" in page
    assert "The final ranking and the payouts become final." in page
    assert "refused until a director reopens the tournament." in page
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RUNNING
    response = client.post(url("finish", tournament), {"confirm": "1"}, follow=True)
    assert "The tournament is over: here are the results." in shown(response)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_calling_time_at_every_table_asks_first_with_the_matches_it_ends(client, staff, director):
    tournament, round = started(staff, players=8)
    page = client.post(url("call-time", tournament, 1)).content.decode()
    assert "Call time at every table of round 1?" in page
    assert (
        "2 matches of round 1 are still being played: they end now, each ranked by its current "
        "totals." in page
    )
    assert "Whoever calls time records part of those results and cannot confirm them" in page
    round.refresh_from_db()
    assert round.time_called_at is None
    response = client.post(url("call-time", tournament, 1), {"confirm": "1"}, follow=True)
    assert "Time called: 2 matches ended." in shown(response)


def test_reseating_asks_first_and_keeps_the_method_and_seed_chosen(client, staff, director):
    tournament = make(staff)
    enter_players(tournament, staff.director, 8)
    services.round_seat(tournament=tournament, user=staff.director, seed=1)
    response = client.post(
        url("reseat", tournament, 1), {"reseat-method": "random", "reseat-seed": "99"}
    )
    page = response.content.decode()
    assert "Seat round 1 again?" in page
    assert "Round 1 is drawn again: every table may change, and the swaps made are lost." in page
    assert "Method: Random; seed 99." in page
    assert 'name="reseat-method" value="random"' in page
    assert 'name="reseat-seed" value="99"' in page
    assert Round.objects.get(tournament=tournament).seed == 1
    response = client.post(
        url("reseat", tournament, 1),
        {"reseat-method": "random", "reseat-seed": "99", "confirm": "1"},
        follow=True,
    )
    assert "Round 1 seated again." in shown(response)
    assert Round.objects.get(tournament=tournament).seed == 99


def test_voiding_a_hand_asks_first_on_its_own_page(client, staff, director):
    _tournament, round = started(staff, players=8)
    table = round.tables.select_related("match").get(number=1)
    match = table.match
    names = list(match.seats.order_by("seat").values_list("name", flat=True))
    scoring.hand_record(
        match=match,
        user=staff.scorekeeper,
        data={"closer": names[0], "points": {name: 10 for name in names[1:]}},
    )
    page = client.get(reverse("scoring:void", args=[match.pk, 1])).content.decode()
    assert "A void event no longer counts; it stays in the history with your reason." in page
    assert "Void it" in page and "Cancel" in page
    assert not EventVersion.objects.filter(event__match=match, is_void=True).exists()


# Registration for a real evening --------------------------------------------------------------

GUESTS = [
    "Anna Ferri",
    "Bruno Esposito",
    "Carla Conti",
    "Dario Russo",
    "Elena Greco",
    "Fabio Marino",
    "Giulia Bruno",
    "Luca Gallo",
    "Marta Ricci",
    "Nicola Costa",
    "Olga Fontana",
    "Paolo Moretti",
    "Rita Barbieri",
    "Sergio Lombardi",
    "Teresa Rinaldi",
    "Ugo Caruso",
    "Vera Ferrara",
    "Walter Santoro",
    "Zeno Mariani",
    "Maria Antonietta Buonarroti-Esposito",
]


def test_twenty_pasted_names_register_twenty_entries_checked_in_and_paid(client, staff, director):
    tournament = make(staff, entry_fee="10")
    pasted = "\r\n".join(GUESTS[:10]) + "\n\n  " + "\n".join(GUESTS[10:]) + "\n"
    response = client.post(
        url("entries", tournament), {"names": pasted, "check_in": "on"}, follow=True
    )
    assert shown(response) == [f"20 players registered: {', '.join(GUESTS)}."]
    entries = list(Entry.objects.filter(tournament=tournament).order_by("seed"))
    assert [entry.player.name for entry in entries] == GUESTS
    assert [entry.seed for entry in entries] == list(range(1, 21))
    assert all(e.status == EntryStatus.CHECKED_IN and e.player.is_guest for e in entries)
    page = response.content.decode()
    assert page.count("€ 10.00 paid") == 20 and "€ 10.00 due" not in page
    assert 'class="count">20<' in page
    ledger = client.get(url("ledger", tournament)).content.decode()
    assert "€ 200.00" in ledger  # 20 entry fees collected


def test_duplicates_are_refused_by_name_and_nobody_is_entered(client, staff, director):
    tournament = make(staff, entry_fee="10")
    services.entry_register(tournament=tournament, user=staff.director, name="Anna Ferri")
    pasted = "Bruno Esposito\nanna ferri\nCarla  Conti\nBRUNO ESPOSITO\nDario Russo\n"
    response = client.post(url("entries", tournament), {"names": pasted})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["names"] == [
        "Already entered: Anna Ferri.",
        "Listed twice: BRUNO ESPOSITO.",
    ]
    page = response.content.decode()
    assert "Already entered: Anna Ferri." in page and "Listed twice: BRUNO ESPOSITO." in page
    assert "Carla  Conti" in page  # the list comes back as typed, to fix
    assert Entry.objects.filter(tournament=tournament).count() == 1  # nothing partly saved


def test_club_players_ticked_and_guests_pasted_register_together_fees_due(client, staff, director):
    tournament = make(staff, entry_fee="5")
    players = [PlayerFactory(club=staff.club, name=name) for name in ("Irene", "Leo", "Mara")]
    page = client.get(url("entries", tournament)).content.decode()
    for player in players:
        assert f'name="players" value="{player.pk}"' in page
    response = client.post(
        url("entries", tournament),
        {"players": [players[0].pk, players[2].pk], "names": "Ospite Uno\nOspite Due"},
        follow=True,
    )
    assert shown(response) == ["4 players registered: Irene, Mara, Ospite Uno, Ospite Due."]
    page = response.content.decode()
    assert page.count("€ 5.00 due") == 4
    assert f'name="players" value="{players[1].pk}"' in page  # Leo is still to tick
    assert f'name="players" value="{players[0].pk}"' not in page
    # a club player ticked and typed again is listed twice
    response = client.post(url("entries", tournament), {"players": [players[1].pk], "names": "leo"})
    assert response.context["form"].errors["names"] == ["Listed twice: leo."]


def test_a_name_that_is_not_one_is_refused_by_its_line(staff):
    tournament = make(staff)
    with pytest.raises(services.TournamentActionError) as refused:
        services.entries_register(
            tournament=tournament, user=staff.director, names=["Anna", "x" * 81]
        )
    assert refused.value.field == "names"
    assert refused.value.refusals()[0].message.startswith("Line 2 (xxx")
    assert not Entry.objects.exists()


def test_the_api_registers_many_at_once_and_refuses_duplicates_by_name(staff):
    tournament = make(staff)
    api = APIClient()
    api.force_authenticate(staff.director)
    address = f"/api/v1/tournaments/{tournament.pk}/entries/many/"
    response = api.post(
        address, {"guests": GUESTS, "check_in": True}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 201, response.content
    assert [entry["name"] for entry in response.json()] == GUESTS
    assert {entry["status"] for entry in response.json()} == {"checked_in"}
    response = api.post(
        address,
        {"guests": ["Nuovo", "Zeno Mariani", "nuovo"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert [(error["field"], error["message"]) for error in response.json()["errors"]] == [
        ("guests", "Already entered: Zeno Mariani."),
        ("guests", "Listed twice: nuovo."),
    ]
    assert Entry.objects.filter(tournament=tournament).count() == 20


def test_a_swiss_player_dropped_between_rounds_comes_back_until_the_next_is_paired(staff):
    tournament, entries = gin_tournament(staff, Format.SWISS, 8, rounds_planned=3)
    round = pairing_services.draw(tournament=tournament, user=staff.director)
    for table in round.tables.order_by("number"):
        pair = seated(table)
        play(table, min(pair, key=lambda entry: entry.seed), staff.scorekeeper)
    leaving = entries[7]
    services.entry_drop(entry=leaving, user=staff.director)
    back = services.entry_reinstate(entry=leaving, user=staff.director)
    assert back.status == EntryStatus.CHECKED_IN
    second = pairing_services.next_round(tournament=tournament, user=staff.director)
    assert second.tables.filter(seats__entry=leaving).exists()  # paired again

    for table in second.tables.order_by("number"):
        pair = seated(table)
        play(table, min(pair, key=lambda entry: entry.seed), staff.scorekeeper)
    services.entry_drop(entry=leaving, user=staff.director)
    third = pairing_services.next_round(tournament=tournament, user=staff.director)
    assert not third.tables.filter(seats__entry=leaving).exists()
    with pytest.raises(services.TournamentActionError, match="Round 3 was seated after"):
        services.entry_reinstate(entry=leaving, user=staff.director)


def test_the_projector_clock_stops_once_the_round_is_complete(staff):
    tournament, round = started(staff, players=8)
    assert projector.slides(tournament)["clock"].context["clock"].running
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(6))
    clock = projector.slides(tournament)["clock"].context["clock"]
    assert not clock.running and clock.state == "Round complete"


# Words that agree with a woman (issue 25) --------------------------------------------------------


def italian(client, user):
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"


def test_the_entries_page_says_ritirata_for_a_woman_and_ritirato_for_a_man(client, staff):
    tournament = make(staff)
    anna, bruno = enter_players(tournament, staff.director, 2)
    anna.player.gender, bruno.player.gender = Gender.FEMALE, Gender.MALE
    Player.objects.bulk_update([anna.player, bruno.player], ["gender"])
    for entry in (anna, bruno):
        services.entry_drop(entry=entry, user=staff.director)
    italian(client, staff.director)
    page = client.get(url("entries", tournament)).content.decode()
    card = {
        entry: page.split(f'id="entry-{entry.pk}"', 1)[1].split("</li>", 1)[0]
        for entry in (anna, bruno)
    }
    assert '<span class="badge entry-state dropped">Ritirata</span>' in card[anna]
    assert '<span class="badge entry-state dropped">Ritirato</span>' in card[bruno]


def test_the_seating_report_says_incontrate_for_two_women(client, staff):
    tournament = make(staff, rounds_planned=2)
    entries = enter_players(tournament, staff.director, 4)
    for entry in entries[:3]:
        entry.player.gender = Gender.FEMALE
    entries[3].player.gender = Gender.MALE
    Player.objects.bulk_update([entry.player for entry in entries], ["gender"])
    round = services.round_seat(tournament=tournament, user=staff.director, seed=1)
    services.round_start(round=round, user=staff.director)
    play_round(round, scorekeeper=staff.scorekeeper, director=staff.director, rng=random.Random(3))
    services.round_seat(tournament=tournament, user=staff.director, seed=2)
    italian(client, staff.director)
    page = client.get(tournament.get_absolute_url()).content.decode()
    report = page.split('class="notice seating-report"', 1)[1].split("</div>", 1)[0]
    women = [f"Giocatore {n:02d}" for n in (1, 2, 3)]
    lines = report.split("<li>")[1:]
    assert lines
    for line in lines:
        if "si sono già" not in line:
            continue
        if "Giocatore 04" in line:
            assert "si sono già incontrati 1 volta." in line, line
        else:
            assert any(name in line for name in women)
            assert "si sono già incontrate 1 volta." in line, line
    assert "incontrate" in report and "incontrati" in report
