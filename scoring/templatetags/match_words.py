"""The matches' words in templates (`{% load match_words %}`): filters over `scoring.presenters`,
so a page says a table as the printables and the API do, from one place."""

from django import template

from scoring import presenters

register = template.Library()


@register.filter
def table_name(label: str) -> str:
    """`{{ match.table_label|table_name }}`: "Table 3" for a number, free text as typed."""
    return presenters.table_name(label)
