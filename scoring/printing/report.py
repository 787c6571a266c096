"""The filled report (referto) of a match: `match_report(match, show_authors=...)`, every event
in a grid (corrections and voids as numbered notes), the standings, the Gin games, the pot and the
chart of the totals (`charts.print_chart`, text kept out of its SVG: WeasyPrint lays out SVG text
letter by letter)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from base.printing.geometry import (
    CONTINUED,
    MM_PER_PT,
    MONO_ADVANCE,
    SLACK,
    PageBox,
    page_box,
)
from base.printing.grid import (
    Column,
    Grid,
    GridPage,
    Group,
    Row,
)
from base.printing.render import (
    PdfDocument,
)
from base.printing.words import (
    author_name,
    local_datetime,
    user_name,
)
from scoring.charts import print_chart
from scoring.engine import (
    EngineError,
    Event,
    GinHand,
    Hand,
    Reentry,
    RuleSet,
    Snapshot,
    Status,
    TimeCall,
    Withdraw,
    rules_from_dict,
)
from scoring.engine.document import parse_document
from scoring.engine.gin import score_hand
from scoring.models import Game, Match
from scoring.presenters import (
    card_label,
    closing_word,
    describe_changes,
    games_won_line,
    gin_final_lines,
    gin_result_word,
    kind_label,
    money,
    result_line,
    row_title,
    stakes_line,
    status_label,
    withdrew_note,
)
from scoring.printing.page import (
    chart_block,
    common_context,
    head_height,
    marks_legend,
    player_groups,
)
from scoring.rule_words import chart_threshold
from scoring.selectors import EventRow, MatchDetail, match_detail

REPORT_FONT = 8.5
REPORT_ROW = 5.0


# The filled report -------------------------------------------------------------------------------


@dataclass
class Notes:
    """The footnotes of a report: corrections and voids, numbered in order."""

    items: list[str] = field(default_factory=list)

    def add(self, text: str) -> str:
        self.items.append(text)
        return f"[{len(self.items)}]"


def parse_events(match: Match, names: Sequence[str], datas: Sequence[dict]) -> list[Event | None]:
    """The stored event datas as the engine's events (cards counted), or None for one the engine
    cannot read (an event is stored only after the engine accepted it, so this does not happen)."""
    document = {
        "game": match.game,
        "preset": match.preset,
        "rules": match.rules,
        "players": list(names),
    }
    try:
        return list(parse_document({**document, "events": list(datas)}).events)
    except EngineError:
        events: list[Event | None] = []
        for data in datas:
            try:
                events.append(parse_document({**document, "events": [data]}).events[0])
            except EngineError:
                events.append(None)
        return events


def version_notes(
    row: EventRow, parsed: dict[int, Event | None], names: Sequence[str], *, show_authors: bool
) -> str:
    """The footnote of a corrected or voided event: every change, when, why, and who made it
    when `show_authors` (the club's members only)."""
    label = row_title(row)
    sentences = []
    for previous, version in zip(row.versions, row.versions[1:], strict=False):
        details = {"when": local_datetime(version.created_at)}
        if show_authors:
            details["who"] = author_name(version)
        if version.is_void:
            if show_authors:
                text = gettext("void by %(who)s on %(when)s") % details
            else:
                text = gettext("void on %(when)s") % details
        else:
            details["changes"] = describe_changes(
                parsed.get(previous.pk), parsed.get(version.pk), names
            )
            if show_authors:
                text = gettext("corrected by %(who)s on %(when)s: %(changes)s") % details
            else:
                text = gettext("corrected on %(when)s: %(changes)s") % details
        if version.reason:
            text += " (" + gettext("reason: %(reason)s") % {"reason": version.reason} + ")"
        sentences.append(text)
    first = row.versions[0]
    when = local_datetime(first.created_at)
    if show_authors:
        recorded = gettext("recorded by %(who)s on %(when)s") % {
            "who": author_name(first),
            "when": when,
        }
    else:
        recorded = gettext("recorded on %(when)s") % {"when": when}
    return f"{label}: {recorded}; " + "; ".join(sentences) + "."


@dataclass
class ReportTable:
    columns: list[Column]
    groups: list[Group]
    rows: list[Row]
    legend: list[str]


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _penalty_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    *,
    show_authors: bool,
) -> ReportTable:
    closer_mark = pgettext("score sheet mark", "C")
    in_hand_mark = pgettext("score sheet mark", "H")
    not_opened_mark = pgettext("score sheet mark", "N")
    reentry_mark = pgettext("score sheet mark", "R")
    out_mark = pgettext("score sheet mark", "X")
    withdraw_mark = pgettext("score sheet mark", "W")
    stays_out_mark = pgettext("score sheet mark", "S")
    dealer_mark = "•"
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
    # Not at the table for the next event: out, withdrawn, or eliminated (a re-entry, if any,
    # is the very next event, and shows the player's jump back in).
    gone = {Status.ELIMINATED, Status.OUT, Status.WITHDRAWN}
    statuses: dict[str, Status] = dict.fromkeys(names, Status.IN_PLAY)
    rows = []
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = (
            notes.add(version_notes(row, parsed, names, show_authors=show_authors))
            if len(row.versions) > 1
            else ""
        )
        cells = [str(row.hand_number or "")]  # hands as players count them; others unnumbered
        note = []
        if row.is_void or row.snapshot is None:
            for name in names:
                points = event.points.get(name, "") if isinstance(event, Hand) else ""
                mark = closer_mark if isinstance(event, Hand) and event.closer == name else ""
                cells += [str(points), "", mark]
            note.append(gettext("void"))
            cells.append(" ".join([*note, refs]).strip())
            rows.append(Row(tuple(cells), struck=True))
            continue
        snapshot: Snapshot = row.snapshot
        for name in names:
            marks = ""
            was_gone = statuses[name] in gone
            if isinstance(event, Hand):
                if name == dealer:
                    marks += dealer_mark
                if name == event.closer:
                    marks += closer_mark + (in_hand_mark if event.in_hand else "")
                if name in event.not_opened:
                    marks += not_opened_mark
            elif isinstance(event, Reentry) and event.player == name:
                marks += reentry_mark
            elif isinstance(event, Withdraw) and event.player == name:
                marks += stays_out_mark if row.stays_out else withdraw_mark
            if name in snapshot.eliminated and not isinstance(event, Withdraw):
                marks += out_mark  # a bust: a withdrawal is W alone, it reached no limit
            charge = snapshot.charges.get(name, 0)
            if was_gone and not charge:
                cells += ["", "", marks]
            else:
                involved = isinstance(event, Hand) or charge
                cells += [_signed(charge) if involved else "", str(snapshot.totals[name]), marks]
        if isinstance(event, Hand):
            if event.in_hand:
                note.append(gettext("in hand"))
            if match.game == Game.RAMINO and event.closing != "normal":
                note.append(closing_word(event.closing))
        elif isinstance(event, Reentry):
            fee = Decimal(str(match.rules.get("reentry_fee", "0")))
            note.append(
                gettext("re-entry %(fee)s") % {"fee": money(fee)} if fee else gettext("re-entry")
            )
        elif isinstance(event, Withdraw):
            note.append(gettext("stays out") if row.stays_out else gettext("withdrawal"))
        elif isinstance(event, TimeCall):
            note.append(gettext("time call"))
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells)))
        statuses = dict(snapshot.statuses)
        if snapshot.dealer:
            dealer = snapshot.dealer
    legend = [
        marks_legend(
            [
                ("±", gettext("what the event added to the total")),
                (dealer_mark, gettext("dealt")),
                (closer_mark, gettext("closed")),
                (in_hand_mark, gettext("chiusura in mano")),
                (not_opened_mark, gettext("had not opened")),
                (out_mark, pgettext("report legend", "out")),  # a noun: "sballo"
                (reentry_mark, gettext("re-entry")),
                (withdraw_mark, pgettext("report legend", "withdrew")),  # a noun: "ritiro"
                (stays_out_mark, gettext("stayed out after the bust")),
            ]
        )
    ]
    return ReportTable(columns, groups, rows, legend)


