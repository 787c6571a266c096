"""Who acts on a service: the request's user (an `AnonymousUser` for a visitor) or nobody (None:
a command, the demo, an import). A service records only an authenticated user as the author."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser

from clubs.models import User

Actor: TypeAlias = User | AnonymousUser | None
