"""The match's pages: the match itself (scoreboard, hand entry, history), its history with every
version, the live part the page polls, the card-counting helper, the preview of a hand as it is
typed and the service worker that keeps the match pages for a phone without a network."""

from __future__ import annotations

import json

from csp.utils import build_policy
from django.conf import settings
from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from scoring import services
from scoring.engine import EngineError
from scoring.engine.cards import count_points
from scoring.games import game_of
from scoring.match_page import (
    awaits_confirmation,
    hand_form,
    history_context,
    in_play_seats,
    match_context,
)
from scoring.page_script import ENTRY_ACTIONS
from scoring.pages import place_of
from scoring.selectors import latest_match_detail
from scoring.views.access import visible_match, visible_viewer
from scoring.views.answers import back_to


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    viewer = visible_viewer(request, pk)
    match = viewer.match
    if request.GET.get("mine") == "discarded":
        # "It was the same hand: discard mine" (without the page's script): nothing of it was
        # recorded; the page again, fresh, with a form for the match as it is now
        messages.info(request, gettext("Your hand was discarded."))
        return back_to(match)
    return render(request, "scoring/match.html", match_context(viewer))


@require_safe
def match_history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every event of the match with all its versions, and the chart of the totals."""
    viewer = visible_viewer(request, pk)
    return render(request, "scoring/history.html", history_context(viewer))


@require_safe
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The scoreboard and history, for polling: 204 when the page's revision is still current
    and its form has nothing to be told. A page whose entry form is untouched asks for a fresh
    one too (`entry=fresh`: the players in play and the hand number of now, nothing to warn
    about); one being typed is compared with the match (`form`; `seen` and `follows`, what it was
    made at, `services.rebased`; `typed`, what it holds) and told what changed since it was made,
    unless it shows that already (`told`). The answer says the match's revision
    (X-Tallone-Revision)."""
    viewer = visible_viewer(request, pk)
    match = viewer.match
    fresh_entry = request.GET.get("entry") == "fresh"
    # a page with an entry form, on a phone whose seat was released since: releasing changes no
    # score, but the page must become a follower's (the panel says why, the form goes)
    seat_released = fresh_entry and viewer.released is not None
    raw_seen = request.GET.get("seen", "")
    follows = [key for key in request.GET.get("follows", "").split(",") if key]
    seen = services.rebased(match, int(raw_seen), follows) if raw_seen.isdigit() else None
    # a form made at an older revision (a kept draft, an entry put back to edit) is told what
    # changed since, even when the scores are current, once
    untold = seen is not None and seen < match.revision and request.GET.get("told") != "1"
    # a finished result waiting for its confirmation: confirming changes no score, but every
    # phone's page must say it is confirmed (the entry area holds the confirmation)
    confirmed_now = request.GET.get("confirmed") == "0" and not awaits_confirmation(
        match, place_of(viewer)
    )
    unchanged = request.GET.get("revision") == str(match.revision) and not confirmed_now
    if unchanged and not seat_released and not untold:
        return HttpResponse(status=204)
    if fresh_entry:
        context = match_context(viewer)
    else:
        typed = request.GET.get("typed")
        context = match_context(
            viewer,
            signature=request.GET.get("form", ""),
            seen=seen,
            with_form=False,
            typed=QueryDict(typed) if typed is not None else None,
        )
    context["fresh_entry"] = fresh_entry or confirmed_now
    response = render(request, "scoring/_live.html", context)
    response["X-Tallone-Revision"] = str(match.revision)
    return response


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
        "entries": list(ENTRY_ACTIONS),
    }
    with open(path, encoding="utf-8") as source:
        body = f"self.TALLONE = {json.dumps(config)};\n{source.read()}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def count_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The card-counting helper: the points of the cards typed in one `cards_<seat>` field."""
    match = visible_match(request, pk)
    text = next((request.GET.get(key, "") for key in request.GET if key.startswith("cards_")), "")
    context: dict[str, object] = {"text": text.strip()}
    if text.strip():
        try:
            context["points"] = count_points(
                match.game, text, ace_alone_is_one=bool(match.rules.get("ace_alone_is_one"))
            )
        except EngineError as error:
            context["error"] = error.translated(gettext)
    return render(request, "scoring/_card_count.html", context)


@require_safe
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The hand being typed (the entry form's fields, in the query), checked as it will be
    recorded, nothing stored: the parts of the form that say so (the game's `preview_template`:
    Burraco's base, carte and total per line, and its refusals beside their fields), which the
    page's script puts in place as the hand is typed. 404 for a game without a preview."""
    match = visible_match(request, pk)
    template = game_of(match).preview_template
    if not template:
        raise Http404
    form = hand_form(match, in_play_seats(latest_match_detail(match, 0, 0)), request.GET)
    form.is_valid()
    return render(request, template, {"form": form})
