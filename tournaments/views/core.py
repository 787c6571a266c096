"""The tournament pages of the director and of the list: the list, creating one, the tournament's
page (the director's console, a summary for everyone else), entries, finishing and reopening; and
the lookups the other page modules share (a round, a table, an entry of a tournament).

Views stay thin: they read through `tournaments.selectors`, write through `tournaments.services`
and ask `clubs.permissions` who may do what. Tournaments are looked up in
`Tournament.objects.for_user`, so another club's private tournament answers 404; director actions
answer 404 outside the club and 403 to members without the role. A refusal of a service comes
back as a message or a form error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST, require_safe

from base.errors import as_message, on_form
from clubs.models import Club, Membership
from clubs.permissions import DIRECTING_ROLES, can_direct, can_score
from clubs.presenters import TOURNAMENT_NAMED, named
from clubs.requests import PageRequest, SignedInRequest
from clubs.views import page_of
from scoring import table_access
from scoring.forms import RulesForm, preset_from
from scoring.models import TableCode
from scoring.presenters import money
from scoring.selectors import TablePhones, table_phones
from tournaments import lookups, rules, selectors, services
from tournaments.formats import format_chosen, format_of
from tournaments.forms import RegisterForm, ReopenForm, SeatForm, SwapForm, TournamentForm
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundKind,
    RoundStatus,
    Table,
    Tournament,
    TournamentStatus,
)
from tournaments.presenters import (
    apart_line,
    clock_of,
    drop_consequences,
    dropped_out,
    finish_consequences,
    marked_checked_in,
    repeat_line,
    round_state,
    round_state_label,
    seating_notice,
    table_state_label,
)
from tournaments.views.checkin import check_in_panel

if TYPE_CHECKING:
    from django.forms import BaseForm

PAGE_SIZE = 20
STANDINGS_POLL_SECONDS = 15


# Looking up a tournament -------------------------------------------------------------------------


def round_of(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.filter(tournament=tournament), number=number)


def table_of(tournament: Tournament, pk: int) -> Table:
    return get_object_or_404(
        Table.objects.filter(round__tournament=tournament).select_related("round", "match"), pk=pk
    )


def entry_of(tournament: Tournament, pk: int | str | None) -> Entry:
    if not str(pk).isdigit():
        raise Http404
    return get_object_or_404(tournament.entries.select_related("player"), pk=int(str(pk)))


def back_to(tournament: Tournament, anchor: str = "") -> HttpResponse:
    return redirect(tournament.get_absolute_url() + (f"#{anchor}" if anchor else ""))


# The console's actions come back to their panel (`back_to(tournament, "round")`), maybe far
# down the page: their messages are tagged for that panel, which shows them at its top, in view
# (the players panel's: `checkin.PLAYERS_MESSAGES`).
ROUND_MESSAGES = "inline-round-panel"


# Asking before a destructive action --------------------------------------------------------------


def confirmed(request: HttpRequest) -> bool:
    """Whether the director has answered the question (`confirm=1`): the page that asks posts
    the same action again with it."""
    return request.POST.get("confirm") == "1"


@dataclass(frozen=True)
class Ask:
    """A question before an action that cannot simply be taken back: what will happen, in
    sentences; the same POST to repeat with `confirm=1`; where "no" goes back to."""

    title: str
    lines: list[str]
    action: str
    yes: str
    back: str
    fields: tuple[tuple[str, object], ...] = ()  # hidden inputs: name, value
    tab: str = "detail"


def ask(request: HttpRequest, tournament: Tournament, question: Ask) -> HttpResponse:
    """The page that asks first (a page of its own: it works without JavaScript); nothing has
    changed yet."""
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "is_director": True,
            "ask": question,
        },
    )


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
    page = page_of(tournaments, PAGE_SIZE, request.GET.get("page"))
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
def tournament_create(request: SignedInRequest) -> HttpResponse:
    clubs = _directed_clubs(request.user)
    if not clubs.exists():
        if Membership.objects.filter(user=request.user).exists():
            raise PermissionDenied
        raise Http404
    initial: dict[str, object] = {}
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
    fixed = format_chosen(data or request.GET).fixed_rule_options
    rules_form = RulesForm(data if options_posted else None, preset=preset, fixed=fixed)
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
            return _created(request, tournament)
    return render(request, "tournaments/create.html", {"form": form, "rules_form": rules_form})


def _created(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Where a new tournament goes next: the entries page to register its players, or, for a
    tournament of pairs (of teams), the console's list of pairs (of teams), where its players
    enter two (four) at a time."""
    name = named(TOURNAMENT_NAMED, tournament.name)
    competitor = format_of(tournament).competitor
    if competitor == "pair":
        messages.success(
            request, gettext("%(tournament)s created: enter the pairs.") % {"tournament": name}
        )
        return redirect(f"{tournament.get_absolute_url()}#pairs")
    if competitor == "team":
        messages.success(
            request, gettext("%(tournament)s created: enter the teams.") % {"tournament": name}
        )
        return redirect(f"{tournament.get_absolute_url()}#teams")
    messages.success(
        request, gettext("%(tournament)s created: register the players.") % {"tournament": name}
    )
    return redirect("tournaments:entries", pk=tournament.pk)


