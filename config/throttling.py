"""Rate limits on the API's writes (reads are never limited: standings pages poll)."""

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

READ_METHODS = ("GET", "HEAD", "OPTIONS")


class ApiWriteThrottle(SimpleRateThrottle):
    """At most API_WRITE_RATE writes per user, or API_ANONYMOUS_WRITE_RATE per anonymous address.

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
        return f"throttle-write-address-{self.get_ident(request)}"
