"""The Burraco score slip (BURRACO.md section 5): per hand NS base | NS carte | NS total | EO base |
EO carte | EO total, blank for a paper table (`burraco_grid`, the sheet) and filled as the match
report (`burraco_table`), with the lines' totals at the foot (`scoring.games.burraco` declares
both, through `GameKind.sheet_grid` and `GameKind.report_table`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext

from base.printing.grid import Column, Group, Row
from scoring.engine import Event
from scoring.engine.burraco import LINES, BurracoSnapshot, BurracoState, seat_lines
from scoring.engine.events import BurracoHand
from scoring.models import Match
from scoring.presenters import kind_label
from scoring.printing.report import Notes, ReportTable, event_refs
from scoring.selectors import MatchDetail


def end_mark(hand: BurracoHand) -> str:
    """How a hand ended on the slip: the line that closed, or T, time, S, A."""
    if hand.end == "closing":
        return next((line for line in LINES if hand.lines[line].closed), "")
    return {
        "tallone": pgettext("burraco end, short", "T"),
        "time_out": pgettext("burraco end, short", "time"),
        "stallo": pgettext("burraco end, short", "S"),
        "arbitral": pgettext("burraco end, short", "A"),
    }.get(hand.end, hand.end)


def _legend() -> list[str]:
    return [
        gettext(
            "End: NS or EO, the line that closed; T tallone, time: time called, S stallo, "
            "A chiusura arbitrale."
        ),
        gettext(
            "Base: burraci and closing, less the pozzetto not taken or left unplayed. Carte: "
            "cards on the table less cards in hand. Total: base + carte."
        ),
    ]


def _line_columns(first_rule: str = "thick") -> list[Column]:
    return [
        Column(gettext("Base"), 6, stretch=1, rule=first_rule),
        Column(gettext("Carte"), 6, stretch=1),
        Column(gettext("Total"), 7, stretch=2),
    ]


def _groups(names: Sequence[str], first: int, dealer: str) -> list[Group]:
    lines = seat_lines(names)
    return [
        Group(
            label=f"{line} · {', '.join(lines[line])}",
            first=first + index * 3,
            count=3,
            mark="★" if dealer in lines[line] else "",
        )
        for index, line in enumerate(LINES)
    ]


def burraco_grid(names: Sequence[str], dealer: str):
    """The blank slip: the hand's number and end, then base, carte and total of each line."""
    columns = [
        Column(pgettext("hand number", "#"), 4, rule="thick"),
        Column(gettext("End"), 5, "^", stretch=1),
    ]
    for _line in LINES:
        columns += _line_columns()
    return columns, _groups(names, 2, dealer), [""] * len(columns), _legend()


def burraco_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    *,
    show_authors: bool,
) -> ReportTable:
    """The filled slip: a row per event, each hand's base, carte and total per line, the
    lines' totals last."""
    columns = [
        Column(pgettext("hand number", "#"), 4, rule="thick"),
        Column(gettext("End"), 5, "^", stretch=1),
    ]
    for _line in LINES:
        columns += _line_columns()
    columns.append(Column(gettext("Notes"), 14, "<", stretch=3, rule="thick"))
    rows = []
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        struck = row.is_void or row.snapshot is None
        cells = [str(row.hand_number or "")]
        if isinstance(event, BurracoHand):
            cells.append(end_mark(event))
        else:
            cells.append(kind_label(row.event.kind).lower())
        snapshot = row.snapshot
        for line in LINES:
            score = None
            if not struck and isinstance(snapshot, BurracoSnapshot):
                score = snapshot.lines.get(line)
            cells += (
                [str(score.base), str(score.carte), str(score.total)] if score else ["", "", ""]
            )
        note = [gettext("void")] if struck else []
        refs = event_refs(row, parsed, names, notes, show_authors=show_authors)
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells), struck=struck))
    state = detail.state
    if isinstance(state, BurracoState) and state.lines:
        totals = [gettext("Totals"), ""]
        for line in LINES:
            summed = state.line(line)
            totals += [str(summed.base), str(summed.carte), str(summed.total)]
        rows.append(Row((*totals, ""), struck=False))
    return ReportTable(columns, _groups(names, 2, ""), rows, _legend())
