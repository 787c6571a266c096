"""The tournament pages: the list, creating one, the director's console (entries, seating,
the round clock, confirmations, the end), and the public pages (standings with a projector mode,
the seating, each table's live score, the results), plus the ledger and its CSV.

Views stay thin: they read through `tournaments.selectors`, write through `tournaments.services`
and ask `clubs.permissions` who may do what. Tournaments are looked up in
`Tournament.objects.for_user`, so another club's private tournament answers 404; director actions
answer 404 outside the club and 403 to members without the role. A refusal of a service comes
back as a message or a form error.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST, require_safe

from clubs.errors import as_message, on_form
from clubs.models import Club, Membership
from clubs.permissions import DIRECTING_ROLES, can_direct, can_score, can_see_authors
from scoring.forms import RulesForm, preset_from
from scoring.models import PlayerStatus
from tournaments import lookups, selectors, services
from tournaments.exports import csv_writer
from tournaments.formats import format_of
from tournaments.forms import RegisterForm, ReopenForm, SeatForm, SwapForm, TournamentForm
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundKind,
    RoundStatus,
    SeatingMethod,
    Table,
    Tournament,
    TournamentStatus,
)
from tournaments.money import ledger as money_ledger

PAGE_SIZE = 20
STANDINGS_POLL_SECONDS = 15
TABLE_POLL_SECONDS = 5


# Looking up a tournament -------------------------------------------------------------------------


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.filter(tournament=tournament), number=number)


def _table(tournament: Tournament, pk: int) -> Table:
    return get_object_or_404(
        Table.objects.filter(round__tournament=tournament).select_related("round", "match"), pk=pk
    )


def _entry(tournament: Tournament, pk: Any) -> Entry:
    if not str(pk).isdigit():
        raise Http404
    return get_object_or_404(tournament.entries.select_related("player"), pk=int(pk))


def _back(tournament: Tournament, anchor: str = "") -> HttpResponse:
    return redirect(tournament.get_absolute_url() + (f"#{anchor}" if anchor else ""))


def _notice_text(notice: dict[str, Any]) -> str:
    """A seating notice stored in English, in the user's language."""
    params = dict(notice.get("params") or {})
    if params.get("method") in SeatingMethod.values:
        params["method"] = str(SeatingMethod(params["method"]).label)
    try:
        return gettext(notice["message"]) % params
    except (KeyError, TypeError, ValueError):
        return notice.get("message", "")


def _repeat_text(repeat: dict[str, Any]) -> str:
    return ngettext(
        "Table %(table)s: %(players)s have met %(count)s time before.",
        "Table %(table)s: %(players)s have met %(count)s times before.",
        repeat.get("before", 1),
    ) % {
        "table": repeat.get("table"),
        "players": ", ".join(repeat.get("players", [])),
        "count": repeat.get("before", 1),
    }


# The list and creating a tournament --------------------------------------------------------------


def _directed_clubs(user):
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(
        memberships__user=user, memberships__role__in=DIRECTING_ROLES
    ).order_by("name")


