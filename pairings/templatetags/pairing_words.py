"""The Gin formats' words in templates (`{% load pairing_words %}`): filters over
`pairings.presenters`, so a page says what the printables say, from one place."""

from django import template

from pairings import presenters
from pairings.selectors.rounds import PairingView

register = template.Library()


@register.filter
def pairing_result(pairing: PairingView) -> str:
    """`{{ pairing|pairing_result }}`: "Anna wins · net 28", "Draw", "To play"..."""
    return presenters.pairing_result(pairing)


@register.filter
def bye_line(name: str) -> str:
    """`{{ entry.player.name|bye_line }}`: "Bye: Anna (1 point)"."""
    return presenters.bye_line(name)


@register.filter
def tie_break_column(key: str) -> str:
    """`{{ key|tie_break_column }}`: "Buchholz", "Head to head"..."""
    return presenters.tie_break_column(key)


@register.filter
def tie_break_value(value: float | None) -> str:
    """`{{ cell.value|tie_break_value }}`: "1.5", or a dash for head to head not reached."""
    return presenters.tie_break_value(value)
