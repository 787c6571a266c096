"""The match pages: starting a match, the match itself (scoreboard, hand entry, history), and the
pages that record the other events, correct or void an earlier one.

Views stay thin: they read through `scoring.selectors`, write through `scoring.services`, and ask
`clubs.permissions` who may do what. Matches are looked up in `Match.objects.for_user`, so another
club's match answers 404; a member who may not score gets 403.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from clubs.errors import ServiceError, as_message, on_form
from clubs.models import Club
from clubs.permissions import can_direct, can_score, can_see_authors, is_member
from scoring import services
from scoring.charts import totals_chart
from scoring.engine import EngineError, Status
from scoring.engine.cards import count_points
from scoring.forms import (
    RAMINO_CLOSINGS,
    GinHandForm,
    PenaltyHandForm,
    RulesForm,
    SeatEventForm,
    StartForm,
    TimeCallForm,
    VoidForm,
    match_error_text,
    new_idempotency_key,
    preset_from,
    preset_label,
)
from scoring.models import EndedBy, EventKind, Game, Match, MatchEvent, PlayerStatus
from scoring.selectors import EventRow, MatchDetail, match_detail

POLL_SECONDS = 3


# Looking up a match ------------------------------------------------------------------------------


def _visible_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user may see it (their club's, or a public club's finished one), or 404."""
    return get_object_or_404(Match.objects.for_user(request.user).select_related("club"), pk=pk)


def _scoring_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user may record its events: 404 outside the club, 403 without the role."""
    match = _visible_match(request, pk)
    if not is_member(request.user, match.club):
        raise Http404
    if not can_score(request.user, match.club):
        raise PermissionDenied
    return match


def _closed(request: HttpRequest, match: Match) -> bool:
    """True (and says why) when the match takes no more changes: a finished tournament's."""
    if match.is_closed:
        messages.error(request, match.closed_message)
        return True
    return False


# What the pages show -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    total: int
    status: str
    status_label: str
    reentries: int
    hands_won: int
    boxes: int
    is_dealer: bool


@dataclass(frozen=True)
class ReentryOffer:
    seat: int
    name: str
    total: int
    reentry_total: int
    key: str  # the idempotency key of the re-entry button


@dataclass(frozen=True)
class Change:
    name: str
    charge: int
    total: int
    busted: bool


@dataclass(frozen=True)
class VersionRow:
    version: int
    author: str
    when: datetime
    summary: str
    reason: str
    is_current: bool
    is_void: bool


@dataclass(frozen=True)
class HistoryRow:
    number: int
    kind: str
    kind_label: str
    summary: str
    is_void: bool
    is_corrected: bool
    version: int
    versions: tuple[VersionRow, ...]
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class GinGameView:
    number: int
    rows: tuple[tuple[str, int, int], ...]  # (name, score, boxes)
    winner: str | None
    finished: bool


def _kind_label(kind: str) -> str:
    return str(EventKind(kind).label) if kind in EventKind.values else gettext("Event")


def _count_for_display(game: str, rules: dict[str, Any], cards: str) -> str:
    try:
        return str(count_points(game, cards, ace_alone_is_one=bool(rules.get("ace_alone_is_one"))))
    except EngineError:
        return "?"


