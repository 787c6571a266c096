"""Import and export pages, under /clubs/<slug>/ (namespace "clublife").

- import/                           directors: paste or upload match documents (old paper sheets)
- import/done/                      directors: the last batch's matches, new or imported before
- matches/export.json               members: every match of the club as match documents
- statistics.csv                    members: player statistics, one row per player and game
- archive.json                      the owner: the whole club, for a backup or a move
- tournaments/<pk>/standings.csv    members; anyone for a public club's public tournament

Views stay thin: `clublife.exchange` imports and exports, `clublife.exports` and
`tournaments.exports` write CSV.
A private club of someone else answers 404; a club one may see but not act in answers 403.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from base.errors import kept
from clublife import exchange, exports
from clubs import validators
from clubs.models import Club
from clubs.permissions import can_direct, can_export_tournament_standings, can_manage
from config.parsers import JSONRefused, read_json
from scoring.selectors import matches_for_club
from tournaments import exports as tournament_exports
from tournaments import lookups
from tournaments.models import Tournament

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# The last batch import's matches, for its results page: {"club": pk, "matches": [[pk, new]]}.
IMPORTED_KEY = "clublife_imported"


def _member_club(request: HttpRequest, slug: str) -> Club:
    """The club if the user is a member: 404 when it is hidden from them, 403 when public."""
    club = lookups.visible_club(request, slug)
    lookups.require_member(request, club)
    return club


def _download(content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class ImportForm(forms.Form):
    document = forms.CharField(
        label=_("Match documents"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text=_("One match document (JSON), or a list of them."),
    )
    file = forms.FileField(
        label=_("Or a file"), required=False, help_text=_("A .json file with the same content.")
    )
    played_on = forms.DateField(
        label=_("Played on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date", "min": validators.EARLIEST_DAY.isoformat()}),
        validators=[validators.played_day_validator],
        help_text=_("The date on the score sheets; empty: today."),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        text = cleaned.get("document", "")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(_("The file is too big (at most 5 MB)."))
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not text.strip():
            raise forms.ValidationError(_("Paste a match document or choose a file."))
        try:
            cleaned["data"] = read_json(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("This is not valid JSON (line %(line)s, column %(column)s): %(reason)s.")
                % {"line": error.lineno, "column": error.colno, "reason": error.msg}
            ) from None
        except JSONRefused as refused:
            raise forms.ValidationError(
                _("This JSON cannot be imported: %(reason)s") % {"reason": refused.reason}
            ) from None
        if not isinstance(cleaned["data"], dict | list):
            raise forms.ValidationError(
                _("Give a match document (a JSON object) or a list of them.")
            )
        return cleaned


@login_required
def match_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Directors type in old score sheets: one match document or a list, all or nothing."""
    club = _member_club(request, slug)
    if not can_direct(request.user, club):
        raise PermissionDenied
    form = ImportForm(request.POST or None, request.FILES or None)
    errors: list[exchange.DocumentError] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["data"]
        played_on = form.cleaned_data["played_on"]
        with kept(exchange.ImportRefused) as refused:
            imported = exchange.documents_import(
                club=club, user=request.user, data=data, played_on=played_on
            )
            new = sum(1 for each in imported if each.created)
            again = len(imported) - new
            if new:
                messages.success(
                    request,
                    ngettext("%(count)s match imported.", "%(count)s matches imported.", new)
                    % {"count": new},
                )
            if again:
                messages.info(
                    request,
                    ngettext(
                        "%(count)s score sheet was already imported: it was not imported again.",
                        "%(count)s score sheets were already imported: they were not imported "
                        "again.",
                        again,
                    )
                    % {"count": again},
                )
            if len(imported) == 1:
                return redirect(imported[0].match.get_absolute_url())
            # a batch: its results page (POST, redirect, GET), each document's match in order
            request.session[IMPORTED_KEY] = {
                "club": club.pk,
                "matches": [[each.match.pk, each.created] for each in imported],
            }
            return redirect("clublife:import-done", slug=club.slug)
        if refused:
            errors = refused.error.errors
    return render(
        request,
        "clublife/import.html",
        {"club": club, "form": form, "errors": errors},
        status=400 if errors else 200,
    )


@login_required
@require_safe
def import_done(request: HttpRequest, slug: str) -> HttpResponse:
    """The results of the user's last batch import into this club: each document's match, in
    document order, imported now or imported before (kept in the session until the next batch;
    without one, the import page)."""
    club = _member_club(request, slug)
    if not can_direct(request.user, club):
        raise PermissionDenied
    done = request.session.get(IMPORTED_KEY)
    if not done or done.get("club") != club.pk:
        return redirect("clublife:import", slug=club.slug)
    found = matches_for_club(club).in_bulk([pk for pk, _created in done["matches"]])
    rows = [
        {"number": number, "match": found[pk], "created": created}
        for number, (pk, created) in enumerate(done["matches"], start=1)
        if pk in found  # (a match deleted since)
    ]
    return render(request, "clublife/import_done.html", {"club": club, "rows": rows})


@login_required
@require_safe
def matches_export(request: HttpRequest, slug: str) -> HttpResponse:
    club = _member_club(request, slug)
    response = _download("application/json", f"{club.slug}-matches.json")
    json.dump(exchange.club_matches_export(club=club), response, ensure_ascii=False, indent=1)
    return response


@login_required
@require_safe
def statistics_csv(request: HttpRequest, slug: str) -> HttpResponse:
    club = _member_club(request, slug)
    response = _download("text/csv; charset=utf-8", f"{club.slug}-statistics.csv")
    exports.write_statistics(club, response)
    return response


@login_required
@require_safe
def archive(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole club as one JSON archive (manage.py import_club reads it back)."""
    club = _member_club(request, slug)
    if not can_manage(request.user, club):
        raise PermissionDenied
    day = timezone.localdate().isoformat()
    response = _download("application/json", f"{club.slug}-{day}.json")
    json.dump(exchange.club_export(club), response, cls=DjangoJSONEncoder, ensure_ascii=False)
    return response


@require_safe
def standings_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A tournament's standings, for whom `can_export_tournament_standings` allows (the pages
    link it by the same rule); 404 for anyone else."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("club"), pk=pk, club__slug=slug
    )
    club = tournament.club
    if not can_export_tournament_standings(request.user, club, public=tournament.is_public):
        raise Http404
    response = _download("text/csv; charset=utf-8", f"{club.slug}-{tournament.pk}-standings.csv")
    tournament_exports.write_tournament_standings(tournament, response)
    return response
