"""The views that record a match's events from its page: a hand, a re-entry, a stays-out, a
withdrawal, a time call, a correction and a void. Each parses the form, calls one service of
`scoring.services` and answers through `scoring.views.answers`; a refusal goes beside its field."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy

from base.errors import Refusal, ServiceError, as_message, on_form
from clubs.requests import PageRequest
from scoring import services
from scoring.engine import Status
from scoring.forms import (
    SeatEventForm,
    TimeCallForm,
    VoidForm,
)
from scoring.games import game_of
from scoring.match_page import (
    HISTORY_SHOWN,
    PICKER_SHOWN,
    hand_form,
    in_play_seats,
    match_context,
    reentry_offers,
)
from scoring.models import EventKind, Match
from scoring.presenters import (
    correction_hint,
    describe_event,
    event_title,
    kind_label,
    row_title,
)
from scoring.selectors import (
    EventRow,
    MatchDetail,
    detail_after_write,
    latest_match_detail,
    match_detail,
)
from scoring.table_access import MatchViewer
from scoring.views.answers import (
    answer,
    back_to,
    recorded_again,
    refusal_words,
    refused_answer,
)
from scoring.views.writes import match_write


@match_write()
def hand_record(request: PageRequest, match: Match, viewer: MatchViewer) -> HttpResponse:
    detail = latest_match_detail(match, HISTORY_SHOWN, PICKER_SHOWN)
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return refused_answer(request, match)
    form = hand_form(match, in_play_seats(detail), request.POST)
    if form.is_valid():
        this_hand = event_title(EventKind.HAND, detail.next_hand_number)
        with on_form(form, text=refusal_words(detail, this_hand)):
            # `hand_record` as the service that also answers the hand's number as players count
            # it, from the events it read: no query to count the match's hands
            recorded = services.event_record_replayed(
                match=match,
                user=viewer.actor,
                data={**form.to_data(), "type": "hand"},
                idempotency_key=form.cleaned_data["idempotency_key"],
                based_on=_based_on(request, match, form),
            )
            after = None
            if recorded.created:
                number = recorded.hand_number
                messages.success(request, gettext("Hand %(number)s recorded.") % {"number": number})
                # the answer from the state the write produced, without reading the match again
                after = detail_after_write(detail, recorded, HISTORY_SHOWN, viewer.join)
            else:
                recorded_again(request, recorded.event, number=recorded.hand_number)
            return answer(request, match, "recorded", detail=after, hand=recorded.event.number)
    form.fresh_key()
    if request.htmx:
        outcome = "conflict" if form.conflict else "refused"
        return answer(request, match, outcome, form=form, detail=detail)
    context = match_context(viewer, detail, form=form)
    # 409 when another phone changed the match first: nothing was recorded, the page says what
    return render(request, "scoring/match.html", context, status=409 if form.conflict else 200)


def _based_on(request: PageRequest, match: Match, form) -> int | None:
    """The revision an entry sent is based on: the form's, moved on over the entries of the phone
    it was typed behind (`follows`, sent by the page's script; `services.rebased`)."""
    return services.rebased(match, form.based_on(), request.POST.getlist("follows"))


def _outcome(refused: Refusal) -> str:
    if not refused:
        return "recorded"
    return "conflict" if isinstance(refused.error, services.MatchMovedOn) else "refused"


def _seat(detail: MatchDetail, number: int):
    return next(seat for seat in detail.seats if seat.seat == number)


@match_write()
def reentry(request: PageRequest, match: Match, viewer: MatchViewer) -> HttpResponse:
    """An eliminated player re-enters (one tap on the offer the match page shows)."""
    detail = latest_match_detail(match, HISTORY_SHOWN, PICKER_SHOWN)
    form = SeatEventForm(request.POST, seats=[(seat.seat, seat.name) for seat in detail.seats])
    offered = {offer.seat for offer in reentry_offers(detail)}
    based_on = _based_on(request, match, form) if form.is_valid() else None
    # an offer from a scoreboard the match has left behind goes to the service, which says what
    # changed meanwhile; otherwise only the players offered now may re-enter
    moved_on = based_on is not None and based_on != match.revision
    if not form.is_valid() or (form.cleaned_data["seat"] not in offered and not moved_on):
        messages.error(request, gettext("This player cannot re-enter now."))
        return refused_answer(request, match)
    seat = _seat(detail, form.cleaned_data["seat"])
    with as_message(request, text=refusal_words(detail, kind_label(EventKind.REENTRY))) as refused:
        services.player_reenter(
            match=match,
            user=viewer.actor,
            seat=seat,
            idempotency_key=form.cleaned_data["idempotency_key"],
            based_on=based_on,
        )
        messages.success(request, gettext("%(player)s re-entered.") % {"player": seat.name})
    return answer(request, match, _outcome(refused))


@match_write(title=gettext_lazy("Stays out"))
def stays_out(request: PageRequest, match: Match, viewer: MatchViewer) -> HttpResponse:
    """An eliminated player declines the re-entry (the offer the match page shows asks first and
    posts `confirm=1`; nothing is recorded without it): the withdrawal of that player alone,
    refused when they are not eliminated any more."""
    detail = latest_match_detail(match, HISTORY_SHOWN, PICKER_SHOWN)
    form = SeatEventForm(request.POST, seats=[(seat.seat, seat.name) for seat in detail.seats])
    if not form.is_valid():
        messages.error(request, gettext("Choose the player."))
        return refused_answer(request, match)
    seat = _seat(detail, form.cleaned_data["seat"])
    if request.POST.get("confirm") != "1":  # asked first, as a drop is: the offer's question
        text = gettext("Nothing was recorded: confirm first that %(player)s stays out.")
        messages.error(request, text % {"player": seat.name})
        return refused_answer(request, match)
    with as_message(request, text=refusal_words(detail, gettext("Stays out"))) as refused:
        services.player_stays_out(
            match=match,
            user=viewer.actor,
            seat=seat,
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
        messages.success(request, gettext("%(player)s stays out.") % {"player": seat.name})
    return answer(request, match, _outcome(refused))


@match_write(methods=("GET", "POST"))
def withdraw(request: PageRequest, match: Match, viewer: MatchViewer) -> HttpResponse:
    """A player leaves the match (or an eliminated player declines the re-entry): confirm first.
    The offer after a bust has its own "stays out" (`stays_out`), for that player only."""
    detail = latest_match_detail(match, HISTORY_SHOWN, PICKER_SHOWN)
    seats = [(seat.seat, seat.name) for seat in detail.seats]
    # Only a player in play withdraws, and never the last one; a player a hand has just
    # eliminated declines the re-entry with "stays out" (`stays_out`).
    in_play = in_play_seats(detail)
    shown = in_play if len(in_play) > 1 else []
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return refused_answer(request, match)
    words = refusal_words(detail, kind_label(EventKind.WITHDRAW))
    if request.method == "POST":
        form = SeatEventForm(request.POST, seats=seats, shown=shown)
        if form.is_valid():
            seat = _seat(detail, form.cleaned_data["seat"])
            with on_form(form, text=words):
                services.player_withdraw(
                    match=match,
                    user=viewer.actor,
                    seat=seat,
                    idempotency_key=form.cleaned_data["idempotency_key"],
                    based_on=_based_on(request, match, form),
                )
                messages.success(request, gettext("%(player)s is out.") % {"player": seat.name})
                return answer(request, match, "recorded")
        form.fresh_key()
        if request.htmx:  # a one-tap withdrawal from the match page: its refusal in a message
            refusals = [*form.non_field_errors(), *form.errors.get("seat", [])]
            for text in [words(form.conflict)] if form.conflict else refusals:
                messages.error(request, text)
            return answer(request, match, "conflict" if form.conflict else "refused")
    else:
        initial: dict[str, object] = {"based_on": match.revision}
        if request.GET.get("seat", "").isdigit():
            initial["seat"] = int(request.GET["seat"])
        form = SeatEventForm(seats=seats, shown=shown, initial=initial)
    return render(
        request,
        "scoring/withdraw.html",
        {"match": match, "club": match.club, "form": form, "nobody": not shown},
    )


@login_required
@match_write(methods=("GET", "POST"), page_script=False, table_phones=False)
def time_call(request: PageRequest, match: Match, viewer: MatchViewer) -> HttpResponse:
    """End the match now; players are ranked by their current totals. Confirm first. Calling
    time is the director's, not a table phone's."""
    if match.is_finished:
        messages.error(request, gettext("The match is over."))
        return back_to(match)
    if request.method == "POST":
        form = TimeCallForm(request.POST)
        if form.is_valid():
            with on_form(form, text=refusal_words(None, kind_label(EventKind.TIME_CALL))):
                services.match_call_time(
                    match=match,
                    user=viewer.actor,
                    idempotency_key=form.cleaned_data["idempotency_key"],
                )
                messages.success(request, gettext("Time called: the match is over."))
                return back_to(match)
        form.fresh_key()
    else:
        form = TimeCallForm()
    return render(
        request, "scoring/time_call.html", {"match": match, "club": match.club, "form": form}
    )


def _row(detail: MatchDetail, number: int) -> EventRow:
    for row in detail.rows:
        if row.number == number:
            return row
    raise Http404


def _statuses_before(detail: MatchDetail, number: int):
    """Who was in play right before event `number` (everyone, before the first event)."""
    statuses = {seat.name: Status.IN_PLAY for seat in detail.seats}
    for row in detail.rows:
        if row.number >= number:
            break
        if row.snapshot is not None:
            statuses = dict(row.snapshot.statuses)
    return statuses


def _correction_words(
    detail: MatchDetail, number: int, title: str
) -> Callable[[ServiceError], str]:
    """A refused correction's words, and what to do when a later event no longer fits it
    ("void the re-entry first")."""
    words = refusal_words(detail, title)

    def with_hint(error: ServiceError) -> str:
        later = detail.row_of(error.event) if error.event not in (None, number) else None
        return f"{words(error)} {correction_hint(later.event.kind)}" if later else words(error)

    return with_hint


@match_write(methods=("GET", "POST"), idempotent=False, page_script=False)
def event_correct(
    request: PageRequest, match: Match, viewer: MatchViewer, number: int
) -> HttpResponse:
    """Correct a recorded hand: the entry form, filled in with what was recorded, and a reason."""
    detail = match_detail(match)
    row = _row(detail, number)
    if row.event.kind != EventKind.HAND or row.is_void:
        messages.error(request, gettext("Only hands can be corrected; void this event instead."))
        return back_to(match)
    seats = in_play_seats(detail, _statuses_before(detail, number))
    title = row_title(row)
    if request.method == "POST":
        form = hand_form(match, seats, request.POST, correcting=True)
        if form.is_valid():
            with on_form(form, text=_correction_words(detail, number, title)):
                services.hand_correct(
                    event=row.event,
                    user=viewer.actor,
                    data=form.to_data(),
                    expected_version=form.cleaned_data["expected_version"],
                    reason=form.cleaned_data["reason"],
                )
                messages.success(
                    request, gettext("Hand %(number)s corrected.") % {"number": row.hand_number}
                )
                return back_to(match)
    else:
        initial = game_of(match).hand_initial(row.current.data, seats)
        initial["expected_version"] = row.current.version
        form = hand_form(match, seats, initial=initial, correcting=True)
    return render(
        request,
        "scoring/correct.html",
        {
            "match": match,
            "club": match.club,
            "form": form,
            "number": number,
            "hand_number": row.hand_number,
            "game": game_of(match),
            "current": describe_event(row.current.data, match.game, match.rules),
        },
    )


@match_write(methods=("GET", "POST"), idempotent=False, page_script=False)
def event_void(
    request: PageRequest, match: Match, viewer: MatchViewer, number: int
) -> HttpResponse:
    """Void an event: it stops counting but stays in the history, with the reason given."""
    detail = match_detail(match)
    row = _row(detail, number)
    if row.is_void:
        messages.error(request, gettext("This event is already void."))
        return back_to(match)
    title = row_title(row)
    if request.method == "POST":
        form = VoidForm(request.POST)
        if form.is_valid():
            with on_form(form, text=refusal_words(detail, title)):
                services.event_void(
                    event=row.event,
                    user=viewer.actor,
                    reason=form.cleaned_data["reason"],
                    expected_version=form.cleaned_data["expected_version"],
                )
                if row.hand_number:
                    text = gettext("Hand %(number)s is void.") % {"number": row.hand_number}
                else:
                    text = gettext("%(event)s is void.") % {"event": title}
                messages.success(request, text)
                return back_to(match)
    else:
        form = VoidForm(initial={"expected_version": row.current.version})
    return render(
        request,
        "scoring/void.html",
        {
            "match": match,
            "club": match.club,
            "form": form,
            "number": number,
            "title": title,
            "current": describe_event(
                row.current.data, match.game, match.rules, stays_out=row.stays_out
            ),
        },
    )
