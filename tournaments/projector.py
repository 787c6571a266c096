"""The projector: what a hall reads on a wall, as slides (the standings, the round's seating, the
round's clock, the bracket), each a list of full names the page lays out and rotates.

A read, like the selectors: `slides(tournament, keys)` asks the format's slide maker (a dict keyed
by the format's `standings_kind`, as `STANDINGS_LISTS` is) for the slides it has, in the order
the director chose. The table formats' maker is here; `PairingsConfig.ready()` adds the Gin
ones (`pairings/projector.py`), so tournaments never imports pairings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy, ngettext

from tournaments import selectors
from tournaments.formats import format_of
from tournaments.models import EntryStatus, Round, Tournament
from tournaments.presenters import clock_of, points_text, round_label

# What can rotate, in the order a hall needs it (where to sit before the standings, which read
# "after 0 rounds" while round 1 is played), with the words of the settings form.
SLIDE_LABELS: dict[str, object] = {
    "bracket": gettext_lazy("Bracket"),
    "seating": gettext_lazy("Who sits where"),
    "standings": gettext_lazy("Standings"),
    "clock": gettext_lazy("The round's clock"),
}
ROTATE_SECONDS = 15
ROTATE_MIN, ROTATE_MAX = 2, 300
POLL_SECONDS = 15


@dataclass(frozen=True)
class Line:
    """One row of a list slide: a name in full, what leads it (a place) and what follows (points,
    a table and a seat)."""

    name: str
    lead: str = ""
    values: tuple[str, ...] = ()
    dim: bool = False  # a dropped player


@dataclass(frozen=True)
class Slide:
    """A slide: a title, and either lines (a list the page splits into columns and pages), a
    clock, or its own template (the bracket) with its context."""

    key: str
    title: str
    subtitle: str = ""
    head: tuple[str, ...] = ()  # the column titles: lead, name, values
    lines: tuple[Line, ...] = ()
    empty: str = ""  # said when there are no lines
    template: str = "tournaments/_projector_list.html"
    context: dict[str, object] = field(default_factory=dict)


SlideMaker = Callable[[Tournament], dict[str, Slide]]
# How each kind of standings makes its slides (`PairingsConfig.ready()` adds "pairing", "bracket").
SLIDE_MAKERS: dict[str, SlideMaker] = {}


def chosen_keys(values: Iterable[str], available: Iterable[str]) -> list[str]:
    """The slides asked for (`?show=standings&show=seating`), in the usual order; every slide the
    format has when none is asked for (or none of those asked for exists)."""
    have = list(available)
    wanted = {value for value in values if value in have}
    return [key for key in have if key in wanted] or have


def rotate_seconds(value: str) -> int:
    """The seconds a page stays (`?seconds=`), within bounds; the default when unreadable."""
    if not value.isdigit():
        return ROTATE_SECONDS
    return min(max(int(value), ROTATE_MIN), ROTATE_MAX)


def slides(tournament: Tournament) -> dict[str, Slide]:
    """Every slide the tournament's format has, by key, in the usual order."""
    made = SLIDE_MAKERS[format_of(tournament).standings_kind](tournament)
    return {key: made[key] for key in SLIDE_LABELS if key in made}


def available_keys(tournament: Tournament) -> list[str]:
    """The slides a tournament of this format can show (the settings form's choices)."""
    bracket = format_of(tournament).is_bracket
    return [key for key in SLIDE_LABELS if key != "bracket" or bracket]


# The clock ---------------------------------------------------------------------------------------


def clock_slide(tournament: Tournament, round: Round | None, complete: bool = False) -> Slide:
    clock = clock_of(round, complete)
    return Slide(
        key="clock",
        title=str(SLIDE_LABELS["clock"]),
        template="tournaments/_projector_clock.html",
        context={"clock": clock},
        empty=gettext("The clock has not started."),
    )


# Table tournaments -------------------------------------------------------------------------------


def table_slides(tournament: Tournament) -> dict[str, Slide]:
    """Standings (place, name, points, wins), who sits where in the current round (by name:
    table and seat) and the round's clock."""
    view = selectors.tournament_view(tournament)
    table = selectors.table_standings(tournament, view)
    current = view.current_round
    standings = Slide(
        key="standings",
        title=str(SLIDE_LABELS["standings"]),
        subtitle=standings_after(table.rounds_counted),
        head=("#", gettext("Player"), gettext("Points"), gettext("Wins")),
        lines=tuple(
            Line(
                name=row.entry.player.name,
                # no place before any result: everyone would be "=1"
                lead=f"{'=' if row.shared else ''}{row.place}" if table.rounds_counted else "",
                values=(points_text(row.points), str(row.wins)),
                dim=row.entry.status == EntryStatus.DROPPED,
            )
            for row in table.rows
        ),
        empty=gettext("No players entered yet."),
    )
    seated = selectors.seated_by_name(current) if current is not None else ()
    where = [Line(name=row.name, values=(str(row.table), str(row.seat))) for row in seated]
    seating = Slide(
        key="seating",
        title=str(SLIDE_LABELS["seating"]),
        subtitle=round_label(current.round) if current is not None else "",
        head=("", gettext("Player"), gettext("Table"), gettext("Seat")),
        lines=tuple(where),
        empty=gettext("No round seated yet."),
    )
    return {
        "standings": standings,
        "seating": seating,
        "clock": clock_slide(
            tournament,
            current.round if current else None,
            complete=current is not None and current.complete,
        ),
    }


def standings_after(rounds: int) -> str:
    """The standings slide's subtitle: "After 2 rounds"; before any result, "No results yet"
    (never "after 0 rounds")."""
    if rounds <= 0:
        return gettext("No results yet")
    return ngettext("After %(count)s round", "After %(count)s rounds", rounds) % {"count": rounds}


SLIDE_MAKERS["table"] = table_slides
