"""The printables of self check-in (issue 19).

- `check_in_poster_document(tournament, url)`: the check-in QR code on an A4 page for the door,
  with the link written out and what to do, in large type.
- `check_in_list_document(tournament)`: every player by name, checked in (and when) or not, the
  entry fee paid or still due, and the totals: the desk's list (`selectors.check_in_list`).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext

from base.printing import PORTRAIT, Column, Grid, PdfDocument, Row
from scoring.printing import money, qr_code
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.presenters import dropped_mark
from tournaments.printing.common import (
    HEAD,
    LIST_FONT,
    LIST_ROW,
    amount,
    grid_pages,
    tournament_context,
)


def check_in_poster_document(tournament: Tournament, url: str) -> PdfDocument:
    """The QR code of the tournament's check-in link (`url`), large, for the door."""
    kind = gettext("Check-in")
    context = tournament_context(tournament, kind)
    context.update({"heading": tournament.name, "qr": qr_code(url), "url": url})
    return PdfDocument(
        html=render_to_string("pdf/tournament_check_in_poster.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-check-in-qr.pdf",
    )


def check_in_list_document(tournament: Tournament) -> PdfDocument:
    """The check-in list: a row a player by name (here or not, fee paid or due), the totals."""
    board = selectors.check_in_list(tournament)
    columns = [
        Column(gettext("Player"), 24, "<", stretch=1, rule="thick"),
        Column(gettext("Checked in"), 12, "<"),
        Column(gettext("Paid (€)"), 13),
        Column(gettext("Due (€)"), 15),
    ]
    rows = []
    for row in board.rows:
        if row.dropped:
            status = dropped_mark(row.entry)
        elif row.here and row.entry.checked_in_at is not None:
            status = time_format(timezone.localtime(row.entry.checked_in_at), "H:i")
        else:
            status = gettext("not yet")
        name = row.name + (" " + gettext("(guest)") if row.entry.player.is_guest else "")
        rows.append(
            Row(
                (
                    name,
                    status,
                    amount(row.paid) if row.paid else "",
                    amount(row.due) if row.due else "",
                )
            )
        )
    rows.append(
        Row((gettext("Total"), "", amount(board.paid), amount(board.due)), rule=True),
    )
    notes = [
        gettext("%(here)s of %(expected)s players checked in. Entry fee: %(fee)s.")
        % {"here": board.here, "expected": board.expected, "fee": money(tournament.entry_fee)},
    ]
    if board.guests:
        notes.append(
            gettext("Guests waiting for approval: %(names)s.")
            % {"names": ", ".join(guest.name for guest in board.guests)}
        )
    grid = Grid(columns, width=PORTRAIT.width, font_size=LIST_FONT, row_height=LIST_ROW)
    kind = gettext("Check-in list")
    context = tournament_context(tournament, kind)
    context.update(
        {"notes": notes, "pages": grid_pages(grid, rows, PORTRAIT, HEAD + 5 * len(notes))}
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-check-in-list.pdf",
    )
