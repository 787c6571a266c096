"""Words in one place (issue 17): `scoring.presenters` says what events, rules and results are,
for the match page and the printables alike, and the numbers come from the engine's state.

The worked examples are RULES.md section 6's, with their own numbers."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from base.printing import render_pdf
from clubs.models import Role
from scoring import presenters, rule_words
from scoring.engine import Hand, Status, replay, rules_for
from scoring.printing import match_report
from scoring.selectors import match_detail
from tests.factories import ClubFactory, member, start_match
from tests.pdf.conftest import Pdf, hand


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def s5_state(extra: int):
    """RULES.md S5: after a hand, A 17, B 30, C 75, and D at 108 is eliminated."""
    rules = rules_for("scala40", {"reentry_allowed": True, "reentry_extra_points": extra})
    events = [Hand("A", {"B": 30, "C": 75, "D": 90}), Hand("C", {"A": 17, "B": 0, "D": 18})]
    return replay(rules, ("A", "B", "C", "D"), events)


def test_s5_the_engine_gives_the_reentry_total_the_page_offers():
    """S5: D re-enters at 75, the highest total left in play; with `reentry_extra_points` 1, 76."""
    state = s5_state(0)
    assert state.totals == {"A": 17, "B": 30, "C": 75, "D": 108}
    assert state.player("D").status == Status.ELIMINATED
    assert state.reentry_total == 75
    assert s5_state(1).reentry_total == 76


def test_s5_with_two_players_left_there_is_no_reentry_total():
    """S5: two players, one busts: with `reentry_min_in_play` 2 nobody may re-enter."""
    rules = rules_for("scala40", {"reentry_allowed": True})
    state = replay(rules, ("A", "B"), [Hand("A", {"B": 101})])
    assert state.finished and state.winner == "A"
    assert state.reentry_total is None


def test_s2_and_s5_rules_in_words_and_in_labels():
    """S2 (101 `>=` is out; with `>`, 101 is still in) and S5's re-entry, in words."""
    rules = rules_for("scala40", {"reentry_allowed": True, "reentry_extra_points": 1}).to_dict()
    assert rule_words.rules_in_words(rules, "scala40")[0] == (
        "A player is out on reaching 101 points."
    )
    assert (
        "Re-entry (rientro): once per player, at the highest total in play plus 1, while 2 "
        "players are in play."
    ) in rule_words.rules_in_words(rules, "scala40")
    assert rule_words.rules_summary(rules, "scala40")[0] == "Out at 101"
    strict = rules_for("scala40", {"elimination_rule": ">"}).to_dict()
    assert rule_words.rules_in_words(strict, "scala40")[0] == (
        "A player is out on passing 101 points (101 is still in)."
    )
    assert rule_words.rules_summary(strict, "scala40")[0] == "Out above 101"


def test_r1_a_ramino_colore_closing_in_words():
    """R1: Q closes `colore`; P, R and S hold 44, 60 and 70 (the page's sentence, the report's
    word and a correction's words share one table of closing labels)."""
    rules = rules_for("ramino", {}).to_dict()
    points = {"P": 44, "R": 60, "S": 70}
    data = {"type": "hand", "closer": "Q", "closing": "colore", "points": points}
    assert presenters.describe_event(data, "ramino", rules) == (
        "Closed by Q. Closing: Colore. P 44, R 60, S 70"
    )
    before = Hand("Q", {"P": 44, "R": 60, "S": 70}, closing="normal")
    after = Hand("Q", {"P": 44, "R": 60, "S": 70}, closing="colore")
    assert presenters.describe_changes(before, after, ["P", "Q", "R", "S"]) == (
        "closing normal → colore"
    )


def test_g3_an_undercut_and_the_gin_results_read_alike():
    """G3: a knock the defender wins is an undercut; the results keep the forms' labels."""
    assert presenters.gin_result_word("undercut") == "undercut"
    assert presenters.gin_result_word("big_gin") == "big gin"
    with translation.override("it"):
        assert presenters.gin_result_word("knock") == "bussata"
        assert presenters.closing_word("two_cards") == "due carte"


@pytest.mark.django_db
def test_the_match_page_and_the_match_report_say_the_same_words(client):
    """One finished Ramino match: the closing, each player's status, how the match ended and the
    result are the presenters' words on the match page and in the match report PDF."""
    club = ClubFactory(name="Circolo Tallone")
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    match = start_match(club=club, preset="ramino", options={"reentry_allowed": False})
    hand(match, "Anna", Bruno=44, Carla=60, Dario=70, closing="colore")
    hand(match, "Anna", Bruno=60, Carla=50, Dario=40)

    page = client.get(match.get_absolute_url()).content.decode()
    pdf = Pdf.of(render_pdf([match_report(match, show_authors=True)])).words()

    detail = match_detail(match)
    state = detail.state
    assert state.finished and state.winner == "Anna"
    sentence = presenters.describe_event(detail.rows[0].current.data, match.game, match.rules)
    assert sentence == "Closed by Anna. Closing: Colore. Bruno 44, Carla 60, Dario 70"
    assert sentence in page
    assert presenters.closing_label("colore") in page
    assert presenters.closing_word("colore") in pdf.split()
    how = presenters.end_reason(state, detail.genders)
    assert how == "Finished: Anna is the last one in play."
    assert how in page
    assert presenters.result_line(match, detail) in pdf
    for player in state.players:
        label = presenters.status_label(player.status)
        assert label in page
        assert f"{player.name} {player.total} {label}" in pdf


def test_every_choice_of_every_rule_option_has_words():
    """Issue 20: the rules forms offered raw values (`>=`, `knock_1`); every value a preset's
    option may take has its words, so a value added to the engine without them fails here."""
    from scoring.engine import PRESETS
    from scoring.engine.rules import CHOICE

    missing = [
        (info.name, value)
        for preset in PRESETS
        for info in rules_for(preset).options()
        if info.kind == CHOICE
        for value in info.choices
        if value not in rule_words.OPTION_CHOICES.get(info.name, {})
    ]
    assert missing == []


@pytest.mark.django_db
def test_the_rules_form_speaks_words_not_values(client):
    from django.urls import reverse

    club = ClubFactory()
    client.force_login(member(club, Role.SCOREKEEPER))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    url = reverse("scoring:rule-options", args=[club.slug])
    scala = client.get(url, {"preset": "scala40"}).content.decode()
    assert "Basta raggiungerla (≥)" in scala
    assert ">&gt;=</option>" not in scala and ">double</option>" not in scala
    gin = client.get(url, {"preset": "gin-oklahoma"}).content.decode()
    for raw in ("knock_1", "gin_only", "immediate", "knocker", "game_bonus"):
        assert f">{raw}</option>" not in gin
    assert "'double'" not in scala and "'oklahoma'" not in gin  # nor quoted in the help
