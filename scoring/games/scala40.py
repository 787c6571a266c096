"""Scala 40: a penalty game whose closings are all alike."""

from __future__ import annotations

from scoring.engine import Scala40Rules
from scoring.engine.rules import Options
from scoring.games.base import register
from scoring.games.penalty import PenaltyGame
from scoring.rule_words import penalty_rules_in_words, scala40_in_hand_plain


class Scala40(PenaltyGame):
    value = Scala40Rules.game
    rules_class = Scala40Rules

    def rules_in_words(self, rules: Options) -> list[str]:
        # the players expect to hear that a chiusura in mano scores nothing extra by default
        return penalty_rules_in_words(rules, in_hand_plain=scala40_in_hand_plain())


register(Scala40())
