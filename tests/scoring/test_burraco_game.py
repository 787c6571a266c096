"""Burraco's parts of the game registry (issue 28), called directly: they do not need Burraco in
`Game` to be tested. The hand form (B1 of BURRACO.md section 7 hand by hand, R1 and R2, the
pozzetto asked with no default, every refusal beside its field in Italian), the words of a hand,
of a correction and of the rules, and the two lines of the match page."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.engine import MatchState, replay, rules_for
from scoring.engine.burraco_document import parse_burraco_hand
from scoring.games.burraco import BURRACO, lines_board
from scoring.games.burraco_form import form_field

SEATS = [(1, "Anna"), (2, "Bruno"), (3, "Carla"), (4, "Dario")]
RULES = rules_for("burraco").to_dict()


def post(**values: object) -> dict[str, str]:
    data = {"idempotency_key": "k" * 32}
    data.update({name: str(value) for name, value in values.items()})
    return data


# B1 of BURRACO.md section 7, as a phone enters it: the values each field posts.
B1_POSTS = [
    post(
        end="NS",
        puliti_NS=1,
        sporchi_NS=1,
        pozzetto_taken_NS="yes",
        melded_NS=385,
        in_hand_NS=15,
        sporchi_EO=1,
        pozzetto_taken_EO="yes",
        pozzetto_unplayed_EO=110,
        melded_EO=240,
        in_hand_EO=80,
    ),
    post(
        end="EO",
        pozzetto_taken_NS="no",
        melded_NS=120,
        in_hand_NS=190,
        puliti_EO=1,
        semipuliti_EO=1,
        pozzetto_taken_EO="yes",
        melded_EO=420,
        in_hand_EO=20,
    ),
    post(
        end="tallone",
        puliti_NS=1,
        sporchi_NS=1,
        pozzetto_taken_NS="yes",
        melded_NS=455,
        in_hand_NS=40,
        sporchi_EO=1,
        pozzetto_taken_EO="no",
        melded_EO=180,
        in_hand_EO=220,
    ),
]
B1_SCORES = [
    {"NS": (400, 370, 770), "EO": (-10, 160, 150)},
    {"NS": (-100, -70, -170), "EO": (450, 400, 850)},
    {"NS": (300, 415, 715), "EO": (0, -40, -40)},
]


def form(data=None, rules=RULES, seats=SEATS):
    return BURRACO.hand_form(rules, seats, data)


@pytest.mark.parametrize("number", [0, 1, 2])
def test_b1_hand_by_hand_through_the_form_previews_base_carte_and_total(number):
    entered = form(B1_POSTS[number])
    assert entered.is_valid(), entered.errors
    assert {
        line: (score.base, score.carte, score.total) for line, score in entered.preview.items()
    } == B1_SCORES[number]


def test_b1_the_form_gives_the_match_document_s_hands_and_the_engine_totals_them():
    events = []
    for number, data in enumerate(B1_POSTS):
        entered = form(data)
        assert entered.is_valid(), entered.errors
        events.append(parse_burraco_hand(number, {**entered.to_data(), "type": "hand"}))
    state = replay(rules_for("burraco"), [name for _seat, name in SEATS], events)
    board = {row["name"]: (row["total"], row["base"], row["carte"]) for row in lines_board(state)}
    assert board == {"NS": (1315, 600, 715), "EO": (960, 440, 520)}


def test_the_first_hand_of_b1_in_the_match_document():
    entered = form(B1_POSTS[0])
    assert entered.is_valid()
    assert entered.to_data() == {
        "end": "closing",
        "lines": {
            "NS": {
                "pozzetto_taken": True,
                "melded": 385,
                "in_hand": 15,
                "closed": True,
                "puliti": 1,
                "sporchi": 1,
            },
            "EO": {
                "pozzetto_taken": True,
                "melded": 240,
                "in_hand": 80,
                "sporchi": 1,
                "pozzetto_unplayed": 110,
            },
        },
    }


def test_a_recorded_hand_shows_again_in_the_form_for_a_correction():
    for data in B1_POSTS:
        entered = form(data)
        assert entered.is_valid()
        initial = BURRACO.hand_initial(entered.to_data(), SEATS)
        again = form(post(**{k: v for k, v in initial.items() if v is not None}))
        assert again.is_valid(), again.errors
        assert again.to_data() == entered.to_data()


def test_the_pozzetto_has_no_default_a_form_without_it_answers_beside_the_field():
    data = dict(B1_POSTS[0])
    del data["pozzetto_taken_EO"]
    with translation.override("it"):
        entered = form(data)
        assert not entered.is_valid()
        assert entered.errors["pozzetto_taken_EO"] == ["Indica se EO ha preso il pozzetto."]
    assert form().fields["pozzetto_taken_NS"].initial is None


def test_r1_eo_closed_without_a_burraco_is_refused_beside_who_closed_in_italian():
    data = post(
        end="EO",
        pozzetto_taken_NS="yes",
        melded_NS=100,
        in_hand_NS=20,
        pozzetto_taken_EO="yes",
        melded_EO=60,
        in_hand_EO=0,
    )
    with translation.override("it"):
        entered = form(data)
        assert not entered.is_valid()
        assert entered.errors["end"] == ["EO ha chiuso senza burraco."]


def test_r2_a_value_not_a_multiple_of_5_is_refused_beside_its_field():
    data = dict(B1_POSTS[2], melded_NS="237")
    with translation.override("it"):
        entered = form(data)
        assert not entered.is_valid()
        assert entered.errors["melded_NS"] == [
            "NS: 237 non è un multiplo di 5: ogni carta vale 5, 10, 15, 20 o 30."
        ]
    assert entered.preview is None


def test_a_stopped_hand_asks_the_penalty_of_a_line_without_its_pozzetto():
    data = dict(B1_POSTS[2], end="time_out")
    entered = form(data)
    assert not entered.is_valid()
    assert list(entered.errors) == ["pozzetto_penalty_EO"]
    entered = form(dict(data, pozzetto_penalty_EO="no"))
    assert entered.is_valid(), entered.errors
    assert entered.preview["EO"].total == 100 - 40  # its sporco, no penalty
    entered = form(dict(data, pozzetto_penalty_EO="yes"))
    assert entered.is_valid()
    assert entered.preview["EO"].total == -40


def test_types_off_in_the_rules_are_not_offered():
    fields = form().fields
    assert "semipuliti_NS" in fields and "reali_NS" not in fields  # reale off by default
    no_semi = form(rules=rules_for("burraco", {"bonus_semipulito": None}).to_dict()).fields
    assert "semipuliti_EO" not in no_semi


def test_one_against_one_has_the_two_players_as_lines():
    rows = form(rules=rules_for("burraco-1v1").to_dict(), seats=SEATS[:2]).line_rows
    assert [row["label"] for row in rows] == ["NS (Anna)", "EO (Bruno)"]
    assert [row["label"] for row in form().line_rows] == ["NS (Anna, Carla)", "EO (Bruno, Dario)"]


def test_the_engine_s_paths_are_the_form_s_fields():
    assert form_field("lines.EO.closed") == "end"
    assert form_field("lines.NS.melded") == "melded_NS"
    assert form_field("lines.NS.pozzetto_taken") == "pozzetto_taken_NS"
    assert form_field("lines") is None and form_field("lines.NS") is None


def test_a_hand_in_words_gives_each_line_base_carte_and_total():
    entered = form(B1_POSTS[0])
    assert entered.is_valid()
    with translation.override("en"):
        sentences, _scores = BURRACO.describe_hand(entered.to_data(), RULES)
    assert sentences == [
        "NS closed.",
        "NS: base 400, carte 370, total 770.",
        "EO: base -10, carte 160, total 150.",
    ]
    with translation.override("en"):
        tallone, _scores = BURRACO.describe_hand(b1_data(2), RULES)
    assert tallone[0] == "Tallone (stock used up)."


def b1_data(number):  # the match document of B1's hand `number`
    entered = form(B1_POSTS[number])
    assert entered.is_valid()
    return entered.to_data()


def test_a_correction_says_what_changed():
    before = parse_burraco_hand(0, {**b1_data(0), "type": "hand"})
    changed = dict(B1_POSTS[0], melded_NS=395)
    entered = form(changed)
    assert entered.is_valid()
    after = parse_burraco_hand(0, {**entered.to_data(), "type": "hand"})
    with translation.override("en"):
        changes = BURRACO.hand_changes(before, after, ["Anna", "Bruno", "Carla", "Dario"])
    assert changes is not None
    assert ("how it ended", "NS closed", "NS closed") in changes
    assert ("NS cards on the table", 385, 395) in changes
    assert ("EO pozzetto unplayed", 110, 110) in changes


def test_the_rules_in_words_and_in_short():
    with translation.override("en"):
        summary = BURRACO.rules_summary(RULES)
        words = BURRACO.rules_in_words(RULES)
        international = BURRACO.rules_summary(rules_for("burraco-internazionale").to_dict())
        assert BURRACO.chart_threshold(RULES) == (2005, "target 2005")
    assert summary == ["Target 2005"]
    assert "Closing needs a pulito" in international
    assert words[0] == (
        "Free play: the first line to reach 2005 points wins; equal totals at the target: "
        "One more hand."
    )
    assert "Burraci: pulito 200, semipulito 150, sporco 100." in words
    assert words[-2] == (
        "Pozzetto not taken: 100 off; when play is stopped (time, stallo, the arbiter): The "
        "scorer says, line by line."
    )


def test_the_page_shows_the_two_lines_side_by_side_and_who_deals():
    events = [parse_burraco_hand(0, {**b1_data(0), "type": "hand"})]
    state = replay(rules_for("burraco"), [name for _seat, name in SEATS], events)
    rows = lines_board(state)
    assert [(r["label"], r["total"], r["deals"]) for r in rows] == [
        ("NS (Anna, Carla)", 770, False),
        ("EO (Bruno, Dario)", 150, True),
    ]
    assert lines_board(MatchState.__new__(MatchState)) == []


def test_the_penalty_question_shows_only_when_play_was_stopped_and_counts_only_then():
    """Issue 28: "Pays the pozzetto penalty?" is asked for time, stallo and the arbiter's end,
    and hidden (and ignored by the server) for a closing and the tallone."""
    tallone = dict(B1_POSTS[2], pozzetto_penalty_EO="no")  # EO did not take it: -100 stands
    entered = form(tallone)
    assert entered.is_valid(), entered.errors
    assert not entered.stops_play
    assert all(not row["penalty_shown"] for row in entered.line_rows)
    assert "pozzetto_penalty" not in entered.to_data()["lines"]["EO"]
    assert entered.preview["EO"].total == -40  # the automatic penalty, whatever was posted
    for end in ("time_out", "stallo", "arbitral"):
        stopped = form(dict(B1_POSTS[2], end=end, pozzetto_penalty_EO="no"))
        assert stopped.is_valid(), stopped.errors
        assert all(row["penalty_shown"] for row in stopped.line_rows)
        assert stopped.to_data()["lines"]["EO"]["pozzetto_penalty"] is False
    assert form().stops_play is False  # a new hand: nothing chosen yet, the question hidden
