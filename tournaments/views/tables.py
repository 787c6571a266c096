"""The pages of a tournament's rounds and tables: seating, reseating, swaps, the round clock and
time calls, confirming a table, play-off places; and the public pages (the standings, the seating,
each table's live score, the results).

Views stay thin: they read through `tournaments.selectors`, write through `tournaments.services`
and ask `clubs.permissions` who may do what; a refusal of a service comes back as a message or a
form error.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST, require_safe

from base.errors import as_message
from clubs.permissions import can_direct, can_score, can_see_authors, can_see_match
from clubs.requests import PageRequest
from scoring.presenters import status_label
from tournaments import lookups, selectors, services
from tournaments.formats import format_of
from tournaments.forms import SeatForm, SwapForm
from tournaments.models import (
    Entry,
    Tournament,
    TournamentStatus,
)
from tournaments.money import ledger as money_ledger
from tournaments.presenters import (
    call_time_consequences,
    points_text,
    repeat_line,
    reseat_consequences,
    tie_break_label,
    tie_breaks_note,
)
from tournaments.views.core import (
    ROUND_MESSAGES,
    STANDINGS_POLL_SECONDS,
    Ask,
    ask,
    back_to,
    confirmed,
    entry_of,
    round_of,
    table_of,
    table_rows,
)
from tournaments.views.projector import old_projector_address

TABLE_POLL_SECONDS = 5

# Rounds: seat, swap, start, the clock ------------------------------------------------------------


@login_required
@require_POST
def round_seat(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    form = SeatForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(map(str, errors)), extra_tags=ROUND_MESSAGES)
        return back_to(tournament, "round")
    with as_message(request, extra_tags=ROUND_MESSAGES):
        round = services.round_seat(
            tournament=tournament,
            user=request.user,
            method=form.cleaned_data["method"] or None,
            seed=form.cleaned_data["seed"],
        )
        messages.success(
            request,
            gettext("Round %(number)s seated: check the seating, then start it.")
            % {"number": round.number},
            extra_tags=ROUND_MESSAGES,
        )
    return back_to(tournament, "round")


@login_required
@require_POST
def round_reseat(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    round = round_of(tournament, number)
    form = SeatForm(request.POST, prefix="reseat")
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(map(str, errors)), extra_tags=ROUND_MESSAGES)
        return back_to(tournament, "round")
    method = form.cleaned_data["method"] or ""
    seed = form.cleaned_data["seed"]
    if not confirmed(request):
        return ask(
            request,
            tournament,
            Ask(
                title=gettext("Seat round %(number)s again?") % {"number": number},
                lines=reseat_consequences(number, method=method, seed=seed),
                action=reverse("tournaments:reseat", args=[tournament.pk, number]),
                yes=gettext("Seat again"),
                back=tournament.get_absolute_url() + "#round",
                fields=(("reseat-method", method), ("reseat-seed", "" if seed is None else seed)),
            ),
        )
    with as_message(request, extra_tags=ROUND_MESSAGES):
        services.round_reseat(round=round, user=request.user, method=method or None, seed=seed)
        messages.success(
            request,
            gettext("Round %(number)s seated again.") % {"number": number},
            extra_tags=ROUND_MESSAGES,
        )
    return back_to(tournament, "round")


@login_required
@require_POST
def table_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Swap two players' seats before the round starts; warn about any repeat it creates."""
    tournament = lookups.directed_tournament(request, pk)
    round = round_of(tournament, number)
    seated = [
        (entry_id, name)
        for entry_id, name in Entry.objects.filter(seats__table__round=round).values_list(
            "pk", "player__name"
        )
    ]
    form = SwapForm(request.POST, seated=seated)
    if not form.is_valid():
        messages.error(
            request, gettext("Choose two players seated in this round."), extra_tags=ROUND_MESSAGES
        )
        return back_to(tournament, "round")
    first = entry_of(tournament, form.cleaned_data["first"])
    second = entry_of(tournament, form.cleaned_data["second"])
    confirmed = request.POST.get("confirm") == "1"
    with as_message(
        request, extra_tags=ROUND_MESSAGES, quiet=(services.SwapMakesRepeats,)
    ) as refused:
        report = services.table_swap(
            round=round, user=request.user, first=first, second=second, allow_repeats=confirmed
        )
    if isinstance(refused.error, services.SwapMakesRepeats):
        # ask before making the repeat; nothing has changed yet
        genders = selectors.player_genders(tournament)
        context = {
            "tournament": tournament,
            "round": round,
            "first": first,
            "second": second,
            "repeats": [repeat_line(repeat, genders) for repeat in refused.error.repeats],
        }
        return render(request, "tournaments/swap_confirm.html", context)
    if refused:
        return back_to(tournament, "round")
    messages.success(
        request,
        gettext("%(first)s and %(second)s swapped seats.")
        % {"first": first.player.name, "second": second.player.name},
        extra_tags=ROUND_MESSAGES,
    )
    genders = selectors.player_genders(tournament) if report["new_repeats"] else {}
    for repeat in report["new_repeats"]:
        messages.warning(
            request,
            gettext("Warning: the swap makes a repeat. %(repeat)s")
            % {"repeat": repeat_line(repeat, genders)},
            extra_tags=ROUND_MESSAGES,
        )
    return back_to(tournament, "round")