@require_safe
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments the user may follow, newest first; `?club=<slug>` keeps one club's."""
    tournaments = Tournament.objects.for_user(request.user).select_related("club")
    club = None
    slug = request.GET.get("club", "")
    if slug:
        club = get_object_or_404(Club.objects.for_user(request.user), slug=slug)
        tournaments = tournaments.filter(club=club)
    page = Paginator(tournaments, PAGE_SIZE).get_page(request.GET.get("page"))
    query = f"club={club.slug}&" if club else ""
    page.prev_url = f"?{query}page={page.previous_page_number()}" if page.has_previous() else ""
    page.next_url = f"?{query}page={page.next_page_number()}" if page.has_next() else ""
    directs = _directed_clubs(request.user)
    can_create = directs.filter(pk=club.pk).exists() if club else directs.exists()
    return render(
        request,
        "tournaments/list.html",
        {"page": page, "club": club, "can_create": can_create},
    )


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    clubs = _directed_clubs(request.user)
    if not clubs.exists():
        if Membership.objects.filter(user=request.user).exists():
            raise PermissionDenied
        raise Http404
    initial = {}
    chosen = clubs.filter(slug=request.GET.get("club", "")).first() or (
        clubs.first() if clubs.count() == 1 else None
    )
    if chosen is not None:
        # a private club's tournaments start private too
        initial.update(club=chosen, is_public=chosen.is_public)
    data = request.POST if request.method == "POST" else None
    form = TournamentForm(data, clubs=clubs, initial=initial)
    preset = preset_from(data or request.GET)
    # the options posted belong to the rules they were shown for; others start at the preset's
    options_posted = data is not None and data.get("rules-preset") == preset
    rules_form = RulesForm(data if options_posted else None, preset=preset)
    rules_valid = rules_form.is_valid() if options_posted else True
    if data is not None and form.is_valid() and rules_valid:
        cleaned = form.cleaned_data
        with on_form(rules_form, form):
            tournament = services.tournament_create(
                club=cleaned["club"],
                user=request.user,
                name=cleaned["name"],
                preset=cleaned["preset"],
                format=cleaned["format"],
                options=rules_form.overrides(),
                starts_on=cleaned["starts_on"],
                **form.settings(),
            )
            messages.success(
                request,
                gettext("Tournament %(name)s created: register the players.")
                % {"name": tournament.name},
            )
            return redirect("tournaments:entries", pk=tournament.pk)
    return render(request, "tournaments/create.html", {"form": form, "rules_form": rules_form})


@login_required
@require_safe
def rule_options(request: HttpRequest) -> HttpResponse:
    """The options of the rules asked for, at their values: the form reloads them with htmx."""
    if not _directed_clubs(request.user).exists():
        raise Http404
    rules_form = RulesForm(preset=preset_from(request.GET))
    return render(request, "scoring/_rule_options.html", {"rules_form": rules_form})


# The tournament page: the director's console, a summary for everyone else ------------------------


@dataclass
class TableRow:
    """A table as the console and the public pages show it."""

    view: selectors.TableView
    can_confirm: bool = False
    entered_by_me: bool = False

    @property
    def table(self) -> Table:
        return self.view.table

    @property
    def state(self) -> str:
        if self.view.table.match_id is None:
            return "seated"
        if self.view.counts:
            return "done"
        if self.view.finished:
            return "awaiting"
        return "playing"

    @property
    def state_label(self) -> str:
        return {
            "seated": gettext("Seated"),
            "playing": gettext("Playing"),
            "awaiting": gettext("Awaiting confirmation"),
            "done": gettext("Done"),
        }[self.state]


def _table_rows(request: HttpRequest, tournament: Tournament, tables: list) -> list[TableRow]:
    """Tables as shown; for those awaiting confirmation, whether this user may confirm."""
    user = request.user
    director = can_direct(user, tournament.club)
    scorer = can_score(user, tournament.club)
    rows = []
    for table_view in tables:
        row = TableRow(table_view)
        if table_view.awaiting_confirmation and user.is_authenticated:
            plays_here = any(seat.entry.player.user_id == user.pk for seat in table_view.seats)
            if director or plays_here or scorer:
                row.entered_by_me = user.pk in services.result_entered_by(table_view.table.match)
                row.can_confirm = (director or plays_here) and not row.entered_by_me
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Clock:
    minutes: int
    elapsed: int
    remaining: int | None
    paused: bool
    time_called: bool

    @property
    def remaining_text(self) -> str:
        seconds = self.remaining or 0
        return f"{seconds // 60}:{seconds % 60:02d}"


def _clock(round: Round | None) -> Clock | None:
    if round is None or round.clock_started_at is None:
        return None
    return Clock(
        minutes=round.tournament.round_minutes,
        elapsed=round.elapsed_seconds(),
        remaining=round.remaining_seconds(),
        paused=round.clock_paused_at is not None,
        time_called=round.time_called_at is not None,
    )


def _round_panel(request: HttpRequest, tournament: Tournament, view) -> dict[str, Any]:
    """The current round: its tables, clock and what the director can do next."""
    current = view.current_round
    round = current.round if current else None
    if round is not None:
        round.tournament = tournament
    rows = _table_rows(request, tournament, current.tables if current else [])
    return {
        "current": current,
        "round": round,
        "table_rows": rows,
        "done_tables": sum(1 for row in rows if row.state == "done"),
        "clock": _clock(round),
        "poll_seconds": STANDINGS_POLL_SECONDS,
    }


