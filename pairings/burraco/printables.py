"""The printables of a Burraco tournament (BURRACO.md section 5), PDF documents for
`base.printing.render_pdf`, on `tournaments.printing` (the heading, the pages of a list):

- `slips_document(round, request=...)`: a turno's score slips, a page per table: the tournament,
  the turno, the table, both lines (pair number and names), the table's QR code and code, a row
  per hand (NS base | carte | total, EO base | carte | total, the game's own slip grid), the
  turno totals, D, MP and VP to fill, the turno's VP table (Art. 17 prints it on the sheet) and
  the signatures;
- `movement_card_document(tournament)`: the Mitchell movement card, where each pair sits in
  each Mitchell turno (NS pairs stay, EO pairs move), from the engine's plan;
- `seating_document(round)`: a turno's seating in large type (tables, NS and EO lines, byes),
  then where each line sits, by number.

A line is a pair (its number and names) or, in an individual event, two players (each with his
number): `printed_line_label`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext, pgettext

from base.printing import (
    LANDSCAPE,
    PORTRAIT,
    Column,
    Grid,
    GridPage,
    Group,
    PdfDocument,
    Row,
)
from pairings.burraco.selectors import BurracoFacts, PhysicalTable, TurnoFacts, burraco_facts
from pairings.engine.brackets import PlayerId
from pairings.engine.burraco import movements
from pairings.engine.burraco.movements import Line, MitchellPlan
from pairings.engine.burraco.vp_tables import VpTable
from pairings.engine.errors import TournamentError
from scoring.games import game_named
from scoring.models import TableCode
from scoring.printing import Signatures, qr_code, signatures
from scoring.table_codes import code_key
from tournaments.errors import TournamentActionError
from tournaments.models import Round, Tournament
from tournaments.printing import HEAD, grid_pages, tournament_context

MITCHELL = "mitchell"

# Words ---------------------------------------------------------------------------------------


def turno_label(number: int) -> str:
    return gettext("Turno %(number)s") % {"number": number}


def table_label(number: int) -> str:
    return gettext("Table %(number)s") % {"number": number}


def pair_label(number: int) -> str:
    return gettext("Pair %(number)s") % {"number": number}


def printed_line_label(facts: BurracoFacts, line: Line) -> str:
    """ "Pair 7 · Anna Rossi / Bruno Bianchi", or in an individual event "Anna Rossi (3) /
    Bruno Bianchi (7)" (each player's number)."""
    ids = [int(member) for member in line]
    if facts.individual:
        return " / ".join(f"{facts.name(member)} ({facts.number(member)})" for member in ids)
    return " · ".join(
        f"{pair_label(facts.number(member))} · {facts.name(member)}" for member in ids
    )


def band_range(low: int, high: int | None) -> str:
    """A band of the VP table as its differences: "505-650", or "1505 or more" (the last)."""
    if high is None:
        return gettext("%(low)s or more") % {"low": low}
    return f"{low}-{high}"


def vp_rows(table: VpTable) -> list[Row]:
    """The VP table, a row a band: the differences, then winner-loser VP ("15-5")."""
    return [
        Row((band_range(band.low, band.high), f"{band.winner}-{band.loser}"))
        for band in table.bands
    ]


def _turno_of(facts: BurracoFacts, round: Round) -> TurnoFacts:
    turno = next((turno for turno in facts.turni if turno.round.pk == round.pk), None)
    if turno is None:
        raise TournamentActionError(gettext("This round is not a turno."), field="round")
    return turno


def _filename(tournament: Tournament, kind: str) -> str:
    return f"tallone-tournament-{tournament.pk}-{kind}.pdf"


# The score slips -----------------------------------------------------------------------------

SLIP_FONT = 10.0  # pt: the grid of the hands
SLIP_ROW = 9.0  # mm: room to write a hand's figures by hand
SIDE_FONT = 9.0  # pt: the result and the VP table, side by side under the hands
SIDE_ROW = 5.5  # mm
SIDE_GAP = 6.0  # mm between them


@dataclass(frozen=True)
class Slip:
    """A page: table `number`, its lines, its code and QR code, its grids and signatures."""

    number: int
    heading: str
    ns: str
    eo: str
    code: str
    qr: str
    hands: GridPage
    result: GridPage
    vp: GridPage
    signatures: Signatures


