"""The projector's slides of the Gin formats (`tournaments.projector`): the standings, who plays
where in the current round (by name: the table), the round's clock and, for a bracket, the bracket.
Joined to `tournaments.projector.SLIDE_MAKERS` by `PairingsConfig.ready()`.
"""

from __future__ import annotations

from django.utils.translation import gettext

from pairings import presenters as words
from pairings.formats import bracket_format_of
from pairings.selectors.rounds import pairing_rounds
from pairings.selectors.standings import pairing_standings_of
from tournaments.models import EntryStatus, Tournament
from tournaments.projector import SLIDE_LABELS, Line, Slide, clock_slide, standings_after


def _standings(lines: list[Line], subtitle: str, head: tuple[str, ...]) -> Slide:
    return Slide(
        key="standings",
        title=str(SLIDE_LABELS["standings"]),
        subtitle=subtitle,
        head=head,
        lines=tuple(lines),
        empty=gettext("The draw has not been made yet."),
    )


def _where(lines: list[Line], subtitle: str, head: tuple[str, ...]) -> Slide:
    return Slide(
        key="seating",
        title=str(SLIDE_LABELS["seating"]),
        subtitle=subtitle,
        head=head,
        lines=tuple(sorted(lines, key=lambda line: line.name.lower())),
        empty=gettext("The draw has not been made yet."),
    )


def pairing_slides(tournament: Tournament) -> dict[str, Slide]:
    """A Swiss or a round robin: standings (place, name, points), the last round's tables (a
    bye said as such) and its clock."""
    standings = pairing_standings_of(tournament)
    rows = [
        Line(
            name=row.entry.player.name,
            lead=f"{row.standing.place}{'=' if row.shared else ''}",
            values=(f"{row.standing.points:g}",),
            dim=row.entry.status == EntryStatus.DROPPED,
        )
        for row in standings.rows
    ]
    rounds = pairing_rounds(tournament)
    current = rounds[-1] if rounds else None
    where: list[Line] = []
    subtitle = ""
    if current is not None:
        subtitle = gettext("Round %(number)s") % {"number": current.round.number}
        for pairing in current.pairings:
            table = str(pairing.table.number)
            where.append(Line(name=pairing.first.player.name, values=(table,)))
            if pairing.second is not None:
                where.append(Line(name=pairing.second.player.name, values=(table,)))
        where += [Line(name=entry.player.name, values=(gettext("bye"),)) for entry in current.byes]
    return {
        "standings": _standings(
            rows,
            standings_after(standings.rounds_counted),
            ("#", gettext("Player"), gettext("Points")),
        ),
        "seating": _where(where, subtitle, ("", gettext("Player"), gettext("Table"))),
        "clock": clock_slide(tournament, current.round if current else None),
    }


def bracket_slides(tournament: Tournament) -> dict[str, Slide]:
    """A knockout (single or double): the bracket, the places decided so far, who plays where
    now (the matches ready or being played: table and match) and the clock."""
    kind = bracket_format_of(tournament)
    assert kind is not None  # the "bracket" standings are a bracket format's
    view = kind.bracket_of(tournament)
    standings = kind.standings(tournament)
    rows = [
        Line(
            name=row.entry.player.name,
            lead=row.place_label,
            values=("" if row.place_label else words.still_playing_label(),),
        )
        for row in standings.rows
    ]
    where: list[Line] = []
    for section in view.sections:
        for column in section.columns:
            for card in column.cards:
                if card.table is None or card.status not in ("ready", "playing"):
                    continue
                for side, known in zip(card.sides, card.known, strict=True):
                    if known:
                        match = gettext("Match %(number)s") % {"number": card.match.number}
                        where.append(Line(name=side, values=(str(card.table.number), match)))
    champion = ""
    if view.bracket is not None and view.bracket.champion is not None:
        champion = words.champion_line(view.names[view.bracket.champion])
    bracket = Slide(
        key="bracket",
        title=str(SLIDE_LABELS["bracket"]),
        subtitle=champion,
        template="pairings/_projector_bracket.html",
        context={"sections": view.sections},
        empty=gettext("The draw has not been made yet."),
    )
    return {
        "bracket": bracket,
        "standings": _standings(rows, "", ("#", gettext("Player"), "")),
        "seating": _where(where, "", ("", gettext("Player"), gettext("Table"), gettext("Match"))),
        "clock": clock_slide(tournament, view.round),
    }