def _console(request: HttpRequest, tournament: Tournament, view, **forms: Any) -> dict[str, Any]:
    """What only the director sees: the forms to seat, swap, start and close rounds."""
    current = view.current_round
    round = current.round if current else None
    entries = list(view.entries.values())
    context: dict[str, Any] = {
        "registered": sum(1 for e in entries if e.status == EntryStatus.REGISTERED),
        "checked_in": sum(1 for e in entries if e.status == EntryStatus.CHECKED_IN),
        "dropped": sum(1 for e in entries if e.status == EntryStatus.DROPPED),
    }
    kind = format_of(tournament)
    if tournament.status == TournamentStatus.FINISHED or not kind.uses_tables:
        return context
    seated = round is not None and round.status == RoundStatus.SEATED
    complete = current is not None and current.complete
    final_done = round is not None and round.kind == RoundKind.FINAL and complete
    all_played = kind.all_rounds_played(tournament, round)
    context["can_seat"] = (round is None or complete) and not (final_done or all_played)
    context["can_finish"] = round is not None and complete and not seated
    context["seat_form"] = forms.get("seat_form") or SeatForm()
    if seated:
        seated_entries = sorted(
            ((seat.entry.pk, seat.entry.player.name) for t in current.tables for seat in t.seats),
            key=lambda pair: pair[1].lower(),
        )
        context["swap_form"] = forms.get("swap_form") or SwapForm(seated=seated_entries)
        context["reseat_form"] = SeatForm(prefix="reseat")
        report = round.report or {}
        context["repeats"] = [_repeat_text(r) for r in report.get("repeats", [])]
        context["notices"] = [_notice_text(n) for n in report.get("notices", [])]
    context["ties"] = kind.cut_ties(tournament, view)
    return context


@require_safe
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail_page(request, lookups.visible_tournament(request, pk))


def _detail_page(
    request: HttpRequest, tournament: Tournament, *, reopen_form: ReopenForm | None = None
) -> HttpResponse:
    view = selectors.tournament_view(tournament)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "view": view,
        "is_director": can_direct(request.user, tournament.club),
        **_round_panel(request, tournament, view),
    }
    if request.htmx and request.GET.get("panel") == "round":
        return render(request, "tournaments/_round_panel.html", context)
    if context["is_director"]:
        context.update(_console(request, tournament, view))
        context["reopenings"] = list(tournament.reopenings.select_related("created_by"))
        if tournament.status == TournamentStatus.FINISHED:
            context["reopen_form"] = reopen_form or ReopenForm()
    return render(request, "tournaments/detail.html", context)


# Entries -----------------------------------------------------------------------------------------


def _entries_page(request: HttpRequest, tournament: Tournament, form=None) -> HttpResponse:
    entries = list(tournament.entries.select_related("player").order_by("seed"))
    form = form or RegisterForm(tournament=tournament)
    return render(
        request,
        "tournaments/entries.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "entries": entries,
            "form": form,
            "waiting": sum(1 for e in entries if e.status == EntryStatus.REGISTERED),
            "finished": tournament.status == TournamentStatus.FINISHED,
        },
    )


@login_required
def entries(request: HttpRequest, pk: int) -> HttpResponse:
    """Register players (a club player or a guest), check them in (one or all), drop them.
    POST `action`: register (the default), check_in, check_in_all, drop."""
    tournament = lookups.directed_tournament(request, pk)
    if request.method != "POST":
        return _entries_page(request, tournament)
    action = request.POST.get("action", "register")
    with as_message(request):
        if action == "check_in":
            entry = _entry(tournament, request.POST.get("entry"))
            services.entry_check_in(entry=entry, user=request.user)
            messages.success(request, gettext("%(name)s checked in.") % {"name": entry.player.name})
        elif action == "check_in_all":
            count = services.entry_check_in_all(tournament=tournament, user=request.user)
            messages.success(
                request,
                ngettext("%(count)s player checked in.", "%(count)s players checked in.", count)
                % {"count": count},
            )
        elif action == "drop":
            entry = _entry(tournament, request.POST.get("entry"))
            services.entry_drop(entry=entry, user=request.user)
            messages.success(
                request, gettext("%(name)s dropped out.") % {"name": entry.player.name}
            )
        else:
            form = RegisterForm(request.POST, tournament=tournament)
            if not form.is_valid():
                return _entries_page(request, tournament, form)
            with on_form(form) as refused:
                entry = services.entry_register(
                    tournament=tournament,
                    user=request.user,
                    player=form.cleaned_data["player"],
                    name=form.cleaned_data["name"],
                    check_in=form.cleaned_data["check_in"],
                )
            if refused:
                return _entries_page(request, tournament, form)
            text = gettext("%(name)s registered.") % {"name": entry.player.name}
            if entry.first_round > 1:
                text += " " + gettext("A late arrival: plays from round %(number)s.") % {
                    "number": entry.first_round
                }
            messages.success(request, text)
    return redirect("tournaments:entries", pk=tournament.pk)


