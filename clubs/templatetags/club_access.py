"""Template filters asking `clubs.permissions` what the viewer may open, so a page links only to
pages its viewer may see: `{% load club_access %}{% if club|visible_to:request.user %}`,
`{% if tournament|standings_csv_for:request.user %}`."""

from __future__ import annotations

from django import template

from clubs.models import Club
from clubs.permissions import can_export_tournament_standings, can_see_club

register = template.Library()


@register.filter
def visible_to(club: Club | None, user) -> bool:
    """Whether `user` may open the club's pages (a member, or anyone for a public club)."""
    return club is not None and can_see_club(user, club)


@register.filter
def standings_csv_for(tournament, user) -> bool:
    """Whether `user` may download the tournament's standings as CSV (a tournament of any
    format: its `club` and `is_public` are what the rule reads)."""
    return can_export_tournament_standings(user, tournament.club, public=tournament.is_public)
