"""API tokens: django-rest-knox's hashed, expiring tokens, and the throttle of the token endpoint.

A token is shown once, when it is made; the database keeps only its SHA-512 digest, when it was
made and when it expires (TOKEN_TTL_DAYS later). Requests send it as `Authorization: Token KEY`.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from rest_framework import exceptions
from rest_framework.throttling import SimpleRateThrottle

from config.auth import client_address


class TokenAuthentication(KnoxTokenAuthentication):
    """knox's token check, answering 401 (not 500) to a header that is not text."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(
                _("Invalid token header. Token string should not contain invalid characters.")
            ) from None
        return super().authenticate_credentials(token)

    def _cleanup_token(self, auth_token) -> bool:
        """Whether the request's token has expired (it is deleted then). knox also reads every
        other token of the user on every request to delete the expired ones: one query more on
        each hand. Those are deleted when the user makes a new token (`clubs.tokens`) and never
        listed or accepted meanwhile."""
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False


class TokenThrottle(SimpleRateThrottle):
    """At most API_TOKEN_RATE token requests per username and address, right password or not.

    The login's pair (django-axes counts wrong passwords the same way): never by address alone,
    since a whole club shares one. The address is the one django-axes sees (TRUSTED_PROXY_COUNT).
    """

    scope = "token"

    def __init__(self):
        self.rate = settings.API_TOKEN_RATE
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_cache_key(self, request, view):
        username = ""
        data = request.data  # a body the parser refuses answers its 400 from here
        if isinstance(data, dict) and isinstance(data.get("username"), str):
            username = data["username"].strip().casefold()[:150]
        address = client_address(request)
        return self.cache_format % {"scope": self.scope, "ident": f"{username}|{address}"}


class TokenScheme(OpenApiAuthenticationExtension):
    """The schema's name for the token scheme stays `tokenAuth`: `Authorization: Token KEY`."""

    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix=self.target.authenticate_header(None)
        )