# Rounds: seat, swap, start, the clock ------------------------------------------------------------


@login_required
@require_POST
def round_seat(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    form = SeatForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return _back(tournament, "round")
    with as_message(request):
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
        )
    return _back(tournament, "round")


@login_required
@require_POST
def round_reseat(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    round = _round(tournament, number)
    form = SeatForm(request.POST, prefix="reseat")
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return _back(tournament, "round")
    with as_message(request):
        services.round_reseat(
            round=round,
            user=request.user,
            method=form.cleaned_data["method"] or None,
            seed=form.cleaned_data["seed"],
        )
        messages.success(request, gettext("Round %(number)s seated again.") % {"number": number})
    return _back(tournament, "round")


@login_required
@require_POST
def table_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Swap two players' seats before the round starts; warn about any repeat it creates."""
    tournament = lookups.directed_tournament(request, pk)
    round = _round(tournament, number)
    seated = [
        (entry_id, name)
        for entry_id, name in Entry.objects.filter(seats__table__round=round).values_list(
            "pk", "player__name"
        )
    ]
    form = SwapForm(request.POST, seated=seated)
    if not form.is_valid():
        messages.error(request, gettext("Choose two players seated in this round."))
        return _back(tournament, "round")
    first = _entry(tournament, form.cleaned_data["first"])
    second = _entry(tournament, form.cleaned_data["second"])
    confirmed = request.POST.get("confirm") == "1"
    with as_message(request, quiet=(services.SwapMakesRepeats,)) as refused:
        report = services.table_swap(
            round=round, user=request.user, first=first, second=second, allow_repeats=confirmed
        )
    if isinstance(refused.error, services.SwapMakesRepeats):
        # ask before making the repeat; nothing has changed yet
        context = {
            "tournament": tournament,
            "round": round,
            "first": first,
            "second": second,
            "repeats": [_repeat_text(repeat) for repeat in refused.error.repeats],
        }
        return render(request, "tournaments/swap_confirm.html", context)
    if refused:
        return _back(tournament, "round")
    messages.success(
        request,
        gettext("%(first)s and %(second)s swapped seats.")
        % {"first": first.player.name, "second": second.player.name},
    )
    for repeat in report["new_repeats"]:
        messages.warning(
            request,
            gettext("Warning: the swap makes a repeat. %(repeat)s")
            % {"repeat": _repeat_text(repeat)},
        )
    return _back(tournament, "round")


@login_required
@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    round = _round(tournament, number)
    with as_message(request):
        services.round_start(round=round, user=request.user)
        messages.success(request, gettext("Round %(number)s started.") % {"number": number})
    return _back(tournament, "round")


@login_required
@require_POST
def round_clock(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Pause (`action=pause`) or resume (`action=resume`) the round clock."""
    tournament = lookups.directed_tournament(request, pk)
    round = _round(tournament, number)
    action = request.POST.get("action")
    with as_message(request):
        if action == "pause":
            services.round_clock_pause(round=round, user=request.user)
            messages.success(request, gettext("The clock is paused."))
        elif action == "resume":
            services.round_clock_resume(round=round, user=request.user)
            messages.success(request, gettext("The clock runs again."))
        else:
            messages.error(request, gettext("Choose to pause or to resume the clock."))
    return _back(tournament, "round")


@login_required
@require_POST
def round_call_time(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    round = _round(tournament, number)
    with as_message(request):
        ended = services.round_call_time(round=round, user=request.user)
        messages.success(
            request,
            ngettext(
                "Time called: %(count)s match ended.",
                "Time called: %(count)s matches ended.",
                ended,
            )
            % {"count": ended},
        )
    return _back(tournament, "round")


# Tables: confirming a result, play-off places ----------------------------------------------------


@login_required
@require_POST
def table_confirm(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Confirm a table's result: the service decides who may (a director or a player of the
    table, never who entered it)."""
    tournament = lookups.visible_tournament(request, pk)
    table_obj = _table(tournament, table)
    with as_message(request):
        services.table_confirm(table=table_obj, user=request.user)
        messages.success(
            request, gettext("Table %(number)s confirmed.") % {"number": table_obj.number}
        )
    if request.POST.get("next") == "table":
        return redirect("tournaments:table", pk=tournament.pk, table=table_obj.pk)
    return _back(tournament, "round")


@login_required
@require_POST
def table_playoff(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """The places a play-off gave players tied across a knockout cut: `place_<entry id>`."""
    tournament = lookups.directed_tournament(request, pk)
    table_obj = _table(tournament, table)
    places: dict[int, int] = {}
    for key, value in request.POST.items():
        if key.startswith("place_") and key[6:].isdigit():
            value = value.strip()
            if not value.isdigit():
                messages.error(
                    request, gettext("A play-off place is a whole number of at least 1.")
                )
                return _back(tournament, "round")
            places[int(key[6:])] = int(value)
    if not places:
        messages.error(request, gettext("Enter the play-off places."))
        return _back(tournament, "round")
    with as_message(request):
        services.playoff_places(table=table_obj, user=request.user, places=places)
        messages.success(
            request,
            gettext("Play-off places of table %(number)s recorded.") % {"number": table_obj.number},
        )
    return _back(tournament, "round")


@login_required
@require_POST
def tournament_finish(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = lookups.directed_tournament(request, pk)
    with as_message(request) as refused:
        services.tournament_finish(tournament=tournament, user=request.user)
    if refused:
        return _back(tournament, "round")
    messages.success(request, gettext("The tournament is over: here are the results."))
    return redirect("tournaments:results", pk=tournament.pk)


@login_required
@require_POST
def tournament_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Reopen a finished tournament to fix it (directors), with a reason kept in its history."""
    tournament = lookups.directed_tournament(request, pk)
    form = ReopenForm(request.POST)
    if form.is_valid():
        with on_form(form, elsewhere=as_message(request)) as refused:
            services.tournament_reopen(
                tournament=tournament, user=request.user, reason=form.cleaned_data["reason"]
            )
            messages.success(
                request,
                gettext(
                    "The tournament is reopened: its matches take changes again. Finish it "
                    "again once it is fixed."
                ),
            )
            return _back(tournament)
        if refused and refused.error.field not in form.fields:
            return _back(tournament)  # not finished (any more): said on the page
    response = _detail_page(request, tournament, reopen_form=form)
    response.status_code = 400
    return response


# Public pages: standings, seating, a table, the results -----------------------------------------


def points_text(points: Fraction) -> str:
    """Tournament points as shown: exact fractions rounded to two decimals, no trailing zeros."""
    text = f"{Decimal(points.numerator) / Decimal(points.denominator):.2f}"
    return formats.number_format(Decimal(text.rstrip("0").rstrip(".")), use_l10n=True)


def _status_label(status: str) -> str:
    return str(PlayerStatus(status).label) if status in PlayerStatus.values else ""


def _table_format(tournament: Tournament) -> None:
    if not format_of(tournament).uses_tables:
        raise Http404


@require_safe
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The live standings; `?projector=1` for a wall: large type, no menus, refreshed by htmx."""
    tournament = lookups.visible_tournament(request, pk)
    _table_format(tournament)
    view = selectors.tournament_view(tournament)
    table = selectors.table_standings(tournament, view)
    current = view.current_round
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "standings": table,
        "rows": [(row, points_text(row.points)) for row in table.rows],
        "current": current,
        "projector": request.GET.get("projector") == "1",
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
    where = []
    if current is not None:
        where = sorted(
            (
                (seat.entry.player.name, table.table.number, seat.seat, table.table.pk)
                for table in current.tables
                for seat in table.seats
            ),
            key=lambda row: (row[0].lower(), row[1]),
        )
    return render(
        request,
        "tournaments/seating.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "current": current,
            "rounds": [r.round for r in view.rounds],
            "is_director": can_direct(request.user, tournament.club),
            "where": where,
        },
    )


@require_safe
def table_page(request: HttpRequest, pk: int, table: int) -> HttpResponse:
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
    row = _table_rows(request, tournament, [table_view])[0]
    match = table_view.table.match
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": round_view.round,
        "row": row,
        "seats": [(seat, _status_label(seat.status)) for seat in table_view.seats],
        "is_director": can_direct(request.user, tournament.club),
        "match": match,
        "can_score": match is not None and can_score(request.user, tournament.club),
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
    ranking = _ranking(tournament, view)
    money = money_ledger(tournament, view)
    rows = [(row, money.paid.get(row.entry.pk, Decimal(0))) for row in ranking]
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "rows": rows,
            "finished": tournament.status == TournamentStatus.FINISHED,
            "is_director": can_direct(request.user, tournament.club),
        },
    )


def _ranking(tournament: Tournament, view) -> list:
    return format_of(tournament).final_ranking(tournament, view)


# The money ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerView:
    ledger: selectors.Ledger
    by_place: list[tuple[int, Decimal]]
    by_player: list[tuple[int, str, Decimal]]  # place, name, amount
    by_table: list[tuple[str, str, Decimal]]  # round, table, amount


def _ledger(tournament: Tournament) -> LedgerView:
    view = selectors.tournament_view(tournament)
    money = money_ledger(tournament, view)
    places = {row.entry.pk: row.place for row in _ranking(tournament, view)}
    by_player = sorted(
        (
            (places.get(entry_id, 0), view.entries[entry_id].player.name, amount)
            for entry_id, amount in money.paid.items()
            if amount
        ),
        key=lambda row: (row[0], row[1].lower()),
    )
    by_table = []
    for label, amount in money.reentry_fees_by_table:
        round_number, _slash, table_number = label.partition("/")
        by_table.append((round_number, table_number, amount))
    return LedgerView(
        ledger=money,
        by_place=list(enumerate(money.amounts, start=1)),
        by_player=by_player,
        by_table=by_table,
    )


@login_required
@require_safe
def ledger(request: HttpRequest, pk: int) -> HttpResponse:
    """Entry fees, re-entry fees collected at the tables, the house cut, the payouts."""
    tournament = lookups.directed_tournament(request, pk)
    return render(
        request,
        "tournaments/ledger.html",
        {"tournament": tournament, "club": tournament.club, "money": _ledger(tournament)},
    )


@login_required
@require_safe
def ledger_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The ledger as CSV, one line per amount: item, detail, player, amount."""
    tournament = lookups.directed_tournament(request, pk)
    money = _ledger(tournament)
    pot = money.ledger.pot
    name = slugify(tournament.name) or "tournament"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-ledger.csv"'
    writer = csv_writer(response)
    writer.writerow([gettext("Item"), gettext("Detail"), gettext("Player"), gettext("Amount")])
    writer.writerow(
        [
            gettext("Entry fees"),
            gettext("%(count)s x %(fee)s")
            % {"count": money.ledger.paying_entries, "fee": tournament.entry_fee},
            "",
            pot.entry_fees,
        ]
    )
    for round_number, table_number, amount in money.by_table:
        writer.writerow(
            [
                gettext("Re-entry fees"),
                gettext("Round %(round)s, table %(table)s")
                % {"round": round_number, "table": table_number},
                "",
                amount,
            ]
        )
    writer.writerow([gettext("Re-entry fees, total"), "", "", pot.reentry_fees])
    writer.writerow([gettext("Collected"), "", "", pot.gross])
    writer.writerow([gettext("House cut"), f"{tournament.house_cut_percent}%", "", pot.house])
    writer.writerow([gettext("Prizes"), "", "", pot.prizes])
    for place, amount in money.by_place:
        writer.writerow([gettext("Payout by place"), place, "", amount])
    for place, player, amount in money.by_player:
        writer.writerow([gettext("Payout by player"), place, player, amount])
    return response
