"""The Gin formats of the registry (`tournaments.formats`): single and double elimination
brackets, round robin and Swiss. `PairingsConfig.ready()` registers them; the services, selectors
and pages of this app ask `format_of(tournament)` like every other, and the accessors below when
they need a Gin format's own operations (the draw, the next pairings, the bracket's replay).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

from pairings import presenters as words
from pairings.engine import brackets, standings
from pairings.engine.errors import TournamentError
from pairings.engine.round_robin import round_robin
from pairings.engine.standings import Pairing
from pairings.engine.standings import Round as EngineRound
from pairings.engine.swiss import SwissEntry, default_rounds, pair_swiss
from pairings.selectors.brackets import BracketView, bracket_of, draw_players
from pairings.selectors.rounds import PairingRound, pairing_rounds
from pairings.selectors.standings import (
    GinStandings,
    bracket_ranking,
    bracket_standings_of,
    pairing_ranking,
    pairing_standings_of,
)
from scoring.games import game_named
from tournaments.errors import TournamentActionError
from tournaments.formats import TournamentFormat, format_of
from tournaments.locking import locked_bracket
from tournaments.models import (
    EntryStatus,
    Format,
    Round,
    RoundStatus,
    Tournament,
)
from tournaments.selectors import RankingRow, TournamentView


class GinFormat(TournamentFormat):
    """A Gin format: players paired two by two, each pairing a table with its match."""

    console_template = "pairings/_console.html"
    standings_url_name = "pairings:standings"

    def check_game(self, game: str) -> None:
        if not game_named(game).played_in_pairs:
            raise TournamentActionError(
                _("Brackets, round robin and Swiss are for Gin Rummy: choose a Gin preset."),
                field="preset",
            )

    def tie_break_choices(self) -> list[tuple[str, str]]:
        return [(str(key), words.tie_break_label(key)) for key in standings.DEFAULT_TIE_BREAKS]

    def checked_tie_breaks(self, tie_breaks: Iterable[str]) -> list[str]:
        try:
            checked = standings.check_tie_breaks(tie_breaks)
        except TournamentError as error:
            raise TournamentActionError.from_engine(error) from error
        return [str(tie_break) for tie_break in checked]

    def standings(self, tournament: Tournament, view: TournamentView | None = None) -> GinStandings:
        raise NotImplementedError

    def first_pairings(self, tournament: Tournament, players: list[int]) -> EngineRound:
        """Round 1 of a Swiss or round robin, drawn from `players` in seed order."""
        raise NotImplementedError

    def planned_rounds(self, tournament: Tournament, round_one: Round | None) -> int:
        raise NotImplementedError


class BracketFormat(GinFormat):
    is_bracket = True
    resumes_last_round_on_reopen = False  # a bracket's round follows its results
    standings_kind = "bracket"

    api_links = ("bracket",)

    def home_url_name(self) -> str:
        return "pairings:bracket"

    def replay(
        self, tournament: Tournament, players: list[int], results: Iterable[brackets.Result]
    ) -> brackets.Bracket:
        raise NotImplementedError

    def bracket_of(self, tournament: Tournament) -> BracketView:
        return bracket_of(tournament, self.replay)

    def standings(self, tournament: Tournament, view: TournamentView | None = None) -> GinStandings:
        return bracket_standings_of(tournament, self.replay)

    def final_ranking(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> list[RankingRow]:
        return bracket_ranking(tournament, self.replay)

    def finish_refusal(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> TournamentActionError | None:
        """Over once every match of the bracket has its result (the champion is known)."""
        bracket = self.bracket_of(tournament).bracket
        if bracket is None or not bracket.finished:
            return TournamentActionError(
                _("The bracket is not over: every match needs a result."), field="round"
            )
        return None

    def check_finished(self, tournament: Tournament) -> None:
        locked_bracket(tournament)  # a hand being recorded now is seen, or waits for the end
        refusal = self.finish_refusal(tournament)
        if refusal is not None:
            raise refusal


class SingleEliminationFormat(BracketFormat):
    value = Format.SINGLE_ELIMINATION

    def replay(self, tournament, players, results) -> brackets.Bracket:
        return brackets.single_elimination(
            players, third_place=tournament.third_place, results=results
        )


class DoubleEliminationFormat(BracketFormat):
    value = Format.DOUBLE_ELIMINATION

    def replay(self, tournament, players, results) -> brackets.Bracket:
        return brackets.double_elimination(
            players, reset=tournament.grand_final_reset, results=results
        )


class PairingFormat(GinFormat):
    """Swiss and round robin: rounds of pairings, one at a time."""

    pairs_next_round = True
    standings_kind = "pairing"

    def home_url_name(self) -> str:
        return "pairings:pairings"

    def next_pairings(
        self,
        tournament: Tournament,
        rounds: list[PairingRound],
        number: int,
        dropped: set[int],
    ) -> tuple[EngineRound, list[int]]:
        """The pairings of round `number` after `rounds`, and the players whose opponent had
        dropped (they have a bye)."""
        raise NotImplementedError

    def schedule(self, tournament: Tournament, rounds: list[PairingRound]) -> list[EngineRound]:
        """Every round known ahead from the draw (a round robin's whole schedule); a Swiss
        pairs each round from the standings, so none."""
        return []

    def standings(self, tournament: Tournament, view: TournamentView | None = None) -> GinStandings:
        return pairing_standings_of(tournament)

    def final_ranking(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> list[RankingRow]:
        return pairing_ranking(tournament)

    def rounds_left(self, tournament: Tournament, rounds: list[PairingRound]) -> int:
        """How many rounds are still to pair after `rounds` (the rounds paired so far)."""
        planned = self.planned_rounds(tournament, rounds[0].round if rounds else None)
        return max(planned - len(rounds), 0)

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        """Whether every round of the schedule (round robin) or as set (Swiss) is paired."""
        rounds = pairing_rounds(tournament)
        return bool(rounds) and not self.rounds_left(tournament, rounds)

    def finish_refusal(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> TournamentActionError | None:
        """Over once every round is paired and the last one has all its results."""
        rounds = pairing_rounds(tournament)
        complete = bool(rounds) and rounds[-1].complete
        if not complete or self.rounds_left(tournament, rounds):
            planned = len(rounds) + self.rounds_left(tournament, rounds)
            return TournamentActionError(
                _("Rounds played so far: %(count)s of %(planned)s.")
                % {"count": sum(1 for r in rounds if r.complete), "planned": planned},
                field="round",
            )
        return None

    def check_finished(self, tournament: Tournament) -> None:
        refusal = self.finish_refusal(tournament)
        if refusal is not None:
            raise refusal
        Round.objects.filter(tournament=tournament, status=RoundStatus.RUNNING).update(
            status=RoundStatus.FINISHED
        )


class RoundRobinFormat(PairingFormat):
    value = Format.ROUND_ROBIN

    def skips_range_check(self, field: str) -> bool:
        return field == "cycles"  # said below in the round robin's own words

    def check_settings(self, clean: dict[str, Any]) -> None:
        if clean["cycles"] not in (1, 2):
            raise TournamentActionError(
                _("A round robin is played once or twice (single or double)."), field="cycles"
            )

    def first_pairings(self, tournament: Tournament, players: list[int]) -> EngineRound:
        try:
            return round_robin(players, cycles=tournament.cycles)[0]
        except TournamentError as error:
            raise TournamentActionError.from_engine(error) from error

    def planned_rounds(self, tournament: Tournament, round_one: Round | None) -> int:
        """The whole schedule of the players drawn."""
        count = len(draw_players(round_one)) if round_one is not None else 0
        per_cycle = count - 1 if count % 2 == 0 else count
        return per_cycle * tournament.cycles

    def schedule(self, tournament: Tournament, rounds: list[PairingRound]) -> list[EngineRound]:
        """The whole schedule, fixed by the draw (the players drawn, in seed order)."""
        if not rounds:
            return []
        return list(round_robin(draw_players(rounds[0].round), cycles=tournament.cycles))

    def next_pairings(self, tournament, rounds, number, dropped) -> tuple[EngineRound, list[int]]:
        players = draw_players(rounds[0].round)
        scheduled = round_robin(players, cycles=tournament.cycles)[number - 1]
        pairings: list[Pairing] = []
        forfeits = []
        for pairing in scheduled.pairings:
            gone = [player for player in pairing.players if player in dropped]
            if not gone:
                pairings.append(Pairing(len(pairings) + 1, pairing.first, pairing.second))
            else:
                forfeits += [player for player in pairing.players if player not in dropped]
        bye = scheduled.bye if scheduled.bye not in dropped else None
        return EngineRound(number, tuple(pairings), bye), forfeits


class SwissFormat(PairingFormat):
    value = Format.SWISS
    takes_late_arrivals = True
    late_check_in_waits = True

    def first_pairings(self, tournament: Tournament, players: list[int]) -> EngineRound:
        return pair_swiss([SwissEntry(player, 0) for player in players])

    def planned_rounds(self, tournament: Tournament, round_one: Round | None) -> int:
        """As set; 0: enough rounds for a single perfect score."""
        if tournament.rounds_planned:
            return tournament.rounds_planned
        count = len(draw_players(round_one)) if round_one is not None else 0
        return default_rounds(max(count, 2))

    def next_pairings(self, tournament, rounds, number, dropped) -> tuple[EngineRound, list[int]]:
        standings = pairing_standings_of(tournament)
        points = {row.entry.pk: row.standing.points for row in standings.rows}
        present = list(
            tournament.entries.filter(status=EntryStatus.CHECKED_IN, first_round__lte=number)
            .order_by("seed")
            .values_list("pk", flat=True)
        )
        if len(present) < 2:
            raise TournamentActionError(
                _("At least 2 players must still be in to pair a round (now: %(count)s).")
                % {"count": len(present)},
                field="entries",
            )
        previous = [
            EngineRound(
                pairing_round.round.number,
                tuple(
                    Pairing(index, pairing.first.pk, pairing.second.pk)
                    for index, pairing in enumerate(pairing_round.pairings, start=1)
                    if pairing.second is not None
                ),
                pairing_round.round.report.get("bye"),
            )
            for pairing_round in rounds
        ]
        try:
            paired = pair_swiss([SwissEntry(p, points.get(p, 0)) for p in present], previous)
        except TournamentError as error:
            raise TournamentActionError.from_engine(error) from error
        return paired, []


GIN_FORMATS = (
    SingleEliminationFormat,
    DoubleEliminationFormat,
    RoundRobinFormat,
    SwissFormat,
)


# Asking for a Gin format -------------------------------------------------------------------------


def paired_format_of(tournament: Tournament) -> GinFormat:
    """The tournament's format, a Gin one; refused on "format" for a tournament seated at
    tables."""
    kind = format_of(tournament)
    if not isinstance(kind, GinFormat):
        raise TournamentActionError(
            _("This tournament is seated at tables, not paired."), field="format"
        )
    return kind


def rounds_format_of(tournament: Tournament) -> PairingFormat:
    """The tournament's format, a Swiss or round robin; refused on "format" for the others."""
    kind = format_of(tournament)
    if not isinstance(kind, PairingFormat):
        raise TournamentActionError(
            _("Only a Swiss or a round robin is played in rounds of pairings."),
            field="format",
        )
    return kind


def bracket_format_of(tournament: Tournament) -> BracketFormat | None:
    """The tournament's format if it is a bracket (single or double elimination), else None."""
    kind = format_of(tournament)
    return kind if isinstance(kind, BracketFormat) else None
