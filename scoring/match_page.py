"""What the match page shows: the scoreboard, the re-entry offers, the latest events with all
their versions and the Gin games, as plain data for templates/scoring/match.html and its live
fragment (`match_context`); the whole history with the chart (`history_context`); and the hand
form of the match as it stands (`hand_form`, `in_play_seats`).

The words (event sentences, rule labels, statuses) come from `scoring.presenters`, the numbers
from the engine's state (the re-entry total included); nothing here computes a score.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, TypedDict

from django.http import QueryDict
from django.utils.translation import gettext

from clubs.permissions import can_see_authors
from scoring import pages
from scoring.charts import totals_chart
from scoring.code_panel import CodePanel, code_panel
from scoring.engine import MatchState, Status
from scoring.engine.document import AnyHandEntry, EventData, hand_event
from scoring.forms import new_idempotency_key
from scoring.games import game_of
from scoring.models import EventKind, Match
from scoring.page_script import POLL_SECONDS, client_config, typist
from scoring.pages import MatchPlace
from scoring.presenters import (
    busted_label,
    countersigned_line,
    describe_change,
    describe_event,
    end_reason,
    games_won_line,
    gin_end_line,
    kind_label,
    row_title,
    status_label,
)
from scoring.rule_words import chart_threshold, preset_label, rules_summary
from scoring.selectors import EventRow, MatchDetail, latest_match_detail, match_detail
from scoring.services import MatchChange, changes_since, rebased
from scoring.services.state import LATEST_HANDS_KEPT
from scoring.table_access import MatchViewer

# The match page shows the latest events only, so that neither it nor the answer to a hand grows
# with the match; the whole history, with the chart, is its own page.
HISTORY_SHOWN = 5
# The hand picker lists the latest hands; an older one is corrected from the whole history.
PICKER_SHOWN = LATEST_HANDS_KEPT
# The changes another phone made that a conflict notice lists (the latest; older ones are counted).
CONFLICT_CHANGES_SHOWN = 4


# What the page shows -----------------------------------------------------------------------------


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
    boxes_by_game: tuple[int, ...] = ()  # Hollywood: a hand's box counts in each game it entered


@dataclass(frozen=True)
class ReentryOffer:
    seat: int
    name: str
    total: int
    reentry_total: int
    key: str  # the idempotency key of the re-entry button
    stays_out_key: str  # and of the "stays out" button


@dataclass(frozen=True)
class Change:
    name: str
    charge: int
    total: int
    busted: bool
    busted_label: str = ""


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
    number: int  # the event's number (its address: correct, void); players see `title`
    title: str  # "Hand 7", or the kind alone between hands ("Re-entry")
    kind: str
    kind_label: str
    summary: str
    is_void: bool
    is_corrected: bool
    version: int
    versions: tuple[VersionRow, ...]
    changes: tuple[Change, ...]
    # Gin: the end bonuses of the games the event ended, apart from the hand's own points
    end_line: str = ""


@dataclass(frozen=True)
class GinGameView:
    number: int
    rows: tuple[tuple[str, int, int], ...]  # (name, score, boxes)
    winner: str | None
    finished: bool


def _history(
    detail: MatchDetail, *, show_authors: bool, latest: int | None = None
) -> list[HistoryRow]:
    """Every event (or the `latest` ones), newest first, with all its versions and what it
    changed. Who made each version is left out (empty) unless `show_authors`: the club's
    members only."""
    match = detail.match
    names = [seat.name for seat in detail.seats]
    rows = []
    games = len(detail.state.games)
    for row in detail.rows if latest is None else detail.rows[-latest:]:
        kind = row.event.kind
        end_line = ""
        if row.snapshot is not None and row.snapshot.game_ends:
            end_line = gin_end_line(row.snapshot.game_ends, names, games=games)
        versions = tuple(
            VersionRow(
                version=version.version,
                author=_author(version, show_authors=show_authors),
                when=version.created_at,
                summary=describe_event(
                    version.data, match.game, match.rules, stays_out=row.stays_out
                ),
                reason=version.reason,
                is_current=version.is_current,
                is_void=version.is_void,
            )
            for version in row.versions
        )
        rows.append(
            HistoryRow(
                number=row.number,
                title=row_title(row),
                kind=kind,
                kind_label=kind_label(kind),
                summary=describe_event(
                    row.current.data, match.game, match.rules, stays_out=row.stays_out
                ),
                is_void=row.is_void,
                is_corrected=row.is_corrected,
                version=row.current.version,
                versions=versions,
                changes=_changes(row, names, detail.genders),
                end_line=end_line,
            )
        )
    rows.reverse()
    return rows


@dataclass(frozen=True)
class SaidHand:
    """What the match page's live region says after a hand: the hand, then the new totals."""

    summary: str  # a sentence, ending with its full stop
    changes: tuple[Change, ...]