@login_required
@require_safe
def rule_options(request: HttpRequest) -> HttpResponse:
    """The options of the rules asked for, at their values: the form reloads them with htmx."""
    if not _directed_clubs(request.user).exists():
        raise Http404
    fixed = format_chosen(request.GET).fixed_rule_options
    rules_form = RulesForm(preset=preset_from(request.GET), fixed=fixed)
    return render(request, "scoring/_rule_options.html", {"rules_form": rules_form})


# The tournament page: the director's console, a summary for everyone else ------------------------


@dataclass
class TableRow:
    """A table as the console and the public pages show it."""

    view: selectors.TableView
    can_confirm: bool = False
    entered_by_me: bool = False
    code: str = ""  # the table code of its match, for a director
    phones: TablePhones | None = None  # its code's phones: seats held, who entered (a director)

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
        return table_state_label(self.state)

    @property
    def dropped(self) -> list[str]:
        """The names of players seated here who have since dropped out: before the round
        starts, the console marks them and offers to seat the round again at this table."""
        return [
            seat.entry.player.name
            for seat in self.view.seats
            if seat.entry.status == EntryStatus.DROPPED
        ]

    @property
    def confirmed_at_table(self) -> str:
        """The phone (its seat) that confirmed the result at the table, if one did."""
        join = self.view.table.confirmed_join
        return join.label if join is not None and self.state == "done" else ""

    @property
    def disputed(self) -> bool:
        return self.view.table.disputed_at is not None


def table_rows(request: HttpRequest, tournament: Tournament, tables: list) -> list[TableRow]:
    """Tables as shown; for those awaiting confirmation, whether this user may confirm."""
    user = request.user
    director = can_direct(user, tournament.club)
    scorer = can_score(user, tournament.club)
    rows = []
    codes = {}
    if director:  # the codes printed on the tables' sheets, in one query
        codes = dict(
            TableCode.objects.filter(
                match__in=[view.table.match_id for view in tables if view.table.match_id],
                is_current=True,
            ).values_list("match_id", "code")
        )
    phones = {}
    if director:  # the phones of the tables' codes: who holds a seat, who entered, in 3 queries
        disputes = {
            view.table.match_id: (view.table.disputed_at, view.table.dispute_name)
            for view in tables
            if view.table.match_id and view.table.disputed_at is not None
        }
        phones = table_phones(
            [view.table.match_id for view in tables if view.table.match_id], disputes
        )
    for table_view in tables:
        row = TableRow(table_view, code=codes.get(table_view.table.match_id, ""))
        row.phones = phones.get(table_view.table.match_id)
        if table_view.awaiting_confirmation and user.is_authenticated:
            plays_here = any(seat.entry.player.user_id == user.pk for seat in table_view.seats)
            if director or plays_here or scorer:
                refusal = rules.confirm_refusal(table_view.table, user, plays_here=plays_here)
                row.can_confirm = refusal is None
                # a scorer who is no one of the table hears "you recorded part" too
                row.entered_by_me = refusal is not None and (
                    refusal.why == "wrote"
                    or table_access.wrote_result(table_view.table.match, users=[user.pk])
                )
        rows.append(row)
    return rows


