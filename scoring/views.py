"""The match pages: the match itself (scoreboard, hand entry, history), and the pages that record
the other events, correct or void an earlier one (starting a match: `scoring.views_start`).

Views stay thin: they read through `scoring.selectors`, write through `scoring.services`, and ask
`clubs.permissions` who may do what. Matches are looked up in `Match.objects.for_user`, so another
club's match answers 404; a member who may not score gets 403. What the match page shows is
built by `scoring.match_page`, in the words of `scoring.presenters`. A phone that joined the
match with its table code records its events without an account (`scoring.table_access`:
`actor_for` is who records, `login_or_code_required` lets it past the login).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from csp.utils import build_policy
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from clubs.actors import Actor, TableActor
from clubs.errors import Refusal, ServiceError, as_message, on_form
from clubs.permissions import can_score, is_member
from scoring import services, table_access
from scoring.engine import EngineError, Status
from scoring.engine.cards import count_points
from scoring.forms import (
    SeatEventForm,
    TimeCallForm,
    VoidForm,
    match_error_text,
)
from scoring.games import game_of
from scoring.match_page import (
    conflict_of,
    hand_form,
    history_context,
    in_play_seats,
    match_context,
    reentry_offers,
    said_hand,
)
from scoring.models import EventKind, Match, MatchEvent
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
    hand_number,
    match_detail,
)

# Looking up a match ------------------------------------------------------------------------------


def _visible_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user may see it (`Match.objects.for_user`: their club's, a public club's
    finished one, or one in progress of a public club that shows its matches live), or if this
    phone joined it with its current table code (`scoring.table_access.may_see`); else 404."""
    visible = Match.objects.for_user(request.user).select_related("club").filter(pk=pk).first()
    if visible is not None:
        return visible
    match = get_object_or_404(Match.objects.select_related("club"), pk=pk)
    if not table_access.may_see(request, match):
        raise Http404
    return match


def _scoring_match(request: HttpRequest, pk: int) -> tuple[Match, Actor]:
    """The match if the user may record its events, and who records them (the user, or the
    phone of a table code: `table_access.actor_for`): 404 outside the club and without a code
    of the match, 403 without the role or with a code that is read-only now."""
    match = _visible_match(request, pk)
    actor = table_access.actor_for(request, match)
    if isinstance(actor, TableActor) or can_score(request.user, match.club):
        return match, actor
    if table_access.may_see(request, match):
        raise PermissionDenied  # the phone's code opens the match read-only now
    if not is_member(request.user, match.club):
        raise Http404
    raise PermissionDenied


