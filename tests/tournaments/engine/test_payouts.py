"""The pot, the house cut and the prizes by place (tournaments/engine/payouts.py)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.errors import TournamentError
from tournaments.engine.payouts import (
    DEFAULT_PAYOUT_PERCENTS,
    Pot,
    award,
    check_payout_percents,
    payout_table,
    percents_for,
    tournament_pot,
)


def money(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(value) for value in values)


def refusal(call, *args, **kwargs) -> TournamentError:
    with pytest.raises(TournamentError) as info:
        call(*args, **kwargs)
    return info.value


# The pot


def test_22_entries_of_20_with_a_10_percent_house_cut():
    pot = tournament_pot(entries=22, entry_fee=Decimal(20), house_cut_percent=Decimal(10))
    assert pot == Pot(
        entry_fees=Decimal(440),
        reentry_fees=Decimal(0),
        gross=Decimal(440),
        house=Decimal(44),
        prizes=Decimal(396),
    )


def test_re_entry_fees_join_the_gross_before_the_house_cut():
    pot = tournament_pot(
        entries=7, entry_fee="15", reentry_fees=Decimal("12.50"), house_cut_percent="7.5"
    )
    # 117.50 * 7.5% = 8.8125, to the cent 8.81
    assert (pot.entry_fees, pot.reentry_fees, pot.gross) == money("105", "12.50", "117.50")
    assert (pot.house, pot.prizes) == money("8.81", "108.69")


def test_the_house_cut_is_rounded_half_up_to_the_cent():
    # 12.5% of 0.20 is 0.025: half a cent goes up
    pot = tournament_pot(entries=1, entry_fee=Decimal("0.20"), house_cut_percent=Decimal("12.5"))
    assert (pot.house, pot.prizes) == money("0.03", "0.17")


def test_pot_amounts_have_two_decimals():
    pot = tournament_pot(entries=3, entry_fee=5)
    assert str(pot.gross) == "15.00"
    assert str(pot.house) == "0.00"
    assert str(pot.prizes) == "15.00"


def test_no_entries_make_an_empty_pot_and_a_full_cut_leaves_no_prizes():
    assert tournament_pot(entries=0, entry_fee=Decimal(20)).gross == 0
    pot = tournament_pot(entries=4, entry_fee=Decimal(10), house_cut_percent=Decimal(100))
    assert (pot.house, pot.prizes) == money("40", "0")


@given(
    entries=st.integers(0, 500),
    fee=st.decimals(0, 1000, places=2),
    reentries=st.decimals(0, 5000, places=2),
    cut=st.decimals(0, 100, places=2),
)
def test_the_pot_adds_up(entries, fee, reentries, cut):
    pot = tournament_pot(
        entries=entries, entry_fee=fee, reentry_fees=reentries, house_cut_percent=cut
    )
    assert pot.entry_fees == entries * fee
    assert pot.gross == pot.entry_fees + pot.reentry_fees
    assert pot.house + pot.prizes == pot.gross
    assert 0 <= pot.house <= pot.gross
    assert abs(pot.house - pot.gross * cut / 100) <= Decimal("0.005")


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        ({"entries": -1}, "entries", "whole number of 0 or more"),
        ({"entries": 2.0}, "entries", "whole number of 0 or more"),
        ({"entries": True}, "entries", "whole number of 0 or more"),
        ({"entry_fee": Decimal("-5")}, "entry_fee", "cannot be negative"),
        ({"entry_fee": Decimal("20.005")}, "entry_fee", "at most two decimals"),
        ({"entry_fee": 20.0}, "entry_fee", "amount of money"),
        ({"entry_fee": "twenty"}, "entry_fee", "amount of money"),
        ({"entry_fee": Decimal("Infinity")}, "entry_fee", "amount of money"),
        ({"entry_fee": Decimal("NaN")}, "entry_fee", "amount of money"),
        ({"reentry_fees": Decimal("-2.50")}, "reentry_fees", "cannot be negative"),
        ({"reentry_fees": Decimal("2.501")}, "reentry_fees", "at most two decimals"),
        ({"house_cut_percent": Decimal("-1")}, "house_cut_percent", "from 0 to 100"),
        ({"house_cut_percent": Decimal("100.01")}, "house_cut_percent", "from 0 to 100"),
        ({"house_cut_percent": Decimal("12.345")}, "house_cut_percent", "at most two decimals"),
        ({"house_cut_percent": 10.0}, "house_cut_percent", "from 0 to 100"),
    ],
)
def test_a_pot_that_makes_no_sense_is_refused(arguments, field, message):
    error = refusal(tournament_pot, **({"entries": 22, "entry_fee": Decimal(20)} | arguments))
    assert error.field == field
    assert message in error.message


# The payout percentages


def test_the_default_payout_is_50_30_20():
    assert money("50", "30", "20") == DEFAULT_PAYOUT_PERCENTS
    assert check_payout_percents(DEFAULT_PAYOUT_PERCENTS) == money("50", "30", "20")


def test_payout_percents_may_be_ints_decimals_or_strings():
    assert check_payout_percents([60, "25.5", Decimal("14.5")]) == money("60", "25.5", "14.5")
    assert check_payout_percents(["100"]) == (Decimal(100),)
    assert check_payout_percents([Decimal("33.34"), "33.33", "33.33"]) == money(
        "33.34", "33.33", "33.33"
    )


@pytest.mark.parametrize(
    ("percents", "message"),
    [
        ((), "Give the percentage of the prizes paid to at least one place."),
        ((50, 30, 20, 0), "Place 4 must be paid more than 0%: remove the places"),
        ((110, -10), "Place 2 must be paid more than 0%"),
        ((30, 50, 20), "Place 2 cannot be paid more than place 1 (50% against 30%)."),
        ((50, "22.5", "27.5"), "Place 3 cannot be paid more than place 2 (27.5% against 22.5%)."),
        ((50, 30, 10), "The payout percentages must add up to 100; they add up to 90."),
        ((60, 30, 20), "they add up to 110."),
        ((50, "33.333", "16.667"), "at most two decimals"),
        ((50.0, 30.0, 20.0), "must be numbers"),
        (("fifty", 50), "must be numbers"),
        ((True, 99), "must be numbers"),
    ],
)
def test_payout_percents_that_make_no_sense_are_refused(percents, message):
    error = refusal(check_payout_percents, percents)
    assert error.field == "payout_percents"
    assert message in error.message


def test_with_too_few_entrants_the_kept_percents_are_scaled_back_to_100():
    assert percents_for(2, DEFAULT_PAYOUT_PERCENTS) == money("62.50", "37.50")
    assert percents_for(1, DEFAULT_PAYOUT_PERCENTS) == money("100")
    assert percents_for(3, (40, 30, 20, 10)) == money("44.45", "33.33", "22.22")


def test_with_enough_entrants_the_percents_are_kept():
    assert percents_for(3, DEFAULT_PAYOUT_PERCENTS) == DEFAULT_PAYOUT_PERCENTS
    assert percents_for(22, DEFAULT_PAYOUT_PERCENTS) == DEFAULT_PAYOUT_PERCENTS


def test_scaled_percents_give_the_hundredths_left_to_first_place():
    # 25 / 75 * 100 = 33.333...: never 33.33 / 33.33 / 33.34, which would pay third more
    assert percents_for(3, (25, 25, 25, 25)) == money("33.34", "33.33", "33.33")


def test_no_entrant_means_no_paid_place():
    assert percents_for(0, DEFAULT_PAYOUT_PERCENTS) == ()


@pytest.mark.parametrize("entrants", [-3, 2.0, True])
def test_percents_for_entrants_that_are_not_a_count_are_refused(entrants):
    error = refusal(percents_for, entrants, DEFAULT_PAYOUT_PERCENTS)
    assert error.field == "entries"


def test_percents_for_refuses_percents_that_make_no_sense():
    assert refusal(percents_for, 2, (50, 30)).field == "payout_percents"


@st.composite
def payout_percents(draw) -> tuple[Decimal, ...]:
    """Valid percentages: positive hundredths, never growing, adding up to 100."""
    weights = sorted(draw(st.lists(st.integers(1, 100), min_size=1, max_size=8)), reverse=True)
    hundredths = [weight * 10000 // sum(weights) for weight in weights]
    hundredths[0] += 10000 - sum(hundredths)
    return tuple(Decimal(value) / 100 for value in hundredths)


@given(payout_percents(), st.integers(1, 12))
def test_percents_for_any_entrants_are_valid_payout_percents(percents, entrants):
    scaled = percents_for(entrants, percents)
    assert len(scaled) == min(entrants, len(percents))
    assert check_payout_percents(scaled) == scaled
    assert all(new >= old for new, old in zip(scaled, percents, strict=False))


# The payout table


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        # shares 198, 118.80, 79.20
        ("0.01", ("198", "118.80", "79.20")),
        # 198, 118.50, 79 (395.50); one 0.50 left, to the largest remainder 0.30 (second)
        ("0.50", ("198", "119", "79")),
        # 198, 118, 79 (395); one 1 left, to the largest remainder 0.80 (second)
        ("1", ("198", "119", "79")),
        # 195, 115, 75 (385); two 5 left, to the remainders 4.20 (third) and 3.80 (second);
        # the 1 below the unit to first
        ("5", ("196", "120", "80")),
        # 190, 110, 70 (370); two 10 left, to 9.20 (third) and 8.80 (second); 6 to first
        ("10", ("196", "120", "80")),
    ],
)
def test_396_of_prizes_paid_50_30_20(unit, expected):
    amounts = payout_table(Decimal(396), DEFAULT_PAYOUT_PERCENTS, unit=Decimal(unit))
    assert amounts == money(*expected)
    assert sum(amounts) == 396


def test_the_default_unit_is_1_and_amounts_have_two_decimals():
    amounts = payout_table(Decimal("396.00"), DEFAULT_PAYOUT_PERCENTS)
    assert [str(amount) for amount in amounts] == ["198.00", "119.00", "79.00"]


def test_equal_remainders_favour_the_better_place():
    # 62.50 / 37.50 of 100 by 5: 60 and 35 have the same remainder 2.50, one unit left
    assert payout_table(Decimal(100), percents_for(2, DEFAULT_PAYOUT_PERCENTS), unit=5) == money(
        "65", "35"
    )
    assert payout_table(Decimal(100), ("33.34", "33.33", "33.33")) == money("34", "33", "33")


def test_prizes_below_one_unit_all_go_to_first_place():
    assert payout_table(Decimal(3), DEFAULT_PAYOUT_PERCENTS, unit=Decimal(5)) == money(
        "3", "0", "0"
    )
    assert payout_table(Decimal(0), DEFAULT_PAYOUT_PERCENTS) == money("0", "0", "0")


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"prizes": Decimal("-1")}, "prizes"),
        ({"prizes": Decimal("396.001")}, "prizes"),
        ({"prizes": 396.0}, "prizes"),
        ({"percents": (50, 30, 10)}, "payout_percents"),
        ({"percents": ()}, "payout_percents"),
        ({"unit": Decimal(0)}, "payout_unit"),
        ({"unit": Decimal("-5")}, "payout_unit"),
        ({"unit": Decimal("0.001")}, "payout_unit"),
        ({"unit": 0.5}, "payout_unit"),
    ],
)
def test_a_payout_table_that_makes_no_sense_is_refused(arguments, field):
    call = {"prizes": Decimal(396), "percents": DEFAULT_PAYOUT_PERCENTS, "unit": 1} | arguments
    error = refusal(payout_table, call["prizes"], call["percents"], unit=call["unit"])
    assert error.field == field


UNITS = st.sampled_from([Decimal(u) for u in ("0.01", "0.05", "0.50", "1", "2", "5", "10", "20")])
PRIZES = st.decimals(0, 100000, places=2)


@given(PRIZES, payout_percents(), UNITS)
def test_payouts_add_up_to_the_prizes_and_never_grow(prizes, percents, unit):
    amounts = payout_table(prizes, percents, unit=unit)
    assert len(amounts) == len(percents)
    assert sum(amounts) == prizes
    assert all(amount >= 0 for amount in amounts)
    assert all(better >= worse for better, worse in itertools.pairwise(amounts))
    # every amount a multiple of the unit, but first place's rest below one unit
    assert all(amount % unit == 0 for amount in amounts[1:])
    assert (amounts[0] - prizes % unit) % unit == 0


@given(PRIZES, payout_percents(), UNITS)
def test_each_payout_is_within_one_unit_of_its_exact_share(prizes, percents, unit):
    amounts = payout_table(prizes, percents, unit=unit)
    for place, (amount, percent) in enumerate(zip(amounts, percents, strict=True)):
        rest = prizes % unit if place == 0 else 0
        assert abs(amount - rest - prizes * percent / 100) < unit


# Awarding the prizes by place


AMOUNTS_BY_5 = money("196", "120", "80")  # 396 paid 50/30/20 by 5


def test_each_place_takes_its_amount_and_the_rest_get_nothing():
    awarded = award(AMOUNTS_BY_5, {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5}, unit=Decimal(5))
    assert awarded == {"A": 196, "B": 120, "C": 80, "D": 0, "E": 0}


def test_two_players_tied_at_2_split_second_and_third():
    awarded = award(money("50", "30", "20"), {"A": 1, "B": 2, "C": 2}, unit=Decimal(1))
    assert awarded == {"A": 50, "B": 25, "C": 25}
    awarded = award(AMOUNTS_BY_5, {"A": 1, "B": 2, "C": 2, "D": 4}, unit=Decimal(5))
    assert awarded == {"A": 196, "B": 100, "C": 100, "D": 0}


def test_a_split_is_rounded_down_and_the_rest_goes_to_the_first_by_id():
    # (196 + 120) / 2 = 158, by 5: 155 each; one unit and the 1 below it to the first id
    awarded = award(AMOUNTS_BY_5, {"B": 1, "A": 1, "C": 3, "D": 4}, unit=Decimal(5))
    assert awarded == {"B": 155, "A": 161, "C": 80, "D": 0}
    assert list(awarded) == ["B", "A", "C", "D"]  # in the order given


def test_a_three_way_split_hands_the_whole_units_out_one_by_one():
    # 25 / 3 by 5: 5 each, then the two units left to the first two ids: 10, 10, 5
    awarded = award(money("10", "10", "5"), {"c": 1, "a": 1, "b": 1}, unit=Decimal(5))
    assert awarded == {"a": 10, "b": 10, "c": 5}
    # 396 / 3 by 5: 130 each, one unit and the 1 below it: 136, 130, 130
    awarded = award(AMOUNTS_BY_5, {"A": 1, "B": 1, "C": 1, "D": 4}, unit=Decimal(5))
    assert awarded == {"A": 136, "B": 130, "C": 130, "D": 0}


def test_ids_are_ordered_numbers_first_in_numeric_order_then_names():
    awarded = award(AMOUNTS_BY_5, {"x": 1, 10: 1, 2: 1}, unit=Decimal(5))
    # 396 / 3: 130 each; the unit and the 1 below it to 2, which comes before 10 and "x"
    assert awarded == {2: 136, 10: 130, "x": 130}
    awarded = award(AMOUNTS_BY_5, {"x": 1, 2: 1, 10: 3}, unit=Decimal(5))
    assert awarded == {2: 161, "x": 155, 10: 80}


def test_a_tie_across_the_last_paid_place_shares_it_with_unpaid_places():
    awarded = award(AMOUNTS_BY_5, {"A": 1, "B": 2, "C": 3, "D": 3, "E": 3}, unit=Decimal(5))
    # 80 / 3 by 5: 25 each, one unit left for C
    assert awarded == {"A": 196, "B": 120, "C": 30, "D": 25, "E": 25}


def test_with_fewer_players_than_paid_places_the_unheld_amounts_stay_unawarded():
    awarded = award(AMOUNTS_BY_5, {"A": 1, "B": 2}, unit=Decimal(5))
    assert awarded == {"A": 196, "B": 120}
    assert sum(awarded.values()) == 316  # the 80 of third place is nobody's


def test_paying_fewer_entrants_with_percents_for_awards_everything():
    amounts = payout_table(Decimal(396), percents_for(2, DEFAULT_PAYOUT_PERCENTS), unit=5)
    # 247.50 and 148.50 by 5: 245 and 145; one unit left, for the larger remainder 3.50 (second);
    # the 1 below the unit to first
    assert amounts == money("246", "150")
    assert award(amounts, {"A": 1, "B": 2}, unit=5) == {"A": 246, "B": 150}


def test_awards_have_two_decimals():
    awarded = award(money("50", "30", "20"), {"A": 1, "B": 2, "C": 2}, unit=Decimal("0.01"))
    assert str(awarded["B"]) == "25.00"


def test_nobody_ranked_is_awarded_nothing():
    assert award(AMOUNTS_BY_5, {}, unit=Decimal(5)) == {}


@pytest.mark.parametrize(
    ("places", "field"),
    [
        ({"A": 1, "B": 2, "C": 2, "D": 3}, "place"),  # after two second places comes the fourth
        ({"A": 2, "B": 3}, "place"),
        ({"A": 1, "B": 2.0}, "place"),
        ({"A": 1, "B": True}, "place"),
    ],
)
def test_a_ranking_that_makes_no_sense_is_refused(places, field):
    error = refusal(award, AMOUNTS_BY_5, places, unit=Decimal(5))
    assert error.field == field


def test_the_inconsistent_ranking_message_names_the_player():
    error = refusal(award, AMOUNTS_BY_5, {"A": 1, "B": 3}, unit=Decimal(5))
    assert error.params == {"player": "B", "place": 3, "better": 1}
    assert "The final ranking is not consistent: B is placed 3" in error.message


@pytest.mark.parametrize(
    ("amounts", "unit", "field"),
    [
        (money("-1", "0"), Decimal(1), "payout_amounts"),
        (money("1.005"), Decimal(1), "payout_amounts"),
        (money("10"), Decimal(0), "payout_unit"),
    ],
)
def test_amounts_or_a_unit_that_make_no_sense_are_refused(amounts, unit, field):
    assert refusal(award, amounts, {"A": 1}, unit=unit).field == field


@st.composite
def rankings(draw) -> dict[str | int, int]:
    """A final ranking of str and int ids, ties included, places written 1, 2, 2, 4."""
    player_id = st.one_of(st.integers(0, 50), st.text("abcXYZ", min_size=1, max_size=3))
    ids = draw(st.lists(player_id, min_size=1, max_size=12, unique=True))
    scores = draw(st.lists(st.integers(0, 4), min_size=len(ids), max_size=len(ids)))
    return {
        player: 1 + sum(other < score for other in scores)
        for player, score in zip(ids, scores, strict=True)
    }


@given(PRIZES, payout_percents(), UNITS, rankings())
def test_awards_add_up_and_follow_the_ranking(prizes, percents, unit, places):
    amounts = payout_table(prizes, percents_for(len(places), percents), unit=unit)
    awarded = award(amounts, places, unit=unit)
    assert list(awarded) == list(places)
    assert sum(awarded.values()) == prizes
    for a in places:
        for b in places:
            if places[a] < places[b]:
                assert awarded[a] >= awarded[b]
            if places[a] == places[b] and a != b:
                # tied players differ by at most one unit, plus first place's rest below it
                assert abs(awarded[a] - awarded[b]) < 2 * unit


@given(PRIZES, payout_percents(), UNITS, rankings())
def test_without_percents_for_only_the_unheld_places_go_unawarded(prizes, percents, unit, places):
    amounts = payout_table(prizes, percents, unit=unit)
    awarded = award(amounts, places, unit=unit)
    assert sum(awarded.values()) == sum(amounts[: len(places)])