def _gin_table(
    match: Match,
    detail: MatchDetail,
    names: Sequence[str],
    parsed: dict[int, Event | None],
    notes: Notes,
    rules: RuleSet,
    *,
    show_authors: bool,
) -> ReportTable:
    knock_mark = pgettext("score sheet mark", "K")
    hollywood = match.rules["variant"] == "hollywood"
    oklahoma = match.rules["variant"] == "oklahoma"
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
    rows = []
    settled_before: set[int] = set()  # the games settled before this row
    for row in detail.rows:
        event = parsed.get(row.current.pk)
        refs = (
            notes.add(version_notes(row, parsed, names, show_authors=show_authors))
            if len(row.versions) > 1
            else ""
        )
        cells = [str(row.hand_number or "")]  # hands as players count them; others unnumbered
        note = []
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
            knocked = isinstance(event, GinHand) and event.knocker == name
            deadwood = event.deadwood.get(name, "") if isinstance(event, GinHand) else ""
            if struck:
                cells += [knock_mark if knocked else "", str(deadwood), "", ""]
            else:
                charge = snapshot.hand_charges.get(name, 0)  # a game's end bonuses: the notes
                cells += [
                    knock_mark if knocked else "",
                    str(deadwood),
                    _signed(charge) if charge else "",
                    str(snapshot.totals[name]),
                ]
            if not hollywood:
                boxes = scored.boxes if scored is not None and scored.box_to == name else 0
                cells.append(str(boxes) if boxes and not struck else "")
        if hollywood:
            for game in range(3):
                for name in names:
                    if struck or game >= len(snapshot.games):
                        cells.append("")
                        continue
                    state = snapshot.games[game]
                    scores = state.final_scores if state.final_scores is not None else state.scores
                    cells.append(str(scores[name]))
        if struck:
            note.append(gettext("void"))
        elif isinstance(event, Withdraw):
            note.append(withdrew_note(event.player, detail.genders.get(event.player, "")))
        elif snapshot is not None:
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
        if refs:
            note.append(refs)
        cells.append(" ".join(note))
        rows.append(Row(tuple(cells), struck=struck))
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
    return ReportTable(columns, groups, rows, legend)


