"""The pages of a Burraco team tournament's teams (issue 29): the teams, their players and the
pairs each named for each turno (`burraco-teams-page`), the director's paste of teams
(`burraco-teams`, POST) and a team's pairs for the next turno (`burraco-lineup`, POST).

The tournament is looked up in `Tournament.objects.for_user` (another club's private one, or
a tournament that is not a team one: 404; `pairings.burraco.lookups.visible_teams`); writes
need a director of its club (404 outside it, 403 without the role). A refusal is shown
beside its field on the page, with what was typed; a done write redirects to the page.
`teams_context` gives what `pairings/burraco/_teams.html` needs, for any page that includes it.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from base.errors import on_form
from clubs.permissions import can_direct
from pairings.burraco import teams as services
from pairings.burraco.lookups import directed_teams, visible_teams
from pairings.burraco.team_selectors import TeamRoster, TeamRow, team_roster
from pairings.models import Team
from tournaments.models import Tournament, TournamentStatus

PASTE_HELP = _(
    'One team a line: its name, ":" and its players (4 or more) with commas between, such as '
    '"I Fiori: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri". A club player\'s name '
    "enters that player, any other name a guest."
)


class TeamsPasteForm(forms.Form):
    teams = forms.CharField(
        label=_("Teams"), widget=forms.Textarea({"rows": 6}), help_text=PASTE_HELP
    )
    check_in = forms.BooleanField(
        label=_("They are here and have paid (check them in)"), required=False
    )

    def lines(self) -> list[str]:
        return self.cleaned_data["teams"].splitlines()


class LineupForm(forms.Form):
    """The team's two pairs for `turno`: pair 1 plays North-South at the match's first table,
    pair 2 East-West at its second."""

    turno = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    first = forms.TypedChoiceField(label=_("Pair 1"), coerce=int)
    second = forms.TypedChoiceField(label=_("Pair 1, partner"), coerce=int)
    third = forms.TypedChoiceField(label=_("Pair 2"), coerce=int)
    fourth = forms.TypedChoiceField(label=_("Pair 2, partner"), coerce=int)
    pairs = forms.CharField(required=False, widget=forms.HiddenInput)  # the service's refusals

    def __init__(self, row: TeamRow, turno: int | None, data=None) -> None:
        lineup = row.lineup(turno)
        initial: dict[str, Any] = {"turno": turno}
        chosen = list(lineup.pairs[0] + lineup.pairs[1]) if lineup else row.members[:4]
        initial.update(
            zip(("first", "second", "third", "fourth"), (e.pk for e in chosen), strict=False)
        )
        super().__init__(data, initial=initial, prefix=f"team-{row.team.pk}")
        self.team = row.team
        choices = [(entry.pk, entry.player.name) for entry in row.members]
        for name in ("first", "second", "third", "fourth"):
            self.fields[name].choices = choices  # type: ignore[attr-defined]

    def pairs_chosen(self) -> list[list[int]]:
        data = self.cleaned_data
        return [[data["first"], data["second"]], [data["third"], data["fourth"]]]


def teams_context(
    request: HttpRequest,
    tournament: Tournament,
    paste: TeamsPasteForm | None = None,
    lineup: LineupForm | None = None,
) -> dict[str, Any]:
    """What `_teams.html` shows: the roster, and for a director the paste form (while no turno
    is seated) and a form per team for the next turno's pairs (`lineup`: one posted back)."""
    roster: TeamRoster = team_roster(tournament)
    directing = can_direct(request.user, tournament.club)
    open_ = tournament.status != TournamentStatus.FINISHED
    forms_by_team = {}
    if directing and open_ and roster.next_turno is not None:
        for row in roster.teams:
            if lineup is not None and lineup.team.pk == row.team.pk:
                forms_by_team[row.team.pk] = lineup
            elif len(row.members) >= 4:
                forms_by_team[row.team.pk] = LineupForm(row, roster.next_turno)
    return {
        "roster": roster,
        "team_rows": [(row, forms_by_team.get(row.team.pk)) for row in roster.teams],
        "teams_form": (paste or TeamsPasteForm())
        if directing and open_ and roster.registering
        else None,
    }


def _page(request: HttpRequest, tournament: Tournament, **forms_: Any) -> HttpResponse:
    context = {
        "tournament": tournament,
        "club": tournament.club,
        **teams_context(request, tournament, **forms_),
    }
    return render(request, "pairings/burraco/teams.html", context)


@require_safe
def teams_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The teams of a team tournament, their players and their pairs by turno."""
    return _page(request, visible_teams(request, pk))


@require_POST
def teams_paste(request: HttpRequest, pk: int) -> HttpResponse:
    """The director enters teams, one a line."""
    tournament = directed_teams(request, pk)
    form = TeamsPasteForm(request.POST)
    if form.is_valid():
        with on_form(form):
            entered = services.teams_register(
                tournament=tournament,
                user=request.user,
                lines=form.lines(),
                check_in=form.cleaned_data["check_in"],
            )
            count = len(entered)
            messages.success(
                request,
                ngettext("%(count)s team entered.", "%(count)s teams entered.", count)
                % {"count": count},
            )
            return redirect("pairings:burraco-teams-page", pk=tournament.pk)
    return _page(request, tournament, paste=form)


@require_POST
def team_lineup(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """The director names a team's two pairs for a turno."""
    tournament = directed_teams(request, pk)
    team = get_object_or_404(Team.objects.filter(tournament=tournament), pk=team_id)
    roster = team_roster(tournament)
    row = next(row for row in roster.teams if row.team.pk == team.pk)
    form = LineupForm(row, roster.next_turno, request.POST)
    if form.is_valid():
        with on_form(form):
            lineup = services.team_lineup_set(
                team=team,
                user=request.user,
                turno=form.cleaned_data["turno"],
                pairs=form.pairs_chosen(),
            )
            messages.success(
                request,
                gettext("The pairs of %(team)s for turno %(number)s are named.")
                % {"team": team.name, "number": lineup.turno},
            )
            return redirect("pairings:burraco-teams-page", pk=tournament.pk)
    return _page(request, tournament, lineup=form)
