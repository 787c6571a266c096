"""The card-counting helper (RULES.md section 5)."""

from __future__ import annotations

import pytest

from scoring.engine.cards import (
    RANKS,
    SUITS,
    Card,
    card_value,
    count_points,
    parse_card,
    parse_cards,
)
from scoring.engine.errors import EngineError

# --- parsing ------------------------------------------------------------------------------------


def test_parse_card_reads_rank_and_suit_case_insensitively():
    assert parse_card("As") == Card("A", "s")
    assert parse_card("kD") == Card("K", "d")
    assert parse_card("7H") == Card("7", "h")
    assert parse_card(" qc ") == Card("Q", "c")


def test_parse_card_reads_ten_as_10_or_t():
    assert parse_card("10h") == Card("10", "h")
    assert parse_card("Th") == Card("10", "h")


def test_a_space_inside_a_card_splits_it_into_two_bad_cards():
    with pytest.raises(EngineError) as caught:
        parse_cards("8h K d")
    assert caught.value.params == {"card": "K"}


def test_parse_card_reads_jk_as_a_joker_without_suit():
    joker = parse_card("jk")
    assert joker == Card("JK")
    assert joker.is_joker
    assert joker.suit is None


def test_card_str_is_the_canonical_spelling():
    assert [str(parse_card(text)) for text in ("as", "10H", "td", "Jk", "kC")] == [
        "As",
        "10h",
        "10d",
        "JK",
        "Kc",
    ]


def test_parse_cards_splits_on_spaces_and_commas():
    assert parse_cards("As Kd, JK,7c   10h") == [
        Card("A", "s"),
        Card("K", "d"),
        Card("JK"),
        Card("7", "c"),
        Card("10", "h"),
    ]


def test_parse_cards_of_empty_text_is_no_cards():
    assert parse_cards("") == []
    assert parse_cards("  , ") == []


def test_a_gins_card_that_is_not_a_card_is_refused_without_suggesting_a_joker():
    """Gin has no jokers: its refusal of a wrong card (or of an empty upcard) names no JK;
    Scala 40's still does."""
    with pytest.raises(EngineError) as gin:
        count_points("gin", "8h Zz")
    assert (
        gin.value.message
        == "Zz is not a card: write the rank (A, 2-10, J, Q, K) and the suit (s, h, d, c), "
        "e.g. 7h or 10s."
    )
    with pytest.raises(EngineError) as scala:
        count_points("scala40", "8h Zz")
    assert scala.value.message.endswith("e.g. 7h or 10s, or JK for a joker.")
    with pytest.raises(EngineError) as empty:
        parse_card(" ", field="upcard", jokers=False)
    assert empty.value.message == "Write a card, e.g. 7h or 10s."


@pytest.mark.parametrize("text", ["Xs", "1h", "11c", "Ax", "A", "10", "JKh", "Kdd", "ace", "🂡"])
def test_parse_card_refuses_an_unknown_card_naming_it(text):
    with pytest.raises(EngineError) as caught:
        parse_card(text)
    assert caught.value.field == "cards"
    assert caught.value.params == {"card": text}
    assert caught.value.message.startswith(f"{text} is not a card")
    assert "%(card)s" in caught.value.message_template


def test_parse_cards_refuses_the_first_unknown_card_among_good_ones():
    with pytest.raises(EngineError) as caught:
        parse_cards("8h Kd 9x 7c")
    assert caught.value.params == {"card": "9x"}
    assert caught.value.field == "cards"


def test_parse_card_refuses_empty_text_and_non_text():
    for value in ("", "   ", None, 7):
        with pytest.raises(EngineError) as caught:
            parse_card(value)
        assert caught.value.field == "cards"
        assert caught.value.message == "Write a card, e.g. 7h, 10s or JK."


def test_parse_cards_refuses_non_text():
    with pytest.raises(EngineError) as caught:
        parse_cards(18)
    assert caught.value.message == "Write the cards as text, e.g. 8h Kd JK."


def test_parse_card_names_the_field_the_caller_gives():
    with pytest.raises(EngineError) as caught:
        parse_card("Zz", field="upcard")
    assert caught.value.field == "upcard"


# --- Scala 40 -----------------------------------------------------------------------------------


def test_scala40_worked_example_s1_counts_18_and_36():
    assert count_points("scala40", "8h Kd") == 18
    assert count_points("scala40", "Ah JK") == 36


def test_scala40_values_ace_11_joker_25_faces_10_numbers_face_value():
    assert count_points("scala40", "As Ah") == 22
    assert count_points("scala40", "JK") == 25
    assert count_points("scala40", "Js Qh Kd") == 30
    assert count_points("scala40", "2c 3c 4c 5c 6c 7c 8c 9c 10c") == 54


def test_scala40_ace_alone_counts_11_unless_the_option_is_on():
    assert count_points("scala40", "Ac") == 11
    assert count_points("scala40", "Ac", ace_alone_is_one=True) == 1