def _round_panel(request: HttpRequest, tournament: Tournament, view) -> dict[str, object]:
    """The current round: its tables, clock and what the director can do next."""
    current = view.current_round
    round = current.round if current else None
    if round is not None:
        round.tournament = tournament
    rows = table_rows(request, tournament, current.tables if current else [])
    complete = current is not None and current.complete
    state = round_state(round, complete) if round is not None else ""
    return {
        "current": current,
        "round": round,
        "round_state": state,
        "round_state_label": round_state_label(state) if state else "",
        "table_rows": rows,
        "done_tables": sum(1 for row in rows if row.state == "done"),
        "clock": clock_of(round, complete),
        "poll_seconds": STANDINGS_POLL_SECONDS,
    }


def _console(
    request: HttpRequest, tournament: Tournament, view, **forms: BaseForm
) -> dict[str, object]:
    """What only the director sees: the forms to seat, swap, start and close rounds."""
    current = view.current_round
    round = current.round if current else None
    entries = list(view.entries.values())
    context: dict[str, object] = {
        "registered": sum(1 for e in entries if e.status == EntryStatus.REGISTERED),
        "checked_in": sum(1 for e in entries if e.status == EntryStatus.CHECKED_IN),
        "dropped": sum(1 for e in entries if e.status == EntryStatus.DROPPED),
    }
    kind = format_of(tournament)
    if tournament.status == TournamentStatus.FINISHED or not kind.uses_tables:
        return context
    seated = round is not None and round.status == RoundStatus.SEATED
    complete = current is not None and current.complete
    # no round after the final table, nor after the last round the format plans
    last = round is not None and (
        round.kind == RoundKind.FINAL or kind.all_rounds_played(tournament, round)
    )
    # the seating service's own refusal while the last round plays: said instead of the form
    playing = None if last else services.still_playing_refusal(tournament, round, complete=complete)
    context["can_seat"] = not last and playing is None
    context["seat_wait"] = playing.message if playing is not None else ""
    context["can_finish"] = kind.can_finish(tournament, view)  # the format says when it ends
    context["seat_form"] = forms.get("seat_form") or SeatForm()
    if seated:
        seated_entries = sorted(
            ((seat.entry.pk, seat.entry.player.name) for t in current.tables for seat in t.seats),
            key=lambda pair: pair[1].lower(),
        )
        context["swap_form"] = forms.get("swap_form") or SwapForm(seated=seated_entries)
        context["reseat_form"] = SeatForm(prefix="reseat")
        assert round is not None  # seated
        report = round.report or {}
        genders = view.genders()
        context["repeats"] = [repeat_line(r, genders) for r in report.get("repeats", [])]
        context["notices"] = [seating_notice(n) for n in report.get("notices", [])]
        context["apart"] = [apart_line(pair) for pair in report.get("apart", [])]
    context["ties"] = kind.cut_ties(tournament, view)
    return context


@require_safe
def tournament_detail(request: PageRequest, pk: int) -> HttpResponse:
    return _detail_page(request, lookups.visible_tournament(request, pk))


