"""What the apps above scoring add to a match's page, without scoring importing them.

scoring is below tournaments in the chain (docs/ARCHITECTURE.md): it never imports them, nor
names their URLs. A match may still be a tournament's table, and its page then links the
tournament, offers a director to reopen it, and offers the phones at the table the confirmation
of the result. So the app that owns such a match registers a place provider here (tournaments
does it in `TournamentsConfig.ready()`), and the match page (`scoring.match_page`) shows what the
provider gives, in the same way for any app.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.table_access import MatchViewer


@dataclass(frozen=True)
class EventLink:
    """The event (a tournament) a match belongs to, as its page links it: the event's page
    (standings, the next round) and "where do I sit?"."""

    name: str
    url: str
    where_url: str


@dataclass(frozen=True)
class MatchPlace:
    """A match's place in an event above scoring (a tournament's table), as the match page shows
    it. The addresses are the provider's: scoring only shows them."""

    link: EventLink | None  # None: the viewer may not follow the event
    reopen_url: str  # where a director reopens the finished event that closed the match
    confirm_url: str  # the confirmation of the result at the table (a phone's)
    dispute_url: str  # and the call for the director
    confirmed: bool  # the result is confirmed as the match stands now
    disputed: bool  # a phone disputed the result
    event: str = ""  # the printables' event line ("Coppa d'autunno — Round 2"), "" if not shown
    # The provider's one rule of who may confirm, asked for this viewer: "" when they may, else
    # why not in a word ("wrote": they decided part of the result; "unfinished", "disputed"...).
    confirm_refused: str = "unfinished"
    confirm_words: str = ""  # the refusal in the viewer's words ("" : none, or not said here)
    director_confirms: bool = False  # a director confirms on the match page (a club night's)


PlaceProvider = Callable[["MatchViewer"], MatchPlace | None]

place_providers: list[PlaceProvider] = []


def add_place_provider(provider: PlaceProvider) -> None:
    """Let `provider(viewer)` say where the viewer's match belongs (once, however often it is
    added); it answers None for a match that is not its own."""
    if provider not in place_providers:
        place_providers.append(provider)


def place_of(viewer: MatchViewer) -> MatchPlace | None:
    """The place of the viewer's match as the first provider that owns it says, or None (a club
    night's); `viewer` is who looks (`scoring.table_access.viewer_of`)."""
    for provider in place_providers:
        place = provider(viewer)
        if place is not None:
            return place
    return None
