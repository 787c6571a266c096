"""Burraco (BURRACO.md): two lines, NS (seats 1 and 3) and EO (seats 2 and 4), or 1 v 1; a hand
gives each line its base (bonuses less penalties) and its carte (cards melded less cards in
hand); the first line to the target wins.

The hand form is `burraco_form`, the score slip `scoring.printing.report_burraco`; the words and
the page's lines are here. No tournament plays Burraco yet (issue 29): it is neither seated at
tables nor played in pairs, so every tournament format refuses its presets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from scoring.engine import EngineError, Event
from scoring.engine.burraco import LINES, BurracoState, LineScore, score_hand, seat_lines
from scoring.engine.burraco_document import parse_burraco_hand
from scoring.engine.events import BurracoHand
from scoring.engine.rules import BurracoRules, Options
from scoring.games.base import GameKind, Seated, register
from scoring.games.burraco_form import (
    BURRACO_TYPES,
    OTHER_ENDS,
    BurracoHandForm,
    line_label,
)
from scoring.printing.report_burraco import burraco_grid, burraco_table
from scoring.rule_words import choice_label


class Burraco(GameKind):
    value = BurracoRules.game
    rules_class = BurracoRules
    high_total_leads = True
    counts_line_points = True
    entry_template = "scoring/_burraco_entry_fields.html"
    lines_template = "scoring/_burraco_lines.html"
    countersigned_by_lines = True
    preview_template = "scoring/_burraco_preview.html"

    def line_of_seat(self, seat: int, players: int) -> str | None:
        """NS: seats 1 and 3 (seat 1 alone in a 1 v 1); EO: seats 2 and 4."""
        return LINES[(seat - 1) % 2] if players in (2, 4) and 1 <= seat <= players else None

    def teams(self, seated: Sequence[Seated]) -> tuple[tuple[Seated, ...], ...] | None:
        """The two lines: NS (seats 1 and 3) and EO (2 and 4); 1 v 1, one player each."""
        return tuple(seat_lines(seated).values())

    def hand_form(self, rules: Options, seats: Sequence[tuple[int, str]], *args, **kwargs):
        return BurracoHandForm(*args, game=self.value, rules=rules, seats=seats, **kwargs)

    def hand_initial(self, data, seats: Sequence[tuple[int, str]]) -> dict[str, object]:
        return BurracoHandForm.initial_from(data, seats)

    def describe_hand(self, data, rules: Options) -> tuple[list[str], dict[str, int]]:
        """How the hand ended, then each line's base, carte and total ("NS: base 400, carte
        370, total 770."); the scores named are the lines' totals."""
        sentences = [end_words(data)]
        scores = hand_scores(data, rules)
        if scores is None:
            return sentences, {}
        sentences += [line_score_words(line, score) for line, score in scores.items()]
        return sentences, {}

    def hand_changes(
        self, before: Event, after: Event, names: Sequence[str]
    ) -> list[tuple[str, object, object]] | None:
        if not (isinstance(before, BurracoHand) and isinstance(after, BurracoHand)):
            return None
        changes: list[tuple[str, object, object]] = [
            (gettext("how it ended"), end_label(before), end_label(after))
        ]
        for line in LINES:
            was, now = before.lines.get(line), after.lines.get(line)
            for key, label in line_value_labels():
                changes.append(
                    (
                        f"{line} {label}",
                        _shown(getattr(was, key, None)),
                        _shown(getattr(now, key, None)),
                    )
                )
        return changes

    def page_context(self, match, detail, names: Sequence[str]) -> dict[str, object]:
        lines = lines_board(detail.state)
        return {
            **super().page_context(match, detail, names),
            "lines": lines,
            "line_winner": next((str(line["label"]) for line in lines if line["won"]), ""),
        }

    def rules_summary(self, rules: Options) -> list[str]:
        items = [_goal(rules)]
        if rules.get("closing_needs_pulito"):
            items.append(gettext("Closing needs a pulito"))
        if rules.get("players") == 2:
            items.append(gettext("One against one"))
        return items

    def rules_in_words(self, rules: Options) -> list[str]:
        return burraco_rules_in_words(rules)

    def chart_threshold(self, rules: Options) -> tuple[int | None, str]:
        target = rules.get("target")
        if target is None:
            return None, ""
        return int(str(target)), gettext("target %(points)s") % {"points": target}

    def expected_hands(self, rules: Options, players: int) -> int:
        turno = rules.get("hands_per_turno")
        return int(str(turno)) if turno is not None else 8

    def sheet_grid(self, rules: Options, names: Sequence[str], dealer: str):
        return burraco_grid(names, dealer)

    def report_table(self, match, detail, names, parsed, notes, *, show_authors: bool):
        return burraco_table(match, detail, names, parsed, notes, show_authors=show_authors)


BURRACO = register(Burraco())


# Words -------------------------------------------------------------------------------------------


def end_words(data: Mapping[str, Any]) -> str:
    """How a recorded hand ended, as a sentence ("NS closed.", "Tallone.")."""
    return end_text(data) + "."


