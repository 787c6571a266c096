"""A Burraco tournament's standings outside its page (BURRACO.md section 4), each from the
format's standings (`BurracoStandings`) as `pairings.burraco.shown` shows them, joined to the
tournaments' registries by `PairingsConfig.ready()` under the format's `standings_kind`:

- `write_burraco_standings`: the CSV (`tournaments.exports.STANDINGS_WRITERS`), the federation's
  columns: position, pair number, pair, players, VP, MP, turni played;
- `burraco_standings_list`: the standings PDF (`tournaments.printing.STANDINGS_LISTS`): place,
  pair, VP first (the wall version keeps those three), then MP, number, turni; its notes the
  chain, each tie it settled, the adjustments and the abandonments;
- `burraco_slides`: the projector (`tournaments.projector.SLIDE_MAKERS`): the standings, the
  current turno's seating (each table's NS pair then its EO pair) and its clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext

from base.printing import Column, Row
from pairings.burraco.selectors import (
    BurracoFacts,
    BurracoStandings,
    TurnoFacts,
    burraco_standings,
)
from pairings.burraco.shown import StandingsShown, numbered_line_label, standings_shown
from tournaments.models import Tournament
from tournaments.printing import StandingsList
from tournaments.projector import SLIDE_LABELS, Line, Slide, clock_slide

if TYPE_CHECKING:
    from tournaments.exports import SafeWriter


def _line_words(shown: StandingsShown) -> tuple[str, str]:
    """The column titles of a line's number and name: a pair's, or a player's."""
    if shown.individual:
        return gettext("Player number"), gettext("Player")
    return gettext("Pair number"), gettext("Pair")


# The CSV -----------------------------------------------------------------------------------------


def write_burraco_standings(standings: BurracoStandings, writer: SafeWriter) -> None:
    """A row a line by place; the players separated by "; "; MP signed (a number)."""
    shown = standings_shown(standings)
    number, name = _line_words(shown)
    writer.writerow(
        [
            gettext("Position"),
            number,
            name,
            gettext("Players"),
            gettext("VP"),
            gettext("MP"),
            gettext("Turni played"),
        ]
    )
    for row in shown.rows:
        players = "; ".join(row.players)
        writer.writerow([row.position, row.number, row.name, players, row.vp, row.mp, row.played])


# The PDF -----------------------------------------------------------------------------------------


def _settled_notes(shown: StandingsShown) -> list[str]:
    return [
        gettext("%(line)s: %(mark)s.")
        % {"line": f"{row.number} {row.name}", "mark": row.settled_mark}
        for row in shown.rows
        if row.settled_by
    ]


def burraco_standings_list(standings: BurracoStandings) -> StandingsList:
    """Place, name, VP (what the wall shows), MP, number, turni played and byes."""
    shown = standings_shown(standings)
    _number, name = _line_words(shown)
    columns = [
        Column(gettext("Place"), 7, rule="thick"),
        Column(name, 24, "<", stretch=1),
        Column(gettext("VP"), 6),
        Column(gettext("MP"), 8),
        Column(gettext("No."), 5),
        Column(gettext("Turni"), 7),
        *([Column(gettext("Byes"), 6)] if shown.any_byes else []),
    ]
    rows = [
        Row(
            (
                row.place_label if shown.turni_counted else "",
                row.name,
                str(row.vp),
                row.mp_text,
                str(row.number),
                str(row.played),
                *([str(row.byes)] if shown.any_byes else []),
            ),
            struck=row.dropped,
        )
        for row in shown.rows
    ]
    notes = [
        shown.order,
        shown.after + ".",
        *shown.groups_note,
        *_settled_notes(shown),
        *shown.actions,
    ]
    return columns, rows, notes


# The projector -----------------------------------------------------------------------------------


def _team_seating(facts: BurracoFacts, turno: TurnoFacts) -> list[Line]:
    """A team turno's tables: at each, the NS and EO teams' pairs by their players."""
    return [
        Line(
            name=f"{facts.name(team)}: {facts.players_name(pair)}",
            lead=str(table.number),
            values=(side,),
        )
        for table in turno.physical_tables()
        for side, team, pair in (("NS", table.ns_team, table.ns), ("EO", table.eo_team, table.eo))
    ]


def _seating(shown: StandingsShown, standings: BurracoStandings) -> Slide:
    lines: list[Line] = []
    subtitle = ""
    if shown.turni:
        turno = shown.turni[-1]
        subtitle = gettext("Turno %(number)s") % {"number": turno.number}
        facts = standings.facts
        if facts.turni[-1].team_match:  # each team's pair at its table
            lines += _team_seating(facts, facts.turni[-1])
        for table in () if facts.turni[-1].team_match else turno.tables:
            lines.append(Line(name=table.ns, lead=table.where, values=("NS",)))
            lines.append(Line(name=table.eo, lead=table.where, values=("EO",)))
        seating = facts.turni[-1].seating
        lines += [
            Line(name=numbered_line_label(facts, (bye,)), values=(gettext("bye"),))
            for bye in seating.byes
        ]
    return Slide(
        key="seating",
        title=str(SLIDE_LABELS["seating"]),
        subtitle=subtitle,
        head=(
            gettext("Table"),
            gettext("Players") if shown.individual else gettext("Pair"),
            gettext("Line"),
        ),
        lines=tuple(lines),
        empty=gettext("No turno seated yet."),
    )


def burraco_slides(tournament: Tournament) -> dict[str, Slide]:
    standings = burraco_standings(tournament)
    shown = standings_shown(standings)
    _number, name = _line_words(shown)
    ranking = Slide(
        key="standings",
        title=str(SLIDE_LABELS["standings"]),
        subtitle=shown.after,
        head=("#", name, gettext("VP"), gettext("MP")),
        lines=tuple(
            Line(
                name=row.name,
                # no place before any result: everyone would be "=1"
                lead=row.place_label if shown.turni_counted else "",
                values=(str(row.vp), row.mp_text),
                dim=row.dropped,
            )
            for row in shown.rows
        ),
        empty=gettext("No pairs entered yet."),
    )
    current = standings.facts.turni[-1] if standings.facts.turni else None
    return {
        "standings": ranking,
        "seating": _seating(shown, standings),
        "clock": clock_slide(
            tournament,
            current.round if current else None,
            complete=current is not None and current.complete,
        ),
    }