def _codes(turno: TurnoFacts) -> dict[int, str]:
    """The current code of each table's match, by match id (one query)."""
    matches = [table.match_id for table in turno.tables.values() if table.match_id]
    return dict(
        TableCode.objects.filter(match__in=matches, is_current=True).values_list("match", "code")
    )


def _join_url(request, code: str, fallback: str) -> str:
    """The address the QR code carries: the join page with the code and its key (whoever holds
    the slip enters the table's hands), or the match page when the table has no code."""
    if not code:
        return request.build_absolute_uri(fallback)
    return request.build_absolute_uri(
        reverse("scoring:join-code", args=[code]) + "?" + urlencode({"k": code_key(code)})
    )


@dataclass(frozen=True)
class Sides:
    """A table's NS and EO as a slip prints them: in full, short (over the columns), and the
    four players in seat order (NS sits 1 and 3, EO 2 and 4)."""

    ns: str
    eo: str
    short: dict[str, str]
    names: list[str]


def _sides(facts: BurracoFacts, turno: TurnoFacts, seated: PhysicalTable) -> Sides:
    """The lines at a table, or at a team match's table each team's pair with its team."""
    if not turno.team_match:
        ns, eo = seated.ns, seated.eo
        return Sides(
            printed_line_label(facts, ns),
            printed_line_label(facts, eo),
            {"NS": _short_line(facts, ns), "EO": _short_line(facts, eo)},
            _seat_names(facts, ns, eo),
        )
    teams = {"NS": seated.ns_team, "EO": seated.eo_team}
    full = {
        side: f"{facts.number(team)}. {facts.name(team)} · "
        f"{facts.players_name(seated.ns if side == 'NS' else seated.eo)}"
        for side, team in teams.items()
    }
    players = [[facts.entries[e].player.name for e in pair] for pair in (seated.ns, seated.eo)]
    return Sides(
        full["NS"],
        full["EO"],
        {side: facts.name(team) for side, team in teams.items()},
        [players[0][0], players[1][0], players[0][1], players[1][1]],
    )


def _hands_grid(facts: BurracoFacts, sides: Sides, hands: int) -> GridPage:
    """The game's slip grid (a row per hand, base, carte and total of each line), headed by the
    two lines, with the turno totals under the hands."""
    tournament = facts.tournament
    columns, groups, blank, _legend = game_named(tournament.game).sheet_grid(
        tournament.rules, sides.names, ""
    )
    labels = sides.short
    groups = [
        replace(group, label=f"{side} · {labels[side]}", mark="")
        for group, side in zip(groups, ("NS", "EO"), strict=False)
    ]
    rows = [Row((str(number), *blank[1:])) for number in range(1, hands + 1)]
    rows.append(Row((gettext("Totals"), *blank[1:])))
    width = PORTRAIT.width
    grid = Grid(columns, groups, width=width, font_size=SLIP_FONT, row_height=SLIP_ROW, rows=rows)
    return grid.page(rows)


def _seat_names(facts: BurracoFacts, ns: Line, eo: Line) -> list[str]:
    """The four players in seat order: NS sits 1 and 3, EO 2 and 4."""
    north_south = [entry.player.name for member in ns for entry in facts.members(int(member))]
    east_west = [entry.player.name for member in eo for entry in facts.members(int(member))]
    return [north_south[0], east_west[0], north_south[1], east_west[1]]


def _short_line(facts: BurracoFacts, line: Line) -> str:
    """A line over the slip's columns: "Pair 7", or the players' numbers "3 + 7"."""
    if facts.individual:
        return " + ".join(str(facts.number(int(member))) for member in line)
    return pair_label(facts.number(int(line[0])))


def _result_grid() -> GridPage:
    """What the table fills at the end of the turno, per line: total, D, MP, VP."""
    width = (PORTRAIT.width - SIDE_GAP) * 0.5
    columns = [
        Column("", 14, "<", stretch=2, rule="thick"),
        Column("NS", 8, stretch=1, rule="thick"),
        Column("EO", 8, stretch=1),
    ]
    rows = [
        Row((gettext("Turno total"), "", "")),
        Row((gettext("D (difference)"), "", "")),
        Row((gettext("MP (±D)"), "", "")),
        Row((gettext("VP"), "", "")),
    ]
    grid = Grid(columns, width=width, font_size=SIDE_FONT, row_height=SLIP_ROW, rows=rows)
    return grid.page(rows)