def _changes(row: EventRow, names: Sequence[str], genders: dict[str, str]) -> tuple[Change, ...]:
    """What a hand (or a re-entry) changed, player by player: a hand's own points (the end
    bonuses of a game it ended are their own line), the new total, a bust."""
    kind = row.event.kind
    snap = row.snapshot
    if snap is None or kind not in (EventKind.HAND, EventKind.REENTRY):
        return ()
    charges = snap.hand_charges
    return tuple(
        Change(
            name=name,
            charge=charges.get(name, 0),
            total=snap.totals.get(name, 0),
            busted=name in snap.eliminated,
            busted_label=busted_label(genders.get(name, "")),
        )
        for name in names
        if kind == EventKind.HAND or charges.get(name, 0)
    )


def said_hand(history: Sequence[HistoryRow], number: int | None) -> SaidHand | None:
    """Hand event `number` of `history` as the live region says it; None for another event."""
    row = next((row for row in history if row.number == number), None)
    if row is None or not row.changes:
        return None
    summary = row.summary.rstrip()
    return SaidHand(summary if summary.endswith((".", "!", "?")) else f"{summary}.", row.changes)


def _author(version, *, show_authors: bool) -> str:
    """Who wrote a version: a phone of a table code (the name it gave and its number, shown to
    whoever sees the match, it is no login; the code itself to the club's members only, as it
    lets a phone in), or a user (members only)."""
    join = version.table_join
    if join is not None and show_authors:
        return gettext("%(name)s (table code %(code)s, phone %(number)s)") % {
            "name": join.name,
            "code": join.code.code,
            "number": join.number,
        }
    if join is not None:
        return gettext("%(name)s (phone %(number)s at the table)") % {
            "name": join.name,
            "number": join.number,
        }
    return version.created_by.get_username() if show_authors and version.created_by else ""


def reentry_offers(detail: MatchDetail) -> list[ReentryOffer]:
    """The players a hand just eliminated who may still re-enter, with the total they'd get.

    The re-entry total is the engine's (`MatchState.reentry_total`: the highest total among the
    players that hand left in play, plus the rules' extra points, RULES.md section 1).
    """
    state = detail.state
    eliminated = [p for p in state.players if p.status == Status.ELIMINATED]
    if not eliminated or state.finished or state.reentry_total is None:
        return []
    seat_of = {seat.name: seat.seat for seat in detail.seats}
    return [
        ReentryOffer(
            seat=seat_of[player.name],
            name=player.name,
            total=player.total,
            reentry_total=state.reentry_total,
            key=new_idempotency_key(),
            stays_out_key=new_idempotency_key(),
        )
        for player in eliminated
    ]