def describe_event(data: dict[str, Any], game: str, rules: dict[str, Any]) -> str:
    """One line saying what an event version recorded, in the user's language."""
    kind = data.get("type")
    if kind == "reentry":
        return gettext("%(player)s re-entered.") % {"player": data.get("player")}
    if kind == "withdraw":
        return gettext("%(player)s withdrew.") % {"player": data.get("player")}
    if kind == "time_call":
        return gettext("Time called.")
    if kind != "hand":
        return ""
    parts: list[str] = []
    cards = data.get("cards") or {}
    if game == Game.GIN:
        result = data.get("result")
        knocker = {"player": data.get("knocker")}
        if result == "dead":
            parts.append(gettext("Dead hand."))
        elif result == "gin":
            parts.append(gettext("Gin by %(player)s.") % knocker)
        elif result == "big_gin":
            parts.append(gettext("Big gin by %(player)s.") % knocker)
        else:
            parts.append(gettext("Knock by %(player)s.") % knocker)
        scores = data.get("deadwood") or {}
        if data.get("upcard"):
            parts.append(gettext("Upcard %(card)s.") % {"card": data["upcard"]})
    else:
        closer = {"player": data.get("closer")}
        if data.get("in_hand"):
            parts.append(gettext("Closed in hand by %(player)s.") % closer)
        else:
            parts.append(gettext("Closed by %(player)s.") % closer)
        closing = data.get("closing", "normal")
        if game == Game.RAMINO and closing != "normal":
            parts.append(
                gettext("Closing: %(closing)s.") % {"closing": dict(RAMINO_CLOSINGS)[closing]}
            )
        scores = data.get("points") or {}
    entries = [f"{name} {value}" for name, value in scores.items()]
    entries += [
        f"{name} {text} ({_count_for_display(game, rules, text)})" for name, text in cards.items()
    ]
    entries += [
        gettext("%(player)s not opened") % {"player": name} for name in data.get("not_opened", [])
    ]
    if entries:
        parts.append(", ".join(entries))
    return " ".join(parts)


def _history(detail: MatchDetail, *, show_authors: bool) -> list[HistoryRow]:
    """Every event, newest first, with all its versions and what it changed. Who made each
    version is left out (empty) unless `show_authors`: the club's members only."""
    match = detail.match
    names = [seat.name for seat in detail.seats]
    rows = []
    for row in detail.rows:
        changes: tuple[Change, ...] = ()
        kind = row.event.kind
        if row.snapshot is not None and kind in (EventKind.HAND, EventKind.REENTRY):
            snap = row.snapshot
            changes = tuple(
                Change(
                    name=name,
                    charge=snap.charges.get(name, 0),
                    total=snap.totals.get(name, 0),
                    busted=name in snap.eliminated,
                )
                for name in names
                if kind == EventKind.HAND or snap.charges.get(name, 0)
            )
        versions = tuple(
            VersionRow(
                version=version.version,
                author=(
                    version.created_by.get_username() if show_authors and version.created_by else ""
                ),
                when=version.created_at,
                summary=describe_event(version.data, match.game, match.rules),
                reason=version.reason,
                is_current=version.is_current,
                is_void=version.is_void,
            )
            for version in row.versions
        )
        rows.append(
            HistoryRow(
                number=row.number,
                kind=kind,
                kind_label=_kind_label(kind),
                summary=describe_event(row.current.data, match.game, match.rules),
                is_void=row.is_void,
                is_corrected=row.is_corrected,
                version=row.current.version,
                versions=versions,
                changes=changes,
            )
        )
    rows.reverse()
    return rows


def _reentry_offers(detail: MatchDetail) -> list[ReentryOffer]:
    """The players a hand just eliminated who may still re-enter, with the total they'd get.

    The re-entry total is the highest total among the players that hand left in play, plus the
    rules' extra points (RULES.md section 1), read from the snapshot of that hand.
    """
    state = detail.state
    eliminated = [p for p in state.players if p.status == Status.ELIMINATED]
    if not eliminated or state.finished:
        return []
    bust = next(
        (row.snapshot for row in reversed(detail.rows) if row.snapshot and _is_hand(row)), None
    )
    if bust is None:
        return []
    survivors = [name for name, status in bust.statuses.items() if status == Status.IN_PLAY]
    extra = int(detail.match.rules.get("reentry_extra_points", 0))
    reentry_total = max(bust.totals[name] for name in survivors) + extra
    seat_of = {seat.name: seat.seat for seat in detail.seats}
    return [
        ReentryOffer(
            seat=seat_of[player.name],
            name=player.name,
            total=player.total,
            reentry_total=reentry_total,
            key=new_idempotency_key(),
        )
        for player in eliminated
    ]


def _is_hand(row: EventRow) -> bool:
    return row.event.kind == EventKind.HAND and not row.is_void


