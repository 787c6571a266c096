"""What the apps above clubs add to the clubs' own pages, without clubs importing them.

clubs is the bottom of the chain (docs/ARCHITECTURE.md): it never imports scoring or
tournaments. Its home page and club page still show matches, which live in scoring; so the app
that owns them registers a section provider here (scoring does it in `ScoringConfig.ready()`),
and clubs' views merge what the providers give into their template context.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.http import HttpRequest

    from clubs.models import Club

HomeSection = Callable[["HttpRequest"], dict[str, object]]
ClubSection = Callable[["HttpRequest", "Club", bool], dict[str, object]]

home_providers: list[HomeSection] = []
club_providers: list[ClubSection] = []


def add_home_section(provider: HomeSection) -> None:
    """Add `provider(request)`'s context to the home page (once, however often it is added)."""
    if provider not in home_providers:
        home_providers.append(provider)


def add_club_section(provider: ClubSection) -> None:
    """Add `provider(request, club, is_member)`'s context to a club's page (once)."""
    if provider not in club_providers:
        club_providers.append(provider)


def home_sections(request: HttpRequest) -> dict[str, object]:
    """The home page's context contributed by the apps above clubs."""
    context: dict[str, object] = {}
    for provider in home_providers:
        context.update(provider(request))
    return context


def club_sections(request: HttpRequest, club: Club, is_member: bool) -> dict[str, object]:
    """A club page's context contributed by the apps above clubs; `is_member` says whether the
    user belongs to the club (a visitor of a public club sees less)."""
    context: dict[str, object] = {}
    for provider in club_providers:
        context.update(provider(request, club, is_member))
    return context
