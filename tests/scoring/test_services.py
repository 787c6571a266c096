"""Every operation of scoring.services and every refusal, against a real database.

Numbers come from the worked examples of RULES.md section 6 where one fits.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from clubs.models import Player
from scoring import services
from scoring.engine import PRESETS, Scala40Rules, rules_for
from scoring.models import (
    EndedBy,
    EventKind,
    EventVersion,
    Match,
    MatchEvent,
    MatchPlayer,
    MatchStatus,
    PlayerStatus,
)
from scoring.services import MatchError
from tests.factories import ClubFactory, PlayerFactory, UserFactory, start_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


@pytest.fixture
def scorer():
    return UserFactory(username="scorer")


def hand(closer, **points):
    return {"closer": closer, "points": points}


def record(match, closer, user=None, **points):
    event, created = services.hand_record(match=match, user=user, data=hand(closer, **points))
    assert created
    return event


def seat(match, name) -> MatchPlayer:
    return MatchPlayer.objects.get(match=match, name=name)


def totals(match) -> dict[str, int]:
    return dict(MatchPlayer.objects.filter(match=match).values_list("name", "total"))


def statuses(match) -> dict[str, str]:
    return dict(MatchPlayer.objects.filter(match=match).values_list("name", "status"))


def fresh(match) -> Match:
    return Match.objects.get(pk=match.pk)


def snapshot(match):
    """Everything a refused change must leave as it was."""
    match = fresh(match)
    return {
        "events": list(MatchEvent.objects.filter(match=match).values_list("pk", "number", "kind")),
        "versions": list(
            EventVersion.objects.filter(event__match=match)
            .order_by("pk")
            .values_list("pk", "version", "is_current", "is_void", "data")
        ),
        "seats": list(
            MatchPlayer.objects.filter(match=match)
            .order_by("seat")
            .values_list("total", "status", "reentries", "place")
        ),
        "match": (
            match.status,
            match.finished_at,
            match.winner_id,
            match.ended_by,
            match.dealer_seat,
            match.pot_total,
            match.hand_count,
            match.revision,
        ),
    }


def refused(call, **kwargs) -> MatchError:
    with pytest.raises(MatchError) as info:
        call(**kwargs)
    return info.value


# match_start -------------------------------------------------------------------------------------


def test_match_start_seats_the_players_in_order_and_stores_the_full_rule_set(scorer):
    club = ClubFactory()
    players = [PlayerFactory(club=club, name=name) for name in ("Anna", "Bruno", "Carla")]

    match = services.match_start(
        club=club, user=scorer, preset="scala40-club", players=players, table_label=" Tavolo 3 "
    )

    match = fresh(match)
    assert match.game == "scala40"
    assert match.preset == "scala40-club"
    assert match.rules == rules_for("scala40-club").to_dict()
    assert match.rules["not_opened_penalty"] == 100
    assert match.rules["reentry_allowed"] is True
    assert match.table_label == "3"  # the number: pages say "Tavolo 3" around it once
    assert match.started_by == scorer
    assert match.status == MatchStatus.IN_PROGRESS
    assert match.finished_at is None
    assert (match.hand_count, match.dealer_seat, match.revision) == (0, 1, 1)
    assert list(match.seats.order_by("seat").values_list("seat", "name", "player")) == [
        (1, "Anna", players[0].pk),
        (2, "Bruno", players[1].pk),
        (3, "Carla", players[2].pk),
    ]
    assert set(statuses(match).values()) == {PlayerStatus.IN_PLAY}


@pytest.mark.parametrize(
    ("preset", "game"),
    [
        ("scala40", "scala40"),
        ("ramino", "ramino"),
        ("gin", "gin"),
        ("gin-standard", "gin"),
        ("gin-classic", "gin"),
        ("gin-oklahoma", "gin"),
        ("gin-hollywood", "gin"),
    ],
)
def test_match_start_resolves_every_preset(preset, game):
    names = ("Anna", "Bruno") if game == "gin" else ("Anna", "Bruno", "Carla")
    match = start_match(preset=preset, names=names)
    assert match.game == game
    assert match.rules == rules_for(preset).to_dict()


def test_option_overrides_are_stored_inside_the_full_resolved_rule_set():
    match = start_match(preset="scala40", options={"elimination_at": 151, "stake": "2.50"})

    expected = rules_for("scala40").to_dict() | {"elimination_at": 151, "stake": "2.50"}
    assert fresh(match).rules == expected
    assert fresh(match).pot_total == Decimal("10.00")  # four stakes


def test_a_later_change_of_the_preset_does_not_change_a_started_match(monkeypatch):
    match = start_match(preset="scala40")
    monkeypatch.setitem(PRESETS, "scala40", (Scala40Rules, {"elimination_at": 51}))

    record(match, "Anna", Bruno=60, Carla=0, Dario=0)

    assert statuses(match)["Bruno"] == PlayerStatus.IN_PLAY
    assert rules_for("scala40").elimination_at == 51  # the patch is in force


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"elimination_at": 0}, "elimination_at"),
        ({"in_hand_scoring": "triple"}, "in_hand_scoring"),
        ({"reentry_fee": "-1"}, "reentry_fee"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options, field):
    club = ClubFactory()
    players = [PlayerFactory(club=club) for _ in range(3)]

    error = refused(
        services.match_start,
        club=club,
        user=None,
        preset="scala40",
        players=players,
        options=options,
    )

    assert error.field == field
    assert field in error.message
    assert not Match.objects.exists()


def test_an_unknown_preset_is_refused():
    club = ClubFactory()
    players = [PlayerFactory(club=club) for _ in range(3)]
    error = refused(services.match_start, club=club, user=None, preset="briscola", players=players)
    assert error.field == "preset"
    assert "briscola" in error.message
    assert not Match.objects.exists()


def test_players_of_another_club_are_refused():
    club = ClubFactory()
    outsider = PlayerFactory(club=ClubFactory())
    players = [PlayerFactory(club=club), outsider]

    error = refused(services.match_start, club=club, user=None, preset="scala40", players=players)

    assert error.field == "players"
    assert error.message == "Every player must belong to this club."
    assert not Match.objects.exists()


def test_a_player_cannot_sit_at_the_table_twice():
    club = ClubFactory()
    anna, bruno = PlayerFactory(club=club), PlayerFactory(club=club)

    error = refused(
        services.match_start, club=club, user=None, preset="scala40", players=[anna, bruno, anna]
    )

    assert error.field == "players"
    assert error.message == "A player cannot sit at the table twice."
    assert not Match.objects.exists()


@pytest.mark.parametrize("first_dealer_seat", [0, 4])
def test_a_first_dealer_seat_outside_the_table_is_refused(first_dealer_seat):
    club = ClubFactory()
    players = [PlayerFactory(club=club) for _ in range(3)]

    error = refused(
        services.match_start,
        club=club,
        user=None,
        preset="scala40",
        players=players,
        first_dealer_seat=first_dealer_seat,
    )

    assert error.field == "first_dealer"
    assert not Match.objects.exists()


def test_the_first_dealer_seat_chosen_deals_first():
    match = start_match(first_dealer_seat=3)
    assert fresh(match).dealer_seat == 3
    record(match, "Anna", Bruno=1, Carla=2, Dario=3)
    assert fresh(match).dealer_seat == 4


@pytest.mark.parametrize(
    ("preset", "count", "message"),
    [
        ("scala40", 1, "Scala 40 is played by 2 to 6 players."),
        ("scala40", 7, "Scala 40 is played by 2 to 6 players."),
        ("ramino", 7, "Ramino is played by 2 to 6 players."),
        ("gin-standard", 3, "Gin Rummy is played by exactly 2 players."),
    ],
)
def test_too_few_or_too_many_players_are_refused(preset, count, message):
    club = ClubFactory()
    players = [PlayerFactory(club=club) for _ in range(count)]

    error = refused(services.match_start, club=club, user=None, preset=preset, players=players)

    assert error.field == "players"
    assert error.message == message
    assert not Match.objects.exists()
    assert not MatchPlayer.objects.exists()


# guest_player ------------------------------------------------------------------------------------


def test_guest_player_creates_a_guest_with_a_tidy_name():
    club = ClubFactory()
    guest = services.guest_player(club=club, name="  Zia   Pina ")
    assert (guest.club, guest.name, guest.is_guest) == (club, "Zia Pina", True)


def test_guest_player_reuses_the_clubs_player_of_that_name_in_any_case():
    club = ClubFactory()
    anna = PlayerFactory(club=club, name="Anna Ferri")

    assert services.guest_player(club=club, name="anna FERRI") == anna
    assert services.guest_player(club=club, name="ANNA  ferri") == anna
    assert Player.objects.filter(club=club).count() == 1
    anna.refresh_from_db()
    assert anna.is_guest is False


def test_guest_player_ignores_a_player_of_the_same_name_in_another_club():
    other = PlayerFactory(club=ClubFactory(), name="Anna")
    club = ClubFactory()
    guest = services.guest_player(club=club, name="Anna")
    assert guest != other
    assert guest.club == club


@pytest.mark.parametrize("name", ["", "   "])
def test_guest_player_needs_a_name(name):
    club = ClubFactory()
    error = refused(services.guest_player, club=club, name=name)
    assert error.field == "players"
    assert error.message == "A guest needs a name."
    assert not Player.objects.exists()


# hand_record -------------------------------------------------------------------------------------


def test_hand_record_caches_totals_on_seats_and_match_s1(scorer):
    """S1: closer Carla; Bruno holds 8h Kd = 18, Dario holds Ah JK = 36."""
    match = start_match(names=("Bruno", "Carla", "Dario"))

    event, created = services.hand_record(
        match=match,
        user=scorer,
        data={"closer": "Carla", "cards": {"Bruno": "8h Kd", "Dario": "Ah JK"}},
    )

    assert created
    assert (event.number, event.kind, event.created_by) == (1, EventKind.HAND, scorer)
    version = event.versions.get()
    assert (version.version, version.is_current, version.is_void) == (1, True, False)
    assert version.data["type"] == "hand"
    assert version.created_by == scorer
    assert totals(match) == {"Bruno": 18, "Carla": 0, "Dario": 36}
    match = fresh(match)
    assert (match.hand_count, match.revision, match.status) == (1, 2, MatchStatus.IN_PROGRESS)


def test_hand_record_adds_to_the_running_totals_s1():
    """S1, second part: from Bruno 20, Dario 30 the same hand gives 38 and 66."""
    match = start_match(names=("Bruno", "Carla", "Dario"))
    record(match, "Carla", Bruno=20, Dario=30)
    second = record(match, "Carla", Bruno=18, Dario=36)

    assert second.number == 2
    assert totals(match) == {"Bruno": 38, "Carla": 0, "Dario": 66}
    assert fresh(match).hand_count == 2


def test_each_hand_grows_the_revision_and_passes_the_deal_round_the_table():
    match = start_match()
    dealers = [fresh(match).dealer_seat]
    revisions = [fresh(match).revision]
    for _ in range(4):
        record(match, "Anna", Bruno=1, Carla=1, Dario=1)
        dealers.append(fresh(match).dealer_seat)
        revisions.append(fresh(match).revision)

    assert dealers == [1, 2, 3, 4, 1]
    assert revisions == [1, 2, 3, 4, 5]
    assert fresh(match).hand_count == 4


def test_the_deal_skips_a_player_who_is_out():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    record(match, "Anna", Bruno=120, Carla=5)  # Anna dealt; Bruno is out
    assert statuses(match)["Bruno"] == PlayerStatus.OUT
    assert fresh(match).dealer_seat == 3


def test_scala40_club_doubles_in_hand_and_charges_the_flat_penalty_s3():
    """S3: Carla closes in hand; Bruno holds 17 -> 34; Dario did not open -> 200."""
    match = start_match(preset="scala40-club", names=("Bruno", "Carla", "Dario"))
    services.hand_record(
        match=match,
        user=None,
        data={"closer": "Carla", "in_hand": True, "points": {"Bruno": 17}, "not_opened": ["Dario"]},
    )
    assert totals(match) == {"Bruno": 34, "Carla": 0, "Dario": 200}
    assert statuses(match)["Dario"] == PlayerStatus.ELIMINATED


def test_ramino_colore_credits_the_closer_r1():
    """R1: Q closes colore from 30 -> 5; P +44, R +60, S +70."""
    match = start_match(preset="ramino", names=("P", "Q", "R", "S"))
    services.hand_record(
        match=match,
        user=None,
        data={"closer": "P", "closing": "two_cards", "points": {"Q": 30, "R": 0, "S": 0}},
    )
    services.hand_record(
        match=match,
        user=None,
        data={"closer": "Q", "closing": "colore", "points": {"P": 44, "R": 60, "S": 70}},
    )
    assert totals(match) == {"P": 44, "Q": 5, "R": 60, "S": 70}


def test_a_gin_hand_passes_the_deal_to_its_winner_g1():
    """G1 (gin-standard): knock 7 vs 4 -> the defender undercuts, 3 + 25 = 28."""
    match = start_match(preset="gin-standard", names=("One", "Two"))
    services.hand_record(
        match=match,
        user=None,
        data={"result": "knock", "knocker": "One", "deadwood": {"One": 7, "Two": 4}},
    )
    assert totals(match) == {"One": 0, "Two": 28}
    assert seat(match, "Two").hands_won == 1
    assert fresh(match).dealer_seat == 2


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"closer": "Anna", "points": {"Anna": 5, "Bruno": 1, "Carla": 2, "Dario": 3}}, "points"),
        ({"closer": "Zeno", "points": {"Bruno": 1, "Carla": 2, "Dario": 3}}, "closer"),
        ({"closer": "Anna", "points": {"Bruno": 201, "Carla": 2, "Dario": 3}}, "points"),
        ({"closer": "Anna", "points": {"Bruno": -1, "Carla": 2, "Dario": 3}}, "points"),
        ({"closer": "Anna", "points": {"Bruno": 1, "Carla": 2}}, "points"),
        ({"closer": "Anna", "points": {"Bruno": 1, "Carla": 2, "Dario": "3"}}, "points"),
        ({"closer": "Anna", "in_hand": "yes", "points": {"Bruno": 1}}, "in_hand"),
        ({"closer": "Anna", "colour": "red", "points": {"Bruno": 1}}, "colour"),
        ({"closer": "Anna", "cards": {"Bruno": "8h Xz"}, "points": {"Carla": 1}}, "cards"),
    ],
)
def test_a_refused_hand_names_event_and_field_and_records_nothing(data, field):
    match = start_match()
    record(match, "Bruno", Anna=10, Carla=10, Dario=10)
    before = snapshot(match)

    error = refused(services.hand_record, match=match, user=None, data=data)

    assert (error.event, error.field) == (2, field)
    assert error.message
    assert snapshot(match) == before


def test_a_hand_naming_a_player_out_of_play_is_refused():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    record(match, "Anna", Bruno=120, Carla=5)
    before = snapshot(match)

    error = refused(
        services.hand_record, match=match, user=None, data=hand("Anna", Bruno=3, Carla=4)
    )

    assert (error.event, error.field) == (2, "points")
    assert error.message == "Bruno is no longer in play."
    assert snapshot(match) == before


def test_an_event_of_an_unknown_type_is_refused():
    match = start_match()
    before = snapshot(match)
    error = refused(services.event_record, match=match, user=None, data={"type": "deal"})
    assert error.field == "type"
    assert snapshot(match) == before


def test_hand_record_cannot_record_another_kind_of_event():
    match = start_match()
    before = snapshot(match)

    error = refused(services.hand_record, match=match, user=None, data={"type": "time_call"})

    assert (error.event, error.field) == (1, "closer")
    assert snapshot(match) == before


# Idempotency -------------------------------------------------------------------------------------


def test_the_same_idempotency_key_twice_records_one_event():
    match = start_match()
    data = hand("Anna", Bruno=5, Carla=6, Dario=7)

    first, first_created = services.hand_record(
        match=match, user=None, data=data, idempotency_key="tap-1"
    )
    revision = fresh(match).revision
    second, second_created = services.hand_record(
        match=match, user=None, data=data, idempotency_key="tap-1"
    )

    assert (first_created, second_created) == (True, False)
    assert second.pk == first.pk
    assert MatchEvent.objects.filter(match=match).count() == 1
    assert EventVersion.objects.filter(event__match=match).count() == 1
    assert totals(match) == {"Anna": 0, "Bruno": 5, "Carla": 6, "Dario": 7}
    assert fresh(match).revision == revision


def test_a_retry_answers_the_first_event_even_with_other_data():
    match = start_match()
    first, _ = services.hand_record(
        match=match, user=None, data=hand("Anna", Bruno=5, Carla=6, Dario=7), idempotency_key="k"
    )
    again, created = services.hand_record(
        match=match, user=None, data=hand("Bruno", Anna=50, Carla=6, Dario=7), idempotency_key="k"
    )
    assert (again.pk, created) == (first.pk, False)
    assert totals(match) == {"Anna": 0, "Bruno": 5, "Carla": 6, "Dario": 7}


def test_different_idempotency_keys_record_two_events():
    match = start_match()
    data = hand("Anna", Bruno=5, Carla=6, Dario=7)
    first, _ = services.hand_record(match=match, user=None, data=data, idempotency_key="a")
    second, created = services.hand_record(match=match, user=None, data=data, idempotency_key="b")

    assert created
    assert (first.number, second.number) == (1, 2)
    assert totals(match) == {"Anna": 0, "Bruno": 10, "Carla": 12, "Dario": 14}


def test_an_idempotency_key_is_independent_in_another_match():
    club = ClubFactory()
    one = start_match(club=club, names=("A1", "B1"))
    two = start_match(club=club, names=("A2", "B2"))

    first, first_created = services.hand_record(
        match=one, user=None, data=hand("A1", B1=4), idempotency_key="same"
    )
    second, second_created = services.hand_record(
        match=two, user=None, data=hand("A2", B2=9), idempotency_key="same"
    )

    assert first_created and second_created
    assert first.pk != second.pk
    assert (first.match, second.match) == (one, two)
    assert totals(two) == {"A2": 0, "B2": 9}


def test_a_refused_event_does_not_use_up_its_idempotency_key():
    match = start_match()
    refused(
        services.hand_record,
        match=match,
        user=None,
        data=hand("Anna", Bruno=500),
        idempotency_key="k",
    )
    event, created = services.hand_record(
        match=match, user=None, data=hand("Anna", Bruno=5, Carla=6, Dario=7), idempotency_key="k"
    )
    assert created
    assert event.number == 1


def test_other_services_honour_the_idempotency_key_too():
    match = start_match()
    first = services.match_call_time(match=match, user=None, idempotency_key="end")
    second = services.match_call_time(match=match, user=None, idempotency_key="end")
    assert first.pk == second.pk
    assert MatchEvent.objects.filter(match=match).count() == 1


# player_reenter ----------------------------------------------------------------------------------


def s5_match(**options):
    """S5: after hand 2, A 17, B 30, C 75, and D at 108 is eliminated."""
    match = start_match(
        preset="scala40", names=("A", "B", "C", "D"), options={"reentry_allowed": True, **options}
    )
    record(match, "D", A=17, B=30, C=75)
    record(match, "A", B=0, C=0, D=108)
    return match


def test_player_reenter_comes_back_at_the_highest_total_in_play_s5(scorer):
    match = s5_match(reentry_fee="5.00", stake="2.00")
    assert statuses(match)["D"] == PlayerStatus.ELIMINATED
    assert fresh(match).pot_total == Decimal("8.00")

    event = services.player_reenter(match=match, user=scorer, seat=seat(match, "D"))

    assert (event.number, event.kind, event.created_by) == (3, EventKind.REENTRY, scorer)
    d = seat(match, "D")
    assert (d.total, d.status, d.reentries) == (75, PlayerStatus.IN_PLAY, 1)
    assert fresh(match).pot_total == Decimal("13.00")
    assert fresh(match).hand_count == 2


def test_player_reenter_adds_the_extra_points_s5():
    match = s5_match(reentry_extra_points=1)
    services.player_reenter(match=match, user=None, seat=seat(match, "D"))
    assert seat(match, "D").total == 76


def test_player_reenter_is_refused_when_re_entry_is_off():
    match = start_match(preset="scala40", names=("A", "B", "C", "D"))
    record(match, "D", A=17, B=30, C=75)
    record(match, "A", B=0, C=0, D=108)
    assert statuses(match)["D"] == PlayerStatus.OUT
    before = snapshot(match)

    error = refused(services.player_reenter, match=match, user=None, seat=seat(match, "D"))

    assert (error.event, error.field) == (3, "player")
    assert error.message == "Re-entry is not allowed in this match."
    assert snapshot(match) == before


def test_player_reenter_is_refused_after_the_next_hand():
    match = s5_match()
    record(match, "A", B=1, C=1)
    assert statuses(match)["D"] == PlayerStatus.OUT
    before = snapshot(match)

    error = refused(services.player_reenter, match=match, user=None, seat=seat(match, "D"))

    assert error.event == 4
    assert error.message == "D can re-enter only right after the hand of the bust."
    assert snapshot(match) == before


def test_player_reenter_is_refused_for_a_player_in_play():
    match = s5_match()
    error = refused(services.player_reenter, match=match, user=None, seat=seat(match, "A"))
    assert error.message == "A is in play and cannot re-enter."


def test_with_two_left_a_bust_ends_the_match_without_re_entry_s5():
    match = start_match(preset="scala40", names=("A", "B", "C"), options={"reentry_allowed": True})
    record(match, "A", B=10, C=110)
    services.player_stays_out(match=match, user=None, seat=seat(match, "C"))  # C declines
    record(match, "A", B=95)

    match = fresh(match)
    assert match.status == MatchStatus.FINISHED
    assert match.winner == seat(match, "A")
    assert statuses(match)["B"] == PlayerStatus.OUT
    error = refused(services.player_reenter, match=match, user=None, seat=seat(match, "B"))
    assert error.message == "The match is over."


# player_withdraw ---------------------------------------------------------------------------------


def test_player_withdraw_puts_the_player_out_at_their_total():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    record(match, "Anna", Bruno=20, Carla=30)

    event = services.player_withdraw(match=match, user=None, seat=seat(match, "Bruno"))

    assert (event.number, event.kind) == (2, EventKind.WITHDRAW)
    bruno = seat(match, "Bruno")
    assert (bruno.status, bruno.total) == (PlayerStatus.WITHDRAWN, 20)
    assert fresh(match).status == MatchStatus.IN_PROGRESS
    assert fresh(match).hand_count == 1
    error = refused(
        services.hand_record, match=match, user=None, data=hand("Anna", Bruno=1, Carla=2)
    )
    assert (error.event, error.message) == (3, "Bruno is no longer in play.")


def test_the_last_withdrawal_ends_the_match_with_the_last_player_in_play():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    services.player_withdraw(match=match, user=None, seat=seat(match, "Bruno"))
    services.player_withdraw(match=match, user=None, seat=seat(match, "Carla"))

    match = fresh(match)
    assert match.status == MatchStatus.FINISHED
    assert match.ended_by == EndedBy.LAST_IN_PLAY
    assert match.winner == seat(match, "Anna")


def test_a_withdrawn_player_cannot_withdraw_again():
    match = start_match()
    services.player_withdraw(match=match, user=None, seat=seat(match, "Bruno"))
    before = snapshot(match)
    error = refused(services.player_withdraw, match=match, user=None, seat=seat(match, "Bruno"))
    assert (error.field, error.message) == (
        "seat",
        "Bruno is no longer in play: nothing was recorded.",
    )
    assert snapshot(match) == before


def test_a_player_waiting_for_the_re_entry_is_not_withdrawn_but_stays_out():
    """Walk leftover: the withdrawal took a player a hand had just eliminated (a declined
    re-entry in disguise); the service refuses it beside the field and says what to do."""
    match = s5_match()  # D is eliminated, waiting for the re-entry
    before = snapshot(match)
    error = refused(services.player_withdraw, match=match, user=None, seat=seat(match, "D"))
    assert error.field == "seat"
    assert error.message == (
        'D is waiting for the re-entry: to stay out, tap "D stays out" on the match page. '
        "Nothing was recorded."
    )
    assert snapshot(match) == before


# match_call_time ---------------------------------------------------------------------------------


def test_match_call_time_finishes_the_match_and_caches_the_ranking():
    match = start_match()
    record(match, "Anna", Bruno=40, Carla=12, Dario=25)
    record(match, "Carla", Anna=30, Bruno=5, Dario=9)

    event = services.match_call_time(match=match, user=None)

    assert (event.number, event.kind) == (3, EventKind.TIME_CALL)
    match = fresh(match)
    assert match.status == MatchStatus.FINISHED
    assert match.finished_at is not None
    assert match.ended_by == EndedBy.TIME
    assert match.winner == seat(match, "Carla")
    assert match.dealer_seat is None
    places = dict(MatchPlayer.objects.filter(match=match).values_list("name", "place"))
    assert places == {"Carla": 1, "Anna": 2, "Dario": 3, "Bruno": 4}
    assert statuses(match)["Carla"] == PlayerStatus.WINNER


def test_an_event_after_the_end_is_refused_and_records_nothing():
    match = start_match()
    services.match_call_time(match=match, user=None)
    before = snapshot(match)

    for call, kwargs in [
        (services.hand_record, {"data": hand("Anna", Bruno=1, Carla=2, Dario=3)}),
        (services.match_call_time, {}),
        (services.player_withdraw, {"seat": seat(match, "Bruno")}),
    ]:
        error = refused(call, match=match, user=None, **kwargs)
        assert (error.event, error.message) == (2, "The match is over.")

    assert snapshot(match) == before


# hand_correct ------------------------------------------------------------------------------------


def test_hand_correct_adds_a_version_keeps_the_old_one_and_recomputes(scorer):
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    record(match, "Bruno", Anna=5, Carla=5, Dario=5)
    revision = fresh(match).revision

    version = services.hand_correct(
        event=first,
        user=scorer,
        data=hand("Anna", Bruno=8, Carla=10, Dario=36),
        expected_version=1,
        reason="  Bruno counted a king twice ",
    )

    assert (version.version, version.is_current, version.is_void) == (2, True, False)
    assert version.reason == "Bruno counted a king twice"
    assert version.created_by == scorer
    old = first.versions.get(version=1)
    assert old.is_current is False
    assert old.data["points"]["Bruno"] == 18
    assert totals(match) == {"Anna": 5, "Bruno": 8, "Carla": 15, "Dario": 41}
    assert fresh(match).revision == revision + 1
    assert fresh(match).hand_count == 2


def test_hand_correct_against_a_stale_version_is_refused_with_the_reload_message():
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    services.hand_correct(
        event=first, user=None, data=hand("Anna", Bruno=8, Carla=10, Dario=36), expected_version=1
    )
    before = snapshot(match)

    error = refused(
        services.hand_correct,
        event=first,
        user=None,
        data=hand("Anna", Bruno=9, Carla=10, Dario=36),
        expected_version=1,
    )

    assert (error.event, error.field) == (1, "version")
    assert error.message == (
        "Someone changed event 1 meanwhile (it is now at version 2). "
        "Reload the page and check it before changing it again."
    )
    assert snapshot(match) == before


def test_a_correction_that_makes_a_later_event_impossible_is_refused_naming_it():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    first = record(match, "Anna", Bruno=50, Carla=10)
    record(match, "Carla", Anna=10, Bruno=20)
    record(match, "Bruno", Anna=10, Carla=10)
    before = snapshot(match)

    # With 110 in hand 1 Bruno is out, so he cannot be charged in hand 2.
    error = refused(
        services.hand_correct,
        event=first,
        user=None,
        data=hand("Anna", Bruno=110, Carla=10),
        expected_version=1,
    )

    assert error.event == 2
    assert error.message == "Bruno is no longer in play."
    assert snapshot(match) == before


def test_a_correction_refused_by_the_rules_names_the_corrected_hand():
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    before = snapshot(match)
    error = refused(
        services.hand_correct,
        event=first,
        user=None,
        data=hand("Anna", Bruno=300, Carla=10, Dario=36),
        expected_version=1,
    )
    assert (error.event, error.field) == (1, "points")
    assert snapshot(match) == before


@pytest.mark.parametrize("kind", ["reentry", "withdraw", "time_call"])
def test_only_hands_can_be_corrected(kind):
    match = s5_match()
    if kind == "reentry":
        event = services.player_reenter(match=match, user=None, seat=seat(match, "D"))
    elif kind == "withdraw":
        event, _created = services.player_stays_out(match=match, user=None, seat=seat(match, "D"))
    else:
        event = services.match_call_time(match=match, user=None)
    before = snapshot(match)

    error = refused(
        services.hand_correct,
        event=event,
        user=None,
        data=hand("A", B=1, C=1),
        expected_version=1,
    )

    assert error.event == 3
    assert error.message == "Only hands can be corrected; void this event instead."
    assert snapshot(match) == before


def test_a_correction_cannot_turn_a_hand_into_another_kind_of_event():
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    before = snapshot(match)

    error = refused(
        services.hand_correct,
        event=first,
        user=None,
        data={"type": "time_call"},
        expected_version=1,
    )

    assert (error.event, error.field) == (1, "closer")
    assert snapshot(match) == before


def test_correcting_the_busting_hand_reopens_a_finished_match():
    match = start_match(names=("Anna", "Bruno"))
    first = record(match, "Anna", Bruno=120)
    assert fresh(match).status == MatchStatus.FINISHED
    assert fresh(match).finished_at is not None

    services.hand_correct(event=first, user=None, data=hand("Anna", Bruno=20), expected_version=1)

    match = fresh(match)
    assert match.status == MatchStatus.IN_PROGRESS
    assert match.finished_at is None
    assert match.winner is None
    assert match.ended_by == ""
    assert match.dealer_seat == 2
    assert statuses(match) == {"Anna": PlayerStatus.IN_PLAY, "Bruno": PlayerStatus.IN_PLAY}
    assert set(MatchPlayer.objects.filter(match=match).values_list("place", flat=True)) == {None}
    # ...and it can be played on.
    record(match, "Bruno", Anna=7)
    assert totals(match) == {"Anna": 7, "Bruno": 20}


def test_a_correction_that_changes_the_winner_keeps_the_match_finished():
    match = start_match(names=("Anna", "Bruno", "Carla"))
    record(match, "Anna", Bruno=120, Carla=5)
    last = record(match, "Carla", Anna=101)
    match = fresh(match)
    assert match.winner == seat(match, "Carla")
    finished_at = match.finished_at

    services.hand_correct(event=last, user=None, data=hand("Anna", Carla=101), expected_version=1)

    match = fresh(match)
    assert match.status == MatchStatus.FINISHED
    assert match.winner == seat(match, "Anna")
    assert match.finished_at == finished_at


# event_void --------------------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["", "   "])
def test_event_void_needs_a_reason(reason):
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    before = snapshot(match)

    error = refused(services.event_void, event=first, user=None, reason=reason, expected_version=1)

    assert (error.event, error.field) == (1, "reason")
    assert error.message == "Say why the event is void."
    assert snapshot(match) == before


def test_event_void_keeps_the_event_as_a_void_version_and_recomputes(scorer):
    match = start_match()
    record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    second = record(match, "Bruno", Anna=5, Carla=5, Dario=5)
    record(match, "Carla", Anna=1, Bruno=1, Dario=1)

    version = services.event_void(
        event=second, user=scorer, reason=" Entered twice ", expected_version=1
    )

    assert (version.version, version.is_current, version.is_void) == (2, True, True)
    assert version.reason == "Entered twice"
    assert version.created_by == scorer
    assert version.data == second.versions.get(version=1).data
    assert second.versions.get(version=1).is_current is False
    assert MatchEvent.objects.filter(match=match).count() == 3
    assert totals(match) == {"Anna": 1, "Bruno": 19, "Carla": 10, "Dario": 37}
    assert fresh(match).hand_count == 2
    # The next event still takes the next number.
    assert record(match, "Anna", Bruno=1, Carla=1, Dario=1).number == 4


def test_voiding_a_void_event_is_refused():
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    services.event_void(event=first, user=None, reason="Wrong table", expected_version=1)
    before = snapshot(match)

    error = refused(services.event_void, event=first, user=None, reason="Again", expected_version=2)

    assert error.event == 1
    assert error.message == "Event 1 is void; it cannot be changed."
    assert snapshot(match) == before

    error = refused(
        services.hand_correct,
        event=first,
        user=None,
        data=hand("Anna", Bruno=1, Carla=1, Dario=1),
        expected_version=2,
    )
    assert error.message == "Event 1 is void; it cannot be changed."
    assert snapshot(match) == before


def test_event_void_against_a_stale_version_is_refused():
    match = start_match()
    first = record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    services.hand_correct(
        event=first, user=None, data=hand("Anna", Bruno=8, Carla=10, Dario=36), expected_version=1
    )
    before = snapshot(match)
    error = refused(services.event_void, event=first, user=None, reason="x", expected_version=1)
    assert error.field == "version"
    assert snapshot(match) == before


def test_voiding_the_hand_a_re_entry_depends_on_is_refused_naming_the_re_entry():
    match = s5_match()
    busting = MatchEvent.objects.get(match=match, number=2)
    services.player_reenter(match=match, user=None, seat=seat(match, "D"))
    before = snapshot(match)

    error = refused(
        services.event_void, event=busting, user=None, reason="Wrong", expected_version=1
    )

    assert error.event == 3
    assert error.message == "D is in play and cannot re-enter."
    assert snapshot(match) == before


def test_voiding_the_time_call_reopens_the_match():
    match = start_match()
    record(match, "Anna", Bruno=18, Carla=10, Dario=36)
    call = services.match_call_time(match=match, user=None)
    assert fresh(match).status == MatchStatus.FINISHED

    services.event_void(event=call, user=None, reason="Called too early", expected_version=1)

    match = fresh(match)
    assert (match.status, match.finished_at, match.winner, match.ended_by) == (
        MatchStatus.IN_PROGRESS,
        None,
        None,
        "",
    )
    assert record(match, "Bruno", Anna=1, Carla=1, Dario=1).number == 3