def _seat_rows(detail: MatchDetail) -> list[SeatRow]:
    state = detail.state
    boxes: dict[str, int] = {}
    for game in state.games:
        for name, count in game.boxes.items():
            boxes[name] = boxes.get(name, 0) + count
    several = len(state.games) > 1
    genders = detail.genders
    rows = []
    for seat in detail.seats:
        player = state.player(seat.name)
        rows.append(
            SeatRow(
                seat=seat.seat,
                name=seat.name,
                total=player.total,
                status=str(player.status),
                status_label=status_label(player.status, genders.get(seat.name, "")),
                reentries=player.reentries,
                hands_won=player.hands_won,
                boxes=boxes.get(seat.name, 0),
                is_dealer=state.dealer == seat.name,
                boxes_by_game=tuple(g.boxes.get(seat.name, 0) for g in state.games)
                if several
                else (),
            )
        )
    return rows


def _board_rows(rows: list[SeatRow], state: MatchState) -> list[SeatRow]:
    """The scoreboard's rows: in seat order while the match is played, in the final ranking's
    order once it is finished (the result card just above lists that ranking)."""
    if not state.finished:
        return rows
    order = {place.name: index for index, place in enumerate(state.ranking)}
    return sorted(rows, key=lambda row: order.get(row.name, len(order)))


def gin_games(detail: MatchDetail) -> list[GinGameView]:
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


@dataclass(frozen=True)
class Conflict:
    """The match moved on after the phone's form was made (another phone recorded, corrected or
    voided something): what happened, in words, and what "record mine" would make of the form."""

    sentences: tuple[str, ...]  # the latest changes, oldest first
    more: int  # older changes not listed
    revision: int  # the match's revision now: "record mine" accepts it
    next_hand: int  # the number the form's hand gets if recorded now
    form_fits: bool  # the same players are in play: the form can be recorded as it is
    mine: str = ""  # the hand this phone typed, in words (the page's script says it otherwise)
    # the hand recorded meanwhile that the one this phone sent, or is typing, is (then "It was
    # the same hand" comes first)
    same_as: int | None = None


class _RecordedHand(TypedDict):
    hand: int | None
    fields: dict[str, str]


def conflict_of(
    match: Match,
    detail: MatchDetail,
    changes: Sequence[MatchChange],
    *,
    form_fits: bool,
    mine: str = "",
    form=None,
    typed: QueryDict | None = None,
) -> Conflict | None:
    """The notice for a form made before `changes` (`mine`: what it holds, in words; `form`: the
    entry form sent, if any; `typed`: what a form still being typed holds, as the page's script
    sends it with the live poll); None when nothing changed."""
    if not changes:
        return None
    shown = changes[-CONFLICT_CHANGES_SHOWN:]
    recorded: list[_RecordedHand] = []
    same_as = None
    if form_fits:
        entry = form if form is not None else hand_form(match, in_play_seats(detail))
        recorded = [
            {"hand": change.hand, "fields": hand_fields(entry, change.data)}
            for change in changes
            if change.kind == EventKind.HAND and not change.is_void
        ]
        holds = None
        if getattr(form, "conflict", None) is not None:  # sent, checked, refused: what it holds
            holds = hand_fields(form, form.to_data())
        elif typed is not None:
            holds = typed_fields(entry, typed)
        if holds is not None:
            same_as = next((hand["hand"] for hand in recorded if hand["fields"] == holds), None)
    return Conflict(
        sentences=tuple(describe_change(change, match.game, match.rules) for change in shown),
        more=len(changes) - len(shown),
        revision=match.revision,
        next_hand=detail.next_hand_number,
        form_fits=form_fits,
        mine=mine,
        same_as=same_as,
    )


def _compared(value: object) -> str:
    """A field's value as two hands are told apart: spaces and case aside, a number as a number,
    a zero as empty (as a gin's knocker's deadwood is)."""
    text = "on" if value is True else " ".join(str(value).split()).lower()
    text = str(int(text)) if text.isdigit() else text
    return "" if text == "0" else text


