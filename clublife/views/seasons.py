"""The season pages of a club, under /clubs/<slug>/seasons/: the list (with the form that creates
a season, for its directors), a season's standings and the matches it counted, its settings, and
the standings as PDF and CSV.

Who sees them: the club's members, and everyone when the club is public (`Club.objects.for_user`);
anything else answers 404, and so does another club's season. Creating and changing a season
needs a director (`clubs.permissions.can_direct`): 404 outside the club, 403 for a member without
the role. Reads go through `clublife.seasons.season_standings_view`, writes through its
services, whose refusals come back next to the field they name.
"""

from __future__ import annotations

import io

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_safe

from base.errors import on_form
from base.printing import render_pdf
from clublife import presenters, seasons
from clublife.models import Season
from clublife.printing import season_document
from clubs import validators
from clubs.models import Club
from clubs.permissions import can_direct
from clubs.presenters import SEASON_NAMED, named
from scoring.games import game_choices
from tournaments import lookups
from tournaments.exports import csv_writer
from tournaments.presenters import number, points_text

# The form ----------------------------------------------------------------------------------------


def _points_lines(points: dict[str, list]) -> str:
    """Stored placement points as the form shows them: "4: 10, 6, 3, 1", a line a size."""
    return "\n".join(
        f"{size}: {', '.join(str(value) for value in values)}"
        for size, values in sorted(points.items(), key=lambda item: int(item[0]))
    )


class SeasonForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=seasons.NAME_LENGTH, validators=[validators.name_validator]
    )
    starts_on = forms.DateField(
        label=_("From"),
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[validators.planned_day_validator],
    )
    ends_on = forms.DateField(
        label=_("To"),
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[validators.planned_day_validator],
        help_text=_("Both days included."),
    )
    games = forms.MultipleChoiceField(
        label=_("Games"),
        choices=game_choices(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("None ticked: every game."),
    )
    counts_club_matches = forms.BooleanField(label=_("Counts club nights"), required=False)
    counts_tournaments = forms.BooleanField(
        label=_("Counts tournament tables"),
        required=False,
        help_text=_("A tournament table counts once its result counts in the tournament."),
    )
    first_entry_only = forms.BooleanField(
        label=_("First entry only"),
        required=False,
        help_text=_(
            "A player who re-entered is placed where their first entry ended, as if they had "
            "not come back."
        ),
    )
    placement_points = forms.CharField(
        label=_("Placement points"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "4: 10, 6, 3, 1"}),
        help_text=_(
            "A line per table size: the size, a colon, then the points of each place, best "
            "first, such as 4: 10, 6, 3, 1 or 5: 7; 5,5; 4; 2,5; 1. Empty: from 7 for first to 1 "
            "for last."
        ),
    )

    def clean_placement_points(self) -> dict[str, list[str]]:
        points: dict[str, list[str]] = {}
        for line in self.cleaned_data["placement_points"].splitlines():
            if not line.strip():
                continue
            size, colon, values = line.partition(":")
            if not colon or not size.strip().isdigit():
                raise forms.ValidationError(
                    _("Write each line as the table size, a colon and the points: 4: 10, 6, 3, 1.")
                )
            if ";" in values:  # "7; 5,5; 4": semicolons between, decimal commas allowed
                parts = [part.strip().replace(",", ".") for part in values.split(";")]
            else:
                parts = values.replace(",", " ").split()
            points[size.strip()] = [part for part in parts if part]
        return points

    @classmethod
    def initial_of(cls, season: Season) -> dict[str, object]:
        initial = {name: getattr(season, name) for name in seasons.SETTINGS}
        initial["placement_points"] = _points_lines(season.placement_points)
        return initial


# Looking up ---------------------------------------------------------------------------------------


def _season(club: Club, pk: int) -> Season:
    season = get_object_or_404(Season.objects.filter(club=club), pk=pk)
    season.club = club
    return season


