"""A user's API tokens (django-rest-knox): make, list and revoke them.

The database keeps a token's SHA-512 digest, never the token: a new token is shown once, when it is
made. Each expires TOKEN_TTL_DAYS after it was made; a user holds at most TOKEN_LIMIT_PER_USER at
once (one per phone or program), and a new one beyond that revokes the oldest. A token is named by
`token_id` (the start of its digest), which reveals nothing of the token itself.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from knox.models import AuthToken

ID_LENGTH = 16


def token_id(token: AuthToken) -> str:
    """The name of a token in lists and in revocations: the first 16 hex digits of its digest."""
    return token.digest[:ID_LENGTH]


def tokens_for(user) -> QuerySet[AuthToken]:
    """The user's tokens still valid, newest first."""
    return AuthToken.objects.filter(user=user, expiry__gt=timezone.now()).order_by("-created")


@dataclass(frozen=True)
class TokenRow:
    """A token as the token page and the API list it: its `token_id`, when it was made, when it
    expires, and whether it is the one the request was sent with (never the token itself)."""

    id: str
    created: dt.datetime
    expiry: dt.datetime
    current: bool


def token_rows(user, *, current: object = None) -> list[TokenRow]:
    """The user's tokens still valid, newest first, as lists show them; `current` is the
    request's `auth` (the token it was sent with; None for a session)."""
    current_digest = getattr(current, "digest", None)
    return [
        TokenRow(
            id=token_id(token),
            created=token.created,
            expiry=token.expiry,
            current=current_digest is not None and token.digest == current_digest,
        )
        for token in tokens_for(user)
    ]


def token_create(*, user) -> tuple[AuthToken, str]:
    """Make a new token for `user`; answer it and its key (to be shown once, then forgotten).

    Locks the user's row first, so that two logins at once cannot both keep the oldest token past
    TOKEN_LIMIT_PER_USER. Expired tokens of the user are deleted on the way.
    """
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        AuthToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
        keep = settings.TOKEN_LIMIT_PER_USER - 1
        oldest = list(tokens_for(user).values_list("digest", flat=True)[keep:])
        if oldest:
            AuthToken.objects.filter(user=user, digest__in=oldest).delete()
        return AuthToken.objects.create(user=user)


def token_revoke(*, user, token: str) -> bool:
    """Revoke the user's token named `token` (its `token_id`); answer whether there was one."""
    if len(token) != ID_LENGTH:
        return False
    deleted, _by_model = AuthToken.objects.filter(user=user, digest__startswith=token).delete()
    return bool(deleted)


def tokens_revoke_all(*, user) -> int:
    """Revoke every token of the user; answer how many there were."""
    deleted, _by_model = AuthToken.objects.filter(user=user).delete()
    return deleted
