"""The director's actions of a Burraco tournament's console (the tournament page includes
templates/pairings/burraco/_console.html): enter pairs from a pasted list, make a pair of two
players entered alone, seat the next turno, withdraw a pair (after asking). Each comes back to
its part of the tournament page, its message shown there (`clubs/_inline_messages.html`); a
refused list of pairs is shown again on a page of its own, the refusal beside the text.

Director only: `pairings.burraco.lookups.directed_burraco` answers 404 outside the club and 403
to a member without the role (`clubs.permissions.can_direct`); another format's tournament
answers 404.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from base.errors import as_message, on_form
from clubs.permissions import can_direct
from pairings.burraco import services
from pairings.burraco.console import burraco_console
from pairings.burraco.forms import PairsForm
from pairings.burraco.lookups import directed_burraco, visible_burraco
from pairings.burraco.selectors import burraco_facts
from tournaments.errors import TournamentActionError
from tournaments.models import Entry, Tournament
from tournaments.presenters import clock_of
from tournaments.views.core import Ask, ask, confirmed

# The turno's part of the console asks again this often while its tables play.
POLL_SECONDS = 15

# The parts of the tournament page the actions come back to, and the tags of their messages.
PAIRS_PLACE = "inline-burraco-pairs"
TURNO_PLACE = "inline-burraco-turno"


def _back(tournament: Tournament, anchor: str) -> HttpResponse:
    return redirect(f"{tournament.get_absolute_url()}#{anchor}")


@require_safe
def turno_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The console's turno (its tables and running line totals), for everyone who may follow
    the tournament: the panel asks for it again while the turno is played (htmx)."""
    tournament = visible_burraco(request, pk)
    console = burraco_console(tournament)  # its facts hold the turno's round: no query of ours
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "is_director": can_direct(request.user, tournament.club),
        "console": console,
        "clock": clock_of(console.round, console.turno is not None and console.turno.complete),
        "poll_seconds": POLL_SECONDS,
    }
    return render(request, "pairings/burraco/_turno.html", context)


@login_required
@require_POST
def pairs(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter the pairs pasted (all or nothing); refused, the list comes back with the refusal
    beside it."""
    tournament = directed_burraco(request, pk)
    form = PairsForm(request.POST)
    if form.is_valid():
        with on_form(form):
            entered = services.pairs_register(
                tournament=tournament,
                user=request.user,
                lines=form.lines(),
                check_in=form.cleaned_data["check_in"],
            )
            count = len(entered)
            messages.success(
                request,
                ngettext("%(count)s pair entered.", "%(count)s pairs entered.", count)
                % {"count": count},
                extra_tags=PAIRS_PLACE,
            )
            return _back(tournament, "pairs")
    context: dict[str, Any] = {"tournament": tournament, "club": tournament.club, "form": form}
    return render(request, "pairings/burraco/pairs.html", context, status=400)


@login_required
@require_POST
def pair(request: HttpRequest, pk: int) -> HttpResponse:
    """Make a pair of two players entered alone (a guest checked in at the door); a refusal is
    said beside the list of pairs."""
    tournament = directed_burraco(request, pk)
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}
    first, second = (_entry(entries, request.POST.get(name)) for name in ("first", "second"))
    with as_message(request, extra_tags=PAIRS_PLACE):
        if first is None or second is None:
            raise TournamentActionError(_("Choose two players entered."), field="first")
        made = services.pair_register(
            tournament=tournament, user=request.user, first=first, second=second
        )
        messages.success(
            request,
            gettext("Pair %(number)s: %(name)s.") % {"number": made.number, "name": made.name},
            extra_tags=PAIRS_PLACE,
        )
    return _back(tournament, "pairs")


def _entry(entries: dict[int, Entry], value: str | None) -> Entry | None:
    return entries.get(int(value)) if value and value.isdigit() else None


@login_required
@require_POST
def seat(request: HttpRequest, pk: int) -> HttpResponse:
    """Seat the next turno; a refusal ("There is no VP table for turni of 2 hands...") is said
    beside the button. While a turno is played the console offers no button but says why
    (`BurracoConsole.seat_wait`), which is the refusal a stale page's tap gets here."""
    tournament = directed_burraco(request, pk)
    with as_message(request, extra_tags=TURNO_PLACE):
        round = services.turno_seat(tournament=tournament, user=request.user)
        messages.success(
            request,
            gettext("Turno %(number)s is seated.") % {"number": round.number},
            extra_tags=TURNO_PLACE,
        )
    return _back(tournament, "turno")


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """A pair (a player of an individual event) leaves the tournament; asked first."""
    tournament = directed_burraco(request, pk)
    facts = burraco_facts(tournament)
    line = request.POST.get("line", "")
    if not line.isdigit() or int(line) not in facts.lines():
        raise Http404
    number, name = facts.number(int(line)), facts.name(int(line))
    if not confirmed(request):
        return ask(
            request,
            tournament,
            Ask(
                title=gettext("Withdraw %(number)s. %(name)s?") % {"number": number, "name": name},
                lines=[
                    gettext(
                        "They are not seated from the next turno on; their results so far stay "
                        "in the standings."
                    ),
                    gettext("Their entries stay in the list, marked as dropped out."),
                ],
                action=reverse("pairings:burraco-withdraw", args=[tournament.pk]),
                yes=gettext("Withdraw %(name)s") % {"name": name},
                back=f"{tournament.get_absolute_url()}#pairs",
                fields=(("line", line),),
            ),
        )
    with as_message(request, extra_tags=PAIRS_PLACE):
        services.pair_withdraw(tournament=tournament, user=request.user, line=int(line))
        messages.success(
            request, gettext("%(name)s withdrew.") % {"name": name}, extra_tags=PAIRS_PLACE
        )
    return _back(tournament, "pairs")
