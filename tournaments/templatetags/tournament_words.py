"""The tournaments' words in templates (`{% load tournament_words %}`): filters over
`tournaments.presenters` (and `scoring.presenters.money`), so a page says a round, an amount or
a dropped player as the other pages, the printables and the exports do, from one place."""

from __future__ import annotations

from decimal import Decimal

from django import template

from scoring.presenters import money as money_text
from tournaments import presenters, projector
from tournaments.formats import TournamentFormat
from tournaments.formats import format_of as registry_format_of
from tournaments.models import Entry, Round, Tournament

register = template.Library()


@register.simple_tag
def format_of(tournament: Tournament) -> TournamentFormat:
    """`{% format_of tournament as format %}`: the tournament's format class, for
    `format.uses_tables`, `format.is_bracket` (`tournaments.formats.format_of`)."""
    return registry_format_of(tournament)


@register.filter
def round_label(round: Round) -> str:
    """`{{ round|round_label }}`: "Qualifying round 2", "Final table"."""
    return presenters.round_label(round)


@register.filter
def tie_break_mark(row: presenters.SeparatedRow) -> str:
    """`{{ row|tie_break_mark }}`: "Tie-break with Anna Ferri: head to head" under the name of a
    player a tie-break set below the one above, on the same points; empty otherwise."""
    return presenters.tie_break_mark(row)


@register.filter
def money(amount: Decimal) -> str:
    """`{{ amount|money }}`: "€ 36.00"."""
    return money_text(amount)


@register.filter
def entry_state(entry: Entry) -> str:
    """`{{ entry|entry_state }}`: "Checked in", "Dropped" ("Ritirata" for a woman)."""
    return presenters.entry_state_label(entry)


@register.filter
def dropped_mark(entry: Entry) -> str:
    """`{{ entry|dropped_mark }}`: "dropped" for a player who dropped, else empty."""
    return presenters.dropped_mark(entry)


@register.filter
def projector_choices(tournament: Tournament) -> list[tuple[str, str]]:
    """`{% for key, label in tournament|projector_choices %}`: the slides its projector can
    rotate (standings, who sits where, the clock; the bracket for a knockout)."""
    return [(key, str(projector.SLIDE_LABELS[key])) for key in projector.available_keys(tournament)]
