"""Words the clubs' pages share, and the one helper every app uses to put a noun before a name a
user typed: `named` ("Tournament %(name)s" says "Torneo UX" once, never "Torneo Torneo UX")."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext, override
from django.utils.translation import gettext_noop as _

NAME = "%(name)s"

# The phrases that put a noun before a user's name; each goes through `named`.
CLUB_NAMED = _("Club %(name)s")
TOURNAMENT_NAMED = _("Tournament %(name)s")
SEASON_NAMED = _("Season %(name)s")


def _noun(phrase: str) -> str:
    return phrase.split(NAME, 1)[0].strip().lower()


def _nouns(phrase: str) -> set[str]:
    """The noun of `phrase` in every language of the site ("tournament", "torneo")."""
    nouns = {_noun(phrase)}
    for language, _name in settings.LANGUAGES:
        with override(language):
            nouns.add(_noun(gettext(phrase)))
    return nouns - {""}


def named(phrase: str, name: str) -> str:
    """`phrase` (an English template with `%(name)s` after its noun, marked with gettext_noop)
    in the user's language around `name`, or `name` alone when it already starts with that noun
    in any language of the site: "Tournament %(name)s" and "Coppa UX" say "Torneo Coppa UX";
    and "Torneo UX" says "Torneo UX", in Italian and in English alike."""
    lowered = " ".join(name.split()).lower()
    for noun in _nouns(phrase):
        if lowered == noun or lowered.startswith(noun + " "):
            return name
    return gettext(phrase) % {"name": name}