def hand_fields(form, data: EventData | AnyHandEntry) -> dict[str, str]:
    """A hand (its data) as the entry `form` posts it, to tell two hands apart: the form's
    fields that are filled (`_compared`)."""
    fields = {}
    for name, value in type(form).initial_from(data, form.seats).items():
        filled = name in form.fields and value is not None and value is not False
        if filled and (text := _compared(value)):
            fields[name] = text
    return fields


# The entry form's own fields, not the hand's.
NOT_THE_HAND = ("idempotency_key", "based_on", "accept_revision", "csrfmiddlewaretoken")


def typed_fields(form, typed: QueryDict) -> dict[str, str]:
    """A hand still being typed (the fields the entry `form` would post, as the page's script
    sends them), as `hand_fields` says a recorded one; a "not opened" player's points are the
    flat penalty the form shows, not typed."""
    fields = {}
    for name, value in typed.items():
        if name in form.fields and name not in NOT_THE_HAND and (text := _compared(value)):
            fields[name] = text
    for name in [name for name in fields if name.startswith("not_opened_")]:
        fields.pop("points_" + name.removeprefix("not_opened_"), None)
    return fields


def typed_hand(form, match: Match) -> str:
    """The hand a form sent and refused because the match moved on holds, in the words of the
    history ("Closed by Anna. Bruno 10, ..."), for the phone to compare with the one recorded;
    "" for any other form."""
    if form is None or getattr(form, "conflict", None) is None:
        return ""
    return describe_event(hand_event(form.to_data()), match.game, match.rules)


def form_signature(detail: MatchDetail) -> str:
    """What the entry form depends on: who is in play and whether the match is over."""
    state = detail.state
    text = "|".join([str(state.finished), *(f"{p.name}:{p.status}" for p in state.players)])
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def in_play_seats(detail: MatchDetail, statuses=None) -> list[tuple[int, str]]:
    """(seat, name) of the players in play: now, or as `statuses` (a snapshot's) says."""
    if statuses is None:
        statuses = {p.name: p.status for p in detail.state.players}
    return [
        (seat.seat, seat.name) for seat in detail.seats if statuses.get(seat.name) == Status.IN_PLAY
    ]


def hand_form(match: Match, seats: list[tuple[int, str]], *args, **kwargs):
    return game_of(match).hand_form(match.rules, seats, *args, **kwargs)


def _money(value: object) -> Decimal:
    return Decimal(str(value or "0"))


# The history page's chart: drawn narrow, so that on a phone (about 350 pixels for it) its text
# is as large as the page's small print (13 units: 11-12 pixels); CSS keeps it from growing past
# 36rem on a wide screen.
CHART_WIDTH, CHART_HEIGHT, CHART_FONT = 400, 300, 13


def _chart(match: Match, detail: MatchDetail) -> str:
    """Each player's total hand by hand (SVG drawn here, no script), with the threshold or the
    Gin target as a dashed line; the x axis labels the hands by their number. Nothing before the
    first event."""
    state = detail.state
    if not state.history:
        return ""
    threshold, label = chart_threshold(match.game, match.rules)
    return totals_chart(
        state.history,
        [seat.name for seat in detail.seats],
        labels=detail.hand_labels(),
        threshold=threshold,
        threshold_label=label,
        title=gettext("Totals hand by hand"),
        x_label=gettext("Hand"),
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        font_size=CHART_FONT,
    )


