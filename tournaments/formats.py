"""The format registry: one class per tournament format, the one place that knows the formats.

Modelled on Tabbycat's draw managers (`draw/manager.py`, `DRAW_MANAGER_CLASSES`): every
`Tournament.format` value has a `TournamentFormat` subclass in `FORMATS`, and `format_of(t)` (or
`tournament.kind` in templates) answers everything that differs between formats: which game it is
played at and which settings it checks, who goes to the next round (a table format's seating
plan, a Swiss's or round robin's pairings, a bracket's replay), when it is over, its standings and
final ranking, and which pages and printables show it. The services and selectors call it and never
compare `tournament.format` themselves; the algorithms stay in `tournaments.engine`, pure, and the
classes here are the thin adapter between the two, as the services are for the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Game
from tournaments import pairing_selectors, selectors
from tournaments.engine import brackets, knockout, pairing_standings, table_standings
from tournaments.engine.errors import TournamentError
from tournaments.engine.pairing_standings import Pairing
from tournaments.engine.pairing_standings import Round as EngineRound
from tournaments.engine.placement import PlacementScale
from tournaments.engine.round_robin import round_robin
from tournaments.engine.swiss import SwissEntry, default_rounds, pair_swiss
from tournaments.errors import TournamentActionError
from tournaments.locking import locked_bracket
from tournaments.models import (
    Entry,
    EntryStatus,
    Format,
    Round,
    RoundKind,
    RoundStatus,
    Tournament,
)
from tournaments.rounds import close_previous, present_entries

TABLE_GAMES = frozenset({Game.SCALA40, Game.RAMINO})
GIN_TIE_BREAKS = ("buchholz", "median_buchholz", "net", "head_to_head")


@dataclass(frozen=True)
class SeatingPlan:
    """Who a table format seats next: a round of `kind` (players ranked by `ranks`, seated by
    the seating engine), or the final table (`finalists` in seat order, the leader first)."""

    kind: str = RoundKind.QUALIFYING
    players: tuple[Entry, ...] = ()
    ranks: dict[int, int] | None = None
    finalists: tuple[int, ...] | None = None


class TournamentFormat:
    """What a format is and does. The defaults are the refusals: a format that is not seated at
    tables refuses a seating, one that is not paired refuses a draw."""

    value: str = ""
    uses_tables = False  # seated at tables of 2 to 6 (Scala 40, Ramino), or paired (Gin)
    is_bracket = False  # one drawn bracket that moves on by itself
    pairs_next_round = False  # a Swiss or a round robin: the director pairs each round
    takes_late_arrivals = False  # a player may enter once the first round is seated or drawn
    late_check_in_waits = False  # checked in once rounds are played: plays from the next one
    resumes_last_round_on_reopen = True
    standings_kind = ""  # "table", "pairing" or "bracket": how standings are shown
    default_settings: dict[str, Any] = {}

    # What it is ----------------------------------------------------------------------------

    @property
    def label(self) -> str:
        return str(Format(self.value).label)

    # Settings --------------------------------------------------------------------------------

    def check_game(self, game: str) -> None:
        """Refuse a preset of a game this format is not played at."""
        raise NotImplementedError

    def checked_tie_breaks(self, tie_breaks: Any) -> list[str]:
        raise NotImplementedError

    def check_placement_points(self, scale: Any) -> None:
        """Table formats check their placement points; paired formats have none."""

    def checked_cut(self, clean: dict[str, Any]) -> None:
        """The knockout's cut (advance, drop, final table); other formats have no cut."""
        clean["advance"] = clean["drop"] = None

    def check_settings(self, clean: dict[str, Any]) -> None:
        """The checks of this format's own settings, after the common ones."""

    def skips_range_check(self, field: str) -> bool:
        """Whether a setting's whole-number range is said in this format's own words."""
        return False

    # The next round --------------------------------------------------------------------------

    def require_tables(self) -> TableFormat:
        """This format, as a table format; refused when the tournament is paired."""
        if not isinstance(self, TableFormat):
            raise TournamentActionError(
                _("This tournament is paired, not seated at tables."), field="format"
            )
        return self

    def require_draw(self) -> None:
        if self.uses_tables:
            raise TournamentActionError(
                _("This tournament is seated at tables, not paired."), field="format"
            )

    def require_rounds_of_pairings(self) -> PairingFormat:
        """This format, as a Swiss or round robin; refused for the other formats."""
        if not isinstance(self, PairingFormat):
            raise TournamentActionError(
                _("Only a Swiss or a round robin is played in rounds of pairings."),
                field="format",
            )
        return self

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        """Whether no round is left to seat (the director's console stops offering one)."""
        return False

    def first_pairings(self, tournament: Tournament, players: list[int]) -> EngineRound:
        raise NotImplementedError

    def planned_rounds(self, tournament: Tournament, round_one: Round | None) -> int:
        raise NotImplementedError

    # The end ---------------------------------------------------------------------------------

    def check_finished(self, tournament: Tournament) -> None:
        """Refuse to finish the tournament while it is not over (it has rounds, and its row is
        locked); close its last round when it is."""
        raise NotImplementedError

    # Reading ---------------------------------------------------------------------------------

    def standings(self, tournament: Tournament, view: selectors.TournamentView | None = None):
        raise NotImplementedError

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        raise NotImplementedError

    def bracket_of(self, tournament: Tournament) -> pairing_selectors.BracketView:
        """The bracket replayed from its results (a bracket format's)."""
        raise NotImplementedError

    def home_url_name(self) -> str:
        """The page a director's action on the tournament's rounds comes back to."""
        return "tournaments:detail"