def _seat_rows(detail: MatchDetail) -> list[SeatRow]:
    state = detail.state
    boxes: dict[str, int] = {}
    for game in state.games:
        for name, count in game.boxes.items():
            boxes[name] = boxes.get(name, 0) + count
    rows = []
    for seat in detail.seats:
        player = state.player(seat.name)
        rows.append(
            SeatRow(
                seat=seat.seat,
                name=seat.name,
                total=player.total,
                status=str(player.status),
                status_label=str(PlayerStatus(str(player.status)).label),
                reentries=player.reentries,
                hands_won=player.hands_won,
                boxes=boxes.get(seat.name, 0),
                is_dealer=state.dealer == seat.name,
            )
        )
    return rows


def _gin_games(detail: MatchDetail) -> list[GinGameView]:
    names = [seat.name for seat in detail.seats]
    games = []
    for game in detail.state.games:
        scores = game.final_scores if game.final_scores is not None else game.scores
        games.append(
            GinGameView(
                number=game.number,
                rows=tuple((name, scores.get(name, 0), game.boxes.get(name, 0)) for name in names),
                winner=game.winner,
                finished=game.finished,
            )
        )
    return games


def form_signature(detail: MatchDetail) -> str:
    """What the entry form depends on: who is in play and whether the match is over."""
    state = detail.state
    text = "|".join([str(state.finished), *(f"{p.name}:{p.status}" for p in state.players)])
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def _in_play_seats(detail: MatchDetail, statuses=None) -> list[tuple[int, str]]:
    """(seat, name) of the players in play: now, or as `statuses` (a snapshot's) says."""
    if statuses is None:
        statuses = {p.name: p.status for p in detail.state.players}
    return [
        (seat.seat, seat.name) for seat in detail.seats if statuses.get(seat.name) == Status.IN_PLAY
    ]


def _hand_form(match: Match, seats: list[tuple[int, str]], *args, **kwargs):
    if match.game == Game.GIN:
        return GinHandForm(*args, rules=match.rules, seats=seats, **kwargs)
    return PenaltyHandForm(*args, game=match.game, rules=match.rules, seats=seats, **kwargs)


def _rules_summary(match: Match) -> list[str]:
    rules = match.rules
    if match.game == Game.GIN:
        items = [gettext("Target %(points)s") % {"points": rules["target"]}]
        if rules.get("match_mode") == "hands":
            items = [gettext("First to %(count)s hands") % {"count": rules["hands_to_win"]}]
        items.append(gettext("Knock limit %(points)s") % {"points": rules["knock_limit"]})
        return items
    rule = "≥" if rules["elimination_rule"] == ">=" else rules["elimination_rule"]
    items = [
        gettext("Out at %(rule)s %(points)s") % {"rule": rule, "points": rules["elimination_at"]}
    ]
    if rules.get("not_opened_penalty") is not None:
        items.append(gettext("Not opened %(points)s") % {"points": rules["not_opened_penalty"]})
    if rules.get("reentry_allowed"):
        items.append(gettext("Re-entry allowed"))
    return items


def _money(value: Any) -> Decimal:
    return Decimal(str(value or "0"))


def _chart(match: Match, detail: MatchDetail) -> str:
    """Each player's total hand by hand (SVG drawn here, no script), with the threshold or the
    Gin target as a dashed line; nothing before the first event."""
    state = detail.state
    if not state.history:
        return ""
    rules = match.rules
    threshold, label = None, ""
    if match.game != Game.GIN:
        threshold = rules["elimination_at"]
        label = gettext("out at %(points)s") % {"points": threshold}
    elif rules.get("variant") != "hollywood" and rules.get("match_mode") == "points":
        threshold = rules["target"]
        label = gettext("target %(points)s") % {"points": threshold}
    return totals_chart(
        state.history,
        [seat.name for seat in detail.seats],
        event_numbers=detail.replay.event_numbers,
        threshold=threshold,
        threshold_label=label,
        title=gettext("Totals hand by hand"),
    )