# Pages -------------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def season_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's seasons, newest first; its directors create one here."""
    club = lookups.visible_club(request, slug)
    director = can_direct(request.user, club)
    form = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        lookups.require_director(request, club)
        form = SeasonForm(request.POST)
        if form.is_valid():
            with on_form(form):
                season = seasons.season_create(club=club, user=request.user, **form.cleaned_data)
                messages.success(
                    request,
                    gettext("%(season)s created.") % {"season": named(SEASON_NAMED, season.name)},
                )
                return redirect("clublife:season-detail", slug=club.slug, pk=season.pk)
    elif director:
        form = SeasonForm(
            initial={
                "counts_club_matches": True,
                "counts_tournaments": True,
                "first_entry_only": True,
            }
        )
    rows = [
        (season, presenters.season_summary(season))
        for season in Season.objects.filter(club=club).order_by("-starts_on", "-pk")
    ]
    return render(
        request,
        "clublife/season_list.html",
        {"club": club, "rows": rows, "form": form, "is_director": director},
    )


@require_safe
def season_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The season standings: place, player, points, matches, wins, best place; then every match
    counted, with what it gave each player."""
    club = lookups.visible_club(request, slug)
    season = _season(club, pk)
    view = seasons.season_standings_view(season, user=request.user)
    rows = [(row, points_text(row.points)) for row in view.rows]
    matches = [
        (counted, [(seat, points_text(seat.points)) for seat in counted.seats])
        for counted in reversed(view.matches)
    ]
    return render(
        request,
        "clublife/season_detail.html",
        {
            "club": club,
            "season": season,
            "summary": presenters.season_summary(season),
            "entry_rule": presenters.entry_rule(season),
            "scale": presenters.scale_lines(seasons.scale_of(season).custom),
            "rows": rows,
            "matches": matches,
            "is_director": can_direct(request.user, club),
        },
    )


@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Change a season's dates, games, what it counts and its placement points (directors)."""
    club = lookups.visible_club(request, slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    lookups.require_director(request, club)
    season = _season(club, pk)
    form = SeasonForm(
        request.POST if request.method == "POST" else None, initial=SeasonForm.initial_of(season)
    )
    if request.method == "POST" and form.is_valid():
        with on_form(form):
            season = seasons.season_update(season=season, user=request.user, **form.cleaned_data)
            messages.success(
                request, gettext("%(season)s saved.") % {"season": named(SEASON_NAMED, season.name)}
            )
            return redirect("clublife:season-detail", slug=club.slug, pk=season.pk)
    return render(
        request,
        "clublife/season_edit.html",
        {"club": club, "season": season, "form": form},
    )


# Downloads ---------------------------------------------------------------------------------------


@require_safe
def season_standings_pdf(request: HttpRequest, slug: str, pk: int) -> FileResponse:
    """The standings and the matches counted, as a printable PDF in the request's language."""
    season = _season(lookups.visible_club(request, slug), pk)
    document = season_document(seasons.season_standings_view(season, user=request.user))
    response = FileResponse(
        io.BytesIO(render_pdf([document], title=document.title)),
        content_type="application/pdf",
        filename=document.filename,
        as_attachment=False,
    )
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_safe
def season_standings_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The standings as CSV, a row a player; points with a dot for decimals, as exact as two
    decimals allow (5.5, 5.75, 6.33)."""
    season = _season(lookups.visible_club(request, slug), pk)
    view = seasons.season_standings_view(season, user=request.user)
    name = slugify(season.name) or "season"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-standings.csv"'
    writer = csv_writer(response)
    writer.writerow(
        [
            gettext("Place"),
            gettext("Player"),
            gettext("Points"),
            gettext("Matches"),
            gettext("Wins"),
            gettext("Best place"),
        ]
    )
    for row in view.rows:
        writer.writerow(
            [
                f"{row.place}=" if row.shared else row.place,
                row.player.name,
                number(row.points),
                row.matches,
                row.wins,
                row.best_place,
            ]
        )
    patch_cache_control(response, private=True, no_cache=True)
    return response
