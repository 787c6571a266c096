"""The table code pages: "Join a table" (typed, or opened by the QR code of a score sheet, which
carries the code in its address), and the director's "new code" and "let the table correct it".

Thin: the services are `scoring.table_codes`; who may do what with a code is
`scoring.table_access`. A wrong code is said beside the field and grants nothing; too many
wrong codes from one address answer 429 with Retry-After (docs/API.md, "Table codes").
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from base.errors import as_message, on_form
from clubs.permissions import can_direct
from config.auth import client_address
from scoring import countersign, table_access, table_codes
from scoring.models import Match
from scoring.services import confirming
from scoring.views.access import visible_viewer

FOLLOW = "follow"  # the join page's choice of no seat: a follower, read-only


class SeatSelect(forms.RadioSelect):
    """The seats as radios; a seat another phone holds is shown but cannot be chosen."""

    taken: frozenset[str] = frozenset()

    # Django's own arguments, passed through as they come.
    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, object]:
        option = super().create_option(*args, **kwargs)
        value = option["value"]
        if str(value) in self.taken:
            option["attrs"]["disabled"] = True
        return option


class JoinForm(forms.Form):
    """Join a table with its code (scoring.views.codes.join)."""

    code = forms.CharField(
        label=_("Table code"),
        max_length=20,
        help_text=_("Printed beside the QR code of the score sheet, e.g. K7M2QX."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "code-input",
            }
        ),
    )
    name = forms.CharField(
        label=_("Your name"),
        max_length=40,
        required=False,
        help_text=_(
            "Only to follow the match: the table sees it beside your phone. A player's phone "
            "takes that player's name."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "given-name"}),
    )
    # the key of the sheet's QR code (`table_codes.code_key`), kept through both steps
    key = forms.CharField(required=False, widget=forms.HiddenInput)
    player = forms.CharField(
        label=_("The name of one of the table's players"),
        max_length=80,
        required=False,
        help_text=_(
            "As printed on the score sheet: the whole name or its first word, e.g. Anna. This "
            "phone joins as that player."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    seat = forms.CharField(
        label=_("Who are you at this table?"),
        required=False,
        help_text=_(
            "One phone per player: the phone of a player enters the hands, and confirms a "
            "result that another player entered. Following only, it reads the scores."
        ),
        widget=SeatSelect,
    )

    def offer(self, seats: list[table_codes.SeatChoice]) -> None:
        """The table's seats to choose from, and following only (read-only)."""
        choices = [
            (
                str(place.seat),
                gettext("%(name)s (taken on another phone)") % {"name": place.name}
                if place.taken
                else place.name,
            )
            for place in seats
        ]
        choices.append((FOLLOW, gettext("Only follow the match (read-only)")))
        widget = self.fields["seat"].widget
        widget.choices = choices
        widget.taken = frozenset(str(place.seat) for place in seats if place.taken)

    def clean_key(self) -> str:
        # a hidden field the phone cannot correct: a mangled key is no key, never an error
        return self.cleaned_data["key"].strip()[: table_codes.KEY_LENGTH]

    def clean_seat(self) -> str:
        seat = self.cleaned_data["seat"].strip()
        if seat and seat != FOLLOW and not seat.isdigit():
            raise forms.ValidationError(_("Choose a player of this table."))
        return seat


def session_key(request: HttpRequest) -> str:
    """The phone's session key, made now if the phone has no session yet."""
    if not request.session.session_key:
        request.session.create()
    return request.session.session_key or ""


