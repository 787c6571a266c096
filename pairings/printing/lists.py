"""The Gin formats' lists, as monospace grids (`tournaments.printing`'s, one SVG and three blocks
of text a page):

- `pairing_standings_list(standings)`, `bracket_standings_list(standings)`: the standings of a
  Swiss or round robin (match points and tie-breaks) and of a bracket (places), for the
  tournament's standings PDF (`tournaments.printing.STANDINGS_LISTS`, added by
  `PairingsConfig.ready()`);
- `pairings_document(round)`: a round of a Swiss or round robin: tables, who deals first, results.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext

from base.printing import PORTRAIT, Column, PdfDocument, Row
from pairings import presenters as words
from pairings.engine.standings import TieBreak
from pairings.selectors.rounds import pairing_rounds
from pairings.selectors.standings import GinStandings
from tournaments.models import Round
from tournaments.presenters import number, round_title, tie_breaks_note
from tournaments.printing import (
    HEAD,
    StandingsList,
    grid_pages,
    list_grid,
    tournament_context,
)

# Standings ---------------------------------------------------------------------------------------


def bracket_standings_list(standings: GinStandings) -> StandingsList:
    """A bracket's standings: the places given as players go out."""
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


def pairing_standings_list(standings: GinStandings) -> StandingsList:
    """A Swiss's or round robin's standings: match points and tie-breaks; head to head last,
    as the standings page shows it, when the tournament counts it."""
    head_to_head = TieBreak.HEAD_TO_HEAD in standings.tie_breaks
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
    if head_to_head:
        columns.append(Column(words.tie_break_column(TieBreak.HEAD_TO_HEAD), 8))
    rows = []
    for row in standings.rows:
        standing = row.standing
        cells = [
            str(standing.place),
            row.entry.player.name,
            number(standing.points),
            f"{standing.wins}-{standing.draws}-{standing.losses}",
            str(standing.byes),
            number(standing.buchholz),
            number(standing.median_buchholz),
            str(standing.net),
        ]
        if head_to_head:
            cells.append(words.tie_break_value(standing.head_to_head))
        rows.append(Row(tuple(cells)))
    notes = [
        gettext("Rounds counted: %(count)s.") % {"count": standings.rounds_counted},
        tie_breaks_note(words.tie_break_label(key) for key in standings.tie_breaks),
        gettext("Points: a win or a bye 1, a draw 0.5. Players on the same place share it."),
    ]
    return columns, rows, notes


# Rounds of pairings (Swiss, round robin) ---------------------------------------------------------


def pairings_document(round: Round) -> PdfDocument:
    """A round of pairings: each table with who deals first and their opponent, the match
    totals and the result as it counts; the bye of the round."""
    tournament = round.tournament
    pairing_round = next((r for r in pairing_rounds(tournament) if r.round.pk == round.pk), None)
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
                        words.pairing_result_short(pairing),
                    )
                )
            )
        byes = [entry.player.name for entry in pairing_round.byes]
    kind = gettext("Pairings")
    context = tournament_context(tournament, kind)
    notes = [gettext("The first player of a table deals the first hand.")]
    if byes:
        notes.append(words.byes_note(byes))
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
