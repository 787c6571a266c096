"""The words of the printables: money, dates, names, shortened texts, and the CSS strings of the
margin boxes ("Page 1 of 2" in the user's language)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.template.defaultfilters import floatformat
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from scoring.models import Game

# Words -------------------------------------------------------------------------------------------


def money(amount: Decimal | str) -> str:
    return gettext("€ %(amount)s") % {"amount": floatformat(Decimal(str(amount)), 2)}


def css_string(text: str) -> SafeString:
    """`text` as a quoted CSS string, safe inside a <style> element."""
    escaped = (
        str(text)
        .replace("\\", "\\\\")
        .replace('"', '\\"')
        .replace("\n", "\\a ")
        .replace("<", "\\3c ")
        .replace(">", "\\3e ")
    )
    return mark_safe(f'"{escaped}"')


def page_counter() -> SafeString:
    """ "Page 1 of 2" in the user's language, as the CSS content of a page's margin box."""
    template = gettext("Page %(page)s of %(pages)s")
    parts = []
    for piece in re.split(r"(%\(pages?\)s)", template):
        if piece == "%(page)s":
            parts.append("counter(page)")
        elif piece == "%(pages)s":
            parts.append("counter(pages)")
        elif piece:
            parts.append(css_string(piece))
    return mark_safe(" ".join(parts))


def rules_in_words(rules: dict[str, Any], game: str) -> list[str]:
    """The options a table needs to know, as sentences in the user's language."""
    if game == Game.GIN:
        return _gin_rules_in_words(rules)
    sentences = []
    points = rules["elimination_at"]
    if rules["elimination_rule"] == ">=":
        sentences.append(
            gettext("A player is out on reaching %(points)s points.") % {"points": points}
        )
    else:
        sentences.append(
            gettext("A player is out on passing %(points)s points (%(points)s is still in).")
            % {"points": points}
        )
    in_hand = rules["in_hand_scoring"]
    if in_hand == "double":
        sentences.append(gettext("Chiusura in mano: the opponents' points of that hand double."))
    elif in_hand == "bonus":
        sentences.append(
            gettext("Chiusura in mano: the closer takes %(points)s points off their total.")
            % {"points": rules["in_hand_bonus"]}
        )
    elif game == Game.SCALA40:
        sentences.append(gettext("Chiusura in mano: nothing extra."))
    if rules.get("not_opened_penalty") is not None:
        sentences.append(
            gettext("A player who has not opened pays %(points)s points.")
            % {"points": rules["not_opened_penalty"]}
        )
    if game == Game.RAMINO:
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
        sentences.append(text % bonuses)
    if rules["reentry_allowed"]:
        times = rules["reentry_max"]
        sentences.append(
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
        )
        if Decimal(str(rules["reentry_fee"])):
            sentences.append(
                gettext("Re-entry fee: %(amount)s.") % {"amount": money(rules["reentry_fee"])}
            )
    else:
        sentences.append(gettext("No re-entry: a player who is out stays out."))
    if Decimal(str(rules["stake"])):
        sentences.append(gettext("Stake: %(amount)s a player.") % {"amount": money(rules["stake"])})
    return sentences


def _gin_rules_in_words(rules: dict[str, Any]) -> list[str]:
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
            % {
                "ace": gettext("gin only")
                if rules["ace_upcard"] == "gin_only"
                else gettext("knock with 1")
            }
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


def shorten(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def user_name(user) -> str:
    if user is None:
        return gettext("unknown")
    return user.get_full_name() or user.get_username()


def local_datetime(value) -> str:
    return date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")


def local_date(value) -> str:
    return date_format(timezone.localtime(value), "DATE_FORMAT")