def _vp_grid(table: VpTable) -> GridPage:
    width = (PORTRAIT.width - SIDE_GAP) * 0.5
    columns = [
        Column(gettext("D"), 12, stretch=1, rule="thick"),
        Column(gettext("VP (winner-loser)"), 10, "^", stretch=1),
    ]
    rows = vp_rows(table)
    grid = Grid(columns, width=width, font_size=SIDE_FONT, row_height=SIDE_ROW, rows=rows)
    return grid.page(rows)


def _slip(
    facts: BurracoFacts,
    turno: TurnoFacts,
    table: PhysicalTable,
    code: str,
    *,
    request,
    shared: dict[str, GridPage],
) -> Slip:
    """Table `table`'s page: its heading, lines, QR code and code, grids and signatures;
    `shared` holds the grids every page prints alike (the result, the VP table)."""
    row = turno.tables.get(table.number)
    fallback = (
        reverse("scoring:match", args=[row.match_id])
        if row is not None and row.match_id
        else facts.tournament.get_absolute_url()
    )
    sides = _sides(facts, turno, table)
    return Slip(
        number=table.number,
        heading=" · ".join(
            [gettext("Score slip"), turno_label(turno.number), table_label(table.number)]
        ),
        ns=sides.ns,
        eo=sides.eo,
        code=code,
        qr=qr_code(_join_url(request, code, fallback)),
        hands=_hands_grid(facts, sides, turno.vp_table.hands),
        result=shared["result"],
        vp=shared["vp"],
        signatures=signatures(
            [*sides.names, gettext("Tournament director")], PORTRAIT, font_size=7.5
        ),
    )


