"""The messages a page shows at its top:
`{% load page_messages %}{% with said=messages|page_messages %}`. A view tags a message
"inline-<place>" to show it beside a form instead (clubs/_inline_messages.html); those are left
out, so no empty list is left at the top."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.contrib.messages.storage.base import Message

register = template.Library()


@register.filter
def page_messages(messages: Iterable[Message] | None) -> list[Message]:
    return [message for message in messages or () if "inline-" not in message.tags]