def end_text(data: Mapping[str, Any]) -> str:
    end = data.get("end")
    if end == "closing":
        closer = next(
            (line for line in LINES if (data.get("lines") or {}).get(line, {}).get("closed")), "—"
        )
        return gettext("%(line)s closed") % {"line": closer}
    return str(dict(OTHER_ENDS).get(str(end), end))


def end_label(hand: BurracoHand) -> str:
    closer = next((line for line in LINES if hand.lines[line].closed), None)
    if hand.end == "closing" and closer:
        return gettext("%(line)s closed") % {"line": closer}
    return str(dict(OTHER_ENDS).get(hand.end, hand.end))


def line_value_labels() -> list[tuple[str, str]]:
    """A line's values in a correction's changes, in words."""
    return [
        *((key, str(label).lower()) for key, label, _option in BURRACO_TYPES),
        ("pozzetto_taken", gettext("pozzetto taken")),
        ("pozzetto_unplayed", gettext("pozzetto unplayed")),
        ("melded", gettext("cards on the table")),
        ("in_hand", gettext("cards in hand")),
    ]


def _shown(value: object) -> object:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    return value


def hand_scores(data: Mapping[str, Any], rules: Options) -> dict[str, LineScore] | None:
    """Each line's score of a recorded hand with the match's rules (None if the engine cannot
    read it; a stored hand always can)."""
    try:
        burraco_rules = BurracoRules.from_dict(rules)
        assert isinstance(burraco_rules, BurracoRules)  # from_dict builds its own class
        return score_hand(burraco_rules, parse_burraco_hand(0, {**data, "type": "hand"}))
    except (EngineError, TypeError, ValueError):
        return None


def line_score_words(line: str, score: LineScore) -> str:
    return gettext("%(line)s: base %(base)s, carte %(carte)s, total %(total)s.") % {
        "line": line,
        "base": score.base,
        "carte": score.carte,
        "total": score.total,
    }


def lines_board(state) -> list[dict[str, object]]:
    """The two lines side by side for the match page: name and players, running total, its
    bases and cartes so far, whether a player of the line deals the next hand, its place."""
    if not isinstance(state, BurracoState):
        return []
    return [
        {
            "name": line.name,
            "label": line_label(line.name, line.players),
            "players": ", ".join(line.players),
            "total": line.total,
            "base": line.base,
            "carte": line.carte,
            "deals": state.dealer in line.players,
            "place": line.place,
            "won": state.winning_line == line.name,
        }
        for line in state.lines
    ]


def _goal(rules: Options) -> str:
    if rules.get("target") is not None:
        return gettext("Target %(points)s") % {"points": rules["target"]}
    return gettext("Turno of %(hands)s hands") % {"hands": rules.get("hands_per_turno")}


def burraco_rules_in_words(rules: Options) -> list[str]:
    """Burraco's rules as sentences: the goal, the bonuses, closing, the pozzetto."""
    sentences = []
    if rules.get("target") is not None:
        sentences.append(
            gettext(
                "Free play: the first line to reach %(target)s points wins; equal totals at the "
                "target: %(tie)s."
            )
            % {"target": rules["target"], "tie": choice_label("target_tie", rules["target_tie"])}
        )
    else:
        sentences.append(
            gettext("A turno of %(hands)s hands: the line with the higher total wins it.")
            % {"hands": rules.get("hands_per_turno")}
        )
    bonuses = [gettext("pulito %(points)s") % {"points": rules["bonus_pulito"]}]
    if rules.get("bonus_semipulito") is not None:
        bonuses.append(gettext("semipulito %(points)s") % {"points": rules["bonus_semipulito"]})
    bonuses.append(gettext("sporco %(points)s") % {"points": rules["bonus_sporco"]})
    if rules.get("bonus_reale") is not None:
        bonuses.append(gettext("reale %(points)s") % {"points": rules["bonus_reale"]})
    sentences.append(gettext("Burraci: %(bonuses)s.") % {"bonuses": ", ".join(bonuses)})
    if rules.get("bonus_semipulito") is None:
        sentences.append(gettext("A semipulito is not counted: enter it as sporco."))
    if rules.get("closing_needs_pulito"):
        sentences.append(
            gettext("Closing: %(points)s to the line that closes, which needs a burraco pulito.")
            % {"points": rules["bonus_closing"]}
        )
    else:
        sentences.append(
            gettext("Closing: %(points)s to the line that closes, which needs a burraco.")
            % {"points": rules["bonus_closing"]}
        )
    sentences.append(
        gettext(
            "Pozzetto not taken: %(points)s off; when play is stopped (time, stallo, the "
            "arbiter): %(stop)s."
        )
        % {
            "points": rules["pozzetto_penalty"],
            "stop": choice_label("pozzetto_penalty_on_stop", rules["pozzetto_penalty_on_stop"]),
        }
    )
    sentences.append(pgettext("burraco", "A pozzetto left unplayed is taken off its line's base."))
    return sentences
