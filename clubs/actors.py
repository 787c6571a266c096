"""Who acts on a service: the request's user (an `AnonymousUser` for a visitor), a phone that
joined one match with its table code (`TableActor`: no account), or nobody (None: a command, the
demo, an import). A service records only an authenticated user as the author, and a table phone
as the phone it is (`scoring.models.TableJoin`: the code, the phone's session, the name it gave).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, TypeAlias

from django.contrib.auth.models import AnonymousUser

from clubs.models import User


@dataclass(frozen=True)
class TableActor:
    """A phone that joined one match with its table code (`scoring.table_access.MatchViewer`
    makes it, only for that match and only while its code holds). It is never a user: every
    role check (`clubs.permissions.role_in`) answers "no role" for it, so it may do only what the
    table code rule allows, on `match_id` alone."""

    join_id: int  # the `scoring.models.TableJoin` row: code, phone session, name, seat
    match_id: int
    name: str
    code: str
    # The account logged in on the phone, if any: what the phone writes is that user's too.
    user_id: int | None = None

    is_authenticated: ClassVar[Literal[False]] = False
    is_anonymous: ClassVar[Literal[True]] = True
    pk: ClassVar[None] = None


Actor: TypeAlias = User | AnonymousUser | TableActor | None
