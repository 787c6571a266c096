"""Properties of the bounds of a rule set's numbers (issue 16, F3, F11, F12).

Whatever value an option is given, the rule set either refuses it with a `RuleSetError` naming
the option, or accepts it; and any rule set it accepts, played for a while, yields totals and a pot
that the database columns hold (`MatchPlayer.total`, an integer column; `Match.pot_total`, ten
digits with two decimals).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import RuleSetError, rules_for
from scoring.engine.presets import PRESETS
from scoring.engine.rules import (
    BOOL,
    CHOICE,
    INT,
    MONEY,
    MONEY_MAX,
    OPTIONAL_INT,
    POT_MAX,
    BurracoRules,
    OptionInfo,
    RuleSet,
)
from scoring.models import Match, MatchPlayer
from tests.properties import examples
from tests.scoring.engine.burraco_helpers import PLAYERS as BURRACO_PLAYERS
from tests.scoring.engine.burraco_strategies import a_hand as burraco_hand
from tests.scoring.engine.gin_strategies import PLAYERS as GIN_PLAYERS
from tests.scoring.engine.gin_strategies import gin_hands
from tests.scoring.engine.growing import Growing
from tests.scoring.engine.penalty_strategies import NAMES, draw_event

INT32 = (-(2**31), 2**31 - 1)
HUGE = st.one_of(
    st.integers(min_value=10**6),
    st.integers(max_value=-(10**6)),
    st.sampled_from([10**30, 2**63, 2**64, -(2**63) - 1]),
)


def _option_value(info: OptionInfo) -> st.SearchStrategy[Any]:
    """Any value the option accepts, its bounds as likely as anything in between."""
    if info.kind in (INT, OPTIONAL_INT):
        whole = st.one_of(
            st.sampled_from([info.minimum, info.maximum]),
            st.integers(info.minimum, info.maximum),
        )
        return whole if info.kind == INT else st.none() | whole
    if info.kind == BOOL:
        return st.booleans()
    if info.kind == CHOICE:
        return st.sampled_from(info.choices)
    if info.kind == MONEY:
        return st.one_of(
            st.just(info.maximum),
            st.decimals(min_value=0, max_value=info.maximum, places=2).map(str),
        )
    raise AssertionError(info.kind)


@st.composite
def extreme_rules(draw: st.DrawFn, presets: tuple[str, ...]) -> RuleSet:
    """A preset with any of its options set to any value in range, the extremes often."""
    preset = draw(st.sampled_from(presets))
    base = rules_for(preset)
    overrides = {
        info.name: draw(_option_value(info))
        for info in base.options()
        if draw(st.integers(0, 2)) > 0
    }
    if overrides.get("variant", getattr(base, "variant", None)) == "hollywood":
        overrides["match_mode"] = "points"  # the one pair of options refused together
    return rules_for(preset, overrides)


def _ints(value: Any):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _ints(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _ints(item)


def _fits(state) -> None:
    answer = state.to_dict()
    low, high = INT32
    assert all(low <= number <= high for number in _ints(answer["players"]))
    assert all(low <= number <= high for number in _ints(answer["history"]))
    assert all(low <= number <= high for number in _ints(answer.get("games", [])))
    assert Decimal(answer["pot"]["total"]) <= POT_MAX


PENALTY_PRESETS = tuple(
    name for name, (cls, _o) in PRESETS.items() if cls.game in ("scala40", "ramino")
)
GIN_PRESETS = tuple(name for name, (cls, _o) in PRESETS.items() if cls.game == "gin")
BURRACO_PRESETS = tuple(name for name, (cls, _o) in PRESETS.items() if cls.game == "burraco")


def max_pot(rules) -> Decimal:
    """The largest pot these rules can collect: every seat's stake and every re-entry fee (at most
    `POT_MAX` for any valid rule set)."""
    stake = getattr(rules, "stake", Decimal(0))
    fee = getattr(rules, "reentry_fee", Decimal(0))
    reentries = getattr(rules, "reentry_max", 0) if getattr(rules, "reentry_allowed", False) else 0
    return (stake + fee * reentries) * rules.max_players


def test_the_largest_pot_fits_the_pot_column():
    field = Match._meta.get_field("pot_total")
    assert POT_MAX.quantize(Decimal(10) ** -field.decimal_places) == POT_MAX
    assert len(POT_MAX.as_tuple().digits) <= field.max_digits
    assert Decimal(10) ** (field.max_digits - field.decimal_places) > POT_MAX
    assert MatchPlayer._meta.get_field("total").get_internal_type() == "IntegerField"


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_accepted_penalty_rules_make_totals_and_a_pot_the_database_holds(data):
    rules = data.draw(extreme_rules(PENALTY_PRESETS))
    assert max_pot(rules) <= POT_MAX
    players = NAMES[: data.draw(st.integers(rules.min_players, rules.max_players))]
    match = Growing(rules, players)
    while len(match.events) < 40 and not match.state.finished:
        match.add(draw_event(data.draw, rules, match.state))
        _fits(match.full_state())
    assert match.state.pot.total <= max_pot(rules)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_accepted_gin_rules_make_scores_and_a_pot_the_database_holds(data):
    rules = data.draw(extreme_rules(GIN_PRESETS))
    assert max_pot(rules) <= POT_MAX
    match = Growing(rules, GIN_PLAYERS)
    while len(match.events) < 40 and not match.state.finished:
        match.add(data.draw(gin_hands(rules)))
        _fits(match.full_state())
    assert match.state.pot.total <= max_pot(rules)


@st.composite
def extreme_burraco_rules(draw: st.DrawFn) -> BurracoRules:
    """A Burraco preset with its bonuses, penalty and target anywhere in range (in steps of 5,
    as the rules want them), the extremes often; free play or a turno."""
    preset = draw(st.sampled_from(BURRACO_PRESETS))
    overrides: dict[str, Any] = {}
    for info in rules_for(preset).options():
        if info.kind in (INT, OPTIONAL_INT) and info.name not in ("players", "hands_per_turno"):
            assert info.minimum is not None and isinstance(info.maximum, int)
            low, high = -(-info.minimum // 5), info.maximum // 5
            fives = st.sampled_from([low, high]) | st.integers(low, high)
            value = draw(fives.map(lambda five: five * 5))
            overrides[info.name] = (
                None if info.kind == OPTIONAL_INT and draw(st.booleans()) else value
            )
    if overrides.get("target") is None:
        overrides["target"] = None
        overrides["hands_per_turno"] = draw(st.integers(2, 4))
    rules = rules_for(preset, overrides)
    assert isinstance(rules, BurracoRules)
    return rules


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_accepted_burraco_rules_make_totals_the_database_holds(data):
    rules = data.draw(extreme_burraco_rules())
    players = BURRACO_PLAYERS[: rules.players]
    match = Growing(rules, players)
    while len(match.events) < 40 and not match.state.finished:
        match.add(data.draw(burraco_hand(rules)))
        state = match.full_state()
        _fits(state)
        _fits_lines(state)


def _fits_lines(state) -> None:
    low, high = INT32
    answer = state.to_dict()
    assert all(low <= number <= high for number in _ints(answer["lines"]))


NUMBER_OPTIONS = sorted(
    {
        (preset, info.name)
        for preset in PRESETS
        for info in rules_for(preset).options()
        if info.kind in (INT, OPTIONAL_INT, MONEY)
    }
)


@pytest.mark.parametrize(("preset", "option"), NUMBER_OPTIONS)
@settings(max_examples=examples(25), deadline=None)
@given(value=HUGE)
def test_a_number_out_of_range_is_refused_naming_the_option(preset, option, value):
    with pytest.raises(RuleSetError) as refused:
        rules_for(preset, {option: value})
    assert refused.value.field == option


ANY_AMOUNT = st.one_of(
    st.decimals(allow_nan=True, allow_infinity=True),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(),
    st.text(max_size=40),
    st.sampled_from(["1e30", "1e308", "-1e308", "NaN", "Infinity", "-0", "1E+999999", "0.001"]),
)


@pytest.mark.parametrize("option", ["stake", "reentry_fee"])
@settings(max_examples=examples(200), deadline=None)
@given(value=ANY_AMOUNT)
def test_an_amount_is_refused_as_a_rule_set_error_or_accepted_within_bounds(option, value):
    try:
        rules = rules_for("scala40", {option: value})
    except RuleSetError as error:
        assert error.field == option
    else:
        amount = getattr(rules, option)
        assert Decimal(0) <= amount <= MONEY_MAX
        assert amount == amount.quantize(Decimal("0.01"))
        assert rules.to_dict()[option] == f"{amount:.2f}"
