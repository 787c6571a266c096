"""The lists of a tournament, as monospace grids (`scoring.printing.Grid`, one SVG and three
blocks of text a page).

- `standings_document(tournament)`: the standings (table formats: placement points and
  tie-breaks; Swiss and round robin: match points and tie-breaks; brackets: places).
- `results_document(tournament)`: the final ranking with the payouts and the pot.
- `pairings_document(round)`: a round of a Swiss or round robin: tables, who deals first, results.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils.translation import gettext

from scoring.printing import (
    PORTRAIT,
    Column,
    Grid,
    PageBox,
    PdfDocument,
    Row,
    money,
)
from tournaments import pairing_selectors, selectors
from tournaments.formats import format_of
from tournaments.models import Round, Tournament
from tournaments.money import ledger as money_ledger
from tournaments.printing.common import (
    HEAD,
    LIST_FONT,
    LIST_ROW,
    TIE_BREAK_LABELS,
    amount,
    grid_pages,
    number,
    round_title,
    tournament_context,
)

# Standings ---------------------------------------------------------------------------------------


def list_grid(columns: Sequence[Column], box: PageBox = PORTRAIT) -> Grid:
    return Grid(columns, width=box.width, font_size=LIST_FONT, row_height=LIST_ROW)


def _table_standings(tournament: Tournament) -> tuple[list[Column], list[Row], list[str]]:
    standings = selectors.table_standings(tournament)
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
        gettext("Tie-breaks, in order: %(list)s.")
        % {"list": ", ".join(str(TIE_BREAK_LABELS.get(t, t)) for t in standings.tie_breaks)},
        gettext(
            "Opp. avg: the average tournament points of the players met. Penalty: the points "
            "of all matches, fewer first. Players on the same place share it."
        ),
    ]
    return columns, rows, notes


def _gin_standings(tournament: Tournament) -> tuple[list[Column], list[Row], list[str]]:
    standings = format_of(tournament).standings(tournament)
    if standings.kind == "bracket":
        columns = [
            Column(gettext("Place"), 8, rule="thick"),
            Column(gettext("Player"), 20, "<", stretch=1),
            Column(gettext("Seed"), 6),
        ]
        rows = [
            Row(
                (
                    row.place_label or "—",
                    row.entry.player.name,
                    str(row.standing.seed),
                )
            )
            for row in standings.rows
        ]
        notes = [
            gettext(
                "Players still in the bracket are listed first, without a place; players out "
                "in the same round share their places (5-8)."
            )
        ]
        return columns, rows, notes
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=1),
        Column(gettext("Points"), 8),
        Column(gettext("W-D-L"), 9),
        Column(gettext("Byes"), 6),
        Column(gettext("Buchholz"), 10),
        Column(gettext("Median"), 8),
        Column(gettext("Net"), 7),
    ]
    rows = []
    for row in standings.rows:
        standing = row.standing
        rows.append(
            Row(
                (
                    str(standing.place),
                    row.entry.player.name,
                    number(standing.points),
                    f"{standing.wins}-{standing.draws}-{standing.losses}",
                    str(standing.byes),
                    number(standing.buchholz),
                    number(standing.median_buchholz),
                    str(standing.net),
                )
            )
        )
    notes = [
        gettext("Rounds counted: %(count)s.") % {"count": standings.rounds_counted},
        gettext("Tie-breaks, in order: %(list)s.")
        % {"list": ", ".join(str(TIE_BREAK_LABELS.get(t, t)) for t in standings.tie_breaks)},
        gettext("Points: a win or a bye 1, a draw 0.5. Players on the same place share it."),
    ]
    return columns, rows, notes


def standings_document(tournament: Tournament) -> PdfDocument:
    """The standings of `tournament` as they are now, a row a player."""
    if format_of(tournament).uses_tables:
        columns, rows, notes = _table_standings(tournament)
    else:
        columns, rows, notes = _gin_standings(tournament)
    kind = gettext("Standings")
    context = tournament_context(tournament, kind)
    context.update(
        {
            "notes": notes,
            "pages": grid_pages(list_grid(columns), rows, PORTRAIT, HEAD + 5),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-standings.pdf",
    )


# Final results -----------------------------------------------------------------------------------


def results_document(tournament: Tournament) -> PdfDocument:
    """The final ranking with each player's payout, and the pot: entry fees, re-entry fees,
    the house cut and the prizes. Printed before the end, it says the ranking is provisional."""
    view = selectors.tournament_view(tournament)
    ledger = money_ledger(tournament, view)
    ranking = ledger.ranking
    stages = any(row.stage for row in ranking)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(gettext("Player"), 20, "<", stretch=2),
        *([Column(gettext("Stage"), 16, "<", stretch=1)] if stages else []),
        Column(gettext("Payout (€)"), 12),
    ]
    rows = []
    for row in ranking:
        paid = ledger.paid.get(row.entry.pk)
        cells = [str(row.place), row.entry.player.name]
        if stages:
            cells.append(row.stage)
        cells.append(amount(paid) if paid else "")
        rows.append(Row(tuple(cells)))
    pot = ledger.pot
    fee_line = gettext("Entry fees (%(count)s x %(fee)s)") % {
        "count": ledger.paying_entries,
        "fee": money(tournament.entry_fee),
    }
    house_line = gettext("House cut (%(percent)s%%)") % {
        "percent": number(Fraction(tournament.house_cut_percent))
    }
    pot_grid = Grid(
        [Column("", 34, "<", stretch=1, rule="thick"), Column(gettext("€"), 12)],
        width=110,
        font_size=LIST_FONT,
        row_height=LIST_ROW,
    )
    pot_rows = [
        Row((fee_line, amount(pot.entry_fees))),
        Row((gettext("Re-entry fees"), amount(pot.reentry_fees))),
        Row((gettext("Total collected"), amount(pot.gross)), rule=True),
        Row((house_line, "-" + amount(pot.house))),
        Row((gettext("Prizes"), amount(pot.prizes))),
    ]
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
    context.update(
        {
            "notes": notes,
            "pages": grid_pages(list_grid(columns), rows, PORTRAIT, HEAD + 5 * len(notes)),
            "pot": pot_grid.page(pot_rows),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-results.pdf",
    )


# Rounds of pairings (Swiss, round robin) ---------------------------------------------------------


def pairings_document(round: Round) -> PdfDocument:
    """A round of pairings: each table with who deals first and their opponent, the match
    totals and the result as it counts; the bye of the round."""
    tournament = round.tournament
    pairing_round = next(
        (r for r in pairing_selectors.pairing_rounds(tournament) if r.round.pk == round.pk), None
    )
    columns = [
        Column(gettext("Table"), 7, rule="thick"),
        Column(gettext("First (deals)"), 18, "<", stretch=2),
        Column(gettext("Second"), 18, "<", stretch=2),
        Column(gettext("Totals"), 11, "^"),
        Column(gettext("Result"), 16, "<", stretch=1),
    ]
    rows = []
    byes = []
    if pairing_round is not None:
        for pairing in pairing_round.pairings:
            first = pairing.first.player.name
            second = pairing.second.player.name if pairing.second else "—"
            scores = pairing.scores
            totals = "" if scores[0] is None else f"{scores[0]} - {scores[1] or 0}"
            rows.append(
                Row(
                    (
                        str(pairing.table.number),
                        first,
                        second,
                        totals,
                        _pairing_result(pairing),
                    )
                )
            )
        byes = [entry.player.name for entry in pairing_round.byes]
    kind = gettext("Pairings")
    context = tournament_context(tournament, kind)
    notes = [gettext("The first player of a table deals the first hand.")]
    if byes:
        notes.append(gettext("Bye (a point, no match): %(names)s.") % {"names": ", ".join(byes)})
    context.update(
        {
            "heading": f"{kind} · {round_title(round)}",
            "notes": notes,
            "pages": grid_pages(list_grid(columns), rows, PORTRAIT, HEAD + 5 * len(notes)),
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=f"tallone-tournament-{tournament.pk}-round-{round.number}-pairings.pdf",
    )


def _pairing_result(pairing) -> str:
    result = pairing.result
    if result is None:
        return {
            "awaiting_confirmation": gettext("to confirm"),
            "playing": gettext("playing"),
            "no_winner": gettext("no winner yet"),
        }.get(pairing.status, "")
    if result.winner is None:
        return gettext("draw")
    winner = pairing.first if result.winner == pairing.first.pk else pairing.second
    if result.walkover:
        return gettext("%(name)s (walkover)") % {"name": winner.player.name}
    return gettext("%(name)s +%(net)s") % {"name": winner.player.name, "net": result.net}