def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Join a table: the code (from the QR code's address, with its key, or typed), then who the
    phone is at the table (a player's seat, or following only: the QR code's address opens at
    this second step, the same first step as a typed code's); then the match page, where a
    player's phone enters that match's hands. The seats are shown only for a right code (the
    same throttle as joining: a wrong code tells nothing). A network over its budget of wrong
    codes is asked for the code with a player's name, which joins at that player's seat."""
    key = request.GET.get("k", "")[: table_codes.KEY_LENGTH]
    # the QR code's address is the first step already: its seats at once, or its refusal
    opened = {"code": code, "key": key} if code and request.method == "GET" else None
    form = JoinForm(request.POST or opened, initial={"code": code, "key": key})
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        with on_form(form) as refused:
            if not data["seat"] and not data["player"].strip():
                # first the code: if it is right, the phone says who it is
                _offer_seats(request, form)
                return render(request, "scoring/join.html", {"form": form, "choosing": True})
            joined = table_codes.table_join(
                code=data["code"],
                name=data["name"],
                seat=int(data["seat"]) if data["seat"] and data["seat"] != FOLLOW else None,
                session_key=session_key(request),
                address=client_address(request),
                user=request.user,
                key=data["key"],
                player=data["player"],
            )
            table_access.remember_join(request, joined)
            messages.success(
                request,
                gettext("You joined table %(code)s as %(name)s.")
                % {"code": joined.code.code, "name": joined.name}
                if joined.holds_seat
                else gettext("You follow table %(code)s, read-only, as %(name)s.")
                % {"code": joined.code.code, "name": joined.name},
            )
            return redirect(joined.code.match)
        # the network spent its budget, or a name was asked: ask for the code and a name
        error = refused.error
        naming = error is not None and (
            error.field == "player"
            or (isinstance(error, table_codes.TooManyAttempts) and error.network)
            or (bool(data["player"].strip()) and error.field == "seat")  # a seat taken
        )
        if error and error.status == table_codes.TOO_MANY:
            response = render(
                request, "scoring/join.html", {"form": form, "naming": naming}, status=429
            )
            response["Retry-After"] = str(error.retry_after)
            return response
        if naming:
            return render(request, "scoring/join.html", {"form": form, "naming": True})
        choosing = error is not None and error.field in ("seat", "name")
        if choosing:  # the code was right: offer the seats again, beside the refusal
            with on_form(form):
                _offer_seats(request, form)
        return render(request, "scoring/join.html", {"form": form, "choosing": choosing})
    return render(request, "scoring/join.html", {"form": form})


def _offer_seats(request: HttpRequest, form: JoinForm) -> None:
    """The seats of the typed code on the form (throttled as a join: `code_seats`)."""
    form.offer(
        table_codes.code_seats(
            code=form.cleaned_data["code"],
            address=client_address(request),
            key=form.cleaned_data["key"],
        )
    )


def _directed_match(request: HttpRequest, pk: int) -> Match:
    """The match if the user directs its club: 404 outside the club, 403 without the role."""
    match = get_object_or_404(Match.objects.for_user(request.user).select_related("club"), pk=pk)
    if not can_direct(request.user, match.club):
        raise PermissionDenied
    return match


@login_required
@require_POST
def code_new(request: HttpRequest, pk: int) -> HttpResponse:
    """A new code for the match: the old one, and every phone it let in, stop working."""
    match = _directed_match(request, pk)
    with as_message(request):
        code = table_codes.code_regenerate(match=match, user=request.user)
        messages.success(
            request,
            gettext(
                "New table code %(code)s: the old one no longer works. Print the score sheet "
                "again for the table."
            )
            % {"code": code.code},
        )
    return redirect(match.get_absolute_url() + "#table-code")


@login_required
@require_POST
def code_correction(request: HttpRequest, pk: int) -> HttpResponse:
    """Let the table's phones correct the finished match for a while."""
    match = _directed_match(request, pk)
    with as_message(request):
        table_codes.correction_allow(match=match, user=request.user)
        messages.success(request, gettext("The table may correct the match for 15 minutes."))
    return redirect(match.get_absolute_url() + "#table-code")


@login_required
@require_POST
def seat_release(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Free a seat a phone holds (a lost phone, the wrong player): that phone only follows the
    match now, and another phone may claim the seat. Back to the page that asked (the console)."""
    match = _directed_match(request, pk)
    with as_message(request):
        released = table_codes.seat_release(match=match, seat=number, user=request.user)
        messages.success(
            request,
            gettext("%(name)s's seat is free: another phone may join as %(name)s.")
            % {"name": released.seat.name if released.seat else released.name},
        )
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect(match.get_absolute_url() + "#table-code")


@require_POST
@table_access.login_or_code_required
def match_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Countersign a club night's result from the match page: a phone holding a seat of the
    other line, a logged-in player of it, or a director (`services.confirming.match_confirm`)."""
    viewer = visible_viewer(request, pk)
    actor = viewer.phone or viewer.user
    refusal = countersign.match_confirm_refusal(viewer.match, actor, join=viewer.join)
    if refusal is not None and refusal.why in countersign.NOT_AT_THE_TABLE:
        raise PermissionDenied  # a visitor of a public club, another club's phone: not told
    with as_message(request):  # who is at the table hears why not, on the page
        confirming.match_confirm(match=viewer.match, user=actor)
        messages.success(request, gettext("Thank you: the result is confirmed."))
    return redirect(viewer.match.get_absolute_url() + "#table-code")
