"""The console of a tournament played in turni (`{% load turno_console %}`): the tournament page
includes its format's console template, which reads its data here, in one selector call."""

from django import template

from pairings.burraco.console import BurracoConsole, burraco_console
from pairings.burraco.forms import PairsForm
from pairings.burraco.team_views import teams_context
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def turno_console(tournament: Tournament) -> BurracoConsole:
    """`{% turno_console tournament as console %}`: the lines, the current turno's tables and
    what the director may do next."""
    return burraco_console(tournament)


@register.simple_tag
def pairs_form() -> PairsForm:
    """`{% pairs_form as form %}`: the empty list of pairs to paste."""
    return PairsForm()


@register.simple_tag(takes_context=True)
def team_roster(context, tournament: Tournament) -> dict:
    """`{% team_roster tournament as teams %}`: a team tournament's teams section
    (`pairings.burraco.team_views.teams_context`: the roster, the paste, the next pairs)."""
    return teams_context(context["request"], tournament)
