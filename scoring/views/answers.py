"""What a write from the match page answers: back to the page (a browser without the script), or for
the page's script (static/js/entry.js) the parts of the page in one answer, with the outcome in
the header X-Tallone-Answer; an event sent again answers that it had been recorded; a refusal is
worded with what players call its event."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from base.errors import ServiceError
from clubs.requests import PageRequest
from scoring import services, table_access
from scoring.forms import (
    match_error_text,
)
from scoring.match_page import (
    conflict_of,
    match_context,
    said_hand,
)
from scoring.models import Match, MatchEvent
from scoring.presenters import (
    kind_label,
    row_title,
)
from scoring.selectors import (
    MatchDetail,
    hand_number,
)


def title_of(detail: MatchDetail, number: int | None, default: str) -> str:
    """What players call event `number` ("Hand 7", "Re-entry"); `default` for the event being
    recorded, which is not in `detail` yet."""
    row = detail.row_of(number) if number is not None else None
    return row_title(row) if row is not None else default


def back_to(match: Match) -> HttpResponse:
    """Back to the match page, scrolled to the top: the scoreboard and what just happened.

    (A form posted to "...#entry" would otherwise bring its fragment along the redirect.)"""
    return redirect(match.get_absolute_url() + "#top")


# What a hand, a re-entry or a withdrawal answers the page's script (static/js/entry.js): the
# parts of the match page in one answer, and what happened in the header X-Tallone-Answer.
ANSWER_STATUS = {"recorded": 200, "refused": 422, "conflict": 409}


def answer(
    request: PageRequest, match: Match, outcome: str, *, form=None, detail=None, hand=None
) -> HttpResponse:
    """After a hand, a re-entry or a withdrawal sent from the match page: back to the page (a
    browser without the script), or, for the page's script, its new scoreboard, history, entry
    form (the refused one, with what was typed and why, or a fresh one) and messages in one
    answer, with no redirect. `outcome` is "recorded" (also when it was already recorded),
    "refused" or "conflict" (another phone changed the match first). `hand`: the number of the
    hand event just recorded, which the answer's live region says with the new totals. `detail`:
    the match as the page shows it now (after a write, `selectors.detail_after_write`: built
    from the state the write produced); without it, the match is read again."""
    if not request.htmx:
        return back_to(match)
    if outcome == "recorded" and detail is None:
        match.refresh_from_db()
    context = match_context(table_access.viewer_of(request, match), detail, form=form)
    context["said_hand"] = said_hand(context["history"], hand)
    response = render(request, "scoring/_answer.html", context, status=ANSWER_STATUS[outcome])
    response["X-Tallone-Answer"] = outcome
    response["X-Tallone-Revision"] = str(match.revision)
    return response


def refused_answer(request: PageRequest, match: Match) -> HttpResponse:
    """A refusal already said in a message (the match is over, closed, the player cannot...)."""
    return answer(request, match, "refused")


def already_recorded(request: HttpRequest, match: Match, title: str = "") -> bool:
    """True (and says so) when this form's idempotency key already recorded an event: a double
    tap, or a resubmission after the answer got lost. Checked before the form, which was made for
    the match as it was before that event."""
    key = request.POST.get("idempotency_key", "")
    event = MatchEvent.objects.filter(match=match, idempotency_key=key).first() if key else None
    if event is not None:
        recorded_again(request, event, title=title, number=hand_number(event))
    return event is not None


def recorded_again(
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


def refusal_words(detail: MatchDetail | None, default: str) -> Callable[[ServiceError], str]:
    """How a page words a refusal: "Hand 3: ..." when it names an event (what players call the
    event with that number in `detail`; `default` for the event being recorded)."""

    def words(error: ServiceError) -> str:
        if detail is None:
            return match_error_text(error, default)
        text = match_error_text(error, title_of(detail, error.event, default))
        if isinstance(error, services.MatchMovedOn):
            # the same sentences as the page's conflict notice (the latest changes only)
            conflict = conflict_of(detail.match, detail, error.changes, form_fits=False)
            text = " ".join([text, *(conflict.sentences if conflict else ())])
        return text

    return words
