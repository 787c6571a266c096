"""The rules in words, in one place: the presets' names (`preset_label`), every option's label
(`OPTION_LABELS`) and, for the options that are a choice, each value's words (`OPTION_CHOICES`,
`option_choices`, `choice_label`), a refusal of a rule set said with them (`rule_refusal`), the
rules as short labels (`rules_summary`, under a match page's title) and as sentences
(`rules_in_words`, on the printables), and a chart's threshold line (`chart_threshold`).

The rule forms, the help texts, the match pages, the printables and the API's documentation
(`scoring.serializers.RuleOptionsSchema`) all take these words, so no page shows an option's raw
value (`>=`, `knocker`, `gin_only`); the values themselves stay the match document's.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import RuleSetError
from scoring.engine.rules import Options, OptionValue, whole
from scoring.games import game_named
from scoring.presenters import money

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Labels ------------------------------------------------------------------------------------------

# The presets' names, on the match pages and on the printables alike.
PRESET_LABELS = {
    "scala40": _("Scala 40, standard rules"),
    "scala40-club": _("Scala 40, club rules (not opened 100, re-entry)"),
    "ramino": _("Ramino"),
    "gin": _("Gin Rummy, Italian rules"),
    "gin-standard": _("Gin Rummy, standard"),
    "gin-classic": _("Gin Rummy, classic"),
    "gin-oklahoma": _("Gin Rummy, Oklahoma"),
    "gin-hollywood": _("Gin Rummy, Hollywood"),
    "burraco": _("Burraco, Italian rules (FIBur)"),
    "burraco-internazionale": _("Burraco, international rules (closing needs a pulito)"),
    "burraco-1v1": _("Burraco, one against one"),
}

OPTION_LABELS = {
    "elimination_at": _("Elimination threshold"),
    "elimination_rule": _("Elimination rule"),
    "in_hand_scoring": _("Closing in hand"),
    "in_hand_bonus": _("Closing in hand bonus"),
    "not_opened_penalty": _("Not opened penalty"),
    "allow_negative": _("Negative totals"),
    "reentry_allowed": _("Re-entry allowed"),
    "reentry_max": _("Re-entries per player"),
    "reentry_extra_points": _("Re-entry extra points"),
    "reentry_min_in_play": _("Players in play for a re-entry"),
    "reentry_fee": _("Re-entry fee"),
    "stake": _("Stake"),
    "ace_alone_is_one": _("A lone ace counts 1"),
    "bonus_mode": _("Closing bonus"),
    "normal_bonus": _("Normal closing bonus"),
    "colore_bonus": _("Colore bonus"),
    "figura_bonus": _("Figura bonus"),
    "variant": _("Variant"),
    "knock_limit": _("Knock limit"),
    "gin_bonus": _("Gin bonus"),
    "big_gin_bonus": _("Big gin bonus"),
    "undercut_bonus": _("Undercut bonus"),
    "undercut_on_tie": _("A tie is an undercut"),
    "box_bonus": _("Box value"),
    "box_recipient": _("Box goes to"),
    "box_timing": _("Boxes counted"),
    "game_bonus": _("Game bonus"),
    "shutout": _("Shutout"),
    "shutout_game_bonus": _("Shutout game bonus"),
    "target": _("Target"),
    "match_mode": _("Match mode"),
    "hands_to_win": _("Hands to win"),
    "ace_upcard": _("Ace upcard"),
    "spade_doubles": _("A spade upcard doubles"),
    "spade_doubles_boxes": _("A spade upcard doubles the boxes"),
    "players": _("Players"),
    "bonus_pulito": _("Burraco pulito bonus"),
    "bonus_semipulito": _("Burraco semipulito bonus"),
    "bonus_sporco": _("Burraco sporco bonus"),
    "bonus_reale": _("Burraco reale bonus"),
    "bonus_closing": _("Bonus of the closing line"),
    "closing_needs_pulito": _("Closing needs a pulito"),
    "pozzetto_penalty": _("Pozzetto not taken"),
    "pozzetto_penalty_on_stop": _("Pozzetto not taken, play stopped"),
    "target_tie": _("Equal totals at the target"),
    "hands_per_turno": _("Hands per turno"),
}


def preset_label(preset: str) -> str:
    return str(PRESET_LABELS.get(preset, preset))


# The values of the rule options that are a choice, in words (the rules forms offer these; a
# value missing here, from a newer engine, shows as it is).
OPTION_CHOICES: dict[str, dict[str, StrOrPromise]] = {
    "elimination_rule": {
        ">=": pgettext_lazy("elimination rule", "Reaching it eliminates (≥)"),
        ">": pgettext_lazy("elimination rule", "Only passing it eliminates (>)"),
    },
    "in_hand_scoring": {
        "double": pgettext_lazy("in hand scoring", "The opponents' points double"),
        "bonus": pgettext_lazy("in hand scoring", "A bonus off the closer's total"),
        "none": pgettext_lazy("in hand scoring", "Nothing changes"),
    },
    "bonus_mode": {
        "closer_credit": pgettext_lazy("bonus mode", "Off the closer's total"),
        "opponents_pay": pgettext_lazy("bonus mode", "Every opponent pays it"),
    },
    "variant": {
        "standard": pgettext_lazy("gin variant", "Standard"),
        "oklahoma": pgettext_lazy("gin variant", "Oklahoma"),
        "hollywood": pgettext_lazy("gin variant", "Hollywood"),
    },
    "box_recipient": {
        "knocker": pgettext_lazy("box recipient", "Whoever knocked"),
        "winner": pgettext_lazy("box recipient", "The hand's winner"),
    },
    "box_timing": {
        "immediate": pgettext_lazy("box timing", "At once"),
        "end": pgettext_lazy("box timing", "When the game ends"),
    },
    "shutout": {
        "none": pgettext_lazy("shutout", "Nothing more"),
        "double": pgettext_lazy("shutout", "The winner's final score doubles"),
        "game_bonus": pgettext_lazy("shutout", "The shutout bonus instead of the game bonus"),
    },
    "match_mode": {
        "points": pgettext_lazy("match mode", "Points: a game to the target"),
        "hands": pgettext_lazy("match mode", "Hands (a mano): first to win so many"),
    },
    "ace_upcard": {
        "gin_only": pgettext_lazy("ace upcard", "Gin only"),
        "knock_1": pgettext_lazy("ace upcard", "A knock with at most 1"),
    },
    "pozzetto_penalty_on_stop": {
        "ask": pgettext_lazy("pozzetto penalty on stop", "The scorer says, line by line"),
        "always": pgettext_lazy("pozzetto penalty on stop", "Always charged"),
        "never": pgettext_lazy("pozzetto penalty on stop", "Never charged"),
    },
    "target_tie": {
        "play_on": pgettext_lazy("target tie", "One more hand"),
    },
}


def option_choices(name: str, values: Iterable[str]) -> list[tuple[str, str]]:
    """The choices of rule option `name`, each value with its words."""
    words = OPTION_CHOICES.get(name, {})
    return [(value, str(words.get(value, value))) for value in values]


def option_label(name: str) -> str:
    """A rule option's label ("Elimination rule"), or its name made readable for an option of a
    newer engine."""
    label = OPTION_LABELS.get(name)
    return str(label) if label is not None else name.replace("_", " ").capitalize()


def choice_label(name: str, value: OptionValue) -> str:
    """The words of value `value` of rule option `name` ("Whoever knocked" for `knocker`)."""
    words = OPTION_CHOICES.get(name, {}).get(str(value))
    return str(words) if words is not None else str(value)


def rule_refusal(error: RuleSetError) -> str:
    """A refusal of a rule option, said to a person beside the option's field: the option by
    its label and its choices in words ("Elimination rule must be one of: Reaching it eliminates
    (≥), Only passing it eliminates (>)."), never by their names in the match document."""
    params = dict(error.params)
    name = error.field or ""
    if "option" in params:
        params["option"] = option_label(str(params["option"]))
    if "choices" in params and name in OPTION_CHOICES:
        params["choices"] = ", ".join(str(words) for words in OPTION_CHOICES[name].values())
    template = gettext(error.message_template)
    return template % params if params else template


# Rules -------------------------------------------------------------------------------------------


def rules_summary(rules: Options, game: str) -> list[str]:
    """The rules in a few short labels, for the line under a match page's title."""
    return game_named(game).rules_summary(rules)


def gin_rules_summary(rules: Options) -> list[str]:
    items = [gettext("Target %(points)s") % {"points": rules["target"]}]
    if rules.get("match_mode") == "hands":
        items = [gettext("First to %(count)s hands") % {"count": rules["hands_to_win"]}]
    if rules.get("variant") == "oklahoma":
        items.append(gettext("Knock limit: from the upcard"))  # each hand's, not the option
    else:
        items.append(gettext("Knock limit %(points)s") % {"points": rules["knock_limit"]})
    return items


def penalty_rules_summary(rules: Options) -> list[str]:
    points = {"points": rules["elimination_at"]}
    if rules["elimination_rule"] == ">=":
        items = [gettext("Out at %(points)s") % points]
    else:
        items = [gettext("Out above %(points)s") % points]
    if rules.get("not_opened_penalty") is not None:
        items.append(gettext("Not opened %(points)s") % {"points": rules["not_opened_penalty"]})
    if rules.get("reentry_allowed"):
        items.append(gettext("Re-entry allowed"))
    return items


def rules_in_words(rules: Options, game: str) -> list[str]:
    """The options a table needs to know, as sentences in the user's language."""
    return game_named(game).rules_in_words(rules)


def penalty_rules_in_words(
    rules: Options, *, in_hand_plain: str = "", closings: bool = False
) -> list[str]:
    """A penalty game's rules in words (`in_hand_plain`: what the game says of a chiusura in
    mano that scores nothing extra, if anything; `closings`: the game scores its closings)."""
    sentences = [_elimination_words(rules), *_in_hand_words(rules, in_hand_plain)]
    if rules.get("not_opened_penalty") is not None:
        sentences.append(
            gettext("A player who has not opened pays %(points)s points.")
            % {"points": rules["not_opened_penalty"]}
        )
    if closings:
        sentences.append(_closing_bonus_words(rules))
    sentences += _reentry_words(rules)
    if Decimal(str(rules["stake"])):
        sentences.append(gettext("Stake: %(amount)s a player.") % {"amount": money(rules["stake"])})
    return sentences


def scala40_in_hand_plain() -> str:
    return gettext("Chiusura in mano: nothing extra.")


def _elimination_words(rules: Options) -> str:
    points = rules["elimination_at"]
    if rules["elimination_rule"] == ">=":
        return gettext("A player is out on reaching %(points)s points.") % {"points": points}
    return gettext("A player is out on passing %(points)s points (%(points)s is still in).") % {
        "points": points
    }


def _in_hand_words(rules: Options, plain: str) -> list[str]:
    in_hand = rules["in_hand_scoring"]
    if in_hand == "double":
        return [gettext("Chiusura in mano: the opponents' points of that hand double.")]
    if in_hand == "bonus":
        return [
            gettext("Chiusura in mano: the closer takes %(points)s points off their total.")
            % {"points": rules["in_hand_bonus"]}
        ]
    return [plain] if plain else []


def _closing_bonus_words(rules: Options) -> str:
    bonuses = {
        "normal": rules["normal_bonus"],
        "colore": rules["colore_bonus"],
        "figura": rules["figura_bonus"],
    }
    if rules["bonus_mode"] == "closer_credit":
        text = gettext(
            "Closing bonus off the closer's total: normal %(normal)s, colore %(colore)s, "
            "figura %(figura)s; scala reale and pokerissimo win the match."
        )
    else:
        text = gettext(
            "Closing bonus paid by every opponent: normal %(normal)s, colore %(colore)s, "
            "figura %(figura)s; scala reale and pokerissimo win the match."
        )
    return text % bonuses


def _reentry_words(rules: Options) -> list[str]:
    if not rules["reentry_allowed"]:
        return [gettext("No re-entry: a player who is out stays out.")]
    times = whole(rules, "reentry_max")
    sentences = [
        ngettext(
            "Re-entry (rientro): once per player, at the highest total in play plus "
            "%(extra)s, while %(players)s players are in play.",
            "Re-entry (rientro): up to %(times)s times per player, at the highest total in "
            "play plus %(extra)s, while %(players)s players are in play.",
            times,
        )
        % {
            "times": times,
            "extra": rules["reentry_extra_points"],
            "players": rules["reentry_min_in_play"],
        }
    ]
    if Decimal(str(rules["reentry_fee"])):
        sentences.append(
            gettext("Re-entry fee: %(amount)s.") % {"amount": money(rules["reentry_fee"])}
        )
    return sentences


def gin_rules_in_words(rules: Options) -> list[str]:
    sentences = []
    variant = rules["variant"]
    if rules["match_mode"] == "hands":
        sentences.append(
            gettext("A mano: the first to win %(hands)s hands wins the match.")
            % {"hands": rules["hands_to_win"]}
        )
    elif variant == "hollywood":
        sentences.append(
            gettext("Hollywood: three games scored at once, each to %(target)s points.")
            % {"target": rules["target"]}
        )
    else:
        sentences.append(gettext("A game to %(target)s points.") % {"target": rules["target"]})
    if variant == "oklahoma":
        sentences.append(
            gettext(
                "Oklahoma: the upcard sets the knock limit (ace: %(ace)s); a spade upcard "
                "doubles the hand."
            )
            % {"ace": choice_label("ace_upcard", rules["ace_upcard"]).lower()}
        )
    else:
        sentences.append(
            gettext("Knock with at most %(limit)s points of deadwood.")
            % {"limit": rules["knock_limit"]}
        )
    big_gin = rules["big_gin_bonus"]
    sentences.append(
        (
            gettext("Gin +%(gin)s, big gin +%(big)s, undercut +%(undercut)s.")
            if big_gin is not None
            else gettext("Gin +%(gin)s, no big gin, undercut +%(undercut)s.")
        )
        % {"gin": rules["gin_bonus"], "big": big_gin, "undercut": rules["undercut_bonus"]}
        + " "
        + (
            gettext("Equal deadwood is an undercut.")
            if rules["undercut_on_tie"]
            else gettext("Equal deadwood: the knocker wins with 0.")
        )
    )
    who = gettext("the winner") if rules["box_recipient"] == "winner" else gettext("the knocker")
    if rules["box_timing"] == "immediate":
        text = gettext("Box: %(points)s points to %(who)s of each hand, added at once.")
    else:
        text = gettext("Box: %(points)s points to %(who)s of each hand, added when the game ends.")
    sentences.append(text % {"points": rules["box_bonus"], "who": who})
    bonus = gettext("Game bonus %(points)s.") % {"points": rules["game_bonus"]}
    if rules["shutout"] == "double":
        bonus += " " + gettext("Shutout (cappotto): the winner's score doubles.")
    elif rules["shutout"] == "game_bonus":
        bonus += " " + gettext("Shutout (cappotto): a game bonus of %(points)s instead.") % {
            "points": rules["shutout_game_bonus"]
        }
    sentences.append(bonus)
    if Decimal(str(rules["stake"])):
        sentences.append(gettext("Stake: %(amount)s a player.") % {"amount": money(rules["stake"])})
    return sentences


def chart_threshold(game: str, rules: Options) -> tuple[int | None, str]:
    """The dashed line of a chart of the totals, and its label (`GameKind.chart_threshold`)."""
    return game_named(game).chart_threshold(rules)


def elimination_line(rules: Options) -> tuple[int | None, str]:
    """A penalty game's chart line: the elimination threshold."""
    threshold = whole(rules, "elimination_at")
    return threshold, gettext("out at %(points)s") % {"points": threshold}


def gin_target_line(rules: Options) -> tuple[int | None, str]:
    """The target of a Gin game to points (no line for Hollywood or a match to hands)."""
    if rules.get("variant") != "hollywood" and rules.get("match_mode") == "points":
        threshold = whole(rules, "target")
        return threshold, gettext("target %(points)s") % {"points": threshold}
    return None, ""
