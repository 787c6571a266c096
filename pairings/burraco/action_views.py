"""The director's page of a Burraco turno (BURRACO.md section 2): its tables with their running
totals, and the director's actions on it: a line abandoned, a line was late, a pair's VP or MP
adjusted. Each asks first (the page of the question, like dropping a player), then records;
each can be undone (asking first too) until the next turno is seated, and stays in the history
with its reason, who and when.

<pk>/turni/<number>/                       burraco-turno        the page
<pk>/turni/<number>/actions/               burraco-action       POST: record (asks first)
<pk>/turni/actions/<action_id>/undo/       burraco-action-undo  POST: undo (asks first)

Directors only: 404 outside the club (or for a tournament that is not a Burraco one), 403 for
a member without the role.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from base.errors import as_message, on_form
from pairings.burraco import services
from pairings.burraco.action_selectors import (
    MAX_MP,
    MAX_VP,
    TurnoPage,
    action_consequences,
    action_text,
    checked_action,
    turno_page,
)
from pairings.burraco.lookups import directed_burraco
from pairings.models import ActionKind, TurnoAction
from tournaments.models import Tournament
from tournaments.views.core import Ask, confirmed

SIDE_CHOICES = [("NS", _("NS (North-South)")), ("EO", _("EO (East-West)"))]


def _turno(tournament: Tournament, number: int) -> TurnoPage:
    view = turno_page(tournament, number)
    if view is None:
        raise Http404
    return view


def _page_url(tournament: Tournament, number: int, anchor: str = "") -> str:
    url = reverse("pairings:burraco-turno", args=[tournament.pk, number])
    return url + (f"#{anchor}" if anchor else "")


# The forms -----------------------------------------------------------------------------------


class ActionForm(forms.Form):
    """One of the director's actions; `kind` says which (a hidden field)."""

    kind_value = ""
    kind = forms.CharField(widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Kept in the history and shown on the standings."),
    )

    def __init__(self, *args, view: TurnoPage, **kwargs):
        kwargs.setdefault("auto_id", f"{self.kind_value}-%s")
        kwargs.setdefault("initial", {})["kind"] = self.kind_value
        super().__init__(*args, **kwargs)
        self.view = view
        if "table" in self.fields:
            table = self.fields["table"]
            assert isinstance(table, forms.ChoiceField)
            table.choices = [
                (
                    row.number,
                    gettext("Table %(number)s: %(ns)s v %(eo)s")
                    % {"number": row.number, "ns": row.ns.name, "eo": row.eo.name},
                )
                for row in view.tables
            ]

    def action_data(self) -> dict:
        """The service's arguments from the cleaned data."""
        data = {key: self.cleaned_data[key] for key in self.fields if key != "kind"}
        data["kind"] = self.kind_value
        if "table" in data:
            data["table"] = self.view.table(data["table"])
        return data

    def posted(self) -> tuple[tuple[str, object], ...]:
        """The fields to post again with the answer to the question."""
        return tuple((name, self.data.get(name, "")) for name in self.fields)


def _table_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(label=_("Table"), coerce=int)


def _side_field() -> forms.ChoiceField:
    return forms.ChoiceField(label=_("Line"), choices=SIDE_CHOICES)


class AbandonForm(ActionForm):
    kind_value = ActionKind.ABANDON
    field_order = ["kind", "table", "side", "mp", "reason"]
    table = _table_field()
    side = _side_field()
    mp = forms.IntegerField(
        label=_("MP the leaving pair keeps"),
        min_value=-MAX_MP,
        max_value=MAX_MP,
        help_text=_("In steps of 5: no rule sets them, the director does."),
    )

    def __init__(self, *args, view: TurnoPage, **kwargs):
        super().__init__(*args, view=view, **kwargs)
        if view.facts.by_team:  # the actions at a team match's table are its team's
            self.fields["mp"].label = _("MP the leaving pair's team keeps")


class LateForm(ActionForm):
    kind_value = ActionKind.LATE
    field_order = ["kind", "table", "side", "minutes", "reason"]
    table = _table_field()
    side = _side_field()
    minutes = forms.IntegerField(label=_("Minutes late"), min_value=0, max_value=999)


class AdjustForm(ActionForm):
    kind_value = ActionKind.ADJUST
    field_order = ["kind", "line", "vp", "mp", "reason"]
    line = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    vp = forms.IntegerField(label=_("VP"), min_value=-MAX_VP, max_value=MAX_VP, initial=0)
    mp = forms.IntegerField(
        label=_("MP"), min_value=-MAX_MP, max_value=MAX_MP, initial=0, required=False
    )

    def __init__(self, *args, view: TurnoPage, **kwargs):
        super().__init__(*args, view=view, **kwargs)
        line = self.fields["line"]
        assert isinstance(line, forms.ChoiceField)
        line.choices = list(view.lines)
        if view.facts.individual:  # each player is his own line in the standings
            line.label = _("Player")
        elif view.facts.by_team:  # a team is ranked, its pairs change every turno
            line.label = _("Team")


