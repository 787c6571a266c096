"""The one error path: what every service raises when it refuses, and how pages show it.

Every service of every app (clubs, scoring, tournaments, club life) refuses a change by raising a
subclass of `ServiceError` (`ClubError`, `MatchError`, `TournamentActionError`, `ImportRefused`,
`ArchiveError`...): a message already in the user's language, the field at fault, the event at
fault, and, when one request is refused for several reasons, each of them (`details`). Nothing
is written when a service refuses.

Views never catch these errors one by one:

- the API lets them through to `config.errors.api_exception_handler`, which answers the one 400
  shape of the API (`ErrorSerializer`; a refusal with `status=403` answers 403);
- a page runs the service inside `on_form(form)` (the refusal goes beside its field, or at the
  top of the form) or `as_message(request)` (the refusal becomes an error message, for actions
  without a form, which then redirect), or `kept(...)` for a page that lists the refusal itself.
  Each suppresses the refusal and tells whether there was one:

      with on_form(form) as refused:
          services.player_create(club=club, name=form.cleaned_data["name"])
          return redirect(...)      # only reached when the service accepted
      # here `refused` is true: the form is shown again with the refusal beside its field

`tests/test_architecture_errors.py` checks that no view or API module names a `ServiceError` in
an `except`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import TracebackType
from typing import TYPE_CHECKING

from django.contrib import messages

if TYPE_CHECKING:
    from django.forms import BaseForm
    from django.http import HttpRequest
    from django_stubs_ext import StrOrPromise

BAD_REQUEST = 400


class ServiceError(Exception):
    """A refusal a user can act on: the message (in the user's language), the field at fault
    (None: the request as a whole), the event at fault (the engine's index or the match's event
    number, as the service says; None: the match itself), the document at fault in a batch, and,
    when several things are refused at once, every one of them in `details` (each a
    `ServiceError` too). `status` is the HTTP status the API answers (400; 403 when the service
    refuses the user rather than the request; 409 when the data changed under the request)."""

    status: int = BAD_REQUEST
    # When `status` is 429: the seconds to wait before trying again (the answer's Retry-After).
    retry_after: int = 60

    def __init__(
        self,
        message: StrOrPromise,
        *,
        field: str | None = None,
        event: int | None = None,
        document: int | None = None,
        details: Sequence[ServiceError] = (),
        status: int | None = None,
    ) -> None:
        self.message = str(message)
        self.field = field
        self.event = event
        self.document = document
        self.details = list(details)
        if status is not None:
            self.status = status
        super().__init__(self.message)

    def as_dict(self) -> dict[str, object]:
        """This refusal as one item of the API's `errors` list."""
        return error_item(self.message, field=self.field, event=self.event, document=self.document)

    def extra(self) -> dict[str, object]:
        """What the API adds to the answer of a refusal that is not a 400, beside `detail`
        (e.g. a 409's match revision and what changed)."""
        return {}

    def refusals(self) -> list[ServiceError]:
        """Every refusal this error stands for: its details, or itself alone."""
        return self.details or [self]

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(field={self.field!r}, event={self.event!r}, "
            f"document={self.document!r}, {self.message!r})"
        )


def error_item(
    message: StrOrPromise,
    *,
    field: str | None = None,
    event: int | None = None,
    document: int | None = None,
) -> dict[str, object]:
    """One item of the API's `errors` list."""
    return {"field": field, "event": event, "document": document, "message": str(message)}


def error_body(errors: list[dict[str, object]]) -> dict[str, object]:
    """The API's one 400 shape (`base.api.ErrorSerializer`): the first message as
    `detail`, and every refusal in `errors`."""
    return {"detail": errors[0]["message"] if errors else "", "errors": errors}


# Pages -------------------------------------------------------------------------------------------


class Refusal:
    """A context manager that suppresses a `ServiceError` raised inside it, after handing it to
    `place` (which shows it). True once a refusal was caught; the refusal is `error`."""

    def __init__(
        self,
        place: Callable[[ServiceError], None],
        *,
        quiet: tuple[type[ServiceError], ...] = (),
        types: tuple[type[ServiceError], ...] = (ServiceError,),
    ) -> None:
        self.place = place
        self.quiet = quiet
        self.types = types
        self.error: ServiceError | None = None

    def __enter__(self) -> Refusal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool:
        if not isinstance(error, self.types):
            return False
        self.error = error
        if not isinstance(error, self.quiet):
            self.place(error)
        return True

    def __bool__(self) -> bool:
        return self.error is not None


def form_refused(form: BaseForm, error: ServiceError, text: str | None = None) -> None:
    """Put a refusal on a form: beside the field it names, or at the top of the form. A form
    with its own places for refusals has an `add_refusal(error, text)` method."""
    text = error.message if text is None else text
    add_refusal = getattr(form, "add_refusal", None)
    if add_refusal is not None:
        add_refusal(error, text)
        return
    form.add_error(error.field if error.field in form.fields else None, text)


def on_form(
    *forms: BaseForm,
    text: Callable[[ServiceError], str] | None = None,
    elsewhere: Refusal | None = None,
) -> Refusal:
    """Run a service for a form: a refusal goes on the first of `forms` that has its field (the
    last one, at the top, when none has it), in `text(error)`'s words when given. With
    `elsewhere` (e.g. `as_message(request)`), a refusal that names none of the forms' fields
    goes there instead."""

    def place(error: ServiceError) -> None:
        words = text(error) if text is not None else None
        target = next((form for form in forms if error.field in form.fields), None)
        if target is None and elsewhere is not None:
            elsewhere.place(error)
            return
        form_refused(target if target is not None else forms[-1], error, words)

    return Refusal(place)


def as_message(
    request: HttpRequest,
    *,
    text: Callable[[ServiceError], str] | None = None,
    quiet: tuple[type[ServiceError], ...] = (),
    extra_tags: str = "",
) -> Refusal:
    """Run a service for an action without a form: a refusal becomes an error message (in
    `text(error)`'s words when given, with `extra_tags`) on the page the view redirects to. A
    refusal of a `quiet` type is caught and kept in `error` but not shown (the view answers it
    its own way)."""

    def place(error: ServiceError) -> None:
        words = text(error) if text is not None else error.message
        messages.error(request, words, extra_tags=extra_tags)

    return Refusal(place, quiet=quiet)


def kept(*types: type[ServiceError]) -> Refusal:
    """Run a service for a page that shows its refusals itself: a refusal of one of `types` is
    caught and kept in `error` (e.g. every document error of an import, listed on the page)."""
    return Refusal(lambda error: None, types=types or (ServiceError,))
