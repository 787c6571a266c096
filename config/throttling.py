"""Rate limits on the API's writes (reads are never limited: standings pages poll)."""

import math
import time

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

READ_METHODS = ("GET", "HEAD", "OPTIONS")
# Where a phone's session keeps the tables it joined with a code (`scoring.table_access`).
TABLE_PHONE_SESSION_KEY = "table_joins"


class ApiWriteThrottle(SimpleRateThrottle):
    """At most API_WRITE_RATE writes per user, or API_ANONYMOUS_WRITE_RATE per anonymous address;
    a table phone (a session that joined a table with its code) counts on its own, at the
    anonymous rate: a hall's phones share the club router's address, and 60 of them entering
    hands and confirming results at the end of a round must not refuse one another.

    The rates are read from the settings on every request, so a test or a deployment's settings
    change them without touching this class. The counts live in the default cache: per process
    with the local-memory cache, shared by every worker with Redis.
    """

    def __init__(self):
        self.rate = None  # chosen per request, once the user is known

    def allow_request(self, request, view):
        if request.method in READ_METHODS:
            return True
        if request.user and request.user.is_authenticated:
            self.rate = settings.API_WRITE_RATE
        else:
            self.rate = settings.API_ANONYMOUS_WRITE_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, view):
        if request.user and request.user.is_authenticated:
            return f"throttle-write-user-{request.user.pk}"
        session = getattr(request, "session", None)
        if session is not None and session.session_key and session.get(TABLE_PHONE_SESSION_KEY):
            return f"throttle-write-phone-{session.session_key}"
        return f"throttle-write-address-{self.get_ident(request)}"


class AddressThrottle(SimpleRateThrottle):
    """A page's own rate limit per client address (`scope`, at `rate` such as "30/min"), for the
    pages anyone may use without an account (self check-in, "where do I sit?"). The address is
    DRF's, behind TRUSTED_PROXY_COUNT proxies as the API's throttles read it; the counts live in
    the default cache, as the API's."""

    def __init__(self, scope: str, rate: str):
        self.scope_name = scope
        self.rate = rate
        self.num_requests, self.duration = self.parse_rate(rate)

    def allow_request(self, request, view=None):
        # A page, not an API view: there is no view, and the key is the address alone.
        return super().allow_request(request, view)

    def get_cache_key(self, request, view):
        return f"throttle-{self.scope_name}-address-{self.get_ident(request)}"


def seconds_to_wait(request, scope: str, rate: str) -> int | None:
    """Count one request of the client's address in `scope`; None while within `rate`, else the
    seconds to wait (at least 1) before the next one is allowed."""
    throttle = AddressThrottle(scope, rate)
    if throttle.allow_request(request):
        return None
    return max(int(throttle.wait() or 1), 1)


def count_attempt(key: str, *, window: int) -> int:
    """Count one more attempt under `key` in the default cache, for `window` seconds from the
    first one; answers the count so far (this one included). Table codes use it: every wrong
    code per address, every attempt per code (`scoring.table_codes.table_join`)."""
    now = time.time()
    cache.add(f"{key}-since", now, timeout=window)
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(f"{key}-since", now, timeout=window)
        cache.set(key, 1, timeout=window)
        return 1


def attempts(key: str) -> int:
    """The attempts counted under `key` in its current window."""
    return int(cache.get(key, 0))


def window_left(key: str, *, window: int) -> int:
    """The seconds until the window of `key` ends and its count starts again from 0 (at least
    1): what a 429 tells in `Retry-After`."""
    since = cache.get(f"{key}-since")
    if since is None:
        return 1
    return max(math.ceil(since + window - time.time()), 1)