FORMS: dict[str, type[ActionForm]] = {
    form.kind_value: form for form in (AbandonForm, LateForm, AdjustForm)
}


@dataclass
class Forms:
    abandon: ActionForm
    late: ActionForm
    adjust: ActionForm


def _forms(view: TurnoPage, posted: ActionForm | None = None) -> Forms:
    made = {kind: form(view=view) for kind, form in FORMS.items()}
    if posted is not None:
        made[posted.kind_value] = posted
    return Forms(**made)


def _render(
    request: HttpRequest, tournament: Tournament, view: TurnoPage, posted: ActionForm | None
) -> HttpResponse:
    return render(
        request,
        "pairings/burraco/turno.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "view": view,
            "forms": _forms(view, posted),
            "posted": posted,
            "late_rule": view.late_rule(),
        },
        status=400 if posted is not None and posted.errors else 200,
    )


def _ask(
    request: HttpRequest, tournament: Tournament, view: TurnoPage, question: Ask
) -> HttpResponse:
    """The page that asks first (it works without JavaScript); nothing has changed yet."""
    return render(
        request,
        "pairings/burraco/confirm.html",
        {"tournament": tournament, "club": tournament.club, "view": view, "ask": question},
    )


# The views -----------------------------------------------------------------------------------


@login_required
@require_safe
def turno(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = directed_burraco(request, pk)
    return _render(request, tournament, _turno(tournament, number), None)


@login_required
@require_POST
def action(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Record an action: the question first (what will happen), then, with `confirm=1`, the
    action; a refusal goes beside its field on the turno's page."""
    tournament = directed_burraco(request, pk)
    view = _turno(tournament, number)
    form_class = FORMS.get(request.POST.get("kind", ""), AdjustForm)
    form = form_class(request.POST, view=view)
    if not form.is_valid():
        return _render(request, tournament, view, form)
    data = form.action_data()
    if not confirmed(request):
        with on_form(form):
            draft = checked_action(view.facts, view.turno, **data)
            return _ask(request, tournament, view, _question(tournament, view, form, draft))
        return _render(request, tournament, view, form)
    with on_form(form):
        recorded = services.turno_action_record(round=view.turno.round, user=request.user, **data)
        messages.success(
            request,
            gettext("Recorded: %(what)s.")
            % {"what": action_text(view.facts, view.turno, recorded)},
        )
        return redirect(_page_url(tournament, number, "history"))
    return _render(request, tournament, view, form)


TITLES = {
    ActionKind.ABANDON: _("Record the abandonment?"),
    ActionKind.LATE: _("Record the lateness?"),
    ActionKind.ADJUST: _("Record the adjustment?"),
}


def _question(tournament: Tournament, view: TurnoPage, form: ActionForm, draft) -> Ask:
    return Ask(
        title=str(TITLES[ActionKind(form.kind_value)]),
        lines=action_consequences(view, draft),
        action=reverse("pairings:burraco-action", args=[tournament.pk, view.number]),
        yes=gettext("Record it"),
        back=_page_url(tournament, view.number),
        fields=form.posted(),
    )


@login_required
@require_POST
def action_undo(request: HttpRequest, pk: int, action_id: int) -> HttpResponse:
    """Undo an action (asking first), until the next turno is seated."""
    tournament = directed_burraco(request, pk)
    found = get_object_or_404(
        TurnoAction.objects.select_related("round"), pk=action_id, round__tournament=tournament
    )
    number = found.round.number
    if not confirmed(request):
        view = _turno(tournament, number)
        row = next(row for row in view.history if row.action.pk == found.pk)
        return _ask(
            request,
            tournament,
            view,
            Ask(
                title=gettext("Undo this action?"),
                lines=[
                    row.text,
                    gettext("Reason: %(reason)s") % {"reason": found.reason},
                    gettext(
                        "The standings go back to what they were without it; it stays in the "
                        "history, marked undone."
                    ),
                ],
                action=reverse("pairings:burraco-action-undo", args=[tournament.pk, found.pk]),
                yes=gettext("Undo it"),
                back=_page_url(tournament, number, "history"),
            ),
        )
    with as_message(request) as refused:
        services.turno_action_undo(action=found, user=request.user)
    if not refused:
        messages.success(request, gettext("Undone: the action no longer counts."))
    return redirect(_page_url(tournament, number, "history"))