def match_context(
    request: HttpRequest,
    match: Match,
    detail: MatchDetail | None = None,
    *,
    form=None,
    signature: str | None = None,
    with_form: bool = True,
) -> dict[str, Any]:
    """Everything the match page shows; the live fragment (`with_form` False) shows the same but
    the entry form, and compares the `signature` of the form the page has with the match now."""
    detail = detail or match_detail(match)
    state = detail.state
    scorer = can_score(request.user, match.club)
    show_authors = can_see_authors(request.user, match.club)
    current_signature = form_signature(detail)
    closed = match.is_closed
    entry_open = scorer and not state.finished and not closed
    if entry_open and form is None and with_form:
        form = _hand_form(match, _in_play_seats(detail))
    page_signature = signature if signature is not None else (current_signature if form else "")
    ranking = [{"place": p.place, "name": p.name, "total": p.total} for p in state.ranking]
    pot = state.pot.total
    return {
        "match": match,
        "club": match.club,
        "detail": detail,
        "state": state,
        "is_gin": match.game == Game.GIN,
        "preset_label": preset_label(match.preset),
        "rules_summary": _rules_summary(match),
        "seat_rows": _seat_rows(detail),
        "gin_games": _gin_games(detail) if match.game == Game.GIN else [],
        "hollywood": match.rules.get("variant") == "hollywood",
        "dealer": state.dealer,
        "pot": pot if pot > 0 else None,
        "offers": _reentry_offers(detail) if scorer and not closed else [],
        "reentry_fee": _money(match.rules.get("reentry_fee")),
        "ranking": ranking,
        "ended_by_label": str(EndedBy(str(state.ended_by)).label) if state.ended_by else "",
        "history": _history(detail, show_authors=show_authors),
        "show_authors": show_authors,
        "chart": _chart(match, detail),
        "can_score": scorer and not closed,
        "closed_message": match.closed_message,
        "reopen_url": _reopen_url(request, match) if closed else None,
        "form": form if entry_open else None,
        "signature": page_signature,
        "form_is_stale": bool(page_signature) and page_signature != current_signature,
        "poll": not state.finished,
        "poll_seconds": POLL_SECONDS,
    }


def _reopen_url(request: HttpRequest, match: Match) -> str | None:
    """Where a director of the club reopens the finished tournament that closed `match` (the
    form on the tournament's page); None for anyone else."""
    if not can_direct(request.user, match.club):
        return None
    table = getattr(match, "tournament_table", None)
    if table is None:
        return None
    return reverse("tournaments:detail", args=[table.round.tournament_id]) + "#reopen"


def _kind_of(detail: MatchDetail, number: int | None, default: str = EventKind.HAND) -> str:
    for row in detail.rows:
        if row.number == number:
            return _kind_label(row.event.kind)
    return _kind_label(default)


# The match page ----------------------------------------------------------------------------------


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = _visible_match(request, pk)
    return render(request, "scoring/match.html", match_context(request, match))


@require_safe
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The scoreboard and history, for polling: 204 when the page's revision is still current."""
    match = _visible_match(request, pk)
    if request.GET.get("revision") == str(match.revision):
        return HttpResponse(status=204)
    context = match_context(request, match, signature=request.GET.get("form", ""), with_form=False)
    return render(request, "scoring/_live.html", context)


def _back_to(match: Match) -> HttpResponse:
    """Back to the match page, scrolled to the top: the scoreboard and what just happened.

    (A form posted to "...#entry" would otherwise bring its fragment along the redirect.)"""
    return redirect(match.get_absolute_url() + "#top")


def _already_recorded(request: HttpRequest, match: Match) -> bool:
    """True (and says so) when this form's idempotency key already recorded an event: a double
    tap, or a resubmission after the answer got lost. Checked before the form, which was made for
    the match as it was before that event."""
    key = request.POST.get("idempotency_key", "")
    if key and MatchEvent.objects.filter(match=match, idempotency_key=key).exists():
        messages.info(request, gettext("This was already recorded."))
        return True
    return False