def standings(match: Match, detail: MatchDetail, box: PageBox) -> GridPage:
    """The final ranking, or the standings so far (in play first, by total), as a small grid."""
    state = detail.state
    gin = match.game == Game.GIN
    if state.finished:
        ordered = state.ranking
    else:
        in_play = {Status.IN_PLAY, Status.ELIMINATED}
        if gin:
            ordered = sorted(state.players, key=lambda p: -p.total)
        else:
            ordered = sorted(state.players, key=lambda p: (p.status not in in_play, p.total))
    reentries = not gin and match.rules.get("reentry_allowed", False)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 14, "<", stretch=2),
        Column(gettext("Total"), 8),
    ]
    if gin:
        columns.append(Column(gettext("Hands won"), 11))
    elif reentries:
        columns.append(Column(gettext("Re-entries"), 11))
    columns.append(Column(gettext("Status"), 14, "<", stretch=1))
    rows = []
    genders = detail.genders
    for position, player in enumerate(ordered, start=1):
        status = status_label(player.status, genders.get(player.name, ""))
        if state.finished and player.status == Status.IN_PLAY:
            status = ""
        cells = [str(player.place if state.finished else position), player.name, str(player.total)]
        if gin:
            cells.append(str(player.hands_won))
        elif reentries:
            cells.append(str(player.reentries))
        cells.append(str(status))
        rows.append(Row(tuple(cells)))
    grid = Grid(
        columns,
        width=min(box.width, 130),
        font_size=REPORT_FONT,
        row_height=REPORT_ROW,
        rows=rows,
    )
    return grid.page(rows)


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


def pot_lines(detail: MatchDetail) -> list[str]:
    pot = detail.state.pot
    lines = []
    stakes = [entry for entry in pot.entries if str(entry.kind) == "stake"]
    if stakes:
        lines.append(stakes_line(len(stakes), stakes[0].amount))
    numbers = detail.replay.event_numbers
    for entry in pot.entries:
        if str(entry.kind) == "reentry_fee":
            hand = detail.hand_before(numbers[entry.event]) if entry.event is not None else 0
            lines.append(
                gettext("Re-entry fee of %(player)s (after hand %(hand)s): %(amount)s")
                % {"player": entry.player, "hand": hand or "—", "amount": money(entry.amount)}
            )
    return lines