def test_scala40_ace_alone_rule_applies_only_to_a_single_card():
    assert count_points("scala40", "Ac 2c", ace_alone_is_one=True) == 13
    assert count_points("scala40", "Ac Ad", ace_alone_is_one=True) == 22
    assert count_points("scala40", "Kc", ace_alone_is_one=True) == 10


def test_scala40_biggest_hand_of_rules_md_counts_198():
    # 13 cards: 4 jokers, 8 aces and a king (RULES.md section 0)
    hand = "JK JK JK JK As As Ah Ah Ad Ad Ac Ac Kd"
    assert count_points("scala40", hand) == 198


def test_scala40_refuses_a_card_written_three_times():
    with pytest.raises(EngineError) as caught:
        count_points("scala40", "7h 7h 7h")
    assert caught.value.field == "cards"
    assert caught.value.message == "7h is written 3 times; there are only 2 in the decks."


def test_scala40_refuses_a_fifth_joker():
    with pytest.raises(EngineError) as caught:
        count_points("scala40", "JK JK JK JK JK")
    assert caught.value.message == "A hand holds at most 4 jokers."


def test_count_points_of_an_empty_hand_is_0_in_every_game():
    for game in ("scala40", "ramino", "gin"):
        assert count_points(game, "") == 0
        assert count_points(game, []) == 0


def test_count_points_accepts_cards_or_card_texts():
    assert count_points("scala40", [Card("8", "h"), Card("K", "d")]) == 18
    assert count_points("scala40", ["8h", "kd"]) == 18


# --- Ramino -------------------------------------------------------------------------------------


def test_ramino_values_ace_1_joker_11_faces_10():
    assert count_points("ramino", "Ah") == 1
    assert count_points("ramino", "JK") == 11
    assert count_points("ramino", "Jh Qh Kh") == 30
    assert count_points("ramino", "Ah JK 10c 5d") == 27


def test_ramino_ace_alone_option_changes_nothing():
    assert count_points("ramino", "Ah", ace_alone_is_one=True) == 1


# --- Gin ----------------------------------------------------------------------------------------


def test_gin_values_ace_1_faces_10():
    assert count_points("gin", "Ah 2h 3h") == 6
    assert count_points("gin", "Kc Qc Jc 10c") == 40


def test_gin_refuses_a_joker():
    with pytest.raises(EngineError) as caught:
        count_points("gin", "7h JK")
    assert caught.value.field == "cards"
    assert caught.value.message == "There are no jokers in Gin Rummy."


def test_gin_refuses_a_card_written_twice():
    with pytest.raises(EngineError) as caught:
        count_points("gin", "7h 3c 7H")
    assert caught.value.message == "7h is written twice; Gin Rummy is played with one deck."
    assert caught.value.params == {"card": "7h"}


def test_card_value_of_a_joker_in_gin_is_refused():
    with pytest.raises(EngineError):
        card_value("gin", Card("JK"))
    assert card_value("scala40", Card("JK")) == 25
    assert card_value("ramino", Card("A", "s")) == 1


# --- refusals common to all games ---------------------------------------------------------------


def test_count_points_refuses_an_unknown_game():
    with pytest.raises(EngineError) as caught:
        count_points("poker", "As")
    assert caught.value.field == "game"
    assert (
        caught.value.message == "Unknown game poker; the games are: scala40, ramino, gin, burraco."
    )


def test_count_points_refuses_an_unknown_card_naming_it():
    with pytest.raises(EngineError) as caught:
        count_points("ramino", "Ah 0h")
    assert caught.value.params == {"card": "0h"}
    assert caught.value.field == "cards"


def test_count_points_refuses_something_that_is_not_cards():
    with pytest.raises(EngineError) as caught:
        count_points("scala40", 18)
    assert caught.value.field == "cards"


def test_count_points_uses_the_field_the_caller_names():
    with pytest.raises(EngineError) as caught:
        count_points("gin", "JK", field="deadwood")
    assert caught.value.field == "deadwood"


def test_refusal_messages_are_translatable_templates():
    with pytest.raises(EngineError) as caught:
        count_points("scala40", "Qx")
    error = caught.value
    italian = error.translated(lambda t: t.replace("is not a card", "non è una carta"))
    assert italian.startswith("Qx non è una carta")
    assert error.as_dict() == {"event": None, "field": "cards", "message": error.message}


def test_every_card_reads_back_from_its_canonical_spelling_in_any_case():
    deck = [Card(rank, suit) for rank in RANKS for suit in SUITS] + [Card("JK")]
    for card in deck:
        for text in (str(card), str(card).lower(), str(card).upper()):
            assert parse_card(text) == card
    assert len(set(deck)) == 53


def test_a_full_gin_deck_counts_340():
    # per suit: ace 1 + 2..10 (54) + three faces (30) = 85
    deck = " ".join(f"{rank}{suit}" for rank in RANKS for suit in SUITS)
    assert count_points("gin", deck) == 340