def _detail_page(
    request: PageRequest, tournament: Tournament, *, reopen_form: ReopenForm | None = None
) -> HttpResponse:
    view = selectors.tournament_view(tournament)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "view": view,
        "is_director": can_direct(request.user, tournament.club),
        **_round_panel(request, tournament, view),
    }
    # the panel the evening is in comes first: the players while they arrive, then the round
    context["round_first"] = context["round"] is not None
    if request.htmx and request.GET.get("panel") == "round":
        response = render(request, "tournaments/_round_panel.html", context)
        if context["round_state"] == "complete":
            # the panel polled a running round that is now complete: the whole page changes
            # (the next round to seat, the end), so it loads again once, and polls no more
            response["HX-Refresh"] = "true"
        return response
    if context["is_director"]:
        context.update(check_in_panel(request, tournament))
        if request.htmx and request.GET.get("panel") == "check-in":
            context["next"] = "qr" if request.GET.get("next") == "qr" else ""
            return render(request, "tournaments/_check_in_panel.html", context)
        context.update(_console(request, tournament, view))
        context["reopenings"] = list(tournament.reopenings.select_related("created_by"))
        if tournament.status == TournamentStatus.FINISHED:
            context["reopen_form"] = reopen_form or ReopenForm()
    return render(request, "tournaments/detail.html", context)


# Entries -----------------------------------------------------------------------------------------


def _entries_page(request: HttpRequest, tournament: Tournament, form=None) -> HttpResponse:
    entries = list(tournament.entries.select_related("player").order_by("seed"))
    form = form or RegisterForm(tournament=tournament)
    seated = rules.rounds_seated(tournament)
    for entry in entries:
        entry.message_place = card_tag(entry)
        entry.can_come_back = rules.reinstate_refusal(entry, seated) is None
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


def card_tag(entry: Entry) -> str:
    """The tag of a message about one entry's card on the entries page: the card shows it, not
    the top of the page (`clubs/_inline_messages.html`; no tag is a part of another's)."""
    return f"inline-entry-{entry.pk}-card"


# What the desk does to one entry: the answer comes back in that entry's card (in place with
# htmx, or the page again at the card), with its message in it.
CARD_ACTIONS = ("check_in", "drop", "pay", "unpay", "reinstate")


@login_required
def entries(request: HttpRequest, pk: int) -> HttpResponse:
    """Register players (a club player or a guest), check them in (one or all), drop them (after
    asking), reinstate them, mark their entry fee paid at the desk and undo that. POST `action`:
    register (the default), check_in, check_in_all, drop (with `confirm=1` once asked),
    reinstate, pay, unpay."""
    tournament = lookups.directed_tournament(request, pk)
    if request.method != "POST":
        return _entries_page(request, tournament)
    action = request.POST.get("action", "register")
    tag = ""
    if action in CARD_ACTIONS:
        card = entry_of(tournament, request.POST.get("entry"))
        tag = card_tag(card)
    with as_message(request, extra_tags=tag):
        if action in CARD_ACTIONS:
            answer = _on_entry(request, tournament, action, tag)
        elif action == "check_in_all":
            count = services.entry_check_in_all(tournament=tournament, user=request.user)
            messages.success(
                request,
                ngettext("%(count)s player checked in.", "%(count)s players checked in.", count)
                % {"count": count},
            )
            answer = None
        else:
            answer = _register(request, tournament)
        if answer is not None:
            return answer
    if tag:
        return redirect(reverse("tournaments:entries", args=[tournament.pk]) + f"#entry-{card.pk}")
    return redirect("tournaments:entries", pk=tournament.pk)


