"""A club's VP tables, under /clubs/<slug>/vp-tables/: the list (the FIBur tables beside the
club's own), and the director's form to add, change or delete one.

Who sees them: the club's members, and everyone when the club is public (`Club.objects.for_user`);
anything else answers 404, and so does another club's table. Adding, changing and deleting need a
director (`clubs.permissions.can_direct`): 404 outside the club, 403 for a member without the
role; deleting asks first. Writes go through `pairings.vptables.services`, whose refusals come
back beside the band they name, with what was typed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from base.errors import as_message, on_form
from clubs.models import Club
from clubs.permissions import can_direct
from pairings.models import VpTable
from pairings.vptables import selectors, services
from pairings.vptables.forms import VpTableForm
from tournaments import lookups


def _directed_club(request: HttpRequest, slug: str) -> Club | None:
    """The club, once the user may direct it (None: an anonymous user, to send to log in)."""
    club = lookups.visible_club(request, slug)
    if not request.user.is_authenticated:
        return None
    lookups.require_director(request, club)
    return club


def _saved(request: HttpRequest, table: VpTable, words: str) -> HttpResponse:
    messages.success(request, words % {"name": table.name})
    return redirect("vptables:list", slug=table.club.slug)


@require_safe
def vp_table_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The VP tables the club's tournaments may use: FIBur's, then the club's own."""
    club = lookups.visible_club(request, slug)
    return render(
        request,
        "pairings/vp_tables.html",
        {
            "club": club,
            "tables": selectors.club_vp_tables(club),
            "is_director": can_direct(request.user, club),
        },
    )


@require_http_methods(["GET", "POST"])
def vp_table_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A director enters a new table: a name, a hand count, a row a band."""
    club = _directed_club(request, slug)
    if club is None:
        return redirect_to_login(request.get_full_path())
    form = VpTableForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            table = services.vp_table_create(
                club=club,
                user=request.user,
                name=form.cleaned_data["name"],
                hands=form.cleaned_data["hands"],
                bands=form.band_values(),
                for_teams=form.cleaned_data["for_teams"],
            )
            return _saved(request, table, gettext("VP table %(name)s saved."))
    return render(request, "pairings/vp_table_form.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
def vp_table_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director changes one of the club's tables (the FIBur ones are not rows: read-only)."""
    club = _directed_club(request, slug)
    if club is None:
        return redirect_to_login(request.get_full_path())
    table = get_object_or_404(VpTable.objects.filter(club=club), pk=pk)
    form = VpTableForm(
        request.POST if request.method == "POST" else None, table=selectors.shown_table(table)
    )
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            table = services.vp_table_update(
                table=table,
                user=request.user,
                name=form.cleaned_data["name"],
                hands=form.cleaned_data["hands"],
                bands=form.band_values(),
                for_teams=form.cleaned_data["for_teams"],
            )
            return _saved(request, table, gettext("VP table %(name)s saved."))
    return render(
        request, "pairings/vp_table_form.html", {"club": club, "form": form, "table": table}
    )


@require_http_methods(["GET", "POST"])
def vp_table_delete(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director deletes one of the club's tables, asked first (GET) then done (POST)."""
    club = _directed_club(request, slug)
    if club is None:
        return redirect_to_login(request.get_full_path())
    table = get_object_or_404(VpTable.objects.filter(club=club), pk=pk)
    if request.method == "GET":
        return render(request, "pairings/vp_table_delete.html", {"club": club, "table": table})
    with as_message(request):
        services.vp_table_delete(table=table, user=request.user)
        messages.success(request, gettext("VP table %(name)s deleted.") % {"name": table.name})
    return redirect("vptables:list", slug=club.slug)
