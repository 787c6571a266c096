"""Starting a match: the new match page (the players in seat order, guests created on the way,
the preset and its options) and the options of a preset, reloaded with htmx when it changes. A
start form sent again (Back, a second tap) lands on the match it started, or says what changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from base.errors import on_form
from clubs.models import Club
from clubs.permissions import can_score
from scoring import services, table_codes
from scoring.forms import RulesForm, StartForm, new_idempotency_key, preset_from
from scoring.models import Match
from scoring.presenters import started_before_line
from scoring.selectors import match_has_events, match_started_with, start_differs


def _starting_club(request: HttpRequest, slug: str) -> Club:
    """The club if the user may start its matches: 404 outside the club, 403 without the role."""
    club = get_object_or_404(Club.objects.member_of(request.user), slug=slug)
    if not can_score(request.user, club):
        raise PermissionDenied
    return club


@login_required
def match_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Pick the players (club players or guests) in seat order, the preset and its options."""
    club = _starting_club(request, slug)
    players = list(club.players.all())
    data = request.POST.copy() if request.method == "POST" else None
    preset = preset_from(request.POST if data else request.GET)
    form = StartForm(data, players=players, initial={"preset": preset})
    # The options posted belong to the preset they were shown for; others start at the preset's.
    options_posted = data is not None and data.get("rules-preset") == preset
    rules_form = RulesForm(data if options_posted else None, preset=preset)
    again = match_started_with(club, data.get("idempotency_key", "")) if data else None
    valid = data is not None and form.is_valid()
    valid = data is not None and (rules_form.is_valid() or not options_posted) and valid
    started_before = ""
    if again is not None and data is not None:  # the form sent again (Back, submit): its match
        if valid and not _changed(again, form, rules_form, preset):
            messages.info(request, gettext("This match had already been started: here it is."))
            return redirect(again)
        started_before = started_before_line([seat.name for seat in again.seats.order_by("seat")])
        if match_has_events(again):  # hands played there: that match, saying so
            messages.warning(request, started_before)
            return redirect(again)
        data["idempotency_key"] = new_idempotency_key()  # the changed form shown, to start anew
    elif valid:
        with on_form(rules_form, form):
            match = _start(request, club, form, rules_form, preset)
            return redirect(match)
    context = {"club": club, "form": form, "rules_form": rules_form, "has_players": bool(players)}
    return render(
        request,
        "scoring/start.html",
        {**context, "started_before": started_before, "again": again},
    )


def _changed(match: Match, form: StartForm, rules_form: RulesForm, preset: str) -> bool:
    cleaned = form.cleaned_data
    return start_differs(
        match,
        seats=cleaned["seats"],
        preset=preset,
        options=rules_form.overrides(),
        table_label=cleaned.get("table_label", ""),
        first_dealer_seat=cleaned["first_dealer_seat"],
    )


def _start(request, club: Club, form: StartForm, rules_form: RulesForm, preset: str) -> Match:
    """Seat the players (guests created on the way) and start; a refusal creates nothing."""
    cleaned = form.cleaned_data
    with transaction.atomic():
        seated = [
            player or services.guest_player(club=club, name=guest)
            for _seat_number, player, guest in cleaned["seats"]
        ]
        match = services.match_start(
            club=club,
            user=request.user,
            preset=preset,
            players=seated,
            options=rules_form.overrides(),
            table_label=cleaned.get("table_label", ""),
            first_dealer_seat=cleaned["first_dealer_seat"],
            start_key=cleaned.get("idempotency_key", ""),
        )
        if club.table_codes:  # the club's nights use table codes
            table_codes.code_issue(match=match, user=request.user)
        return match


@login_required
@require_safe
def rule_options(request: HttpRequest, slug: str) -> HttpResponse:
    """The options of the preset asked for, at its values: the start page reloads them with htmx."""
    _starting_club(request, slug)
    rules_form = RulesForm(preset=preset_from(request.GET))
    return render(request, "scoring/_rule_options.html", {"rules_form": rules_form})
