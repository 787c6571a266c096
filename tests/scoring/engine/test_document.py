"""The match document of DESIGN.md: parsing, refusals, dump/parse round trip, replay answer."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    EngineError,
    GinHand,
    GinRules,
    Hand,
    RaminoRules,
    Reentry,
    RuleSetError,
    Scala40Rules,
    TimeCall,
    Withdraw,
    preset_names,
    rules_for,
)
from scoring.engine.document import (
    RAMINO_CLOSINGS,
    MatchDocument,
    dump_document,
    parse_document,
    replay_document,
)
from tests.properties import examples

DESIGN_EXAMPLE = """
{
  "game": "scala40",
  "preset": "scala40-club",
  "rules": {"elimination_at": 151, "reentry_extra_points": 0},
  "players": ["Anna", "Bruno", "Carla", "Dario"],
  "events": [
    {"type": "hand", "closer": "Anna", "points": {"Bruno": 35, "Carla": 12},
     "not_opened": ["Dario"]},
    {"type": "hand", "closer": "Carla", "in_hand": true,
     "points": {"Anna": 20, "Bruno": 9, "Dario": 44}},
    {"type": "reentry", "player": "Dario"},
    {"type": "withdraw", "player": "Bruno"},
    {"type": "time_call"}
  ]
}
"""


def design_example() -> dict[str, Any]:
    return json.loads(DESIGN_EXAMPLE)


def ramino_document() -> dict[str, Any]:
    return {
        "game": "ramino",
        "players": ["P", "Q", "R", "S"],
        "events": [
            {
                "type": "hand",
                "closer": "Q",
                "closing": "colore",
                "points": {"P": 44, "R": 60, "S": 70},
            }
        ],
    }


def gin_document() -> dict[str, Any]:
    return {
        "preset": "gin-oklahoma",
        "players": ["One", "Two"],
        "events": [
            {
                "type": "hand",
                "result": "knock",
                "knocker": "One",
                "deadwood": {"One": 4, "Two": 22},
                "upcard": "6s",
            },
            {"type": "hand", "result": "dead", "upcard": "Kd"},
        ],
    }


def refusal(data: Any) -> EngineError:
    with pytest.raises(EngineError) as caught:
        parse_document(data)
    return caught.value


# --- the documents that parse -------------------------------------------------------------------


def test_design_example_parses_into_the_events_it_describes():
    doc = parse_document(design_example())
    assert doc.game == "scala40"
    assert doc.preset == "scala40-club"
    assert doc.players == ("Anna", "Bruno", "Carla", "Dario")
    assert doc.first_dealer is None
    assert doc.events == (
        Hand(closer="Anna", points={"Bruno": 35, "Carla": 12}, not_opened=frozenset({"Dario"})),
        Hand(closer="Carla", in_hand=True, points={"Anna": 20, "Bruno": 9, "Dario": 44}),
        Reentry("Dario"),
        Withdraw("Bruno"),
        TimeCall(),
    )


def test_design_example_rules_are_the_club_preset_with_elimination_at_151():
    rules = parse_document(design_example()).rules
    assert rules == rules_for("scala40-club", {"elimination_at": 151})
    assert isinstance(rules, Scala40Rules)
    assert rules.elimination_at == 151
    assert rules.not_opened_penalty == 100
    assert rules.reentry_allowed is True


def test_preset_defaults_to_the_games_default_preset():
    doc = parse_document({"game": "gin", "players": ["A", "B"]})
    assert doc.preset == "gin-standard"
    assert doc.rules == rules_for("gin-standard")
    assert doc.events == ()


def test_game_defaults_to_the_presets_game():
    doc = parse_document({"preset": "gin-classic", "players": ["A", "B"]})
    assert doc.game == "gin"
    assert doc.rules.big_gin_bonus is None


def test_null_optional_keys_mean_their_defaults():
    doc = parse_document(
        {"game": "scala40", "preset": None, "rules": None, "players": ["A", "B"],
         "first_dealer": None, "events": None}
    )  # fmt: skip
    assert doc == MatchDocument("scala40", "scala40", rules_for("scala40"), ("A", "B"), ())


def test_first_dealer_is_kept():
    doc = parse_document({"game": "scala40", "players": ["A", "B", "C"], "first_dealer": "C"})
    assert doc.first_dealer == "C"


def test_ramino_hand_keeps_its_closing_and_defaults_to_normal():
    data = ramino_document()
    data["events"].append({"type": "hand", "closer": "P", "points": {"Q": 3, "R": 4, "S": 5}})
    doc = parse_document(data)
    assert isinstance(doc.rules, RaminoRules)
    assert [event.closing for event in doc.events] == ["colore", "normal"]


def test_gin_hands_parse_with_normalised_upcard():
    data = gin_document()
    data["events"][0]["upcard"] = "6S"
    doc = parse_document(data)
    assert isinstance(doc.rules, GinRules)
    assert doc.rules.variant == "oklahoma"
    assert doc.events == (
        GinHand(result="knock", knocker="One", deadwood={"One": 4, "Two": 22}, upcard="6s"),
        GinHand(result="dead", upcard="Kd"),
    )


def test_money_options_accept_numbers_and_strings():
    data = design_example()
    data["rules"] = {"stake": 5, "reentry_fee": "2.50"}
    rules = parse_document(data).rules
    assert rules.stake == Decimal("5.00")
    assert rules.reentry_fee == Decimal("2.50")


# --- points given as cards (extension) ----------------------------------------------------------


def test_scala40_cards_are_counted_into_points_worked_example_s1():
    doc = parse_document(
        {
            "game": "scala40",
            "players": ["B", "C", "D"],
            "events": [{"type": "hand", "closer": "C", "cards": {"B": "8h Kd", "D": "Ah, JK"}}],
        }
    )
    assert doc.events[0].points == {"B": 18, "D": 36}


def test_cards_and_points_mix_for_different_players():
    doc = parse_document(
        {
            "game": "ramino",
            "players": ["P", "Q", "R"],
            "events": [
                {"type": "hand", "closer": "Q", "points": {"P": 7}, "cards": {"R": "Ah JK"}}
            ],
        }
    )
    assert doc.events[0].points == {"P": 7, "R": 12}


def test_cards_may_be_a_list_of_card_texts():
    doc = parse_document(
        {
            "game": "scala40",
            "players": ["B", "C"],
            "events": [{"type": "hand", "closer": "C", "cards": {"B": ["8h", "Kd"]}}],
        }
    )
    assert doc.events[0].points == {"B": 18}


def test_scala40_cards_honour_ace_alone_is_one():
    data = {
        "game": "scala40",
        "players": ["B", "C"],
        "events": [{"type": "hand", "closer": "C", "cards": {"B": "As"}}],
    }
    assert parse_document(data).events[0].points == {"B": 11}
    data["rules"] = {"ace_alone_is_one": True}
    assert parse_document(data).events[0].points == {"B": 1}


def test_gin_cards_are_counted_into_deadwood():
    data = {
        "game": "gin",
        "players": ["A", "B"],
        "events": [
            {
                "type": "hand",
                "result": "knock",
                "knocker": "A",
                "cards": {"A": "Ah 3c", "B": "Kd 9s"},
            }
        ],
    }
    assert parse_document(data).events[0].deadwood == {"A": 4, "B": 19}


def test_dump_writes_points_counted_from_cards():
    data = {
        "game": "scala40",
        "players": ["B", "C"],
        "events": [{"type": "hand", "closer": "C", "cards": {"B": "8h Kd"}}],
    }
    dumped = dump_document(parse_document(data))
    assert dumped["events"] == [{"type": "hand", "closer": "C", "points": {"B": 18}}]


# --- refusals: the document itself -------------------------------------------------------------


def with_changes(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    for key, value in changes.items():
        if value is DELETE:
            del data[key]
        else:
            data[key] = value
    return data


DELETE = object()

TOP_LEVEL_REFUSALS = [
    ("not an object", ["game", "scala40"], None, "A match document must be a JSON object."),
    ("unknown top-level key", {"version": 2}, "version", "Unknown key version in the match"),
    ("unknown game", {"game": "poker", "preset": DELETE}, "game", "Unknown game poker"),
    ("game not text", {"game": 40, "preset": DELETE}, "game", "Unknown game 40"),
    ("neither game nor preset", {"game": DELETE, "preset": DELETE}, "game", "Say which game"),
    ("unknown preset", {"preset": "scala99"}, "preset", "Unknown preset scala99"),
    ("preset not text", {"preset": ["scala40"]}, "preset", "preset must be the name"),
    ("game and preset disagree", {"preset": "gin-standard"}, "preset",
     "The preset gin-standard is for gin, not for scala40."),
    ("rules not an object", {"rules": [151]}, "rules", "rules must be an object"),
    ("unknown option", {"rules": {"knock_limit": 5}}, "rules.knock_limit",
     "Unknown option for scala40: knock_limit."),
    ("option of the wrong type", {"rules": {"elimination_at": "151"}}, "rules.elimination_at",
     "elimination_at must be a whole number."),
    ("option out of range", {"rules": {"elimination_at": 0}}, "rules.elimination_at",
     "elimination_at must be at least 1."),
    ("option not a choice", {"rules": {"elimination_rule": "=>"}}, "rules.elimination_rule",
     "elimination_rule must be one of: >=, >."),
    ("players missing", {"players": DELETE}, "players", "players must be the list"),
    ("players not a list", {"players": "Anna, Bruno"}, "players", "players must be the list"),
    ("too few players", {"players": ["Anna"]}, "players", "Scala 40 is played by 2 to 6 players."),
    ("too many players", {"players": list("ABCDEFG")}, "players", "Scala 40 is played by 2 to 6"),
    # one name at fault is named by its place in the list (from 0, as events are)
    ("player without a name", {"players": ["Anna", " "]}, "players.1", "Every player needs a"),
    ("player not text", {"players": ["Anna", 7]}, "players.1", "Every player needs a name."),
    ("same name twice", {"players": ["Anna", "Bruno", "Anna"]}, "players.2",
     "Anna is already listed as player 1."),
    ("first dealer not a player", {"first_dealer": "Zoe"}, "first_dealer",
     "The first dealer Zoe is not a player of this match."),
    ("first dealer not text", {"first_dealer": 1}, "first_dealer", "first_dealer must be"),
    ("events not a list", {"events": {"type": "time_call"}}, "events", "events must be a list"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in TOP_LEVEL_REFUSALS],
)
def test_document_problem_is_refused_naming_its_field(change, field, message):
    data = with_changes(design_example(), **change) if isinstance(change, dict) else change
    error = refusal(data)
    assert error.event is None
    assert error.field == field
    assert error.message.startswith(message)


def test_gin_document_with_three_players_is_refused():
    error = refusal({"game": "gin", "players": ["A", "B", "C"]})
    assert (error.event, error.field) == (None, "players")
    assert error.message == "Gin Rummy is played by exactly 2 players."


def test_hollywood_a_mano_is_refused_naming_the_option():
    error = refusal(
        {"preset": "gin-hollywood", "rules": {"match_mode": "hands"}, "players": ["A", "B"]}
    )
    assert isinstance(error, RuleSetError)
    assert error.field == "rules.match_mode"


# --- refusals: one event ------------------------------------------------------------------------


def scala_with_event(event: Any, position: int = 1) -> dict[str, Any]:
    data = design_example()
    data["events"].insert(position, event)
    return data


SCALA_EVENT_REFUSALS = [
    ("event not an object", "time_call", None, "An event must be an object"),
    ("no type", {"closer": "Anna"}, "type", "The event has no type"),
    ("unknown type", {"type": "deal"}, "type", "Unknown event type deal"),
    ("unknown key", {"type": "hand", "closer": "Anna", "pionts": {"Bruno": 1}}, "pionts",
     "Unknown key pionts in this event"),
    ("missing closer", {"type": "hand", "points": {"Bruno": 1}}, "closer",
     "The event needs closer"),
    ("closer not a player", {"type": "hand", "closer": "Zoe"}, "closer",
     "Zoe is not a player of this match."),
    ("closer not text", {"type": "hand", "closer": 3}, "closer", "closer must name players"),
    ("points not an object", {"type": "hand", "closer": "Anna", "points": [35, 12]}, "points",
     "points must be an object of players and whole numbers"),
    ("negative points", {"type": "hand", "closer": "Anna", "points": {"Bruno": -5}}, "points",
     "The points of Bruno must be 0 or more."),
    ("points as text", {"type": "hand", "closer": "Anna", "points": {"Bruno": "35"}}, "points",
     "The points of Bruno must be a whole number."),
    ("points as a fraction", {"type": "hand", "closer": "Anna", "points": {"Bruno": 3.5}},
     "points", "The points of Bruno must be a whole number."),
    ("points as a boolean", {"type": "hand", "closer": "Anna", "points": {"Bruno": True}},
     "points", "The points of Bruno must be a whole number."),
    ("points of a stranger", {"type": "hand", "closer": "Anna", "points": {"Zoe": 5}}, "points",
     "Zoe is not a player of this match."),
    ("in_hand not a boolean", {"type": "hand", "closer": "Anna", "in_hand": "yes"}, "in_hand",
     "in_hand must be true or false."),
    ("not_opened not a list", {"type": "hand", "closer": "Anna", "not_opened": "Dario"},
     "not_opened", "not_opened must be a list of players."),
    ("not_opened names a stranger", {"type": "hand", "closer": "Anna", "not_opened": ["Zoe"]},
     "not_opened", "Zoe is not a player of this match."),
    ("not_opened names twice", {"type": "hand", "closer": "Anna", "not_opened": ["Dario", "Dario"]},
     "not_opened", "not_opened names a player twice."),
    ("closing in scala40", {"type": "hand", "closer": "Anna", "closing": "colore"}, "closing",
     "Unknown key closing in this event"),
    ("gin result in scala40", {"type": "hand", "result": "gin", "closer": "Anna"}, "result",
     "Unknown key result in this event"),
    ("cards not an object", {"type": "hand", "closer": "Anna", "cards": "8h Kd"}, "cards",
     "cards must be an object of players and their cards"),
    ("cards not text", {"type": "hand", "closer": "Anna", "cards": {"Bruno": 18}}, "cards",
     "Write the cards as text"),
    ("unknown card", {"type": "hand", "closer": "Anna", "cards": {"Bruno": "8h Kx"}}, "cards",
     "Kx is not a card"),
    ("cards of a stranger", {"type": "hand", "closer": "Anna", "cards": {"Zoe": "8h"}}, "cards",
     "Zoe is not a player of this match."),
    ("points and cards for one player",
     {"type": "hand", "closer": "Anna", "points": {"Bruno": 18}, "cards": {"Bruno": "8h Kd"}},
     "cards", "Bruno has both points and cards; give only one of them."),
    ("reentry without player", {"type": "reentry"}, "player", "The event needs player"),
    ("reentry of a stranger", {"type": "reentry", "player": "Zoe"}, "player",
     "Zoe is not a player of this match."),
    ("withdraw without player", {"type": "withdraw"}, "player", "The event needs player"),
    ("withdraw with extra key", {"type": "withdraw", "player": "Anna", "why": "late"}, "why",
     "Unknown key why in this event"),
    ("time call with extra key", {"type": "time_call", "player": "Anna"}, "player",
     "Unknown key player in this event"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in SCALA_EVENT_REFUSALS],
)
def test_scala40_event_problem_is_refused_naming_event_and_field(event, field, message):
    error = refusal(scala_with_event(event, position=1))
    assert error.event == 1
    assert error.field == field
    assert error.message.startswith(message)


def test_event_index_counts_from_zero_in_the_events_list():
    for position in (0, 3, 5):
        error = refusal(scala_with_event({"type": "deal"}, position=position))
        assert error.event == position
    assert refusal(scala_with_event({"type": "deal"}, position=0)).as_dict() == {
        "event": 0,
        "field": "type",
        "message": "Unknown event type deal; the types are: hand, reentry, withdraw, time_call.",
    }


def test_first_bad_event_is_the_one_reported():
    data = scala_with_event({"type": "withdraw"}, position=1)
    data["events"].insert(3, {"type": "deal"})
    assert refusal(data).event == 1


def test_ramino_unknown_closing_is_refused():
    data = ramino_document()
    data["events"][0]["closing"] = "colour"
    error = refusal(data)
    assert (error.event, error.field) == (0, "closing")
    assert error.message == (
        "Unknown closing colour; the closings are: "
        "normal, colore, figura, two_cards, scala_reale, pockerissimo."
    )


def test_ramino_joker_card_counts_11():
    data = ramino_document()
    data["events"][0] = {"type": "hand", "closer": "Q", "cards": {"P": "JK"}}
    assert parse_document(data).events[0].points == {"P": 11}


def gin_with_event(event: Any) -> dict[str, Any]:
    data = gin_document()
    data["events"].append(event)
    return data


GIN_EVENT_REFUSALS = [
    ("bad result", {"type": "hand", "result": "knocked", "knocker": "One"}, "result",
     "Unknown result knocked; the results are: knock, gin, big_gin, dead."),
    ("missing result", {"type": "hand", "knocker": "One", "deadwood": {"One": 0}}, "result",
     "A Gin hand needs its result: knock, gin, big_gin, dead."),
    ("missing knocker", {"type": "hand", "result": "gin", "deadwood": {"One": 0, "Two": 9}},
     "knocker", "The event needs knocker"),
    ("knocker not a player", {"type": "hand", "result": "gin", "knocker": "Three",
                              "deadwood": {"One": 0}}, "knocker", "Three is not a player"),
    ("missing deadwood", {"type": "hand", "result": "knock", "knocker": "One"}, "deadwood",
     "A knock needs the deadwood of both players."),
    ("deadwood not an object", {"type": "hand", "result": "knock", "knocker": "One",
                                "deadwood": [3, 9]}, "deadwood", "deadwood must be an object"),
    ("deadwood negative", {"type": "hand", "result": "knock", "knocker": "One",
                           "deadwood": {"One": 3, "Two": -9}}, "deadwood",
     "The deadwood of Two must be 0 or more."),
    ("deadwood as text", {"type": "hand", "result": "knock", "knocker": "One",
                          "deadwood": {"One": "3", "Two": 9}}, "deadwood",
     "The deadwood of One must be a whole number."),
    ("scala key in gin", {"type": "hand", "result": "gin", "knocker": "One", "closer": "One",
                          "deadwood": {"One": 0, "Two": 9}}, "closer", "Unknown key closer"),
    ("dead hand with knocker", {"type": "hand", "result": "dead", "knocker": "One"}, "knocker",
     "A dead hand scores nothing: remove knocker."),
    ("dead hand with deadwood", {"type": "hand", "result": "dead", "deadwood": {"One": 3}},
     "deadwood", "A dead hand scores nothing: remove deadwood."),
    ("dead hand with unknown key", {"type": "hand", "result": "dead", "note": "x"}, "note",
     "Unknown key note in this event"),
    ("bad upcard", {"type": "hand", "result": "dead", "upcard": "6x"}, "upcard",
     "6x is not a card"),
    ("upcard not text", {"type": "hand", "result": "dead", "upcard": 6}, "upcard",
     "Write a card"),
    ("joker upcard", {"type": "hand", "result": "dead", "upcard": "JK"}, "upcard",
     "There are no jokers in Gin Rummy."),
    ("joker in deadwood cards", {"type": "hand", "result": "knock", "knocker": "One",
                                 "cards": {"One": "JK", "Two": "9s"}}, "cards",
     "There are no jokers in Gin Rummy."),
    ("deadwood and cards for one player", {"type": "hand", "result": "knock", "knocker": "One",
                                           "deadwood": {"One": 3}, "cards": {"One": "3s"}},
     "cards", "One has both deadwood and cards; give only one of them."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in GIN_EVENT_REFUSALS],
)
def test_gin_event_problem_is_refused_naming_event_and_field(event, field, message):
    error = refusal(gin_with_event(event))
    assert error.event == 2
    assert error.field == field
    assert error.message.startswith(message)


def test_refusal_messages_are_translatable_templates_with_params():
    error = refusal(scala_with_event({"type": "hand", "closer": "Anna", "points": {"Bruno": -1}}))
    assert error.message_template == "The %(key)s of %(player)s must be 0 or more."
    assert error.params == {"key": "points", "player": "Bruno"}


# --- dump ---------------------------------------------------------------------------------------


def test_dump_of_the_design_example_is_minimal_and_stable():
    assert dump_document(parse_document(design_example())) == {
        "game": "scala40",
        "preset": "scala40-club",
        "rules": {"elimination_at": 151},
        "players": ["Anna", "Bruno", "Carla", "Dario"],
        "events": [
            {
                "type": "hand",
                "closer": "Anna",
                "points": {"Bruno": 35, "Carla": 12},
                "not_opened": ["Dario"],
            },
            {
                "type": "hand",
                "closer": "Carla",
                "points": {"Anna": 20, "Bruno": 9, "Dario": 44},
                "in_hand": True,
            },
            {"type": "reentry", "player": "Dario"},
            {"type": "withdraw", "player": "Bruno"},
            {"type": "time_call"},
        ],
    }


def test_dump_writes_not_opened_in_seat_order():
    data = design_example()
    data["events"][0]["not_opened"] = ["Dario", "Bruno"]
    data["events"][0]["points"] = {"Carla": 12}
    dumped = dump_document(parse_document(data))
    assert dumped["events"][0]["not_opened"] == ["Bruno", "Dario"]


def test_dump_writes_money_options_as_strings_and_reads_them_back():
    data = design_example()
    data["rules"] = {"stake": 5}
    doc = parse_document(data)
    dumped = dump_document(doc)
    assert dumped["rules"] == {"stake": "5.00"}
    assert parse_document(dumped) == doc


def test_dump_writes_no_rules_when_the_preset_is_unchanged():
    doc = parse_document({"game": "ramino", "players": ["P", "Q"]})
    assert dump_document(doc)["rules"] == {}


def test_dump_of_gin_hands_and_first_dealer():
    data = gin_document()
    data["first_dealer"] = "Two"
    dumped = dump_document(parse_document(data))
    assert dumped["first_dealer"] == "Two"
    assert dumped["events"] == data["events"]


def test_dump_writes_ramino_closing_always():
    dumped = dump_document(parse_document({**ramino_document()}))
    assert dumped["events"][0]["closing"] == "colore"
    data = ramino_document()
    del data["events"][0]["closing"]
    assert dump_document(parse_document(data))["events"][0]["closing"] == "normal"


@pytest.mark.parametrize("factory", [design_example, ramino_document, gin_document])
def test_dump_then_parse_gives_the_same_document(factory):
    doc = parse_document(factory())
    assert parse_document(json.loads(json.dumps(dump_document(doc)))) == doc


# --- round trip over generated documents --------------------------------------------------------

# Names of players: no control or format characters (scoring.engine.names refuses them).
NAMES = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cf", "Cs")),
    min_size=1,
    max_size=8,
).filter(lambda name: name.strip() != "")
MONEY = st.decimals(min_value=0, max_value=1000, places=2).map(
    lambda d: d.quantize(Decimal("0.01"))
)

PENALTY_OPTIONS = {
    "elimination_at": st.sampled_from([101, 151, 201, 301, 501]),
    "elimination_rule": st.sampled_from([">=", ">"]),
    "in_hand_scoring": st.sampled_from(["double", "bonus", "none"]),
    "in_hand_bonus": st.integers(0, 50),
    "not_opened_penalty": st.none() | st.integers(0, 200),
    "allow_negative": st.booleans(),
    "reentry_allowed": st.booleans(),
    "reentry_max": st.integers(1, 3),
    "reentry_extra_points": st.integers(0, 10),
    "stake": MONEY,
    "reentry_fee": MONEY,
    "ace_alone_is_one": st.booleans(),
}
GIN_OPTIONS = {
    "knock_limit": st.integers(1, 10),
    "gin_bonus": st.integers(0, 50),
    "big_gin_bonus": st.none() | st.integers(0, 50),
    "undercut_on_tie": st.booleans(),
    "box_timing": st.sampled_from(["immediate", "end"]),
    "shutout": st.sampled_from(["none", "double", "game_bonus"]),
    "target": st.integers(50, 500),
    "stake": MONEY,
}


@st.composite
def penalty_event(draw, game: str, players: list[str]):
    kind = draw(st.sampled_from(["hand", "hand", "hand", "reentry", "withdraw", "time_call"]))
    if kind == "time_call":
        return TimeCall()
    if kind in ("reentry", "withdraw"):
        player = draw(st.sampled_from(players))
        return Reentry(player) if kind == "reentry" else Withdraw(player)
    others = st.lists(st.sampled_from(players), unique=True)
    return Hand(
        closer=draw(st.sampled_from(players)),
        points=draw(st.dictionaries(st.sampled_from(players), st.integers(0, 250))),
        in_hand=draw(st.booleans()),
        not_opened=frozenset(draw(others)),
        closing=draw(st.sampled_from(RAMINO_CLOSINGS)) if game == "ramino" else "normal",
    )


@st.composite
def gin_event(draw, players: list[str]):
    upcard = draw(st.none() | st.sampled_from(["As", "2h", "10d", "Kc", "7s", "Qh"]))
    result = draw(st.sampled_from(["knock", "gin", "big_gin", "dead", "time_call", "withdraw"]))
    if result == "time_call":
        return TimeCall()
    if result == "withdraw":
        return Withdraw(draw(st.sampled_from(players)))
    if result == "dead":
        return GinHand(result="dead", upcard=upcard)
    return GinHand(
        result=result,
        knocker=draw(st.sampled_from(players)),
        deadwood=draw(st.dictionaries(st.sampled_from(players), st.integers(0, 120))),
        upcard=upcard,
    )


@st.composite
def documents(draw):
    game = draw(st.sampled_from(["scala40", "ramino", "gin"]))
    preset = draw(st.sampled_from(preset_names(game)))
    options = PENALTY_OPTIONS if game != "gin" else GIN_OPTIONS
    chosen = draw(st.lists(st.sampled_from(sorted(options)), unique=True, max_size=4))
    overrides = {name: draw(options[name]) for name in chosen}
    rules = rules_for(preset, overrides)
    count = 2 if game == "gin" else draw(st.integers(2, 6))
    players = draw(st.lists(NAMES, min_size=count, max_size=count, unique=True))
    event = gin_event(players) if game == "gin" else penalty_event(game, players)
    events = draw(st.lists(event, max_size=12))
    first_dealer = draw(st.none() | st.sampled_from(players))
    return MatchDocument(game, preset, rules, tuple(players), tuple(events), first_dealer)


@settings(max_examples=examples(300), deadline=None)
@given(documents())
def test_parse_of_dump_gives_back_any_document(doc):
    dumped = dump_document(doc)
    assert parse_document(dumped) == doc
    assert parse_document(json.loads(json.dumps(dumped))) == doc


@settings(max_examples=examples(100), deadline=None)
@given(documents())
def test_dump_is_stable(doc):
    dumped = dump_document(doc)
    assert dump_document(parse_document(dumped)) == dumped
    assert set(dumped["rules"]) <= set(doc.rules.to_dict())


# --- replay answer ------------------------------------------------------------------------------


def test_replay_document_of_the_design_example_answers_the_design_shape():
    answer = replay_document(design_example())
    assert {"finished", "winner", "ended_by", "players", "history", "pot"} <= set(answer)
    assert answer["finished"] is True
    assert answer["winner"] == "Carla"
    assert answer["ended_by"] == "time"
    players = {player["name"]: player for player in answer["players"]}
    for player in answer["players"]:
        assert {"name", "total", "status", "reentries", "place"} <= set(player)
    assert (players["Anna"]["total"], players["Anna"]["reentries"]) == (40, 0)
    assert players["Anna"]["place"] == 2
    assert (players["Dario"]["total"], players["Dario"]["reentries"]) == (53, 1)
    assert players["Dario"]["status"] == "in_play"
    assert players["Dario"]["place"] == 3
    assert players["Bruno"]["status"] == "withdrawn"
    assert players["Bruno"]["place"] == 4
    assert players["Carla"]["place"] == 1
    assert answer["history"][0]["event"] == 0
    assert answer["history"][0]["totals"] == {"Anna": 0, "Bruno": 35, "Carla": 12, "Dario": 100}
    assert len(answer["history"]) == 5
    assert answer["pot"] == {"total": "0.00", "entries": []}
    json.dumps(answer)  # the answer is JSON-ready


def test_replay_document_counts_cards_worked_example_s1():
    answer = replay_document(
        {
            "game": "scala40",
            "players": ["B", "C", "D"],
            "events": [{"type": "hand", "closer": "C", "cards": {"B": "8h Kd", "D": "Ah JK"}}],
        }
    )
    assert answer["history"][-1]["totals"] == {"B": 18, "C": 0, "D": 36}
    assert answer["finished"] is False


def test_replay_document_of_a_gin_game_answers_games_and_hands_won():
    # RULES.md G4 (gin-standard): One wins two hands worth 50 each, Two never scores -> 500.
    gin_25 = {"type": "hand", "result": "gin", "knocker": "One", "deadwood": {"One": 0, "Two": 25}}
    answer = replay_document({"game": "gin", "players": ["One", "Two"], "events": [gin_25] * 2})
    assert answer["finished"] is True
    assert answer["winner"] == "One"
    assert answer["ended_by"] == "target"
    players = {player["name"]: player for player in answer["players"]}
    assert players["One"]["hands_won"] == 2
    assert players["Two"]["hands_won"] == 0
    [game] = answer["games"]
    assert game["final_scores"] == {"One": 500, "Two": 0}
    assert game["winner"] == "One"
    assert game["net"] == 500


def test_replay_document_refusal_of_the_rules_names_the_event():
    data = design_example()
    data["events"][1]["points"]["Bruno"] = 201
    with pytest.raises(EngineError) as caught:
        replay_document(data)
    assert caught.value.event == 1
    assert caught.value.field == "points"


def test_replay_document_refuses_an_event_after_the_end():
    data = design_example()
    data["events"].append({"type": "time_call"})
    with pytest.raises(EngineError) as caught:
        replay_document(data)
    assert caught.value.event == 5


def test_replay_document_takes_a_parsed_document_too():
    doc = parse_document(design_example())
    assert replay_document(doc) == replay_document(design_example())


def test_replay_document_refuses_a_bad_document_before_replaying():
    with pytest.raises(EngineError) as caught:
        replay_document({"game": "scala40", "players": ["A"]})
    assert caught.value.as_dict()["field"] == "players"
