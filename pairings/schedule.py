"""A round robin's whole schedule as the pairings page shows it from the draw: every round known
ahead (`PairingFormat.schedule`, from the engine), with the players' names and whether each round
has been paired yet. A selector: it reads, in one query."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairings.engine.standings import PlayerId
from pairings.engine.standings import Round as EngineRound
from tournaments.models import Tournament


@dataclass(frozen=True)
class ScheduledRound:
    """A round of a schedule known from the draw (a round robin's): who meets whom, the bye,
    and whether it has been paired (its tables exist) yet."""

    number: int
    pairings: tuple[tuple[str, str], ...]  # names, who deals first first
    bye: str
    paired: bool


def schedule_of(
    tournament: Tournament, schedule: Sequence[EngineRound], paired: int
) -> list[ScheduledRound]:
    """The rounds of `schedule` (the format's, `PairingFormat.schedule`) with the players'
    names; the first `paired` are paired already. One query."""
    if not schedule:
        return []
    names: dict[PlayerId, str] = dict(tournament.entries.values_list("pk", "player__name"))
    return [
        ScheduledRound(
            number=round.number,
            pairings=tuple(
                (names.get(pairing.first, ""), names.get(pairing.second, ""))
                for pairing in round.pairings
            ),
            bye=names.get(round.bye, "") if round.bye is not None else "",
            paired=round.number <= paired,
        )
        for round in schedule
    ]
