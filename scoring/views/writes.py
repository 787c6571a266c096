"""The preamble every view that writes a match's event shares, said once: `match_write`.

Before a view records, corrects or voids anything, the same questions are asked in the same
order: may this request write at all (logged in, or a phone with the match's table code), with
which method; which match and who writes (`access.scoring_match`: 404, 403; who the request is
at the match is resolved there once, `table_access.viewer_of`); was this form's event recorded
already (a double tap, an answer lost: its idempotency key); is the match closed (a
finished tournament's). The decorated view then receives the match and who writes it (the
request's `MatchViewer`: its `actor` is what the services receive) instead of the match's id,
and does only its own part.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.utils.functional import Promise
from django.views.decorators.http import require_http_methods

from clubs.actors import TableActor
from clubs.requests import PageRequest
from scoring import table_access
from scoring.models import Match
from scoring.views.access import match_closed, may_score, released_phone_told, visible_viewer
from scoring.views.answers import already_recorded, answer, back_to, refused_answer

WriteView = Callable[..., HttpResponse]


def match_write(
    *,
    methods: tuple[str, ...] = ("POST",),
    idempotent: bool = True,
    page_script: bool = True,
    table_phones: bool = True,
    title: str | Promise = "",
) -> Callable[[WriteView], Callable[..., HttpResponse]]:
    """Decorate a view `view(request, match, viewer, *args)` of the match `pk`.

    - `methods`: what it answers (405 otherwise); a GET shows its form and records nothing.
    - `idempotent`: a POST whose idempotency key recorded an event already answers "recorded"
      (`answers.already_recorded`; `title`: how the event is called, for an event that is not a
      hand) instead of recording it twice.
    - `page_script`: it is sent by the match page's script (a hand, a re-entry, a stays-out, a
      withdrawal): a released phone is told so in place, and a refusal answers the page's parts
      (`answers.answer`); else (a page of its own: a correction, a void, a time call) back to the
      match page.
    - `table_phones`: a phone of the table code may do it (a time call is the director's).
    """

    def decorate(view: WriteView) -> Callable[..., HttpResponse]:
        @wraps(view)
        def write(request: PageRequest, pk: int, *args: object, **kwargs: object) -> HttpResponse:
            # who the request is at the match, read once for the released seat and the role
            viewer = visible_viewer(request, pk)
            if page_script and (told := released_phone_told(request, viewer)) is not None:
                return told
            viewer = may_score(viewer)
            match = viewer.match
            if not table_phones and isinstance(viewer.actor, TableActor):
                raise PermissionDenied
            posted = request.method == "POST"
            if idempotent and posted and already_recorded(request, match, str(title)):
                return _after(request, match, page_script, "recorded")
            if match_closed(request, match):
                return _after(request, match, page_script, "refused")
            return view(request, match, viewer, *args, **kwargs)

        return table_access.login_or_code_required(require_http_methods(list(methods))(write))

    return decorate


def _after(request: PageRequest, match: Match, page_script: bool, outcome: str) -> HttpResponse:
    if not page_script:
        return back_to(match)
    return (
        answer(request, match, outcome) if outcome == "recorded" else refused_answer(request, match)
    )
