"""The rounds of pairings of a Swiss or round robin (`pairing_rounds`): each pairing with its
result in force, and the round's byes."""

from __future__ import annotations

from dataclasses import dataclass

from pairings.selectors.facts import Facts, TableFacts, TableResult, load_facts
from scoring.models import Match
from tournaments.models import (
    Entry,
    Round,
    RoundKind,
    Table,
    Tournament,
)


@dataclass(frozen=True)
class PairingView:
    table: Table
    first: Entry
    second: Entry | None
    result: TableResult | None
    facts: TableFacts

    @property
    def match(self) -> Match | None:
        return self.table.match

    @property
    def status(self) -> str:
        if self.result is not None:
            return "counted"
        if self.facts.awaiting_confirmation:
            return "awaiting_confirmation"
        if self.facts.finished:
            return "no_winner"
        if self.facts.has_events:
            return "playing"
        return "ready"

    @property
    def winner(self) -> Entry | None:
        """Who won, once the result counts (None for a draw)."""
        if self.result is None or self.result.winner is None:
            return None
        return self.first if self.result.winner == self.first.pk else self.second

    @property
    def scores(self) -> tuple[int | None, int | None]:
        """The scores that decide the match (`TableFacts.score`): hands won a mano, points
        otherwise."""
        second = self.facts.score(self.second.pk) if self.second else None
        return (self.facts.score(self.first.pk), second)


@dataclass(frozen=True)
class PairingRound:
    round: Round
    pairings: tuple[PairingView, ...]
    byes: tuple[Entry, ...]  # the bye of the round, and players whose opponent had dropped

    @property
    def complete(self) -> bool:
        return all(pairing.result is not None for pairing in self.pairings)

    @property
    def played(self) -> int:
        return sum(1 for pairing in self.pairings if pairing.result is not None)


def round_byes(round: Round) -> list[int]:
    byes = [round.report["bye"]] if round.report.get("bye") is not None else []
    return [int(entry) for entry in [*byes, *round.report.get("forfeits", [])]]


def rounds_from(facts: Facts) -> list[PairingRound]:
    rounds = []
    for round in facts.rounds:
        if round.kind != RoundKind.PAIRING:
            continue
        pairings = []
        for table_facts in facts.tables[round.pk]:
            seats = table_facts.seats
            pairings.append(
                PairingView(
                    table=table_facts.table,
                    first=facts.entries[seats[0]],
                    second=facts.entries[seats[1]] if len(seats) > 1 else None,
                    result=table_facts.result(draws=True),
                    facts=table_facts,
                )
            )
        byes = tuple(facts.entries[entry] for entry in round_byes(round) if entry in facts.entries)
        rounds.append(PairingRound(round, tuple(pairings), byes))
    return rounds


def pairing_rounds(tournament: Tournament) -> list[PairingRound]:
    """The rounds of a Swiss or round robin, each with its pairings, results and byes."""
    return rounds_from(load_facts(tournament))
