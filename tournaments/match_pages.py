"""What tournaments add to the page of a match that is one of their tables: the tournament's link
and "where do I sit?", the director's way to reopen the finished tournament, and the
confirmation at the table; registered with `scoring.pages` by `TournamentsConfig.ready()`
(scoring imports nothing of tournaments, nor names their URLs)."""

from __future__ import annotations

from django.urls import reverse

from scoring.pages import EventLink, MatchPlace
from scoring.table_access import MatchViewer
from tournaments import rules
from tournaments.models import Table, Tournament
from tournaments.presenters import event_line


def table_place(viewer: MatchViewer) -> MatchPlace | None:
    """The tournament table the viewer's match is, as its page shows it to `viewer` (who looks,
    `scoring.table_access.viewer_of`); None for a club night's match.
    The tournament is linked only when the viewer may follow it (`Tournament.objects.for_user`).
    The table is read through the match's reverse relation, which stays cached on the match
    for the rest of the request (`scoring.table_access` reads it too)."""
    match = viewer.match
    table = getattr(match, "tournament_table", None)
    if table is None:
        return None
    pk = table.round.tournament_id
    visible = Tournament.objects.for_user(viewer.user).filter(pk=pk)
    shown = visible.values_list("name", flat=True).first()
    refused, words = _confirm_refused(viewer, table)
    return MatchPlace(
        link=EventLink(
            name=shown,
            url=reverse("tournaments:detail", args=[pk]),
            where_url=reverse("tournaments:where", args=[pk]),
        )
        if shown is not None
        else None,
        reopen_url=reverse("tournaments:detail", args=[pk]) + "#reopen",
        confirm_url=reverse("tournaments:confirm-at-table", args=[pk, table.pk]),
        dispute_url=reverse("tournaments:dispute", args=[pk, table.pk]),
        confirmed=table.is_confirmed_for(match),
        disputed=table.disputed_at is not None,
        event=event_line(table.round, shown) if shown is not None else "",
        confirm_refused=refused,
        confirm_words=words,
    )


def _confirm_refused(viewer: MatchViewer, table: Table) -> tuple[str, str]:
    """Why this viewer (the phone of a table code, else the user) may not confirm the result,
    in a word ("" when they may) and, when the other line confirms, in the rule's words ("" for
    any other refusal): the service's own rule (`rules.confirm_refusal`), asked
    only once there is a result to confirm."""
    match = viewer.match
    if not match.is_finished or match.is_closed:
        return "unfinished", ""
    actor = viewer.phone or viewer.user
    refusal = rules.confirm_refusal(table, actor, join=viewer.join)
    if refusal is None:
        return "", ""
    words = refusal.message if refusal.why == "line" else ""
    return refusal.why, words
