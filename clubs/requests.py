"""The request a page receives, as the type checker should see it: django-htmx's middleware gives
every request `htmx`, and behind `login_required` the user is an account. Views annotate their
`request` with these; nothing is built from them."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from clubs.models import User


class PageRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(PageRequest):
    """The request of a view behind `login_required`: its user is an account, never anonymous."""

    user: User
