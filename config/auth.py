"""Login throttling for every login that comes over HTTP; logging out."""

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_username
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.shortcuts import render


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check, for logins made by a request.

    A login without a request (a management command, a test client's `login()`) has no address to
    throttle, so it goes straight on to the password check instead of failing.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_response(request, original_response=None, credentials=None):
    """The page a locked-out login gets: who is paused, and for how many minutes (429)."""
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
    }
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


def client_address(request) -> str:
    """The address a login comes from, as django-axes counts it.

    Behind TRUSTED_PROXY_COUNT proxies (nginx: 1), each proxy appended the address it saw to
    X-Forwarded-For, so the client is that many entries from the end; anything before it was sent
    by the client and may be forged. With no proxy, the connection's own address.
    """
    count = settings.TRUSTED_PROXY_COUNT
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if count and forwarded:
        return forwarded[-min(count, len(forwarded))]
    return request.META.get("REMOTE_ADDR", "")


class LogoutView(auth_views.LogoutView):
    """Django's logout, which also tells the browser to forget what the site kept on it
    (Clear-Site-Data "storage"): the hands kept on a phone and not recorded, what was being
    typed, the match pages kept to open offline and their service worker. The next person on this
    browser finds nothing of the last one's, and nothing is sent under their name. Only a logout
    that happened clears it: one that did not reach the server (no network) keeps everything."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"storage"'
        return response