def match_context(
    viewer: MatchViewer,
    detail: MatchDetail | None = None,
    *,
    form=None,
    signature: str | None = None,
    seen: int | None = None,
    with_form: bool = True,
    typed: QueryDict | None = None,
) -> dict[str, Any]:  # read back: the views add to it from what it holds (history, detail)
    """Everything the match page shows; the live fragment (`with_form` False) shows the same but
    the entry form, and compares the `signature` of the form the page has with the match now,
    and the revision the form was made at (`seen`) with the match's: what changed since. Who
    looks is `viewer` (`table_access.viewer_of`), asked nothing again."""
    match = viewer.match
    detail = detail or latest_match_detail(match, HISTORY_SHOWN, PICKER_SHOWN)
    state = detail.state
    scorer = viewer.may_score
    show_authors = can_see_authors(viewer.user, match.club)  # the role read once, cached
    closed = match.is_closed
    entry_open = scorer and not state.finished and not closed
    entry = _entry_context(
        match,
        detail,
        form,
        signature,
        seen,
        with_form=with_form,
        entry_open=entry_open,
        typed=typed,
    )
    history = _history(detail, show_authors=show_authors, latest=HISTORY_SHOWN)
    place = pages.place_of(viewer)
    code = code_panel(viewer, place, finished=state.finished)
    # A phone that may confirm the result sees the confirmation first and the corrections one
    # step further (the hand picker, not "Correct" and "Void" on every event): a stray tap would
    # make it the phone that wrote last, which may not confirm.
    confirming = code is not None and code.may_confirm
    return {
        "match": match,
        "club": match.club,
        "detail": detail,
        **_board_context(match, detail),
        "offers": reentry_offers(detail) if scorer and not closed else [],
        "reentry_fee": _money(match.rules.get("reentry_fee")),
        "history": history,
        "history_hidden": max(detail.event_count - HISTORY_SHOWN, 0),
        "correctable_hands": _correctable_hands(detail) if scorer and not closed else [],
        "older_hands": max(detail.hands_recorded - PICKER_SHOWN, 0),
        "show_authors": show_authors,
        "can_score": scorer and not closed and not confirming,  # the history's Correct, Void
        "confirming": confirming,
        **_place_context(viewer, place, code, finished=state.finished),
        **entry,
        "poll_seconds": POLL_SECONDS,
        "client": client_config(match, typist=typist(viewer), may_record=scorer and not closed),
    }


def awaits_confirmation(match: Match, place: MatchPlace | None) -> bool:
    """The match's result is one to confirm (a tournament table's, a club night's countersigned
    game's) and nobody has confirmed it as it stands."""
    if place is None or match.is_closed:
        return False
    return bool(place.confirm_url) and not place.confirmed


def _place_context(
    viewer: MatchViewer, place: MatchPlace | None, code: CodePanel | None, *, finished: bool
) -> dict[str, object]:
    """Where the match is played: its table code's panel, the tournament of a tournament table's
    match (when the viewer may follow it), why a closed match is closed (a director may reopen
    it), and whether the page keeps asking for news (`poll`)."""
    match = viewer.match
    awaits = finished and awaits_confirmation(match, place)
    return {
        # a finished result that waits for its confirmation keeps the page asking, so every
        # phone of the table sees it confirmed (`views.match.match_live`, `confirmed=0`)
        "poll": not finished or awaits,
        "awaits_confirmation": awaits,
        "table_code": code,
        "tournament": place.link if place is not None else None,
        "closed_message": match.closed_message,
        "countersigned": countersigned_line(match),  # a club night's, by the other line
        "reopen_url": _reopen_url(viewer, place) if match.is_closed else None,
    }


def _board_context(match: Match, detail: MatchDetail) -> dict[str, object]:
    """The scoreboard: the game and its rules, the seats, the totals, the ranking, the end."""
    state = detail.state
    game = game_of(match)
    names = [seat.name for seat in detail.seats]
    seat_rows = _seat_rows(detail)
    pot = state.pot.total
    return {
        "state": state,
        "game": game,
        "preset_label": preset_label(match.preset),
        "rules_summary": rules_summary(match.rules, match.game),
        "seat_rows": seat_rows,
        "board_rows": _board_rows(seat_rows, state),
        # what only this game shows (Gin: the margin, its games, their final scores in parts)
        **game.page_context(match, detail, names),
        "games_won": games_won_line(state, names) if state.finished else "",
        "hollywood": match.rules.get("variant") == "hollywood",
        "dealer": state.dealer,
        "pot": pot if pot > 0 else None,
        "ranking": [{"place": p.place, "name": p.name, "total": p.total} for p in state.ranking],
        "end_reason": end_reason(state, detail.genders),
    }


