"""The standings and the final ranking of a Gin tournament: a Swiss's or round robin's (match
points and the tournament's tie-breaks, the one that decided marked) and a bracket's (places as
players go out)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from pairings import presenters as words
from pairings.engine import brackets as engine
from pairings.engine.standings import (
    BracketPlace,
    MatchResult,
    Standing,
    bracket_standings,
    pairing_standings,
)
from pairings.selectors.brackets import BracketView, Replay, bracket_from, losers_rounds
from pairings.selectors.facts import Facts, load_facts
from pairings.selectors.rounds import rounds_from
from tournaments.models import (
    Entry,
    EntryStatus,
    Tournament,
)
from tournaments.selectors import RankingRow


@dataclass(frozen=True)
class TieBreakCell:
    """A tie-break's value in a row of the standings; `decided`: it is what set this player
    apart from a neighbour with the same match points."""

    key: str
    value: float | None  # None: head to head not reached
    decided: bool = False


@dataclass(frozen=True)
class PairingStandingRow:
    standing: Standing
    entry: Entry
    shared: bool
    cells: tuple[TieBreakCell, ...] = ()


def _tie_break_value(standing: Standing, key: str) -> float | None:
    return cast(float | None, getattr(standing, key))


def _tie_break_cells(
    rows: Sequence[Standing], tie_breaks: Sequence[str]
) -> list[tuple[TieBreakCell, ...]]:
    """Each row's tie-break values in the tournament's order, the one that decided against a
    neighbour on the same match points marked."""

    def compared(standing: Standing, key: str) -> float:
        return _tie_break_value(standing, key) or 0.0  # head to head not reached counts 0

    decided: list[set[str]] = [set() for _row in rows]
    for index in range(len(rows) - 1):
        upper, lower = rows[index], rows[index + 1]
        if upper.points != lower.points:
            continue
        for key in tie_breaks:
            if compared(upper, key) != compared(lower, key):
                decided[index].add(key)
                decided[index + 1].add(key)
                break
    return [
        tuple(
            TieBreakCell(key, _tie_break_value(row, key), key in decided[index])
            for key in tie_breaks
        )
        for index, row in enumerate(rows)
    ]


@dataclass(frozen=True)
class BracketStandingRow:
    standing: BracketPlace
    entry: Entry

    @property
    def place_label(self) -> str:
        row = self.standing
        if row.place is None:
            return ""
        return str(row.place) if not row.shared else f"{row.place}-{row.last_place}"


@dataclass(frozen=True)
class GinStandings:
    kind: str  # "pairing" or "bracket"
    tie_breaks: tuple[str, ...]
    rows: tuple[Any, ...]  # PairingStandingRow or BracketStandingRow, by `kind`
    rounds_counted: int = 0


def _pairing_standings(facts: Facts) -> GinStandings:
    rounds = rounds_from(facts)
    results = []
    byes: list[int] = []
    players: set[int] = set()
    for pairing_round in rounds:
        byes += [entry.pk for entry in pairing_round.byes]
        for pairing in pairing_round.pairings:
            players.update(pairing.facts.seats)
            result = pairing.result
            if result is None or pairing.second is None:
                continue
            first, second = pairing.first.pk, pairing.second.pk
            results.append(
                MatchResult(first, second, result.winner, net=result.net, walkover=result.walkover)
            )
    players.update(byes)
    players.update(
        entry.pk for entry in facts.entries.values() if entry.status == EntryStatus.CHECKED_IN
    )
    rows = pairing_standings(
        sorted(players), results, byes=byes, tie_breaks=facts.tournament.tie_breaks
    )
    places = [row.place for row in rows]
    tie_breaks = tuple(str(key) for key in facts.tournament.tie_breaks)
    cells = _tie_break_cells(rows, tie_breaks)
    return GinStandings(
        kind="pairing",
        tie_breaks=tie_breaks,
        rows=tuple(
            PairingStandingRow(
                row, facts.entries[row.player], places.count(row.place) > 1, cells[index]
            )
            for index, row in enumerate(rows)
        ),
        rounds_counted=sum(1 for pairing_round in rounds if pairing_round.played),
    )


def _bracket_standings(facts: Facts, view: BracketView) -> GinStandings:
    if view.bracket is None:
        return GinStandings(kind="bracket", tie_breaks=(), rows=())
    rows = tuple(
        BracketStandingRow(row, facts.entries[row.player])
        for row in bracket_standings(view.bracket)
    )
    return GinStandings(kind="bracket", tie_breaks=(), rows=rows)


def pairing_standings_of(tournament: Tournament) -> GinStandings:
    """A Swiss's or round robin's standings: match points and the tournament's tie-breaks."""
    return _pairing_standings(load_facts(tournament))


def bracket_standings_of(tournament: Tournament, replay: Replay) -> GinStandings:
    """A bracket's standings: the places given as players go out."""
    facts = load_facts(tournament)
    return _bracket_standings(facts, bracket_from(facts, replay))


def _stage(bracket: engine.Bracket, player: engine.PlayerId) -> str:
    """How far a player went in a bracket: the round of the match they went out in."""
    if bracket.champion == player:
        return words.champion_label()
    rounds = bracket.size.bit_length() - 1
    out = None
    for result in bracket.results:
        if result.loser == player:
            out = bracket.matches[result.match - 1]
    if out is None:
        return words.still_playing_label()
    if bracket.double and out.section is engine.Section.WINNERS:
        return words.still_playing_label()
    return words.column_title(out.section, out.round, rounds, losers_rounds(bracket))


def bracket_ranking(tournament: Tournament, replay: Replay) -> list[RankingRow]:
    """The ranking of a bracket: by place (players still in share the best place left, by
    seed)."""
    facts = load_facts(tournament)
    view = bracket_from(facts, replay)
    if view.bracket is None:
        return []
    rows = bracket_standings(view.bracket)
    placed = [row for row in rows if row.place is not None]
    still_in = [row for row in rows if row.place is None]
    ranking = [
        RankingRow(
            place=1,
            entry=facts.entries[row.player],
            stage=words.still_playing_label(),
            still_playing=True,
        )
        for row in still_in
    ]
    for row in sorted(placed, key=lambda row: (row.place, row.seed)):
        ranking.append(
            RankingRow(
                place=cast(int, row.place),  # the placed rows only
                entry=facts.entries[row.player],
                stage=_stage(view.bracket, row.player),
            )
        )
    return ranking


def pairing_ranking(tournament: Tournament) -> list[RankingRow]:
    """The ranking of a Swiss or round robin: its standings."""
    result = _pairing_standings(load_facts(tournament))
    return [RankingRow(place=row.standing.place, entry=row.entry, stage="") for row in result.rows]
