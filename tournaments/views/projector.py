"""The projector page: a tournament's slides (standings, who sits where, the round's clock, the
bracket) filling a wall, a page at a time, rotating by themselves and refreshed as results arrive
(`static/js/projector.js`). What rotates and how fast are the address's: `?show=standings&show=
seating&seconds=20`, which the tournament page's small form builds.

The standings, bracket and pairings pages had a projector mode of their own (`?projector=1`)
before this page: such an address, bookmarked on a hall's laptop, now opens the projector
(`old_projector_address`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseClientRedirect

from clubs.requests import PageRequest
from tournaments import lookups, projector
from tournaments.models import Tournament


@require_safe
def projector_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector (`?fragment=1`: the slides alone, for the page's refresh)."""
    tournament = lookups.visible_tournament(request, pk)
    made = projector.slides(tournament)
    keys = projector.chosen_keys(request.GET.getlist("show"), made)
    clock = made["clock"].context.get("clock") if "clock" in made else None
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "slides": [made[key] for key in keys],
        "clock": clock,
        "seconds": projector.rotate_seconds(request.GET.get("seconds", "")),
        "poll_seconds": projector.POLL_SECONDS,
        "refresh_url": f"{request.path}?{_with_fragment(request)}",
        "home_url": reverse("tournaments:detail", args=[tournament.pk]),
        # the mark of a list split into screens, filled in by the page's script
        "page_words": gettext("page %(page)s of %(pages)s"),
    }
    if request.GET.get("fragment") == "1":
        return render(request, "tournaments/_projector_deck.html", context)
    return render(request, "tournaments/projector.html", context)


def _with_fragment(request: HttpRequest) -> str:
    query = request.GET.copy()
    query["fragment"] = "1"
    return query.urlencode()


def old_projector_address(
    request: PageRequest, tournament: Tournament, show: str
) -> HttpResponse | None:
    """The projector page showing `show`, when a page is asked for in its old projector mode
    (`?projector=1`): a redirect, or for a wall still showing the old page and refreshing it
    (htmx), the address its browser goes to (`HX-Redirect`). None for any other request. Asked
    once the page has looked the tournament up, so that the redirect says nothing of a
    tournament the user may not see."""
    if request.GET.get("projector") != "1":
        return None
    address = reverse("tournaments:projector", args=[tournament.pk]) + f"?show={show}"
    if request.htmx:
        return HttpResponseClientRedirect(address)
    return redirect(address)