def _entry_context(
    match: Match,
    detail: MatchDetail,
    form,
    signature: str | None,
    seen: int | None,
    *,
    with_form: bool,
    entry_open: bool,
    typed: QueryDict | None = None,
) -> dict[str, object]:
    """The entry form (a new one when none is given), and whether the match moved on since the
    form was made: a stale form, or a conflict to resolve (`typed`: what a form being typed
    holds, to say whether it is a hand recorded meanwhile)."""
    current_signature = form_signature(detail)
    if entry_open and form is None and with_form:
        form = hand_form(match, in_play_seats(detail), initial={"based_on": match.revision})
    page_signature = signature if signature is not None else (current_signature if form else "")
    if with_form and form is not None:
        seen = _form_revision(form, match)
    form_is_stale = bool(page_signature) and page_signature != current_signature
    conflict = None
    if entry_open and page_signature and seen is not None and seen < match.revision:
        conflict = conflict_of(
            match,
            detail,
            changes_since(match, seen),
            form_fits=not form_is_stale,
            mine=typed_hand(form, match),
            form=form,
            typed=typed,
        )
    return {
        "form": form if entry_open else None,
        "next_hand": detail.next_hand_number,
        "signature": page_signature,
        "seen": seen if seen is not None else "",
        "form_is_stale": form_is_stale,
        "conflict": conflict,
    }


def _form_revision(form, match: Match) -> int | None:
    """The match's revision the entry form was made at (or accepted with "record mine"): what
    the page posted (a form shown again), or what it was given."""
    if "based_on" not in form.fields:
        return None
    if form.is_bound:
        raw = form["accept_revision"].value() or form["based_on"].value()
    else:
        raw = form.initial.get("based_on")
    try:
        revision = int(raw)
    except (TypeError, ValueError):
        return None
    # a hand kept behind the phone's own is not told of them (`services.rebased`)
    follows = form.data.getlist("follows") if isinstance(form.data, QueryDict) else []
    return rebased(match, revision, follows) if follows else revision


@dataclass(frozen=True)
class PickedHand:
    """A hand of the hand picker: its number, its event's number (its address) and whether it
    is void (then it leads to its card in the history, not to a correction)."""

    hand: int
    event: int
    is_void: bool


def _correctable_hands(detail: MatchDetail) -> list[PickedHand]:
    """The latest `PICKER_SHOWN` hands, newest first: the hand picker of the match page
    ("correct hand N" in two taps; an older hand from the whole history, so that neither the
    page nor the answer to a hand grows with the match). A voided hand is listed too, marked
    void: its number is not skipped without a trace."""
    return [
        PickedHand(hand=hand, event=number, is_void=is_void)
        for hand, number, is_void in reversed(detail.picked_hands[-PICKER_SHOWN:])
    ]


def history_context(viewer: MatchViewer) -> dict[str, object]:
    """The whole history of the match, every event with all its versions, and the chart."""
    match = viewer.match
    detail = match_detail(match)
    scorer = viewer.may_score and not match.is_closed
    show_authors = can_see_authors(viewer.user, match.club)  # the role read once, cached
    return {
        "match": match,
        "club": match.club,
        "history": _history(detail, show_authors=show_authors),
        "show_authors": show_authors,
        "can_score": scorer,
        "chart": _chart(match, detail),
        "full_history": True,
        "countersigned": countersigned_line(match),
    }


def _reopen_url(viewer: MatchViewer, place: MatchPlace | None) -> str | None:
    """Where a director of the club reopens the finished tournament that closed the match (the
    address its place gives); None for anyone else."""
    if place is None or not viewer.is_director:
        return None
    return place.reopen_url
