"""Gin Rummy: two players, deadwood and boxes, a game to a target (Oklahoma, Hollywood)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from scoring.engine import EngineError, Event, GinHand, GinRules, MatchState, rules_from_dict
from scoring.engine.document import AnyHandEntry, GinHandEntry, is_gin_hand
from scoring.engine.gin import score_hand
from scoring.engine.rules import Options
from scoring.games.base import GameKind, register
from scoring.hand_forms import GinHandForm
from scoring.match_page import gin_games
from scoring.presenters import (
    card_label,
    gin_final_lines,
    gin_hand_words,
    gin_margin_line,
    gin_result_word,
)
from scoring.printing.report_gin import gin_games as gin_games_grid
from scoring.printing.report_gin import gin_table
from scoring.printing.sheet import gin_expected_hands, gin_grid, gin_settlement
from scoring.rule_words import gin_rules_in_words, gin_rules_summary, gin_target_line


class Gin(GameKind):
    value = GinRules.game
    rules_class = GinRules
    enters_deadwood = True
    counts_hands_won = True
    counts_boxes = True
    high_total_leads = True
    played_in_pairs = True
    counts_knocks = True

    def hand_form(self, rules: Options, seats: Sequence[tuple[int, str]], *args, **kwargs):
        return GinHandForm(*args, game=self.value, rules=rules, seats=seats, **kwargs)

    def hand_initial(
        self, data: AnyHandEntry, seats: Sequence[tuple[int, str]]
    ) -> dict[str, object]:
        assert is_gin_hand(data)  # a hand of this game
        return GinHandForm.initial_from(data, seats)

    def describe_hand(self, data: AnyHandEntry, rules: Options) -> tuple[list[str], dict[str, int]]:
        assert is_gin_hand(data)  # a hand of this game
        return gin_hand_words(data, hand_outcome(data, rules))

    def hand_changes(
        self, before: Event, after: Event, names: Sequence[str]
    ) -> list[tuple[str, object, object]] | None:
        if not (isinstance(before, GinHand) and isinstance(after, GinHand)):
            return None
        return [
            (gettext("result"), gin_result_word(before.result), gin_result_word(after.result)),
            (gettext("knocker"), before.knocker or "—", after.knocker or "—"),
            (gettext("upcard"), card_label(before.upcard) or "—", card_label(after.upcard) or "—"),
            *(
                (name, before.deadwood.get(name, "—"), after.deadwood.get(name, "—"))
                for name in names
            ),
        ]

    def margin_line(self, state: MatchState) -> str:
        return gin_margin_line(state)

    def page_context(self, match, detail, names: Sequence[str]) -> dict[str, object]:
        state = detail.state
        return {
            "gin_margin": gin_margin_line(state),
            "gin_games": gin_games(detail),
            # a finished game's final scores in their parts; Hollywood's games won
            "gin_final_lines": gin_final_lines(state, names),
        }

    def rules_summary(self, rules: Options) -> list[str]:
        return gin_rules_summary(rules)

    def rules_in_words(self, rules: Options) -> list[str]:
        return gin_rules_in_words(rules)

    def chart_threshold(self, rules: Options) -> tuple[int | None, str]:
        return gin_target_line(rules)

    def expected_hands(self, rules: Options, players: int) -> int:
        return gin_expected_hands(rules)

    def sheet_grid(self, rules: Options, names: Sequence[str], dealer: str):
        return gin_grid(rules, names, dealer)

    def sheet_settlement(self, match, names: Sequence[str], box):
        return gin_settlement(match, names, box)

    def report_table(self, match, detail, names, parsed, notes, *, show_authors: bool):
        rules = GinRules.from_dict(match.rules)
        assert isinstance(rules, GinRules)  # from_dict builds its own class
        return gin_table(match, detail, names, parsed, notes, rules, show_authors=show_authors)

    def report_context(self, detail, names: Sequence[str], box) -> dict[str, object]:
        return {
            "games": gin_games_grid(detail, names, box),
            "score_parts": gin_final_lines(detail.state, names),
        }


def hand_outcome(data: GinHandEntry, rules: Options) -> str:
    """What a recorded Gin hand was, as the engine scores it with the match's rules: its result,
    or "undercut" for a knock the defender won (`HandScore.outcome`). The recorded result when
    the engine cannot read it (a stored hand always can)."""
    result = str(data.get("result"))
    if result != "knock":
        return result
    deadwood = data.get("deadwood") or {}
    try:
        gin_rules = rules_from_dict(GinRules.game, rules)
        assert isinstance(gin_rules, GinRules)
        hand = GinHand("knock", data.get("knocker"), dict(deadwood), upcard=data.get("upcard"))
        scored = score_hand(gin_rules, tuple(deadwood), hand)
    except (EngineError, TypeError, ValueError):
        return result
    return scored.outcome if scored is not None else result


register(Gin())