def _released_phone_told(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A phone whose seat was released, sending from the match page, is told so in place (who
    released it, the way back to its seat: `table_access.released_words`), with the page as a
    follower sees it, and 403: not "logged out", which the script says of a bare 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        match = _visible_match(request, pk)
        join = table_access.released_join(request, match)
        if join is None or table_access.may_score(request, match):
            return view(request, pk, *args, **kwargs)
        messages.error(request, table_access.released_words(join, match))
        response = _answer(request, match, "refused")
        if request.htmx:
            response.status_code = 403  # the outcome header still says "refused", in place
        return response

    return wrapper


def _closed(request: HttpRequest, match: Match) -> bool:
    """True (and says why) when the match takes no more changes: a finished tournament's."""
    if match.is_closed:
        messages.error(request, match.closed_message)
        return True
    return False


def _title_of(detail: MatchDetail, number: int | None, default: str) -> str:
    """What players call event `number` ("Hand 7", "Re-entry"); `default` for the event being
    recorded, which is not in `detail` yet."""
    row = detail.row_of(number) if number is not None else None
    return row_title(row) if row is not None else default


# The match page ----------------------------------------------------------------------------------


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = _visible_match(request, pk)
    if request.GET.get("mine") == "discarded":
        # "It was the same hand: discard mine" (without the page's script): nothing of it was
        # recorded; the page again, fresh, with a form for the match as it is now
        messages.info(request, gettext("Your hand was discarded."))
        return _back_to(match)
    return render(request, "scoring/match.html", match_context(request, match))


@require_safe
def match_history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every event of the match with all its versions, and the chart of the totals."""
    match = _visible_match(request, pk)
    return render(request, "scoring/history.html", history_context(request, match))


@require_safe
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The scoreboard and history, for polling: 204 when the page's revision is still current.
    A page whose entry form is untouched asks for a fresh one too (`entry=fresh`: the players in
    play and the hand number of now, nothing to warn about); one being typed is compared with
    the match (`form`, `seen`) and told what changed since it was made."""
    match = _visible_match(request, pk)
    fresh_entry = request.GET.get("entry") == "fresh"
    # a page with an entry form, on a phone whose seat was released since: releasing changes no
    # score, but the page must become a follower's (the panel says why, the form goes)
    seat_released = fresh_entry and table_access.released_join(request, match) is not None
    if request.GET.get("revision") == str(match.revision) and not seat_released:
        return HttpResponse(status=204)
    seen = request.GET.get("seen", "")
    if fresh_entry:
        context = match_context(request, match)
    else:
        context = match_context(
            request,
            match,
            signature=request.GET.get("form", ""),
            seen=int(seen) if seen.isdigit() else None,
            with_form=False,
        )
    context["fresh_entry"] = fresh_entry
    return render(request, "scoring/_live.html", context)


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The match pages' service worker (static/js/sw.js), served under /matches/ so that its
    scope is the match pages: it keeps the last match pages seen and their static files, so a
    match page opens without a network. It is told the static files' address, the content
    security policy of the copies it keeps and the version (a new one replaces the old worker)."""
    path = finders.find("js/sw.js")
    if not path:
        raise Http404
    config = {
        "version": settings.TALLONE_VERSION,
        "static": settings.STATIC_URL,
        "policy": build_policy(),
    }
    with open(path, encoding="utf-8") as source:
        body = f"self.TALLONE = {json.dumps(config)};\n{source.read()}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def _back_to(match: Match) -> HttpResponse:
    """Back to the match page, scrolled to the top: the scoreboard and what just happened.

    (A form posted to "...#entry" would otherwise bring its fragment along the redirect.)"""
    return redirect(match.get_absolute_url() + "#top")


# What a hand, a re-entry or a withdrawal answers the page's script (static/js/entry.js): the
# parts of the match page in one answer, and what happened in the header X-Tallone-Answer.
ANSWER_STATUS = {"recorded": 200, "refused": 422, "conflict": 409}


def _answer(
    request: HttpRequest, match: Match, outcome: str, *, form=None, detail=None, hand=None
) -> HttpResponse:
    """After a hand, a re-entry or a withdrawal sent from the match page: back to the page (a
    browser without the script), or, for the page's script, its new scoreboard, history, entry
    form (the refused one, with what was typed and why, or a fresh one) and messages in one
    answer, with no redirect. `outcome` is "recorded" (also when it was already recorded),
    "refused" or "conflict" (another phone changed the match first). `hand`: the number of the
    hand event just recorded, which the answer's live region says with the new totals."""
    if not request.htmx:
        return _back_to(match)
    if outcome == "recorded":
        match.refresh_from_db()
        detail = None
    context = match_context(request, match, detail, form=form)
    context["said_hand"] = said_hand(context["history"], hand)
    response = render(request, "scoring/_answer.html", context, status=ANSWER_STATUS[outcome])
    response["X-Tallone-Answer"] = outcome
    return response


def _refused(request: HttpRequest, match: Match) -> HttpResponse:
    """A refusal already said in a message (the match is over, closed, the player cannot...)."""
    return _answer(request, match, "refused")


def _already_recorded(request: HttpRequest, match: Match, title: str = "") -> bool:
    """True (and says so) when this form's idempotency key already recorded an event: a double
    tap, or a resubmission after the answer got lost. Checked before the form, which was made for
    the match as it was before that event."""
    key = request.POST.get("idempotency_key", "")
    event = MatchEvent.objects.filter(match=match, idempotency_key=key).first() if key else None
    if event is not None:
        _recorded_again(request, event, title=title, number=hand_number(event))
    return event is not None


def _recorded_again(
    request: HttpRequest, event: MatchEvent, *, title: str = "", number: int | None
) -> None:
    """Say that an event sent again had been recorded the first time: "Hand 1 recorded (the
    answer had been lost)" (`number`: the hand's, None for another event) — the phone saw no
    answer, the table must know it counts once."""
    if number is not None:
        text = gettext("Hand %(number)s recorded (the answer had been lost).") % {"number": number}
    else:
        text = gettext("%(event)s: it had been recorded (the answer had been lost).") % {
            "event": title or kind_label(event.kind)
        }
    messages.success(request, text)


def _refusal_words(detail: MatchDetail | None, default: str) -> Callable[[ServiceError], str]:
    """How a page words a refusal: "Hand 3: ..." when it names an event (what players call the
    event with that number in `detail`; `default` for the event being recorded)."""

    def words(error: ServiceError) -> str:
        if detail is None:
            return match_error_text(error, default)
        text = match_error_text(error, _title_of(detail, error.event, default))
        if isinstance(error, services.MatchMovedOn):
            # the same sentences as the page's conflict notice (the latest changes only)
            conflict = conflict_of(detail.match, detail, error.changes, form_fits=False)
            text = " ".join([text, *(conflict.sentences if conflict else ())])
        return text

    return words


@table_access.login_or_code_required
@require_POST
@_released_phone_told
def hand_record(request: HttpRequest, pk: int) -> HttpResponse:
    match, actor = _scoring_match(request, pk)
    if _already_recorded(request, match):
        return _answer(request, match, "recorded")
    if _closed(request, match):
        return _refused(request, match)
    detail = match_detail(match)
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return _refused(request, match)
    form = hand_form(match, in_play_seats(detail), request.POST)
    if form.is_valid():
        this_hand = event_title(EventKind.HAND, detail.next_hand_number)
        with on_form(form, text=_refusal_words(detail, this_hand)):
            # `hand_record` as the service that also answers the hand's number as players count
            # it, from the events it read: no query to count the match's hands
            recorded = services.event_record_replayed(
                match=match,
                user=actor,
                data={**form.to_data(), "type": "hand"},
                idempotency_key=form.cleaned_data["idempotency_key"],
                based_on=form.based_on(),
            )
            if recorded.created:
                number = recorded.hand_number
                messages.success(request, gettext("Hand %(number)s recorded.") % {"number": number})
            else:
                _recorded_again(request, recorded.event, number=recorded.hand_number)
            return _answer(request, match, "recorded", hand=recorded.event.number)
    form.fresh_key()
    if request.htmx:
        outcome = "conflict" if form.conflict else "refused"
        return _answer(request, match, outcome, form=form, detail=detail)
    context = match_context(request, match, detail, form=form)
    # 409 when another phone changed the match first: nothing was recorded, the page says what
    return render(request, "scoring/match.html", context, status=409 if form.conflict else 200)


def _outcome(refused: Refusal) -> str:
    if not refused:
        return "recorded"
    return "conflict" if isinstance(refused.error, services.MatchMovedOn) else "refused"


def _seat(detail: MatchDetail, number: int):
    return next(seat for seat in detail.seats if seat.seat == number)


@table_access.login_or_code_required
@require_POST
@_released_phone_told
def reentry(request: HttpRequest, pk: int) -> HttpResponse:
    """An eliminated player re-enters (one tap on the offer the match page shows)."""
    match, actor = _scoring_match(request, pk)
    if _already_recorded(request, match):
        return _answer(request, match, "recorded")
    if _closed(request, match):
        return _refused(request, match)
    detail = match_detail(match)
    form = SeatEventForm(request.POST, seats=[(seat.seat, seat.name) for seat in detail.seats])
    offered = {offer.seat for offer in reentry_offers(detail)}
    based_on = form.based_on() if form.is_valid() else None
    # an offer from a scoreboard the match has left behind goes to the service, which says what
    # changed meanwhile; otherwise only the players offered now may re-enter
    moved_on = based_on is not None and based_on != match.revision
    if not form.is_valid() or (form.cleaned_data["seat"] not in offered and not moved_on):
        messages.error(request, gettext("This player cannot re-enter now."))
        return _refused(request, match)
    seat = _seat(detail, form.cleaned_data["seat"])
    with as_message(request, text=_refusal_words(detail, kind_label(EventKind.REENTRY))) as refused:
        services.player_reenter(
            match=match,
            user=actor,
            seat=seat,
            idempotency_key=form.cleaned_data["idempotency_key"],
            based_on=based_on,
        )
        messages.success(request, gettext("%(player)s re-entered.") % {"player": seat.name})
    return _answer(request, match, _outcome(refused))


@table_access.login_or_code_required
@require_POST
@_released_phone_told
def stays_out(request: HttpRequest, pk: int) -> HttpResponse:
    """An eliminated player declines the re-entry (the offer the match page shows asks first and
    posts `confirm=1`; nothing is recorded without it): the withdrawal of that player alone,
    refused when they are not eliminated any more."""
    match, actor = _scoring_match(request, pk)
    if _already_recorded(request, match, gettext("Stays out")):
        return _answer(request, match, "recorded")
    if _closed(request, match):
        return _refused(request, match)
    detail = match_detail(match)
    form = SeatEventForm(request.POST, seats=[(seat.seat, seat.name) for seat in detail.seats])
    if not form.is_valid():
        messages.error(request, gettext("Choose the player."))
        return _refused(request, match)
    seat = _seat(detail, form.cleaned_data["seat"])
    if request.POST.get("confirm") != "1":  # asked first, as a drop is: the offer's question
        text = gettext("Nothing was recorded: confirm first that %(player)s stays out.")
        messages.error(request, text % {"player": seat.name})
        return _refused(request, match)
    with as_message(request, text=_refusal_words(detail, gettext("Stays out"))) as refused:
        services.player_stays_out(
            match=match,
            user=actor,
            seat=seat,
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
        messages.success(request, gettext("%(player)s stays out.") % {"player": seat.name})
    return _answer(request, match, _outcome(refused))


@table_access.login_or_code_required
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """A player leaves the match (or an eliminated player declines the re-entry): confirm first.
    The offer after a bust has its own "stays out" (`stays_out`), for that player only."""
    match, actor = _scoring_match(request, pk)
    if request.method == "POST" and _already_recorded(request, match):
        return _answer(request, match, "recorded")
    if _closed(request, match):
        return _refused(request, match)
    detail = match_detail(match)
    seats = [(seat.seat, seat.name) for seat in detail.seats]
    # Only a player in play withdraws, and never the last one; a player a hand has just
    # eliminated declines the re-entry with "stays out" (`stays_out`).
    in_play = in_play_seats(detail)
    shown = in_play if len(in_play) > 1 else []
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return _refused(request, match)
    words = _refusal_words(detail, kind_label(EventKind.WITHDRAW))
    if request.method == "POST":
        form = SeatEventForm(request.POST, seats=seats, shown=shown)
        if form.is_valid():
            seat = _seat(detail, form.cleaned_data["seat"])
            with on_form(form, text=words):
                services.player_withdraw(
                    match=match,
                    user=actor,
                    seat=seat,
                    idempotency_key=form.cleaned_data["idempotency_key"],
                    based_on=form.based_on(),
                )
                messages.success(request, gettext("%(player)s is out.") % {"player": seat.name})
                return _answer(request, match, "recorded")
        form.fresh_key()
        if request.htmx:  # a one-tap withdrawal from the match page: its refusal in a message
            refusals = [*form.non_field_errors(), *form.errors.get("seat", [])]
            for text in [words(form.conflict)] if form.conflict else refusals:
                messages.error(request, text)
            return _answer(request, match, "conflict" if form.conflict else "refused")
    else:
        initial: dict[str, Any] = {"based_on": match.revision}
        if request.GET.get("seat", "").isdigit():
            initial["seat"] = int(request.GET["seat"])
        form = SeatEventForm(seats=seats, shown=shown, initial=initial)
    return render(
        request,
        "scoring/withdraw.html",
        {"match": match, "club": match.club, "form": form, "nobody": not shown},
    )


@login_required
def time_call(request: HttpRequest, pk: int) -> HttpResponse:
    """End the match now; players are ranked by their current totals. Confirm first."""
    match, actor = _scoring_match(request, pk)
    if isinstance(actor, TableActor):
        raise PermissionDenied  # calling time is the director's, not a table's
    if request.method == "POST" and _already_recorded(request, match):
        return _back_to(match)
    if _closed(request, match):
        return _back_to(match)
    if match.is_finished:
        messages.error(request, gettext("The match is over."))
        return _back_to(match)
    if request.method == "POST":
        form = TimeCallForm(request.POST)
        if form.is_valid():
            with on_form(form, text=_refusal_words(None, kind_label(EventKind.TIME_CALL))):
                services.match_call_time(
                    match=match,
                    user=actor,
                    idempotency_key=form.cleaned_data["idempotency_key"],
                )
                messages.success(request, gettext("Time called: the match is over."))
                return _back_to(match)
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
    words = _refusal_words(detail, title)

    def with_hint(error: ServiceError) -> str:
        later = detail.row_of(error.event) if error.event not in (None, number) else None
        return f"{words(error)} {correction_hint(later.event.kind)}" if later else words(error)

    return with_hint


@table_access.login_or_code_required
def event_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a recorded hand: the entry form, filled in with what was recorded, and a reason."""
    match, actor = _scoring_match(request, pk)
    if _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    row = _row(detail, number)
    if row.event.kind != EventKind.HAND or row.is_void:
        messages.error(request, gettext("Only hands can be corrected; void this event instead."))
        return _back_to(match)
    seats = in_play_seats(detail, _statuses_before(detail, number))
    title = row_title(row)
    if request.method == "POST":
        form = hand_form(match, seats, request.POST, correcting=True)
        if form.is_valid():
            with on_form(form, text=_correction_words(detail, number, title)):
                services.hand_correct(
                    event=row.event,
                    user=actor,
                    data=form.to_data(),
                    expected_version=form.cleaned_data["expected_version"],
                    reason=form.cleaned_data["reason"],
                )
                messages.success(
                    request, gettext("Hand %(number)s corrected.") % {"number": row.hand_number}
                )
                return _back_to(match)
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


@table_access.login_or_code_required
def event_void(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Void an event: it stops counting but stays in the history, with the reason given."""
    match, actor = _scoring_match(request, pk)
    if _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    row = _row(detail, number)
    if row.is_void:
        messages.error(request, gettext("This event is already void."))
        return _back_to(match)
    title = row_title(row)
    if request.method == "POST":
        form = VoidForm(request.POST)
        if form.is_valid():
            with on_form(form, text=_refusal_words(detail, title)):
                services.event_void(
                    event=row.event,
                    user=actor,
                    reason=form.cleaned_data["reason"],
                    expected_version=form.cleaned_data["expected_version"],
                )
                if row.hand_number:
                    text = gettext("Hand %(number)s is void.") % {"number": row.hand_number}
                else:
                    text = gettext("%(event)s is void.") % {"event": title}
                messages.success(request, text)
                return _back_to(match)
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


@require_safe
def count_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The card-counting helper: the points of the cards typed in one `cards_<seat>` field."""
    match = _visible_match(request, pk)
    text = next((value for key, value in request.GET.items() if key.startswith("cards_")), "")
    context: dict[str, Any] = {"text": text.strip()}
    if text.strip():
        try:
            context["points"] = count_points(
                match.game, text, ace_alone_is_one=bool(match.rules.get("ace_alone_is_one"))
            )
        except EngineError as error:
            context["error"] = error.translated(gettext)
    return render(request, "scoring/_card_count.html", context)