def _refusal_words(
    detail: MatchDetail | None, default: str = EventKind.HAND
) -> Callable[[ServiceError], str]:
    """How a page words a refusal: "Hand 3: ..." when it names an event (the kind of the event
    with that number in `detail`, else `default`)."""

    def words(error: ServiceError) -> str:
        if detail is None:
            return match_error_text(error, _kind_label(default))
        return match_error_text(error, _kind_of(detail, error.event, default))

    return words


@login_required
@require_POST
def hand_record(request: HttpRequest, pk: int) -> HttpResponse:
    match = _scoring_match(request, pk)
    if _already_recorded(request, match) or _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return _back_to(match)
    form = _hand_form(match, _in_play_seats(detail), request.POST)
    if form.is_valid():
        with on_form(form, text=_refusal_words(detail)):
            event, created = services.hand_record(
                match=match,
                user=request.user,
                data=form.to_data(),
                idempotency_key=form.cleaned_data["idempotency_key"],
            )
            if created:
                messages.success(
                    request, gettext("Hand %(number)s recorded.") % {"number": event.number}
                )
            else:
                messages.info(request, gettext("This was already recorded."))
            return _back_to(match)
    form.fresh_key()
    return render(request, "scoring/match.html", match_context(request, match, detail, form=form))


def _seat(detail: MatchDetail, number: int):
    return next(seat for seat in detail.seats if seat.seat == number)