# Table formats (Scala 40, Ramino) ----------------------------------------------------------------


class TableFormat(TournamentFormat):
    uses_tables = True
    standings_kind = "table"

    def check_game(self, game: str) -> None:
        if game not in TABLE_GAMES:
            raise TournamentActionError(
                _(
                    "Table tournaments are played at Scala 40 or Ramino: choose one of their "
                    "presets."
                ),
                field="preset",
            )

    def checked_tie_breaks(self, tie_breaks: Any) -> list[str]:
        return [str(tie_break) for tie_break in table_standings.check_tie_breaks(tie_breaks)]

    def check_placement_points(self, scale: Any) -> None:
        scale = scale or {}
        if not isinstance(scale, dict):
            raise TournamentActionError(
                _("Placement points are lists of points by table size."), field="placement_points"
            )
        PlacementScale.of({int(size): points for size, points in scale.items()})

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        """Who plays round `number` (`previous`: the last round, closed)."""
        raise NotImplementedError

    def _ranked(self, tournament: Tournament, players: list[Entry], number: int) -> dict[int, int]:
        if number == 1:
            return {entry.pk: entry.seed for entry in players}
        standings = selectors.table_standings(tournament)
        order = {row.entry_id: row.place for row in standings.rows}
        # a late arrival has no standing yet: ranked after everyone, by seed
        return {entry.pk: order.get(entry.pk, len(order) + entry.seed) for entry in players}

    def standings(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> selectors.TableStandings:
        return selectors.table_standings(tournament, view)

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        return selectors.final_ranking(tournament, view, by_round_reached=self.ranks_by_round)

    ranks_by_round = False

    def check_finished(self, tournament: Tournament) -> None:
        last = close_previous(tournament)
        if last is not None:
            self.check_last_round(tournament, last)

    def check_last_round(self, tournament: Tournament, last: Round) -> None:
        """Refuse to finish while `last` (closed) is not the tournament's last round."""
        raise NotImplementedError

    def cut_ties(self, tournament: Tournament, view: selectors.TournamentView) -> list:
        """Players tied across the cut of the last round (the console asks for a play-off)."""
        return []


class RoundsFormat(TableFormat):
    value = Format.ROUNDS
    takes_late_arrivals = True
    late_check_in_waits = True

    def checked_cut(self, clean: dict[str, Any]) -> None:
        super().checked_cut(clean)
        if clean["final_table_size"]:
            try:
                knockout.check_final_size(clean["final_table_size"])
            except TournamentError as error:
                field = "final_table_size" if error.field == "final_size" else error.field
                raise TournamentActionError(error.translated(gettext), field=field) from error

    def check_settings(self, clean: dict[str, Any]) -> None:
        if clean["rounds_planned"] < 1:
            raise TournamentActionError(
                _("Play at least one qualifying round."), field="rounds_planned"
            )

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        return (
            not tournament.final_table_size
            and round is not None
            and round.number >= tournament.rounds_planned
        )

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        if number > tournament.rounds_planned:
            if not tournament.final_table_size:
                raise TournamentActionError(
                    _("Every round has been played: finish the tournament."), field="round"
                )
            standings = selectors.table_standings(tournament)
            active = set(
                tournament.entries.filter(status=EntryStatus.CHECKED_IN).values_list(
                    "pk", flat=True
                )
            )
            finalists = [row.entry_id for row in standings.rows if row.entry_id in active]
            return SeatingPlan(finalists=tuple(finalists[: tournament.final_table_size]))
        players = present_entries(tournament, number)
        return SeatingPlan(
            RoundKind.QUALIFYING, tuple(players), self._ranked(tournament, players, number)
        )

    def check_last_round(self, tournament: Tournament, last: Round) -> None:
        planned = tournament.rounds_planned + (1 if tournament.final_table_size else 0)
        if last.number < planned:
            raise TournamentActionError(
                _("Rounds played so far: %(count)s of %(planned)s.")
                % {"count": last.number, "planned": planned},
                field="round",
            )


class KnockoutFormat(TableFormat):
    value = Format.KNOCKOUT
    ranks_by_round = True

    def checked_cut(self, clean: dict[str, Any]) -> None:
        try:
            knockout.check_cut(clean.get("advance"), clean.get("drop"))
            final = clean.get("final_table_size") or clean["table_size_max"]
            clean["final_table_size"] = knockout.check_final_size(final)
        except TournamentError as error:
            field = "final_table_size" if error.field == "final_size" else error.field
            raise TournamentActionError(error.translated(gettext), field=field) from error

    def plan_round(
        self, tournament: Tournament, previous: Round | None, number: int
    ) -> SeatingPlan:
        if previous is None:
            players = present_entries(tournament, number)
            if knockout.fits_final_table(len(players), final_size=tournament.final_table_size):
                by_seed = sorted(players, key=lambda entry: entry.seed)
                return SeatingPlan(finalists=tuple(entry.pk for entry in by_seed))
            return SeatingPlan(
                RoundKind.KNOCKOUT, tuple(players), self._ranked(tournament, players, number)
            )
        through = selectors.knockout_advancement(tournament, previous)
        if not through.settled:
            tie = through.ties[0]
            names = dict(tournament.entries.values_list("pk", "player__name"))
            raise TournamentActionError(
                _(
                    "At table %(table)s, %(players)s are tied across the cut: enter the "
                    "play-off places first."
                )
                % {
                    "table": tie.table,
                    "players": ", ".join(names[player] for player in tie.players),
                },
                field="playoff",
            )
        dropped = set(
            tournament.entries.filter(status=EntryStatus.DROPPED).values_list("pk", flat=True)
        )
        going_on = [entry_id for entry_id in through.advancing if entry_id not in dropped]
        standings = selectors.table_standings(tournament)
        if knockout.fits_final_table(len(going_on), final_size=tournament.final_table_size):
            # the finalists in standings order, as in the rounds format: the leader deals first
            listed = [row.entry_id for row in standings.rows]
            return SeatingPlan(finalists=tuple(sorted(going_on, key=listed.index)))
        order = {row.entry_id: row.place for row in standings.rows}
        ranks = {entry_id: order.get(entry_id, len(order) + 1) for entry_id in going_on}
        players = tuple(Entry.objects.filter(pk__in=going_on).select_related("player"))
        return SeatingPlan(RoundKind.KNOCKOUT, players, ranks)

    def check_last_round(self, tournament: Tournament, last: Round) -> None:
        if last.kind != RoundKind.FINAL:
            raise TournamentActionError(
                _("The knockout is not over: seat the next round."), field="round"
            )

    def cut_ties(self, tournament: Tournament, view: selectors.TournamentView) -> list:
        current = view.current_round
        if current is None or not current.complete:
            return []
        round = current.round
        if round.kind == RoundKind.FINAL or round.status != RoundStatus.RUNNING:
            return []
        advancement = selectors.knockout_advancement(tournament, round, view)
        return [
            {
                "table": current.tables[tie.table - 1].table,
                "seats": tie.seats,
                "players": [view.entries[player] for player in tie.players],
            }
            for tie in advancement.ties
        ]


# Gin formats -------------------------------------------------------------------------------------


class GinFormat(TournamentFormat):
    default_settings = {"tie_breaks": list(GIN_TIE_BREAKS), "confirm_results": False}

    def check_game(self, game: str) -> None:
        if game != Game.GIN:
            raise TournamentActionError(
                _("Brackets, round robin and Swiss are for Gin Rummy: choose a Gin preset."),
                field="preset",
            )

    def checked_tie_breaks(self, tie_breaks: Any) -> list[str]:
        return [str(tie_break) for tie_break in pairing_standings.check_tie_breaks(tie_breaks)]

    def standings(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> pairing_selectors.GinStandings:
        raise NotImplementedError


class BracketFormat(GinFormat):
    is_bracket = True
    resumes_last_round_on_reopen = False  # a bracket's round follows its results
    standings_kind = "bracket"

    def home_url_name(self) -> str:
        return "tournaments:bracket"

    def replay(
        self, tournament: Tournament, players: list[int], results: Iterable[brackets.Result]
    ) -> brackets.Bracket:
        raise NotImplementedError

    def bracket_of(self, tournament: Tournament) -> pairing_selectors.BracketView:
        return pairing_selectors.bracket_of(tournament, self.replay)

    def standings(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> pairing_selectors.GinStandings:
        return pairing_selectors.bracket_standings_of(tournament, self.replay)

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        return pairing_selectors.bracket_ranking(tournament, self.replay)

    def check_finished(self, tournament: Tournament) -> None:
        locked_bracket(tournament)  # a hand being recorded now is seen, or waits for the end
        view = self.bracket_of(tournament)
        if view.bracket is None or not view.bracket.finished:
            raise TournamentActionError(
                _("The bracket is not over: every match needs a result."), field="round"
            )


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
        return "tournaments:pairings"

    def next_pairings(
        self,
        tournament: Tournament,
        rounds: list[pairing_selectors.PairingRound],
        number: int,
        dropped: set[int],
    ) -> tuple[EngineRound, list[int]]:
        """The pairings of round `number` after `rounds`, and the players whose opponent had
        dropped (they have a bye)."""
        raise NotImplementedError

    def standings(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> pairing_selectors.GinStandings:
        return pairing_selectors.pairing_standings_of(tournament)

    def final_ranking(
        self, tournament: Tournament, view: selectors.TournamentView | None = None
    ) -> list[selectors.RankingRow]:
        return pairing_selectors.pairing_ranking(tournament)

    def check_finished(self, tournament: Tournament) -> None:
        rounds = pairing_selectors.pairing_rounds(tournament)
        complete = bool(rounds) and rounds[-1].complete
        planned = self.planned_rounds(tournament, rounds[0].round if rounds else None)
        if not complete or len(rounds) < planned:
            raise TournamentActionError(
                _("Rounds played so far: %(count)s of %(planned)s.")
                % {"count": sum(1 for r in rounds if r.complete), "planned": planned},
                field="round",
            )
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
        count = len(pairing_selectors.draw_players(round_one)) if round_one is not None else 0
        per_cycle = count - 1 if count % 2 == 0 else count
        return per_cycle * tournament.cycles

    def next_pairings(self, tournament, rounds, number, dropped) -> tuple[EngineRound, list[int]]:
        players = pairing_selectors.draw_players(rounds[0].round)
        scheduled = round_robin(players, cycles=tournament.cycles)[number - 1]
        pairings = []
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
        count = len(pairing_selectors.draw_players(round_one)) if round_one is not None else 0
        return default_rounds(max(count, 2))

    def next_pairings(self, tournament, rounds, number, dropped) -> tuple[EngineRound, list[int]]:
        standings = pairing_selectors.pairing_standings_of(tournament)
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


# The registry ------------------------------------------------------------------------------------

FORMAT_CLASSES: dict[str, type[TournamentFormat]] = {
    Format.ROUNDS: RoundsFormat,
    Format.KNOCKOUT: KnockoutFormat,
    Format.SINGLE_ELIMINATION: SingleEliminationFormat,
    Format.DOUBLE_ELIMINATION: DoubleEliminationFormat,
    Format.ROUND_ROBIN: RoundRobinFormat,
    Format.SWISS: SwissFormat,
}
FORMATS: dict[str, TournamentFormat] = {value: cls() for value, cls in FORMAT_CLASSES.items()}
DEFAULT_FORMAT = Format.ROUNDS  # the creation form's first choice


def format_named(value: str) -> TournamentFormat:
    """The format of a `Tournament.format` value; `TournamentActionError` on "format" for a
    value that is none."""
    if value not in FORMATS:
        raise TournamentActionError(
            _("%(value)s is not a format; choose among: %(choices)s.")
            % {"value": value, "choices": ", ".join(Format.values)},
            field="format",
        )
    return FORMATS[value]


def format_of(tournament: Tournament) -> TournamentFormat:
    """The format class of `tournament` (the registry's answer to "which format is this?")."""
    return FORMATS[tournament.format]


def is_gin_format(value: Any) -> bool:
    """Whether a (possibly invalid) format value names a Gin format (the form unfolds the Gin
    settings for it)."""
    return value in FORMATS and isinstance(FORMATS[value], GinFormat)
