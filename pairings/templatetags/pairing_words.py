"""The Gin formats' words in templates (`{% load pairing_words %}`): filters over
`pairings.presenters`, so a page says what the printables say, from one place."""

from django import template

from pairings import presenters
from pairings.selectors import PairingView

register = template.Library()


@register.filter
def pairing_result(pairing: PairingView) -> str:
    """`{{ pairing|pairing_result }}`: "Anna wins · net 28", "Draw", "To play"..."""
    return presenters.pairing_result(pairing)


@register.filter
def bye_line(name: str) -> str:
    """`{{ entry.player.name|bye_line }}`: "Bye: Anna (1 point)"."""
    return presenters.bye_line(name)
