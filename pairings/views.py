"""The pages of Gin tournaments: the bracket (live), the pairings of each round, the standings,
and the director's actions (draw, next round, fix a result). Their old projector mode
(`?projector=1`) opens the projector page (`tournaments.views.old_projector_address`).

Views stay thin: they read through `pairings.selectors` (its modules), write through
`pairings.services`, and ask `clubs.permissions` who may act. A tournament is looked up in
`Tournament.objects.for_user`, so a private tournament of another club answers 404; a member who
may not direct gets 403 on the director's actions.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from base.errors import as_message, on_form
from clubs.permissions import can_direct, can_score
from clubs.requests import PageRequest
from pairings import presenters as words
from pairings import services
from pairings.formats import GinFormat, bracket_format_of, rounds_format_of
from pairings.schedule import schedule_of
from pairings.selectors.rounds import pairing_rounds
from tournaments import lookups
from tournaments.formats import format_of
from tournaments.models import Table, Tournament, TournamentStatus
from tournaments.views import old_projector_address

POLL_SECONDS = 10


def _gin_tournament(request: HttpRequest, pk: int) -> Tournament:
    """A Gin tournament the user may see (public, or of their club), or 404: a tournament seated
    at tables, Scala 40's or Burraco's, has none of these pages."""
    tournament = lookups.visible_tournament(request, pk)
    if not isinstance(format_of(tournament), GinFormat):
        raise Http404
    return tournament


def _directed(request: HttpRequest, pk: int) -> Tournament:
    """The Gin tournament if the user may direct it: 404 outside the club and for a tournament
    seated at tables (asked before the role, as `pairings.burraco.lookups.directed_teams`
    does), 403 without the role."""
    tournament = _gin_tournament(request, pk)
    lookups.require_director(request, tournament.club)
    return tournament


def _common(request: HttpRequest, tournament: Tournament) -> dict:
    return {
        "tournament": tournament,
        "club": tournament.club,
        "can_direct": can_direct(request.user, tournament.club),
        "can_score": can_score(request.user, tournament.club),
        "poll": tournament.status == TournamentStatus.RUNNING,
        "poll_seconds": POLL_SECONDS,
        "running": tournament.status == TournamentStatus.RUNNING,
        "finished": tournament.status == TournamentStatus.FINISHED,
    }


def _actions(tournament: Tournament) -> dict:
    """What the director's buttons offer: the next round while one is left to pair, and "Finish
    the tournament" when the format says it can finish."""
    kind = format_of(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        return {"can_pair": False, "can_finish": False}
    return {
        "can_pair": kind.pairs_next_round and not kind.all_rounds_played(tournament, None),
        "can_finish": kind.can_finish(tournament),
    }


def _home_of(tournament: Tournament) -> str:
    return reverse(format_of(tournament).home_url_name(), kwargs={"pk": tournament.pk})


# Pages -------------------------------------------------------------------------------------------


@require_safe
def bracket(request: PageRequest, pk: int) -> HttpResponse:
    tournament = _gin_tournament(request, pk)
    moved = old_projector_address(request, tournament, "bracket")
    if moved is not None:
        return moved
    kind = bracket_format_of(tournament)
    if kind is None:
        return redirect(format_of(tournament).home_url_name(), pk=tournament.pk)
    view = kind.bracket_of(tournament)
    context = {
        **_common(request, tournament),
        "view": view,
        "sections": view.sections,
    }
    if context["can_direct"] and request.GET.get("fragment") != "1":
        context.update(_actions(tournament))
    if view.bracket is not None and view.bracket.champion is not None:
        context["champion"] = words.champion_line(view.names[view.bracket.champion])
    template = "pairings/bracket.html"
    if request.GET.get("fragment") == "1":
        template = "pairings/_bracket.html"
    return render(request, template, context)


@require_safe
def pairings(request: PageRequest, pk: int) -> HttpResponse:
    tournament = _gin_tournament(request, pk)
    moved = old_projector_address(request, tournament, "seating")
    if moved is not None:
        return moved
    if format_of(tournament).home_url_name() != "pairings:pairings":
        return redirect(format_of(tournament).home_url_name(), pk=tournament.pk)
    rounds = pairing_rounds(tournament)
    chosen = None
    if rounds:
        chosen = rounds[-1]
        wanted = request.GET.get("round", "")
        if wanted.isdigit():
            chosen = next((r for r in rounds if r.round.number == int(wanted)), None)
            if chosen is None:
                raise Http404
    schedule = rounds_format_of(tournament).schedule(tournament, rounds)
    context = {
        **_common(request, tournament),
        "rounds": rounds,
        "chosen": chosen,
        "is_last": chosen is not None and chosen is rounds[-1],
        "schedule": schedule_of(tournament, schedule, len(rounds)),
    }
    if context["can_direct"] and request.GET.get("fragment") != "1":
        context.update(_actions(tournament))
    template = "pairings/pairings.html"
    if request.GET.get("fragment") == "1":
        template = "pairings/_pairings.html"
    return render(request, template, context)


@require_safe
def standings(request: PageRequest, pk: int) -> HttpResponse:
    tournament = _gin_tournament(request, pk)
    moved = old_projector_address(request, tournament, "standings")
    if moved is not None:
        return moved
    result = format_of(tournament).standings(tournament)
    context = {
        **_common(request, tournament),
        "standings": result,
        "order": words.standings_order(result.tie_breaks),
        # a tie-break set players on the same points apart: the page says which is in bold
        "decided": any(cell.decided for row in result.rows for cell in getattr(row, "cells", ())),
    }
    template = "pairings/standings.html"
    if request.GET.get("fragment") == "1":
        template = "pairings/_standings.html"
    return render(request, template, context)


@require_safe
def console(request: HttpRequest, pk: int) -> HttpResponse:
    """The director's buttons of the console (loaded into the tournament page); empty for
    everyone else."""
    tournament = _gin_tournament(request, pk)
    if not can_direct(request.user, tournament.club):
        return HttpResponse("")
    context = {**_common(request, tournament), **_actions(tournament)}
    return render(request, "pairings/_actions.html", context)


# The director's actions --------------------------------------------------------------------------


@login_required
@require_POST
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _directed(request, pk)
    with as_message(request):
        services.draw(tournament=tournament, user=request.user)
        messages.success(request, gettext("The draw is made: the first matches can start."))
    return redirect(_home_of(tournament))


@login_required
@require_POST
def next_round(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _directed(request, pk)
    with as_message(request) as refused:
        round = services.next_round(tournament=tournament, user=request.user)
    if refused:
        return redirect(_home_of(tournament))
    messages.success(request, gettext("Round %(number)s is paired.") % {"number": round.number})
    return redirect(_home_of(tournament) + f"?round={round.number}")


class FixForm(forms.Form):
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, empty_value=None, required=False)
    walkover = forms.BooleanField(
        label=_("Walkover: the other player did not play"), required=False
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        winner = self.fields["winner"]
        assert isinstance(winner, forms.ChoiceField)
        winner.choices = [
            ("", gettext("No fix: the match's own result counts")),
            *((entry.pk, entry.player.name) for entry in seats),
        ]


@login_required
@require_http_methods(["GET", "POST"])
def result_fix(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    tournament = _directed(request, pk)
    table_row = get_object_or_404(
        Table.objects.select_related("round", "match"), pk=table, round__tournament=tournament
    )
    seated = table_row.seats.select_related("entry__player").order_by("seat")
    seats = [seat.entry for seat in seated]
    fixes = list(table_row.fixes.select_related("winner__player", "created_by").order_by("id"))
    current = next((fix for fix in fixes if fix.is_current), None)
    initial = {"winner": current.winner_id if current else None}
    form = FixForm(request.POST or None, seats=seats, initial=initial)
    if request.method == "POST" and form.is_valid():
        winner = next((e for e in seats if e.pk == form.cleaned_data["winner"]), None)
        with on_form(form):
            services.result_fix(
                table=table_row,
                user=request.user,
                winner=winner,
                walkover=form.cleaned_data["walkover"],
                reason=form.cleaned_data["reason"],
            )
            messages.success(request, gettext("The result is fixed."))
            return redirect(_home_of(tournament))
    return render(
        request,
        "pairings/fix.html",
        {
            **_common(request, tournament),
            "table": table_row,
            "seats": seats,
            "fixes": list(reversed(fixes)),
            "form": form,
        },
    )
