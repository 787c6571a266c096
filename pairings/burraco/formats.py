"""The Burraco formats of the registry (`tournaments.formats`; BURRACO.md section 2-4): pairs
(Mitchell, danese, all'italiana, one movement per turno), individual events (the partner
changes every turno) and teams (a team match at two tables, danese or all'italiana).
`PairingsConfig.ready()` registers them. A turno is seated by the director
(`pairings.burraco.services.turno_seat`), once the last one is decided: the format says whether
its turni are team matches on a team VP table (`team_matches`), what the turno's report keeps
besides the engine's seating (`seated`) and who sits at each table (`table_seats`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from pairings import presenters as words
from pairings.burraco import team_seating
from pairings.burraco.selectors import (
    BurracoFacts,
    BurracoStandings,
    burraco_facts,
    burraco_standings,
)
from pairings.burraco.team_seating import TableSeats
from pairings.engine.burraco import standings as engine_standings
from pairings.engine.burraco.danese import Variant
from pairings.engine.burraco.movements import Grouping
from pairings.engine.burraco.vp_tables import STEP
from pairings.engine.errors import TournamentError
from pairings.models import TeamMember
from scoring.engine.rules import OptionValue
from scoring.games import game_named
from tournaments.errors import TournamentActionError
from tournaments.formats import Payees, TournamentFormat, format_of
from tournaments.locking import locked
from tournaments.models import Format, Round, RoundKind, RoundStatus, Tournament
from tournaments.selectors import RankingRow, TournamentView
from tournaments.settings_table import BY_NAME

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from pairings.engine.burraco.movements import TurnoSeating

MOVEMENTS = tuple(key for key, _label in BY_NAME["movements"].choices)
TEAM_MOVEMENTS = ("danese", "italiana")
MAX_TURNI = 20


class BurracoFormat(TournamentFormat):
    """A Burraco tournament: turni of `hands_per_turno` hands at tables of two lines, each
    turno's difference made victory points by the turno's VP table."""

    standings_kind = "burraco"
    team_matches = False  # each engine table a team match at two tables, on a team VP table
    console_template = "pairings/burraco/_console.html"
    standings_url_name = "pairings:burraco-standings"
    # the standings are the common `api-tournament-standings` (kind "burraco"); the turni's own
    api_links: tuple[str, ...] = ("turni",)
    # BURRACO.md section 5 (Fedibur's vademecum): the one place of these words.
    prize_notice = _(
        "Card games with cash prizes are forbidden in Italy except in championships run by "
        "sports associations under set procedures and tax limits (Fedibur). Tallone records "
        "prizes and does not judge their legality."
    )

    def check_game(self, game: str) -> None:
        if not game_named(game).plays_in_teams:
            raise TournamentActionError(
                _("Burraco tournaments are played at Burraco: choose a Burraco preset."),
                field="preset",
            )

    fixed_rule_options = ("players", "target", "target_tie", "hands_per_turno")
    console_anchor = "turno"
    console_messages = "inline-burraco-turno"

    def rule_options(self, settings: dict[str, Any]) -> dict[str, OptionValue]:
        """A turno has no target: it ends after its hands, four players at a table."""
        return {"players": 4, "target": None, "hands_per_turno": settings["hands_per_turno"]}

    def tie_break_choices(self) -> list[tuple[str, str]]:
        return [(str(key), words.burraco_tie_break_label(key)) for key in engine_standings.TieBreak]

    def default_tie_breaks(self) -> list[str]:
        return [str(key) for key in engine_standings.DEFAULT_TIE_BREAKS]

    def checked_tie_breaks(self, tie_breaks: Iterable[str]) -> list[str]:
        try:
            return [str(key) for key in engine_standings.check_tie_breaks(tie_breaks)]
        except TournamentError as error:
            raise TournamentActionError.from_engine(error) from error

    def check_settings(self, clean: dict[str, Any]) -> None:
        if clean.get("danese") not in {str(variant) for variant in Variant}:
            raise TournamentActionError(_("The danese is modificato or puro."), field="danese")
        if clean.get("grouping") not in {str(grouping) for grouping in Grouping}:
            raise TournamentActionError(
                _("Choose how the four of a group are paired."), field="grouping"
            )
        for name in ("bye_mp", "rest_mp"):
            if clean.get(name) is not None and clean[name] % STEP:
                raise TournamentActionError(
                    _("Match points are in steps of 5 (given: %(value)s).")
                    % {"value": clean[name]},
                    field=name,
                )

    def time_call_ends_matches(self) -> bool:
        """A Burraco time call does not end the matches: the hand in progress is entered as
        ended by time, and it ends the turno (BURRACO.md section 2)."""
        return False

    def call_time_question(self, number: int) -> str:
        """A Burraco round is a turno."""
        return str(_("Call time at every table of turno %(number)s?") % {"number": number})

    def planned_turni(self, tournament: Tournament) -> int:
        raise NotImplementedError

    def movement(self, tournament: Tournament, number: int) -> str:
        raise NotImplementedError

    def seated(self, facts: BurracoFacts, turno_seating: TurnoSeating) -> dict[str, Any]:
        """What a turno's report keeps besides its engine seating (refused: not seated)."""
        return {}

    def table_seats(self, facts: BurracoFacts, turno_seating: TurnoSeating) -> TableSeats:
        """Who sits at each table: a line's members, NS then EO."""
        return [
            (
                table.table,
                [entry for line in table.ns for entry in facts.members(line)],
                [entry for line in table.eo for entry in facts.members(line)],
            )
            for table in turno_seating.tables
        ]

    def turni_seated(self, tournament: Tournament) -> int:
        return tournament.rounds.filter(kind=RoundKind.TURNO).count()

    def all_rounds_played(self, tournament: Tournament, round: Round | None) -> bool:
        return self.turni_seated(tournament) >= self.planned_turni(tournament)

    def finish_refusal(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> TournamentActionError | None:
        """Over once every turno is seated and every table of the last one is decided."""
        facts = burraco_facts(tournament)
        planned = self.planned_turni(tournament)
        complete = [turno for turno in facts.turni if turno.complete]
        if len(facts.turni) < planned or len(complete) < len(facts.turni):
            return TournamentActionError(
                _("Turni played so far: %(count)s of %(planned)s.")
                % {"count": len(complete), "planned": planned},
                field="round",
            )
        return None

    def check_finished(self, tournament: Tournament) -> None:
        locked(tournament)
        refusal = self.finish_refusal(tournament)
        if refusal is not None:
            raise refusal
        Round.objects.filter(tournament=tournament, status=RoundStatus.RUNNING).update(
            status=RoundStatus.FINISHED
        )

    def standings(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> BurracoStandings:
        return burraco_standings(tournament)

    def final_ranking(
        self, tournament: Tournament, view: TournamentView | None = None
    ) -> list[RankingRow]:
        """A row per line by place: a pair (a team) is ranked by its first player's entry (a
        prize is the pair's, the team's), a player of an individual event by his own."""
        standings = burraco_standings(tournament)
        facts = standings.facts
        return [RankingRow(row.place, facts.members(row.entry)[0], "") for row in standings.rows]


def check_movements(movements: object, allowed: tuple[str, ...], refusal: StrOrPromise) -> None:
    """One movement per turno, each among `allowed`, 20 turni at most."""
    if (
        not isinstance(movements, list)
        or not movements
        or any(movement not in allowed for movement in movements)
    ):
        raise TournamentActionError(refusal, field="movements")
    if len(movements) > MAX_TURNI:
        raise TournamentActionError(
            _("A Burraco tournament has at most 20 turni."), field="movements"
        )


class BurracoPairsFormat(BurracoFormat):
    value = Format.BURRACO_PAIRS
    competitor = "pair"

    def payees(
        self, tournament: Tournament, view: TournamentView, paying: Collection[int]
    ) -> Payees:
        """A pair is one competitor: places are paid to the pairs with a paying player (each
        player's fee goes to the pot), each prize to the pair under both names ("Anna Rossi /
        Bruno Bianchi"), by its first player's entry as `final_ranking` ranks it."""
        pairs = list(tournament.pairs.values_list("first_id", "second_id"))
        return Payees(
            count=sum(1 for first, second in pairs if first in paying or second in paying),
            names={first: f"{view.name(first)} / {view.name(second)}" for first, second in pairs},
            column=_("Pair"),
            heading=_("Payouts by pair"),
        )

    api_links = (*BurracoFormat.api_links, "pairs")

    def check_settings(self, clean: dict[str, Any]) -> None:
        super().check_settings(clean)
        check_movements(
            clean.get("movements"),
            MOVEMENTS,
            _("List one movement per turno: mitchell, danese or italiana."),
        )

    def planned_turni(self, tournament: Tournament) -> int:
        return len(tournament.movements)

    def movement(self, tournament: Tournament, number: int) -> str:
        return str(tournament.movements[number - 1])


class BurracoIndividualFormat(BurracoFormat):
    value = Format.BURRACO_INDIVIDUAL
    lines = "players"

    def planned_turni(self, tournament: Tournament) -> int:
        return tournament.rounds_planned or 1

    def movement(self, tournament: Tournament, number: int) -> str:
        return "individual"


class BurracoTeamsFormat(BurracoFormat):
    """Teams of 4 or more players (BURRACO.md section 3): before each turno a team names its
    two pairs; the engine seats teams (danese or all'italiana, a Mitchell does not fit team
    matches), and each of its tables is a team match at two tables, scored through the club's
    team VP table (`pairings.burraco.teams`)."""

    value = Format.BURRACO_TEAMS
    competitor = "team"
    team_matches = True

    def check_settings(self, clean: dict[str, Any]) -> None:
        super().check_settings(clean)
        check_movements(
            clean.get("movements"),
            TEAM_MOVEMENTS,
            _("List one movement per turno: danese or italiana (teams play no Mitchell)."),
        )

    def planned_turni(self, tournament: Tournament) -> int:
        return len(tournament.movements)

    def movement(self, tournament: Tournament, number: int) -> str:
        return str(tournament.movements[number - 1])

    def seated(self, facts: BurracoFacts, turno_seating: TurnoSeating) -> dict[str, Any]:
        return team_seating.team_turno_seated(facts, turno_seating)

    def table_seats(self, facts: BurracoFacts, turno_seating: TurnoSeating) -> TableSeats:
        return team_seating.team_table_seats(facts, turno_seating)

    def payees(
        self, tournament: Tournament, view: TournamentView, paying: Collection[int]
    ) -> Payees:
        """A team is one competitor: places are paid to the teams with a paying player, each
        prize to the team under its name, by its first player's entry as `final_ranking`
        ranks it."""
        first: dict[int, int] = {}
        names: dict[int, str] = {}
        paid: set[int] = set()
        for team, entry, name in TeamMember.objects.filter(team__tournament=tournament).values_list(
            "team_id", "entry_id", "team__name"
        ):
            names.setdefault(first.setdefault(team, entry), name)
            if entry in paying:
                paid.add(team)
        return Payees(count=len(paid), names=names, column=_("Team"), heading=_("Payouts by team"))


BURRACO_FORMATS = (BurracoPairsFormat, BurracoIndividualFormat, BurracoTeamsFormat)


def burraco_format_of(tournament: Tournament) -> BurracoFormat:
    """The tournament's format, a Burraco one; refused on "format" for the others."""
    kind = format_of(tournament)
    if not isinstance(kind, BurracoFormat):
        raise TournamentActionError(_("This is not a Burraco tournament."), field="format")
    return kind