def _on_entry(
    request: HttpRequest, tournament: Tournament, action: str, tag: str
) -> HttpResponse | None:
    """One of the `CARD_ACTIONS` on the POST's entry, said in a message tagged with its card; a
    drop not yet confirmed answers the question instead."""
    entry = entry_of(tournament, request.POST.get("entry"))
    if action == "check_in":
        services.entry_check_in(entry=entry, user=request.user)
        messages.success(request, marked_checked_in(entry.player), extra_tags=tag)
    elif action == "drop":
        if not confirmed(request):
            return _ask_drop(request, tournament, entry)
        services.entry_drop(entry=entry, user=request.user)
        messages.success(request, dropped_out(entry.player), extra_tags=tag)
    elif action in ("pay", "unpay"):
        if action == "pay":
            entry = services.entry_pay(entry=entry, user=request.user)
            text = gettext("%(name)s has paid %(fee)s.")
        else:
            entry = services.entry_unpay(entry=entry, user=request.user)
            text = gettext("%(name)s: the entry fee of %(fee)s is due again.")
        fee = money(tournament.entry_fee)
        messages.success(request, text % {"name": entry.player.name, "fee": fee}, extra_tags=tag)
    else:
        entry = services.entry_reinstate(entry=entry, user=request.user)
        messages.success(
            request,
            gettext("%(name)s is back in the tournament and is seated from the next round.")
            % {"name": entry.player.name},
            extra_tags=tag,
        )
    return None


def _register(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """Enter the players of the POST's register form; the page again with the form's errors."""
    form = RegisterForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _entries_page(request, tournament, form)
    with on_form(form) as refused:
        entered = services.entries_register(
            tournament=tournament,
            user=request.user,
            players=list(form.cleaned_data["players"]),
            names=form.cleaned_data["names"],
            check_in=form.cleaned_data["check_in"],
        )
    if refused:
        return _entries_page(request, tournament, form)
    messages.success(request, _registered_text(entered))
    return None


def _registered_text(entered: list[Entry]) -> str:
    """ "3 players registered: Anna, Bruno, Carla.", and the round late arrivals play from."""
    names = ", ".join(entry.player.name for entry in entered)
    text = ngettext(
        "%(count)s player registered: %(names)s.",
        "%(count)s players registered: %(names)s.",
        len(entered),
    ) % {"count": len(entered), "names": names}
    late = max((entry.first_round for entry in entered), default=1)
    if late > 1:
        text += " " + gettext("Late arrivals: they play from round %(number)s.") % {"number": late}
    return text


def _ask_drop(request: HttpRequest, tournament: Tournament, entry: Entry) -> HttpResponse:
    name = entry.player.name
    where = selectors.seat_now(entry)
    return ask(
        request,
        tournament,
        Ask(
            title=gettext("Drop %(name)s?") % {"name": name},
            lines=drop_consequences(
                name,
                round=where.round if where else None,
                table=where.table if where else None,
                started=bool(where and where.started),
            ),
            action=reverse("tournaments:entries", args=[tournament.pk]),
            yes=gettext("Drop %(name)s") % {"name": name},
            back=reverse("tournaments:entries", args=[tournament.pk]),
            fields=(("action", "drop"), ("entry", entry.pk)),
            tab="entries",
        ),
    )


@login_required
@require_POST
def tournament_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """Finish the tournament, once the director has said yes to what it does."""
    tournament = lookups.directed_tournament(request, pk)
    if not confirmed(request):
        return ask(
            request,
            tournament,
            Ask(
                title=gettext("Finish %(name)s?") % {"name": tournament.name},
                lines=finish_consequences(),
                action=reverse("tournaments:finish", args=[tournament.pk]),
                yes=gettext("Finish the tournament"),
                back=tournament.get_absolute_url(),
            ),
        )
    with as_message(request) as refused:
        services.tournament_finish(tournament=tournament, user=request.user)
    if refused:
        return back_to(tournament, "round")
    messages.success(request, gettext("The tournament is over: here are the results."))
    return redirect("tournaments:results", pk=tournament.pk)


@login_required
@require_POST
def tournament_reopen(request: PageRequest, pk: int) -> HttpResponse:
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
            return back_to(tournament)
        if refused.error is not None and (
            refused.error.field is None or refused.error.field not in form.fields
        ):
            return back_to(tournament)  # not finished (any more): said on the page
    response = _detail_page(request, tournament, reopen_form=form)
    response.status_code = 400
    return response
