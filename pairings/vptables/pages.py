"""What the club page shows of the VP tables (a section provider of `clubs.pages`, registered in
`PairingsConfig.ready()`, so clubs names none of this app's URLs): the link to the list, for
whoever may enter a table (a director)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from clubs.models import Club
from clubs.permissions import can_direct


def club_vp_tables_link(request: HttpRequest, club: Club, is_member: bool) -> dict[str, object]:
    if not is_member or not can_direct(request.user, club):
        return {}
    return {"vp_tables_url": reverse("vptables:list", kwargs={"slug": club.slug})}
