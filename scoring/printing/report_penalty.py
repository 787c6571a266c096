"""The report's table of a Scala 40 or Ramino match: each player's charge, total and marks per
event (`scoring.printing.report`, through `GameKind.report_table`)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils.translation import gettext, pgettext

from base.printing.grid import Column, Row
from scoring.engine import Event, Hand, Reentry, Snapshot, Status, TimeCall, Withdraw
from scoring.models import Match
from scoring.presenters import closing_word, money, signed
from scoring.printing.page import marks_legend, player_groups
from scoring.printing.report import Notes, ReportTable, event_refs
from scoring.selectors import EventRow, MatchDetail

DEALER_MARK = "•"
# Not at the table for the next event: out, withdrawn, or eliminated (a re-entry, if any, is the
# very next event, and shows the player's jump back in).
GONE = {Status.ELIMINATED, Status.OUT, Status.WITHDRAWN}


def _marks() -> dict[str, str]:
    """The letters of the marks, in the user's language (asked at each report)."""
    return {
        "closer": pgettext("score sheet mark", "C"),
        "in_hand": pgettext("score sheet mark", "H"),
        "not_opened": pgettext("score sheet mark", "N"),
        "reentry": pgettext("score sheet mark", "R"),
        "out": pgettext("score sheet mark", "X"),
        "withdraw": pgettext("score sheet mark", "W"),
        "stays_out": pgettext("score sheet mark", "S"),
    }


def penalty_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    *,
    show_authors: bool,
    closings: bool,
) -> ReportTable:
    """The report's grid of a penalty game (`closings`: the game scores how a hand was closed)."""
    marks = _marks()
    columns = [Column(pgettext("hand number", "#"), 4, rule="thick")]
    for _name in names:
        columns += [
            Column("±", 6, stretch=1, rule="thick"),
            Column(gettext("Total"), 6, stretch=1),
            Column("", 4, "<"),
        ]
    columns.append(Column(gettext("Notes"), 14, "<", stretch=3, rule="thick"))
    groups = player_groups(names, 1, 3, "")
    dealer = next((s.name for s in detail.seats if s.seat == match.first_dealer_seat), names[0])
    statuses: dict[str, Status] = dict.fromkeys(names, Status.IN_PLAY)
    rows = []
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = event_refs(row, parsed, names, notes, show_authors=show_authors)
        if row.is_void or row.snapshot is None:
            rows.append(_void_row(row, event, names, marks, refs))
            continue
        snapshot: Snapshot = row.snapshot
        cells = [str(row.hand_number or "")]  # hands as players count them; others unnumbered
        for name in names:
            gone = statuses[name] in GONE
            cells += _player_cells(name, row, event, snapshot, gone, dealer, marks)
        note = _note(match, row, event, closings=closings)
        cells.append(" ".join([*note, refs] if refs else note))
        rows.append(Row(tuple(cells)))
        statuses = dict(snapshot.statuses)
        if snapshot.dealer:
            dealer = snapshot.dealer
    return ReportTable(columns, groups, rows, _legend(marks))


def _void_row(
    row: EventRow, event: Event | None, names: Sequence[str], marks: dict[str, str], refs: str
) -> Row:
    """A void event, struck: the points it had recorded, and who closed."""
    cells = [str(row.hand_number or "")]
    for name in names:
        points = event.points.get(name, "") if isinstance(event, Hand) else ""
        mark = marks["closer"] if isinstance(event, Hand) and event.closer == name else ""
        cells += [str(points), "", mark]
    cells.append(" ".join([gettext("void"), refs]).strip())
    return Row(tuple(cells), struck=True)


def _player_cells(
    name: str,
    row: EventRow,
    event: Event | None,
    snapshot: Snapshot,
    was_gone: bool,
    dealer: str,
    marks: dict[str, str],
) -> list[str]:
    """A player's charge, total and marks in an event's row."""
    found = ""
    if isinstance(event, Hand):
        if name == dealer:
            found += DEALER_MARK
        if name == event.closer:
            found += marks["closer"] + (marks["in_hand"] if event.in_hand else "")
        if name in event.not_opened:
            found += marks["not_opened"]
    elif isinstance(event, Reentry) and event.player == name:
        found += marks["reentry"]
    elif isinstance(event, Withdraw) and event.player == name:
        found += marks["stays_out"] if row.stays_out else marks["withdraw"]
    if name in snapshot.eliminated and not isinstance(event, Withdraw):
        found += marks["out"]  # a bust: a withdrawal is W alone, it reached no limit
    charge = snapshot.charges.get(name, 0)
    if was_gone and not charge:
        return ["", "", found]
    involved = isinstance(event, Hand) or charge
    return [signed(charge) if involved else "", str(snapshot.totals[name]), found]


def _note(match: Match, row: EventRow, event: Event | None, *, closings: bool) -> list[str]:
    """What an event's Notes cell says of it (its footnote references apart)."""
    if isinstance(event, Hand):
        note = [gettext("in hand")] if event.in_hand else []
        if closings and event.closing != "normal":
            note.append(closing_word(event.closing))
        return note
    if isinstance(event, Reentry):
        fee = Decimal(str(match.rules.get("reentry_fee", "0")))
        return [gettext("re-entry %(fee)s") % {"fee": money(fee)} if fee else gettext("re-entry")]
    if isinstance(event, Withdraw):
        return [gettext("stays out") if row.stays_out else gettext("withdrawal")]
    if isinstance(event, TimeCall):
        return [gettext("time call")]
    return []


def _legend(marks: dict[str, str]) -> list[str]:
    return [
        marks_legend(
            [
                ("±", gettext("what the event added to the total")),
                (DEALER_MARK, gettext("dealt")),
                (marks["closer"], gettext("closed")),
                (marks["in_hand"], gettext("chiusura in mano")),
                (marks["not_opened"], gettext("had not opened")),
                (marks["out"], pgettext("report legend", "out")),  # a noun: "sballo"
                (marks["reentry"], gettext("re-entry")),
                (marks["withdraw"], pgettext("report legend", "withdrew")),  # a noun: "ritiro"
                (marks["stays_out"], gettext("stayed out after the bust")),
            ]
        )
    ]
