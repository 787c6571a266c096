"""Club life's words in templates (`{% load clublife_words %}`): filters over
`clublife.presenters`, so a page says what the printables and the other pages say."""

from django import template

from clublife import presenters
from clublife.seasons import CountedMatch

register = template.Library()


@register.filter
def where(counted: CountedMatch) -> str:
    """`{{ counted|where }}`: "Club night, table 2", "A private tournament"..."""
    return presenters.where(counted)


@register.filter
def rating_value(rating: presenters.Rated) -> str:
    """`{{ rating|rating_value }}`: the ordinal a leaderboard ranks by, "12.4"."""
    return presenters.rating_value(rating)


@register.filter
def rating_estimate(rating: presenters.Rated) -> str:
    """`{{ rating|rating_estimate }}`: "estimate 25.0 ± 8.3"."""
    return presenters.rating_estimate(rating)


@register.filter
def rating_range(rating: presenters.Rated) -> str:
    """`{{ rating|rating_range }}`: skill ± uncertainty, "25.0 ± 8.3"."""
    return presenters.rating_range(rating)
