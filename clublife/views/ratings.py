"""Club life pages: the rating leaderboards and a player's profile (statistics, head-to-head,
recent matches, and two charts drawn on the server).

Both are visible to the club's members, and to everyone when the club is public; another club's
private pages answer 404. Rebuilding the ratings from scratch is for directors (and owners).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from clublife import charts, presenters, ratings
from clubs.models import Player
from clubs.permissions import can_direct
from scoring.games import game_choices
from tournaments import lookups


class GameFilterForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"), choices=[("", _("Every game")), *game_choices()], required=False
    )


@require_safe
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """One leaderboard per game (or the game of `?game=`), players by rating."""
    club = lookups.visible_club(request, slug)
    form = GameFilterForm(request.GET or None)
    game = form.cleaned_data["game"] or None if form.is_valid() else None
    context: dict[str, object] = {
        "club": club,
        "form": form,
        "boards": ratings.leaderboards(club=club, game=game),
        "can_direct": can_direct(request.user, club),
    }
    return render(request, "clublife/ratings.html", context)


@login_required
@require_POST
def recompute(request: HttpRequest, slug: str) -> HttpResponse:
    """Rebuild the club's ratings from every counted match (directors)."""
    club = lookups.visible_club(request, slug)
    lookups.require_director(request, club)
    count = ratings.ratings_recompute(club=club)
    messages.success(
        request,
        ngettext(
            "Ratings recomputed from %(count)s match.",
            "Ratings recomputed from %(count)s matches.",
            count,
        )
        % {"count": count},
    )
    return redirect(reverse("clublife:ratings", kwargs={"slug": club.slug}))


@require_safe
def profile(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's statistics, places, head-to-head records, ratings and recent matches."""
    club = lookups.visible_club(request, slug)
    player: Player = get_object_or_404(Player.objects.filter(club=club), pk=pk)
    player.club = club
    found = ratings.player_profile(player)
    games = []
    for game in found.games:
        rating_svg = None
        if game.history:
            first = game.history[0]
            rating_svg = charts.rating_chart(
                [(point.mu, point.sigma) for point in game.history],
                start=(first.mu_before, first.sigma_before),
                **presenters.rating_chart_words(game.label),
            )
        places_svg = None
        if game.statistics.finished:
            places_svg = charts.places_chart(
                game.places,
                **presenters.places_chart_words(game.label),
            )
        games.append(
            {
                "game": game,
                "stats": game.statistics,
                "rating_chart": rating_svg,
                "places_chart": places_svg,
                "gin_share": ratings.share(game.statistics.gin_share),
                "undercut_share": ratings.share(game.statistics.undercut_share),
                "win_share": ratings.share(game.statistics.win_share),
            }
        )
    context = {"club": club, "player": player, "profile": found, "games": games}
    return render(request, "clublife/profile.html", context)