def entry_line(match: Match, detail: MatchDetail, *, show_authors: bool) -> str:
    """Which seats' phones entered the result, and who confirmed it at a tournament table (its
    seat's phone; a user's name for the club's members only): "" when there is nothing to say."""
    phones: list[str] = []
    for row in detail.rows:
        for version in row.versions:
            if version.table_join is not None and version.table_join.label not in phones:
                phones.append(version.table_join.label)
    parts = [gettext("Entered by %(names)s") % {"names": ", ".join(phones)}] if phones else []
    table = getattr(match, "tournament_table", None)  # a higher app's table, if any
    if table is not None and table.is_confirmed_for(match):
        if table.confirmed_join is not None:
            parts.append(
                gettext("confirmed at the table by %(name)s") % {"name": table.confirmed_join.label}
            )
        elif show_authors and table.confirmed_by is not None:
            parts.append(gettext("confirmed by %(name)s") % {"name": user_name(table.confirmed_by)})
    return " · ".join(parts)


def match_report(
    match: Match,
    *,
    event: str = "",
    detail: MatchDetail | None = None,
    show_authors: bool,
) -> PdfDocument:
    """The filled report (referto) of `match`, in progress or finished.

    `detail` is the match as `selectors.match_detail` reads it (read here when not given). The
    notes of corrected and voided events say who recorded and changed them only when
    `show_authors`, which every caller must say: views pass `clubs.permissions.can_see_authors`
    (the club's members only)."""
    detail = detail or match_detail(match)
    seats = list(detail.seats)
    names = [seat.name for seat in seats]
    box = page_box(len(names))
    versions = [version for row in detail.rows for version in row.versions]
    parsed_list = parse_events(match, names, [version.data for version in versions])
    parsed = {version.pk: event for version, event in zip(versions, parsed_list, strict=True)}
    notes = Notes()
    if match.game == Game.GIN:
        rules = rules_from_dict(match.game, match.rules)
        table = _gin_table(match, detail, names, parsed, notes, rules, show_authors=show_authors)
    else:
        table = _penalty_table(match, detail, names, parsed, notes, show_authors=show_authors)
    grid = Grid(
        table.columns,
        table.groups,
        width=box.width,
        font_size=REPORT_FONT,
        row_height=REPORT_ROW,
        rows=table.rows,
    )
    kind = gettext("Match report")
    context = common_context(match, seats, kind, event)
    room = box.height - grid.head_height - 1.5 - SLACK
    head = head_height(box, context, qr=False)
    head += (9 + 7) * 1.25 * MM_PER_PT + 3  # the result line and the times line
    entry = entry_line(match, detail, show_authors=show_authors)
    if entry:
        head += 7 * 1.25 * MM_PER_PT
    pages = [
        grid.page(rows)
        for rows in grid.split(table.rows, first=room - head, other=room - CONTINUED)
        if rows
    ]
    ranking = standings(match, detail, box)
    threshold, threshold_label = chart_threshold(match.game, match.rules)
    chart = None
    if detail.state.history:
        chart = chart_block(
            print_chart(
                detail.state.history,
                names,
                char_width=MONO_ADVANCE,
                labels=detail.hand_labels(),
                threshold=threshold,
                threshold_label=threshold_label,
            ),
            box,
        )
    context.update(
        {
            "pages": pages,
            "legend": table.legend,
            "notes": notes.items,
            "result": result_line(match, detail),
            "entry": entry,
            "final": detail.state.finished,
            "ranking": ranking,
            "games": gin_games(detail, names, box) if match.game == Game.GIN else None,
            # each finished game's final scores in their parts, Hollywood's games won
            "score_parts": gin_final_lines(detail.state, names) if match.game == Game.GIN else [],
            "games_won": games_won_line(detail.state, names) if detail.state.finished else "",
            "pot": " · ".join(
                [
                    gettext("Pot: %(amount)s") % {"amount": money(detail.state.pot.total)},
                    *pot_lines(detail),
                ]
            ),
            "chart": chart,
            "times": " · ".join(
                [
                    gettext("Started %(when)s") % {"when": local_datetime(match.started_at)},
                    *(
                        [gettext("finished %(when)s") % {"when": local_datetime(match.finished_at)}]
                        if match.finished_at
                        else []
                    ),
                    gettext("printed %(when)s") % {"when": local_datetime(timezone.now())},
                ]
            ),
        }
    )
    html = render_to_string("pdf/match_report.html", context)
    return PdfDocument(html=html, title=context["title"], filename=f"tallone-{match.pk}-report.pdf")
