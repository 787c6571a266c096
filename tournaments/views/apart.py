"""The keep-apart groups of a tournament, for its directors: add a group (several players, kept
apart when possible or never seated together) and remove one. Every later seating of a table
round respects them (`tournaments.services.apart`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from base.errors import as_message, on_form
from tournaments import lookups, services
from tournaments.formats import format_of
from tournaments.forms import KeepApartForm
from tournaments.models import KeepApart, Tournament, TournamentStatus


def _page(request: HttpRequest, tournament: Tournament, form: KeepApartForm | None = None):
    groups = list(tournament.apart_groups.prefetch_related("entries__player"))
    rows = [
        (group, sorted((entry.player.name for entry in group.entries.all()), key=str.lower))
        for group in groups
    ]
    return render(
        request,
        "tournaments/apart.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "is_director": True,
            "form": form or KeepApartForm(tournament=tournament),
            "rows": rows,
            "finished": tournament.status == TournamentStatus.FINISHED,
        },
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def keep_apart(request: HttpRequest, pk: int) -> HttpResponse:
    """The groups and the form to add one. POST `action`: add (the default) or remove (`group`)."""
    tournament = lookups.directed_tournament(request, pk)
    if not format_of(tournament).uses_tables:
        raise Http404  # the Gin formats pair players: nobody is seated at tables
    if request.method != "POST":
        return _page(request, tournament)
    if request.POST.get("action") == "remove":
        group = get_object_or_404(
            KeepApart, tournament=tournament, pk=request.POST.get("group") or 0
        )
        label = str(group)
        with as_message(request) as refused:
            services.apart_group_remove(group=group, user=request.user)
        if not refused:
            messages.success(request, gettext("Group removed: %(group)s.") % {"group": label})
        return redirect("tournaments:keep-apart", pk=tournament.pk)
    form = KeepApartForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _page(request, tournament, form)
    with on_form(form) as refused:
        group = services.apart_group_add(
            tournament=tournament,
            user=request.user,
            entries=list(form.cleaned_data["entries"]),
            hard=form.cleaned_data["hard"],
            name=form.cleaned_data["name"],
        )
    if refused:
        return _page(request, tournament, form)
    messages.success(
        request,
        gettext("Kept apart from the next seating on: %(group)s.") % {"group": str(group)},
    )
    return redirect("tournaments:keep-apart", pk=tournament.pk)