def slips_document(round: Round, *, request) -> PdfDocument:
    """A turno's score slips, a page per table in table order (see the module docstring); the QR
    code carries the table's code and its key: for the club's directors only (the view)."""
    tournament = round.tournament
    facts = burraco_facts(tournament)
    turno = _turno_of(facts, round)
    codes = _codes(turno)
    shared = {"result": _result_grid(), "vp": _vp_grid(turno.vp_table)}
    slips = []
    for table in turno.physical_tables():  # a team match: a page for each of its two tables
        row = turno.tables.get(table.number)
        code = codes.get(row.match_id, "") if row is not None and row.match_id else ""
        slips.append(_slip(facts, turno, table, code, request=request, shared=shared))
    kind = gettext("Score slip")
    context = tournament_context(tournament, kind)
    _columns, _groups, _blank, legend = game_named(tournament.game).sheet_grid(
        tournament.rules, ["", "", "", ""], ""
    )
    stored = (round.report or {}).get("vp_table", {})
    context.update(
        {
            "slips": slips,
            "hands_line": gettext("%(hands)s hands · VP table: %(name)s")
            % {"hands": turno.vp_table.hands, "name": stored.get("name", "")},
            "legend": [
                *legend,
                gettext(
                    "D: the difference of the two turno totals. The higher line gets the "
                    "winner's VP of D's band and +D MP, the other the loser's VP and -D MP."
                ),
            ],
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/burraco_slips.html", context),
        title=f"{kind} · {turno_label(turno.number)} · {tournament.name}",
        filename=_filename(tournament, f"turno-{turno.number}-slips"),
    )


# The Mitchell movement card ------------------------------------------------------------------


@dataclass(frozen=True)
class MovementCard:
    """The Mitchell turni (their numbers), the plan (None when the engine refused it: `refusal`
    says why) and whether it was fixed by the first Mitchell turno."""

    turni: tuple[int, ...]
    order: tuple[PlayerId, ...]
    plan: MitchellPlan | None
    refusal: str
    fixed: bool


def movement_card(facts: BurracoFacts) -> MovementCard:
    """The plan of the tournament's Mitchell turni: the order kept in the first Mitchell turno's
    report, or before it the pairs present, in number order."""
    tournament = facts.tournament
    turni = tuple(
        number
        for number, movement in enumerate(tournament.movements, start=1)
        if movement == MITCHELL
    )
    first = next((turno for turno in facts.turni if turno.movement == MITCHELL), None)
    stored = (first.round.report or {}).get("order") if first is not None else None
    order = tuple(stored) if stored is not None else tuple(facts.present())
    try:
        plan = movements.mitchell(list(order), len(turni), tournament.mitchell_skip)
    except TournamentError as error:
        return MovementCard(turni, order, None, error.translated(gettext), stored is not None)
    return MovementCard(turni, order, plan, "", stored is not None)


def _card_rows(facts: BurracoFacts, card: MovementCard) -> list[Row]:
    """A row per NS pair (its table, the same every turno; "bye" when the empty EO place
    reaches it), a row per EO pair (its table each turno), and the empty place's row."""
    plan = card.plan
    assert plan is not None
    tables = (len(card.order) + 1) // 2
    north_south, east_west = card.order[:tables], card.order[tables:]
    rows = []
    bye = pgettext("movement card: the NS pair sits out this turno", "bye")
    for table, pair in enumerate(north_south, start=1):
        cells = [
            str(table) if pair not in seating.byes else f"{table} {bye}" for seating in plan.turni
        ]
        rows.append(Row((str(facts.number(pair)), facts.name(pair), "NS", *cells)))
    rows[-1] = replace(rows[-1], rule=True)
    where: dict[PlayerId, list[str]] = {pair: [] for pair in east_west}
    empty = []
    for seating in plan.turni:
        for placed in seating.tables:
            where[placed.eo[0]].append(str(placed.table))
        # the empty EO place sits where the NS pair has the bye
        empty.append(" ".join(str(north_south.index(pair) + 1) for pair in seating.byes))
    for pair in east_west:
        rows.append(Row((str(facts.number(pair)), facts.name(pair), "EO", *where[pair])))
    if len(card.order) % 2:
        rows.append(Row(("", gettext("Bye (tavolo zoppo): no EO pair"), "EO", *empty)))
    return rows


def _card_notes(facts: BurracoFacts, card: MovementCard) -> list[str]:
    tournament = facts.tournament
    plan = card.plan
    assert plan is not None
    tables = (len(card.order) + 1) // 2
    notes = [
        ngettext(
            "%(pairs)s pairs at %(tables)s tables; skip %(skip)s: the North-South pairs stay "
            "at their table, the East-West pairs move %(skip)s table each turno (the last "
            "table's go to table 1).",
            "%(pairs)s pairs at %(tables)s tables; skip %(skip)s: the North-South pairs stay "
            "at their table, the East-West pairs move %(skip)s tables each turno (the last "
            "table's go to table 1).",
            tournament.mitchell_skip,
        )
        % {"pairs": len(card.order), "tables": tables, "skip": tournament.mitchell_skip},
        gettext("A cell is the table where the pair plays that turno.")
        if card.fixed
        else gettext(
            "Planned from the pairs checked in now, in number order: the first turno fixes it."
        ),
    ]
    if plan.odd_tables:
        notes.append(gettext("Odd number of tables: the source asks for an even number."))
    present = set(facts.present())
    gone = [pair_label(facts.number(pair)) for pair in card.order if pair not in present]
    if gone:
        notes.append(
            gettext(
                "No longer in: %(pairs)s. Their opponents have a bye, and the tables are "
                "numbered again: each turno's seating says where everyone plays."
            )
            % {"pairs": ", ".join(gone)}
        )
    for seating, number in zip(plan.turni, card.turni, strict=True):
        for pair in seating.byes:
            notes.append(
                gettext("%(turno)s: %(pair)s has the bye (tavolo zoppo).")
                % {"turno": turno_label(number), "pair": printed_line_label(facts, (pair,))}
            )
    return notes


def movement_card_document(tournament: Tournament) -> PdfDocument:
    """The Mitchell movement card: a row per pair (NS first, then EO), a column per Mitchell
    turno, each cell the table; the bye of each turno when the number of pairs is odd."""
    facts = burraco_facts(tournament)
    card = movement_card(facts)
    kind = gettext("Mitchell movement card")
    box = LANDSCAPE if len(card.turni) > 6 else PORTRAIT
    context = tournament_context(tournament, kind, box=box)
    pages: list[GridPage] = []
    notes = [card.refusal] if card.plan is None else _card_notes(facts, card)
    if card.plan is not None:
        columns = [
            Column(gettext("Pair"), 6, rule="thick"),
            Column(gettext("Players"), 24, "<", stretch=1),
            Column(gettext("Line"), 6, "^"),
            *(
                Column(turno_label(number), 9, "^", rule="thick" if index == 0 else "thin")
                for index, number in enumerate(card.turni)
            ),
        ]
        groups = [Group(gettext("Table"), 3, len(card.turni))]
        grid = Grid(columns, groups, width=box.width, font_size=10.0, row_height=6.5)
        pages = grid_pages(grid, _card_rows(facts, card), box, HEAD + 5 * len(notes))
    context.update({"notes": notes, "pages": pages})
    return PdfDocument(
        html=render_to_string("pdf/tournament_list.html", context),
        title=context["title"],
        filename=_filename(tournament, "mitchell-card"),
    )


# The seating of a turno ----------------------------------------------------------------------

SEATING_HEADING = 20.0  # pt: "Table 3"
SEATING_LINE = 16.0  # pt: a line of players
WHERE_FONT = 16.0  # pt: "where each line sits", as large as the lines above (read from afar)
WHERE_ROW = 8.5  # mm


@dataclass(frozen=True)
class SeatingTable:
    number: str
    ns: str
    eo: str


def seating_document(round: Round) -> PdfDocument:
    """A turno's seating, for the desk and the wall: each table with its NS and EO lines in
    large type, the byes, then where each line sits, by number."""
    tournament = round.tournament
    facts = burraco_facts(tournament)
    turno = _turno_of(facts, round)
    kind = gettext("Seating")
    tables = []
    for table in turno.physical_tables():  # a team match: its two tables
        sides = _sides(facts, turno, table)
        tables.append(
            SeatingTable(table_label(table.number), f"NS · {sides.ns}", f"EO · {sides.eo}")
        )
    byes = [printed_line_label(facts, (line,)) for line in turno.seating.byes]
    where = _where_rows(facts, turno)
    columns = [
        Column(gettext("Number"), 7, rule="thick"),
        Column(gettext("Players"), 24, "<", stretch=1),
        Column(gettext("Table"), 7),
        Column(gettext("Line"), 6, "^"),
    ]
    grid = Grid(
        columns,
        width=PORTRAIT.width,
        font_size=WHERE_FONT,
        row_height=WHERE_ROW,
        min_font=WHERE_FONT,
    )
    context = tournament_context(tournament, kind)
    context.update(
        {
            "heading": f"{kind} · {turno_label(turno.number)}",
            "tables": tables,
            "byes": byes,
            "where": grid_pages(grid, where, PORTRAIT, HEAD),
            "table_heading": f"{SEATING_HEADING:.1f}",
            "table_line": f"{SEATING_LINE:.1f}",
        }
    )
    return PdfDocument(
        html=render_to_string("pdf/burraco_seating.html", context),
        title=f"{kind} · {turno_label(turno.number)} · {tournament.name}",
        filename=_filename(tournament, f"turno-{turno.number}-seating"),
    )


def _where_rows(facts: BurracoFacts, turno: TurnoFacts) -> list[Row]:
    """Every line of the turno by number: its table and side, or the bye (a team: each of its
    pairs, at its table)."""
    if turno.team_match:
        return _team_where_rows(facts, turno)
    seats: dict[int, tuple[str, str]] = {}
    for table in turno.seating.tables:
        for side, line in (("NS", table.ns), ("EO", table.eo)):
            for member in line:
                seats[int(member)] = (str(table.table), side)
    bye = pgettext("seating: a line without an opponent this turno", "bye")
    for alone in turno.seating.byes:
        seats[int(alone)] = (bye, "")
    members = [(member, facts.name(member)) for member in seats]
    members.sort(key=lambda item: facts.number(item[0]))
    return [Row((str(facts.number(member)), name, *seats[member])) for member, name in members]


def _team_where_rows(facts: BurracoFacts, turno: TurnoFacts) -> list[Row]:
    """A team turno: each team's two pairs by the team's number, their table and side."""
    rows: list[tuple[int, int, Row]] = []
    for table in turno.physical_tables():
        for side, team, pair in (
            ("NS", table.ns_team, table.ns),
            ("EO", table.eo_team, table.eo),
        ):
            name = f"{facts.name(team)}: {facts.players_name(pair)}"
            number = facts.number(team)
            rows.append((number, table.number, Row((str(number), name, str(table.number), side))))
    bye = pgettext("seating: a line without an opponent this turno", "bye")
    for alone in turno.seating.byes:
        number = facts.number(alone)
        rows.append((number, 0, Row((str(number), facts.name(alone), bye, ""))))
    return [row for _number, _table, row in sorted(rows, key=lambda item: item[:2])]
