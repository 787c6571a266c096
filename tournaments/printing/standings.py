"""The lists of a tournament, as monospace grids (`scoring.printing.Grid`, one SVG and three
blocks of text a page).

- `standings_document(tournament)`: the standings, listed the way the format shows them
  (`STANDINGS_LISTS`: table formats by placement points and tie-breaks here; the Gin formats'
  lists are `pairings.printing`'s).
- `results_document(tournament)`: the final ranking with the payouts and the pot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext

from base.printing import PORTRAIT, Column, Grid, GridPage, PageBox, PdfDocument, Row
from scoring.printing import money
from tournaments import selectors
from tournaments.formats import format_of
from tournaments.models import Tournament
from tournaments.money import Ledger
from tournaments.money import ledger as money_ledger
from tournaments.presenters import entry_fees_line, number, tie_break_label, tie_breaks_note
from tournaments.printing.common import (
    HEAD,
    LIST_FONT,
    LIST_ROW,
    WALL_FONT,
    WALL_HEAD,
    WALL_PAPERS,
    WALL_ROW,
    WALL_SCALE,
    amount,
    grid_pages,
    tournament_context,
)

# Standings ---------------------------------------------------------------------------------------


def list_grid(columns: Sequence[Column], box: PageBox = PORTRAIT) -> Grid:
    return Grid(columns, width=box.width, font_size=LIST_FONT, row_height=LIST_ROW)


StandingsList = tuple[list[Column], list[Row], list[str]]  # columns, a row a player, notes


def table_standings_list(standings: selectors.TableStandings) -> StandingsList:
    """A table tournament's standings: placement points and tie-breaks."""
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=1),
        Column(gettext("Points"), 8),
        Column(gettext("Wins"), 6),
        Column(gettext("Opp. avg"), 10),
        Column(gettext("Penalty"), 9),
        Column(gettext("Tables"), 8),
    ]
    rows = [
        Row(
            (
                str(row.place),
                row.entry.player.name,
                number(row.points),
                str(row.wins),
                number(row.opponents),
                str(row.penalty),
                str(row.tables),
            )
        )
        for row in standings.rows
    ]
    notes = [
        gettext("Rounds counted: %(count)s.") % {"count": standings.rounds_counted},
        tie_breaks_note(tie_break_label(key) for key in standings.tie_breaks),
        gettext(
            "Opp. avg: the average tournament points of the players met. Penalty: the points "
            "of all matches, fewer first. Players on the same place share it."
        ),
    ]
    return columns, rows, notes


# How each way of showing standings (`TournamentFormat.standings_kind`) is listed; the Gin
# formats' are added by `PairingsConfig.ready()`.
# Each takes its own kind's standings (`TournamentFormat.standings`), hence Any.
STANDINGS_LISTS: dict[str, Callable[[Any], StandingsList]] = {"table": table_standings_list}


def standings_document(
    tournament: Tournament, *, wall: bool = False, paper: str = "a4"
) -> PdfDocument:
    """The standings of `tournament` as they are now, a row a player. The wall version
    (`wall`, on A4 or A3 `paper`, portrait) shows the first three columns (place, player,
    points; a bracket's seed) in type of at least `WALL_FONT` pt (A4; larger on A3)."""
    kind = format_of(tournament)
    columns, rows, notes = STANDINGS_LISTS[kind.standings_kind](kind.standings(tournament))
    title = gettext("Standings")
    filename = f"tallone-tournament-{tournament.pk}-standings.pdf"
    if not wall:
        context = tournament_context(tournament, title)
        context.update(
            {
                "notes": notes,
                "pages": grid_pages(list_grid(columns), rows, PORTRAIT, HEAD + 5),
            }
        )
        return PdfDocument(
            html=render_to_string("pdf/tournament_list.html", context),
            title=context["title"],
            filename=filename,
        )
    size, box = WALL_PAPERS[paper]
    scale = WALL_SCALE[paper]
    context = tournament_context(tournament, title, box=box, paper=size, wall=scale)
    wall_rows = [Row(row.cells[:3], struck=row.struck, rule=row.rule) for row in rows]
    grid = Grid(
        columns[:3],
        width=box.width,
        font_size=WALL_FONT * 1.25 * scale,
        min_font=WALL_FONT * scale,
        row_height=WALL_ROW * scale,
    )
    head = scale * (WALL_HEAD + 6 * len(notes[:1]))
    context.update({"notes": notes[:1], "pages": grid_pages(grid, wall_rows, box, head)})
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=filename.replace("-standings", "-standings-wall"),
    )


# Final results -----------------------------------------------------------------------------------


def results_document(tournament: Tournament) -> PdfDocument:
    """The final ranking with each player's (or pair's) payout, and the pot: entry fees,
    re-entry fees, the house cut and the prizes. Printed before the end, it says the ranking is
    provisional; the format's notice on cash prizes comes with the payouts."""
    view = selectors.tournament_view(tournament)
    ledger = money_ledger(tournament, view)
    kind = gettext("Final results")
    context = tournament_context(tournament, kind)
    notes = []
    if tournament.status != "finished":
        notes.append(gettext("The tournament is not over: this ranking is provisional."))
    if ledger.amounts:
        notes.append(
            gettext("Payouts by place: %(list)s.")
            % {
                "list": ", ".join(
                    f"{place}. {money(value)}" for place, value in enumerate(ledger.amounts, 1)
                )
            }
        )
    head = HEAD + 5 * len(notes)
    if ledger.notice:
        notes.append(str(ledger.notice))
        head += 10  # two lines of a portrait page
    context.update(
        {
            "notes": notes,
            "pages": _payout_pages(ledger, head),
            "pot": _pot_page(tournament, ledger),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-results.pdf",
    )


def _payout_pages(ledger: Ledger, head: float) -> list[GridPage]:
    """The ranking, each place with its payee (a player, a pair), its stage (where a format has
    stages) and payout."""
    ranking = ledger.ranking
    stages = any(row.stage for row in ranking)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(str(ledger.payees.column), 20, "<", stretch=2),
        *([Column(gettext("Stage"), 16, "<", stretch=1)] if stages else []),
        Column(gettext("Payout (€)"), 12),
    ]
    rows = []
    for row in ranking:
        paid = ledger.paid.get(row.entry.pk)
        cells = [str(row.place), ledger.payees.names[row.entry.pk]]
        if stages:
            cells.append(row.stage)
        cells.append(amount(paid) if paid else "")
        rows.append(Row(tuple(cells)))
    return grid_pages(list_grid(columns), rows, PORTRAIT, head)


def _pot_page(tournament: Tournament, ledger: Ledger) -> GridPage:
    """The pot: fees collected, the house cut, the prizes."""
    pot = ledger.pot
    fee_line = entry_fees_line(ledger.paying_entries, tournament.entry_fee)
    house_line = gettext("House cut (%(percent)s%%)") % {
        "percent": number(Fraction(tournament.house_cut_percent))
    }
    pot_rows = [
        Row((fee_line, amount(pot.entry_fees))),
        Row((gettext("Re-entry fees"), amount(pot.reentry_fees))),
        Row((gettext("Total collected"), amount(pot.gross)), rule=True),
        Row((house_line, "-" + amount(pot.house))),
        Row((gettext("Prizes"), amount(pot.prizes))),
    ]
    pot_grid = Grid(
        [Column("", 34, "<", stretch=1, rule="thick"), Column(gettext("€"), 12)],
        width=110,
        font_size=LIST_FONT,
        row_height=LIST_ROW,
        rows=pot_rows,
    )
    return pot_grid.page(pot_rows)