@login_required
@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    round = round_of(tournament, number)
    with as_message(request, extra_tags=ROUND_MESSAGES):
        services.round_start(round=round, user=request.user)
        messages.success(
            request,
            gettext("Round %(number)s started.") % {"number": number},
            extra_tags=ROUND_MESSAGES,
        )
    return back_to(tournament, "round")


@login_required
@require_POST
def round_clock(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Pause (`action=pause`) or resume (`action=resume`) the round clock."""
    tournament = lookups.directed_tournament(request, pk)
    round = round_of(tournament, number)
    action = request.POST.get("action")
    kind = format_of(tournament)
    tag = kind.console_messages
    with as_message(request, extra_tags=tag):
        if action == "pause":
            services.round_clock_pause(round=round, user=request.user)
            messages.success(request, gettext("The clock is paused."), extra_tags=tag)
        elif action == "resume":
            services.round_clock_resume(round=round, user=request.user)
            messages.success(request, gettext("The clock runs again."), extra_tags=tag)
        else:
            messages.error(
                request, gettext("Choose to pause or to resume the clock."), extra_tags=tag
            )
    return back_to(tournament, kind.console_anchor)


@login_required
@require_POST
def round_call_time(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Call time at every table of the round, once the director has said yes to what it does
    (in a Burraco turno the matches do not end: each table enters its hand in progress)."""
    tournament = lookups.directed_tournament(request, pk)
    round = round_of(tournament, number)
    kind = format_of(tournament)
    ends = kind.time_call_ends_matches()
    if not confirmed(request):
        return ask(
            request,
            tournament,
            Ask(
                title=kind.call_time_question(number),
                lines=call_time_consequences(
                    number, selectors.matches_being_played(round), ends_matches=ends
                ),
                action=reverse("tournaments:call-time", args=[tournament.pk, number]),
                yes=gettext("Call time at every table"),
                back=f"{tournament.get_absolute_url()}#{kind.console_anchor}",
            ),
        )
    with as_message(request, extra_tags=kind.console_messages):
        ended = services.round_call_time(round=round, user=request.user)
        done = (
            ngettext(
                "Time called: %(count)s match ended.",
                "Time called: %(count)s matches ended.",
                ended,
            )
            % {"count": ended}
            if ends
            else gettext("Time called: each table enters its hand in progress as ended by time.")
        )
        messages.success(request, done, extra_tags=kind.console_messages)
    return back_to(tournament, kind.console_anchor)


# Tables: confirming a result, play-off places ----------------------------------------------------


@login_required
@require_POST
def table_confirm(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Confirm a table's result: the service decides who may (a director or a player of the
    table, never who entered it)."""
    tournament = lookups.visible_tournament(request, pk)
    table_obj = table_of(tournament, table)
    kind = format_of(tournament)
    # the table's page: the message on top; the console: beside the round
    tag = "" if request.POST.get("next") == "table" else kind.console_messages
    with as_message(request, extra_tags=tag):
        services.table_confirm(
            table=table_obj, user=request.user, reason=request.POST.get("reason", "")
        )
        messages.success(
            request,
            gettext("Table %(number)s confirmed.") % {"number": table_obj.number},
            extra_tags=tag,
        )
    if request.POST.get("next") == "table":
        return redirect("tournaments:table", pk=tournament.pk, table=table_obj.pk)
    return back_to(tournament, kind.console_anchor)


@require_POST
def table_confirm_at_table(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Confirm the result from the match page, at the table: a phone that joined with the code
    (and did not enter the last hand) or a logged-in player of the table."""
    table_obj, actor = lookups.table_at_table(request, pk, table)
    with as_message(request):
        services.table_confirm(table=table_obj, user=actor)
        messages.success(request, gettext("Thank you: the result is confirmed."))
    assert table_obj.match is not None  # `table_at_table` finds only a table with its match
    return redirect(table_obj.match)


@require_POST
def table_dispute(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """ "This is not right": the director's console flags the table with the message."""
    table_obj, actor = lookups.table_at_table(request, pk, table)
    with as_message(request):
        services.table_dispute(table=table_obj, user=actor, message=request.POST.get("message", ""))
        messages.success(request, gettext("The director has been told."))
    assert table_obj.match is not None  # as above
    return redirect(table_obj.match)


@login_required
@require_POST
def table_playoff(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """The places a play-off gave players tied across a knockout cut: `place_<entry id>`."""
    tournament = lookups.directed_tournament(request, pk)
    table_obj = table_of(tournament, table)
    places: dict[int, int] = {}
    for key in request.POST:
        if key.startswith("place_") and key[6:].isdigit():
            value = request.POST.get(key, "").strip()
            if not value.isdigit():
                messages.error(
                    request,
                    gettext("A play-off place is a whole number of at least 1."),
                    extra_tags=ROUND_MESSAGES,
                )
                return back_to(tournament, "round")
            places[int(key[6:])] = int(value)
    if not places:
        messages.error(request, gettext("Enter the play-off places."), extra_tags=ROUND_MESSAGES)
        return back_to(tournament, "round")
    with as_message(request, extra_tags=ROUND_MESSAGES):
        services.playoff_places(table=table_obj, user=request.user, places=places)
        messages.success(
            request,
            gettext("Play-off places of table %(number)s recorded.") % {"number": table_obj.number},
            extra_tags=ROUND_MESSAGES,
        )
    return back_to(tournament, "round")


# Public pages: standings, seating, a table, the results -----------------------------------------


def _table_format(tournament: Tournament) -> None:
    if not format_of(tournament).uses_tables:
        raise Http404


# The tie-breaks the standings page shows as columns (a mark names the others).
STANDINGS_COLUMNS = frozenset({"points", "wins", "opponents", "penalty"})


@require_safe
def standings(request: PageRequest, pk: int) -> HttpResponse:
    """The live standings, refreshed by htmx (`?projector=1`, the old projector mode: the
    projector page)."""
    tournament = lookups.visible_tournament(request, pk)
    _table_format(tournament)
    moved = old_projector_address(request, tournament, "standings")
    if moved is not None:
        return moved
    view = selectors.tournament_view(tournament)
    table = selectors.table_standings(tournament, view)
    current = view.current_round
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "standings": table,
        "rows": [(row, points_text(row.points)) for row in table.rows],
        "order": tie_breaks_note(tie_break_label(key) for key in table.tie_breaks),
        # a tie-break shown as a column set players on the same points apart: said in bold
        "bold": any(row.decided & STANDINGS_COLUMNS for row in table.rows),
        "current": current,
        "is_director": can_direct(request.user, tournament.club),
        "poll_seconds": STANDINGS_POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "tournaments/_standings.html", context)
    return render(request, "tournaments/standings.html", context)


@require_safe
def seating(request: HttpRequest, pk: int) -> HttpResponse:
    """A round's seating (the current one, or `?round=N`): by table, and who sits where."""
    tournament = lookups.visible_tournament(request, pk)
    _table_format(tournament)
    view = selectors.tournament_view(tournament)
    current = view.current_round
    wanted = request.GET.get("round", "")
    if wanted.isdigit():
        current = next((r for r in view.rounds if r.round.number == int(wanted)), None)
        if current is None:
            raise Http404
    return render(
        request,
        "tournaments/seating.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "current": current,
            "rounds": [r.round for r in view.rounds],
            "is_director": can_direct(request.user, tournament.club),
            "where": selectors.seated_by_name(current) if current is not None else (),
        },
    )


@require_safe
def table_page(request: PageRequest, pk: int, table: int) -> HttpResponse:
    """One table's live score: players, totals, status and whether the result is confirmed."""
    tournament = lookups.visible_tournament(request, pk)
    _table_format(tournament)
    view = selectors.tournament_view(tournament)
    found = None
    for round_view in view.rounds:
        for table_view in round_view.tables:
            if table_view.table.pk == table:
                found = (round_view, table_view)
    if found is None:
        raise Http404
    round_view, table_view = found
    row = table_rows(request, tournament, [table_view])[0]
    match = table_view.table.match
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": round_view.round,
        "row": row,
        "seats": [
            (seat, status_label(seat.status, seat.entry.player.gender)) for seat in table_view.seats
        ],
        "is_director": can_direct(request.user, tournament.club),
        "match": match,
        "can_score": match is not None and can_score(request.user, tournament.club),
        # the link to the match only for who may open it (a public tournament of a private
        # club, or a match in progress not live to the public, answers 404 to a visitor)
        "match_visible": match is not None
        and can_see_match(request.user, tournament.club, finished=match.is_finished),
        "show_authors": can_see_authors(request.user, tournament.club),
        "poll": match is not None and not row.view.counts,
        "poll_seconds": TABLE_POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "tournaments/_table_live.html", context)
    return render(request, "tournaments/table.html", context)


@require_safe
def results(request: HttpRequest, pk: int) -> HttpResponse:
    """The final ranking with the payouts (provisional while the tournament runs)."""
    tournament = lookups.visible_tournament(request, pk)
    view = selectors.tournament_view(tournament)
    money = money_ledger(tournament, view)
    names = money.payees.names
    rows = [
        (row, money.paid.get(row.entry.pk, Decimal(0)), names[row.entry.pk])
        for row in money.ranking
    ]
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "rows": rows,
            "column": money.payees.column,
            "notice": money.notice,
            "finished": tournament.status == TournamentStatus.FINISHED,
            "is_director": can_direct(request.user, tournament.club),
        },
    )
