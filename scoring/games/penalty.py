"""What the penalty games (Scala 40, Ramino) share: the players' points add up, a player is out
at a threshold, and may re-enter. Each game is a subclass in its own module."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from scoring.engine import Event, Hand
from scoring.engine.document import AnyHandEntry, is_penalty_hand
from scoring.engine.rules import Options
from scoring.games.base import GameKind
from scoring.hand_forms import PenaltyHandForm
from scoring.presenters import closing_word, names_or_dash, penalty_hand_words, yes_no
from scoring.printing.report_penalty import penalty_table
from scoring.printing.sheet import penalty_expected_hands, penalty_grid
from scoring.rule_words import elimination_line, penalty_rules_in_words, penalty_rules_summary


class PenaltyGame(GameKind):
    seated_at_tables = True

    def hand_form(self, rules: Options, seats: Sequence[tuple[int, str]], *args, **kwargs):
        return PenaltyHandForm(*args, game=self.value, rules=rules, seats=seats, **kwargs)

    def hand_initial(
        self, data: AnyHandEntry, seats: Sequence[tuple[int, str]]
    ) -> dict[str, object]:
        assert is_penalty_hand(data)  # a hand of this game
        return PenaltyHandForm.initial_from(data, seats)

    def describe_hand(self, data: AnyHandEntry, rules: Options) -> tuple[list[str], dict[str, int]]:
        assert is_penalty_hand(data)  # a hand of this game
        return penalty_hand_words(data, closings=bool(self.closings))

    def hand_changes(
        self, before: Event, after: Event, names: Sequence[str]
    ) -> list[tuple[str, object, object]] | None:
        if not (isinstance(before, Hand) and isinstance(after, Hand)):
            return None
        return [
            (gettext("closer"), before.closer, after.closer),
            (gettext("in hand"), yes_no(before.in_hand), yes_no(after.in_hand)),
            (
                gettext("not opened"),
                names_or_dash(before.not_opened),
                names_or_dash(after.not_opened),
            ),
            (gettext("closing"), closing_word(before.closing), closing_word(after.closing)),
            *((name, before.points.get(name, "—"), after.points.get(name, "—")) for name in names),
        ]

    def rules_summary(self, rules: Options) -> list[str]:
        return penalty_rules_summary(rules)

    def rules_in_words(self, rules: Options) -> list[str]:
        return penalty_rules_in_words(rules, closings=bool(self.closings))

    def chart_threshold(self, rules: Options) -> tuple[int | None, str]:
        return elimination_line(rules)

    def expected_hands(self, rules: Options, players: int) -> int:
        return penalty_expected_hands(rules, players)

    def sheet_grid(self, rules: Options, names: Sequence[str], dealer: str):
        return penalty_grid(rules, names, dealer, closings=bool(self.closings))

    def report_table(self, match, detail, names, parsed, notes, *, show_authors: bool):
        return penalty_table(
            match,
            detail,
            names,
            parsed,
            notes,
            show_authors=show_authors,
            closings=bool(self.closings),
        )
