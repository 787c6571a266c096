"""The report's tables of a Gin match: each hand's result, knock, deadwood, points, total and
boxes (Hollywood: its three games), and the games' final scores (`scoring.printing.report`,
through `GameKind.report_table` and `GameKind.report_context`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext

from base.printing.geometry import PageBox
from base.printing.grid import Column, Grid, GridPage, Group, Row
from scoring.engine import EngineError, Event, GinHand, GinRules, Snapshot, Withdraw
from scoring.engine.gin import score_hand
from scoring.models import Match
from scoring.presenters import card_label, gin_result_word, kind_label, signed, withdrew_note
from scoring.printing.page import marks_legend, player_groups
from scoring.printing.report import (
    REPORT_FONT,
    REPORT_ROW,
    Notes,
    ReportTable,
    event_refs,
)
from scoring.selectors import MatchDetail


def gin_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    rules: GinRules,
    *,
    show_authors: bool,
) -> ReportTable:
    knock_mark = pgettext("score sheet mark", "K")
    hollywood = match.rules["variant"] == "hollywood"
    oklahoma = match.rules["variant"] == "oklahoma"
    columns, groups = _columns(names, knock_mark, hollywood=hollywood, oklahoma=oklahoma)
    rows = []
    settled_before: set[int] = set()  # the games settled before this row
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = event_refs(row, parsed, names, notes, show_authors=show_authors)
        cells = [str(row.hand_number or "")]  # hands as players count them; others unnumbered
        scored = None
        if isinstance(event, GinHand):
            try:
                scored = score_hand(rules, names, event)
            except EngineError:
                scored = None
            cells.append(gin_result_word(scored.outcome if scored is not None else event.result))
        else:
            cells.append(kind_label(row.event.kind).lower())
        if oklahoma:
            cells.append(card_label(event.upcard) if isinstance(event, GinHand) else "")
        struck = row.is_void or row.snapshot is None
        snapshot = row.snapshot
        for name in names:
            cells += _player_cells(name, event, snapshot, knock_mark, struck=struck)
            if not hollywood:
                boxes = scored.boxes if scored is not None and scored.box_to == name else 0
                cells.append(str(boxes) if boxes and not struck else "")
        if hollywood:
            cells += _hollywood_cells(snapshot, names, struck=struck)
        if struck:
            note = [gettext("void")]
        elif isinstance(event, Withdraw):
            note = [withdrew_note(event.player, detail.genders.get(event.player, ""))]
        elif snapshot is not None:
            note = _game_notes(snapshot, names, settled_before, hollywood=hollywood)
        else:
            note = []
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells), struck=struck))
    return ReportTable(columns, groups, rows, _legend(knock_mark, hollywood=hollywood))


def _columns(
    names: Sequence[str], knock_mark: str, *, hollywood: bool, oklahoma: bool
) -> tuple[list[Column], list[Group]]:
    columns = [
        Column(pgettext("hand number", "#"), 4, rule="thick"),
        Column(gettext("Result"), 10, "<", stretch=1),
    ]
    if oklahoma:
        columns.append(Column(gettext("Upcard"), 5, "^"))
    first = len(columns)
    for _name in names:
        columns += [
            Column(knock_mark, 3, "^", rule="thick"),
            Column(pgettext("deadwood, short", "DW"), 4, stretch=1),
            Column("±", 6, stretch=1),
            Column(gettext("Total"), 6, stretch=1),
        ]
        if not hollywood:
            columns.append(Column(gettext("Box"), 4))
    size = 4 if hollywood else 5
    groups = player_groups(names, first, size, "")
    if hollywood:
        for game in range(3):
            start = len(columns)
            for index, name in enumerate(names):
                columns.append(Column(name, 6, stretch=1, rule="thick" if index == 0 else "thin"))
            groups.append(
                Group(gettext("Game %(number)s") % {"number": game + 1}, start, len(names))
            )
    notes_width = 20 if hollywood else 14  # "games 1, 2, 3: Anna"
    columns.append(Column(gettext("Notes"), notes_width, "<", stretch=2, rule="thick"))
    return columns, groups


def _player_cells(
    name: str, event: Event | None, snapshot: Snapshot | None, knock_mark: str, *, struck: bool
) -> list[str]:
    """A player's knock, deadwood, points and total in a hand's row (its boxes apart)."""
    knocked = isinstance(event, GinHand) and event.knocker == name
    deadwood = event.deadwood.get(name, "") if isinstance(event, GinHand) else ""
    if struck or snapshot is None:
        return [knock_mark if knocked else "", str(deadwood), "", ""]
    charge = snapshot.hand_charges.get(name, 0)  # a game's end bonuses: the notes
    return [
        knock_mark if knocked else "",
        str(deadwood),
        signed(charge) if charge else "",
        str(snapshot.totals[name]),
    ]


def _hollywood_cells(snapshot: Snapshot | None, names: Sequence[str], *, struck: bool) -> list[str]:
    """Each of Hollywood's three games' scores after the row (final once the game is over)."""
    cells = []
    for game in range(3):
        for name in names:
            if struck or snapshot is None or game >= len(snapshot.games):
                cells.append("")
                continue
            state = snapshot.games[game]
            scores = state.final_scores if state.final_scores is not None else state.scores
            cells.append(str(scores[name]))
    return cells


def _game_notes(
    snapshot: Snapshot, names: Sequence[str], settled_before: set[int], *, hollywood: bool
) -> list[str]:
    """The games a row settled (who won them) and what their ends added to each player; the
    numbers of the games settled so far are added to `settled_before`."""
    note = []
    settled = [
        game
        for game in snapshot.games
        if game.finished and game.winner and game.number not in settled_before
    ]
    settled_before.update(game.number for game in snapshot.games if game.finished)
    for winner in dict.fromkeys(game.winner for game in settled):
        numbers = ", ".join(str(g.number) for g in settled if g.winner == winner)
        note.append(
            gettext("game %(numbers)s: %(player)s") % {"numbers": numbers, "player": winner}
            if hollywood
            else gettext("game: %(player)s") % {"player": winner}
        )
    for name in names:
        added = sum(end.added.get(name, 0) for end in snapshot.game_ends)
        if added:
            note.append(
                gettext("%(player)s %(points)s at the end")
                % {"player": name, "points": f"{added:+d}"}
            )
    return note


def _legend(knock_mark: str, *, hollywood: bool) -> list[str]:
    legend = [
        marks_legend(
            [
                (knock_mark, gettext("knocked")),
                ("±", gettext("what the hand added to the score, a game's end bonuses apart")),
            ]
        )
    ]
    if not hollywood:
        legend.append(gettext("Box: boxes earned in the hand."))
    return legend


def gin_games(detail: MatchDetail, names: Sequence[str], box: PageBox) -> GridPage:
    """Each game of a Gin match: its final scores (or the scores so far), boxes, winner, net."""
    columns = [Column(gettext("Game"), 7, rule="thick")]
    columns += [Column(name, 9, stretch=1) for name in names]
    columns += [
        Column(gettext("Boxes"), 9),
        Column(gettext("Winner"), 12, "<", stretch=1),
        Column(gettext("Net"), 7),
    ]
    rows = []
    for game in detail.state.games:
        scores = game.final_scores if game.final_scores is not None else game.scores
        rows.append(
            Row(
                (
                    str(game.number),
                    *(str(scores[name]) for name in names),
                    " / ".join(str(game.boxes[name]) for name in names),
                    game.winner or "—",
                    "—" if game.net is None else str(game.net),
                )
            )
        )
    grid = Grid(
        columns,
        width=min(box.width, 130),
        font_size=REPORT_FONT,
        row_height=REPORT_ROW,
        rows=rows,
    )
    return grid.page(rows)
