"""The filled report (referto) of a match: `match_report(match, show_authors=...)`, every event
in a grid (corrections and voids as numbered notes), the standings, the Gin games, the pot and the
chart of the totals (`charts.print_chart`, text kept out of its SVG: WeasyPrint lays out SVG text
letter by letter)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

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
    Status,
)
from scoring.engine.document import parse_document
from scoring.games import game_of
from scoring.models import Match
from scoring.presenters import (
    countersigned_slip,
    describe_changes,
    games_won_line,
    money,
    result_line,
    row_title,
    stakes_line,
    status_label,
)
from scoring.printing.page import (
    chart_block,
    common_context,
    head_height,
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


def event_refs(
    row: EventRow,
    parsed: dict[int, Event | None],
    names: Sequence[str],
    notes: Notes,
    *,
    show_authors: bool,
) -> str:
    """The reference of a corrected or voided event's footnote ("[2]"), "" for one never changed."""
    if len(row.versions) <= 1:
        return ""
    return notes.add(version_notes(row, parsed, names, show_authors=show_authors))


def standings(match: Match, detail: MatchDetail, box: PageBox) -> GridPage:
    """The final ranking, or the standings so far (in play first, by total), as a small grid."""
    state = detail.state
    game = game_of(match)
    gin = game.counts_hands_won
    if state.finished:
        ordered = state.ranking
    else:
        in_play = {Status.IN_PLAY, Status.ELIMINATED}
        if game.high_total_leads:
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
    game = game_of(match)
    table = game.report_table(match, detail, names, parsed, notes, show_authors=show_authors)
    context = common_context(match, seats, gettext("Match report"), event)
    entry = entry_line(match, detail, show_authors=show_authors)
    context.update(
        {
            "pages": _report_pages(table, box, context, has_entry=bool(entry)),
            "legend": table.legend,
            "notes": notes.items,
            "result": result_line(match, detail),
            "entry": entry,
            "final": detail.state.finished,
            "ranking": standings(match, detail, box),
            # Gin: each game's scores, each finished game's final scores in their parts
            **game.report_context(detail, names, box),
            "games_won": games_won_line(detail.state, names) if detail.state.finished else "",
            "pot": " · ".join(
                [
                    gettext("Pot: %(amount)s") % {"amount": money(detail.state.pot.total)},
                    *pot_lines(detail),
                ]
            ),
            "chart": _report_chart(match, detail, names, box),
            "times": _times_line(match),
            "countersigned": countersigned_slip(match),  # a club night's, by the other line
        }
    )
    html = render_to_string("pdf/match_report.html", context)
    return PdfDocument(html=html, title=context["title"], filename=f"tallone-{match.pk}-report.pdf")


def _report_pages(
    table: ReportTable, box: PageBox, context: dict, *, has_entry: bool
) -> list[GridPage]:
    """The table of events, page by page, under the report's head."""
    grid = Grid(
        table.columns,
        table.groups,
        width=box.width,
        font_size=REPORT_FONT,
        row_height=REPORT_ROW,
        rows=table.rows,
    )
    room = box.height - grid.head_height - 1.5 - SLACK
    head = head_height(box, context, qr=False)
    head += (9 + 7) * 1.25 * MM_PER_PT + 3  # the result line and the times line
    if has_entry:
        head += 7 * 1.25 * MM_PER_PT
    return [
        grid.page(rows)
        for rows in grid.split(table.rows, first=room - head, other=room - CONTINUED)
        if rows
    ]


def _report_chart(match: Match, detail: MatchDetail, names: Sequence[str], box: PageBox):
    """The chart of the totals, with the game's line (none before the first event)."""
    if not detail.state.history:
        return None
    threshold, threshold_label = chart_threshold(match.game, match.rules)
    return chart_block(
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


def _times_line(match: Match) -> str:
    return " · ".join(
        [
            gettext("Started %(when)s") % {"when": local_datetime(match.started_at)},
            *(
                [gettext("finished %(when)s") % {"when": local_datetime(match.finished_at)}]
                if match.finished_at
                else []
            ),
            gettext("printed %(when)s") % {"when": local_datetime(timezone.now())},
        ]
    )