@login_required
@require_POST
def reentry(request: HttpRequest, pk: int) -> HttpResponse:
    """An eliminated player re-enters (one tap on the offer the match page shows)."""
    match = _scoring_match(request, pk)
    if _already_recorded(request, match) or _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    seats = [(offer.seat, offer.name) for offer in _reentry_offers(detail)]
    form = SeatEventForm(request.POST, seats=seats)
    if not form.is_valid():
        messages.error(request, gettext("This player cannot re-enter now."))
        return _back_to(match)
    seat = _seat(detail, form.cleaned_data["seat"])
    with as_message(request, text=_refusal_words(detail, EventKind.REENTRY)):
        services.player_reenter(
            match=match,
            user=request.user,
            seat=seat,
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
        messages.success(request, gettext("%(player)s re-entered.") % {"player": seat.name})
    return _back_to(match)


@login_required
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """A player leaves the match (or an eliminated player declines the re-entry): confirm first."""
    match = _scoring_match(request, pk)
    if request.method == "POST" and _already_recorded(request, match):
        return _back_to(match)
    if _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    statuses = (Status.IN_PLAY, Status.ELIMINATED)
    seats = [
        (seat.seat, seat.name)
        for seat in detail.seats
        if detail.state.player(seat.name).status in statuses
    ]
    if detail.state.finished:
        messages.error(request, gettext("The match is over."))
        return _back_to(match)
    if request.method == "POST":
        form = SeatEventForm(request.POST, seats=seats)
        if form.is_valid():
            seat = _seat(detail, form.cleaned_data["seat"])
            with on_form(form, text=_refusal_words(detail, EventKind.WITHDRAW)):
                services.player_withdraw(
                    match=match,
                    user=request.user,
                    seat=seat,
                    idempotency_key=form.cleaned_data["idempotency_key"],
                )
                messages.success(request, gettext("%(player)s is out.") % {"player": seat.name})
                return _back_to(match)
        form.fresh_key()
    else:
        initial = {}
        if request.GET.get("seat", "").isdigit():
            initial["seat"] = int(request.GET["seat"])
        form = SeatEventForm(seats=seats, initial=initial)
    return render(
        request, "scoring/withdraw.html", {"match": match, "club": match.club, "form": form}
    )


@login_required
def time_call(request: HttpRequest, pk: int) -> HttpResponse:
    """End the match now; players are ranked by their current totals. Confirm first."""
    match = _scoring_match(request, pk)
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
            with on_form(form, text=_refusal_words(None, EventKind.TIME_CALL)):
                services.match_call_time(
                    match=match,
                    user=request.user,
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


@login_required
def event_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct a recorded hand: the entry form, filled in with what was recorded, and a reason."""
    match = _scoring_match(request, pk)
    if _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    row = _row(detail, number)
    if row.event.kind != EventKind.HAND or row.is_void:
        messages.error(request, gettext("Only hands can be corrected; void this event instead."))
        return _back_to(match)
    seats = _in_play_seats(detail, _statuses_before(detail, number))
    if request.method == "POST":
        form = _hand_form(match, seats, request.POST, correcting=True)
        if form.is_valid():
            with on_form(form, text=_refusal_words(detail)):
                services.hand_correct(
                    event=row.event,
                    user=request.user,
                    data=form.to_data(),
                    expected_version=form.cleaned_data["expected_version"],
                    reason=form.cleaned_data["reason"],
                )
                messages.success(
                    request, gettext("Hand %(number)s corrected.") % {"number": number}
                )
                return _back_to(match)
    else:
        form_class = GinHandForm if match.game == Game.GIN else PenaltyHandForm
        initial = form_class.initial_from(row.current.data, seats)
        initial["expected_version"] = row.current.version
        form = _hand_form(match, seats, initial=initial, correcting=True)
    return render(
        request,
        "scoring/correct.html",
        {
            "match": match,
            "club": match.club,
            "form": form,
            "number": number,
            "is_gin": match.game == Game.GIN,
            "current": describe_event(row.current.data, match.game, match.rules),
        },
    )


@login_required
def event_void(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Void an event: it stops counting but stays in the history, with the reason given."""
    match = _scoring_match(request, pk)
    if _closed(request, match):
        return _back_to(match)
    detail = match_detail(match)
    row = _row(detail, number)
    if row.is_void:
        messages.error(request, gettext("This event is already void."))
        return _back_to(match)
    if request.method == "POST":
        form = VoidForm(request.POST)
        if form.is_valid():
            with on_form(form, text=_refusal_words(detail)):
                services.event_void(
                    event=row.event,
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    expected_version=form.cleaned_data["expected_version"],
                )
                messages.success(
                    request,
                    gettext("%(event)s %(number)s is void.")
                    % {"event": _kind_label(row.event.kind), "number": number},
                )
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
            "kind_label": _kind_label(row.event.kind),
            "current": describe_event(row.current.data, match.game, match.rules),
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


# Starting a match --------------------------------------------------------------------------------


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
    data = request.POST if request.method == "POST" else None
    preset = preset_from(request.POST if data else request.GET)
    form = StartForm(data, players=players, initial={"preset": preset})
    # The options posted belong to the preset they were shown for; others start at the preset's.
    options_posted = data is not None and data.get("rules-preset") == preset
    rules_form = RulesForm(data if options_posted else None, preset=preset)
    if data is not None:
        valid = form.is_valid()
        valid = (rules_form.is_valid() or not options_posted) and valid
        if valid:
            with on_form(rules_form, form):
                match = _start(request, club, form, rules_form, preset)
                return redirect(match)
    return render(
        request,
        "scoring/start.html",
        {"club": club, "form": form, "rules_form": rules_form, "has_players": bool(players)},
    )


def _start(request, club: Club, form: StartForm, rules_form: RulesForm, preset: str) -> Match:
    """Seat the players (guests created on the way) and start; a refusal creates nothing."""
    cleaned = form.cleaned_data
    with transaction.atomic():
        seated = [
            player or services.guest_player(club=club, name=guest)
            for _seat_number, player, guest in cleaned["seats"]
        ]
        return services.match_start(
            club=club,
            user=request.user,
            preset=preset,
            players=seated,
            options=rules_form.overrides(),
            table_label=cleaned.get("table_label", ""),
            first_dealer_seat=cleaned["first_dealer_seat"],
        )


@login_required
@require_safe
def rule_options(request: HttpRequest, slug: str) -> HttpResponse:
    """The options of the preset asked for, at its values: the start page reloads them with htmx."""
    _starting_club(request, slug)
    rules_form = RulesForm(preset=preset_from(request.GET))
    return render(request, "scoring/_rule_options.html", {"rules_form": rules_form})
